"""Constructed states for the Meteo rule tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import Command, GameConfig, IllegalMove, SeatConfig
from weather_tabletop.games.meteo.board import BOARD
from weather_tabletop.i18n import tr
from weather_tabletop.games.meteo.rules import GAME, start_village
from weather_tabletop.games.meteo.state import MeteoState


def config(players: int = 2, seed: int = 1, colours: tuple[str, ...] | None = None,
           **options: Any) -> GameConfig:
    keys = colours or GAME.default_colours(players)
    seats = tuple(SeatConfig(f"P{i + 1}", keys[i]) for i in range(players))
    return GameConfig("meteo", seats, tuple(options.items()), seed)


def started(players: int = 2, seed: int = 1, colours: tuple[str, ...] | None = None,
            **options: Any) -> MeteoState:
    return Match.start(GAME, config(players, seed, colours, **options)).state


def state(players: int = 2, seed: int = 1, **fields: Any) -> MeteoState:
    """A set-up game with the given fields replaced (figures may be given as lists)."""
    s = started(players, seed)
    if "figures" in fields:
        fields["figures"] = tuple(tuple(sorted(f)) for f in fields["figures"])
    if "markers" in fields:
        fields["markers"] = tuple(sorted(fields["markers"]))
    if "hands" in fields:
        fields["hands"] = tuple(tuple(sorted(h)) for h in fields["hands"])
    return replace(s, **fields)


def run(s: MeteoState, command: Command) -> MeteoState:
    for e in GAME.decide(s, command):
        s = GAME.apply(s, e)
    return s


def refused(s: MeteoState, command: Command) -> str:
    try:
        GAME.decide(s, command)
    except IllegalMove as exc:
        return tr(exc.reason)
    raise AssertionError(f"{command} was accepted")


def home(s: MeteoState, seat: int) -> tuple[int, int]:
    return BOARD.villages[s.colours[seat]]


def start(s: MeteoState, seat: int) -> tuple[int, int]:
    return start_village(BOARD, s.colours[seat])


def pos(label: str) -> tuple[int, int]:
    for p, sp in BOARD.spaces.items():
        if sp.label == label:
            return p
    raise KeyError(label)
