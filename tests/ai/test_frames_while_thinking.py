"""Issue 7: while a computer seat thinks under its time budget, the table keeps drawing frames
(the search runs in the Thinker's thread; the frame loop only polls it)."""

from __future__ import annotations

import time

import pytest

from tests.ui.helpers import open_table
from weather_tabletop import ai, games
from weather_tabletop.engine.protocol import GameConfig, SeatConfig, default_colours


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_frames_keep_coming_while_a_hard_seat_thinks(app, game_id):
    game = games.get(game_id)
    ai.set_budget(seconds=0.6)
    try:
        colours = default_colours(game, 2)
        config = GameConfig(game_id, (SeatConfig("Bot", colours[0], "computer", "hard"),
                                      SeatConfig("Cog", colours[1], "computer", "hard")), (), 7)
        scene = open_table(app, game, config)
        start_version = scene.session.match.version
        frames_while_thinking, deadline = 0, time.monotonic() + 60
        # until the computers have moved and one of them thought across frames (a forced move
        # is made at once, so the first move may not think at all)
        while time.monotonic() < deadline and not (
                frames_while_thinking >= 5 and scene.session.match.version > start_version):
            app.tick(1 / 60)
            if scene.computers.thinking:
                frames_while_thinking += 1
        assert scene.session.match.version > start_version, "the computer seats never moved"
        assert frames_while_thinking >= 5, "the frame loop waited for the computer"
    finally:
        ai.set_budget()
