"""Under a time budget the planner does not start a rollout command that would end past the
budget if it took as long as the slowest command of the move so far (issue 7's bar: budget plus
10%; a Weather Machine rollout command can take a large part of a short budget). The sleeps
make the commands slow without using the processor, and the bounds leave wide margins."""

from __future__ import annotations

import time

from tests.ai.test_plan import horizon, shortlist
from tests.support.play import config
from tests.support.tally import GAME
from weather_tabletop.ai.plan import PlanPlayer
from weather_tabletop.engine.match import Match

SLOW = 0.4


def slow_policy(game, state, seat, rng):
    time.sleep(SLOW)
    legal = game.legal_commands(state, seat)
    return legal[rng.below(len(legal))]


def test_a_command_as_slow_as_the_slowest_so_far_is_not_started_past_the_budget():
    m = Match.start(GAME, config(GAME, 2, seed=2, pile=100000))
    view = GAME.view(m.state, 0)
    p = PlanPlayer("hard", 1, shortlist=shortlist, policy=slow_policy, horizon=horizon,
                   seconds=1.0)
    started = time.perf_counter()
    command = p.choose(GAME, view, 0)
    took = time.perf_counter() - started
    # commands start at about 0, 0.4 and 0.8 s; the one at 0.8 s would end at 1.2 s (before,
    # only the 92% mark stopped it, and the move took 1.2 s)
    assert took < 1.1, took
    assert command in GAME.legal_commands(view, 0)


def test_an_iteration_budget_ignores_the_clock():
    m = Match.start(GAME, config(GAME, 2, seed=2, pile=100000))
    view = GAME.view(m.state, 0)
    p = PlanPlayer("hard", 1, shortlist=shortlist, policy=slow_policy, horizon=horizon,
                   iterations=1)
    started = time.perf_counter()
    p.choose(GAME, view, 0)
    assert p.last_iterations >= 1
    assert time.perf_counter() - started >= SLOW  # the rollout ran whatever it cost
