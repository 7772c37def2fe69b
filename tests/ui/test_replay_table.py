"""Replay at the table (issues 21, 27): any saved game is stepped through with the timeline; the
table shows the position's state; nothing is played and the file is never written; an unfinished
game's last position offers "Continue from here"; a demo ("Watch a demo") opens in the replay,
playing from its start, steppable, with Review, and is never written nor continued."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.support.play import config, random_step
from tests.support.tally import GAME
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.storage import SavedGame

SAVES = Path(__file__).resolve().parents[2] / "saves"


def key(app, k, mod=0):
    app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.tick(0.02)


@pytest.mark.parametrize("name", ["meteo-demo-2p.wtsave", "weather-machine-demo-3p.wtsave",
                                  "mtts-solo-demo.wtsave"])
def test_a_demo_is_stepped_through_and_never_written(app, name):
    from weather_tabletop.ui.scenes.table import TableScene, open_replay

    path = SAVES / name
    data = path.read_bytes()
    assert open_replay(app, path) is None
    scene = app.top
    assert isinstance(scene, TableScene) and scene.timeline is not None
    replay, session = scene.session.replay, scene.session
    app.tick(0.02)
    assert session.position == replay.last and session.match.state == replay.final
    key(app, pygame.K_HOME)
    assert session.position == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert session.position == 2 and session.match.state == replay.state_at(2)
    key(app, pygame.K_PAGEDOWN)
    assert session.position == replay.next_round(2)
    app.tick(0.02)
    assert not getattr(scene.view, "steps", None)  # a jump shows the position, no replayed steps
    key(app, pygame.K_LEFT)
    assert session.position == replay.next_round(2) - 1
    assert scene.view_state == scene.game.view(replay.state_at(session.position), None)
    assert scene.legal == [] and scene.w["actions"] is not None
    assert scene.banner["turn"].text.startswith("Replay")
    scene.timeline.act("play")
    assert scene.timeline.playing and scene.animating()
    key(app, pygame.K_END)
    assert session.position == replay.last and not scene.timeline.playing
    assert scene.timeline.extra == ""  # a finished game is not continued
    # a finished game is seen by any seat: the table's view, then each seat's (its hand too)
    assert scene.session.viewers() == [None, *range(len(scene.session.config.seats))]
    scene.timeline.act("view")
    app.tick(0.02)
    assert scene.viewer == 0 and scene.view_state == scene.game.view(replay.final, 0)
    for _ in scene.session.config.seats:
        scene.timeline.act("view")
    app.tick(0.02)
    assert scene.viewer is None
    assert path.read_bytes() == data


def test_an_unfinished_game_continues_from_its_last_position(app, tmp_path):
    from weather_tabletop.ui.scenes.table import TableScene, open_replay

    saved = SavedGame.create(GAME, config(GAME, 2, seed=5, pile=100000), tmp_path)
    rng = RandomPlayer(5)
    for _ in range(8):
        random_step(GAME, saved, rng)
    saved.close()
    data = saved.path.read_bytes()
    assert open_replay(app, saved.path) is None
    scene = app.top
    assert scene.timeline.extra  # "Continue from here" at the last position
    assert scene.session.viewers() == [None] and scene.timeline.view_label == ""  # unfinished
    key(app, pygame.K_LEFT)
    assert scene.timeline.extra == ""
    reason = scene.submit(saved.match.legal(saved.match.to_act()[0])[0])
    assert reason and saved.path.read_bytes() == data  # a replay plays nothing
    key(app, pygame.K_END)
    scene.timeline.act("extra")
    table = app.top
    assert isinstance(table, TableScene) and table.session.replay is None
    assert table.session.saved is not None and not table.session.read_only
    table.session.close()


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.wtsave")))
def test_a_demo_opens_in_the_replay_playing_from_its_start_with_review(app, name):
    import time

    from weather_tabletop.ui.scenes.saves import SavesScene
    from weather_tabletop.ui.scenes.table import TableScene

    path = SAVES / name
    data, mtime = path.read_bytes(), path.stat().st_mtime_ns
    beside = sorted(p.name for p in SAVES.iterdir())
    demos = SavesScene(app, demos=True)  # "Watch a demo": its list, then the demo's button
    app.push(demos)
    demos.act("open", [i.path.name for i in demos.infos].index(name))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.recorded
    session, timeline = scene.session, scene.timeline
    assert timeline is not None and session.replay is not None and session.position == 0
    assert timeline.playing and scene.animating()  # it plays from the start by itself
    assert timeline.review_label and "review" in timeline.buttons()
    started = time.monotonic()
    while session.position < 2:
        assert time.monotonic() - started < 10, "the demo did not play on"
        app.tick(0.02)
        time.sleep(0.02)
    key(app, pygame.K_SPACE)  # paused: now stepped by hand
    assert not scene.timeline.playing
    at = session.position
    key(app, pygame.K_RIGHT)
    assert session.position == at + 1 and session.match.state == session.replay.state_at(at + 1)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert session.position == at - 1
    key(app, pygame.K_END)
    assert scene.timeline.extra == "" and not session.can_continue_here  # never continued
    assert scene.submit(session.replay.group_at(1).command) and session.position == \
        session.replay.last  # nothing is played on a demo
    assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in SAVES.iterdir()) == beside
