"""Helpers for the Weather Machine tests: start games, edit states, run commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tests.support.play import config
from weather_tabletop.engine.match import Match
from weather_tabletop.games.weather_machine.invariants import problems as conservation  # noqa: F401
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import FinalScoring, WMState, steps_from_tuples


def start(players: int = 3, seed: int = 1, **options: Any) -> Match:
    return Match.start(GAME, config(GAME, players, seed, **options))


def fresh(players: int = 3, seed: int = 1, **options: Any) -> WMState:
    return start(players, seed, **options).state


def with_player(s: WMState, seat: int, **changes: Any) -> WMState:
    pl = list(s.pl)
    pl[seat] = replace(pl[seat], **changes)
    return replace(s, pl=tuple(pl))


def run(s: WMState, *commands: Any) -> WMState:
    for cmd in commands:
        for e in GAME.decide(s, cmd):
            s = GAME.apply(s, e)
    return s


def at_step(s: WMState, *steps: tuple, round_: int = 2, phase: str = "A") -> WMState:
    """The state with the given steps on top of a game-ending sentinel (first given on top).
    Steps are given in the form saves write them, ``(kind, seat, *fields)`` or
    ``("fx", seat, name, *fields)`` (``state.step_tuple``)."""
    base = (FinalScoring(-1),)
    typed = steps_from_tuples(tuple(reversed(steps)))
    return replace(s, stack=base + typed, round=round_, phase=phase)
