"""Shared helpers for the Machines To The Sky tests: configs, random play, constructed states."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky.rules import GAME
from weather_tabletop.games.machines_to_the_sky.state import MttsState

COLOURS = ("red", "yellow", "green", "blue")


def config(players: int, seed: int = 1, **options: Any) -> GameConfig:
    seats = tuple(SeatConfig(c.title(), c) for c in COLOURS[:players])
    merged = {o.key: o.default for o in GAME.options}
    merged.update(options)
    return GameConfig(GAME.id, seats, tuple(sorted(merged.items())), seed)


def start(players: int, seed: int = 1, **options: Any) -> Match:
    return Match.start(GAME, config(players, seed, **options))


def play_random(match: Match, seed: int = 0, limit: int = 20_000, each=None) -> int:
    """Random legal commands until the game ends; ``each(state)`` after every command."""
    rnd = RandomPlayer(seed)
    n = 0
    while not GAME.is_over(match.state):
        seat = GAME.to_act(match.state)[0]
        match.submit(rnd.choose(GAME, GAME.view(match.state, seat), seat))
        n += 1
        if each is not None:
            each(match.state)
        assert n < limit
    return n


def pid(name: str) -> int:
    return K.PROJECT_BY_ID[name]


def with_lanes(state: MttsState, seat: int, *lanes: tuple[str, ...]) -> MttsState:
    cards = tuple(tuple(pid(c) for c in lane) for lane in lanes)
    cards = cards + ((),) * (4 - len(cards))
    return state.with_player(seat, lanes=cards)


def at_phase(state: MttsState, phase: str, current: int, queue: tuple[int, ...] = ()) -> MttsState:
    return replace(state, phase=phase, current=current, queue=queue)
