"""The Weather Machine rules' fast paths (issue 9, rules speed) against the plain definitions they
replace: new states built by copying the field dict, results kept on a state (the next state
after an event, the top step's options, a player's Chemical spaces), and the shortcuts in the
board queries."""

from __future__ import annotations

import dataclasses

import pytest

from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.weather_machine import board as B
from weather_tabletop.games.weather_machine import rules as R
from weather_tabletop.games.weather_machine.data import V_SCI
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import PlayerState, WMState, evolve, evolve_fields

from .helpers import start

W = B.W
ANY = B.ANY


def fresh(s: WMState) -> WMState:
    """The same state built through ``__init__`` (``dataclasses.replace``), players included,
    with nothing memoized."""
    return dataclasses.replace(s, pl=tuple(dataclasses.replace(p) for p in s.pl))


def plain_view(s: WMState, seat: int) -> WMState:
    hidden = lambda stack, keep: stack[:keep] + (B.EMPTY,) * max(0, len(stack) - keep)  # noqa: E731
    return dataclasses.replace(s, exp_deck=hidden(s.exp_deck, 1), up_stack=hidden(s.up_stack, 1),
                               down_stack=hidden(s.down_stack, 0), seed=0)


def plain_chem_caps(p: PlayerState) -> list[int]:
    g = B.grid(p)
    caps = [0] * W
    for (r, c), (_top, bottom) in g.items():
        if (r + 1, c) in g:
            caps[bottom] += 1
    return caps


def plain_can_gain_chem(p: PlayerState, w: int) -> bool:
    chems = list(p.chemicals)
    chems[w] += 1
    caps = plain_chem_caps(p)
    return sum(max(0, n - caps[i]) for i, n in enumerate(chems)) <= 1


def plain_vouchers_feasible(v: tuple[int, ...], demands: list[tuple[int, int]]) -> bool:
    have = list(v)
    typed = [0] * 5
    any_n = 0
    for t, n in demands:
        if t == ANY:
            any_n += n
        else:
            typed[t] += n
    short = typed[V_SCI]
    for t in range(4):
        use = min(typed[t], have[t])
        have[t] -= use
        short += typed[t] - use
    sci = have[V_SCI]
    covered = min(short, sci)
    short -= covered
    pool = sum(have[:4])
    return 3 * short <= pool and any_n <= pool - 3 * short + (sci - covered)


def test_evolve_is_dataclasses_replace() -> None:
    s = start(3, 2).state
    assert evolve(s, "round", 4) == dataclasses.replace(s, round=4)
    p = s.pl[0]
    assert evolve(p, "cp", 7) == dataclasses.replace(p, cp=7)
    assert hash(evolve(p, "cp", 7)) == hash(dataclasses.replace(p, cp=7))
    s.__dict__["_opts"] = ["a memo"]
    s.__dict__["_other"] = 1
    new = evolve(s, "round", 4)
    assert "_opts" not in new.__dict__ and "_other" not in new.__dict__
    assert new == dataclasses.replace(s, round=4)
    with pytest.raises(TypeError):
        evolve(s, "rounds", 4)
    with pytest.raises(TypeError):
        evolve(p, "_opts", 4)
    assert evolve_fields(s, round=4, seed=0) == dataclasses.replace(s, round=4, seed=0)
    with pytest.raises(TypeError):
        evolve_fields(s, round=4, rounds=4)


@pytest.mark.parametrize("players,seed,options", [
    (2, 3, {}),
    (2, 4, {"new_scientists": True, "drafting": True}),
    (3, 5, {"drafting": True}),
    (4, 6, {}),
])
def test_fast_paths_match_the_plain_definitions(players: int, seed: int, options: dict) -> None:
    match = start(players, seed, **options)
    rng = Rng(seed)
    demands = [[(t, n)] for t in (ANY, 0, 1, 2, 3, V_SCI) for n in (0, 1, 2, 3, 5)]
    while not GAME.is_over(match.state):
        s = match.state
        plain = fresh(s)
        assert plain == s
        for a, b in zip(s.pl, plain.pl):
            assert B.bot_slots(a) == [i for i in range(12) if b.line[i] and B.section_open(b, i // 3)]
            assert B.chem_caps(a) == plain_chem_caps(b)
            assert B.chem_gain_weathers(a) == [plain_can_gain_chem(b, w) for w in range(W)]
            assert [B.can_gain_chem(a, w) for w in range(W)] == [plain_can_gain_chem(b, w)
                                                                for w in range(W)]
            for d in demands:
                assert B.vouchers_feasible(a.vouchers, d) == plain_vouchers_feasible(b.vouchers, d)
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_commands(s, seat)
        assert legal == R.step_options(plain, plain.stack[-1])
        # a view: the same value as built by ``dataclasses.replace``; the options worked out on
        # it (nothing hidden is read) are those its state keeps
        for who in range(players):
            view = GAME.view(s, who)
            assert view == plain_view(plain, who)
            assert "_ahead" not in view.__dict__
        assert GAME.legal_commands(GAME.view(plain, seat), seat) == legal
        assert GAME.legal_commands(GAME.view(s, seat), seat) == legal
        cmd = legal[rng.below(len(legal))]
        events = GAME.decide(fresh(s), cmd)
        group = match.submit(cmd)
        assert group.events == tuple(events)
        after = plain
        for e in events:  # each applied by its function, with no memo of decide to use
            after = GAME.apply(after, e)
        assert after == match.state
        assert "_ahead" not in match.state.__dict__
