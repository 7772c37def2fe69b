"""The setting for the hard computer's thinking time per move (issue 7: 2 s by default,
settable): it persists, a bad value falls back to the default, and hard players made after a
change (or after start-up) think for the chosen time."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from weather_tabletop import ai, games, paths, settings
from weather_tabletop.ai import make_player
from weather_tabletop.settings import DEFAULT_THINKING_SECONDS, THINKING_SECONDS, Settings


@pytest.fixture(autouse=True)
def restore_budget():
    yield
    ai.set_budget()


def _write(data) -> None:
    paths.ensure(paths.config_dir())
    paths.settings_file().write_text(json.dumps(data), encoding="utf-8")


def test_default_is_two_seconds_and_offered():
    assert Settings().thinking_seconds == DEFAULT_THINKING_SECONDS == 2.0
    assert DEFAULT_THINKING_SECONDS in THINKING_SECONDS


def test_thinking_time_persists():
    settings.save(Settings(thinking_seconds=5.0, animation_speed="fast"))
    loaded, message = settings.load()
    assert message is None
    assert loaded.thinking_seconds == 5.0 and loaded.animation_speed == "fast"


def test_a_whole_number_in_the_file_is_read_as_seconds():
    _write({"thinking_seconds": 10})
    loaded, message = settings.load()
    assert message is None
    assert loaded.thinking_seconds == 10.0 and isinstance(loaded.thinking_seconds, float)


@pytest.mark.parametrize("bad", [3, 0, -2, 1e308, "2", "fast", True, None, [2], {"s": 2}])
def test_a_bad_thinking_time_falls_back_to_the_default(bad):
    _write({"thinking_seconds": bad, "colour_blind": True})
    loaded, message = settings.load()
    assert loaded.thinking_seconds == DEFAULT_THINKING_SECONDS
    assert loaded.colour_blind is True  # the other settings are kept
    assert "thinking_seconds" in message


def test_nan_in_the_file_falls_back_to_the_default():
    paths.ensure(paths.config_dir())
    paths.settings_file().write_text('{"thinking_seconds": NaN}', encoding="utf-8")
    loaded, message = settings.load()
    assert loaded.thinking_seconds == DEFAULT_THINKING_SECONDS and "thinking_seconds" in message


def test_the_app_applies_the_saved_thinking_time_at_start_up():
    from weather_tabletop.ui.app import App

    meteo = games.get("meteo")
    settings.save(Settings(thinking_seconds=0.5))
    App((1280, 720))
    assert make_player("hard", 0, meteo).seconds == 0.5


def test_a_bad_saved_thinking_time_starts_the_app_with_the_default():
    from weather_tabletop.ui.app import App

    _write({"thinking_seconds": "ten"})
    app = App((1280, 720))
    assert app.settings.thinking_seconds == DEFAULT_THINKING_SECONDS
    assert app.notices and "thinking_seconds" in app.notices[0]
    assert make_player("hard", 0, games.get("meteo")).seconds == DEFAULT_THINKING_SECONDS


def test_choosing_a_thinking_time_in_settings_applies_and_saves_it(app):
    from weather_tabletop.ui.scenes.settings_scene import SettingsScene

    mtts = games.get("machines-to-the-sky")
    meteo = games.get("meteo")
    app.push(SettingsScene(app))
    scene = app.top
    dropdown = next(c for c, key in scene.controls.items() if key == "thinking_seconds")
    assert dropdown.selected_option[1] == str(DEFAULT_THINKING_SECONDS)
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dropdown,
                                    text="5 s", selected_option_id="5.0"))
    assert app.settings.thinking_seconds == 5.0
    assert settings.load()[0].thinking_seconds == 5.0
    # hard seats made after the change think for the chosen time, in every game that has one
    with_hard = [g for g in map(games.get, games.available()) if "hard" in ai.levels(g)]
    assert {meteo, mtts} <= set(with_hard)
    for game in with_hard:
        assert make_player("hard", 0, game).seconds == 5.0, game.id
    # the rebuilt screen shows the choice
    dropdown = next(c for c, key in app.top.controls.items() if key == "thinking_seconds")
    assert dropdown.selected_option[1] == "5.0"
    # an explicit budget still wins over the setting
    assert make_player("hard", 0, meteo, iterations=3).iterations == 3


def test_other_changes_keep_the_thinking_time(app):
    from dataclasses import replace

    from weather_tabletop.ui.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    app.top.change(replace(app.settings, thinking_seconds=1.0))
    app.top.change(replace(app.settings, colour_blind=True))
    assert make_player("hard", 0, games.get("meteo")).seconds == 1.0
    assert settings.load()[0] == app.settings
