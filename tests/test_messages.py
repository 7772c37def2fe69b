"""Messages (issue 17): a key and named parameters, rendered in the reader's language when
shown; plural forms chosen by the language's rule; lists joined with the language's pattern;
games' catalogues merged with the app's without clashing keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from weather_tabletop import i18n
from weather_tabletop.i18n import Msg, join, msg, tr

ROOT = Path(__file__).resolve().parents[1] / "weather_tabletop"


@pytest.fixture
def catalogue():
    i18n.set_language("en")
    saved = dict(i18n._load("en"))
    i18n._catalogues["en"].update({
        "test.markers": {"one": "{name} has {n} marker", "other": "{name} has {n} markers"},
        "test.place": "{who} places {what}",
        "test.ice": "Ice",
    })
    yield
    i18n._catalogues["en"] = saved


def test_a_message_is_rendered_when_shown(catalogue):
    m = msg("test.place", who="Ana", what=msg("test.ice"))
    assert isinstance(m, Msg) and m.get("who") == "Ana"
    assert tr(m) == str(m) == "Ana places Ice"


def test_plural_forms_follow_the_count(catalogue):
    assert tr(msg("test.markers", name="Ana", n=1)) == "Ana has 1 marker"
    assert tr(msg("test.markers", name="Ana", n=0)) == "Ana has 0 markers"
    assert tr(msg("test.markers", name="Ana", n=5)) == "Ana has 5 markers"


def test_lists_use_the_language_pattern(catalogue):
    assert join([]) == "" and join(["A"]) == "A" and join(["A", "B"]) == "A and B"
    assert join(["A", "B", "C"]) == "A, B and C"
    assert tr(msg("test.place", who=("Ana", "Ben"), what=(msg("test.ice"), "Sun"))) == \
        "Ana and Ben places Ice and Sun"


def test_a_missing_key_shows_the_key_and_unknown_fields_stay():
    assert tr(msg("no.such.key")) == "no.such.key"
    assert tr("table.turn_of") == tr("table.turn_of", unrelated=1)


def test_game_catalogues_do_not_clash_with_each_other_or_the_app():
    app = json.loads((ROOT / "locale" / "en.json").read_text(encoding="utf-8"))
    seen = {k: "app" for k in app}
    for path in sorted([*ROOT.glob("games/*/locale/en.json"),
                        *ROOT.glob("games/*/locale/en/*.json")]):
        part = str(path.relative_to(ROOT / "games"))
        for key in json.loads(path.read_text(encoding="utf-8")):
            assert key not in seen, f"{key} is in the {seen.get(key)} and the {part} catalogues"
            seen[key] = part


def test_a_game_catalogue_may_be_kept_in_parts(tmp_path):
    """``locale/<lang>.json`` and ``locale/<lang>/*.json`` are read, in that order."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en.json").write_text('{"a": "1"}', encoding="utf-8")
    (tmp_path / "en" / "b.json").write_text('{"b": "2"}', encoding="utf-8")
    (tmp_path / "en" / "a.json").write_text('{"c": "3"}', encoding="utf-8")
    (tmp_path / "en" / "notes.txt").write_text("x", encoding="utf-8")
    assert [p.name for p in i18n._game_files(tmp_path, "en")] == ["en.json", "a.json", "b.json"]
    assert i18n._game_files(tmp_path, "zh-TW") == []


def test_traditional_chinese_spaces_han_from_latin_where_parameters_meet_the_text():
    """Issue 18: 「Ada 的半邊和 Cleo 的半邊」, 「第 3 行」: a filled-in zh-TW text gets a space
    where a Han character meets a Latin letter or digit; English is untouched."""
    try:
        i18n.set_language("zh-TW")
        assert join(["Ada 的半邊", "Cleo 的半邊"]) == "Ada 的半邊和 Cleo 的半邊"
        assert join(["5 西", "6 西北", "Zoë"]) == "5 西、6 西北和 Zoë"
        assert tr("load.where_line", name="存檔a", line=3) == "存檔 a 第 3 行"
        assert tr("list.two", a="紅色", b="藍色") == "紅色和藍色"
    finally:
        i18n.set_language("en")
    assert tr("list.two", a="Ada", b="Ben") == "Ada and Ben"
