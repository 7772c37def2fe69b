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
