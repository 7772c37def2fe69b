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


def solo_states(seeds: range = range(1, 5), challenges: object = "cards:3+9") -> list[WMState]:
    """Every state of solo games (issue 20: one player against the Saboteurs) played by a seeded
    random choice among the legal commands (Creative Accounting and Peer Review in play by
    default, so their steps are met)."""
    from weather_tabletop.engine.chance import Rng
    out: list[WMState] = []
    for seed in seeds:
        s = start(1, seed, challenges=challenges)
        r = Rng(seed, 0x5010)
        state = s.state
        while not GAME.is_over(state):
            out.append(state)
            legal = GAME.legal_commands(state, GAME.to_act(state)[0])
            state = run(state, legal[r.below(len(legal))])
    # a two-token set awaiting the player's choice (solo §4.5.6, 7.G13; rare in random play)
    s0 = out[1]
    out.append(at_step(replace(s0, solo=replace(s0.solo, pending_set=0)), ("solo_set", 0)))
    return out
