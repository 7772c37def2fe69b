"""Issue 17: no English prose in the games' rules and views. Every sentence a player reads is a
catalogue message (a key and named parameters, ``games/<game>/locale/<lang>.json``), so the code
holds keys, never sentences: a string literal that reads like words ("moves a figure") outside
docstrings and comments is prose in the code.

A game is checked once its texts are converted: add it to ``CHECKED`` (with the modules that
build or draw its texts). ``ALLOWED`` lists the few literals that look like words and are not
shown to players, each with the reason."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "weather_tabletop" / "games"

#: game -> its modules whose strings are checked (the rules, the words, the view)
CHECKED = {
    "meteo": ("rules.py", "words.py", "view.py", "view_art.py", "guide_art.py"),
    "machines_to_the_sky": ("rules.py", "words.py", "view.py", "view_art.py", "guide_art.py"),
    "weather_machine": ("words.py", "sentences.py", "options.py", "view.py", "view_board.py",
                        "view_lab.py", "view_text.py", "view_art.py", "view_layout.py",
                        "guide_art.py")
    # the rules and their events (issue 17, the events)
    + ("rules.py", "event_words.py", "events.py", "context.py", "state.py", "benefits.py",
       "flow.py", "government.py", "lab.py", "locations.py", "research.py", "rounds.py",
       "board.py", "bots.py", "view_scores.py")
    # the solo mode against the Saboteurs (issue 20); not solo_data.py, whose texts are the
    # refusals of a malformed data file (a project data error, like a guide's), nor scoring.py,
    # whose score categories are English sentences used as catalogue keys (bench/wm_digest.py
    # compares them over 200 games a count: renaming them is for a later change)
    + ("solo_state.py", "solo_events.py", "solo_words.py", "saboteurs.py"),
}

#: (game, module, literal as the check sees it) -> why it may stay
ALLOWED = {
    ("meteo", "rules.py", "unknown event {}"):
        "a programming error (an event class without an apply function), not a player's text",
    ("meteo", "guide_art.py", "Meteo's guide has no picture {}"):
        "a programming error (guide.toml names a picture the code does not draw)",
    ("machines_to_the_sky", "rules.py", "the step machine does not settle"):
        "a programming error (automatic steps that never reach a decision), not a player's text",
    ("machines_to_the_sky", "rules.py", "unknown phase {}"):
        "a programming error (a phase without a step), not a player's text",
    ("weather_machine", "guide_art.py", "no guide picture {}"):
        "a programming error (guide.toml names a picture the code does not draw)",
    ("machines_to_the_sky", "rules.py", "unknown event {}"):
        "a programming error (an event class without an apply function), not a player's text",
    ("weather_machine", "rules.py", "unknown event {}"):
        "a programming error (an event class without an apply function), not a player's text",
    ("weather_machine", "benefits.py", "unknown benefit {}"):
        "a programming error (a benefit in the data the rules do not know), not a player's text",
    ("weather_machine", "flow.py", "automatic steps do not end"):
        "a programming error (automatic steps that never reach a decision), not a player's text",
    ("weather_machine", "state.py", "{}: bad arguments {}"):
        "a programming error (a step made with fields it does not have), not a player's text",
    ("weather_machine", "state.py", "{} has no field {}"):
        "a programming error (a state changed at a field it does not have), not a player's text",
}

#: two words, the second in lower case: "moves a", "Round limit", "the plain"
WORDS = re.compile(r"[A-Za-z]+ +[a-z]{2,}|[A-Za-z]{2,} +[a-z]+\b")


def literals(source: str) -> list[tuple[int, str]]:
    """The string literals of a module outside docstrings, f-strings with ``{}`` for each
    replacement field, with their line numbers."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add(id(body[0].value))
    inside_f = set()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            inside_f.update(id(v) for v in node.values)
            out.append((node.lineno, text))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings and id(node) not in inside_f:
            out.append((node.lineno, node.value))
    return sorted(out)


def prose(game: str, module: str) -> list[str]:
    path = GAMES / game / module
    found = []
    for line, text in literals(path.read_text(encoding="utf-8")):
        if WORDS.search(text) and (game, module, text) not in ALLOWED:
            found.append(f"{game}/{module}:{line}: {text!r}")
    return found


@pytest.mark.parametrize("game,module", [(g, m) for g, ms in CHECKED.items() for m in ms])
def test_no_english_prose_in_the_code(game, module):
    assert prose(game, module) == []


def test_the_check_finds_prose():
    """The check itself: a sentence, an f-string sentence and a sentence split over two literals
    are found; keys, identifiers, docstrings and format-free words are not."""
    source = '''
"""A docstring with words in it."""
def f(x):
    """Also a docstring."""
    a = "meteo.event.placed"
    b = f"meteo.marker.{x}"
    c = ("fig", "supply", "lightblue", "K5", "{n}", "rulebook")
    d = f"{x} moves a figure"
    e = ("The wind blows "
         "east")
    return "Placement table"
'''
    found = [t for _, t in literals(source) if WORDS.search(t)]
    assert found == ["{} moves a figure", "The wind blows east", "Placement table"]


def test_the_allowed_literals_are_still_there():
    """An allow-list entry whose literal is gone is dropped, so the list stays short."""
    for game, module, text in ALLOWED:
        assert text in [t for _, t in literals((GAMES / game / module).read_text("utf-8"))]
