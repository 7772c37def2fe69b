"""The solo objective (the project's own rule, data/components.toml ``automa_score``): the Automa's
score follows the red cards chosen at setup, the rulebook's difficulty scale, and one tie rule
(``beats_automa``) decides the final result, the setup note's wording and the bench's wins."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest

from weather_tabletop.games.machines_to_the_sky import commands as C
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky import events as E
from weather_tabletop.games.machines_to_the_sky import rules
from weather_tabletop.games.machines_to_the_sky.rules import (GAME, automa_claimed_vp,
                                                              automa_score, automa_start,
                                                              beats_automa)
from weather_tabletop.games.machines_to_the_sky.state import BIDDING, INCOME

from .helpers import pid, start, with_lanes

CFG = K.C["automa_score"]
BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_strength.py"


def _bench():
    spec = importlib.util.spec_from_file_location("ai_strength_under_test", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _play(state, command):
    events = GAME.decide(state, command)
    for ev in events:
        state = GAME.apply(state, ev)
    return state, events


def test_the_objective_is_project_data() -> None:
    """The rulebook's Solo Mode prints no Automa score: the numbers are the project's, in data."""
    assert CFG["source"] == "project"
    assert {"start", "per_red", "per_rating"} <= set(CFG)
    assert CFG["per_red"] > 0 and CFG["per_rating"] > 0


@pytest.mark.parametrize("red", range(7))
def test_more_red_cards_chosen_a_higher_objective(red: int) -> None:
    """"The more red cards used to create this deck, the more difficult it will be. 2 Red cards
    should be considered tough, 4 very tough and 6 nearly impossible." The Automa scores
    ``start`` + ``per_red`` per red card chosen + ``per_rating`` per point of Rating claimed."""
    s = start(1, 4, red_cards=red).state
    assert s.red_cards == red
    assert automa_score(s) == CFG["start"] + CFG["per_red"] * red
    claimed = (pid("ark-engine"), pid("seed-vault"))
    s = replace(s, automa_claimed=claimed)
    ratings = sum(K.PROJECTS[c].rating for c in claimed)
    assert automa_score(s) == CFG["start"] + CFG["per_red"] * red + CFG["per_rating"] * ratings
    assert automa_score(s) == automa_start(red) + automa_claimed_vp(s)
    if red:
        assert automa_start(red) > automa_start(red - 1)


def test_red_cards_added_during_play_do_not_count() -> None:
    """"an easy Automa card will add a random Hard Automa card to the Automa deck": the card
    joins the deck (and plays its part), but the objective stays the one chosen at setup."""
    s = start(1, 3, red_cards=2).state
    while s.phase == INCOME:
        s, _ = _play(s, C.EndIncome(s.current))
    assert s.phase == BIDDING
    n = len(s.market)
    s = replace(s, bids=((0,),) * n, automa_bids=(0,) * n, priority=0, current=0)
    green = next(i for i, a in enumerate(K.AUTOMA) if not a.hard and a.check["check"] == "unbid")
    s = replace(s, automa_revealed=(green,))
    before_reds, before = s.automa_reds, automa_score(s)
    s, events = _play(s, C.Pass(0))
    assert E.AutomaChecked(green, True) in events
    assert any(isinstance(e, E.AutomaCardAdded) for e in events)
    assert s.automa_reds == before_reds + 1
    assert automa_score(s) == before + automa_claimed_vp(s)
    assert automa_score(s) - automa_claimed_vp(s) == automa_start(2)


def test_a_tie_with_the_automa_is_a_joint_victory(monkeypatch) -> None:
    """"In the case of a tie, consider it a joint victory" (How To Win), against the Automa too:
    at least as many VP as the Automa wins the final scores, one VP fewer loses. (The Automa's
    start is set to 0 here so that a small constructed mat can tie it.)"""
    assert beats_automa(30, 30) and beats_automa(31, 30) and not beats_automa(29, 30)
    monkeypatch.setitem(CFG, "start", 0)
    s = start(1, 4, red_cards=0).state
    s = with_lanes(s, 0, ("seed-vault", "compost-deck", "deckhand"))
    total = GAME.scores(s)[0].total
    ones = [i for i, p in enumerate(K.PROJECTS) if p.rating == 1]
    assert 0 < total < len(ones)
    tie = replace(s, automa_claimed=tuple(ones[:total]))
    assert automa_score(tie) == total and GAME.scores(tie)[0].rank == 1
    lose = replace(s, automa_claimed=tuple(ones[:total + 1]))
    assert GAME.scores(lose)[0].rank == 2


def test_final_result_setup_note_and_bench_share_the_tie_rule(monkeypatch) -> None:
    """The bench counts a game as won exactly when ``beats_automa`` says so, the function the
    final scores rank with; the setup note states the same rule."""
    bench = _bench()
    assert bench.beats_automa is rules.beats_automa
    note = str(GAME.setup_note(1, {"red_cards": 4}))
    assert "at least as many VP" in note and "a tie is a joint victory" in note
    assert str(automa_start(4)) in note and str(CFG["per_red"]) in note
    for mine, automa in ((40, 40), (41, 40), (39, 40)):
        monkeypatch.setattr(bench, "play", lambda *a, m=mine, t=automa: ([m], t, 0.0, 1))
        _, result, _, _ = bench._job((0, "mtts", ("hard",), 1, {"red_cards": 4}, 6))
        assert result == (1.0 if beats_automa(mine, automa) else 0.0)
    calls = []
    monkeypatch.setattr(rules, "beats_automa", lambda v, a: calls.append((v, a)) or False)
    s = start(1, 4).state
    line = GAME.scores(s)[0]
    assert calls == [(line.total, automa_score(s))] and line.rank == 2


def test_the_guide_gives_the_numbers_of_the_data() -> None:
    """The player's guide (Solo play and Where this edition decided) says the data's numbers."""
    import tomllib
    text = (Path(rules.__file__).parent / "guide.toml").read_text(encoding="utf-8")
    tomllib.loads(text)
    assert f"starts with {CFG['start']} VP plus {CFG['per_red']} VP" in text
    assert text.count(f"starts with {CFG['start']} VP plus {CFG['per_red']} VP") == 2
    assert f"adds {CFG['per_rating']} VP for each point of Rating" in text
