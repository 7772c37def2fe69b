"""Issue 27: no catalogue text a player reads speaks the code's language: no "project rule"
(where the edition chose what the rulebook does not print, it says "this edition's choice"),
no computer level named "greedy", no internal card id such as "g08", no source tag "(project)";
and the names that fill a text are player words too (an Automa card by its number in its deck)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from weather_tabletop import i18n

PACKAGE = Path(i18n.__file__).resolve().parent
CATALOGUES = sorted([*PACKAGE.glob("locale/*.json"), *PACKAGE.glob("games/*/locale/*.json"),
                     *PACKAGE.glob("games/*/locale/*/*.json")])

#: what a player should never read, in any language
CODE_SPEAK = [re.compile(p, re.IGNORECASE) for p in (
    r"project rule", r"project's rule", r"\bgreedy\b", r"\(project\)", r"本專案",
    r"\b[gr]\d\d\b", r"no report left", r"\bseat_\w+", r"\.wtsave\b")]


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):  # plural forms
        for form in value.values():
            yield from _texts(form)


def test_there_are_catalogues_in_both_languages():
    names = {path.name for path in CATALOGUES}
    assert {"en.json", "zh-TW.json"} <= names and len(CATALOGUES) >= 8


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_catalogue_text_speaks_code(path):
    found = []
    for key, value in json.loads(path.read_text(encoding="utf-8")).items():
        if key.startswith("cli.") or key.startswith("_"):
            continue  # the command line's texts speak to programmers and testers
        for text in _texts(value):
            found += [f"{key}: {text}" for pattern in CODE_SPEAK if pattern.search(text)]
    assert found == []


def test_an_automa_card_is_named_by_its_number_in_its_deck():
    from weather_tabletop.games.machines_to_the_sky import content as K
    from weather_tabletop.games.machines_to_the_sky.view_art import card_words

    i18n.set_language("en")
    titles = [card_words("automa", card)[0] for card in range(len(K.AUTOMA))]
    assert not any(re.search(r"\b[gr]\d\d\b", title) for title in titles)
    assert "Easy Automa 1" in titles and "Hard Automa 15" in titles
    assert len(set(titles)) == len(titles)  # easy 1-15 and hard 1-15, each named once
