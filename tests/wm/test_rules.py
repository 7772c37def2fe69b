"""Rule tests: each quotes the rulebook sentence it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.wm.helpers import at_step, fresh, run, with_player
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.i18n import tr
from weather_tabletop.games.weather_machine import board as B
from weather_tabletop.games.weather_machine.commands import *  # noqa: F403
from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.rules import GAME, final_scores
from weather_tabletop.games.weather_machine.state import Payment
from weather_tabletop.games.weather_machine.state import EMPTY, GOVERNMENT_MARKER, LATIV

D = load()
SUP, GOV, LAB, RND = 1, 2, 3, 4


def legal(s, seat=0):
    return GAME.legal_commands(s, seat)


def base(players=3):
    """Round 2, all Scientists away from the main locations, Lativ in Supply."""
    s = fresh(players)
    for seat in range(players):
        s = with_player(s, seat, location=SUP, space=seat)
    return s


def reason(s, cmd):
    with pytest.raises(IllegalMove) as exc:
        GAME.decide(s, cmd)
    return tr(exc.value.reason)


# -- Vouchers ------------------------------------------------------------------------------


def test_gain_only_what_fits():
    """"You can only gain a Voucher if you have space for it. If you do not, gain only what you can.\""""
    s = with_player(base(), 0, vouchers=(4, 1, 5, 1, 2), location=GOV)
    s = at_step(s, ("move", 0))
    s = replace(s, pl=s.pl[:1] + tuple(replace(p, location=LAB, space=0) for p in s.pl[1:]))
    s = replace(s, pl=(s.pl[0],) + (replace(s.pl[1], location=LAB, space=0),) + (replace(s.pl[2], location=LAB, space=1),))
    after = run(s, MoveScientist(0, LAB, 2))  # Lab's right space gives R&D: 1 + 2 others
    assert after.pl[0].vouchers[3] == 4
    s2 = with_player(s, 0, vouchers=(4, 1, 1, 5, 2))
    after = run(s2, MoveScientist(0, LAB, 2))
    assert after.pl[0].vouchers[3] == D.voucher_limit[3]


def test_never_pay_what_you_lack_science_as_any_type():
    """"You can never pay what you do not have. However, Science Vouchers may be spent as if they
    were any other type of Voucher.\""""
    s = at_step(with_player(base(), 0, vouchers=(0, 0, 0, 0, 1)), ("pay", 0, 1, 1, ()))
    assert legal(s) == [PayVoucher(0, 4)]
    assert "never pay what you do not have" in reason(s, PayVoucher(0, 1))


def test_science_exchange_only_without_type_or_science():
    """"Science Exchange: Whenever you need to pay a Voucher, and you do not have one of the
    required type (or a Science Voucher), you may pay any 3 other Vouchers instead\""""
    s = at_step(with_player(base(), 0, vouchers=(3, 0, 0, 0, 0)), ("pay", 0, 1, 1, ()))
    assert legal(s) == [ScienceExchange(0, (0, 0, 0))]
    after = run(s, ScienceExchange(0, (0, 0, 0)))
    assert after.pl[0].vouchers == (0, 0, 0, 0, 0)
    s = at_step(with_player(base(), 0, vouchers=(3, 0, 0, 0, 1)), ("pay", 0, 1, 1, ()))
    assert not any(isinstance(c, ScienceExchange) for c in legal(s))


# -- Moving the Scientist -----------------------------------------------------------------


def test_move_to_a_different_location():
    """"Choose any empty action space in a different Location from your current one\""""
    s = at_step(with_player(base(), 0, location=GOV, space=1), ("move", 0))
    assert reason(s, MoveScientist(0, GOV, 0)) == "Move the Scientist: you must move to a different location."


def test_round_one_middle_then_rightmost():
    """"In Round 1, all players must move to the middle space of a Location if the Location is
    empty. If the middle space is occupied, the rightmost space may be chosen instead. The
    leftmost action space cannot be selected in Round 1.\""""
    s = at_step(base(), ("move", 0), round_=1)
    opts = {(c.location, c.space) for c in legal(s) if isinstance(c, MoveScientist)}
    assert opts == {(GOV, 1), (LAB, 1), (RND, 1)}
    s = with_player(s, 1, location=GOV, space=1)
    opts = {(c.location, c.space) for c in legal(s) if isinstance(c, MoveScientist)}
    assert (GOV, 2) in opts and (GOV, 0) not in opts
    assert "Round 1" in reason(s, MoveScientist(0, LAB, 0))


def test_main_location_gains():
    """"you gain the Voucher depicted on the space where you place your Scientist, plus an
    additional 1 Voucher of the same type for each other player to the left of your space. You
    also gain 1 Science Voucher if Lativ is at that Location and also to your left.\""""
    s = base()
    s = with_player(s, 1, location=GOV, space=0)
    s = replace(s, lativ_loc=GOV, lativ_space=1)
    s = at_step(with_player(s, 0, vouchers=(0, 0, 0, 0, 0)), ("move", 0))
    after = run(s, MoveScientist(0, GOV, 2))  # Government's right space: Lab vouchers
    assert after.pl[0].vouchers == (0, 0, 2, 0, 1)
    assert after.lativ_loc == LAB and after.lativ_space == 0  # Lativ moves on


def test_supply_with_lativ_and_two_scientists_to_the_left():
    """Rulebook example: Supply with Lativ there and two Scientists to your left: "gain a
    Voucher of any type ... if Lativ is there, you also gain 1 Science Voucher. Then, you must
    pay 1 Voucher of any type for each other player on spaces to the left of your space.\""""
    s = base()
    s = with_player(s, 0, location=GOV, space=1, vouchers=(0, 0, 0, 0, 0))
    s = with_player(s, 1, location=SUP, space=0)
    s = with_player(s, 2, location=SUP, space=1)
    s = at_step(s, ("move", 0))
    s = run(s, MoveScientist(0, SUP, 2))
    assert s.stack[-1].kind == "gain_any"
    s = run(s, GainVoucher(0, 0))
    assert s.pl[0].vouchers == (1, 0, 0, 0, 1)  # one of my choice and one Science
    assert s.stack[-1] == Payment(0, -1, 2, ())  # pay two
    assert set(legal(s)) == {PayVoucher(0, 0), PayVoucher(0, 4)}
    s = run(s, PayVoucher(0, 0))  # the second payment has one option left: paid at once
    assert s.pl[0].vouchers == (0, 0, 0, 0, 0)
    assert s.lativ_loc == GOV  # "move him to the next Location"


def test_supply_refused_when_you_cannot_pay():
    """"If you cannot pay the Vouchers, you cannot place your Scientist in this Location.\""""
    s = base()
    s = with_player(s, 0, location=GOV, space=1, vouchers=(0, 0, 0, 0, 0))
    s = with_player(s, 1, location=SUP, space=0)
    s = with_player(s, 2, location=SUP, space=1)
    s = replace(s, lativ_loc=OFFICE_LOC, lativ_space=-1)
    s = at_step(s, ("move", 0))
    assert MoveScientist(0, SUP, 2) not in legal(s)
    assert "pay 1 Voucher per Scientist" in reason(s, MoveScientist(0, SUP, 2))


OFFICE_LOC = 5


def test_lativ_places_a_bot_in_the_active_branch_or_the_next():
    """"If Lativ does not have one of his Bots in that branch, place 1 of Lativ's Bots ... If
    Lativ already has a Bot in the branch, or the branch was full, place a Bot in the next branch\""""
    s = replace(base(), lativ_loc=GOV, lativ_space=0, assistant=1)
    lab = list(s.lab)
    lab[1] = (LATIV, EMPTY, EMPTY)
    s = replace(s, lab=tuple(lab), lativ_side=4)
    s = at_step(with_player(s, 0, location=RND), ("move", 0))
    after = run(s, MoveScientist(0, GOV, 1))
    assert after.lab[1] == (LATIV, EMPTY, EMPTY) and after.lab[2][0] == LATIV


def test_two_players_lativ_discards_a_token():
    """"2-Player Game: If Lativ moves to Government or R&D, discard a Research token from Lativ's
    current Location of the same type of weather as the branch where Lativ's Assistant currently is.\""""
    s = replace(base(2), lativ_loc=SUP, assistant=3)
    s = with_player(s, 0, location=LAB, space=1)
    s = with_player(s, 1, location=RND, space=1)
    s = at_step(s, ("move", 0))
    after = run(s, MoveScientist(0, SUP, 0), GainVoucher(0, 0))
    assert after.lativ_loc == GOV and after.gov_tokens[3] == 1 and after.removed_tokens == 1


# -- actions ---------------------------------------------------------------------------------


def test_slash_space_allows_one_action():
    """"You may perform 1 of the actions." (the "/" symbol)"""
    s = with_player(base(), 0, location=LAB, space=1, ws_bots=1, vouchers=(4, 1, 5, 5, 2))
    s = at_step(s, ("actions", 0, LAB, 1, 1))
    assert not any(isinstance(c, (WorkOnExperiment, PublishPaper)) for c in legal(s))
    assert "only 1 of the actions" in reason(s, PublishPaper(0, 0, -1))
    assert "only be performed once per turn" in reason(s, WorkOnExperiment(0, 0, 1))


def test_work_on_experiment_takes_no_chemical_and_displaces_lativ():
    """Our reading of "Perform the 'Work on Experiment' action. You still need to pay the
    Chemical.": the action (steps 1-2) has no Chemical, so none is paid. "you can move one of
    your Bots to a space already containing one of Lativ's Bots. If you do this, move Lativ's
    Bot to another empty space of the same branch. If there is no other empty space, return it
    to the side of the Lab.\""""
    s = with_player(base(), 0, ws_bots=1, chemicals=(0,) * 5)
    lab = list(s.lab)
    lab[2] = (LATIV, 1, 2)
    s = replace(s, lab=tuple(lab), lativ_side=4)
    s = at_step(s, ("benefit_action", 0, "work_experiment"))
    after = run(s, WorkOnExperiment(0, 2, 0))
    assert after.lab[2] == (0, 1, 2) and after.lativ_side == 5
    assert after.pl[0].funding[1] == 1 and after.pl[0].vouchers == s.pl[0].vouchers
    assert after.pl[0].chemicals == (0,) * 5


def test_research_bottom_space():
    """"Pay 1 Chemical of the type depicted to the left of the space, moving it ... to the left
    of where you placed your Bot (not back to the Supply)." "If placing on the bottom space of a
    branch, also pay any 1 Chemical or any 1 Machine Part" and "you gain another Bot from your
    Assembly Line\""""
    s = with_player(base(), 0, ws_bots=1, chemicals=(1, 0, 0, 0, 0), parts=(0, 1, 0, 0, 0),
                    vouchers=(0, 0, 0, 1, 0), tiles=((1, 1, 0, False), (1, 2, 0, False)))
    s = at_step(s, ("actions", 0, RND, 1, 0))
    s = run(s, Research(0, 0, 0))
    assert s.rnd[0][0] == 0 and s.rnd_chem[0][0] == 0 and s.pl[0].chemicals == (0,) * 5
    assert s.pl[0].parts == (0,) * 5  # the only other thing to pay: the part
    assert s.stack[-1].kind == "bot"  # the free Bot
    s = run(s, ConstructBot(0, 0))
    assert s.pl[0].ws_bots == 1 and s.pl[0].vouchers[0] == 0
    assert s.pl[0].pending_tokens == ("R:0",) and s.pl[0].funding[2] == 1


def test_completing_a_branch():
    """"If you place the last Bot in a branch, take an Investment tile instead of a Research
    token. Also, if that type of weather still has a Lock token ... remove the Lock token from
    the game and you may immediately pay 1 Science Voucher to gain 3 CP.\""""
    s = with_player(base(), 0, ws_bots=1, chemicals=(0, 1, 0, 0, 0), vouchers=(0, 0, 0, 1, 1))
    rnd = list(s.rnd)
    rnd[1] = (1, 2, EMPTY)
    chem = list(s.rnd_chem)
    chem[1] = (1, 2, EMPTY)
    cs = [list(x) for x in s.chem_supply]
    cs[1][0] = False
    cs[2][0] = False
    s = replace(s, rnd=tuple(rnd), rnd_chem=tuple(chem), chem_supply=tuple(tuple(x) for x in cs))
    s = at_step(s, ("actions", 0, RND, 1, 0))
    s = run(s, Research(0, 1, 2))
    assert set(legal(s)) == {PayVoucher(0, 3), PayVoucher(0, 4)}  # R&D or Science
    s = run(s, PayVoucher(0, 3))
    assert s.pl[0].investments == 1 and s.pl[0].pending_tokens == () and not s.locks[1]
    assert s.stack[-1].kind == "lock_pay"
    s = run(s, Confirm(0, True))
    assert s.pl[0].cp == 3 + 3  # the space's benefit (3 CP) and the Lock's 3 CP
    assert s.pl[0].vouchers[4] == 0


def test_chemicals_exchange():
    """"you may pay any 2 Vouchers to exchange one of your Chemicals ... The returned Chemical is
    placed on the rightmost matching empty slot of the Supply. Then, take the leftmost Chemical of
    the required type from the Supply\""""
    s = with_player(base(), 0, ws_bots=1, chemicals=(0, 0, 0, 0, 1), vouchers=(2, 0, 0, 1, 0))
    cs = [list(x) for x in s.chem_supply]
    cs[4][0] = cs[4][1] = False
    s = replace(s, chem_supply=tuple(tuple(x) for x in cs))
    s = at_step(s, ("actions", 0, RND, 1, 0))
    s = run(s, Research(0, 0, 1))  # needs Melgoth (wind)
    assert s.chem_supply[4] == (False, True, True, True, True)
    assert s.chem_supply[1] == (False, True, True, True, True)
    assert s.rnd_chem[0][1] == 1 and s.pl[0].chemicals == (0,) * 5
    assert s.pl[0].vouchers == (0, 0, 0, 0, 1)  # all paid; the space gives 1 Science


def test_publish_a_paper_scores_and_unlocks():
    """"2 CP for each Research token in the row and 4 CP for each Award token in the row.
    Citation tokens are not worth any CP." "Take an Investment tile" and the Lock: "you may
    immediately pay 1 Science Voucher to gain 3 CP.\""""
    office = list(fresh().pl[0].office)
    office[0] = ("G:2", "A", "L:2")
    s = with_player(base(), 0, office=tuple(office), vouchers=(0, 0, 2, 0, 0))
    s = at_step(s, ("actions", 0, LAB, 0, 0))
    s = run(s, PublishPaper(0, 0, -1))
    p = s.pl[0]
    assert p.breakthrough[0] == 1 and p.papers == 1 and p.investments == 1
    assert p.cp == 2 + 4 + 2 and not s.locks[2]  # 2+4, plus... the slide benefit is a Science
    assert p.vouchers[4] == 1


def test_citation_needs_the_lock_removed():
    """"if you have 2 tokens in a row of your Office and the Lock token from the corresponding
    Citation space has been removed, you can cite ... choose a Goal tile ... whose color matches
    the space ... Remove that Goal tile from the game\""""
    office = list(fresh().pl[0].office)
    office[0] = ("G:2", "G:2", "")
    s = with_player(base(), 0, office=tuple(office), vouchers=(0, 0, 2, 0, 0))
    s = at_step(s, ("actions", 0, LAB, 0, 0))
    assert not any(isinstance(c, PublishPaper) for c in legal(s))
    s = replace(s, locks=(True, True, False, True, True))
    goal = [g for g in s.pl[0].goals_hand if D.goals[g].colour == "L"][0]
    assert PublishPaper(0, 0, goal) in legal(s)
    s = run(s, PublishPaper(0, 0, goal))
    p = s.pl[0]
    assert p.office[0] == ("G:2", "G:2", "C") and goal not in p.goals_hand and p.citations == 1
    assert p.cp == 4  # Citation tokens are not worth any CP


def test_breakthrough_and_prototype():
    """"For each Bot of another player that provides a part for you, that player gains 2 CP."
    "Gain 2 CP for each of your Bots in the branch, plus 2 CP for each Machine Part you
    provided." "Take an Award token\""""
    s = at_step(breakthrough_ready(base()), ("actions", 0, RND, 0, 0))
    assert Breakthrough(0, 0) in legal(s)
    s = run(s, Breakthrough(0, 0))
    assert s.stack[-1].kind == "bt_space"
    s = run(s, PlaceBreakthrough(0, 0))  # benefit: 2 CP
    assert s.stack[-1].kind == "prototype"
    s = run(s, BuildPrototype(0, 1, 0))
    assert s.pl[0].cp == 2 + 2 * 1 + 2 * 1 and s.pl[1].cp == 2
    assert s.pl[0].parts == (0,) * 5 and s.pl[0].pending_awards == 1 and s.awards_left == 11


def test_nobel_prize_with_the_third_award():
    """"If this was your 3rd Award token, also take the Nobel Prize if still available (this is
    one of the end of game triggers).\""""
    from weather_tabletop.games.weather_machine.rules import Ctx, take_award
    s = with_player(base(), 0, awards=2)
    c = Ctx(replace(s, round=4))
    take_award(c, 0, 0)
    assert c.s.pl[0].nobel and not c.s.nobel_left and c.s.final_round == 5


def test_government_runs_its_machine():
    """"Each player gains 3 CP for each of their Bots in the just completed branch." "Move 1
    Government marker ... to the leftmost empty space on the Extreme Weather tile\""""
    s = with_player(base(), 0, ws_bots=1, parts=(0, 0, 1, 0, 0), vouchers=(0, 1, 0, 0, 0))
    gb = list(s.gov_bots)
    gb[0] = (1, 0, EMPTY)  # column 0 colours: red, yellow, green
    s = replace(s, gov_bots=tuple(gb))
    s = at_step(s, ("actions", 0, GOV, 1, 0))
    s = run(s, SellPart(0, 0, 2))
    if s.stack[-1].kind == "take_subsidy":
        s = run(s, legal(s)[0])
    assert s.pl[0].cp == 6 and s.pl[1].cp == 3
    assert s.ew_bt[0] == (GOVERNMENT_MARKER, EMPTY) and s.ew_gov[0] == 1 and s.gov_markers == 2
    assert "P2" in s.gov_grid[0] and s.pl[0].pending_tokens == ("G:0",)  # the Part replaces the tile
    assert len(s.pl[0].subsidies) == 1 and s.pl[0].funding[0] == 1


def test_cannot_gain_without_workshop_space():
    """"If you do not have space for something, you cannot gain it.\""""
    s = with_player(base(), 0, chemicals=(1, 0, 0, 0, 0))
    s = at_step(s, ("supply_turn", 0), round_=0, phase="supply")
    assert not any(isinstance(c, AcquireChemical) for c in legal(s))
    assert "space" in reason(s, AcquireChemical(0, 2))


def test_tiles_touching_half_circles_must_match():
    """"You can choose one of two orientations ... but the colors on touching semicircles must
    match.\""""
    p = with_player(base(), 0, tiles=((1, 1, 5, False),)).pl[0]  # tile 5: rain over wind
    places = B.tile_placements(p, 9)  # tile 9: wind over sun
    assert not any(r == 0 and c == 1 for r, c, _f in places)  # no rain half-circle to touch
    assert (2, 1, False) in places and (2, 1, True) not in places  # wind must touch wind
    assert (1, 2, False) in places and (1, 2, True) in places  # beside it: no touching circles
    assert B.chem_caps(with_player(base(), 0, tiles=((1, 1, 5, False), (2, 1, 9, False))).pl[0])[1] == 1


def test_experiment_runs():
    """"Gain CP as depicted on the Experiment tile for each Bot you just returned." "Take a
    Research token from below the active branch (if available), immediately placing it\""""
    s = base()
    b = D.experiments[s.exp_display[2]].weather
    lab = list(s.lab)
    lab[b] = (0, 0, 1)
    s = replace(s, lab=tuple(lab), assistant=b)
    s = with_player(s, 0, line=(False, False) + (True,) * 10, tiles=((1, 1, 0, False), (1, 2, 0, False)))
    s = at_step(s, ("fx", -1, "phase_b"), phase="A")
    s = run(s, *[])  # nothing yet
    from weather_tabletop.games.weather_machine.rules import Ctx, advance_flow
    c = Ctx(s)
    advance_flow(c)
    s = c.s
    e = s.exp_display[2] if D.experiments[s.exp_display[2]].weather == b else None
    assert s.stack[-1].kind == "exp_pay" and s.stack[-1].seat == 0
    s = run(s, Confirm(0, True), ChooseBenefit(0, 0))
    tile = [x for x in fresh().exp_display if D.experiments[x].weather == b][-1]
    assert s.pl[0].cp >= D.experiments[tile].cp * 2


def test_final_scoring_and_tiebreakers():
    """"5 CP if a player has the Nobel Prize." Tiebreakers: "1. Number of Awards.\""""
    s = base()
    s = with_player(s, 0, cp=10, awards=1)
    s = with_player(s, 1, cp=10, awards=0)
    s = with_player(s, 2, cp=5, nobel=True)
    lines = {l.seat: l for l in final_scores(s)}
    assert lines[0].rank == 1 and lines[1].rank == 2 and lines[2].total == 10 and lines[2].rank == 2
    assert dict(lines[2].breakdown)["Nobel Prize"] == 5


def test_research_with_no_token_left_takes_an_investment_tile():
    """"5. Take a Research token from below the column (if not available see next paragraph),
    placing it on the space to the top left of your Office." The next paragraph: "If you place
    the last Bot in a branch, take an Investment tile instead of a Research token.\""""
    s = with_player(base(), 0, ws_bots=1, chemicals=(0, 0, 1, 0, 0), vouchers=(0, 0, 0, 1, 0),
                    investments=0)
    s = replace(s, rnd_tokens=(2, 2, 0, 2, 2))  # no Sun R&D Research token left
    s = at_step(s, ("actions", 0, RND, 1, 0))
    s = run(s, Research(0, 2, 2))  # the top space of the Sun branch: the branch is not completed
    p = s.pl[0]
    assert s.rnd[2] == (EMPTY, EMPTY, 0)
    assert p.pending_tokens == () and p.investments == 1
    assert s.rnd_tokens == (2, 2, 0, 2, 2)


# -- Extreme Weather tiles: one set of spaces for Government and Breakthrough markers --------


def breakthrough_ready(s):
    """P1 has published a Rain paper (Office row 1) and can build the Rain prototype: a red Part
    of their own, P2's Bot (green) and their own Bot (black) in the Rain branch of R&D."""
    bt = list(s.pl[0].breakthrough)
    bt[0] = 1
    office = list(s.pl[0].office)
    office[0] = ("G:0", "G:0", "L:0")
    s = with_player(s, 0, breakthrough=tuple(bt), office=tuple(office), vouchers=(0, 0, 0, 2, 0),
                    parts=(1, 0, 0, 0, 0), tiles=((1, 1, 0, False),))
    rnd = list(s.rnd)
    rnd[0] = (EMPTY, 1, 0)
    return replace(s, rnd=tuple(rnd))


def test_a_government_marker_takes_the_leftmost_empty_space_and_can_fix_the_weather():
    """"Move 1 Government marker from the Government area to the leftmost empty space on the
    Extreme Weather tile that matches the branch. If all the spaces on the Extreme Weather tile
    are now full, the weather is fixed: Return the tile to the top of the corresponding stack
    next to the board (discarding any Breakthrough markers on it to the box, and returning any
    Government markers on it back to the Government area).\""""
    s = with_player(base(), 0, ws_bots=1, parts=(0, 0, 1, 0, 0), vouchers=(0, 1, 0, 0, 0))
    gb = list(s.gov_bots)
    gb[0] = (1, 0, EMPTY)
    bt = list(s.ew_bt)
    bt[0] = (EMPTY, 1)  # P2's Breakthrough marker on the right space of the level 1 Rain tile
    s = replace(s, gov_bots=tuple(gb), ew_bt=tuple(bt))
    s = at_step(s, ("actions", 0, GOV, 1, 0))
    s = run(s, SellPart(0, 0, 2))
    if s.stack[-1].kind == "take_subsidy":
        s = run(s, legal(s)[0])
    # the marker filled the left space: the tile is full, the weather fixed, the marker back
    assert s.ew_board[0] == () and s.ew_stack[0] == (0, 5, 10)
    assert s.ew_bt[0] == () and s.gov_markers == 3


def test_a_government_marker_blocks_a_breakthrough_space():
    """"move the Breakthrough marker from that row to any empty space on the Extreme Weather
    tile": a space holding a Government marker is not empty."""
    s = breakthrough_ready(base())
    bt = list(s.ew_bt)
    bt[0] = (GOVERNMENT_MARKER, EMPTY)
    s = replace(s, ew_bt=tuple(bt), gov_markers=2)
    s = at_step(s, ("bt_space", 0, 0))
    assert legal(s) == [PlaceBreakthrough(0, 1)]
    why = reason(s, PlaceBreakthrough(0, 0))
    assert "any empty space on the Extreme Weather tile" in why and "Government marker" in why


def test_the_last_empty_space_filled_by_a_breakthrough_fixes_the_weather_and_the_tile_returns():
    """"After performing this action, if all the spaces on the Extreme Weather tile are now full,
    return the tile to the top of the corresponding stack next to the board. Discard any
    Breakthrough markers on it to the box, and return any Government markers on it back to the
    Government area." Later: "take the top Extreme Weather tile from the stack matching the type
    of weather and place it on the corresponding space in R&D" - the fixed tile comes back."""
    s = breakthrough_ready(base())
    bt = list(s.ew_bt)
    bt[0] = (GOVERNMENT_MARKER, EMPTY)  # a Government marker on the level 1 Rain tile
    s = replace(s, ew_bt=tuple(bt), gov_markers=2)
    s = at_step(s, ("actions", 0, RND, 0, 0))
    s = run(s, Breakthrough(0, 0))  # the only empty space is taken at once: 1 space on R&D
    assert s.stack[-1].kind == "prototype" and s.ew_bt[0] == (GOVERNMENT_MARKER, 0)
    s = run(s, BuildPrototype(0, 1, 0))
    assert s.pl[0].pending_awards == 1
    assert s.ew_board[0] == () and s.ew_stack[0] == (0, 5, 10)  # fixed: back on its stack
    assert s.ew_bt[0] == () and s.gov_markers == 3
    assert B.top_extreme(s, 0) is None  # no Rain tile in R&D: no Rain Breakthrough until it returns
    # the next Rain experiment brings the level 1 tile back, not level 2 or 3
    from weather_tabletop.games.weather_machine.rules import Ctx, experiment_end
    c = Ctx(s)
    experiment_end(c, 0, 0)
    assert c.s.ew_board[0] == (0,) and c.s.ew_stack[0] == (5, 10)
    assert c.s.ew_bt[0] == (EMPTY, EMPTY)


def test_two_breakthroughs_fill_a_level_1_tile():
    """"If all the spaces on the Extreme Weather tile are now full, the weather is fixed": the
    level 1 tile has two spaces, so a second Breakthrough marker fixes it."""
    s = breakthrough_ready(base())
    bt = list(s.ew_bt)
    bt[0] = (EMPTY, 2)  # P3's Breakthrough marker
    s = replace(s, ew_bt=tuple(bt))
    s = at_step(s, ("actions", 0, RND, 0, 0))
    s = run(s, Breakthrough(0, 0), BuildPrototype(0, 1, 0))
    assert s.ew_board[0] == () and s.ew_stack[0] == (0, 5, 10) and s.gov_markers == 3
