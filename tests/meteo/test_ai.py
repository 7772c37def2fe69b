"""Meteo's computer levels: they read only the seat's view (a decision does not change when the
hidden markers of other seats change), ``hard`` keeps an iteration budget and is deterministic
for a seed, and determinised states agree with the view (legal, one-line moves: for every game
in tests/ai/test_levels_all_games.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from weather_tabletop.ai import levels, make_player
from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.meteo import bots
from weather_tabletop.games.meteo.rules import GAME
from weather_tabletop.games.meteo.state import PLACE, MeteoState

from .helpers import run, started


def midgame(seed: int = 3, commands: int = 40) -> MeteoState:
    """A game after ``commands`` greedy commands, then on to seat 0 placing markers."""
    s = started(2, seed)
    r = Rng(seed, 5)
    n = 0
    while n < commands or not (s.current == 0 and s.phase == PLACE and GAME.to_act(s) == (0,)
                               and len(s.hands[0]) == 3):
        seat = GAME.to_act(s)[0]
        s = run(s, bots.choose(GAME, GAME.view(s, seat), seat, r))
        n += 1
    return s


def endgame(seed: int = 3) -> MeteoState:
    """A greedy game played on until the endgame (``bots.endgame``), then on to seat 0 placing
    markers."""
    s = started(2, seed)
    r = Rng(seed, 5)
    while not (bots.endgame(s) and s.current == 0 and s.phase == PLACE
               and GAME.to_act(s) == (0,) and s.hands[0]):
        assert not GAME.is_over(s)
        seat = GAME.to_act(s)[0]
        s = run(s, bots.choose(GAME, GAME.view(s, seat), seat, r))
    return s


def other_deal(s: MeteoState, seed: int) -> MeteoState:
    """The same game for seat 0 with seat 1's hand, the supply's order, the markers on their
    way back and the seed dealt anew from the markers seat 0 cannot see."""
    hidden = list(s.hands[1] + s.supply + s.returned)
    deal = list(Rng(seed, 77).shuffled(hidden))
    hand = tuple(sorted(deal[:len(s.hands[1])]))
    rest = deal[len(hand):]
    supply, returned = tuple(rest[:len(s.supply)]), tuple(rest[len(s.supply):])
    return replace(s, hands=(s.hands[0], hand), supply=supply, returned=returned,
                   seed=s.seed + 1000 + seed)


def test_the_levels_are_offered():
    assert {"easy", "normal", "hard", "greedy", "random"} <= set(levels(GAME))
    assert make_player("hard", 1, GAME).seconds == 2.0  # the app's default budget
    assert make_player("hard", 1, GAME, iterations=5).iterations == 5


def test_a_decision_does_not_depend_on_other_seats_hidden_markers():
    s = midgame()
    others = [other_deal(s, k) for k in range(3)]
    assert any(o.hands[1] != s.hands[1] for o in others)
    assert all(GAME.view(o, 0) == GAME.view(s, 0) for o in others)
    for level in ("easy", "normal", "hard"):
        picks = {make_player(level, 11, GAME, iterations=14).choose(GAME, GAME.view(o, 0), 0)
                 for o in [s, *others]}
        assert len(picks) == 1, level


def test_an_endgame_decision_does_not_depend_on_other_seats_hidden_markers():
    s = endgame(seed=2)
    others = [other_deal(s, k) for k in range(3)]
    assert all(GAME.view(o, 0) == GAME.view(s, 0) for o in others)
    picks = {make_player("hard", 11, GAME, iterations=14).choose(GAME, GAME.view(o, 0), 0)
             for o in [s, *others]}
    assert len(picks) == 1


def test_hard_keeps_its_iteration_budget_and_is_deterministic():
    s = endgame(seed=4)
    view = GAME.view(s, 0)
    a = make_player("hard", 7, GAME, iterations=10)
    b = make_player("hard", 7, GAME, iterations=10)
    assert a.choose(GAME, view, 0) == b.choose(GAME, view, 0)
    k = len(a.last_means)
    assert k > 1, "placing markers offers the planner several candidates"
    # whole rounds of one rollout per candidate: at least the budget, less than one more round
    assert 10 <= a.last_iterations < 10 + k and a.last_iterations % k == 0
    assert a.last_iterations == b.last_iterations
    assert a.last_means == b.last_means


def test_before_the_endgame_one_round_decides():
    """The rest of the seat's turn has no chance in it: more rounds would repeat the first."""
    s = midgame(seed=4)
    assert not bots.endgame(s)
    a = make_player("hard", 7, GAME, iterations=10)
    a.choose(GAME, GAME.view(s, 0), 0)
    assert a.last_iterations == len(a.last_means) > 1


def test_endgame_rollouts_play_on_past_the_seat_s_turn():
    s = endgame(seed=4)
    view = GAME.view(s, 0)
    a = make_player("hard", 7, GAME, iterations=10)
    a.choose(GAME, view, 0)
    # the continuations reached the seat's next turn (or the end of the game)
    ends = [st for st in a._next.values()
            if st.phase == "over" or (st.current == 0 and st.round > view.round)]
    assert ends


def test_determinised_states_agree_with_the_view():
    s = midgame(seed=5)
    view = GAME.view(s, 0)
    r = Rng(1, 2)
    for _ in range(5):
        d = bots.determinize(view, 0, r)
        assert GAME.view(d, 0) == view
        assert d.marker_total() == 30 and "?" not in sum(d.hands, ())
        assert "?" not in d.supply and "?" not in d.returned
        assert sorted(sum(d.hands, ()) + d.supply + d.returned + d.face_up
                      + tuple(m for _, m in d.markers)) == \
            sorted(sum(s.hands, ()) + s.supply + s.returned + s.face_up
                   + tuple(m for _, m in s.markers))


@pytest.mark.parametrize("level", ["normal", "greedy"])
def test_greedy_is_the_normal_level(level):
    assert type(make_player(level, 0, GAME)) is bots.GreedyPlayer


def test_under_a_time_budget_an_endgame_move_judges_at_most_max_rounds_samples():
    s = endgame(seed=4)
    a = make_player("hard", 7, GAME, seconds=60)
    a.choose(GAME, GAME.view(s, 0), 0)
    k = len(a.last_means)
    assert k > 1 and a.last_iterations == bots.HARD_MAX_ROUNDS * k
