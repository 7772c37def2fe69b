"""Moving the Scientist ("2. Move Your Scientist"), Lativ ("Moving Lativ") and the Supply
actions that change the board (Extend Workshop, Construct a Bot)."""

from __future__ import annotations

from . import board as B
from .board import ANY, D, W
from .data import GOVERNMENT, OFFICE, RND, SUPPLY, V_SCI
from .events import (BotBuilt, FaceUpStackEmptied, LativBotPlaced, LativMoved, OfferNotRefilled,
                     OfferRefilled, ResearchTokenDiscarded, ScientistMoved, WorkshopStackTurnedOver,
                     WorkshopTileTurnedUp)
from .state import (AnyVoucher, EMPTY, GainBenefit, LATIV, LocationActions, MoveLativ, Payment,
                    Step, TilePlacement, WMState, evolve, evolve_fields)
from .benefits import gain
from .context import Ctx, add, applies, put, put2, with_player
from .options import move_gains


def move_scientist(c: Ctx, seat: int, loc: int, space: int) -> None:
    """Move, gain/pay Vouchers, move Lativ, then the actions of the space."""
    n, sci, pay = move_gains(c.s, seat, loc, space)
    gained = [0] * 5
    if loc != SUPPLY:
        # the Vouchers of the space, then Lativ's Science Voucher: "gain only what you can"
        p = c.p(seat)
        vt = D.main_spaces[loc][space][0]
        gained[vt] += min(n, B.gain_room(p, vt))
        p = evolve(p, "vouchers", add(p.vouchers, vt, gained[vt]))
        gained[V_SCI] += min(sci, B.gain_room(p, V_SCI))
    c.emit(ScientistMoved(seat, loc, space, tuple(gained)))
    if loc == SUPPLY:
        steps: list[Step] = [AnyVoucher(seat)]
        if sci:
            steps.append(GainBenefit(seat, "voucher:science:1"))
        if pay:
            steps.append(Payment(seat, ANY, pay, ()))
    else:
        steps = []
    if c.s.lativ_loc == loc:
        steps.append(MoveLativ(seat))
    steps.append(LocationActions(seat, loc, space, 0))
    c.push(*steps)


def move_lativ(c: Ctx) -> None:
    """"Moving Lativ": to the next Location (leftmost empty space in 2-4), then a Lativ Bot."""
    s = c.s
    loc = s.lativ_loc + 1
    while True:
        if loc in (SUPPLY, OFFICE):
            space = -1
            break
        free = [i for i in range(3) if B.occupant(s, loc, i) == EMPTY]
        if free:
            space = free[0]
            break
        loc += 1
    c.emit(LativMoved(loc, space))
    if s.players <= 2 and loc in (GOVERNMENT, RND):  # solo §4.2: the 2-player discard too
        a = s.assistant
        key = "gov_tokens" if loc == GOVERNMENT else "rnd_tokens"
        if getattr(c.s, key)[a] > 0:
            c.emit(ResearchTokenDiscarded(("G:" if loc == GOVERNMENT else "R:") + str(a)))
    if c.s.lativ_side > 0:
        for k in range(W):
            b = (c.s.assistant + k) % W
            if LATIV not in c.s.lab[b] and EMPTY in c.s.lab[b]:
                c.emit(LativBotPlaced(b, c.s.lab[b].index(EMPTY)))
                break


def take_tile(c: Ctx, seat: int, source: int, free: bool) -> None:
    """"Extend Workshop": take a face-up tile; refill the offer from the face-up stack, which is
    replaced by the face-down stack turned over when empty."""
    s = c.s
    if source == 4:
        tile = s.up_stack[0]
        up = s.up_stack[1:]
    else:
        tile = s.offer[source]
        up = s.up_stack
        if up:
            c.emit(OfferRefilled(source, up[0]))
            up = up[1:]
        else:
            c.emit(OfferNotRefilled(source))
    down = s.down_stack
    if not up and down:
        up = tuple(reversed(down))
        c.emit(WorkshopStackTurnedOver())
    c.emit(WorkshopTileTurnedUp(up) if up else FaceUpStackEmptied())
    c.push(TilePlacement(seat, tile))


def construct_bot(c: Ctx, seat: int, slot: int, free: bool) -> None:
    """"Construct a Bot": the Bot goes to the Workshop; gain the benefit next to the slot."""
    c.emit(BotBuilt(seat, slot))
    gain(c, seat, D.line_benefit[slot])


# -- how the events of Supply, the Scientist and Lativ change the state ------------------------


@applies(ScientistMoved)
def _scientist_moved(s: WMState, e: ScientistMoved) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, location=e.location, space=e.space,
                       vouchers=tuple(a + b for a, b in zip(p.vouchers, e.vouchers)))


@applies(LativMoved)
def _lativ_moved(s: WMState, e: LativMoved) -> WMState:
    return evolve_fields(s, lativ_loc=e.location, lativ_space=e.space)


@applies(ResearchTokenDiscarded)
def _research_token_discarded(s: WMState, e: ResearchTokenDiscarded) -> WMState:
    key = "gov_tokens" if e.token[0] == "G" else "rnd_tokens"
    a = int(e.token[2:])
    return evolve_fields(s, **{key: add(getattr(s, key), a, -1)},
                         removed_tokens=s.removed_tokens + 1)


@applies(LativBotPlaced)
def _lativ_bot_placed(s: WMState, e: LativBotPlaced) -> WMState:
    return evolve_fields(s, lab=put2(s.lab, e.branch, e.space, LATIV),
                         lativ_side=s.lativ_side - 1)


@applies(OfferRefilled)
def _offer_refilled(s: WMState, e: OfferRefilled) -> WMState:
    return evolve(s, "offer", put(s.offer, e.source, e.tile))


@applies(OfferNotRefilled)
def _offer_not_refilled(s: WMState, e: OfferNotRefilled) -> WMState:
    return evolve(s, "offer", put(s.offer, e.source, EMPTY))


@applies(WorkshopStackTurnedOver)
def _workshop_stack_turned_over(s: WMState, e: WorkshopStackTurnedOver) -> WMState:
    """The face-down tiles become the face-up stack (``WorkshopTileTurnedUp`` follows)."""
    return evolve(s, "down_stack", ())


@applies(WorkshopTileTurnedUp)
def _workshop_tile_turned_up(s: WMState, e: WorkshopTileTurnedUp) -> WMState:
    return evolve(s, "up_stack", e.stack)


@applies(FaceUpStackEmptied)
def _face_up_stack_emptied(s: WMState, e: FaceUpStackEmptied) -> WMState:
    return evolve(s, "up_stack", ())


@applies(BotBuilt)
def _bot_built(s: WMState, e: BotBuilt) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, line=put(p.line, e.slot, False), ws_bots=p.ws_bots + 1)
