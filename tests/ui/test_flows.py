"""Whole flows through the scenes: setup creates an autosaved game, the menu continues it, the
saved-games list renames and deletes, and an error in the loop is logged, not fatal."""

from __future__ import annotations

import pygame
import pygame_gui

from tests.support import tally
from tests.ui.helpers import config, post
from weather_tabletop import paths
from weather_tabletop.ui.scenes.menu import MenuScene
from weather_tabletop.ui.scenes.saves import SavesScene
from weather_tabletop.ui.scenes.setup import SetupScene
from weather_tabletop.ui.scenes.table import TableScene
from weather_tabletop.ui.session import Session


def press(app, button) -> None:
    post(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                 ui_object_id=button.most_specific_combined_id))


def test_setup_starts_an_autosaved_game_and_menu_continues_it(app):
    app.home()
    press(app, app.top.buttons["new"])
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.game_id = "tally"
    setup.choose_game("tally")
    setup.seats[1]["kind"] = "person"
    setup.start()
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.path is not None and table.session.path.exists()
    table.submit(tally.Take(0, 2))
    table.leave()
    assert isinstance(app.top, MenuScene)
    assert app.top.buttons["continue"].is_enabled
    app.top.choose("continue")
    again = app.top
    assert isinstance(again, TableScene)
    assert again.session.match.state.tokens[0] == 2


def test_same_colour_is_refused(app):
    app.push(SetupScene(app, "tally"))
    setup = app.top
    setup.seats[1]["color"] = setup.seats[0]["color"]
    setup.start()
    assert app.top is setup and setup.message == "Each seat needs its own colour."


def test_saved_games_rename_and_delete(app):
    for seed in (1, 2):
        Session.new_saved(tally.GAME, config("person", "person", seed=seed)).close()
    app.push(SavesScene(app))
    scene = app.top
    assert len(scene.infos) == 2
    scene.act("rename", 0)
    scene.rename_entry.set_text("Sunday game")
    scene.act("rename_ok", 0)
    assert "Sunday game" in [i.name for i in scene.infos]
    assert (paths.saves_dir() / "Sunday game.wtsave").exists() or any(
        p.stem == "Sunday game" for p in paths.saves_dir().iterdir())
    scene.act("delete", 0)
    scene.act("delete_ok", 0)
    assert len(scene.infos) == 1


def test_error_in_the_loop_is_logged_and_the_menu_returns(app):
    class Broken(MenuScene):
        def update(self, dt: float) -> None:
            raise RuntimeError("boom")

    app.home()
    app.push(Broken(app))
    app._last_crash = -100.0
    original = app.tick
    calls = []

    def once(dt=None):
        calls.append(1)
        if len(calls) > 1:
            app.running = False
            return
        original(1 / 60)

    app.tick = once
    app.loop()
    logs = list(paths.log_dir().glob("crash-*.log"))
    assert logs and "boom" in logs[0].read_text()
    assert isinstance(app.top, MenuScene) and not isinstance(app.top, Broken)
    assert any("saved" in n for n in app.notices)
