"""Settings persist and survive damage; every message key the UI uses is in the catalogue."""

from __future__ import annotations

import json
import re
from pathlib import Path

from weather_tabletop import i18n, paths, settings
from weather_tabletop.settings import Settings

UI = Path(settings.__file__).parent / "ui"


def test_settings_persist_across_reload():
    new = Settings(ui_scale=1.25, animation_speed="slow", colour_blind=True, language="en")
    settings.save(new)
    assert paths.settings_file().exists()
    loaded, message = settings.load()
    assert loaded == new and message is None
    assert not list(paths.settings_file().parent.glob(".settings-*"))  # no temp file left


def test_missing_file_gives_defaults():
    assert settings.load() == (Settings(), None)


def test_damaged_file_falls_back_to_defaults():
    paths.ensure(paths.config_dir())
    paths.settings_file().write_text("{not json", encoding="utf-8")
    loaded, message = settings.load()
    assert loaded == Settings() and "damaged" in message


def test_bad_values_are_reset_one_by_one():
    paths.ensure(paths.config_dir())
    paths.settings_file().write_text(json.dumps({"ui_scale": 7, "colour_blind": True}), encoding="utf-8")
    loaded, message = settings.load()
    assert loaded.colour_blind is True and loaded.ui_scale == Settings().ui_scale
    assert "ui_scale" in message


def test_app_saves_settings_and_a_new_app_reads_them(app):
    from weather_tabletop.ui.app import App
    from weather_tabletop.ui.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    app.top.change(Settings(ui_scale=1.5, animation_speed="fast", colour_blind=True))
    assert app.scale == 1.5
    again = App((1280, 720))
    assert again.settings.ui_scale == 1.5 and again.settings.colour_blind is True


def test_damaged_settings_start_the_app_with_a_notice():
    from weather_tabletop.ui.app import App

    paths.ensure(paths.config_dir())
    paths.settings_file().write_text("\x00\x01garbage", encoding="utf-8")
    app = App((1280, 720))
    assert app.settings == Settings()
    assert app.notices and "damaged" in app.notices[0]


def test_every_key_used_by_the_ui_is_in_english():
    english = json.loads((Path(i18n.__file__).parent / "locale" / "en.json").read_text("utf-8"))
    used = set()
    for source in UI.rglob("*.py"):
        used |= set(re.findall(r"""tr\(["']([a-z_]+\.[a-z_0-9]+)["']""", source.read_text("utf-8")))
    assert used, "no keys found"
    assert sorted(used - set(english)) == []


def test_tr_formats_and_falls_back():
    assert i18n.tr("table.turn_of", name="Ada") == "Ada's turn"
    assert i18n.tr("Some sentence from a game.") == "Some sentence from a game."
    assert i18n.tr("log.undo", name="Ada") == "Ada takes back: {what}"
    assert i18n.set_language("xx") == "en"
    assert "en" in i18n.languages()
