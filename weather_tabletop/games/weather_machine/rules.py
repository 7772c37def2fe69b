"""The rules of Weather Machine (Vital Lacerda), 2-4 players, as the engine's Game protocol.

Section names in docstrings and IllegalMove reasons quote the English rulebook
(``weather-machine.en.txt``). Multi-step actions are a stack of pending decisions in the state
(see ``state.py``): a command answers the step on top; automatic steps ("fx") run in ``decide``
until a seat has to choose again. ``legal_commands`` lists the options of the top step (with
the Award token placements of the seat's own turn, which may interrupt any step of it), and
``decide`` accepts exactly those (it refuses anything else with the rule's reason).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Callable, Hashable

from weather_tabletop.engine.chance import rng
from weather_tabletop.engine.protocol import (Colour, Command, Event, GameConfig, IllegalMove,
                                              OptionSpec, ScoreLine)

from . import board as B
from . import words as T
from .board import ANY, D, W, set_in
from .commands import *  # noqa: F401,F403 - the command classes
from .commands import COMMANDS
from .data import (COLOUR_TRACK, GOVERNMENT, LAB, OFFICE, RND, SUPPLY, TRACK_NAMES, V_GOV, V_LAB,
                   V_RND, V_SCI, V_SUPPLY)
from .events import EVENTS, Dealt, Logged, Revealed, Set
from .state import BLOCKED, EMPTY, GOVERNMENT_MARKER, LATIV, PlayerState, WMState, evolve_fields

LOC_NAMES = T.LOC_NAMES
ACTIONS = {GOVERNMENT: ("Sell a Part", "Secure Subsidy"), LAB: ("Work on Experiment", "Publish a Paper"),
           RND: ("Research", "Breakthrough")}
ACTION_BENEFITS = ("sell_part", "work_experiment", "publish", "breakthrough")
#: The steps between the parts of a turn (and the last placement before final scoring): they
#: wait for the player even when placing an Award token is all that is left to do there.
FREE_MOMENTS = ("turn_sub", "move", "actions", "tokens", "final_place")


# -- the working context of decide -----------------------------------------------------------


class Ctx:
    """Applies each event to a working copy as ``decide`` produces it."""

    def __init__(self, state: WMState) -> None:
        self.s = state
        self.ev: list[Event] = []

    def set(self, path: tuple, value: Any, cls: type = Set) -> None:
        e = cls(tuple(path), value)
        self.ev.append(e)
        new = set_in(self.s, e.path, value)
        # the match applies this event to this state next: keep the result for ``apply`` (a
        # memo in ``__dict__``, never a field; ``apply`` uses it up)
        self.s.__dict__["_ahead"] = (e, new)
        self.s = new

    def log(self, text: str) -> None:
        self.ev.append(Logged(text[:1].upper() + text[1:]))

    def p(self, seat: int) -> PlayerState:
        return self.s.pl[seat]

    def pset(self, seat: int, field: str, value: Any) -> None:
        self.set(("pl", seat, field), value)

    def padd(self, seat: int, field: str, delta: int, index: int | None = None) -> None:
        cur = getattr(self.p(seat), field)
        if index is None:
            self.pset(seat, field, cur + delta)
        else:
            self.set(("pl", seat, field, index), cur[index] + delta)

    def top(self) -> tuple:
        return self.s.stack[-1]

    def push(self, *steps: tuple) -> None:
        """Push steps; the first one given ends on top (runs first)."""
        self.set(("stack",), self.s.stack + tuple(reversed(steps)))

    def pop(self) -> tuple:
        top = self.s.stack[-1]
        self.set(("stack",), self.s.stack[:-1])
        return top

    def retop(self, step: tuple) -> None:
        self.set(("stack",), self.s.stack[:-1] + (step,))


def fx(seat: int, name: str, *args: Any) -> tuple:
    return ("fx", seat, name, *args)


def name_of(s: WMState, seat: int) -> str:
    return s.names[seat] if 0 <= seat < len(s.names) else "Lativ"


# -- gains ("Explanation of Benefits", "Vouchers") ------------------------------------------


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
        c.push(*[fx(seat, "benefit", b) for b in benefits])


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
            c.push(("gain_any", seat))
    elif kind == "chemical":
        if chem_gain_options(c.s, seat):
            c.push(("take_chem", seat))
    elif kind == "part":
        if B.can_gain_part(p):
            c.push(("take_part", seat))
    elif kind == "investment":
        take_investment(c, seat)
    elif kind == "funding":
        advance(c, seat, ("government", "lab", "rnd").index(arg))
    elif kind == "funding_any":
        if any(x < D.funding_length - 1 for x in p.funding):
            c.push(("funding_any", seat))
    elif kind == "construct_bot":
        if bot_options(c.s, seat, True):
            c.push(("bot", seat, 1))
    elif kind == "extend_workshop":
        if tile_sources(c.s):
            c.push(("tile_choice", seat, 1))
    elif kind in ACTION_BENEFITS:
        if action_options(c.s, seat, kind, True):
            c.push(("benefit_action", seat, kind))
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


def chem_gain_options(s: WMState, seat: int) -> list[int]:
    fits = B.chem_gain_weathers(s.pl[seat])
    return [w for w in range(W) if fits[w] and any(s.chem_supply[w])]


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


# -- options of each action ("Location Actions") --------------------------------------------


def tile_sources(s: WMState) -> list[int]:
    out = [i for i in range(4) if s.offer[i] != EMPTY]
    if s.up_stack:
        out.append(4)
    return out


def bot_options(s: WMState, seat: int, free: bool) -> list[int]:
    p = s.pl[seat]
    if not B.can_gain_bot(p):
        return []
    return [i for i in B.bot_slots(p)
            if free or B.vouchers_feasible(p.vouchers, [(V_SUPPLY, D.line_cost[i // 3])])]


def sell_options(s: WMState, seat: int, free: bool) -> list[tuple[int, int]]:
    p = s.pl[seat]
    if p.ws_bots < 1:
        return []
    out = []
    for col in range(W):
        for row in range(3):
            if s.gov_bots[col][row] != EMPTY:
                continue
            colour = D.gov_colours[col][row]
            demands = [] if free else [(V_GOV, 1)]
            if p.parts[colour] == 0:
                if sum(p.parts) == 0:
                    continue
                demands.append((ANY, 2))
            if B.vouchers_feasible(p.vouchers, demands):
                out.append((col, row))
    return out


def secure_options(s: WMState, seat: int, free: bool) -> list[tuple[int, int]]:
    p = s.pl[seat]
    if not free and not B.vouchers_feasible(p.vouchers, [(V_GOV, 2)]):
        return []
    return [(col, row) for col in range(W) for row in range(3) if s.gov_grid[col][row].endswith("+")]


def work_options(s: WMState, seat: int, free: bool) -> list[tuple[int, int]]:
    p = s.pl[seat]
    if p.ws_bots < 1 or not (free or B.vouchers_feasible(p.vouchers, [(V_LAB, 1)])):
        return []
    return [(b, i) for b in range(W) for i in range(D.lab_spaces[b]) if s.lab[b][i] in (EMPTY, LATIV)]


def publish_options(s: WMState, seat: int, free: bool) -> list[tuple[int, int]]:
    """"choose a completed row in your Office which has a Breakthrough marker next to the tokens
    and at least one of the tokens is a Research token"; with 2 tokens, a Citation may complete
    the row first ("Citations")."""
    p = s.pl[seat]
    if not (free or B.vouchers_feasible(p.vouchers, [(V_LAB, 2)])):
        return []
    out = []
    for r in range(6):
        if p.breakthrough[r] != 0 or B.row_research(p, r) < 1:
            continue
        n = B.row_tokens(p, r)
        if n == 3:
            out.append((r, -1))
        elif n == 2:
            w = B.row_weather(p, r)
            if s.locks[w]:
                continue
            col = [c for c in range(3) if not p.office[r][c]][0]
            colour = D.office_colours[r][col]
            for g in sorted(set(p.goals_hand)):
                if D.goals[g].colour == colour:
                    out.append((r, g))
    return out


def research_options(s: WMState, seat: int, free: bool) -> list[tuple[int, int]]:
    p = s.pl[seat]
    if p.ws_bots < 1:
        return []
    out = []
    for b in range(W):
        for i in range(3):
            if s.rnd[b][i] != EMPTY:
                continue
            w = D.rnd_chemical[b][i]
            demands = [] if free else [(V_RND, 1)]
            if p.chemicals[w] == 0:
                if sum(p.chemicals) == 0 or not any(s.chem_supply[w]):
                    continue
                demands.append((ANY, 2))
            if i == 0 and sum(p.chemicals) - 1 + sum(p.parts) < 1:
                continue
            if B.vouchers_feasible(p.vouchers, demands):
                out.append((b, i))
    return out


def prototype_need(s: WMState, seat: int, w: int, row: int, own: int) -> tuple[list[int], int] | None:
    """The parts ``seat`` provides for the prototype of weather ``w`` with the given choices, and
    the Machine Parts Exchanges needed; None if impossible ("Building a Prototype")."""
    t = B.top_extreme(s, w)
    if t is None:
        return None
    p = s.pl[seat]
    need = list(D.extremes[t].top_parts)
    for i in range(3):
        occupied = s.rnd[w][i] != EMPTY
        if own & (1 << i) and not occupied:
            return None
        if not occupied or own & (1 << i):
            need.append(D.rnd_parts[w][i])
    if len(need) > B.row_capacity(p, row):
        return None
    counts = [need.count(x) for x in range(W)]
    deficit = sum(max(0, counts[x] - p.parts[x]) for x in range(W))
    surplus = sum(p.parts) - sum(min(counts[x], p.parts[x]) for x in range(W))
    if deficit > surplus:
        return None
    return need, deficit


def prototype_options(s: WMState, seat: int, w: int, later: list[tuple[int, int]]) -> list[tuple[int, int]]:
    p = s.pl[seat]
    out = []
    masks = [m for m in range(8) if all(s.rnd[w][i] != EMPTY or not m & (1 << i) for i in range(3))]
    for row in range(3):
        for m in masks:
            res = prototype_need(s, seat, w, row, m)
            if res and B.vouchers_feasible(p.vouchers, later + [(ANY, 2 * res[1])]):
                out.append((row, m))
    return out


def breakthrough_options(s: WMState, seat: int, free: bool) -> list[int]:
    """Breakthrough step 1-3: a published row whose marker is on the rightmost space, a tile with
    an empty space and none of your markers, the Science and a buildable prototype."""
    p = s.pl[seat]
    out = []
    for r in range(6):
        if p.breakthrough[r] != 1:
            continue
        w = B.row_weather(p, r)
        t = B.top_extreme(s, w)
        if t is None or seat in s.ew_bt[w] or EMPTY not in s.ew_bt[w]:
            continue
        demands = ([] if free else [(V_RND, 2)]) + [(V_SCI, D.extremes[t].science)]
        if prototype_options(s, seat, w, demands):
            out.append(r)
    return out


def action_options(s: WMState, seat: int, kind: str, free: bool) -> list:
    return {"sell_part": sell_options, "secure": secure_options, "work_experiment": work_options,
            "publish": publish_options, "research": research_options,
            "breakthrough": breakthrough_options}[kind](s, seat, free)


LOCATION_ACTIONS = {GOVERNMENT: ("sell_part", "secure"), LAB: ("work_experiment", "publish"),
                    RND: ("research", "breakthrough")}


def action_commands(s: WMState, seat: int, kind: str, free: bool) -> list[Command]:
    opts = action_options(s, seat, kind, free)
    if kind == "sell_part":
        return [SellPart(seat, a, b) for a, b in opts]
    if kind == "secure":
        return [SecureSubsidy(seat, a, b) for a, b in opts]
    if kind == "work_experiment":
        return [WorkOnExperiment(seat, a, b) for a, b in opts]
    if kind == "publish":
        return [PublishPaper(seat, a, b) for a, b in opts]
    if kind == "research":
        return [Research(seat, a, b) for a, b in opts]
    return [Breakthrough(seat, r) for r in opts]


def supply_commands(s: WMState, seat: int) -> list[Command]:
    """Location 1: Supply - each action any number of times, paying Supply Vouchers."""
    p = s.pl[seat]
    v = p.vouchers
    out: list[Command] = []
    if B.vouchers_feasible(v, [(V_SUPPLY, 1)]):
        out += [ExtendWorkshop(seat, i) for i in tile_sources(s)]
    out += [ConstructBot(seat, i) for i in bot_options(s, seat, False)]
    for w in chem_gain_options(s, seat):
        slot = B.supply_leftmost(s, w)
        if B.vouchers_feasible(v, [(V_SUPPLY, D.chem_take[D.chem_section[slot]])]):
            out.append(AcquireChemical(seat, w))
    out += [ReturnChemical(seat, w) for w in range(W) if p.chemicals[w] > 0]
    if B.vouchers_feasible(v, [(V_SUPPLY, 1)]):
        cur = s.initiative.index(seat)
        out += [TakeInitiative(seat, i) for i in range(s.players) if i != cur]
    return out


# -- moving the Scientist ("2. Move Your Scientist") ----------------------------------------


def move_gains(s: WMState, seat: int, loc: int, space: int) -> tuple[int, int, int]:
    """(vouchers of the space's type, Science vouchers, Vouchers to pay) for a placement."""
    left = [B.occupant(s, loc, i) for i in range(space)]
    others = sum(1 for o in left if o >= 0 and o != seat)
    lativ_left = LATIV in left or (loc == SUPPLY and s.lativ_loc == SUPPLY)
    if loc == SUPPLY:
        return 0, 1 if s.lativ_loc == SUPPLY else 0, others
    extra = 1 if (lativ_left and s.option("new_scientists") and s.players == 2) else 0
    return 1 + others + extra, 1 if lativ_left else 0, 0


def supply_affordable(s: WMState, seat: int, space: int) -> bool:
    """"If you cannot pay the Vouchers, you cannot place your Scientist in this Location."
    The gains (a Voucher of any type, a Science Voucher with Lativ) come first."""
    p = s.pl[seat]
    _n, sci, pay = move_gains(s, seat, SUPPLY, space)
    v = list(p.vouchers)
    if sci and v[V_SCI] < D.voucher_limit[V_SCI]:
        v[V_SCI] += 1
    if any(v[t] < D.voucher_limit[t] for t in range(5)):
        total = sum(v) + 1
    else:
        total = sum(v)
    return total >= pay


def move_options(s: WMState, seat: int) -> list[tuple[int, int]]:
    p = s.pl[seat]
    out = []
    for loc in (SUPPLY, GOVERNMENT, LAB, RND):
        if loc == p.location:
            continue
        for sp in range(B.spaces_of(loc)):
            if B.occupant(s, loc, sp) != EMPTY:
                continue
            if s.round == 1 and loc != SUPPLY:
                if sp == 0:
                    continue
                if sp == 2 and B.occupant(s, loc, 1) == EMPTY:
                    continue
            if loc == SUPPLY and not supply_affordable(s, seat, sp):
                continue
            out.append((loc, sp))
    return out


# -- step options ----------------------------------------------------------------------------


def pay_options(s: WMState, step: tuple) -> list[Command]:
    """A Voucher payment step ("pay", seat, type, n, later)."""
    _k, seat, vtype, n, later = step
    p = s.pl[seat]
    v = p.vouchers
    rest = [(vtype, n - 1)] + (still_to_pay(s, step) if s.stack and s.stack[-1] is step
                               else [tuple(x) for x in later])
    out: list[Command] = []

    def ok(nv: list[int]) -> bool:
        return B.vouchers_feasible(tuple(nv), rest)

    if vtype == ANY:
        for t in range(5):
            if v[t] > 0:
                nv = list(v)
                nv[t] -= 1
                if ok(nv):
                    out.append(PayVoucher(seat, t))
        return out
    for t in sorted({vtype, V_SCI}):
        if v[t] > 0:
            nv = list(v)
            nv[t] -= 1
            if ok(nv):
                out.append(PayVoucher(seat, t))
    if v[vtype] == 0 and v[V_SCI] == 0:
        others = [t for t in range(4) if t != vtype]
        for combo in combinations_with_replacement(others, 3):
            nv = list(v)
            for t in combo:
                nv[t] -= 1
            if min(nv) >= 0 and ok(nv):
                out.append(ScienceExchange(seat, combo))
    return out


def still_to_pay(s: WMState, step: tuple) -> list[tuple[int, int]]:
    """What the action of a payment on top still has to pay after it, worked out from what the
    player holds now: its further payments (below it on the stack), and the 2 Vouchers of each
    Executive Exchange it will need for a Machine Part or Chemical the player lacks (Sell a Part,
    Research, the prototype of a Breakthrough). A payment keeps those back, so that the action
    can be finished. The step's ``later`` said the same when the action started; worked out
    again here because an Award placed in the middle of the payment may have given the Part or
    Chemical, and then no exchange is needed ("Whenever you need to pay ..., and you do not
    have one of the required type")."""
    seat = step[1]
    p = s.pl[seat]
    rest: list[tuple[int, int]] = []
    for below in reversed(s.stack[:-1]):
        if below[0] == "pay" and below[1] == seat:
            rest.append((below[2], below[3]))
            continue
        if below[0] == "fx" and below[1] == seat:
            name, a = below[2], below[3:]
            if name == "sell" and p.parts[D.gov_colours[a[0]][a[1]]] == 0:
                rest.append((ANY, 2))
            elif name == "research" and p.chemicals[D.rnd_chemical[a[0]][a[1]]] == 0:
                rest.append((ANY, 2))
            elif name == "breakthrough":
                w = B.row_weather(p, a[0])
                dmin = min((res[1] for row in range(3) for m in range(8)
                            if (res := prototype_need(s, seat, w, row, m)) is not None), default=0)
                if dmin:
                    rest.append((ANY, 2 * dmin))
        break
    return rest


def award_commands(s: WMState, seat: int) -> list[Command]:
    p = s.pl[seat]
    if p.pending_awards < 1:
        return []
    return [PlaceToken(seat, "A", r, c) for r, c in B.token_spaces(p, "A")]


AWARD_RULE = ("Award tokens (Phase A: Player Turns): you may place them at any time during your "
              "own turn, or just before final scoring")


def in_own_turn(s: WMState, seat: int) -> bool:
    """Whether the step on top is a decision of ``seat``'s own turn: "Also, at any time during
    your turn, if you have any Award tokens on the space to the top-left of your Office, you may
    place them on any empty spaces of your Office" (Phase A: Player Turns), and the placement
    "Just before final scoring". The steps of an action, a payment or a benefit sit on the
    stack above the step of the turn they interrupt (``FREE_MOMENTS``), all of the same seat;
    Phase B's experiment and Phase C's income are nobody's turn (their steps sit on automatic
    steps of the round, seat -1, or of other seats)."""
    for step in reversed(s.stack):
        if step[1] != seat:
            return False
        if step[0] in FREE_MOMENTS:
            return True
    return False


def mid_action_awards(s: WMState, step: tuple) -> list[Command]:
    """The Award placements open in the middle of an action (a payment, a choice inside an
    action, a bonus action): ``award_commands`` where the step is of the seat's own turn. The
    free moments offer them in ``step_options`` already."""
    seat = step[1]
    if step[0] in FREE_MOMENTS or seat < 0 or s.pl[seat].pending_awards < 1 or not in_own_turn(s, seat):
        return []
    return award_commands(s, seat)


def is_award(cmd: Command) -> bool:
    return isinstance(cmd, PlaceToken) and cmd.token == "A"


def investment_commands(s: WMState, seat: int) -> list[Command]:
    """"1. Use a Subsidy Tile or Investment Tile": Setting a Goal or Receive funding."""
    p = s.pl[seat]
    if p.investments < 1:
        return []
    out: list[Command] = []
    used = {sp for sp, _g, _f in p.goals_set}
    for g in sorted(set(p.goals_hand)):
        for sp in range(6):
            if sp not in used and D.goal_space_colours[sp] == D.goals[g].colour:
                out.append(SetGoal(seat, g, sp))
    out += [ReceiveFunding(seat, g) for _sp, g, f in p.goals_set if not f]
    return out


def step_options(s: WMState, step: tuple) -> list[Command]:
    kind, seat = step[0], step[1]
    p = s.pl[seat] if seat >= 0 else None
    if kind == "draft":
        return [DraftGoals(seat, sym, col) for sym, col in draft_sets_left(s, seat)]
    if kind == "supply_turn":
        return supply_commands(s, seat) + [Done(seat)]
    if kind == "turn_sub":
        subs = [UseSubsidy(seat, t) for t, up in p.subsidies if up]
        return subs + investment_commands(s, seat) + award_commands(s, seat) + [Done(seat)]
    if kind == "move":
        return [MoveScientist(seat, l, sp) for l, sp in move_options(s, seat)] + award_commands(s, seat)
    if kind == "actions":
        _k, _s, loc, _sp, used = step
        out: list[Command] = []
        if loc == SUPPLY:
            out = supply_commands(s, seat)
        else:
            symbol = D.main_spaces[loc][p.space][1]
            for i, act in enumerate(LOCATION_ACTIONS[loc]):
                if used & (1 << i) or (symbol == "/" and used):
                    continue
                out += action_commands(s, seat, act, False)
        return out + award_commands(s, seat) + [Done(seat)]
    if kind == "tokens":
        out = []
        for tok in sorted(set(p.pending_tokens)):
            out += [PlaceToken(seat, tok, r, c) for r, c in B.token_spaces(p, tok)]
        out += award_commands(s, seat)
        if not p.pending_tokens:
            out.append(Done(seat))
        return out
    if kind == "final_place":
        return award_commands(s, seat) + investment_commands(s, seat) + [Done(seat)]
    if kind == "place_now":
        tok = step[2]
        return [PlaceToken(seat, tok, r, c) for r, c in B.token_spaces(p, tok)]
    if kind == "pay":
        return pay_options(s, step)
    if kind == "gain_any":
        return [GainVoucher(seat, t) for t in range(5) if B.gain_room(p, t) > 0]
    if kind == "take_chem":
        return [TakeChemical(seat, w) for w in chem_gain_options(s, seat)]
    if kind == "take_part":
        return [TakePart(seat, x) for x in range(W)] if B.can_gain_part(p) else []
    if kind == "funding_any":
        return [AdvanceFunding(seat, t) for t in range(3) if p.funding[t] < D.funding_length - 1]
    if kind == "bot":
        return [ConstructBot(seat, i) for i in bot_options(s, seat, bool(step[2]))]
    if kind == "tile_choice":
        return [ExtendWorkshop(seat, i) for i in tile_sources(s)]
    if kind == "tile_place":
        return [PlaceTile(seat, r, c, f) for r, c, f in B.tile_placements(p, step[2])]
    if kind == "benefit_action":
        return action_commands(s, seat, step[2], True) + [Done(seat)]
    if kind == "take_subsidy":
        return [TakeSubsidy(seat, r) for r in subsidy_rows(s, seat, step[2])]
    if kind == "xpart":
        _k, _s, colour, later = step
        return [PartsExchange(seat, g, colour) for g in range(W) if p.parts[g] > 0 and g != colour]
    if kind == "xpart_proto":
        _k, _s, w, row, own = step
        res = prototype_need(s, seat, w, row, own)
        need = res[0] if res else []
        out = []
        for get in sorted(set(need)):
            if p.parts[get] >= need.count(get):
                continue
            for give in range(W):
                if p.parts[give] > need.count(give):
                    out.append(PartsExchange(seat, give, get))
        return out
    if kind == "xchem":
        return [ChemicalsExchange(seat, g) for g in range(W) if p.chemicals[g] > 0]
    if kind == "extra":
        return ([PayExtra(seat, "chemical", w) for w in range(W) if p.chemicals[w] > 0]
                + [PayExtra(seat, "part", x) for x in range(W) if p.parts[x] > 0])
    if kind == "bt_space":
        w = step[2]
        return [PlaceBreakthrough(seat, i) for i, o in enumerate(s.ew_bt[w]) if o == EMPTY]
    if kind == "prototype":
        w = step[2]
        return [BuildPrototype(seat, r, m) for r, m in prototype_options(s, seat, w, [])]
    if kind == "return_extra":
        return [ReturnPart(seat, x) for x in range(W) if p.parts[x] > 0]
    if kind in ("lock_pay", "exp_pay", "exp_keep"):
        return [Confirm(seat, True), Confirm(seat, False)]
    if kind in ("exp_benefit", "lab_fund", "rnd_fund"):
        return [ChooseBenefit(seat, i) for i in choice_indices(s, step)]
    if kind == "to_line":
        return [ReturnBotToLine(seat, i) for i in line_return_slots(p)]
    return []


def top_options(s: WMState) -> list[Command]:
    """``step_options`` of the step on top of the stack, worked out once per state (a memo in
    its ``__dict__``, never a field: ``decide`` works it out for the state it ends on, and the
    next ``legal_commands`` and ``decide`` on that state use it). Do not change the list."""
    memo = s.__dict__
    opts = memo.get("_opts")
    if opts is None:
        step = s.stack[-1]
        opts = memo["_opts"] = step_options(s, step) + mid_action_awards(s, step)
    return opts


def own_options(s: WMState, step: tuple) -> list[Command]:
    """``top_options`` without the Award placements that only interrupt the step: what the
    step itself offers (whether it is answered for the player, or skipped, depends on these)."""
    opts = top_options(s)
    if step[0] in FREE_MOMENTS or step[1] < 0 or s.pl[step[1]].pending_awards < 1:
        return opts
    return [o for o in opts if not is_award(o)]


def choice_indices(s: WMState, step: tuple) -> list[int]:
    if step[0] == "exp_benefit":
        return [0, 1]
    if step[0] == "lab_fund":
        return [0, 2]
    return list(range(step[2] + 1))  # rnd_fund: any space up to the marker


def line_return_slots(p: PlayerState) -> list[int]:
    """"return it to any empty space in the top two sections of your Assembly Line" (if those
    are all full, any empty space: project)."""
    top = [i for i in range(6) if not p.line[i]]
    return top or [i for i in range(12) if not p.line[i]]


def subsidy_rows(s: WMState, seat: int, col: int) -> list[int]:
    """Sell a Part step 3 and its Note: "You must take a Subsidy tile that does not match one you
    already have, if able"."""
    p = s.pl[seat]
    owned = {D.subsidy_tiles[t] for t, _u in p.subsidies}
    rows = [r for r in range(3) if s.gov_grid[col][r].startswith("S")]
    fresh = [r for r in rows if D.subsidy_tiles[int(s.gov_grid[col][r][1:-1])] not in owned]
    return fresh or rows


def draft_sets_left(s: WMState, seat: int) -> list[tuple[str, str]]:
    """Drafting Variant: sets of 3 tiles of one symbol and colour; each pick a new colour."""
    taken = set()
    for p in s.pl:
        for g in p.goals_hand:
            taken.add((D.goals[g].set, D.goals[g].colour))
    mine = {D.goals[g].colour for g in s.pl[seat].goals_hand}
    return [(sym, col) for sym in D.goal_sets for col in "GLR"
            if (sym, col) not in taken and col not in mine]


# -- the Game ----------------------------------------------------------------------------------


class WeatherMachine:
    id = "weather-machine"
    title = "Weather Machine"
    min_players = 2
    max_players = 4
    hidden_information = False
    options = (
        OptionSpec("drafting", "Drafting Variant (Goal tiles)", (False, True), False,
                   "Players draft three sets of 3 Goal tiles instead of taking a random set of 9."),
        OptionSpec("new_scientists", "New Scientists (2 players)", (False, True), False,
                   "2 players: Lativ counts as another player for gaining Vouchers."),
    )
    colours = (Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 100, 210), "B"),
               Colour("yellow", (225, 190, 40), "Y"), Colour("purple", (140, 80, 180), "P"))
    commands = COMMANDS
    events = EVENTS

    # -- setup ---------------------------------------------------------------------------------

    def initial_state(self, config: GameConfig) -> WMState:
        n = config.players
        small = n <= 3
        lab_tok = D.lab_tokens_small if small else D.lab_tokens
        player = PlayerState(
            cp=0, end_cp=0, vouchers=D.voucher_start, line=(True,) * 12, ws_bots=0,
            chemicals=(0,) * W, parts=(0,) * W, tiles=(), funding=(0, 0, 0),
            office=(("", "", ""),) * 6, breakthrough=(0,) * 6, pending_tokens=(), pending_awards=0,
            awards=0, nobel=False, subsidies=(), investments=0, goals_hand=(), goals_set=(),
            location=SUPPLY, space=0, papers=0, citations=0)
        lab = tuple((LATIV,) + (EMPTY,) * (D.lab_spaces[b] - 1) if n == 2 else (EMPTY,) * D.lab_spaces[b]
                    for b in range(W))
        return WMState(
            seed=config.seed, chance_n=0, players=n,
            options=tuple(sorted(dict(config.options).items())),
            names=tuple(s.name for s in config.seats), round=0, phase="setup", final_round=0,
            triggers=(), turn_order=tuple(range(n)), initiative=tuple(range(n)),
            pl=(player,) * n, stack=(),
            chem_supply=((True,) * 5,) * W, offer=(EMPTY,) * 4, up_stack=(), down_stack=(),
            lativ_loc=SUPPLY, lativ_space=-1,
            gov_bots=((EMPTY,) * 3,) * W, gov_grid=(("",) * 3,) * W, gov_tokens=(D.gov_tokens,) * W,
            gov_markers=D.gov_markers, lab=lab, lab_tokens=(lab_tok,) * W,
            lativ_side=D.lativ_bots - (W if n == 2 else 0), locks=(True,) * W,
            exp_deck=(), exp_display=(EMPTY,) * 3, exp_below=EMPTY, assistant=0,
            rnd=((EMPTY,) * 3,) * W, rnd_chem=((EMPTY,) * 3,) * W, rnd_tokens=(D.rnd_tokens,) * W,
            ew_board=tuple((w,) for w in range(W)), ew_stack=tuple((5 + w, 10 + w) for w in range(W)),
            ew_bt=tuple((EMPTY,) * len(D.extremes[w].breakthrough) for w in range(W)),
            awards_left=D.awards, nobel_left=True, removed_tokens=0,
            discarded_subsidies=0)

    def setup_events(self, state: WMState) -> list[Event]:
        """Game Setup 1-25, Player's Laboratory a-f: every random outcome is dealt here."""
        r = rng(state.seed, state.chance_n)
        n = state.players
        ev: list[Event] = []

        def deal(path: tuple, value: Any) -> None:
            ev.append(Dealt(path, value))

        order = r.shuffled(tuple(range(n)))
        deal(("chance_n",), state.chance_n + 1)
        deal(("turn_order",), order)  # 4
        deal(("initiative",), order)  # 5
        for i, seat in enumerate(order):  # 6
            deal(("pl", seat, "space"), i)
        tiles = r.shuffled(tuple(range(30)))  # 9
        deal(("offer",), tiles[:4])
        rest = tiles[4:]
        half = len(rest) // 2
        up, down = rest[:half], rest[half:]
        subs = r.shuffled(tuple(range(15)))  # 10
        deal(("gov_grid",), tuple(tuple(f"S{subs[3 * c + k]}+" for k in range(3)) for c in range(W)))
        stages = [r.shuffled(tuple(5 * st + w for w in range(W))) for st in range(3)]  # 15
        deck = stages[0] + stages[1] + stages[2][:2]
        deal(("exp_display",), deck[:3])  # 16
        deal(("exp_below",), deck[3])
        deal(("exp_deck",), deck[4:])
        deal(("assistant",), D.experiments[deck[4]].weather)  # 17
        colours = r.shuffled(tuple(range(W)))  # d
        for seat in range(n):
            parts = [0] * W
            parts[colours[seat]] = 1
            deal(("pl", seat, "parts"), tuple(parts))
        given = r.shuffled(down[:n])  # e
        down = down[n:]
        for seat in range(n):
            deal(("pl", seat, "tiles"), ((1, 1, given[seat], False),))
        deal(("up_stack",), up)
        deal(("down_stack",), down)
        steps: list[tuple] = []
        if state.option("drafting"):
            picks = list(order) + list(reversed(order)) + list(order)
            steps = [("draft", s, k // n) for k, s in enumerate(picks)]
        else:
            sets = r.shuffled(tuple(range(len(D.goal_sets))))  # f
            for seat in range(n):
                deal(("pl", seat, "goals_hand"), tuple(range(9 * sets[seat], 9 * sets[seat] + 9)))
        steps += [("supply_turn", s) for s in order] + [fx(-1, "end_supply_round")]
        deal(("phase",), "draft" if state.option("drafting") else "supply")
        deal(("stack",), tuple(reversed(steps)))
        return ev

    # -- protocol ------------------------------------------------------------------------------

    def to_act(self, state: WMState) -> tuple[int, ...]:
        if state.phase == "over" or not state.stack:
            return ()
        return (state.stack[-1][1],)

    def is_over(self, state: WMState) -> bool:
        return state.phase == "over"

    def legal_commands(self, state: WMState, seat: int) -> list[Command]:
        if state.phase == "over" or not state.stack or state.stack[-1][1] != seat:
            return []
        return list(top_options(state))

    def decide(self, state: WMState, command: Command) -> list[Event]:
        if state.phase == "over":
            raise IllegalMove("The game is over.")
        if not state.stack:
            raise IllegalMove("The game has not been set up.")
        step = state.stack[-1]
        if command.seat != step[1]:
            if is_award(command):
                raise IllegalMove(f"{AWARD_RULE}: it is {name_of(state, step[1])} who "
                                  f"{step_title(state, step)} now, not your turn.")
            raise IllegalMove(f"Turn order: it is {name_of(state, step[1])}'s turn "
                              f"({step_title(state, step)}).")
        legal = top_options(state)
        if command not in legal:
            raise IllegalMove(explain(state, step, command, legal))
        c = Ctx(state)
        handle(c, step, command)
        advance_flow(c)
        return c.ev

    def apply(self, state: WMState, event: Event) -> WMState:
        # ``decide`` applies each event as it works out what follows (``Ctx.set``) and leaves
        # the result on the state it applied it to; the same event object gives the same state.
        if isinstance(event, Logged):
            return state
        ahead = state.__dict__.pop("_ahead", None)
        if ahead is not None and ahead[0] is event:
            return ahead[1]
        if isinstance(event, (Set, Dealt, Revealed)):
            return set_in(state, event.path, event.value)
        raise ValueError(f"unknown event {event!r}")

    def view(self, state: WMState, seat: int | None) -> WMState:
        """Hidden: the order of the Experiment deck below its face-up top tile, of the face-down
        Workshop stack, and of the face-up Workshop stack below its top tile; and the seed, from
        which those orders could be worked out."""
        deck = state.exp_deck[:1] + (EMPTY,) * max(0, len(state.exp_deck) - 1)
        new = evolve_fields(state, exp_deck=deck,
                            up_stack=state.up_stack[:1] + (EMPTY,) * max(0, len(state.up_stack) - 1),
                            down_stack=(EMPTY,) * len(state.down_stack), seed=0)
        # the options of the top step read nothing hidden (of the stacks only whether the
        # face-up one is empty), so a view keeps those of its state
        opts = state.__dict__.get("_opts")
        if opts is not None:
            new.__dict__["_opts"] = opts
        return new

    def scores(self, state: WMState) -> list[ScoreLine]:
        return final_scores(state)

    def turn_id(self, state: WMState) -> Hashable:
        top = state.stack[-1] if state.stack else None
        return (state.round, state.phase, top[1] if top else None, len(state.stack) and turn_anchor(state))

    def progress(self, state: WMState) -> str:
        if state.phase == "over":
            return f"Game over after round {state.round}"
        top = state.stack[-1] if state.stack else None
        who = name_of(state, top[1]) if top else ""
        phase = {"draft": "Goal drafting", "supply": "Post-Setup Supply Round", "A": "Phase A",
                 "B": "Phase B", "C": "Phase C", "final": "Final round, Phase B"}.get(state.phase, state.phase)
        head = f"Round {state.round} · {phase}" if state.round else phase
        if state.final_round and state.round == state.final_round:
            head += " (final round)"
        return f"{head}: {who} {step_title(state, top)}" if top else head

    def describe_command(self, state: WMState, command: Command) -> str:
        return describe(state, command)

    def describe_event(self, state: WMState, event: Event) -> str:
        """Log lines come from ``Logged`` events (the rules write one for everything that happens
        automatically); the state patches (``Set``) say nothing. Chance and reveal events say what
        was dealt or turned up (they are also the undo barriers the table names)."""
        if isinstance(event, Logged):
            return event.text
        if isinstance(event, Dealt):
            return describe_dealt(state, event)
        if isinstance(event, Revealed):
            return describe_revealed(event)
        return ""


def describe_dealt(s: WMState, e: Dealt) -> str:
    path, v = e.path, e.value
    if path == ("chance_n",):
        return "Setup: the components are shuffled and dealt."
    if path == ("turn_order",):
        return f"Setup: the turn order is {order_text(s, v)}."
    if path == ("offer",):
        return f"Setup: the Workshop offer shows {T.and_list([T.tile(t) for t in v])}."
    if path == ("exp_display",):
        return f"Setup: the Experiment display shows {T.and_list([T.experiment(x) for x in v])}."
    if path == ("exp_below",):
        return f"Setup: {T.experiment(v)} is placed below the deck."
    if path == ("assistant",):
        return f"Setup: Lativ's Assistant is placed below the {T.weather(v)} branch."
    if len(path) == 3 and path[0] == "pl":
        who = name_of(s, path[1])
        if path[2] == "parts":
            return f"Setup: {who} receives {T.part(v.index(1))}."
        if path[2] == "tiles":
            return f"Setup: {who} receives {T.tile(v[0][2])}."
        if path[2] == "goals_hand" and v:
            return f"Setup: {who} receives the 9 Goal tiles of set {D.goals[v[0]].set}."
    return ""


def describe_revealed(e: Revealed) -> str:
    if e.path == ("up_stack",):
        top = e.value[0] if e.value else EMPTY
        return (f"{T.tile(top)[0].upper()}{T.tile(top)[1:]} is turned up on the face-up Workshop tiles."
                if top >= 0 else "A Workshop tile is turned up.")
    if e.path == ("exp_deck",):
        top = e.value[0] if e.value else EMPTY
        return (f"{T.experiment(top)[0].upper()}{T.experiment(top)[1:]} is turned up on the Experiment deck."
                if top >= 0 else "The Experiment deck is now empty.")
    return "A tile is turned up."


def turn_anchor(s: WMState) -> int:
    """Depth of the step the current turn started from (the bottom-most step of that seat)."""
    seat = s.stack[-1][1]
    i = len(s.stack) - 1
    while i > 0 and s.stack[i - 1][1] == seat:
        i -= 1
    return i


# -- handling commands -----------------------------------------------------------------------


def handle(c: Ctx, step: tuple, cmd: Command) -> None:
    kind, seat = step[0], step[1]
    if isinstance(cmd, PlaceToken) and cmd.token == "A":
        place_token(c, seat, "A", cmd.row, cmd.col)
        return
    if kind == "draft":
        c.pop()
        hand = c.p(seat).goals_hand + tuple(g.id for g in D.goals
                                            if g.set == cmd.symbol and g.colour == cmd.colour)
        c.pset(seat, "goals_hand", hand)
        if c.s.stack[-1][0] != "draft":
            c.set(("phase",), "supply")
            c.log("Goal drafting is over: the Post-Setup Supply Round begins.")
        return
    if kind == "turn_sub":
        c.pop()
        if isinstance(cmd, UseSubsidy):
            use_subsidy(c, seat, cmd.tile)
        elif isinstance(cmd, (SetGoal, ReceiveFunding)):
            use_investment(c, seat, cmd)
        return
    if kind == "final_place":
        if isinstance(cmd, Done):
            c.pop()
        else:
            use_investment(c, seat, cmd)
        return
    if kind == "move":
        c.pop()
        move_scientist(c, seat, cmd.location, cmd.space)
        return
    if kind in ("actions", "supply_turn"):
        if isinstance(cmd, Done):
            c.pop()
            return
        if kind == "actions" and step[2] != SUPPLY:
            i = LOCATION_ACTIONS[step[2]].index(command_action(cmd))
            c.retop(step[:4] + (step[4] | (1 << i),))
        start_action(c, seat, cmd, free=False)
        return
    if kind == "benefit_action":
        c.pop()
        if not isinstance(cmd, Done):
            start_action(c, seat, cmd, free=True)
        return
    if kind == "tokens":
        if isinstance(cmd, Done):
            c.pop()
        else:
            place_token(c, seat, cmd.token, cmd.row, cmd.col)
        return
    if kind == "place_now":
        c.pop()
        place_token(c, seat, cmd.token, cmd.row, cmd.col)
        return
    if kind == "pay":
        _k, _s, vtype, n, later = step
        c.pop()
        if isinstance(cmd, ScienceExchange):
            for t in cmd.types:
                c.padd(seat, "vouchers", -1, t)
        else:
            c.padd(seat, "vouchers", -1, cmd.vtype)
        if n > 1:
            c.push(("pay", seat, vtype, n - 1, later))
        return
    c.pop()
    if kind == "gain_any":
        gain_vouchers(c, seat, cmd.vtype, 1, log=False)
    elif kind == "take_chem":
        take_chem_from_supply(c, seat, cmd.weather)
    elif kind == "take_part":
        c.padd(seat, "parts", 1, cmd.colour)
    elif kind == "funding_any":
        advance(c, seat, cmd.track)
    elif kind == "bot":
        construct_bot(c, seat, cmd.slot, free=bool(step[2]))
    elif kind == "tile_choice":
        take_tile(c, seat, cmd.source, free=bool(step[2]))
    elif kind == "tile_place":
        c.pset(seat, "tiles", c.p(seat).tiles + ((cmd.row, cmd.col, step[2], cmd.flipped),))
    elif kind == "take_subsidy":
        take_subsidy(c, seat, step[2], cmd.row, step[3])
    elif kind == "xpart":
        parts_exchange(c, seat, cmd.give, cmd.get, step[3])
    elif kind == "xpart_proto":
        c.push(step)  # asked again while parts are still missing
        parts_exchange(c, seat, cmd.give, cmd.get, [])
    elif kind == "xchem":
        chemicals_exchange(c, seat, cmd.give, step[2], step[3], step[4])
    elif kind == "extra":
        if cmd.kind == "chemical":
            return_chem_to_supply(c, seat, cmd.index)
        else:
            c.padd(seat, "parts", -1, cmd.index)
    elif kind == "bt_space":
        w = step[2]
        c.set(("ew_bt", w, cmd.space), seat)
        t = B.top_extreme(c.s, w)
        c.push(("prototype", seat, w))
        gain(c, seat, D.extremes[t].breakthrough[cmd.space])
    elif kind == "prototype":
        build_prototype(c, seat, step[2], cmd.row, cmd.own)
    elif kind == "return_extra":
        c.padd(seat, "parts", -1, cmd.colour)
        if step[2] > 1:
            c.push(("return_extra", seat, step[2] - 1))
    elif kind == "lock_pay":
        if cmd.yes:
            c.push(("pay", seat, V_SCI, 1, ()), fx(seat, "cp", 3))
    elif kind == "exp_pay":
        if cmd.yes:
            _k, _s, e, bots, branch = step
            sci = D.experiments[e].science
            steps = [("pay", seat, V_SCI, sci, ())] if sci else []
            c.push(*steps, fx(seat, "exp_reward", e, bots, branch))
    elif kind == "exp_keep":
        if cmd.yes:
            return_lab_bots(c, seat, step[2])
    elif kind == "exp_benefit":
        gain(c, seat, D.experiments[step[2]].benefits[cmd.index])
    elif kind == "lab_fund":
        track = cmd.index
        pos = min(D.funding_length - 1, c.p(seat).funding[track] + step[2])
        funding_benefits(c, seat, track, pos)
    elif kind == "rnd_fund":
        gain(c, seat, D.funding_rnd[cmd.index])
    elif kind == "to_line":
        c.set(("pl", seat, "line", cmd.slot), True)
    else:
        raise AssertionError(f"unhandled step {kind}")


def command_action(cmd: Command) -> str:
    return {SellPart: "sell_part", SecureSubsidy: "secure", WorkOnExperiment: "work_experiment",
            PublishPaper: "publish", Research: "research", Breakthrough: "breakthrough"}[type(cmd)]


def start_action(c: Ctx, seat: int, cmd: Command, free: bool) -> None:
    """Begin an action: its costs first ("Cost: ..."), then its steps in order."""
    p = c.p(seat)
    if isinstance(cmd, ExtendWorkshop):
        c.push(("pay", seat, V_SUPPLY, 1, ()), fx(seat, "take_tile", cmd.source))
    elif isinstance(cmd, ConstructBot):
        c.push(("pay", seat, V_SUPPLY, D.line_cost[cmd.slot // 3], ()), fx(seat, "construct", cmd.slot))
    elif isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(c.s, cmd.weather)
        c.push(("pay", seat, V_SUPPLY, D.chem_take[D.chem_section[slot]], ()),
               fx(seat, "acquire", cmd.weather))
    elif isinstance(cmd, ReturnChemical):
        slot = return_chem_to_supply(c, seat, cmd.weather)
        gain_vouchers(c, seat, V_SUPPLY, D.chem_return[D.chem_section[slot]])
    elif isinstance(cmd, TakeInitiative):
        c.push(("pay", seat, V_SUPPLY, 1, ()), fx(seat, "initiative", cmd.position))
    elif isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        later = ((ANY, 2),) if p.parts[colour] == 0 else ()
        steps = [] if free else [("pay", seat, V_GOV, 1, later)]
        c.push(*steps, fx(seat, "sell", cmd.column, cmd.row))
    elif isinstance(cmd, SecureSubsidy):
        steps = [] if free else [("pay", seat, V_GOV, 2, ())]
        c.push(*steps, fx(seat, "secure", cmd.column, cmd.row))
    elif isinstance(cmd, WorkOnExperiment):
        steps = [] if free else [("pay", seat, V_LAB, 1, ())]
        c.push(*steps, fx(seat, "work", cmd.branch, cmd.space))
    elif isinstance(cmd, PublishPaper):
        steps = [] if free else [("pay", seat, V_LAB, 2, ())]
        c.push(*steps, fx(seat, "publish", cmd.row, cmd.cite_goal))
    elif isinstance(cmd, Research):
        w = D.rnd_chemical[cmd.branch][cmd.space]
        later = ((ANY, 2),) if p.chemicals[w] == 0 else ()
        steps = [] if free else [("pay", seat, V_RND, 1, later)]
        c.push(*steps, fx(seat, "research", cmd.branch, cmd.space))
    elif isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row)
        sci = D.extremes[B.top_extreme(c.s, w)].science
        dmin = min(res[1] for row in range(3) for m in range(8)
                   if (res := prototype_need(c.s, seat, w, row, m)) is not None)
        exch = ((ANY, 2 * dmin),) if dmin else ()
        steps = [] if free else [("pay", seat, V_RND, 2, ((V_SCI, sci),) + exch)]
        if sci:
            steps.append(("pay", seat, V_SCI, sci, exch))
        c.push(*steps, fx(seat, "breakthrough", cmd.row))
    else:
        raise AssertionError(cmd)


def lost_meanwhile(c: Ctx, seat: int, what: str) -> None:
    """A Supply action paid for whose gain an Award placed during its payment has made
    impossible (the Award's Part or Chemical took the last Workshop space, or the last Chemical
    of the type): "If you do not have space for something, you cannot gain it" - the Vouchers
    stay paid (undo takes the Award back)."""
    c.log(f"{name_of(c.s, seat)} can no longer gain {what}: an Award token's benefit, gained "
          "during the payment, took its place; the Vouchers stay paid.")


def run_fx(c: Ctx, step: tuple) -> None:
    _k, seat, name, *a = step
    s = c.s
    if name == "benefit":
        run_benefit(c, seat, a[0])
    elif name == "cp":
        score(c, seat, a[0])
    elif name == "take_tile":
        take_tile(c, seat, a[0], free=True)
    elif name == "construct":
        if B.can_gain_bot(c.p(seat)):
            construct_bot(c, seat, a[0], free=True)
        else:
            lost_meanwhile(c, seat, "the Bot")
    elif name == "acquire":
        if a[0] in chem_gain_options(s, seat):
            take_chem_from_supply(c, seat, a[0])
        else:
            lost_meanwhile(c, seat, T.chemical(a[0]))
    elif name == "initiative":
        order = [x for x in s.initiative if x != seat]
        order.insert(a[0], seat)
        c.set(("initiative",), tuple(order))
    elif name == "sell":
        sell_part(c, seat, a[0], a[1])
    elif name == "gov_token":
        col = a[0]
        if s.gov_tokens[col] > 0:
            c.set(("gov_tokens", col), s.gov_tokens[col] - 1)
            c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (f"G:{col}",))
            c.log(f"{name_of(s, seat)} takes {T.token(f'G:{col}')}.")
        else:
            c.log(f"No Government Research token of {T.weather(col)} is left.")
            take_investment(c, seat)
    elif name == "gov_part":
        col, row, colour = a
        c.set(("gov_grid", col, row), f"P{colour}")
        c.log(f"{name_of(s, seat)} places {T.part(colour)} where the Subsidy tile was.")
    elif name == "gov_check":
        government_runs(c, a[0])
    elif name == "secure":
        col, row = a
        tile = int(s.gov_grid[col][row][1:-1])
        c.set(("gov_grid", col, row), f"S{tile}-")
        gain(c, seat, D.gov_column_benefit[col] + D.gov_row_benefit[row]
             + (D.subsidy_types[D.subsidy_tiles[tile]],))
    elif name == "work":
        work_on_experiment(c, seat, a[0], a[1])
    elif name == "publish":
        publish(c, seat, a[0], a[1])
    elif name == "research":
        research(c, seat, a[0], a[1])
    elif name == "research_end":
        research_end(c, seat, a[0], a[1])
    elif name == "breakthrough":
        row = a[0]
        w = B.row_weather(c.p(seat), row)
        c.set(("pl", seat, "breakthrough", row), 2)
        c.push(("bt_space", seat, w))
    elif name == "prototype_do":
        finish_prototype(c, seat, *a)
    elif name == "award":
        take_award(c, seat, a[0])
    elif name == "lock":
        remove_lock(c, seat, a[0])
    elif name == "exp_return":
        b, e = a
        bots = sum(1 for x in s.lab[b] if x == seat)
        if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, D.experiments[e].science)]):
            c.push(("exp_pay", seat, e, bots, b))
        else:
            c.log(f"{name_of(s, seat)} cannot pay the {T.voucher(V_SCI, D.experiments[e].science)} of "
                  f"{T.experiment(e)}, even by Science Exchanges, and gains no reward.")
        return_lab_bots(c, seat, b)
    elif name == "say":
        c.log(a[0])
    elif name == "exp_reward":
        e, bots, branch = a
        score(c, seat, D.experiments[e].cp * bots,
              f"for {T.plural(bots, 'Bot')} in the experiment, {D.experiments[e].cp} CP each")
        c.push(("exp_benefit", seat, e), fx(seat, "exp_token", branch))
    elif name == "exp_token":
        b = a[0]
        if s.lab_tokens[b] > 0:
            c.set(("lab_tokens", b), s.lab_tokens[b] - 1)
            tok = f"L:{b}"
            if B.token_spaces(c.p(seat), tok):
                c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (tok,))
                c.log(f"{name_of(s, seat)} takes {T.token(tok)} and must place it at once.")
                c.push(("place_now", seat, tok))
            else:
                c.set(("removed_tokens",), c.s.removed_tokens + 1)
                c.log(f"{name_of(s, seat)} takes {T.token(tok)} but has no legal space for it: "
                      "it is removed from the game.")
        else:
            c.log(f"No Lab Research token of {T.weather(b)} is left: {name_of(s, seat)} gains a Science Voucher instead.")
            gain_vouchers(c, seat, V_SCI, 1)
    elif name == "exp_end":
        experiment_end(c, a[0], a[1])
    elif name == "lativ_back":
        lativ_bots_back(c, a[0])
    elif name == "prepare":
        prepare_next(c)
    elif name == "phase_b":
        phase_b(c)
    elif name == "phase_c":
        phase_c(c)
    elif name == "income":
        income(c, seat)
    elif name == "lativ_home":
        lativ_home(c)
    elif name == "start_round":
        start_round(c)
    elif name == "end_supply_round":
        c.set(("turn_order",), c.s.initiative)
        c.log("The Post-Setup Supply Round ends.")
        start_round(c)
    elif name == "final_scoring":
        c.set(("phase",), "over")
        c.set(("stack",), ())
        for line in sorted(final_scores(c.s), key=lambda x: (x.rank, x.seat)):
            parts = ", ".join(f"{k} {v}" for k, v in line.breakdown if v)
            c.log(f"Final scoring: {name_of(c.s, line.seat)} has {line.total} CP"
                  f"{': ' + parts if parts else ''}; place {line.rank}.")
    elif name == "move_lativ":
        move_lativ(c)
    else:
        raise AssertionError(f"unknown fx {name}")


def advance_flow(c: Ctx) -> None:
    """Run automatic steps until a seat must choose (or the game is over)."""
    for _ in range(10_000):
        if c.s.phase == "over" or not c.s.stack:
            return
        top = c.top()
        if top[0] == "fx":
            c.pop()
            run_fx(c, top)
            continue
        if top[0] == "tokens":
            p = c.p(top[1])
            # "If you are unable to legally place a Research token, remove it from the game."
            stuck = [t for t in p.pending_tokens if not B.token_spaces(p, t)]
            if stuck:
                for t in stuck:
                    c.log(f"{name_of(c.s, top[1])} has no legal space for {T.token(t)}: it is removed from the game.")
                c.pset(top[1], "pending_tokens", tuple(t for t in p.pending_tokens if t not in stuck))
                c.set(("removed_tokens",), c.s.removed_tokens + len(stuck))
                continue
        if resolved_meanwhile(c, top):
            continue
        # an Award token that could interrupt the step keeps no step open and answers none
        opts = own_options(c.s, top)
        if not opts:
            c.pop()  # nothing can be gained or done here ("gain only what you can")
            continue
        if top[0] == "turn_sub" and all(isinstance(o, (Done, PlaceToken)) for o in opts):
            c.pop()  # no Subsidy or Investment tile to use
            continue
        if top[0] == "tokens" and opts == [Done(top[1])]:
            c.pop()
            continue
        if len(opts) == 1 and top[0] in ("pay", "xchem", "xpart", "return_extra", "to_line",
                                          "take_subsidy", "place_now", "extra", "bt_space"):
            c.log(describe(c.s, opts[0]) + ".")
            handle(c, top, opts[0])
            continue
        return
    raise RuntimeError("automatic steps do not end")


def resolved_meanwhile(c: Ctx, top: tuple) -> bool:
    """An exchange step whose need an Award placed in the middle of the action has met: "Whenever
    you need to pay a Machine Part [a Chemical], and you do not have one of the required type,
    you may pay any 2 Vouchers to exchange" (Executive Exchanges) - once you have one, there is
    no exchange to make. The Part is then paid as usual (by Sell a Part step 4); the Chemical of
    Research is paid now, as ``research`` does when you have it. (Only an Award's benefit can
    bring this about: these steps are pushed only when the Part or Chemical is missing.)"""
    kind, seat = top[0], top[1]
    p = c.p(seat)
    if kind == "xpart" and p.parts[top[2]] > 0:
        c.pop()
        c.log(f"{name_of(c.s, seat)} now has {T.part(top[2])}: no Machine Parts Exchange is needed.")
        return True
    if kind == "xchem" and p.chemicals[top[2]] > 0:
        _k, _s, w, b, i = top
        c.pop()
        c.padd(seat, "chemicals", -1, w)
        c.set(("rnd_chem", b, i), w)
        c.log(f"{name_of(c.s, seat)} now has {T.chemical(w)} and pays it: no Chemicals Exchange is needed.")
        return True
    return False


# -- effects -----------------------------------------------------------------------------------


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
        c.push(("lab_fund", seat, D.funding_lab_modifier[pos]))
    else:
        c.push(("rnd_fund", seat, pos))


def move_scientist(c: Ctx, seat: int, loc: int, space: int) -> None:
    """Move, gain/pay Vouchers, move Lativ, then the actions of the space."""
    n, sci, pay = move_gains(c.s, seat, loc, space)
    c.pset(seat, "location", loc)
    c.pset(seat, "space", space)
    if loc == SUPPLY:
        steps: list[tuple] = [("gain_any", seat)]
        if sci:
            steps.append(fx(seat, "benefit", "voucher:science:1"))
        if pay:
            steps.append(("pay", seat, ANY, pay, ()))
    else:
        gain_vouchers(c, seat, D.main_spaces[loc][space][0], n, log=False)
        gain_vouchers(c, seat, V_SCI, sci, log=False)
        steps = []
    if c.s.lativ_loc == loc:
        steps.append(fx(seat, "move_lativ"))
    steps.append(("actions", seat, loc, space, 0))
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
    c.push(("tile_place", seat, tile))


def construct_bot(c: Ctx, seat: int, slot: int, free: bool) -> None:
    """"Construct a Bot": the Bot goes to the Workshop; gain the benefit next to the slot."""
    c.set(("pl", seat, "line", slot), False)
    c.padd(seat, "ws_bots", 1)
    gain(c, seat, D.line_benefit[slot])


def sell_part(c: Ctx, seat: int, col: int, row: int) -> None:
    """Sell a Part steps 1-4, the Part replacing the Subsidy tile, then the Government check."""
    advance(c, seat, 0)
    colour = D.gov_colours[col][row]
    c.padd(seat, "ws_bots", -1)
    c.set(("gov_bots", col, row), seat)
    steps: list[tuple] = []
    if c.p(seat).parts[colour] == 0:
        steps.append(("xpart", seat, colour, ()))
    steps.append(("take_subsidy", seat, col, colour))
    c.push(*steps)


def parts_exchange(c: Ctx, seat: int, give: int, get: int, later: Any) -> None:
    """Machine Parts Exchange: pay any 2 Vouchers, swap one of your Parts for the one needed."""
    c.padd(seat, "parts", -1, give)
    c.padd(seat, "parts", 1, get)
    c.push(("pay", seat, ANY, 2, ()))


def take_subsidy(c: Ctx, seat: int, col: int, row: int, colour: int) -> None:
    cell = c.s.gov_grid[col][row]
    tile = int(cell[1:-1])
    owned = {D.subsidy_tiles[t] for t, _u in c.p(seat).subsidies}
    if D.subsidy_tiles[tile] in owned:
        c.set(("discarded_subsidies",), c.s.discarded_subsidies + 1)
        c.log(f"{name_of(c.s, seat)} already has every Subsidy tile of that column: {T.subsidy(tile)} is discarded.")
    else:
        c.pset(seat, "subsidies", c.p(seat).subsidies + ((tile, True),))
    c.set(("gov_grid", col, row), "")
    c.padd(seat, "parts", -1, colour)
    c.push(fx(seat, "gov_token", col), fx(seat, "gov_part", col, row, colour), fx(seat, "gov_check", col))


def government_runs(c: Ctx, col: int) -> None:
    """"Government Runs Their Machine": "1. Each player gains 3 CP for each of their Bots in the
    just completed branch. 2. Move 1 Government marker from the Government area to the leftmost
    empty space on the Extreme Weather tile that matches the branch. If all the spaces on the
    Extreme Weather tile are now full, the weather is fixed". The tile has one set of spaces,
    the Breakthrough markers' too: a Government marker takes one of them and gains nothing."""
    if any(x == EMPTY for x in c.s.gov_bots[col]):
        return
    c.log(f"The Government runs the {T.weather(col)} branch of its Machine.")
    for seat in range(c.s.players):
        n = sum(1 for x in c.s.gov_bots[col] if x == seat)
        score(c, seat, 3 * n, f"for {T.plural(n, 'Bot')} in the Government's {T.weather(col)} branch")
    t = B.top_extreme(c.s, col)
    if t is None:
        c.log(f"No {T.weather(col)} Extreme Weather tile is in R&D: no Government marker moves.")
    elif c.s.gov_markers == 0:
        c.log("No Government marker is left in the Government area.")
    elif EMPTY in c.s.ew_bt[col]:
        k = c.s.ew_bt[col].index(EMPTY)
        c.set(("gov_markers",), c.s.gov_markers - 1)
        c.set(("ew_bt", col, k), GOVERNMENT_MARKER)
        c.log(f"A Government marker goes onto space {k + 1} of {T.extreme(t)}, the leftmost empty one.")
        if B.extreme_full(c.s, col):
            fix_weather(c, col)
    if all(x != EMPTY for column in c.s.gov_bots for x in column):
        trigger(c, "the Government Machine is completed")


def fix_weather(c: Ctx, w: int) -> None:
    """A full Extreme Weather tile returns to the top of its stack; markers leave it."""
    t = c.s.ew_board[w][-1]
    c.set(("ew_board", w), c.s.ew_board[w][:-1])
    c.set(("ew_stack", w), (t,) + c.s.ew_stack[w])
    clear_extreme(c, w)
    c.log(f"The {D.weather_names[w]} extreme weather is fixed.")


def clear_extreme(c: Ctx, w: int) -> None:
    """The tile now on top shows with empty spaces; the Government markers that were on the
    tile taken away return to the Government area (``fix_weather`` has already taken it)."""
    c.set(("gov_markers",), c.s.gov_markers + c.s.ew_gov[w])
    t = B.top_extreme(c.s, w)
    n = len(D.extremes[t].breakthrough) if t is not None else 0
    c.set(("ew_bt", w), (EMPTY,) * n)


def work_on_experiment(c: Ctx, seat: int, b: int, i: int) -> None:
    """Work on Experiment: Lab Funding, then a Bot to the branch (Lativ's Bot displaced to
    another empty space of the branch, or to the side of the Lab)."""
    advance(c, seat, 1)
    c.padd(seat, "ws_bots", -1)
    if c.s.lab[b][i] == LATIV:
        c.set(("lab", b, i), seat)
        if EMPTY in c.s.lab[b]:
            j = c.s.lab[b].index(EMPTY)
            c.set(("lab", b, j), LATIV)
            c.log(f"Lativ's Bot moves to the {T.branch_space(j)} of the {T.weather(b)} branch.")
        else:
            c.set(("lativ_side",), c.s.lativ_side + 1)
            c.log(f"Lativ's Bot returns to the side of the Lab.")
    else:
        c.set(("lab", b, i), seat)


def publish(c: Ctx, seat: int, row: int, goal: int) -> None:
    """Publish a Paper (and a Citation just before)."""
    p = c.p(seat)
    if goal >= 0 and B.row_tokens(p, row) == 3:
        # an Award token placed during the payment completed the row: "Immediately before
        # publishing, if you have 2 tokens in a row" no longer holds, nothing is cited and the
        # Goal tile stays in hand
        c.log(f"{name_of(c.s, seat)}'s Office row {row + 1} is already complete: no Citation is needed.")
        goal = -1
    if goal >= 0:
        hand = list(p.goals_hand)
        hand.remove(goal)
        c.pset(seat, "goals_hand", tuple(hand))
        col = [k for k in range(3) if not p.office[row][k]][0]
        c.set(("pl", seat, "office", row, col), "C")
        c.padd(seat, "citations", 1)
        c.log(f"{name_of(c.s, seat)} removes {T.goal(goal)} from the game and places a Citation token "
              f"on {T.office_space(row, col)}.")
        c.push(fx(seat, "publish", row, -1))
        gain(c, seat, D.office_benefit[row][col])
        return
    w = B.row_weather(p, row)
    c.set(("pl", seat, "breakthrough", row), 1)
    c.padd(seat, "papers", 1)
    who = name_of(c.s, seat)
    c.log(f"{who} slides the Breakthrough marker of Office row {row + 1} to the rightmost space, "
          f"over {T.benefits(D.slide_benefit[row])}.")
    cells = p.office[row]
    nr, na = sum(1 for x in cells if ":" in x), sum(1 for x in cells if x == "A")
    score(c, seat, 2 * nr + 4 * na, f"for the {T.weather(w)} paper: 2 CP per Research token, 4 CP per Award token")
    take_investment(c, seat)
    if c.s.locks[w]:
        c.push(fx(seat, "lock", w))
    gain(c, seat, D.slide_benefit[row])


def remove_lock(c: Ctx, seat: int, w: int) -> None:
    """"remove that Lock token from the game. If you do, you may immediately pay 1 Science
    Voucher to gain 3 CP.\""""
    if not c.s.locks[w]:
        return
    c.set(("locks", w), False)
    c.log(f"The Lock token of the {T.weather(w)} Citation space is removed from the game: "
          f"{T.weather(w)} may now be cited.")
    if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, 1)]):
        c.push(("lock_pay", seat))


def research(c: Ctx, seat: int, b: int, i: int) -> None:
    """Research steps 1-3 (R&D Funding, a Bot, the Chemical; bottom space: another payment)."""
    advance(c, seat, 2)
    c.padd(seat, "ws_bots", -1)
    c.set(("rnd", b, i), seat)
    w = D.rnd_chemical[b][i]
    steps: list[tuple] = []
    if c.p(seat).chemicals[w] > 0:
        c.padd(seat, "chemicals", -1, w)
        c.set(("rnd_chem", b, i), w)
    else:
        steps.append(("xchem", seat, w, b, i))
    if i == 0:
        steps.append(("extra", seat))
    steps.append(fx(seat, "research_end", b, i))
    c.push(*steps)


def chemicals_exchange(c: Ctx, seat: int, give: int, w: int, b: int, i: int) -> None:
    """Chemicals Exchange: pay 2 Vouchers; your Chemical to the rightmost empty matching slot;
    the leftmost Chemical of the type needed is used at once."""
    return_chem_to_supply(c, seat, give)
    slot = B.supply_leftmost(c.s, w)
    c.set(("chem_supply", w, slot), False)
    c.set(("rnd_chem", b, i), w)
    c.push(("pay", seat, ANY, 2, ()))


def research_end(c: Ctx, seat: int, b: int, i: int) -> None:
    """Research steps 4-5 and Completing a Branch in R&D.

    "5. Take a Research token from below the column (if not available see next paragraph)" and
    that paragraph: "If you place the last Bot in a branch, take an Investment tile instead of a
    Research token." A column with no token left gives the Investment tile too, as Sell a Part
    does ("If there are no Research tokens remaining in the column, take an Investment tile")."""
    steps: list[tuple] = [fx(seat, "benefit", x) for x in D.rnd_benefit[i]]
    who = name_of(c.s, seat)
    if all(x != EMPTY for x in c.s.rnd[b]):
        c.log(f"{who} completes the {T.weather(b)} branch of R&D and takes an Investment tile "
              "instead of a Research token.")
        c.padd(seat, "investments", 1)
        steps.append(fx(seat, "lock", b))
    elif c.s.rnd_tokens[b] > 0:
        c.set(("rnd_tokens", b), c.s.rnd_tokens[b] - 1)
        c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (f"R:{b}",))
        c.log(f"{who} takes {T.token(f'R:{b}')}.")
    else:
        c.log(f"No R&D Research token of {T.weather(b)} is left.")
        take_investment(c, seat)
    c.push(*steps)
    if all(x != EMPTY for br in c.s.rnd for x in br):
        trigger(c, "all Research spaces in R&D are occupied")


def build_prototype(c: Ctx, seat: int, w: int, row: int, own: int) -> None:
    """"Building a Prototype": exchanges first if needed, then 2 CP per own Bot in the branch and
    per part provided, 2 CP to the owner of each other Bot used; parts returned with any parts
    that must stay in the same row."""
    need, deficit = prototype_need(c.s, seat, w, row, own)
    if deficit:
        c.push(("xpart_proto", seat, w, row, own), fx(seat, "prototype_do", w, row, own))
        return
    finish_prototype(c, seat, w, row, own)


def finish_prototype(c: Ctx, seat: int, w: int, row: int, own: int) -> None:
    need, _d = prototype_need(c.s, seat, w, row, own)
    p = c.p(seat)
    extras = B.forced_extras(p, row, len(need))
    for x in need:
        c.padd(seat, "parts", -1, x)
    mine = sum(1 for x in c.s.rnd[w] if x == seat)
    why = [T.plural(mine, "own Bot") + " in the branch"] if mine else []
    why += [T.plural(len(need), "Machine Part") + " provided"] if need else []
    score(c, seat, 2 * mine + 2 * len(need), f"for the {T.weather(w)} prototype: {T.and_list(why)}")
    for i in range(3):
        o = c.s.rnd[w][i]
        if o != EMPTY and o != seat and not own & (1 << i):
            score(c, o, 2, f"for a Bot that provides a part to {name_of(c.s, seat)}'s prototype")
    steps: list[tuple] = []
    if extras:
        steps.append(("return_extra", seat, extras))
    steps.append(fx(seat, "award", w))
    c.push(*steps)


def take_award(c: Ctx, seat: int, w: int) -> None:
    """Breakthrough step 4 (Award, the Nobel Prize with the 3rd) and a full tile."""
    if c.s.awards_left > 0:
        c.set(("awards_left",), c.s.awards_left - 1)
        c.padd(seat, "pending_awards", 1)
        c.padd(seat, "awards", 1)
        c.log(f"{name_of(c.s, seat)} takes an Award token, {c.p(seat).awards} in all.")
        if c.p(seat).awards == 3 and c.s.nobel_left:
            c.set(("nobel_left",), False)
            c.pset(seat, "nobel", True)
            c.log(f"{name_of(c.s, seat)} takes the Nobel Prize with the third Award token.")
            trigger(c, f"{name_of(c.s, seat)} takes the Nobel Prize")
    else:
        c.log("No Award token is left in the reserve.")
    if B.extreme_full(c.s, w):
        fix_weather(c, w)


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


def order_text(s: WMState, order: tuple[int, ...]) -> str:
    return ", ".join(name_of(s, x) for x in order)


def trigger(c: Ctx, why: str) -> None:
    """"Finish the current Round, and then play 1 last round\""""
    c.set(("triggers",), c.s.triggers + (why,))
    if not c.s.final_round:
        c.set(("final_round",), c.s.round + 1)
        c.log(f"The end of the game is triggered: {why}. The current round is finished, then "
              f"round {c.s.round + 1} is the last, without Phase C.")


# -- rounds and phases -----------------------------------------------------------------------


def start_round(c: Ctx) -> None:
    c.set(("round",), c.s.round + 1)
    c.set(("phase",), "A")
    last = " This is the final round." if c.s.final_round == c.s.round else ""
    c.log(f"Round {c.s.round} begins, Phase A. Turn order: {order_text(c.s, c.s.turn_order)}.{last}")
    steps: list[tuple] = []
    for seat in c.s.turn_order:
        steps += [("turn_sub", seat), ("move", seat), ("tokens", seat)]
    steps.append(fx(-1, "phase_b"))
    c.push(*steps)


def return_lab_bots(c: Ctx, seat: int, b: int) -> int:
    """Return your Bots from the branch to your Workshop, or the Assembly Line if no space."""
    n = 0
    steps = []
    for i, o in enumerate(c.s.lab[b]):
        if o == seat:
            n += 1
            c.set(("lab", b, i), EMPTY)
            if B.can_gain_bot(c.p(seat)):
                c.padd(seat, "ws_bots", 1)
            else:
                steps.append(("to_line", seat))
    home = n - len(steps)
    who = name_of(c.s, seat)
    if n and not steps:
        c.log(f"{who} takes back {T.plural(n, 'Bot')} from the {T.weather(b)} branch to the Workshop.")
    elif n:
        c.log(f"{who} takes back {T.plural(n, 'Bot')} from the {T.weather(b)} branch: {home} to the "
              f"Workshop and {len(steps)} to the Assembly Line, the Workshop being full.")
    if steps:
        c.push(*steps)
    return n


def lativ_bots_back(c: Ctx, b: int) -> None:
    n = 0
    for i, o in enumerate(c.s.lab[b]):
        if o == LATIV:
            c.set(("lab", b, i), EMPTY)
            c.set(("lativ_side",), c.s.lativ_side + 1)
            n += 1
    if n:
        c.log(f"Lativ's {'Bot' if n == 1 else T.plural(n, 'Bot')} in the {T.weather(b)} branch "
              f"{'returns' if n == 1 else 'return'} to the side of the Lab.")


def active_tile(s: WMState, b: int) -> int | None:
    """The rightmost Experiment tile of the display matching the branch's weather."""
    for e in reversed(s.exp_display):
        if e != EMPTY and D.experiments[e].weather == b:
            return e
    return None


def experiment_steps(s: WMState, b: int, e: int) -> list[tuple]:
    """"If the Experiment Runs...": each player with a Bot in the branch, in turn order."""
    steps = [fx(seat, "exp_return", b, e) for seat in s.turn_order if seat in s.lab[b]]
    return steps + [fx(-1, "exp_end", b, e)]


def phase_b(c: Ctx) -> None:
    """Phase B: Run Weather Machine Experiment (the final round: every completed branch)."""
    s = c.s
    if s.final_round and s.round >= s.final_round:
        c.set(("phase",), "final")
        c.log("Phase B of the final round: starting with the Assistant's branch, every completed "
              "branch with a matching Experiment tile runs its experiment.")
        steps: list[tuple] = []
        ran = []
        for k in range(W):
            b = (s.assistant + k) % W
            e = active_tile(s, b)
            if B.lab_full(s, b) and e is not None:
                steps.append(fx(-1, "say", f"The {T.weather(b)} experiment runs with {T.experiment(e)}."))
                steps += experiment_steps(s, b, e)
                ran.append(b)
        if not ran:
            c.log("No completed branch has a matching Experiment tile: no experiment runs.")
        steps.append(fx(-1, "say", "Before final scoring, each player in turn order may place Award "
                                   "tokens and use Investment tiles."))
        steps += [("final_place", seat) for seat in s.turn_order]
        steps.append(fx(-1, "final_scoring"))
        c.push(*steps)
        return
    c.set(("phase",), "B")
    b = s.assistant
    e = active_tile(s, b)
    if e is not None and B.lab_full(s, b):
        c.log(f"Phase B: the {T.weather(b)} branch is full and {T.experiment(e)} is in the display, "
              f"so the {T.weather(b)} experiment runs.")
        steps = experiment_steps(s, b, e)
    else:
        why = ("no Experiment tile in the display matches it" if e is None
               else "not every space of the branch has a Bot")
        c.log(f"Phase B: the {T.weather(b)} experiment does not run: {why}.")
        steps = [("exp_keep", seat, b) for seat in s.turn_order if seat in s.lab[b]]
        steps.append(fx(-1, "lativ_back", b))
    c.push(*steps, fx(-1, "prepare"), fx(-1, "phase_c"))


def experiment_end(c: Ctx, b: int, e: int) -> None:
    """After all players: 2 players remove a Lab token if Lativ has a Bot there; Lativ's Bots
    return; the next Extreme Weather tile covers the current one."""
    s = c.s
    c.log(f"The {T.weather(b)} experiment is completed.")
    if s.players == 2 and LATIV in s.lab[b] and s.lab_tokens[b] > 0:
        c.set(("lab_tokens", b), s.lab_tokens[b] - 1)
        c.set(("removed_tokens",), c.s.removed_tokens + 1)
        c.log(f"2 players: Lativ has a Bot in the branch, so {T.token(f'L:{b}')} is removed from the game.")
    lativ_bots_back(c, b)
    if c.s.ew_stack[b]:
        t = c.s.ew_stack[b][0]
        c.set(("ew_stack", b), c.s.ew_stack[b][1:])
        c.set(("gov_markers",), c.s.gov_markers + c.s.ew_gov[b])
        c.set(("ew_board", b), c.s.ew_board[b] + (t,))
        c.set(("ew_bt", b), (EMPTY,) * len(D.extremes[t].breakthrough))
        c.log(f"The {T.weather(b)} extreme weather worsens: {T.extreme(t)} is placed in R&D, covering "
              "the tile there; its Breakthrough markers go to the box and its Government markers "
              "back to the Government area.")
    else:
        c.log(f"No {T.weather(b)} Extreme Weather tile is left to place in R&D.")


def prepare_next(c: Ctx) -> None:
    """"Preparing for the Next Experiment" steps 1-2."""
    s = c.s
    b = s.assistant
    disp = list(s.exp_display)
    for i in range(2, -1, -1):
        if disp[i] != EMPTY and D.experiments[disp[i]].weather == b:
            c.log(f"{T.experiment(disp[i])} is removed from the game.")
            disp[i] = EMPTY
            break
    tiles = [x for x in disp if x != EMPTY]
    disp = [EMPTY] * (3 - len(tiles)) + tiles
    if disp[0] == EMPTY and s.exp_below != EMPTY:
        disp[disp.count(EMPTY) - 1] = s.exp_below
        c.set(("exp_display",), tuple(disp))
        c.log(f"{T.experiment(s.exp_below)} moves from below the deck into the display.")
        if s.exp_deck:
            c.log(f"{T.experiment(s.exp_deck[0])} goes from the deck to the space below it.")
            c.set(("exp_below",), s.exp_deck[0])
            c.set(("exp_deck",), s.exp_deck[1:], Revealed)
        else:
            c.set(("exp_below",), EMPTY)
            trigger(c, "the last Experiment tile is placed in the display")
    else:
        c.set(("exp_display",), tuple(disp))
    c.set(("assistant",), (b + 1) % W)
    c.log(f"Lativ's Assistant moves to the {T.weather((b + 1) % W)} branch.")


def phase_c(c: Ctx) -> None:
    """Phase C: turn order from the Initiative markers; income if Lativ is in his Office.

    "Each player gains the depicted benefits on each empty space of the top two sections of their
    Assembly Line" and "After players have gained their income, move Lativ to his space in
    Supply": the income of each player in turn order, Lativ's return, then the next round. A
    benefit that asks for a choice is chosen before the next round starts."""
    c.set(("phase",), "C")
    c.set(("turn_order",), c.s.initiative)
    c.log(f"Phase C: the turn order follows the Initiative markers: {order_text(c.s, c.s.turn_order)}.")
    if c.s.lativ_loc != OFFICE:
        c.push(fx(-1, "start_round"))
        return
    c.log("Lativ is in his Office: each player gains the income of the empty spaces in the top "
          "two sections of the Assembly Line.")
    c.push(*[fx(seat, "income") for seat in c.s.turn_order], fx(-1, "lativ_home"),
           fx(-1, "start_round"))


def income(c: Ctx, seat: int) -> None:
    """One player's income: the Vouchers at once, then the other benefits in the order of the
    spaces (those that need a choice become steps of this player)."""
    items: tuple[str, ...] = ()
    for i in range(6):
        if not c.p(seat).line[i]:
            items += D.line_income[i]
    who = name_of(c.s, seat)
    if not items:
        c.log(f"Income: {who} has no empty income space and gains nothing.")
    by_type = [0] * 5
    for it in items:
        kind, _, arg = it.partition(":")
        if kind == "voucher":
            t, _, n = arg.partition(":")
            by_type[D.raw["vouchers"]["keys"].index(t)] += int(n)
    got = []
    for t in range(5):
        if by_type[t]:
            g = min(by_type[t], B.gain_room(c.p(seat), t))
            gain_vouchers(c, seat, t, by_type[t], log=False)
            got.append(T.voucher(t, g) + (f", {by_type[t] - g} more not fitting" if g < by_type[t] else ""))
    if got:
        c.log(f"Income: {who} gains {T.and_list(got)}.")
    gain(c, seat, tuple(it for it in items if not it.startswith("voucher:")))


def lativ_home(c: Ctx) -> None:
    """"After players have gained their income, move Lativ to his space in Supply (Location 1).\""""
    c.set(("lativ_loc",), SUPPLY)
    c.set(("lativ_space",), -1)
    c.log("Lativ moves back to his space in Supply.")


# -- scoring ("Final Scoring") ----------------------------------------------------------------


def metric(s: WMState, seat: int, name: str) -> int:
    """The count a Goal tile's condition reads (Player Aid), worked out for that name only."""
    p = s.pl[seat]
    if name.startswith("funding_"):
        return p.funding[("government", "lab", "rnd").index(name[8:])]
    if name.startswith("office_"):
        prefix = name[7:] + ":"
        return sum(1 for row in p.office for x in row if x.startswith(prefix))
    simple = _METRICS.get(name)
    if simple is None:
        raise KeyError(name)
    return simple(s, seat, p)


_METRICS: dict[str, Callable[[WMState, int, PlayerState], int]] = {
    "gov_bots": lambda s, seat, p: sum(col.count(seat) for col in s.gov_bots),
    "rnd_bots": lambda s, seat, p: sum(br.count(seat) for br in s.rnd),
    "subsidies": lambda s, seat, p: len(p.subsidies),
    "papers": lambda s, seat, p: p.papers,
    "citations": lambda s, seat, p: p.citations,
    "awards": lambda s, seat, p: p.awards,
    "investments": lambda s, seat, p: p.investments,
    "rows_complete": lambda s, seat, p: sum(1 for r in range(6) if B.row_tokens(p, r) == 3),
    "weathers": lambda s, seat, p: len({x.split(":")[1] for row in p.office for x in row
                                        if ":" in x}),
    "breakthroughs": lambda s, seat, p: sum(1 for x in p.breakthrough if x == 2),
    "workshop_tiles": lambda s, seat, p: len(p.tiles),
    "parts": lambda s, seat, p: sum(p.parts),
    "chemicals": lambda s, seat, p: sum(p.chemicals),
    "bots_built": lambda s, seat, p: 12 - sum(p.line),
}


def goal_met(s: WMState, seat: int, goal: int) -> bool:
    g = D.goals[goal]
    return metric(s, seat, g.metric) >= g.target


def breakdown(s: WMState, seat: int) -> list[tuple[str, int]]:
    p = s.pl[seat]
    return [
        ("Climate Points", p.cp),
        ("End-game CP", p.end_cp),
        ("Government funding", D.funding_end_cp[p.funding[0]]),
        ("Lab funding", D.funding_end_cp[p.funding[1]]),
        ("R&D funding", D.funding_end_cp[p.funding[2]]),
        ("Goals", 5 * sum(1 for _sp, g, _f in p.goals_set if goal_met(s, seat, g))),
        ("Nobel Prize", 5 if p.nobel else 0),
    ]


def final_scores(s: WMState) -> list[ScoreLine]:
    """Totals with breakdown; ties broken by Awards, papers, completed rows, else shared."""
    keys = []
    lines = []
    for seat in range(s.players):
        parts = breakdown(s, seat)
        total = sum(v for _k, v in parts)
        p = s.pl[seat]
        key = (total, p.awards, p.papers, metric(s, seat, "rows_complete"))
        keys.append(key)
        lines.append((seat, total, parts))
    return [ScoreLine(seat, total, tuple(parts), 1 + sum(k > keys[seat] for k in keys))
            for seat, total, parts in lines]


# -- words ---------------------------------------------------------------------------------------

STEP_TITLES = {
    "draft": "drafts Goal tiles", "supply_turn": "takes Supply actions",
    "turn_sub": "may use a Subsidy or Investment tile", "move": "moves the Scientist",
    "actions": "performs actions", "tokens": "places Research tokens",
    "final_place": "places last tokens before final scoring", "place_now": "places a Research token",
    "pay": "pays Vouchers", "gain_any": "gains a Voucher of any type",
    "take_chem": "acquires a Chemical", "take_part": "takes a Machine Part",
    "funding_any": "advances on a Funding track", "bot": "constructs a Bot",
    "tile_choice": "takes a Workshop tile", "tile_place": "places a Workshop tile",
    "benefit_action": "may perform a bonus action", "take_subsidy": "takes a Subsidy tile",
    "xpart": "makes a Machine Parts Exchange", "xpart_proto": "makes a Machine Parts Exchange",
    "xchem": "makes a Chemicals Exchange", "extra": "pays a Chemical or Machine Part",
    "bt_space": "places a Breakthrough marker", "prototype": "builds a prototype",
    "return_extra": "returns Machine Parts from the prototype row",
    "lock_pay": "may pay 1 Science for 3 CP", "exp_pay": "may pay Science for the experiment",
    "exp_keep": "may take Bots back from the branch", "exp_benefit": "chooses an experiment benefit",
    "lab_fund": "chooses a Funding track", "rnd_fund": "chooses an R&D funding benefit",
    "to_line": "returns a Bot to the Assembly Line",
}

RULE_OF_STEP = {
    "draft": "Drafting Variant", "supply_turn": "Post-Setup Supply Round",
    "turn_sub": "Phase A step 1, Use a Subsidy Tile or Investment Tile",
    "move": "Move the Scientist", "actions": "Perform Actions", "tokens": "Place Research Tokens",
    "final_place": "Final Scoring", "pay": "Vouchers", "place_now": "Phase B step 5",
}


def step_title(s: WMState, step: tuple | None) -> str:
    if step is None:
        return ""
    return STEP_TITLES.get(step[0], step[0])


def explain(s: WMState, step: tuple, cmd: Command, legal: list[Command]) -> str:
    """The reason a command is refused, naming the rule."""
    kind = step[0]
    p = s.pl[step[1]]
    rule = RULE_OF_STEP.get(kind, STEP_TITLES.get(kind, kind).capitalize())
    if isinstance(cmd, PlaceToken):
        if cmd.token == "A":
            if p.pending_awards < 1:
                return "Award tokens: you have no Award token next to your Office."
            if kind not in FREE_MOMENTS and not in_own_turn(s, step[1]):
                when = {"B": "Phase B, the experiment", "final": "the final round's experiments",
                        "C": "Phase C, the end of the round"}.get(s.phase, "outside a turn")
                return f"{AWARD_RULE}, not during {when}."
            return "Award tokens: place an Award token on an empty space of your Office."
        if cmd.token not in p.pending_tokens:
            return "Place Research Tokens: you do not have that Research token to place."
        return ("Place Research Tokens: a token goes on an empty space of its colour, in a row with "
                "Research tokens of one type of weather only.")
    if isinstance(cmd, DraftGoals):
        if kind != "draft":
            return "Drafting Variant: Goal tiles are only drafted before the game begins."
        mine = {D.goals[g].colour for g in p.goals_hand}
        if cmd.colour in mine:
            return ("Drafting Variant: each set you choose must be a different colour from your "
                    "earlier sets.")
        return "Drafting Variant: choose one of the sets of 3 Goal tiles still available."
    if isinstance(cmd, MoveScientist):
        if kind != "move":
            return f"{rule}: you are not moving your Scientist now."
        if cmd.location == p.location:
            return "Move the Scientist: you must move to a different location."
        if cmd.location not in (SUPPLY, GOVERNMENT, LAB, RND) or not 0 <= cmd.space < B.spaces_of(cmd.location):
            return "Move the Scientist: choose an action space of Supply, Government, the Lab or R&D."
        if B.occupant(s, cmd.location, cmd.space) != EMPTY:
            return "Move the Scientist: choose an empty action space."
        if s.round == 1 and cmd.location != SUPPLY:
            return ("Move the Scientist: in Round 1 take the middle space of a Location, the rightmost "
                    "only if the middle is occupied, never the leftmost.")
        return "Move the Scientist: in Supply you must pay 1 Voucher per Scientist to your left."
    if isinstance(cmd, Done):
        if kind == "tokens":
            return "Place Research Tokens: you must place your Research tokens before the turn ends."
        return f"{rule}: you must choose one of the options."
    if isinstance(cmd, (SellPart, SecureSubsidy, WorkOnExperiment, PublishPaper, Research, Breakthrough)):
        name = {SellPart: "Sell a Part", SecureSubsidy: "Secure Subsidy", WorkOnExperiment: "Work on Experiment",
                PublishPaper: "Publish a Paper", Research: "Research", Breakthrough: "Breakthrough"}[type(cmd)]
        if kind == "actions" and step[2] != SUPPLY:
            if command_action(cmd) not in LOCATION_ACTIONS[step[2]]:
                return f"{name}: this action is performed in another Location."
            i = LOCATION_ACTIONS[step[2]].index(command_action(cmd))
            if step[4] & (1 << i):
                return f"{name}: each action may only be performed once per turn."
            if step[4]:
                return f"{name}: this action space (/) allows only 1 of the actions."
        elif kind != "benefit_action":
            return f"{name}: you are not at that Location's action step now ({rule})."
        return f"{name}: you cannot pay its cost or meet its conditions for that choice."
    if isinstance(cmd, (ExtendWorkshop, ConstructBot, AcquireChemical, ReturnChemical, TakeInitiative)):
        if kind not in ("actions", "supply_turn", "bot", "tile_choice") or (kind == "actions" and step[2] != SUPPLY):
            return "Location 1: Supply: Supply actions are performed at the Supply."
        if isinstance(cmd, ConstructBot) and not B.can_gain_bot(p) or (
                isinstance(cmd, AcquireChemical) and 0 <= cmd.weather < W and not B.can_gain_chem(p, cmd.weather)):
            return "Your Workshop: if you do not have space for something, you cannot gain it."
        return "Location 1: Supply: you cannot pay the cost, or that choice is not available."
    if isinstance(cmd, (PayVoucher, ScienceExchange)):
        if kind != "pay":
            return "Vouchers: there is nothing to pay now."
        return ("Vouchers: you can never pay what you do not have; Science pays for any type; the "
                "Science Exchange is only allowed without the required type or Science.")
    if isinstance(cmd, PlaceTile):
        return ("Placing Workshop Tiles: orthogonally adjacent, within the 3 rows, touching "
                "half-circles of the same colour.")
    if isinstance(cmd, PlaceBreakthrough) and kind == "bt_space":
        spaces = s.ew_bt[step[2]]
        held = spaces[cmd.space] if 0 <= cmd.space < len(spaces) else EMPTY
        by = {GOVERNMENT_MARKER: "a Government marker"}.get(held, f"{name_of(s, held)}'s Breakthrough marker")
        return ("Breakthrough: move the Breakthrough marker to any empty space on the Extreme "
                "Weather tile" + (f"; {by} is on that space." if held != EMPTY else "."))
    return f"{rule}: that is not a legal choice now."


PAY_PURPOSE = {
    "take_tile": "to Extend the Workshop", "construct": "to construct the Bot",
    "acquire": "for the Chemical", "initiative": "to Take the Initiative",
    "sell": "for Sell a Part", "secure": "for Secure Subsidy", "work": "for Work on Experiment",
    "publish": "for Publish a Paper", "research": "for Research", "breakthrough": "for the Breakthrough",
    "cp": "for 3 CP", "exp_reward": "for the experiment", "move_lativ": "for the Scientists to the left in Supply",
}


def step_of(s: WMState, seat: int) -> tuple:
    """The step a command of ``seat`` answers (the top of the stack), or () if it is not theirs."""
    if s.stack and s.stack[-1][1] == seat:
        return s.stack[-1]
    return ()


def pay_purpose(s: WMState, step: tuple) -> str:
    """What a Voucher payment step pays for: the automatic step of the same seat below it."""
    if not step or step[0] != "pay":
        return ""
    for k in range(len(s.stack) - 2, -1, -1):
        below = s.stack[k]
        if below[0] == "pay" and below[1] == step[1]:
            continue
        if below[0] == "fx" and below[2] in PAY_PURPOSE:
            return PAY_PURPOSE[below[2]]
        if below[0] == "actions" and below[2] == SUPPLY and step[2] == ANY:
            return PAY_PURPOSE["move_lativ"]
        break
    return "for the Executive Exchange" if step[2] == ANY else ""


def describe(s: WMState, cmd: Command) -> str:
    """One sentence in the rulebook's words for the action list and the log (no "=", no
    parentheses, no class names; names the seat)."""
    who = name_of(s, cmd.seat)
    step = step_of(s, cmd.seat)
    kind = step[0] if step else ""
    p = s.pl[cmd.seat] if 0 <= cmd.seat < len(s.pl) else None
    free = kind in ("benefit_action", "bot", "tile_choice")
    if isinstance(cmd, DraftGoals):
        conds = [T.goal_condition(g.id) for g in D.goals if g.set == cmd.symbol and g.colour == cmd.colour]
        return (f"{who} drafts the three {T.GOAL_COLOURS.get(cmd.colour, cmd.colour)} Goal tiles of set "
                f"{cmd.symbol}: {T.and_list(conds)}")
    if isinstance(cmd, Done):
        if kind == "supply_turn":
            return f"{who} ends the Post-Setup Supply turn"
        if kind == "turn_sub":
            return f"{who} uses no Subsidy or Investment tile this turn"
        if kind == "actions":
            return f"{who} ends the actions at {LOC_NAMES[step[2]]}"
        if kind == "tokens":
            return f"{who} ends the turn"
        if kind == "final_place":
            return f"{who} is ready for final scoring"
        if kind == "benefit_action":
            return f"{who} declines the free {T.ACTION_NAMES.get(step[2], 'bonus')} action"
        return f"{who} is done"
    if isinstance(cmd, Confirm):
        if kind == "lock_pay":
            return (f"{who} pays 1 Science Voucher for 3 CP" if cmd.yes
                    else f"{who} does not pay 1 Science Voucher for 3 CP")
        if kind == "exp_pay":
            e = step[2]
            sci = D.experiments[e].science
            return (f"{who} pays {T.voucher(V_SCI, sci)} to collect the rewards of {T.experiment(e)}"
                    if cmd.yes else f"{who} does not pay for {T.experiment(e)} and gains nothing from it")
        if kind == "exp_keep":
            b = step[2]
            return (f"{who} takes the Bots back from the {T.weather(b)} branch" if cmd.yes
                    else f"{who} leaves the Bots in the {T.weather(b)} branch")
        return f"{who} answers {'yes' if cmd.yes else 'no'}"
    if isinstance(cmd, UseSubsidy):
        b = D.subsidy_types[D.subsidy_tiles[cmd.tile]]
        return f"{who} flips {T.subsidy(cmd.tile)} for {T.benefit(b)}"
    if isinstance(cmd, SetGoal):
        return (f"{who} uses an Investment tile to set {T.goal(cmd.goal)} on {T.goal_space(cmd.space)}, "
                f"gaining {T.benefits(D.goal_space_benefit[cmd.space])}")
    if isinstance(cmd, ReceiveFunding):
        tr = COLOUR_TRACK[D.goals[cmd.goal].colour]
        return (f"{who} uses an Investment tile to flip {T.goal(cmd.goal)} and receive funding from "
                f"{T.track(tr)}")
    if isinstance(cmd, MoveScientist):
        text = f"{who} moves the Scientist to {T.space(cmd.location, cmd.space)}"
        if cmd.location == SUPPLY:
            _n, sci, pay = move_gains(s, cmd.seat, SUPPLY, cmd.space)
            gains = ["any 1 Voucher"] + (["1 Science Voucher for Lativ"] if sci else [])
            text += f" to gain {T.and_list(gains)}"
            if pay:
                text += f", then pays {T.plural(pay, 'Voucher')} for the Scientists to the left"
            return text
        n, sci, _pay = move_gains(s, cmd.seat, cmd.location, cmd.space)
        vt = D.main_spaces[cmd.location][cmd.space][0]
        gains = []
        if p is not None:
            g = min(n, B.gain_room(p, vt))
            gs = min(sci, B.gain_room(p, V_SCI))
            if g:
                gains.append(T.voucher(vt, g))
            if gs:
                gains.append(T.voucher(V_SCI, gs) + " for Lativ")
        gained = f" and gains {T.and_list(gains)}" if gains else " and gains no Voucher, the track being full"
        return f"{text}, {T.symbol(cmd.location, cmd.space)},{gained}"
    if isinstance(cmd, ExtendWorkshop):
        if cmd.source == 4:
            t = s.up_stack[0] if s.up_stack else EMPTY
            where = "from the top of the face-up stack"
        else:
            t = s.offer[cmd.source] if 0 <= cmd.source < 4 else EMPTY
            where = f"from space {cmd.source + 1} of the offer"
        name = T.tile(t) if t >= 0 else "a Workshop tile"
        cost = "" if free else ", for 1 Supply Voucher"
        return f"{who} extends the Workshop {where}: {name}{cost}"
    if isinstance(cmd, PlaceTile):
        t = step[2] if kind == "tile_place" else None
        name = T.tile(t) if t is not None else "the Workshop tile"
        turn = T.tile_orientation(t, cmd.flipped) if t is not None else ("turned" if cmd.flipped else "")
        return (f"{who} places {name} in the {T.ws_row(cmd.row)} of the Workshop, column {cmd.col}"
                + (f", {turn}" if turn else ""))
    if isinstance(cmd, ConstructBot):
        cost = ", free" if free else f" for {T.voucher(V_SUPPLY, D.line_cost[cmd.slot // 3])}"
        ben = D.line_benefit[cmd.slot] if 0 <= cmd.slot < 12 else ()
        gains = f", gaining {T.benefits(ben)}" if ben else ""
        return f"{who} builds a Bot from {T.line_slot(cmd.slot)}, of the Assembly Line{cost}{gains}"
    if isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(s, cmd.weather) if 0 <= cmd.weather < W else None
        cost = f" for {T.voucher(V_SUPPLY, D.chem_take[D.chem_section[slot]])}" if slot is not None else ""
        return f"{who} takes {T.chemical(cmd.weather)} from the Supply{cost}"
    if isinstance(cmd, TakeChemical):
        return f"{who} takes {T.chemical(cmd.weather)} from the Supply"
    if isinstance(cmd, ReturnChemical):
        slot = B.supply_rightmost_empty(s, cmd.weather) if 0 <= cmd.weather < W else None
        n = D.chem_return[D.chem_section[slot]] if slot is not None else 0
        g = min(n, B.gain_room(p, V_SUPPLY)) if p is not None else n
        gains = f" and gains {T.voucher(V_SUPPLY, g)}" if g else " and gains no Voucher"
        return f"{who} returns {T.chemical(cmd.weather)} to the Supply{gains}"
    if isinstance(cmd, TakeInitiative):
        return (f"{who} takes the Initiative for 1 Supply Voucher, moving to the "
                f"{T.ORDINALS[cmd.position]} place of the initiative order")
    if isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        cost = "" if free else " for 1 Government Voucher"
        how = (f"paying {T.part(colour)}" if p is None or p.parts[colour]
               else f"getting {T.part(colour)} by a Machine Parts Exchange")
        return f"{who} sells a Part{cost}: a Bot onto {T.gov_space(cmd.column, cmd.row)}, {how}"
    if isinstance(cmd, TakeSubsidy):
        col = step[2] if kind == "take_subsidy" else 0
        cell = s.gov_grid[col][cmd.row]
        name = T.subsidy(int(cell[1:-1])) if cell.startswith("S") else "a Subsidy tile"
        return f"{who} takes {name} from {T.gov_cell(col, cmd.row)}"
    if isinstance(cmd, SecureSubsidy):
        cell = s.gov_grid[cmd.column][cmd.row]
        tile = int(cell[1:-1]) if cell.startswith("S") else 0
        cost = "" if free else " for 2 Government Vouchers"
        gains = (D.gov_column_benefit[cmd.column] + D.gov_row_benefit[cmd.row]
                 + (D.subsidy_types[D.subsidy_tiles[tile]],))
        return (f"{who} secures {T.subsidy(tile)} in {T.gov_cell(cmd.column, cmd.row)}{cost}, gaining "
                f"{T.benefits(gains)}")
    if isinstance(cmd, WorkOnExperiment):
        cost = "" if free else " for 1 Lab Voucher"
        lativ = ", displacing Lativ's Bot" if s.lab[cmd.branch][cmd.space] == LATIV else ""
        return (f"{who} works on the experiment{cost}: a Bot onto the {T.branch_space(cmd.space)} of the "
                f"{T.weather(cmd.branch)} branch of the Weather Machine{lativ}")
    if isinstance(cmd, PublishPaper):
        w = B.row_weather(p, cmd.row) if p is not None else None
        cost = "" if free else " for 2 Lab Vouchers"
        on = f" on {T.weather(w)}" if w is not None else ""
        cite = f", first citing previous work with {T.goal(cmd.cite_goal)}" if cmd.cite_goal >= 0 else ""
        return f"{who} publishes a paper{on} from Office row {cmd.row + 1}{cost}{cite}"
    if isinstance(cmd, Research):
        chem = D.rnd_chemical[cmd.branch][cmd.space]
        cost = "" if free else " for 1 R&D Voucher"
        pay = (f"placing {T.chemical(chem)}" if p is None or p.chemicals[chem]
               else f"getting {T.chemical(chem)} by a Chemicals Exchange")
        extra = ", plus any 1 Chemical or Machine Part, and gains a free Bot" if cmd.space == 0 else ""
        return (f"{who} researches{cost} on the {T.branch_space(cmd.space)} of the {T.weather(cmd.branch)} "
                f"branch of R&D, {pay}{extra}")
    if isinstance(cmd, PayExtra):
        what = T.chemical(cmd.index) if cmd.kind == "chemical" else T.part(cmd.index)
        return f"{who} pays {what} for the bottom Research space"
    if isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row) if p is not None else None
        t = B.top_extreme(s, w) if w is not None else None
        cost = [] if free else ["2 R&D Vouchers"]
        if t is not None and D.extremes[t].science:
            cost.append(T.voucher(V_SCI, D.extremes[t].science))
        on = f" on {T.weather(w)}" if w is not None else ""
        paid = f" for {T.and_list(cost)}" if cost else ""
        return f"{who} makes a Breakthrough{on} with the paper of Office row {cmd.row + 1}{paid}"
    if isinstance(cmd, PlaceBreakthrough):
        w = step[2] if kind == "bt_space" else 0
        t = B.top_extreme(s, w)
        ben = D.extremes[t].breakthrough[cmd.space] if t is not None and cmd.space < len(D.extremes[t].breakthrough) else ()
        name = T.extreme(t) if t is not None else "the Extreme Weather tile"
        return (f"{who} places the Breakthrough marker on space {cmd.space + 1} of {name}, gaining "
                f"{T.benefits(ben)}")
    if isinstance(cmd, BuildPrototype):
        w = step[2] if kind == "prototype" else 0
        res = prototype_need(s, cmd.seat, w, cmd.row, cmd.own)
        need = res[0] if res else []
        helpers = [name_of(s, s.rnd[w][i]) + "'s Bot" for i in range(3)
                   if s.rnd[w][i] not in (EMPTY, cmd.seat) and not cmd.own & (1 << i)]
        mine = [i for i in range(3) if s.rnd[w][i] == cmd.seat and not cmd.own & (1 << i)]
        parts = (T.and_list([D.part_colours[x] for x in sorted(need)])
                 + (" Machine Part" if len(need) == 1 else " Machine Parts")) if need else "no Machine Part"
        text = (f"{who} builds the {T.weather(w)} prototype from the {T.ws_row(cmd.row)} of the Workshop, "
                f"providing {parts}")
        uses = helpers + ([f"{T.plural(len(mine), 'own Bot')} in the branch"] if mine else [])
        if uses:
            text += f", with parts also provided by {T.and_list(uses)}"
        if res and res[1]:
            text += f", needing {T.plural(res[1], 'Machine Parts Exchange')}"
        return text
    if isinstance(cmd, ReturnPart):
        return f"{who} returns {T.part(cmd.colour)} from the prototype row to the reserve"
    if isinstance(cmd, PayVoucher):
        need = step[2] if kind == "pay" else cmd.vtype
        purpose = pay_purpose(s, step)
        as_ = (f" as {T.a_voucher(need)}" if need not in (ANY, cmd.vtype) else "")
        return f"{who} pays {T.voucher(cmd.vtype)}{as_}" + (f" {purpose}" if purpose else "")
    if isinstance(cmd, ScienceExchange):
        counts = [T.voucher(t, cmd.types.count(t)) for t in sorted(set(cmd.types)) if 0 <= t < 5]
        need = step[2] if kind == "pay" else None
        as_ = f", paid as {T.a_voucher(need)}" if need not in (None, ANY) else ""
        return f"{who} makes a Science Exchange: pays {T.and_list(counts)} for 1 Science Voucher{as_}"
    if isinstance(cmd, ChemicalsExchange):
        w = step[2] if kind == "xchem" else None
        get = f" and uses {T.chemical(w)} from the Supply" if w is not None else ""
        return (f"{who} makes a Chemicals Exchange for 2 Vouchers: returns {T.chemical(cmd.give)} to "
                f"the Supply{get}")
    if isinstance(cmd, PartsExchange):
        return (f"{who} makes a Machine Parts Exchange for 2 Vouchers: {T.part(cmd.give)} for "
                f"{T.part(cmd.get)}")
    if isinstance(cmd, GainVoucher):
        return f"{who} gains {T.voucher(cmd.vtype)}"
    if isinstance(cmd, TakePart):
        return f"{who} takes {T.part(cmd.colour)} from the reserve"
    if isinstance(cmd, AdvanceFunding):
        return f"{who} advances 1 space on {T.track(cmd.track)}"
    if isinstance(cmd, ChooseBenefit):
        if kind == "exp_benefit":
            ben = D.experiments[step[2]].benefits[cmd.index] if cmd.index in (0, 1) else ()
            return f"{who} chooses the experiment benefit: {T.benefits(ben)}"
        if kind == "lab_fund":
            return (f"{who} applies the Lab funding modifier of {step[2]} to {T.track(cmd.index)}, "
                    f"as if the marker were {T.plural(step[2], 'space')} further ahead")
        if kind == "rnd_fund" and 0 <= cmd.index < len(D.funding_rnd):
            return (f"{who} takes the R&D funding benefit of space {cmd.index + 1}: "
                    f"{T.benefits(D.funding_rnd[cmd.index])}")
        return f"{who} chooses option {cmd.index + 1}"
    if isinstance(cmd, PlaceToken):
        tok = T.token(cmd.token)
        ok = 0 <= cmd.row < 6 and 0 <= cmd.col < 3
        ben = D.office_benefit[cmd.row][cmd.col] if ok else ()
        where = T.office_space(cmd.row, cmd.col) if ok else f"Office row {cmd.row + 1}"
        gains = f", gaining {T.benefits(ben)}" if ben else ""
        return f"{who} places {tok} on {where}{gains}"
    if isinstance(cmd, ReturnBotToLine):
        return (f"{who} returns a Bot to {T.line_slot(cmd.slot)}, of the Assembly Line, the Workshop "
                "having no space for it")
    return f"{who} chooses {T.ACTION_NAMES.get(type(cmd).__name__, 'an option')}"


GAME = WeatherMachine()
