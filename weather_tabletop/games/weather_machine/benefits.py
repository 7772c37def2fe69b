"""Gaining things ("Explanation of Benefits", "Vouchers", "Funding Tracks"): Vouchers, CP,
benefits that become steps, Funding, Investment tiles, Subsidy and Investment tiles used, and the
Office tokens placed with the benefits of their spaces."""

from __future__ import annotations

from typing import Any

from weather_tabletop.engine.protocol import Command

from . import board as B
from .board import D
from .commands import SetGoal
from .data import COLOUR_TRACK, V_SCI
from .solo_data import LabFundingModifier
from .context import Ctx, add, applies, put, put2, with_player
from .events import (ChemicalReturned, ChemicalTaken, CP_EVENTS, EndGameCPGained, FundingAdvanced,
                     FundingAtEnd, FundingReceived, GoalSet, InvestmentTaken, AwardTokenPlaced,
                     ResearchTokenPlaced, SubsidyUsed, VoucherChosen, VouchersGained, CPScored)
from .options import ACTION_BENEFITS, action_options, bot_options, chem_gain_options, tile_sources
from .state import (AnyVoucher, BonusAction, BotChoice, ChemicalChoice, FundingChoice, GainBenefit,
                    LabFundingChoice, PartChoice, RndFundingChoice, TileChoice, WMState, evolve)


def gain_vouchers(c: Ctx, seat: int, vtype: int, n: int) -> None:
    """"You can only gain a Voucher if you have space for it. If you do not, gain only what you
    can.\""""
    if n > 0:
        g = min(n, B.gain_room(c.p(seat), vtype))
        c.emit(VouchersGained(seat, vtype, g, n - g))


def score(c: Ctx, event: Any) -> None:
    """Climate Points scored (one of ``CP_EVENTS``: its kind says what scored them)."""
    if event.cp:
        c.emit(event)


def gain(c: Ctx, seat: int, benefits: tuple[str, ...]) -> None:
    """Gain benefits in order; choices become steps. "Whenever you gain a benefit, you never pay
    Vouchers for it"."""
    if benefits:
        c.push(*[GainBenefit(seat, b) for b in benefits])


def run_benefit(c: Ctx, seat: int, b: str) -> None:
    p = c.p(seat)
    kind, _, arg = b.partition(":")
    if kind == "cp":
        score(c, CPScored(seat, int(arg)))
    elif kind == "endcp":
        c.emit(EndGameCPGained(seat, int(arg)))
    elif kind == "voucher":
        t, _, n = arg.partition(":")
        gain_vouchers(c, seat, D.raw["vouchers"]["keys"].index(t), int(n))
    elif kind == "voucher_any":
        if any(B.gain_room(p, t) > 0 for t in range(5)):
            c.push(AnyVoucher(seat))
    elif kind == "chemical":
        if chem_gain_options(c.s, seat):
            c.push(ChemicalChoice(seat))
    elif kind == "part":
        if B.can_gain_part(p):
            c.push(PartChoice(seat))
    elif kind == "investment":
        take_investment(c, seat)
    elif kind == "funding":
        advance(c, seat, ("government", "lab", "rnd").index(arg))
    elif kind == "funding_any":
        if any(x < D.funding_length - 1 for x in p.funding):
            c.push(FundingChoice(seat))
    elif kind == "construct_bot":
        if bot_options(c.s, seat, True):
            c.push(BotChoice(seat, 1))
    elif kind == "extend_workshop":
        if tile_sources(c.s):
            c.push(TileChoice(seat, 1))
    elif kind in ACTION_BENEFITS:
        if action_options(c.s, seat, kind, True):
            c.push(BonusAction(seat, kind))
    else:
        raise ValueError(f"unknown benefit {b!r}")


def advance(c: Ctx, seat: int, track: int) -> None:
    """Advance a Funding marker 1 space (it stops on the last space)."""
    space = c.p(seat).funding[track]
    if space < D.funding_length - 1:
        c.emit(FundingAdvanced(seat, track, space + 1))
    else:
        c.emit(FundingAtEnd(seat, track))


def take_investment(c: Ctx, seat: int) -> None:
    c.emit(InvestmentTaken(seat))


def take_chem_from_supply(c: Ctx, seat: int, w: int) -> None:
    c.emit(ChemicalTaken(seat, w, B.supply_leftmost(c.s, w)))


def return_chem_to_supply(c: Ctx, seat: int, w: int) -> int:
    slot = B.supply_rightmost_empty(c.s, w)
    c.emit(ChemicalReturned(seat, w, slot))
    return slot


def use_subsidy(c: Ctx, seat: int, tile: int) -> None:
    """"you may flip one of them over to gain the benefit printed on it\""""
    c.emit(SubsidyUsed(seat, tile))
    gain(c, seat, (D.subsidy_types[D.subsidy_tiles[tile]],))


def use_investment(c: Ctx, seat: int, cmd: Command) -> None:
    """Setting a Goal / Receive funding (Phase A step 1; also just before final scoring)."""
    if isinstance(cmd, SetGoal):
        c.emit(GoalSet(seat, cmd.goal, cmd.space))
        gain(c, seat, D.goal_space_benefit[cmd.space])
        return
    c.emit(FundingReceived(seat, cmd.goal))
    p = c.p(seat)
    track = COLOUR_TRACK[D.goals[cmd.goal].colour]
    funding_benefits(c, seat, track, p.funding[track], lab_choice=True)


def funding_benefits(c: Ctx, seat: int, track: int, pos: int, lab_choice: bool = True) -> None:
    """"Funding Tracks": Government pays every space up to the marker; Lab pays Science up to the
    marker, then another track with the modifier; R&D pays one space up to the marker."""
    if track == 0:
        items: tuple[str, ...] = ()
        for i in range(pos + 1):
            items += D.funding_gov[i]
        gain(c, seat, items)
    elif track == 1:
        gain_vouchers(c, seat, V_SCI, sum(D.funding_lab_science[: pos + 1]))
        modifier = D.funding_lab_modifier[pos]
        if c.s.solo is not None:  # solo §6 Budget Cuts: the modifier counts as +0
            for e in c.s.solo.effects(LabFundingModifier):
                modifier = e.n
        c.push(LabFundingChoice(seat, modifier))
    else:
        c.push(RndFundingChoice(seat, pos))


def place_token(c: Ctx, seat: int, tok: str, row: int, col: int) -> None:
    if tok == "A":
        c.emit(AwardTokenPlaced(seat, row, col))
    else:
        c.emit(ResearchTokenPlaced(seat, tok, row, col))
    gain(c, seat, D.office_benefit[row][col])


# -- how these events change the state --------------------------------------------------------


@applies(VouchersGained)
def _vouchers_gained(s: WMState, e: VouchersGained) -> WMState:
    if not e.n:
        return s
    return with_player(s, e.seat, vouchers=add(s.pl[e.seat].vouchers, e.vtype, e.n))


@applies(VoucherChosen)
def _voucher_chosen(s: WMState, e: VoucherChosen) -> WMState:
    return with_player(s, e.seat, vouchers=add(s.pl[e.seat].vouchers, e.vtype, 1))


def _cp_scored(s: WMState, e: Any) -> WMState:
    return with_player(s, e.seat, cp=s.pl[e.seat].cp + e.cp)


for _cls in CP_EVENTS:
    applies(_cls)(_cp_scored)


@applies(EndGameCPGained)
def _end_game_cp_gained(s: WMState, e: EndGameCPGained) -> WMState:
    return with_player(s, e.seat, end_cp=s.pl[e.seat].end_cp + e.cp)


@applies(FundingAdvanced)
def _funding_advanced(s: WMState, e: FundingAdvanced) -> WMState:
    return with_player(s, e.seat, funding=put(s.pl[e.seat].funding, e.track, e.space))


@applies(FundingAtEnd)
def _funding_at_end(s: WMState, e: FundingAtEnd) -> WMState:
    return s


@applies(InvestmentTaken)
def _investment_taken(s: WMState, e: InvestmentTaken) -> WMState:
    return with_player(s, e.seat, investments=s.pl[e.seat].investments + 1)


@applies(ChemicalTaken)
def _chemical_taken(s: WMState, e: ChemicalTaken) -> WMState:
    s = with_player(s, e.seat, chemicals=add(s.pl[e.seat].chemicals, e.weather, 1))
    return evolve(s, "chem_supply", put2(s.chem_supply, e.weather, e.slot, False))


@applies(ChemicalReturned)
def _chemical_returned(s: WMState, e: ChemicalReturned) -> WMState:
    s = with_player(s, e.seat, chemicals=add(s.pl[e.seat].chemicals, e.weather, -1))
    return evolve(s, "chem_supply", put2(s.chem_supply, e.weather, e.slot, True))


@applies(SubsidyUsed)
def _subsidy_used(s: WMState, e: SubsidyUsed) -> WMState:
    """The Subsidy tile flipped over (its blue side down)."""
    subs = tuple((t, False if t == e.tile and up else up) for t, up in s.pl[e.seat].subsidies)
    return with_player(s, e.seat, subsidies=subs)


@applies(GoalSet)
def _goal_set(s: WMState, e: GoalSet) -> WMState:
    p = s.pl[e.seat]
    hand = list(p.goals_hand)
    hand.remove(e.goal)
    return with_player(s, e.seat, investments=p.investments - 1, goals_hand=tuple(hand),
                       goals_set=p.goals_set + ((e.space, e.goal, False),))


@applies(FundingReceived)
def _funding_received(s: WMState, e: FundingReceived) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, investments=p.investments - 1,
                       goals_set=tuple((sp, g, f or g == e.goal) for sp, g, f in p.goals_set))


@applies(ResearchTokenPlaced)
def _research_token_placed(s: WMState, e: ResearchTokenPlaced) -> WMState:
    p = s.pl[e.seat]
    pend = list(p.pending_tokens)
    pend.remove(e.token)
    return with_player(s, e.seat, pending_tokens=tuple(pend),
                       office=put2(p.office, e.row, e.col, e.token))


@applies(AwardTokenPlaced)
def _award_token_placed(s: WMState, e: AwardTokenPlaced) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, pending_awards=p.pending_awards - 1,
                       office=put2(p.office, e.row, e.col, "A"))
