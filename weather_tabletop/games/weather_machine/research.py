"""Location 4: R&D (Research, Completing a Branch, Breakthrough, "Building a Prototype") and the
Award tokens and Nobel Prize a Breakthrough brings."""

from __future__ import annotations

from . import board as B
from .board import ANY, D
from .state import (EMPTY, Award, ChemicalNeeded, ExtraPartsReturn, ExtraPayment, GainBenefit, Lock,
                    Payment, PrototypeFinish, PrototypePartsNeeded, ResearchEnd, Step, WMState,
                    evolve, evolve_fields)
from .benefits import advance, return_chem_to_supply, score, take_investment
from .context import Ctx, applies, put2, trigger, with_player
from .events import (ResearchTokenTaken, NoResearchTokenLeft, AwardTaken, NoAwardLeft, NobelPrizeAwarded, PrototypeBuilt,
                     PrototypeCPScored, PrototypeHelpCPScored, ResearchBotPlaced,
                     ResearchBranchCompleted, ResearchChemicalPaid, SupplyChemicalUsed)
from .government import fix_weather
from .options import prototype_need
from .solo_data import NoSaboteurParts
from .solo_state import SABOTEUR


def research(c: Ctx, seat: int, b: int, i: int) -> None:
    """Research steps 1-3 (R&D Funding, a Bot, the Chemical; bottom space: another payment)."""
    advance(c, seat, 2)
    c.emit(ResearchBotPlaced(seat, b, i))
    w = D.rnd_chemical[b][i]
    steps: list[Step] = []
    if c.p(seat).chemicals[w] > 0:
        c.emit(ResearchChemicalPaid(seat, w, b, i, False))
    else:
        steps.append(ChemicalNeeded(seat, w, b, i))
    if i == 0:
        steps.append(ExtraPayment(seat))
    steps.append(ResearchEnd(seat, b, i))
    c.push(*steps)


def chemicals_exchange(c: Ctx, seat: int, give: int, w: int, b: int, i: int) -> None:
    """Chemicals Exchange: pay 2 Vouchers; your Chemical to the rightmost empty matching slot;
    the leftmost Chemical of the type needed is used at once."""
    return_chem_to_supply(c, seat, give)
    c.emit(SupplyChemicalUsed(w, B.supply_leftmost(c.s, w), b, i))
    c.push(Payment(seat, ANY, 2, ()))


def research_end(c: Ctx, seat: int, b: int, i: int) -> None:
    """Research steps 4-5 and Completing a Branch in R&D.

    "5. Take a Research token from below the column (if not available see next paragraph)" and
    that paragraph: "If you place the last Bot in a branch, take an Investment tile instead of a
    Research token." A column with no token left gives the Investment tile too, as Sell a Part
    does ("If there are no Research tokens remaining in the column, take an Investment tile")."""
    steps: list[Step] = [GainBenefit(seat, x) for x in D.rnd_benefit[i]]
    if all(x != EMPTY for x in c.s.rnd[b]):
        c.emit(ResearchBranchCompleted(seat, b))
        steps.append(Lock(seat, b))
    elif c.s.rnd_tokens[b] > 0:
        c.emit(ResearchTokenTaken(seat, f"R:{b}", False))
    else:
        c.emit(NoResearchTokenLeft(seat, f"R:{b}"))
        take_investment(c, seat)
    c.push(*steps)
    if all(x != EMPTY for br in c.s.rnd for x in br):
        trigger(c, "wm.trigger.research")


def build_prototype(c: Ctx, seat: int, w: int, row: int, own: int) -> None:
    """"Building a Prototype": exchanges first if needed, then 2 CP per own Bot in the branch and
    per part provided, 2 CP to the owner of each other Bot used; parts returned with any parts
    that must stay in the same row."""
    need, deficit = prototype_need(c.s, seat, w, row, own)
    if deficit:
        c.push(PrototypePartsNeeded(seat, w, row, own), PrototypeFinish(seat, w, row, own))
        return
    finish_prototype(c, seat, w, row, own)


def finish_prototype(c: Ctx, seat: int, w: int, row: int, own: int) -> None:
    need, _d = prototype_need(c.s, seat, w, row, own)
    p = c.p(seat)
    extras = B.forced_extras(p, row, len(need))
    parts = [0] * len(p.parts)
    for x in need:
        parts[x] += 1
    c.emit(PrototypeBuilt(seat, w, tuple(parts)))
    mine = sum(1 for x in c.s.rnd[w] if x == seat)
    score(c, PrototypeCPScored(seat, 2 * mine + 2 * len(need), w, mine, len(need)))
    saboteur_parts = 0
    for i in range(3):
        o = c.s.rnd[w][i]
        if o == SABOTEUR:  # solo §4.2: +2 TV per Saboteur Bot providing a part
            if not own & (1 << i) and not c.s.solo.effects(NoSaboteurParts):
                saboteur_parts += 1
        elif o != EMPTY and o != seat and not own & (1 << i):
            score(c, PrototypeHelpCPScored(o, 2, seat))
    if saboteur_parts:
        from .saboteurs import prototype_tv  # (saboteurs reads the base rules)
        prototype_tv(c, saboteur_parts)
    steps: list[Step] = []
    if extras:
        steps.append(ExtraPartsReturn(seat, extras))
    steps.append(Award(seat, w))
    c.push(*steps)


def take_award(c: Ctx, seat: int, w: int) -> None:
    """Breakthrough step 4 (Award, the Nobel Prize with the 3rd) and a full tile."""
    if c.s.awards_left > 0:
        c.emit(AwardTaken(seat, c.p(seat).awards + 1))
        if c.p(seat).awards == 3 and c.s.nobel_left:
            c.emit(NobelPrizeAwarded(seat))
            trigger(c, "wm.trigger.nobel", seat)
    else:
        c.emit(NoAwardLeft())
    if B.extreme_full(c.s, w):
        fix_weather(c, w)


# -- how the events of Breakthroughs change the state -----------------------------------------


@applies(AwardTaken)
def _award_taken(s: WMState, e: AwardTaken) -> WMState:
    """The Award token goes from the reserve to the space top-left of the Office."""
    p = s.pl[e.seat]
    pl = list(s.pl)
    pl[e.seat] = evolve_fields(p, pending_awards=p.pending_awards + 1, awards=p.awards + 1)
    return evolve_fields(s, awards_left=s.awards_left - 1, pl=tuple(pl))


@applies(NobelPrizeAwarded)
def _nobel_prize_awarded(s: WMState, e: NobelPrizeAwarded) -> WMState:
    pl = list(s.pl)
    pl[e.seat] = evolve(pl[e.seat], "nobel", True)
    return evolve_fields(s, nobel_left=False, pl=tuple(pl))



# -- how the events of R&D change the state ---------------------------------------------------


@applies(ResearchBotPlaced)
def _research_bot_placed(s: WMState, e: ResearchBotPlaced) -> WMState:
    s = with_player(s, e.seat, ws_bots=s.pl[e.seat].ws_bots - 1)
    return evolve(s, "rnd", put2(s.rnd, e.branch, e.space, e.seat))


@applies(SupplyChemicalUsed)
def _supply_chemical_used(s: WMState, e: SupplyChemicalUsed) -> WMState:
    return evolve_fields(s, chem_supply=put2(s.chem_supply, e.weather, e.slot, False),
                         rnd_chem=put2(s.rnd_chem, e.branch, e.space, e.weather))


@applies(ResearchBranchCompleted)
def _research_branch_completed(s: WMState, e: ResearchBranchCompleted) -> WMState:
    return with_player(s, e.seat, investments=s.pl[e.seat].investments + 1)


@applies(PrototypeBuilt)
def _prototype_built(s: WMState, e: PrototypeBuilt) -> WMState:
    return with_player(s, e.seat, parts=tuple(a - b for a, b in zip(s.pl[e.seat].parts, e.parts)))


@applies(NoAwardLeft)
def _no_award_left(s: WMState, e: NoAwardLeft) -> WMState:
    return s
