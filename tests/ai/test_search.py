"""The generic ISMCTS player: plays legally, beats random play, is deterministic in
iterations, and does not depend on hidden information of other seats."""

from __future__ import annotations

from dataclasses import replace

from tests.support.play import config
from tests.support.tally import GAME
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.ai.search import SearchPlayer
from weather_tabletop.engine.match import Match


def play(seed: int, search_seat: int) -> int:
    m = Match.start(GAME, config(GAME, 2, seed=seed, pile=10))
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    players[search_seat] = SearchPlayer("hard", seed, iterations=150)
    while not m.is_over():
        seat = m.to_act()[0]
        m.submit(players[seat].choose(GAME, GAME.view(m.state, seat), seat))
    return GAME.scores(m.state)[search_seat].rank


def test_search_beats_random_from_either_seat():
    ranks = [play(seed, seed % 2) for seed in range(8)]
    assert ranks.count(1) >= 7


def test_search_is_deterministic_for_a_seed_and_iteration_budget():
    m = Match.start(GAME, config(GAME, 2, seed=3, pile=30))
    view = GAME.view(m.state, 0)
    a = SearchPlayer("hard", 9, iterations=120).choose(GAME, view, 0)
    b = SearchPlayer("hard", 9, iterations=120).choose(GAME, view, 0)
    assert a == b


def test_decision_ignores_other_seats_hidden_cards():
    m = Match.start(GAME, config(GAME, 2, seed=5, pile=30))
    state = m.state
    deck = state.deck
    other = replace(state, hands=(state.hands[0], deck[:3]), deck=deck[3:])
    changed = replace(state, hands=(state.hands[0], deck[3:6]), deck=deck[:3] + deck[6:])
    assert GAME.view(other, 0) == GAME.view(changed, 0)
    a = SearchPlayer("hard", 4, iterations=100).choose(GAME, GAME.view(other, 0), 0)
    b = SearchPlayer("hard", 4, iterations=100).choose(GAME, GAME.view(changed, 0), 0)
    assert a == b
