"""The rules' fast paths (issue 9, rules speed) against the plain definitions they replace."""

from __future__ import annotations

from dataclasses import replace

import pytest

from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.games.meteo.rules import GAME
from weather_tabletop.games.meteo.state import _FIELDS, _MEMOS

from .helpers import config


def fresh(s):
    """The same state built through ``__init__``, with nothing derived or memoized yet."""
    return replace(s)


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_fast_paths_match_the_plain_definitions(players: int, seed: int) -> None:
    match = Match.start(GAME, config(players, seed))
    rng = Rng(seed)
    steps = 0
    while not GAME.is_over(match.state) and steps < 1500:
        s = match.state
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_commands(s, seat)
        plain = fresh(s)
        assert plain == s and hash(plain) == hash(s)
        # derived values carried over by ``evolve`` equal ones derived afresh
        assert s.marker_map == plain.marker_map and s.occupancy == plain.occupancy
        assert GAME.displaced(s) == GAME.displaced(plain)
        assert GAME.relocator(s) == GAME.relocator(plain)
        assert GAME.overfull(s) == GAME.overfull(plain)
        assert GAME._blocked(s) == {p for p in GAME.board.landscapes
                                    if GAME.effect(plain, p) == "impassable"}
        assert GAME._held(s) == {p for p in GAME.board.landscapes
                                 if GAME.effect(plain, p) == "holds"}
        assert GAME._first_home(s) == next(
            (k for k in range(s.players)
             if all(GAME.board.in_half(s.colours[k], p) for p in s.figures[k])), -1)
        # generated legal commands: exactly the candidates decide's checks accept, in order
        if GAME.relocator(s)[0] < 0:
            assert legal == GAME._candidates(plain, seat)
        assert GAME.legal_commands(plain, seat) == legal
        cmd = legal[rng.below(len(legal))]
        events = GAME.decide(plain, cmd)
        group = match.submit(cmd)
        assert group.events == tuple(events)
        after = plain
        for e in events:
            after = GAME.apply(fresh(after), e)
        assert after == match.state
        # every memo the rules keep on a state is one ``evolve`` knows how to carry or drop
        memos = {k for k, _ in _MEMOS}
        assert set(s.__dict__).difference(_FIELDS) <= memos
        assert set(match.state.__dict__).difference(_FIELDS) <= memos
        steps += 1


def test_kept_states_hold_no_later_states() -> None:
    """Results ``decide`` keeps for the match's apply are used up: the snapshots and the current
    state of a match (with undo and redo) link to no later state."""
    match = Match.start(GAME, config(3, 8))
    rng = Rng(8)
    n = 0
    while not GAME.is_over(match.state) and n < 1500:
        seat = GAME.to_act(match.state)[0]
        legal = GAME.legal_commands(match.state, seat)
        match.submit(legal[rng.below(len(legal))])
        n += 1
        if n % 5 == 2 and match.undo_reason(seat) is None:
            match.undo(seat)
            if n % 2:
                match.redo(seat)
    for _, kept in match._snaps + [(0, match.state)]:
        assert "_ahead" not in kept.__dict__
