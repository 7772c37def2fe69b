"""Component data: counts of the Components list and cross-references."""

from collections import Counter

from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.rules import GAME
from tests.wm.helpers import fresh

D = load()


def test_counts_of_the_component_list() -> None:
    """"30 Workshop tiles", "15 Subsidy tiles", "15 Experiment tiles (5 each in 3 different
    Stages)", "15 Extreme Weather tiles (5 each in 3 different levels)", "36 Goal tiles in 4 sets"."""
    assert len(D.workshop_tiles) == 30
    assert len(D.subsidy_tiles) == 15
    assert Counter(e.stage for e in D.experiments) == {1: 5, 2: 5, 3: 5}
    assert Counter(e.level for e in D.extremes) == {1: 5, 2: 5, 3: 5}
    assert len(D.goals) == 36 and Counter(g.set for g in D.goals) == {s: 9 for s in "ABCD"}
    for s in "ABCD":
        assert Counter(g.colour for g in D.goals if g.set == s) == {"G": 3, "L": 3, "R": 3}
    assert D.voucher_start == (4, 1, 1, 1, 2)  # "4 Supply, 1 Government, 1 Lab, 1 R&D, and 2 Science"
    assert D.awards == 12 and D.gov_markers == 3 and D.lativ_bots == 5
    assert D.gov_tokens * 5 == 10 and D.lab_tokens * 5 == 15 and D.rnd_tokens * 5 == 10


def test_cross_references() -> None:
    assert all(0 <= e.science <= 2 for e in D.extremes)  # "(from 0 to 2)"
    assert len(D.line_benefit) == 12 and len(D.line_income) == 6  # 4 sections of 3
    assert len(D.office_colours) == 6 and all(len(r) == 3 for r in D.office_colours)
    assert len(D.slide_benefit) == 6  # 6 Breakthrough markers per player
    for chems in D.rnd_chemical:
        assert all(0 <= w < 5 for w in chems)
    for take, ret in zip(D.chem_take, D.chem_return):
        assert ret < take  # returning never gains more than taking the same slot costs
    assert all(len(col) == 3 for col in D.gov_colours)  # 15 Bot spaces for 15 Subsidy tiles
    metrics = {g.metric for g in D.goals}
    from weather_tabletop.games.weather_machine.rules import metric
    s = fresh(3)
    for m in metrics:
        assert metric(s, 0, m) >= 0


def test_setup() -> None:
    s = fresh(3)
    assert s.phase == "supply" and len(s.exp_display) == 3 and len(s.exp_deck) == 8
    assert s.exp_below != -1
    # "Place the Assistant below the Machine branch indicated by the weather on the tile on top"
    assert s.assistant == D.experiments[s.exp_deck[0]].weather
    # stage I on top of the deck, then stage II, then 2 of stage III
    order = list(s.exp_display) + [s.exp_below] + list(s.exp_deck)
    assert [D.experiments[e].stage for e in order] == [1] * 5 + [2] * 5 + [3] * 2
    for p in s.pl:
        assert sum(p.parts) == 1 and len(p.tiles) == 1 and len(p.goals_hand) == 9
        assert p.tiles[0][:2] == (1, 1)
    assert sorted(p.space for p in s.pl) == [0, 1, 2]
    assert sum(s.lab_tokens) == 10  # "2-3 Player game: Use only 2 of each type"
    two = fresh(2)
    assert all(br[0] == -2 for br in two.lab) and two.lativ_side == 0
    assert [o.key for o in GAME.options] == ["drafting", "new_scientists", "challenges",
                                            "solo_deck_loss"]
