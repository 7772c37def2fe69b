"""Machines To The Sky's computer levels: they read only the seat's view (a decision does not
change when the hidden cards of other seats and the decks change), ``hard`` keeps an iteration
budget and is deterministic for a seed, and determinised states agree with the view (also with
the Automa; legal, one-line moves: tests/ai/test_levels_all_games.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from weather_tabletop.ai import levels, make_player
from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.machines_to_the_sky import bots
from weather_tabletop.games.machines_to_the_sky.rules import GAME
from weather_tabletop.games.machines_to_the_sky.state import BIDDING, MANAGEMENT, MttsState

from .helpers import start


def advance(s: MttsState, until, seed: int = 1, limit: int = 400) -> MttsState:
    """Greedy play until ``until(state)`` holds for the seat to act."""
    r = Rng(seed, 3)
    for _ in range(limit):
        if until(s):
            return s
        seat = GAME.to_act(s)[0]
        for e in GAME.decide(s, bots.greedy_choose(GAME, GAME.view(s, seat), seat, r)):
            s = GAME.apply(s, e)
    raise AssertionError("the wanted position never came")


def at(phase: str, players: int = 2, seed: int = 2, round_: int = 2, **options) -> MttsState:
    s = start(players, seed, **options).state
    return advance(s, lambda s: s.phase == phase and s.round >= round_ and GAME.to_act(s) == (0,)
                   and len(GAME.legal_commands(s, 0)) > 2)


def other_deal(s: MttsState, seed: int) -> MttsState:
    """The same game for seat 0: seat 1's Projects and Contacts swapped with the decks' cards,
    the decks and the Event deck reordered, another seed."""
    r = Rng(seed, 91)
    p1 = s.players[1]
    projects = list(r.shuffled(p1.hand + s.project_deck))
    contacts = list(r.shuffled(p1.contacts + s.contact_deck))
    hand, deck = tuple(projects[:len(p1.hand)]), tuple(projects[len(p1.hand):])
    chand, cdeck = tuple(contacts[:len(p1.contacts)]), tuple(contacts[len(p1.contacts):])
    events = s.event_deck
    if len(events) > 2:
        events = r.shuffled(events[:-1]) + events[-1:]
    players = (s.players[0], replace(p1, hand=hand, contacts=chand))
    return replace(s, players=players, project_deck=deck, contact_deck=cdeck,
                   event_deck=events, seed=s.seed + 500 + seed)


def test_the_levels_are_offered():
    assert {"easy", "normal", "hard", "greedy", "random"} <= set(levels(GAME))
    assert make_player("hard", 1, GAME).seconds == 2.0
    assert make_player("hard", 1, GAME, iterations=6).iterations == 6


@pytest.mark.parametrize("phase", [BIDDING, MANAGEMENT])
def test_a_decision_does_not_depend_on_other_seats_hidden_cards(phase):
    s = at(phase)
    others = [other_deal(s, k) for k in range(3)]
    assert all(o.project_deck != s.project_deck and o.seed != s.seed for o in others)
    assert all(GAME.view(o, 0) == GAME.view(s, 0) for o in others)
    for level in ("easy", "normal", "hard"):
        picks = {make_player(level, 5, GAME, iterations=12).choose(GAME, GAME.view(o, 0), 0)
                 for o in [s, *others]}
        assert len(picks) == 1, level


def test_hard_keeps_its_iteration_budget_and_is_deterministic():
    s = at(BIDDING, seed=3)
    view = GAME.view(s, 0)
    a = make_player("hard", 9, GAME, iterations=8)
    b = make_player("hard", 9, GAME, iterations=8)
    assert a.choose(GAME, view, 0) == b.choose(GAME, view, 0)
    k = len(a.last_means)
    assert k > 1
    assert 8 <= a.last_iterations < 8 + k and a.last_iterations % k == 0
    assert a.last_iterations == b.last_iterations


@pytest.mark.parametrize("players,options", [(2, {}), (1, {"red_cards": 3}),
                                             (3, {"actors": "yes"})])
def test_determinised_states_agree_with_the_view(players, options):
    s = at(BIDDING, players=players, seed=4, **options)
    view = GAME.view(s, 0)
    r = Rng(2, 2)
    for _ in range(4):
        d = bots.determinize(view, 0, r)
        assert GAME.view(d, 0) == view
        hidden = sum((p.hand + p.contacts + p.offer for p in d.players), ()) + d.project_deck \
            + d.contact_deck + d.event_deck + d.automa_deck + d.red_pool + d.automa_unused
        assert min(hidden, default=0) >= 0, "every hidden card is dealt"
        cards = sorted(d.project_deck + d.project_discard + tuple(c for c in d.market if c >= 0)
                       + d.automa_claimed
                       + tuple(c for p in d.players for c in p.hand + sum(p.lanes, ())))
        assert cards == sorted(range(len(cards)))
        assert d.automa_reds == s.automa_reds and len(d.automa_deck) == len(s.automa_deck)
