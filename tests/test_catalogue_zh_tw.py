"""Issue 18: the Traditional Chinese catalogues are complete. For every English catalogue (the
app's ``weather_tabletop/locale/en.json`` and each game's ``games/*/locale/en.json``) the zh-TW
catalogue beside it has every key and the same ``{fields}`` in each text (a plural text: the
same fields over its forms). A game whose zh-TW catalogue is not written yet is an expected
failure, listed by name in the test report."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from weather_tabletop import i18n
from weather_tabletop.ui import theme

PACKAGE = Path(i18n.__file__).resolve().parent
ENGLISH = sorted([PACKAGE / "locale" / "en.json", *PACKAGE.glob("games/*/locale/en.json"),
                  *PACKAGE.glob("games/*/locale/en/*.json")])


def _name(path: Path) -> str:
    if path.parent.name == "en":  # a part of a game's catalogue: locale/en/<part>.json
        return f"{path.parents[2].name}-{path.stem}"
    return "app" if path.parent.parent == PACKAGE else path.parent.parent.name


def _zh(english: Path) -> Path:
    """The zh-TW catalogue beside an English one (``en.json`` or ``en/<part>.json``)."""
    if english.parent.name == "en":
        return english.parent.with_name("zh-TW") / english.name
    return english.with_name("zh-TW.json")


def _cases():
    for en in ENGLISH:
        zh = _zh(en)
        marks = [] if zh.exists() else [pytest.mark.xfail(
            reason="catalogue not translated yet", strict=True)]
        yield pytest.param(en, id=_name(en), marks=marks)


def _fields(text) -> set[str]:
    texts = text.values() if isinstance(text, dict) else [text]
    out: set[str] = set()
    for t in texts:
        out |= {f[1].split(".")[0].split("[")[0] for f in string.Formatter().parse(t) if f[1]}
    return out


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("english", _cases())
def test_zh_tw_catalogue_has_every_key_with_the_same_fields(english: Path):
    en = _read(english)
    zh = _read(_zh(english))
    missing = sorted(set(en) - set(zh) - {"_language"})
    assert not missing, f"{len(missing)} keys missing in zh-TW: {missing[:20]}"
    differ = [(k, sorted(_fields(en[k])), sorted(_fields(zh[k]))) for k in en
              if k != "_language" and _fields(en[k]) != _fields(zh[k])]
    assert not differ, f"fields differ from English: {differ[:20]}"
    plural = [k for k, v in zh.items() if isinstance(v, dict) and "other" not in v]
    assert not plural, f"plural texts without an 'other' form: {plural}"


def test_the_app_catalogue_names_its_language():
    assert _read(PACKAGE / "locale" / "zh-TW.json")["_language"] == "繁體中文"
    assert i18n.languages() == {"en": "English", "zh-TW": "繁體中文"}


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_every_character_of_the_zh_tw_catalogues_is_in_the_shipped_font(bold):
    """The subset in art/fonts/ holds each character a zh-TW catalogue or guide uses (else run
    ``python art/fonts/make_subset.py``: it adds them)."""
    path = theme.language_font("zh-TW", bold)
    assert path is not None, "the zh-TW font is not in art/fonts/"
    text = "".join(json.dumps(_read(p), ensure_ascii=False)
                   for p in [PACKAGE / "locale" / "zh-TW.json",
                             *PACKAGE.glob("games/*/locale/zh-TW.json"),
                             *PACKAGE.glob("games/*/locale/zh-TW/*.json")])
    text += "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("games/*/guide.zh-TW.toml"))
    missing = sorted({ch for ch in text if not ch.isspace() and not theme.has_glyph(path, ch)})
    assert not missing, f"not in {Path(path).name}: {''.join(missing)}"
