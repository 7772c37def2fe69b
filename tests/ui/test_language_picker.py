"""The language picker shows every language's name in its own script: each entry, open and
closed, is drawn with a font that has its glyphs (issue 27: 繁體中文 was four boxes in English)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from weather_tabletop import i18n
from weather_tabletop.settings import Settings
from weather_tabletop.ui import screenshot, theme, widgets


#: a code point no font of the app has: drawn as the font's "notdef" box
_NO_GLYPH = "\U000F0001"


def _missing(font, text: str) -> list[str]:
    """The characters of ``text`` that ``font`` (a pygame_gui font) draws as its notdef box
    (pygame.font measures a missing glyph as that box rather than saying None)."""
    def picture(ch: str) -> tuple:
        surf = font.render_premul(ch, pygame.Color("black"))
        return font.get_metrics(ch)[0], surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    box = picture(_NO_GLYPH)
    return [ch for ch in text if not ch.isspace() and picture(ch) == box]


def _settings_app(language: str):
    app = screenshot.build_app("settings", (1280, 720), None, None, 1, 0, {},
                               Settings(language=language))
    app.manager.update(0.05)
    return app


@pytest.mark.parametrize("interface", ["en", "zh-TW"])
def test_every_language_name_is_drawn_in_a_font_with_its_glyphs(interface):
    app = _settings_app(interface)
    try:
        screenshot.open_list(app, "language")
        menu = screenshot.list_names(app.top)["language"]
        items = menu.current_state.options_selection_list.item_list
        names = set(i18n.languages().values())
        shown = {item["text"]: item["button_element"] for item in items}
        assert set(shown) == names
        for text, button in shown.items():
            assert _missing(button.font, text) == [], (interface, text)
    finally:
        i18n.set_language("en")


def test_the_closed_box_shows_the_chosen_name_in_its_own_font():
    """A picker in the English interface with 繁體中文 chosen: the closed box has the glyphs."""
    app = _settings_app("en")
    options = [(name, theme.language_option(code)) for code, name in i18n.languages().items()]
    menu = widgets.dropdown(app.top, pygame.Rect(10, 10, 300, 40), options,
                            theme.language_option("zh-TW"))
    app.manager.update(0.05)
    button = menu.current_state.selected_option_button
    assert button.text == "繁體中文"
    assert _missing(button.font, "繁體中文") == []


def test_the_english_interface_font_lacks_chinese_so_the_test_can_fail():
    """Without the per-language theme block the entry would use the interface's font, which
    has no Han glyphs: the check above measures something real."""
    app = _settings_app("en")
    font = app.manager.get_theme().get_font(["drop_down_menu.selection_list.@selection_list_item"])
    assert _missing(font, "繁體中文") != []


def test_choosing_a_language_in_the_picker_sets_it():
    app = _settings_app("en")
    try:
        menu = screenshot.list_names(app.top)["language"]
        event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                   text="繁體中文",
                                   selected_option_id=theme.language_option("zh-TW"))
        app.top.handle(event)
        assert app.settings.language == "zh-TW" and i18n.language() == "zh-TW"
    finally:
        i18n.set_language("en")


def test_screenshot_names_the_lists_it_can_open():
    app = _settings_app("en")
    with pytest.raises(ValueError, match="language"):
        screenshot.open_list(app, "nothing")


def test_the_screenshot_command_opens_a_list(tmp_path, capsys):
    from weather_tabletop import cli

    out = tmp_path / "picker.png"
    assert cli.main(["screenshot", "--scene", "settings", "--open", "language", "--size",
                     "1280x720", "--out", str(out)]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 720)
    closed = tmp_path / "closed.png"
    assert cli.main(["screenshot", "--scene", "settings", "--size", "1280x720", "--out",
                     str(closed)]) == 0
    assert pygame.image.tobytes(picture, "RGB") != pygame.image.tobytes(
        pygame.image.load(str(closed)), "RGB")  # the list is drawn open
    assert cli.main(["screenshot", "--scene", "settings", "--open", "nothing", "--size",
                     "1280x720", "--out", str(tmp_path / "no.png")]) == 2
    assert "drop-downs:" in capsys.readouterr().err
    i18n.set_language("en")
