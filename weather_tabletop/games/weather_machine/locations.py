"""Moving the Scientist ("2. Move Your Scientist"), Lativ ("Moving Lativ") and the Supply
actions that change the board (Extend Workshop, Construct a Bot)."""

from __future__ import annotations

from . import board as B
from . import words as T
from .board import ANY, D, W
from .data import GOVERNMENT, OFFICE, RND, SUPPLY, V_SCI
from .events import Revealed, Set
from .state import (AnyVoucher, EMPTY, GainBenefit, LATIV, LocationActions, MoveLativ, Payment,
                    Step, TilePlacement)
from .benefits import gain, gain_vouchers
from .context import Ctx
from .options import move_gains


def move_scientist(c: Ctx, seat: int, loc: int, space: int) -> None:
    """Move, gain/pay Vouchers, move Lativ, then the actions of the space."""
    n, sci, pay = move_gains(c.s, seat, loc, space)
    c.pset(seat, "location", loc)
    c.pset(seat, "space", space)
    if loc == SUPPLY:
        steps: list[Step] = [AnyVoucher(seat)]
        if sci:
            steps.append(GainBenefit(seat, "voucher:science:1"))
        if pay:
            steps.append(Payment(seat, ANY, pay, ()))
    else:
        gain_vouchers(c, seat, D.main_spaces[loc][space][0], n, log=False)
        gain_vouchers(c, seat, V_SCI, sci, log=False)
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
    c.set(("lativ_loc",), loc)
    c.set(("lativ_space",), space)
    where = {SUPPLY: "his space in Supply", OFFICE: "his Office"}.get(loc) or T.space(loc, space)
    c.log(f"Lativ moves to {where}.")
    if s.players == 2 and loc in (GOVERNMENT, RND):
        a = s.assistant
        key = "gov_tokens" if loc == GOVERNMENT else "rnd_tokens"
        if getattr(c.s, key)[a] > 0:
            c.set((key, a), getattr(c.s, key)[a] - 1)
            c.set(("removed_tokens",), c.s.removed_tokens + 1)
            tok = ("G:" if loc == GOVERNMENT else "R:") + str(a)
            c.log(f"2 players: {T.token(tok)} is discarded, the weather of the Assistant's branch.")
    if c.s.lativ_side > 0:
        for k in range(W):
            b = (c.s.assistant + k) % W
            if LATIV not in c.s.lab[b] and EMPTY in c.s.lab[b]:
                i = c.s.lab[b].index(EMPTY)
                c.set(("lab", b, i), LATIV)
                c.set(("lativ_side",), c.s.lativ_side - 1)
                c.log(f"Lativ places one of his Bots on the {T.branch_space(i)} of the "
                      f"{T.weather(b)} branch of the Weather Machine.")
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
            c.set(("offer", source), up[0])
            c.log(f"The offer is refilled with {T.tile(up[0])} from the face-up Workshop tiles.")
            up = up[1:]
        else:
            c.set(("offer", source), EMPTY)
            c.log("No face-up Workshop tile is left to refill the offer.")
    down = s.down_stack
    if not up and down:
        up, down = tuple(reversed(down)), ()
        c.set(("down_stack",), down)
        c.log("The face-up Workshop tiles are used up: the face-down Workshop tiles are turned over.")
    c.set(("up_stack",), up, Revealed if up else Set)
    c.push(TilePlacement(seat, tile))


def construct_bot(c: Ctx, seat: int, slot: int, free: bool) -> None:
    """"Construct a Bot": the Bot goes to the Workshop; gain the benefit next to the slot."""
    c.set(("pl", seat, "line", slot), False)
    c.padd(seat, "ws_bots", 1)
    gain(c, seat, D.line_benefit[slot])
