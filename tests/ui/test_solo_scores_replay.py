"""Issue 20, played in the window: a finished Weather Machine solo game opened as a replay
(``weather-tabletop open FILE``, or Saved games' Replay) and its **Scores** button: the score
screen read the whole game's moves (the CP by category), which the replay's match did not have
("this match was restored without its history": the table closed with a crash report). The
replay's match reads its moves from the replay; the score screen shows the Target Value and the
ladder, and the timeline reaches the Saboteurs' page on their turns."""

from __future__ import annotations

import random

import pytest

from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.weather_machine.rules import GAME


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A solo game played to its end by random legal moves, saved in a file."""
    folder = tmp_path_factory.mktemp("solo")
    config = GameConfig(GAME.id, (SeatConfig("Ada", "red"),), (("challenges", "cards:2+3"),), 5)
    saved = SavedGame.create(GAME, config, folder)
    match, rng = saved.match, random.Random(5)
    while not match.is_over():
        seat = match.to_act()[0]
        saved.submit(rng.choice(match.legal(seat)))
    path = saved.path
    saved.close()
    return path


def test_the_scores_of_a_solo_replay_open(app, finished):
    from weather_tabletop.ui.scenes.scores import ScoresScene
    from weather_tabletop.ui.scenes.table import TableScene, open_replay

    assert open_replay(app, finished) is None
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.replay is not None
    app.tick(0.02)
    scene.open_scores()
    scores = app.top
    assert isinstance(scores, ScoresScene)
    app.tick(0.02)
    app.render(app.window)
    # the solo side panel (the Target Value against your CP, the ladder) and the notes
    assert scores.panel is not None and scores.notes


def test_the_replay_timeline_shows_the_saboteurs_page_on_their_turns(app, finished):
    from weather_tabletop.games.weather_machine.view_solo import PAGE
    from weather_tabletop.ui.scenes.table import open_replay

    assert open_replay(app, finished) is None
    scene = app.top
    session, replay = scene.session, scene.session.replay
    pages = set()
    for k in range(1, min(replay.last, 60)):
        session.seek(k)
        scene.view.forget_steps()
        before = replay.state_at(k - 1)
        scene.view.draw(app.window, scene.game.view(before, None), None)
        scene.view.draw(app.window, scene.game.view(replay.state_at(k), None), None)
        pages.add(scene.view.shown)
    assert PAGE in pages and 0 in pages
