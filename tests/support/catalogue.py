"""Helpers for the games' catalogue tests (issue 17): render a message and check it, and play
finished games whose every state the tests then render."""

from __future__ import annotations

import re
import string
from typing import Any, Callable, Iterator

from weather_tabletop import i18n
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import Game, GameConfig
from weather_tabletop.i18n import Msg, tr

FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def rendered(message: object) -> str:
    """``message`` rendered in English, checked: a Msg whose key (and every Msg parameter's key,
    at any depth) the catalogue has, and no ``{field}`` left."""
    assert isinstance(message, Msg), f"not a catalogue message: {message!r}"
    check_keys(message)
    text = tr(message)
    assert text and text != message.key, f"missing key {message.key}"
    assert not FIELD.search(text), f"unfilled field in {message.key}: {text!r}"
    return text


def check_keys(message: Msg) -> None:
    assert i18n.has(message.key), f"missing key {message.key}"
    for _, value in message.params:
        for v in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(v, Msg):
                check_keys(v)


Chooser = Callable[[Game, Any, int, Rng], Any]


def finished_games(game: Game, cases: list[tuple[GameConfig, int, Chooser | None]]
                   ) -> Iterator[tuple[Match, list[Any]]]:
    """Each case (config, seed, chooser: a computer player's choose, or None for uniformly
    random moves) played to its end: the match and every state a seat acted in."""
    for config, seed, choose in cases:
        match = Match.start(game, config)
        r = Rng(seed, 17)
        states = []
        while not match.is_over():
            s = match.state
            seat = match.to_act()[0]
            states.append(s)
            if choose is not None:
                command = choose(game, game.view(s, seat), seat, r)
            else:
                command = r.choice(game.legal_commands(s, seat))
            match.submit(command)
        yield match, states


def assert_well_formed(catalogue: dict[str, Any]) -> None:
    """Every text parses as a format string; plural objects have "one" and "other"."""
    for key, text in catalogue.items():
        forms = text.values() if isinstance(text, dict) else [text]
        if isinstance(text, dict):
            assert set(text) == {"one", "other"}, key
        for form in forms:
            list(string.Formatter().parse(form))
