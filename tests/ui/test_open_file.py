"""Saved games > "Open a file..." (issue 21): a save from any folder opens as a replay."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

DEMO = Path(__file__).resolve().parents[2] / "saves" / "mtts-solo-demo.wtsave"


def test_a_file_picked_anywhere_opens_its_replay(app):
    from weather_tabletop.ui.scenes.saves import SavesScene
    from weather_tabletop.ui.scenes.table import TableScene

    scene = SavesScene(app)
    app.push(scene)
    app.tick(0.02)
    scene.act("open_file", -1)
    app.tick(0.02)
    assert scene.dialog is not None and scene.dialog.alive()
    scene.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(DEMO),
                                    ui_element=scene.dialog))
    app.tick(0.02)
    assert isinstance(app.top, TableScene) and app.top.session.replay_path == DEMO


def test_an_unfinished_game_in_the_list_has_replay_and_open(app):
    """Issue 21: any game of the list is looked back on, finished or not: an unfinished game's
    row has Replay (the timeline from its start, read-only, the file unchanged) beside Open."""
    from tests.support.play import config, random_step
    from weather_tabletop import games, paths
    from weather_tabletop.ai import RandomPlayer
    from weather_tabletop.engine.storage import SavedGame
    from weather_tabletop.ui.scenes.saves import SavesScene
    from weather_tabletop.ui.scenes.table import TableScene

    game = games.get("meteo")
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    saved = SavedGame.create(game, config(game, 2, seed=4), folder)
    rng = RandomPlayer(4)
    for _ in range(20):
        random_step(game, saved, rng)
    saved.close()
    data = saved.path.read_bytes()
    scene = SavesScene(app)
    app.push(scene)
    app.tick(0.02)
    index = next(i for i, info in enumerate(scene.infos) if info.path == saved.path)
    kinds = {kind for kind, at in scene.actions.values() if at == index}
    assert {"replay", "open"} <= kinds
    scene.act("replay", index)
    app.tick(0.02)
    table = app.top
    assert isinstance(table, TableScene) and table.session.replay is not None
    assert table.session.read_only
    assert saved.path.read_bytes() == data
