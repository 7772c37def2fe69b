"""Gaining things ("Explanation of Benefits", "Vouchers", "Funding Tracks"): Vouchers, CP,
benefits that become steps, Funding, Investment tiles, Subsidy and Investment tiles used, and the
Office tokens placed with the benefits of their spaces."""

from __future__ import annotations

from weather_tabletop.engine.protocol import Command

from . import board as B
from . import words as T
from .board import D
from .commands import SetGoal
from .data import COLOUR_TRACK, V_SCI
from .context import Ctx, name_of
from .options import ACTION_BENEFITS, action_options, bot_options, chem_gain_options, tile_sources
from .state import (AnyVoucher, BonusAction, BotChoice, ChemicalChoice, FundingChoice, GainBenefit,
                    LabFundingChoice, PartChoice, RndFundingChoice, TileChoice)


def gain_vouchers(c: Ctx, seat: int, vtype: int, n: int, log: bool = True) -> None:
    """"You can only gain a Voucher if you have space for it. If you do not, gain only what you
    can.\""""
    g = min(n, B.gain_room(c.p(seat), vtype))
    if g > 0:
        c.padd(seat, "vouchers", g, vtype)
    if log and n > 0:
        who = name_of(c.s, seat)
        if g == n:
            c.log(f"{who} gains {T.voucher(vtype, g)}.")
        elif g > 0:
            c.log(f"{who} gains {T.voucher(vtype, g)}; {T.plural(n - g, 'more does', 'more do')} not fit on the track.")
        else:
            c.log(f"{who} has no room on the {D.voucher_names[vtype]} Voucher track and gains nothing.")


def score(c: Ctx, seat: int, n: int, why: str = "") -> None:
    if n:
        c.padd(seat, "cp", n)
        c.log(f"{name_of(c.s, seat)} scores {n} CP{' ' + why if why else ''}.")


def gain(c: Ctx, seat: int, benefits: tuple[str, ...]) -> None:
    """Gain benefits in order; choices become steps. "Whenever you gain a benefit, you never pay
    Vouchers for it"."""
    if benefits:
        c.push(*[GainBenefit(seat, b) for b in benefits])


def run_benefit(c: Ctx, seat: int, b: str) -> None:
    p = c.p(seat)
    kind, _, arg = b.partition(":")
    if kind == "cp":
        score(c, seat, int(arg))
    elif kind == "endcp":
        c.padd(seat, "end_cp", int(arg))
        c.log(f"{name_of(c.s, seat)} will gain {arg} CP at the end of the game.")
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
    who = name_of(c.s, seat)
    if c.p(seat).funding[track] < D.funding_length - 1:
        c.set(("pl", seat, "funding", track), c.p(seat).funding[track] + 1)
        c.log(f"{who} advances to space {c.p(seat).funding[track] + 1} of {T.track(track)}.")
    else:
        c.log(f"{who} is already on the last space of {T.track(track)}.")


def take_investment(c: Ctx, seat: int) -> None:
    c.padd(seat, "investments", 1)
    c.log(f"{name_of(c.s, seat)} takes an Investment tile.")


def take_chem_from_supply(c: Ctx, seat: int, w: int) -> None:
    slot = B.supply_leftmost(c.s, w)
    c.set(("chem_supply", w, slot), False)
    c.padd(seat, "chemicals", 1, w)


def return_chem_to_supply(c: Ctx, seat: int | None, w: int) -> int:
    slot = B.supply_rightmost_empty(c.s, w)
    c.set(("chem_supply", w, slot), True)
    if seat is not None:
        c.padd(seat, "chemicals", -1, w)
    return slot


def use_subsidy(c: Ctx, seat: int, tile: int) -> None:
    """"you may flip one of them over to gain the benefit printed on it\""""
    subs = tuple((t, False if t == tile and up else up) for t, up in c.p(seat).subsidies)
    c.pset(seat, "subsidies", subs)
    gain(c, seat, (D.subsidy_types[D.subsidy_tiles[tile]],))


def use_investment(c: Ctx, seat: int, cmd: Command) -> None:
    """Setting a Goal / Receive funding (Phase A step 1; also just before final scoring)."""
    c.padd(seat, "investments", -1)
    p = c.p(seat)
    if isinstance(cmd, SetGoal):
        hand = list(p.goals_hand)
        hand.remove(cmd.goal)
        c.pset(seat, "goals_hand", tuple(hand))
        c.pset(seat, "goals_set", p.goals_set + ((cmd.space, cmd.goal, False),))
        gain(c, seat, D.goal_space_benefit[cmd.space])
        return
    c.pset(seat, "goals_set", tuple((sp, g, f or g == cmd.goal) for sp, g, f in p.goals_set))
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
        c.push(LabFundingChoice(seat, D.funding_lab_modifier[pos]))
    else:
        c.push(RndFundingChoice(seat, pos))


def place_token(c: Ctx, seat: int, tok: str, row: int, col: int) -> None:
    p = c.p(seat)
    if tok == "A":
        c.padd(seat, "pending_awards", -1)
    else:
        pend = list(p.pending_tokens)
        pend.remove(tok)
        c.pset(seat, "pending_tokens", tuple(pend))
    c.set(("pl", seat, "office", row, col), tok)
    gain(c, seat, D.office_benefit[row][col])
