"""Rule tests of the round's automatic parts and a few Supply rules, each on a constructed state
and quoting the rulebook sentence it checks: Phase C income, the Drafting colour rule, the final
round's Phase B, Extreme Weather escalation, the Lab funding modifier, Take the Initiative and
the Workshop offer refill."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.wm.helpers import at_step, fresh, run, with_player
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.i18n import tr
from weather_tabletop.games.weather_machine.commands import *  # noqa: F403
from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.events import WorkshopTileTurnedUp
from weather_tabletop.games.weather_machine.rules import GAME, Ctx, advance_flow
from weather_tabletop.games.weather_machine.state import (EMPTY, GOVERNMENT_MARKER, LATIV, AnyVoucher,
                                                         Drafting, LabFundingChoice, SupplyTurn,
                                                         TilePlacement)

D = load()
SUP, GOV, LAB, RND, OFFICE = 1, 2, 3, 4, 5


def base(players=3, **options):
    """Round 2, every Scientist in Supply, Lativ on his Supply space."""
    s = fresh(players, **options)
    for seat in range(players):
        s = with_player(s, seat, location=SUP, space=seat)
    return replace(s, round=2, phase="A")


def flow(s):
    """Run the automatic steps on top of the stack until a seat must choose."""
    c = Ctx(s)
    advance_flow(c)
    c.finish()
    return c.s, c.ev


def logged(events):
    """The log lines of ``events``, rendered (the seats named as in ``base``)."""
    names = fresh(4)
    return [t for t in (tr(GAME.describe_event(names, e)) if GAME.describe_event(names, e) else ""
                        for e in events) if t]


# -- Phase C: income ------------------------------------------------------------------------


def test_income_when_lativ_is_in_his_office():
    """"Income: This only happens at the end of the round in which Lativ is at his Office -
    Location 5. Each player gains the depicted benefits on each empty space of the top two
    sections of their Assembly Line (spaces marked with the icon). After players have gained
    their income, move Lativ to his space in Supply (Location 1).\""""
    s = replace(base(), lativ_loc=OFFICE, lativ_space=-1)
    empty = lambda *slots: tuple(i not in slots for i in range(12))  # noqa: E731
    # seat 0: slots 1-3 empty (Supply, Supply, Science) and slot 7 (bottom sections pay nothing)
    s = with_player(s, 0, line=empty(0, 1, 2, 6), vouchers=(7, 1, 1, 1, 2))
    s = with_player(s, 1, line=empty(), vouchers=(4, 1, 1, 1, 2))
    s = with_player(s, 2, line=empty(3, 4, 5), vouchers=(4, 1, 1, 1, 2))
    assert [D.line_income[i] for i in range(3)] == [("voucher:supply:1",), ("voucher:supply:1",),
                                                    ("voucher:science:1",)]
    after, ev = flow(at_step(s, ("fx", -1, "phase_c"), phase="B"))
    # 7 + 2 Supply Vouchers: "gain only what you can" stops at the track's limit of 8
    assert after.pl[0].vouchers == (D.voucher_limit[0], 1, 1, 1, 3)
    assert after.pl[1].vouchers == (4, 1, 1, 1, 2)
    assert after.pl[2].vouchers == (4, 2, 2, 2, 2)
    assert after.lativ_loc == SUP and after.lativ_space == -1
    assert any(t.startswith("Income: P3 gains 1 Government Voucher, 1 Lab Voucher and 1 R&D Voucher")
               for t in logged(ev))


def test_income_choices_are_made_before_the_next_round(monkeypatch):
    """"PHASE C: End of Round. Adjust turn order. Possible income." and "After players have
    gained their income, move Lativ to his space in Supply (Location 1)." An income benefit that
    asks for a choice (here "Gain any 1 Voucher (including Science)", on the first slot of the
    Assembly Line) is chosen in Phase C, in turn order, before the next round starts. No income
    space of this edition asks for a choice, so the test gives the first slot that benefit."""
    from weather_tabletop.games.weather_machine import board, rounds
    data = replace(D, line_income=(("voucher_any",),) + D.line_income[1:])
    monkeypatch.setattr(rounds, "D", data)  # Phase C's income
    monkeypatch.setattr(board, "D", data)
    s = replace(base(), lativ_loc=OFFICE, lativ_space=-1, turn_order=(0, 1, 2), initiative=(2, 0, 1))
    only_first = (False,) + (True,) * 11  # only the first slot of the Assembly Line is empty
    s = with_player(s, 0, line=only_first, vouchers=(1, 1, 1, 1, 1))
    s = with_player(s, 2, line=only_first, vouchers=(1, 1, 1, 1, 1))
    s, _ev = flow(at_step(s, ("fx", -1, "phase_c"), phase="B"))
    # the new turn order (P3, P1, P2) gains income: P3 chooses first, still in round 2's Phase C
    assert s.stack[-1] == AnyVoucher(2) and s.round == 2 and s.phase == "C"
    assert s.lativ_loc == OFFICE  # he moves once everybody has gained their income
    s = run(s, GainVoucher(2, 4))
    assert s.stack[-1] == AnyVoucher(0) and s.round == 2
    s = run(s, GainVoucher(0, 1))
    assert s.pl[2].vouchers == (1, 1, 1, 1, 2) and s.pl[0].vouchers == (1, 2, 1, 1, 1)
    assert s.lativ_loc == SUP and s.round == 3 and s.phase == "A"
    assert s.stack[-1].seat == 2  # P3 starts round 3


def test_no_income_when_lativ_is_elsewhere():
    """"This only happens at the end of the round in which Lativ is at his Office\""""
    s = replace(base(), lativ_loc=RND, lativ_space=0)
    s = with_player(s, 0, line=(False,) * 6 + (True,) * 6)
    after, _ev = flow(at_step(s, ("fx", -1, "phase_c"), phase="B"))
    assert after.pl[0].vouchers == s.pl[0].vouchers and after.lativ_loc == RND


def test_phase_c_turn_order_from_initiative():
    """"Adjusting Turn Order: Adjust the Turn Order markers to match the order of the Initiative
    markers.\""""
    s = replace(base(), turn_order=(0, 1, 2), initiative=(2, 0, 1))
    after, _ev = flow(at_step(s, ("fx", -1, "phase_c"), phase="B"))
    assert after.turn_order == (2, 0, 1) and after.round == 3
    assert after.stack[-1].seat == 2  # the new first player starts round 3


# -- Drafting Variant -------------------------------------------------------------------------


def draft_choice(s, seat):
    return {(c.symbol, c.colour) for c in GAME.legal_commands(s, seat)}


def test_drafting_colour_rule():
    """"In turn order, each player chooses a set of 3 tiles ... Then, in reverse order, each
    player chooses a second set of tiles, which must be a different color from their first set.
    Finally, in turn order, each player chooses a third set of tiles, which must be a different
    color to their first set and second set.\""""
    s = fresh(3, drafting=True)
    o = s.turn_order
    assert s.stack[-1] == Drafting(o[0], 0)
    assert all(p.goals_hand == () for p in s.pl)
    s = run(s, DraftGoals(o[0], "A", "G"))
    assert ("A", "G") not in draft_choice(s, o[1])  # a set taken by another player is gone
    s = run(s, DraftGoals(o[1], "A", "L"), DraftGoals(o[2], "B", "G"))
    # second pick, reverse order: the last player picks again, never their first colour
    assert s.stack[-1].seat == o[2]
    assert {col for _sym, col in draft_choice(s, o[2])} == {"L", "R"}
    with pytest.raises(IllegalMove) as exc:
        GAME.decide(s, DraftGoals(o[2], "C", "G"))
    assert "different colour" in tr(exc.value.reason)
    s = run(s, DraftGoals(o[2], "C", "R"), DraftGoals(o[1], "B", "R"), DraftGoals(o[0], "A", "R"))
    # third pick, turn order: the one colour not yet taken by that player
    assert s.stack[-1].seat == o[0]
    assert {col for _sym, col in draft_choice(s, o[0])} == {"L"}
    s = run(s, DraftGoals(o[0], "B", "L"))
    assert {col for _sym, col in draft_choice(s, o[1])} == {"G"}
    s = run(s, DraftGoals(o[1], "C", "G"))
    assert {col for _sym, col in draft_choice(s, o[2])} == {"L"}
    s = run(s, DraftGoals(o[2], "D", "L"))
    for p in s.pl:  # "Each player should now have 9 Goal tiles, 3 in each color."
        colours = sorted(D.goals[g].colour for g in p.goals_hand)
        assert colours == ["G"] * 3 + ["L"] * 3 + ["R"] * 3
    assert s.phase == "supply" and s.stack[-1] == SupplyTurn(o[0])


# -- the final round's Phase B ----------------------------------------------------------------


def test_final_round_runs_every_completed_branch_from_the_assistants():
    """"During Phase B of the Final Round, starting with the branch where the Assistant is, and
    proceeding in order of the arrows, check each completed branch of the Weather Machine. For
    each branch, if there is a current Experiment tile matching the type of weather, run the
    experiment following the usual rules. Then, proceed to final scoring." and "play 1 last
    round, skipping Phase C in the final Round.\""""
    rain, sun, fog, snow = 0, 2, 3, 4
    s = base()
    s = replace(s, round=6, final_round=6, assistant=fog, lativ_loc=OFFICE, lativ_space=-1,
                exp_display=(rain, sun, snow), initiative=(2, 1, 0), turn_order=(0, 1, 2))
    lab = list(s.lab)
    lab[fog] = (0, 0, 1)  # completed, but no Fog tile in the display: does not run
    lab[snow] = (1, 1, 1)  # completed with a Snow tile: runs first (Snow follows Fog)
    lab[rain] = (0, 0, LATIV)  # completed with a Rain tile: runs second (Rain follows Snow)
    lab[sun] = (2, EMPTY, EMPTY)  # not completed: does not run
    s = replace(s, lab=tuple(lab), lativ_side=4)
    for seat in range(3):
        s = with_player(s, seat, vouchers=(4, 1, 1, 1, 5), tiles=((1, 1, 0, False), (1, 2, 0, False),
                                                                     (1, 3, 0, False), (1, 4, 0, False)))
    s, ev = flow(at_step(s, ("fx", -1, "phase_b"), round_=6))
    runs = []
    text = logged(ev)
    while not GAME.is_over(s):
        top = s.stack[-1]
        if top.kind == "exp_pay":
            runs.append((D.experiments[top.tile].weather, top.seat))
            cmd = Confirm(top.seat, True)
        else:
            cmd = GAME.legal_commands(s, top.seat)[0]
        events = GAME.decide(s, cmd)
        text += logged(events)
        for e in events:
            s = GAME.apply(s, e)
    assert runs == [(snow, 1), (rain, 0)]
    assert s.pl[1].cp >= 3 * D.experiments[snow].cp and s.pl[0].cp >= 2 * D.experiments[rain].cp
    assert s.lab[fog] == (0, 0, 1) and s.lab[sun] == (2, EMPTY, EMPTY)  # not run: Bots stay
    assert s.lab[snow] == (EMPTY,) * 3 and s.lab[rain] == (EMPTY,) * 3
    # Phase C is skipped: no income, Lativ stays in his Office, the turn order is not adjusted
    assert s.lativ_loc == OFFICE and s.turn_order == (0, 1, 2)
    assert s.exp_display == (rain, sun, snow)  # the display is not prepared again
    assert any(t.startswith("The Snow experiment runs") for t in text)
    assert text.index(next(t for t in text if t.startswith("The Snow experiment runs"))) < \
        text.index(next(t for t in text if t.startswith("The Rain experiment runs")))
    assert any(t.startswith("Final scoring:") for t in text)


# -- Extreme Weather escalation ---------------------------------------------------------------


def test_extreme_weather_escalates_when_the_experiment_runs():
    """"Then, take the top Extreme Weather tile from the stack matching the type of weather and
    place it on the corresponding space in R&D, covering any tile already there. Any
    Breakthrough markers on the existing tile are returned to the box, and any Government
    markers are returned to the Government area.\""""
    wind = 1
    s = base()
    bt = list(s.ew_bt)
    bt[wind] = (GOVERNMENT_MARKER, EMPTY)  # a Government marker on the level 1 tile
    bt[3] = (2, EMPTY)  # P3's Breakthrough marker on the level 1 Fog tile
    s = replace(s, ew_bt=tuple(bt), gov_markers=2)
    assert s.ew_board[wind] == (wind,) and s.ew_stack[wind] == (5 + wind, 10 + wind)
    after, ev = flow(at_step(s, ("fx", -1, "exp_end", wind, wind)))
    assert after.ew_board[wind] == (wind, 5 + wind)  # level 2 covers level 1
    assert after.ew_stack[wind] == (10 + wind,)
    assert after.ew_bt[wind] == (EMPTY,) * len(D.extremes[5 + wind].breakthrough)
    assert after.ew_gov[wind] == 0 and after.gov_markers == 3
    assert any("worsens" in t for t in logged(ev))
    fog = 3
    after, _ev = flow(at_step(after, ("fx", -1, "exp_end", fog, fog)))
    assert after.ew_bt[fog] == (EMPTY,) * len(D.extremes[5 + fog].breakthrough)  # to the box
    # once the level 3 tile is out, nothing is left to place
    s3 = replace(after, ew_board=tuple((w, 5 + w, 10 + w) if w == wind else x for w, x in enumerate(after.ew_board)),
                 ew_stack=tuple(() if w == wind else x for w, x in enumerate(after.ew_stack)))
    again, _ev = flow(at_step(s3, ("fx", -1, "exp_end", wind, 5 + wind)))
    assert again.ew_board[wind] == (wind, 5 + wind, 10 + wind) and again.ew_stack[wind] == ()


def test_no_escalation_when_the_experiment_does_not_run():
    """"If the Experiment Does Not Run... Return any of Lativ's Bots on the active branch to the
    side of the Lab." (the Extreme Weather tile is only placed when it runs)"""
    s = base()
    b = 3
    lab = list(s.lab)
    lab[b] = (LATIV, EMPTY, EMPTY)
    s = replace(s, lab=tuple(lab), lativ_side=4, assistant=b, exp_display=(0, 1, 2))
    after, _ev = flow(at_step(s, ("fx", -1, "phase_b")))
    assert after.ew_board == s.ew_board and after.lab[b] == (EMPTY,) * 3 and after.lativ_side == 5


# -- Funding: the Lab track's modifier --------------------------------------------------------


def lab_goal():
    return next(g.id for g in D.goals if g.colour == "L")


def test_lab_funding_science_then_another_track_with_the_modifier():
    """"Lab Funding track: ... First, gain the Science Vouchers depicted below the space your
    marker is on and every space to the left of it. Then, choose one of the other two tracks and
    gain the benefits of that track, treating your marker as if it were a number of spaces
    further ahead on the track, as depicted by the modifier shown below the position of your
    marker on the Lab Funding track (do not move the marker).\""""
    g = lab_goal()
    s = with_player(base(), 0, funding=(1, 3, 2), investments=1, goals_set=((2, g, False),),
                    vouchers=(4, 1, 1, 1, 0))
    s = at_step(s, ("turn_sub", 0))
    s = run(s, ReceiveFunding(0, g))
    science = sum(D.funding_lab_science[:4])
    assert science == 2 and s.pl[0].vouchers[4] == science
    assert s.pl[0].goals_set == ((2, g, True),)  # the Goal tile is flipped
    modifier = D.funding_lab_modifier[3]
    assert modifier == 2 and s.stack[-1] == LabFundingChoice(0, modifier)
    assert GAME.legal_commands(s, 0) == [ChooseBenefit(0, 0), ChooseBenefit(0, 2)]  # the other two
    # R&D: marker on space 3 treated as space 5: "Gain one benefit depicted on the space your
    # marker is on OR any space to the left of it"
    rnd = run(s, ChooseBenefit(0, 2))
    assert GAME.legal_commands(rnd, 0) == [ChooseBenefit(0, i) for i in range(2 + modifier + 1)]
    rnd = run(rnd, ChooseBenefit(0, 4))
    assert rnd.pl[0].cp == 3 and rnd.stack[-1].kind == "take_part"  # space 5: 3 CP and a part
    # Government: marker on space 2 treated as space 4: every space up to it
    gov = run(s, ChooseBenefit(0, 0))
    expected = [b for i in range(1 + modifier + 1) for b in D.funding_gov[i]]
    assert expected == ["voucher_any", "chemical", "part"]
    assert gov.stack[-1].kind == "gain_any"
    gov = run(gov, GainVoucher(0, 1))
    assert gov.stack[-1].kind == "take_chem"
    gov = run(gov, TakeChemical(0, 0))
    assert gov.stack[-1].kind == "take_part"
    assert gov.pl[0].funding == (1, 3, 2)  # "do not move the marker"


def test_lab_modifier_stops_at_the_end_of_the_track():
    """"treating your marker as if it were a number of spaces further ahead on the track" - never
    past its last space."""
    g = lab_goal()
    last = D.funding_length - 1
    s = with_player(base(), 0, funding=(0, last, last - 1), investments=1, goals_set=((2, g, False),))
    s = run(at_step(s, ("turn_sub", 0)), ReceiveFunding(0, g))
    s = run(s, ChooseBenefit(0, 2))
    assert GAME.legal_commands(s, 0) == [ChooseBenefit(0, i) for i in range(last + 1)]


# -- Take the Initiative ----------------------------------------------------------------------


def test_take_the_initiative():
    """"Take the Initiative: Pay 1 Supply Voucher to move your Initiative marker into a new
    position, sliding all other markers to the left or right, as appropriate. During Phase C, the
    order of the Initiative markers will determine the turn order for the following round.\""""
    s = replace(base(), initiative=(0, 1, 2), turn_order=(0, 1, 2))
    s = with_player(s, 2, vouchers=(4, 1, 1, 1, 0))
    s = at_step(s, ("actions", 2, SUP, 2, 0))
    assert {c.position for c in GAME.legal_commands(s, 2) if isinstance(c, TakeInitiative)} == {0, 1}
    s = run(s, TakeInitiative(2, 0))  # the only way to pay is a Supply Voucher: paid at once
    assert s.initiative == (2, 0, 1) and s.pl[2].vouchers == (3, 1, 1, 1, 0)
    assert s.turn_order == (0, 1, 2)  # not before Phase C
    s = run(s, TakeInitiative(2, 1))  # taken again, it slides the others back
    assert s.initiative == (0, 2, 1)
    after, _ev = flow(at_step(s, ("fx", -1, "phase_c"), phase="B"))
    assert after.turn_order == (0, 2, 1)


def test_initiative_in_the_post_setup_supply_round():
    """"After all players have performed their actions, if any player performed the Take the
    Initiative action, the turn order is adjusted at the end of the Post-Setup Supply Round.\""""
    s = fresh(3)
    o = s.turn_order
    assert s.phase == "supply" and s.stack[-1] == SupplyTurn(o[0])
    s = run(s, TakeInitiative(o[0], 2))
    if s.stack[-1].kind == "pay":
        s = run(s, PayVoucher(o[0], 0))
    assert s.initiative == (o[1], o[2], o[0]) and s.turn_order == o
    s = run(s, Done(o[0]), Done(o[1]))
    assert s.turn_order == o
    s = run(s, Done(o[2]))
    assert s.round == 1 and s.turn_order == (o[1], o[2], o[0])
    assert s.stack[-1].seat == o[1]


# -- Extend Workshop: refilling the offer -----------------------------------------------------


def supply_state(offer, up, down):
    s = replace(base(), offer=offer, up_stack=up, down_stack=down)
    s = with_player(s, 0, vouchers=(4, 1, 1, 1, 0))
    return at_step(s, ("actions", 0, SUP, 0, 0))


def test_offer_is_refilled_from_the_face_up_stack():
    """"Pay 1 Supply Voucher to take any face-up Workshop tile from the offer (the 4 tiles on the
    board, or the tile from the top of the face-up stack). ... Immediately after taking one of
    the tiles from the board, place the top tile from the face-up stack to refill the offer.\""""
    s = supply_state((0, 1, 2, 3), (10, 11), (20, 21))
    assert [c.source for c in GAME.legal_commands(s, 0) if isinstance(c, ExtendWorkshop)] == [0, 1, 2, 3, 4]
    events = GAME.decide(s, ExtendWorkshop(0, 1))
    after = s
    for e in events:
        after = GAME.apply(after, e)
    assert after.offer == (0, 10, 2, 3) and after.up_stack == (11,) and after.down_stack == (20, 21)
    assert after.stack[-1] == TilePlacement(0, 1) and after.pl[0].vouchers[0] == 3
    assert any(isinstance(e, WorkshopTileTurnedUp) and e.reveal for e in events)  # an undo barrier
    # the tile on top of the face-up stack: the offer stays as it is
    top = run(s, ExtendWorkshop(0, 4))
    assert top.offer == (0, 1, 2, 3) and top.up_stack == (11,) and top.stack[-1] == TilePlacement(0, 10)


def test_face_down_stack_turned_over_when_the_face_up_stack_is_empty():
    """"As soon as the face-up stack is empty, flip over the face-down stack so there is a new
    face-up stack.\""""
    s = supply_state((0, 1, 2, 3), (10,), (20, 21, 22))  # face-down: 20 on top, 22 at the bottom
    after = run(s, ExtendWorkshop(0, 2))
    assert after.offer == (0, 1, 10, 3)
    assert after.up_stack == (22, 21, 20) and after.down_stack == ()  # turned over: 22 shows
    top = run(s, ExtendWorkshop(0, 4))  # taking the last face-up tile also turns the stack over
    assert top.offer == (0, 1, 2, 3) and top.up_stack == (22, 21, 20) and top.down_stack == ()


def test_no_refill_when_every_workshop_tile_is_out():
    """"place the top tile from the face-up stack to refill the offer" - with no tile left, the
    space stays empty and cannot be taken again."""
    s = supply_state((0, 1, 2, 3), (), ())
    after = run(s, ExtendWorkshop(0, 0))
    after = run(after, GAME.legal_commands(after, 0)[0])  # place the tile
    assert after.offer == (EMPTY, 1, 2, 3)
    assert [c.source for c in GAME.legal_commands(after, 0) if isinstance(c, ExtendWorkshop)] == [1, 2, 3]
