"""Issue 18: Traditional Chinese. The zh-TW font (the subset in art/fonts/) is the theme's and
the views' font; a character the subset lacks is drawn with a fallback font; lines break between
CJK characters but never before closing punctuation; the first start follows the system locale;
switching the language in Settings applies at once, to the open table too; ``--lang``."""

from __future__ import annotations

import json

import pygame
import pytest

from tests.ui.helpers import config, open_table, tally
from weather_tabletop import cli, i18n, settings
from weather_tabletop.settings import Settings
from weather_tabletop.ui import theme
from weather_tabletop.ui.theme import NO_LINE_END, NO_LINE_START, TextCache

RULES = ("玩家們在遊戲中扮演科學家，在拉蒂夫教授的帶領下進行各種研究：改變區域性的天氣、為農田"
         "調整雨量、為綠色能源提供風力與晴朗的天氣「當前天氣型態」。第 3 輪，輪到 Ana。")


@pytest.fixture
def zh():
    pygame.font.init()
    i18n.set_language("zh-TW")
    yield TextCache()
    i18n.set_language("en")


def test_zh_tw_uses_the_shipped_traditional_chinese_font(zh):
    assert theme.font_path().endswith("NotoSansCJKtc-Regular.subset.otf")
    assert theme.font_path(True).endswith("NotoSansCJKtc-Bold.subset.otf")
    assert theme.font_path(language="en").endswith("NotoSans-Regular.ttf")
    data = theme.theme_data(1.0)
    # every font but the language picker's entries, each in its own language's font
    # (tests/ui/test_language_picker.py)
    fonts = [b["font"] for k, b in data.items() if isinstance(b.get("font"), dict)
             and "#language_" not in k]
    assert len(fonts) > 10 and "defaults" in data
    assert all(f["regular_path"] == theme.font_path() and f["bold_path"] == theme.font_path(True)
               and "italic" not in f for f in fonts)
    english = theme.theme_data(1.0, "en")
    own = [k for k, b in english.items() if "regular_path" in b.get("font", {})
           and "#language_" not in k]
    # a name typed in Chinese shows in Chinese in English too; so does one in a label or button
    # (their "_wide" twins, see test_a_label_with_a_chinese_name_in_english_uses_the_wide_font)
    assert [k for k in own if not k.endswith("_wide")] == ["text_entry_line"]
    assert {"#label_wide", "#button_wide", "#small_wide"} <= set(own)
    assert all(english[k]["font"]["regular_path"] == theme.font_path(language="zh-TW")
               for k in own)


@pytest.mark.parametrize("width", [90, 140, 200, 333])
def test_cjk_lines_break_between_characters_never_before_closing_punctuation(zh, width):
    lines = zh.wrap(RULES, 16, width)
    assert "".join(lines).replace(" ", "") == RULES.replace(" ", "")
    assert len(lines) > 1
    for line in lines:
        assert zh.width(line, 16) <= width, line
    for line in lines[1:]:
        assert line[0] not in NO_LINE_START, lines
    for line in lines[:-1]:
        assert line[-1] not in NO_LINE_END, lines
    at = 0
    for line, after in zip(lines, lines[1:]):  # each line is full: the next piece did not fit
        at = RULES.index(line, at) + len(line)
        gap = " " if RULES[at] == " " else ""
        piece = theme._units(after)[0][0]  # a CJK character, or a word, with its punctuation
        assert len(piece) <= 2 or piece.isascii() or piece[-1] in NO_LINE_START, piece
        assert zh.width(line + gap + piece, 16) > width, (line, piece)


def test_a_box_of_cjk_text_fits_without_overflowing(zh):
    surface = pygame.Surface((400, 300))
    zh.recording = drawn = []
    fit = zh.box(surface, RULES, pygame.Rect(10, 10, 180, 200), 16, (0, 0, 0))
    assert len(fit.lines) > 2 and not fit.cut
    assert all(d.box.inflate(2, 2).contains(d.rect) for d in drawn)


def test_english_text_still_wraps_at_spaces():
    pygame.font.init()
    cache = TextCache()
    text = "Take back your last move and play another one instead"
    lines = cache.wrap(text, 16, 150)
    assert " ".join(lines) == text and all(" " not in (l[0], l[-1]) for l in lines)


def test_a_character_outside_the_subset_is_drawn_with_a_fallback_font(zh):
    theme._glyphs.clear()  # font faces looked at before another test quit pygame are stale
    theme._system_fallbacks = None
    rare = "鱻"  # outside Big5: not in the subset
    primary = theme.font_path()
    assert not theme.has_glyph(primary, rare)
    # whether a fallback has it depends on the fonts installed (pygame_gui's own, the system's)
    if any(theme.has_glyph(f, rare) for f in theme.font_chain() + theme.system_fallbacks()):
        runs = zh.runs("王" + rare + "明", False)
        assert [r[0] for r in runs] == ["王", rare, "明"]
        assert runs[1][1] != primary and theme.has_glyph(runs[1][1], rare)
    img = zh.render("王" + rare + "明", 20, (0, 0, 0))
    assert img.get_width() == zh.width("王" + rare + "明", 20)
    # English seats: a Chinese name is drawn with the Traditional Chinese font, not boxes
    i18n.set_language("en")
    english = TextCache()
    runs = english.runs("Ana 王小明")
    assert runs[-1][1].endswith("NotoSansCJKtc-Regular.subset.otf")


def test_the_text_cache_forgets_its_layouts_when_the_language_changes(zh):
    zh_font = zh.font(16)
    i18n.set_language("en")
    assert zh.font(16) is not zh_font


@pytest.mark.parametrize("name, want", [
    ("zh_TW.UTF-8", "zh-TW"), ("zh_HK", "zh-TW"), ("zh_MO.Big5", "zh-TW"), ("zh-Hant", "zh-TW"),
    ("zh_Hant_TW", "zh-TW"), ("Chinese (Traditional)_Taiwan", "zh-TW"), ("zh_CN.UTF-8", None),
    ("zh", None), ("en_GB.UTF-8", "en"), ("C.UTF-8", None), ("POSIX", None), ("de_DE", None),
    ("", None)])
def test_locale_names_map_to_the_languages_shipped(name, want):
    assert i18n.language_of_locale(name) == want


def test_system_language_reads_the_environment_as_gettext_does():
    assert i18n.system_language({"LANG": "zh_TW.UTF-8"}) == "zh-TW"
    assert i18n.system_language({"LC_ALL": "zh_HK.UTF-8", "LANG": "en_US.UTF-8"}) == "zh-TW"
    assert i18n.system_language({"LANG": "en_US.UTF-8", "LANGUAGE": "zh_TW:en"}) == "zh-TW"
    assert i18n.system_language({"LANG": "C", "LANGUAGE": "zh_TW"}) == "en"
    assert i18n.system_language({"LANG": "zh_CN.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "en"


def test_the_first_start_follows_the_system_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert settings.load() == (Settings(language="zh-TW"), None)
    settings.save(Settings(language="en"))  # a choice made once is kept
    assert settings.load()[0].language == "en"


def test_switching_to_zh_tw_in_settings_applies_to_the_open_table_at_once(app):
    from weather_tabletop.ui.scenes.settings_scene import SettingsScene

    table = open_table(app, tally.GAME, config("human", "human"))
    assert table.w["undo"].text == "Undo"
    app.push(SettingsScene(app))
    app.top.change(Settings(animation_speed="off", language="zh-TW"))
    try:
        assert settings.load()[0].language == "zh-TW"
        app.pop()
        assert app.top is table
        assert table.w["undo"].text == "復原" and table.w["menu"].text == "選單"
        assert app.text.font(16) is app.text._face(theme.font_path(), 16)
        assert theme.font_path().endswith("NotoSansCJKtc-Regular.subset.otf")
    finally:
        i18n.set_language("en")


def test_cli_lang_renders_a_screenshot_in_zh_tw(tmp_path, capsys):
    out = tmp_path / "menu.png"
    try:
        assert cli.main(["screenshot", "--lang", "zh-TW", "--scene", "menu", "--size", "1280x720",
                         "--out", str(out)]) == 0
        assert pygame.image.load(str(out)).get_size() == (1280, 720)
        assert cli.main(["screenshot", "--lang", "xx", "--out", str(out)]) == 2
        assert "--lang takes one of en, zh-TW" in capsys.readouterr().err
    finally:
        i18n.set_language("en")


def test_cli_lang_prints_the_simulate_summary_in_zh_tw(capsys):
    try:
        assert cli.main(["simulate", "--game", "tally", "--players", "2", "--lang", "zh-TW"]) == 0
        out = capsys.readouterr().out
        assert "完成 1/1 場，錯誤 0 次" in out and "各座位獲勝次數：" in out
    finally:
        i18n.set_language("en")
    assert cli.main(["simulate", "--game", "tally", "--players", "2"]) == 0
    assert "1/1 games completed, 0 errors" in capsys.readouterr().out


def test_the_rules_guide_breaks_cjk_paragraphs_between_characters(zh):
    from weather_tabletop.ui import guide_view

    surf = guide_view.rich("玩家們在遊戲中扮演**科學家**，" + RULES, 16, (0, 0, 0), 150, zh)
    lines = surf.get_height() // zh.font(16).get_linesize()
    assert surf.get_width() == 150 and lines >= zh.width(RULES, 16) // 150


def test_a_label_with_a_chinese_name_in_english_uses_the_wide_font():
    """pygame_gui draws a widget in one font: in English, a label or button whose text the
    theme's font lacks (a Chinese player name, 「林珈菈」 with Big5 level-2 characters) takes its
    "_wide" twin in the Traditional Chinese font, never boxes; other texts keep their id."""
    pygame.font.init()
    i18n.set_language("en")
    assert theme.wide_id("#small", "label", "Ana, Ben") == "#small"
    assert theme.wide_id(None, "label", "Zoë") is None
    assert theme.wide_id("#small", "label", "陳大文, 林珈菈") == "#small_wide"
    assert theme.wide_id(None, "button", "林珈菈") == "#button_wide"
    subset = theme.font_path(language="zh-TW")
    assert all(theme.has_glyph(subset, ch) for ch in "陳大文林珈菈")
    i18n.set_language("zh-TW")
    try:
        assert theme.wide_id("#small", "label", "林珈菈") == "#small"  # the theme's font has it
    finally:
        i18n.set_language("en")
