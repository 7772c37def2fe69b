"""Weather Machine's computer levels: they read only the seat's view (a decision does not change
when the hidden Experiment deck and Workshop stacks are dealt anew), ``hard`` keeps an iteration
budget and is deterministic for a seed, determinised states agree with the view, and every
chosen move is legal and one line (for every game: tests/ai/test_levels_all_games.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from weather_tabletop.ai import levels, make_player
from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.weather_machine import bots
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import EMPTY, WMState

from .helpers import fresh, run


def midgame(seed: int = 3, step: str = "move", skip: int = 0) -> WMState:
    """A 2-player game played by ``normal`` seats until seat 0 is at ``step`` in Phase A for
    the ``skip + 1``-th time."""
    s = fresh(2, seed)
    r = Rng(seed, 5)
    seen = 0
    for _ in range(2000):
        seat = GAME.to_act(s)[0]
        if seat == 0 and s.phase == "A" and s.stack[-1].kind == step and s.round >= 2:
            if seen == skip:
                return s
            seen += 1
        s = run(s, bots.normal_choose(GAME, GAME.view(s, seat), seat, r))
    raise AssertionError("the step did not come up")


def other_deal(s: WMState, seed: int) -> WMState:
    """The same game with the hidden orders dealt anew: the Experiment deck below its top tile,
    the face-up Workshop stack below its top tile, the face-down stack, and the seed."""
    r = Rng(seed, 77)
    deck = s.exp_deck[:1] + r.shuffled(s.exp_deck[1:])
    pool = r.shuffled(s.up_stack[1:] + s.down_stack)
    n = max(0, len(s.up_stack) - 1)
    return replace(s, exp_deck=deck, up_stack=s.up_stack[:1] + pool[:n], down_stack=pool[n:],
                   seed=s.seed + 1000 + seed)


def test_the_levels_are_offered():
    assert {"easy", "normal", "hard", "greedy", "random"} <= set(levels(GAME))
    assert make_player("hard", 1, GAME).seconds == 2.0  # the app's default budget
    assert make_player("hard", 1, GAME, iterations=5).iterations == 5
    assert type(make_player("greedy", 0, GAME)) is bots.NormalPlayer


@pytest.mark.parametrize("step", ["move", "actions"])
def test_a_decision_does_not_depend_on_hidden_information(step):
    s = midgame(step=step)
    others = [other_deal(s, k) for k in range(3)]
    assert any(o.exp_deck != s.exp_deck or o.down_stack != s.down_stack for o in others)
    assert all(GAME.view(o, 0) == GAME.view(s, 0) for o in others)
    for level in ("easy", "normal", "hard"):
        picks = {make_player(level, 11, GAME, iterations=4).choose(GAME, GAME.view(o, 0), 0)
                 for o in [s, *others]}
        assert len(picks) == 1, level


def test_hard_keeps_its_iteration_budget_and_is_deterministic():
    s = midgame(seed=4)
    view = GAME.view(s, 0)
    a = make_player("hard", 7, GAME, iterations=5)
    b = make_player("hard", 7, GAME, iterations=5)
    assert a.choose(GAME, view, 0) == b.choose(GAME, view, 0)
    k = len(a.last_means)
    assert k > 1, "moving the Scientist offers the planner several candidates"
    assert 5 <= a.last_iterations < 5 + k and a.last_iterations % k == 0
    assert a.last_iterations == b.last_iterations


def test_determinised_states_agree_with_the_view():
    s = midgame(seed=5)
    view = GAME.view(s, 0)
    r = Rng(1, 2)
    for _ in range(5):
        d = bots.determinize(view, 0, r)
        assert GAME.view(d, 0) == view
        assert EMPTY not in d.exp_deck and EMPTY not in d.up_stack and EMPTY not in d.down_stack
        # each hidden Experiment tile is of the Stage its deck position holds (Game Setup 15)
        total = sum(bots.DECK_STAGES)
        for i, t in enumerate(d.exp_deck):
            pos = total - len(d.exp_deck) + i
            assert t // 5 == (0 if pos < 5 else 1 if pos < 10 else 2)
        # the Workshop tiles are all there, each once
        tiles = [t for t in d.offer if t != EMPTY] + list(d.up_stack) + list(d.down_stack)
        tiles += [t[2] for p in d.pl for t in p.tiles]
        assert sorted(tiles) == sorted(
            [t for t in s.offer if t != EMPTY] + list(s.up_stack) + list(s.down_stack)
            + [t[2] for p in s.pl for t in p.tiles])


def test_value_counts_what_final_scoring_counts():
    """At the end of the game :func:`bots.value` is the seat's final score exactly."""
    s = fresh(2, 2)
    r = Rng(2, 9)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        s = run(s, bots.normal_choose(GAME, GAME.view(s, seat), seat, r))
    for line in GAME.scores(s):
        assert bots.value(s, line.seat) == line.total
