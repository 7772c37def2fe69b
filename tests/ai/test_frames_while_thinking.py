"""Issue 7: while a computer seat thinks under its time budget, the table keeps drawing frames
(the search runs in the Thinker's thread; the frame loop only polls it)."""

from __future__ import annotations

import time

from tests.ui.helpers import open_table
from weather_tabletop import ai, games
from weather_tabletop.engine.protocol import GameConfig, SeatConfig


def test_frames_keep_coming_while_a_hard_seat_thinks(app):
    game = games.get("meteo")
    ai.set_budget(seconds=0.6)
    try:
        config = GameConfig("meteo", (SeatConfig("Bot", "red", "computer", "hard"),
                                      SeatConfig("Ada", "yellow")), (), 7)
        scene = open_table(app, game, config)
        start_version = scene.session.match.version
        frames_while_thinking, deadline = 0, time.monotonic() + 30
        while scene.session.match.version == start_version and time.monotonic() < deadline:
            app.tick(1 / 60)
            if scene.computers.thinking:
                frames_while_thinking += 1
        assert scene.session.match.version > start_version, "the computer seat never moved"
        assert frames_while_thinking >= 5, "the frame loop waited for the computer"
    finally:
        ai.set_budget()
