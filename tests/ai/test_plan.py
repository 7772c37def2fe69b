"""The planning player (flat Monte Carlo over a shortlist with heuristic rollouts): plays legally,
beats random play, keeps an iteration budget in whole rounds, is deterministic for a seed, does
not depend on other seats' hidden cards, and can be abandoned."""

from __future__ import annotations

import time
from dataclasses import replace

from tests.support.play import config
from tests.support.tally import GAME, Roll
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.ai.plan import PlanPlayer
from weather_tabletop.engine.match import Match


def shortlist(game, view, seat, legal, rng):
    """Every command but Roll (which always gains, so a planner would roll for ever)."""
    return [c for c in legal if not isinstance(c, Roll)]


def policy(game, state, seat, rng):
    legal = game.legal_commands(state, seat)
    return legal[rng.below(len(legal))]


def horizon(game, start, state, seat):
    return state.turn_no > start.turn_no + 1


def planner(seed: int, **budget) -> PlanPlayer:
    return PlanPlayer("hard", seed, shortlist=shortlist, policy=policy, horizon=horizon,
                      **budget)


def play(seed: int, seat_of_planner: int) -> int:
    m = Match.start(GAME, config(GAME, 2, seed=seed, pile=10))
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    players[seat_of_planner] = planner(seed, iterations=40)
    while not m.is_over():
        seat = m.to_act()[0]
        command = players[seat].choose(GAME, GAME.view(m.state, seat), seat)
        assert command in GAME.legal_commands(m.state, seat)
        m.submit(command)
    return GAME.scores(m.state)[seat_of_planner].rank


def test_planner_beats_random_from_either_seat():
    ranks = [play(seed, seed % 2) for seed in range(8)]
    assert ranks.count(1) >= 7


def test_budget_in_whole_rounds_and_deterministic():
    m = Match.start(GAME, config(GAME, 2, seed=3, pile=30))
    view = GAME.view(m.state, 0)
    a, b = planner(9, iterations=11), planner(9, iterations=11)
    assert a.choose(GAME, view, 0) == b.choose(GAME, view, 0)
    k = len(a.last_means)
    assert k == len(GAME.legal_commands(view, 0)) - 1
    assert a.last_iterations == b.last_iterations == -(-11 // k) * k


def test_decision_ignores_other_seats_hidden_cards():
    m = Match.start(GAME, config(GAME, 2, seed=5, pile=30))
    state = m.state
    deck = state.deck
    one = replace(state, hands=(state.hands[0], deck[:3]), deck=deck[3:])
    two = replace(state, hands=(state.hands[0], deck[3:6]), deck=deck[:3] + deck[6:], seed=77)
    assert GAME.view(one, 0) == GAME.view(two, 0)
    assert (planner(4, iterations=30).choose(GAME, GAME.view(one, 0), 0)
            == planner(4, iterations=30).choose(GAME, GAME.view(two, 0), 0))


def test_stop_and_seconds_end_the_thought():
    m = Match.start(GAME, config(GAME, 2, seed=2, pile=100000))
    view = GAME.view(m.state, 0)
    p = planner(1, seconds=30)
    started = time.perf_counter()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 20

    command = p.choose(GAME, view, 0, stop=stop)
    assert time.perf_counter() - started < 5
    assert command in GAME.legal_commands(view, 0)  # the heuristic's choice if no round ended


def test_the_default_budget_can_be_set():
    from weather_tabletop.ai import make_player, set_budget
    from weather_tabletop.games.meteo.rules import GAME as METEO

    try:
        set_budget(seconds=0.5)
        assert make_player("hard", 1, METEO).seconds == 0.5
        set_budget(iterations=12)
        assert make_player("hard", 1, METEO).iterations == 12
        assert make_player("hard", 1, METEO, iterations=3).iterations == 3
    finally:
        set_budget()
    assert make_player("hard", 1, METEO).seconds == 2.0
    assert make_player("hard", 1, METEO).iterations is None
