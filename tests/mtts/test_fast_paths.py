"""The rules' fast paths (issue 9, rules speed) against the plain definitions they replace."""

from __future__ import annotations

import dataclasses

import pytest

from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.machines_to_the_sky import state as S
from weather_tabletop.games.machines_to_the_sky.rules import GAME

from .helpers import start


def fresh(s: S.MttsState) -> S.MttsState:
    """The same state built through ``__init__`` (``dataclasses.replace``), players included,
    with nothing derived or memoized."""
    players = tuple(dataclasses.replace(p) for p in s.players)
    return dataclasses.replace(s, players=players)


def test_fast_replace_is_dataclasses_replace() -> None:
    s = start(2, 3).state
    assert S.replace(s, round=4, current=1) == dataclasses.replace(s, round=4, current=1)
    p = s.players[0]
    assert S.replace(p, power=7, hand=()) == dataclasses.replace(p, power=7, hand=())
    assert hash(S.replace(p, power=7)) == hash(dataclasses.replace(p, power=7))
    with pytest.raises(TypeError):
        S.replace(s, rounds=4)


@pytest.mark.parametrize("players,seed,options", [
    (1, 2, {"red_cards": 3}),
    (2, 3, {}),
    (3, 4, {"actors": "yes", "automa": "yes", "red_cards": 2}),
    (4, 5, {"mat_side": "unique", "ignore_event_effects": "yes"}),
])
def test_fast_paths_match_the_plain_definitions(players: int, seed: int, options: dict) -> None:
    match = start(players, seed, **options)
    rng = Rng(seed)
    while not GAME.is_over(match.state):
        s = match.state
        plain = fresh(s)
        assert plain == s
        for a, b in zip(s.players, plain.players):
            assert list(S.active_effects(a)) == list(S._active_effects(b))
            for stat in ("advance_cost", "demote_cost", "hand_limit"):
                assert S.modifier(a, stat) == S._modifier(b, stat)
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_commands(s, seat)
        # generated legal commands: exactly the candidates ``_reason`` accepts, in order
        assert legal == [c for c in GAME._candidates(plain, seat) if GAME._reason(plain, c) is None]
        assert GAME.legal_commands(GAME.view(plain, seat), seat) == legal
        cmd = legal[rng.below(len(legal))]
        events = GAME.decide(plain, cmd)
        group = match.submit(cmd)
        assert group.events == tuple(events)
        after = plain
        for e in events:
            after = GAME._apply(fresh(after), e)
        assert after == match.state


def test_kept_states_hold_no_later_states() -> None:
    """Results the rules keep for the next apply are used up: the snapshots and the current state
    of a match (with undo and redo) link to no later state."""
    match = start(2, 7)
    rng = Rng(7)
    n = 0
    while not GAME.is_over(match.state):
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
