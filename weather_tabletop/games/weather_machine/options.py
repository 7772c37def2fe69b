"""What each pending step offers (``step_options``): the options of every action ("Location
Actions"), of moving the Scientist, of Voucher payments ("Vouchers", "Executive Exchanges") and of
the Award tokens that may interrupt a turn. Pure functions of the state."""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations
from typing import Any, Callable

from weather_tabletop.engine.protocol import Command
from weather_tabletop.i18n import msg

from . import board as B
from .board import ANY, D, W
from .commands import (AssignReports, CallSecurity, PushFundingBack, SetRewardChoice, AcquireChemical, AdvanceFunding, Breakthrough, BuildPrototype,
                       ChemicalsExchange, ChooseBenefit, Confirm, ConstructBot, Done, DraftGoals,
                       ExtendWorkshop, GainVoucher, MoveScientist, PartsExchange, PayExtra,
                       PayVoucher, PlaceBreakthrough, PlaceTile, PlaceToken, PublishPaper,
                       ReceiveFunding, Research, ReturnBotToLine, ReturnChemical, ReturnPart,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeChemical,
                       TakeInitiative, TakePart, TakeSubsidy, UseSubsidy, WorkOnExperiment)
from .data import GOVERNMENT, LAB, RND, SUPPLY, V_GOV, V_LAB, V_RND, V_SCI, V_SUPPLY
from .solo_data import NoAgentVouchers, NoCitationTokens, NoSaboteurParts
from .solo_state import SABOTEUR
from .state import (SecurityRoles, FundingBack, SetReward, AnyVoucher, BonusAction, BotChoice, BotToLine, BotsBackOffer, BreakthroughSpace,
                    BreakthroughStart, ChemicalChoice, ChemicalNeeded, Decision, Drafting, EMPTY,
                    ExperimentBenefit, ExperimentPayment, ExtraPartsReturn, ExtraPayment,
                    FinalPlacement, FundingChoice, LATIV, LabFundingChoice, LocationActions,
                    LockOffer, PartChoice, PartNeeded, Payment, PlayerState, PrototypeChoice,
                    PrototypePartsNeeded, ResearchStart, RndFundingChoice, ScientistMove, Sell,
                    Step, SubsidyChoice, SubsidyOrInvestment, SupplyTurn, TileChoice, TilePlacement,
                    TokenNow, TokenPlacement, WMState)


ACTION_BENEFITS = ("sell_part", "work_experiment", "publish", "breakthrough")


#: The steps between the parts of a turn (and the last placement before final scoring): they
#: wait for the player even when placing an Award token is all that is left to do there.
FREE_MOMENTS = (SubsidyOrInvestment, ScientistMove, LocationActions, TokenPlacement, FinalPlacement)


def chem_gain_options(s: WMState, seat: int) -> list[int]:
    fits = B.chem_gain_weathers(s.pl[seat])
    return [w for w in range(W) if fits[w] and any(s.chem_supply[w])]


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
    # solo §4.2: Saboteur Bots provide their parts, unless Independent Prototypes (§6)
    barred = SABOTEUR if s.solo is not None and s.solo.effects(NoSaboteurParts) else EMPTY
    for i in range(3):
        occupied = s.rnd[w][i] != EMPTY and s.rnd[w][i] != barred
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
    barred = SABOTEUR if s.solo is not None and s.solo.effects(NoSaboteurParts) else EMPTY
    masks = [m for m in range(8) if all(s.rnd[w][i] not in (EMPTY, barred) or not m & (1 << i)
                                        for i in range(3))]
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
        if s.solo is not None and s.solo.effects(NoCitationTokens):  # solo §6 Peer Review
            opts = [(a, b) for a, b in opts if b < 0]
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
        cur = s.initiative.index(seat)  # (solo: the Saboteurs hold a place on the track too)
        out += [TakeInitiative(seat, i) for i in range(len(s.initiative)) if i != cur]
    return out


def move_gains(s: WMState, seat: int, loc: int, space: int) -> tuple[int, int, int]:
    """(vouchers of the space's type, Science vouchers, Vouchers to pay) for a placement."""
    left = [B.occupant(s, loc, i) for i in range(space)]
    others = sum(1 for o in left if o >= 0 and o != seat)
    if s.solo is not None:  # solo §4.2: agents count as other players' pieces
        agents = left.count(B.AGENT)
        if loc == SUPPLY or not s.solo.effects(NoAgentVouchers):  # Moral High Ground
            others += agents
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


def pay_options(s: WMState, step: Payment) -> list[Command]:
    """The options of a Voucher payment step."""
    seat, vtype, n, later = step.seat, step.vtype, step.n, step.later
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


def still_to_pay(s: WMState, step: Payment) -> list[tuple[int, int]]:
    """What the action of a payment on top still has to pay after it, worked out from what the
    player holds now: its further payments (below it on the stack), and the 2 Vouchers of each
    Executive Exchange it will need for a Machine Part or Chemical the player lacks (Sell a Part,
    Research, the prototype of a Breakthrough). A payment keeps those back, so that the action
    can be finished. The step's ``later`` said the same when the action started; worked out
    again here because an Award placed in the middle of the payment may have given the Part or
    Chemical, and then no exchange is needed ("Whenever you need to pay ..., and you do not
    have one of the required type")."""
    seat = step.seat
    p = s.pl[seat]
    rest: list[tuple[int, int]] = []
    for below in reversed(s.stack[:-1]):
        if below.__class__ is Payment and below.seat == seat:
            rest.append((below.vtype, below.n))
            continue
        if below.seat == seat:
            if below.__class__ is Sell and p.parts[D.gov_colours[below.column][below.row]] == 0:
                rest.append((ANY, 2))
            elif (below.__class__ is ResearchStart
                  and p.chemicals[D.rnd_chemical[below.branch][below.space]] == 0):
                rest.append((ANY, 2))
            elif below.__class__ is BreakthroughStart:
                w = B.row_weather(p, below.row)
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


#: the rule an Award token refused outside its moments names (its words: ``wm.rule.award``)
AWARD_RULE = msg("wm.rule.award")


def in_own_turn(s: WMState, seat: int) -> bool:
    """Whether the step on top is a decision of ``seat``'s own turn: "Also, at any time during
    your turn, if you have any Award tokens on the space to the top-left of your Office, you may
    place them on any empty spaces of your Office" (Phase A: Player Turns), and the placement
    "Just before final scoring". The steps of an action, a payment or a benefit sit on the
    stack above the step of the turn they interrupt (``FREE_MOMENTS``), all of the same seat;
    Phase B's experiment and Phase C's income are nobody's turn (their steps sit on automatic
    steps of the round, seat -1, or of other seats)."""
    for step in reversed(s.stack):
        if step.seat != seat:
            return False
        if step.__class__ in FREE_MOMENTS:
            return True
    return False


def mid_action_awards(s: WMState, step: Step) -> list[Command]:
    """The Award placements open in the middle of an action (a payment, a choice inside an
    action, a bonus action): ``award_commands`` where the step is of the seat's own turn. The
    free moments offer them in ``step_options`` already."""
    seat = step.seat
    if step.__class__ in FREE_MOMENTS or seat < 0 or s.pl[seat].pending_awards < 1 or not in_own_turn(s, seat):
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


def step_options(s: WMState, step: Decision) -> list[Command]:
    """What the decision ``step`` offers its seat (the Award placements that may interrupt it
    aside: ``mid_action_awards``)."""
    return OFFERS[step.__class__](s, step, s.pl[step.seat])


def _location_actions(s: WMState, step: LocationActions, p: PlayerState) -> list[Command]:
    seat, loc, used = step.seat, step.location, step.used
    out: list[Command] = []
    if loc == SUPPLY:
        out = supply_commands(s, seat)
    else:
        symbol = D.main_spaces[loc][p.space][1]
        for i, act in enumerate(LOCATION_ACTIONS[loc]):
            if used & (1 << i) or (symbol == "/" and used):
                continue
            out += action_commands(s, seat, act, False)
    return out + award_commands(s, seat) + security_commands(s, seat) + [Done(seat)]


def _token_placement(s: WMState, step: TokenPlacement, p: PlayerState) -> list[Command]:
    seat = step.seat
    out: list[Command] = []
    for tok in sorted(set(p.pending_tokens)):
        out += [PlaceToken(seat, tok, r, c) for r, c in B.token_spaces(p, tok)]
    out += award_commands(s, seat) + security_commands(s, seat)
    if not p.pending_tokens:
        out.append(Done(seat))
    return out


def _prototype_parts_needed(s: WMState, step: PrototypePartsNeeded,
                            p: PlayerState) -> list[Command]:
    res = prototype_need(s, step.seat, step.weather, step.row, step.own)
    need = res[0] if res else []
    out: list[Command] = []
    for get in sorted(set(need)):
        if p.parts[get] >= need.count(get):
            continue
        for give in range(W):
            if p.parts[give] > need.count(give):
                out.append(PartsExchange(step.seat, give, get))
    return out


def security_commands(s: WMState, seat: int) -> list[Command]:
    """Solo §3.5 Call Security (7.G17: once per turn, after the Scientist moved): one command
    per Voucher type that may pay."""
    if s.solo is None:
        return []
    from .saboteurs import security_cost_types  # (saboteurs reads the base rules)
    types = security_cost_types(s, seat)
    if not types:
        return []
    return [CallSecurity(seat, t) for t in types]


def _security_roles(s: WMState, step: SecurityRoles, p: PlayerState) -> list[Command]:
    """Solo §3.5: one command per assignment of the three reports in hand to the three roles."""
    cards = (s.solo.deck.current,) + s.solo.deck.draw[:2]
    return [AssignReports(step.seat, a, b, d) for a, b, d in permutations(cards)]


def _funding_back(s: WMState, seat: int) -> list[Command]:
    """Solo §4.7 Creative Accounting: a track to move back on (none: the step is skipped)."""
    from .saboteurs import funding_back_tracks
    return [PushFundingBack(seat, t) for t in funding_back_tracks(s, seat)]


def _yes_no(s: WMState, step: Decision, p: PlayerState) -> list[Command]:
    return [Confirm(step.seat, True), Confirm(step.seat, False)]


def _benefit_choice(s: WMState, step: Decision, p: PlayerState) -> list[Command]:
    return [ChooseBenefit(step.seat, i) for i in choice_indices(s, step)]


OFFERS: dict[type, Callable[[WMState, Any, PlayerState], list[Command]]] = {
    Drafting: lambda s, st, p: [DraftGoals(st.seat, sym, col)
                                for sym, col in draft_sets_left(s, st.seat)],
    SupplyTurn: lambda s, st, p: supply_commands(s, st.seat) + [Done(st.seat)],
    SubsidyOrInvestment: lambda s, st, p: ([UseSubsidy(st.seat, t) for t, up in p.subsidies if up]
                                           + investment_commands(s, st.seat)
                                           + award_commands(s, st.seat) + [Done(st.seat)]),
    ScientistMove: lambda s, st, p: ([MoveScientist(st.seat, loc, sp)
                                      for loc, sp in move_options(s, st.seat)]
                                     + award_commands(s, st.seat)),
    LocationActions: _location_actions,
    TokenPlacement: _token_placement,
    FinalPlacement: lambda s, st, p: (award_commands(s, st.seat) + investment_commands(s, st.seat)
                                      + [Done(st.seat)]),
    TokenNow: lambda s, st, p: [PlaceToken(st.seat, st.token, r, c)
                                for r, c in B.token_spaces(p, st.token)],
    Payment: lambda s, st, p: pay_options(s, st),
    AnyVoucher: lambda s, st, p: [GainVoucher(st.seat, t) for t in range(5) if B.gain_room(p, t) > 0],
    ChemicalChoice: lambda s, st, p: [TakeChemical(st.seat, w) for w in chem_gain_options(s, st.seat)],
    PartChoice: lambda s, st, p: ([TakePart(st.seat, x) for x in range(W)]
                                  if B.can_gain_part(p) else []),
    FundingChoice: lambda s, st, p: [AdvanceFunding(st.seat, t) for t in range(3)
                                     if p.funding[t] < D.funding_length - 1],
    BotChoice: lambda s, st, p: [ConstructBot(st.seat, i)
                                 for i in bot_options(s, st.seat, bool(st.free))],
    TileChoice: lambda s, st, p: [ExtendWorkshop(st.seat, i) for i in tile_sources(s)],
    TilePlacement: lambda s, st, p: [PlaceTile(st.seat, r, c, f)
                                     for r, c, f in B.tile_placements(p, st.tile)],
    BonusAction: lambda s, st, p: action_commands(s, st.seat, st.action, True) + [Done(st.seat)],
    SubsidyChoice: lambda s, st, p: [TakeSubsidy(st.seat, r)
                                     for r in subsidy_rows(s, st.seat, st.column)],
    PartNeeded: lambda s, st, p: [PartsExchange(st.seat, g, st.colour) for g in range(W)
                                  if p.parts[g] > 0 and g != st.colour],
    PrototypePartsNeeded: _prototype_parts_needed,
    ChemicalNeeded: lambda s, st, p: [ChemicalsExchange(st.seat, g) for g in range(W)
                                      if p.chemicals[g] > 0],
    ExtraPayment: lambda s, st, p: ([PayExtra(st.seat, "chemical", w) for w in range(W)
                                     if p.chemicals[w] > 0]
                                    + [PayExtra(st.seat, "part", x) for x in range(W) if p.parts[x] > 0]),
    BreakthroughSpace: lambda s, st, p: [PlaceBreakthrough(st.seat, i)
                                         for i, o in enumerate(s.ew_bt[st.weather]) if o == EMPTY],
    PrototypeChoice: lambda s, st, p: [BuildPrototype(st.seat, r, m)
                                       for r, m in prototype_options(s, st.seat, st.weather, [])],
    ExtraPartsReturn: lambda s, st, p: [ReturnPart(st.seat, x) for x in range(W) if p.parts[x] > 0],
    LockOffer: _yes_no,
    ExperimentPayment: _yes_no,
    BotsBackOffer: _yes_no,
    ExperimentBenefit: _benefit_choice,
    LabFundingChoice: _benefit_choice,
    RndFundingChoice: _benefit_choice,
    BotToLine: lambda s, st, p: [ReturnBotToLine(st.seat, i) for i in line_return_slots(p)],
    SetReward: lambda s, st, p: [SetRewardChoice(st.seat, False), SetRewardChoice(st.seat, True)]
    if s.solo.deck.draw else [SetRewardChoice(st.seat, False)],
    FundingBack: lambda s, st, p: _funding_back(s, st.seat),
    SecurityRoles: _security_roles,
}


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


def own_options(s: WMState, step: Step) -> list[Command]:
    """``top_options`` without the Award placements that only interrupt the step: what the
    step itself offers (whether it is answered for the player, or skipped, depends on these)."""
    opts = top_options(s)
    if step.__class__ in FREE_MOMENTS or step.seat < 0 or s.pl[step.seat].pending_awards < 1:
        return opts
    return [o for o in opts if not is_award(o)]


def choice_indices(s: WMState, step: Decision) -> list[int]:
    if step.__class__ is ExperimentBenefit:
        return [0, 1]
    if step.__class__ is LabFundingChoice:
        return [0, 2]
    return list(range(step.position + 1))  # R&D funding: any space up to the marker


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


def command_action(cmd: Command) -> str:
    return {SellPart: "sell_part", SecureSubsidy: "secure", WorkOnExperiment: "work_experiment",
            PublishPaper: "publish", Research: "research", Breakthrough: "breakthrough"}[type(cmd)]
