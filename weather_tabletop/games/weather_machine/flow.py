"""The flow of ``decide``: a command answers the step on top of the stack (``handle``), an action
begins with its costs (``start_action``), and automatic steps run (``run_fx``) until a seat must
choose again (``advance_flow``)."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Command

from . import board as B
from . import words as T
from .board import ANY, D
from .commands import (AcquireChemical, Breakthrough, ConstructBot, Done, ExtendWorkshop,
                       PlaceToken, PublishPaper, ReceiveFunding, Research, ReturnChemical,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeInitiative,
                       UseSubsidy, WorkOnExperiment)
from .data import SUPPLY, V_GOV, V_LAB, V_RND, V_SCI, V_SUPPLY
from .benefits import (advance, funding_benefits, gain, gain_vouchers, place_token,
                       return_chem_to_supply, run_benefit, score, take_chem_from_supply,
                       take_investment, use_investment, use_subsidy)
from .context import Ctx, name_of
from .government import government_runs, parts_exchange, sell_part, take_subsidy
from .lab import (experiment_end, lativ_bots_back, prepare_next, publish, remove_lock,
                  return_lab_bots, work_on_experiment)
from .locations import construct_bot, move_lativ, move_scientist, take_tile
from .options import (LOCATION_ACTIONS, chem_gain_options, command_action, own_options,
                      prototype_need)
from .research import (build_prototype, chemicals_exchange, finish_prototype, research,
                       research_end, take_award)
from .rounds import income, lativ_home, phase_b, phase_c, start_round
from .scoring import final_scores
from .sentences import describe
from .state import (Acquire, AnyVoucher, Award, BonusAction, BotChoice, BotToLine, BotsBackOffer,
                    BreakthroughSpace, BreakthroughStart, BuildBot, ChemicalChoice, ChemicalNeeded,
                    Decision, Drafting, Effect, EndSupplyRound, ExperimentBenefit, ExperimentEnd,
                    ExperimentPayment, ExperimentReturn, ExperimentReward, ExperimentToken,
                    ExtraPartsReturn, ExtraPayment, FinalPlacement, FinalScoring, FundingChoice,
                    GainBenefit, GovernmentCheck, GovernmentPart, GovernmentToken, Income,
                    Initiative, LabFundingChoice, LativBotsBack, LativHome, LocationActions, Lock,
                    LockOffer, MoveLativ, PartChoice, PartNeeded, Payment, PhaseB, PhaseC,
                    PrepareNext, PrototypeChoice, PrototypeFinish, PrototypePartsNeeded, Publish,
                    ResearchEnd, ResearchStart, RndFundingChoice, Say, ScientistMove, ScoreCP,
                    Secure, Sell, StartRound, SubsidyChoice, SubsidyOrInvestment, SupplyTurn,
                    TakeTile, TileChoice, TilePlacement, TokenNow, TokenPlacement, Work)


def handle(c: Ctx, step: Decision, cmd: Command) -> None:
    """Answer the decision on top of the stack with ``cmd`` (an Award token placed in the middle
    of a turn answers none: it interrupts the step, which stays on top)."""
    if isinstance(cmd, PlaceToken) and cmd.token == "A":
        place_token(c, step.seat, "A", cmd.row, cmd.col)
        return
    if step.__class__ in TAKEN_OFF_FIRST:
        c.pop()
    ANSWERS[step.__class__](c, step, cmd)


def _drafting(c: Ctx, step: Drafting, cmd: Command) -> None:
    seat = step.seat
    c.pop()
    hand = c.p(seat).goals_hand + tuple(g.id for g in D.goals
                                        if g.set == cmd.symbol and g.colour == cmd.colour)
    c.pset(seat, "goals_hand", hand)
    if c.s.stack[-1].__class__ is not Drafting:
        c.set(("phase",), "supply")
        c.log("Goal drafting is over: the Post-Setup Supply Round begins.")


def _subsidy_or_investment(c: Ctx, step: SubsidyOrInvestment, cmd: Command) -> None:
    c.pop()
    if isinstance(cmd, UseSubsidy):
        use_subsidy(c, step.seat, cmd.tile)
    elif isinstance(cmd, (SetGoal, ReceiveFunding)):
        use_investment(c, step.seat, cmd)


def _final_placement(c: Ctx, step: FinalPlacement, cmd: Command) -> None:
    if isinstance(cmd, Done):
        c.pop()
    else:
        use_investment(c, step.seat, cmd)


def _scientist_move(c: Ctx, step: ScientistMove, cmd: Command) -> None:
    c.pop()
    move_scientist(c, step.seat, cmd.location, cmd.space)


def _supply_turn(c: Ctx, step: SupplyTurn, cmd: Command) -> None:
    if isinstance(cmd, Done):
        c.pop()
        return
    start_action(c, step.seat, cmd, free=False)


def _location_actions(c: Ctx, step: LocationActions, cmd: Command) -> None:
    if isinstance(cmd, Done):
        c.pop()
        return
    if step.location != SUPPLY:
        i = LOCATION_ACTIONS[step.location].index(command_action(cmd))
        c.retop(LocationActions(step.seat, step.location, step.space, step.used | (1 << i)))
    start_action(c, step.seat, cmd, free=False)


def _bonus_action(c: Ctx, step: BonusAction, cmd: Command) -> None:
    c.pop()
    if not isinstance(cmd, Done):
        start_action(c, step.seat, cmd, free=True)


def _token_placement(c: Ctx, step: TokenPlacement, cmd: Command) -> None:
    if isinstance(cmd, Done):
        c.pop()
    else:
        place_token(c, step.seat, cmd.token, cmd.row, cmd.col)


def _token_now(c: Ctx, step: TokenNow, cmd: Command) -> None:
    c.pop()
    place_token(c, step.seat, cmd.token, cmd.row, cmd.col)


def _payment(c: Ctx, step: Payment, cmd: Command) -> None:
    seat = step.seat
    c.pop()
    if isinstance(cmd, ScienceExchange):
        for t in cmd.types:
            c.padd(seat, "vouchers", -1, t)
    else:
        c.padd(seat, "vouchers", -1, cmd.vtype)
    if step.n > 1:
        c.push(Payment(seat, step.vtype, step.n - 1, step.later))


def _extra_payment(c: Ctx, step: ExtraPayment, cmd: Command) -> None:
    if cmd.kind == "chemical":
        return_chem_to_supply(c, step.seat, cmd.index)
    else:
        c.padd(step.seat, "parts", -1, cmd.index)


def _breakthrough_space(c: Ctx, step: BreakthroughSpace, cmd: Command) -> None:
    seat, w = step.seat, step.weather
    c.set(("ew_bt", w, cmd.space), seat)
    t = B.top_extreme(c.s, w)
    c.push(PrototypeChoice(seat, w))
    gain(c, seat, D.extremes[t].breakthrough[cmd.space])


def _extra_parts_return(c: Ctx, step: ExtraPartsReturn, cmd: Command) -> None:
    c.padd(step.seat, "parts", -1, cmd.colour)
    if step.n > 1:
        c.push(ExtraPartsReturn(step.seat, step.n - 1))


def _lock_offer(c: Ctx, step: LockOffer, cmd: Command) -> None:
    if cmd.yes:
        c.push(Payment(step.seat, V_SCI, 1, ()), ScoreCP(step.seat, 3))


def _experiment_payment(c: Ctx, step: ExperimentPayment, cmd: Command) -> None:
    if cmd.yes:
        seat = step.seat
        sci = D.experiments[step.tile].science
        steps = [Payment(seat, V_SCI, sci, ())] if sci else []
        c.push(*steps, ExperimentReward(seat, step.tile, step.bots, step.branch))


def _bots_back_offer(c: Ctx, step: BotsBackOffer, cmd: Command) -> None:
    if cmd.yes:
        return_lab_bots(c, step.seat, step.branch)


def _lab_funding_choice(c: Ctx, step: LabFundingChoice, cmd: Command) -> None:
    track = cmd.index
    pos = min(D.funding_length - 1, c.p(step.seat).funding[track] + step.modifier)
    funding_benefits(c, step.seat, track, pos)


def _prototype_parts_needed(c: Ctx, step: PrototypePartsNeeded, cmd: Command) -> None:
    c.push(step)  # asked again while parts are still missing
    parts_exchange(c, step.seat, cmd.give, cmd.get, [])


#: the decisions taken off the stack before their answer runs
TAKEN_OFF_FIRST = frozenset({
    AnyVoucher, ChemicalChoice, PartChoice, FundingChoice, BotChoice, TileChoice, TilePlacement,
    SubsidyChoice, PartNeeded, PrototypePartsNeeded, ChemicalNeeded, ExtraPayment,
    BreakthroughSpace, PrototypeChoice, ExtraPartsReturn, LockOffer, ExperimentPayment,
    BotsBackOffer, ExperimentBenefit, LabFundingChoice, RndFundingChoice, BotToLine})

ANSWERS: dict[type, Callable[[Ctx, Any, Command], None]] = {
    Drafting: _drafting,
    SubsidyOrInvestment: _subsidy_or_investment,
    FinalPlacement: _final_placement,
    ScientistMove: _scientist_move,
    SupplyTurn: _supply_turn,
    LocationActions: _location_actions,
    BonusAction: _bonus_action,
    TokenPlacement: _token_placement,
    TokenNow: _token_now,
    Payment: _payment,
    AnyVoucher: lambda c, st, cmd: gain_vouchers(c, st.seat, cmd.vtype, 1, log=False),
    ChemicalChoice: lambda c, st, cmd: take_chem_from_supply(c, st.seat, cmd.weather),
    PartChoice: lambda c, st, cmd: c.padd(st.seat, "parts", 1, cmd.colour),
    FundingChoice: lambda c, st, cmd: advance(c, st.seat, cmd.track),
    BotChoice: lambda c, st, cmd: construct_bot(c, st.seat, cmd.slot, free=bool(st.free)),
    TileChoice: lambda c, st, cmd: take_tile(c, st.seat, cmd.source, free=bool(st.free)),
    TilePlacement: lambda c, st, cmd: c.pset(
        st.seat, "tiles", c.p(st.seat).tiles + ((cmd.row, cmd.col, st.tile, cmd.flipped),)),
    SubsidyChoice: lambda c, st, cmd: take_subsidy(c, st.seat, st.column, cmd.row, st.colour),
    PartNeeded: lambda c, st, cmd: parts_exchange(c, st.seat, cmd.give, cmd.get, st.later),
    PrototypePartsNeeded: _prototype_parts_needed,
    ChemicalNeeded: lambda c, st, cmd: chemicals_exchange(
        c, st.seat, cmd.give, st.weather, st.branch, st.space),
    ExtraPayment: _extra_payment,
    BreakthroughSpace: _breakthrough_space,
    PrototypeChoice: lambda c, st, cmd: build_prototype(c, st.seat, st.weather, cmd.row, cmd.own),
    ExtraPartsReturn: _extra_parts_return,
    LockOffer: _lock_offer,
    ExperimentPayment: _experiment_payment,
    BotsBackOffer: _bots_back_offer,
    ExperimentBenefit: lambda c, st, cmd: gain(
        c, st.seat, D.experiments[st.tile].benefits[cmd.index]),
    LabFundingChoice: _lab_funding_choice,
    RndFundingChoice: lambda c, st, cmd: gain(c, st.seat, D.funding_rnd[cmd.index]),
    BotToLine: lambda c, st, cmd: c.set(("pl", st.seat, "line", cmd.slot), True),
}


def start_action(c: Ctx, seat: int, cmd: Command, free: bool) -> None:
    """Begin an action: its costs first ("Cost: ..."), then its steps in order."""
    p = c.p(seat)
    if isinstance(cmd, ExtendWorkshop):
        c.push(Payment(seat, V_SUPPLY, 1, ()), TakeTile(seat, cmd.source))
    elif isinstance(cmd, ConstructBot):
        c.push(Payment(seat, V_SUPPLY, D.line_cost[cmd.slot // 3], ()), BuildBot(seat, cmd.slot))
    elif isinstance(cmd, AcquireChemical):
        slot = B.supply_leftmost(c.s, cmd.weather)
        c.push(Payment(seat, V_SUPPLY, D.chem_take[D.chem_section[slot]], ()),
               Acquire(seat, cmd.weather))
    elif isinstance(cmd, ReturnChemical):
        slot = return_chem_to_supply(c, seat, cmd.weather)
        gain_vouchers(c, seat, V_SUPPLY, D.chem_return[D.chem_section[slot]])
    elif isinstance(cmd, TakeInitiative):
        c.push(Payment(seat, V_SUPPLY, 1, ()), Initiative(seat, cmd.position))
    elif isinstance(cmd, SellPart):
        colour = D.gov_colours[cmd.column][cmd.row]
        later = ((ANY, 2),) if p.parts[colour] == 0 else ()
        steps = [] if free else [Payment(seat, V_GOV, 1, later)]
        c.push(*steps, Sell(seat, cmd.column, cmd.row))
    elif isinstance(cmd, SecureSubsidy):
        steps = [] if free else [Payment(seat, V_GOV, 2, ())]
        c.push(*steps, Secure(seat, cmd.column, cmd.row))
    elif isinstance(cmd, WorkOnExperiment):
        steps = [] if free else [Payment(seat, V_LAB, 1, ())]
        c.push(*steps, Work(seat, cmd.branch, cmd.space))
    elif isinstance(cmd, PublishPaper):
        steps = [] if free else [Payment(seat, V_LAB, 2, ())]
        c.push(*steps, Publish(seat, cmd.row, cmd.cite_goal))
    elif isinstance(cmd, Research):
        w = D.rnd_chemical[cmd.branch][cmd.space]
        later = ((ANY, 2),) if p.chemicals[w] == 0 else ()
        steps = [] if free else [Payment(seat, V_RND, 1, later)]
        c.push(*steps, ResearchStart(seat, cmd.branch, cmd.space))
    elif isinstance(cmd, Breakthrough):
        w = B.row_weather(p, cmd.row)
        sci = D.extremes[B.top_extreme(c.s, w)].science
        dmin = min(res[1] for row in range(3) for m in range(8)
                   if (res := prototype_need(c.s, seat, w, row, m)) is not None)
        exch = ((ANY, 2 * dmin),) if dmin else ()
        steps = [] if free else [Payment(seat, V_RND, 2, ((V_SCI, sci),) + exch)]
        if sci:
            steps.append(Payment(seat, V_SCI, sci, exch))
        c.push(*steps, BreakthroughStart(seat, cmd.row))
    else:
        raise AssertionError(cmd)


def lost_meanwhile(c: Ctx, seat: int, what: str) -> None:
    """A Supply action paid for whose gain an Award placed during its payment has made
    impossible (the Award's Part or Chemical took the last Workshop space, or the last Chemical
    of the type): "If you do not have space for something, you cannot gain it" - the Vouchers
    stay paid (undo takes the Award back)."""
    c.log(f"{name_of(c.s, seat)} can no longer gain {what}: an Award token's benefit, gained "
          "during the payment, took its place; the Vouchers stay paid.")


def run_effect(c: Ctx, step: Effect) -> None:
    """Run an automatic step (it is already off the stack)."""
    RUNS[step.__class__](c, step)


def _build_bot(c: Ctx, step: BuildBot) -> None:
    if B.can_gain_bot(c.p(step.seat)):
        construct_bot(c, step.seat, step.slot, free=True)
    else:
        lost_meanwhile(c, step.seat, "the Bot")


def _acquire(c: Ctx, step: Acquire) -> None:
    if step.weather in chem_gain_options(c.s, step.seat):
        take_chem_from_supply(c, step.seat, step.weather)
    else:
        lost_meanwhile(c, step.seat, T.chemical(step.weather))


def _initiative(c: Ctx, step: Initiative) -> None:
    order = [x for x in c.s.initiative if x != step.seat]
    order.insert(step.position, step.seat)
    c.set(("initiative",), tuple(order))


def _government_token(c: Ctx, step: GovernmentToken) -> None:
    s, seat, col = c.s, step.seat, step.column
    if s.gov_tokens[col] > 0:
        c.set(("gov_tokens", col), s.gov_tokens[col] - 1)
        c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (f"G:{col}",))
        c.log(f"{name_of(s, seat)} takes {T.token(f'G:{col}')}.")
    else:
        c.log(f"No Government Research token of {T.weather(col)} is left.")
        take_investment(c, seat)


def _government_part(c: Ctx, step: GovernmentPart) -> None:
    c.set(("gov_grid", step.column, step.row), f"P{step.colour}")
    c.log(f"{name_of(c.s, step.seat)} places {T.part(step.colour)} where the Subsidy tile was.")


def _secure(c: Ctx, step: Secure) -> None:
    col, row = step.column, step.row
    tile = int(c.s.gov_grid[col][row][1:-1])
    c.set(("gov_grid", col, row), f"S{tile}-")
    gain(c, step.seat, D.gov_column_benefit[col] + D.gov_row_benefit[row]
         + (D.subsidy_types[D.subsidy_tiles[tile]],))


def _breakthrough_start(c: Ctx, step: BreakthroughStart) -> None:
    w = B.row_weather(c.p(step.seat), step.row)
    c.set(("pl", step.seat, "breakthrough", step.row), 2)
    c.push(BreakthroughSpace(step.seat, w))


def _experiment_return(c: Ctx, step: ExperimentReturn) -> None:
    s, seat, b, e = c.s, step.seat, step.branch, step.tile
    bots = sum(1 for x in s.lab[b] if x == seat)
    if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, D.experiments[e].science)]):
        c.push(ExperimentPayment(seat, e, bots, b))
    else:
        c.log(f"{name_of(s, seat)} cannot pay the {T.voucher(V_SCI, D.experiments[e].science)} of "
              f"{T.experiment(e)}, even by Science Exchanges, and gains no reward.")
    return_lab_bots(c, seat, b)


def _experiment_reward(c: Ctx, step: ExperimentReward) -> None:
    seat, e, bots = step.seat, step.tile, step.bots
    score(c, seat, D.experiments[e].cp * bots,
          f"for {T.plural(bots, 'Bot')} in the experiment, {D.experiments[e].cp} CP each")
    c.push(ExperimentBenefit(seat, e), ExperimentToken(seat, step.branch))


def _experiment_token(c: Ctx, step: ExperimentToken) -> None:
    s, seat, b = c.s, step.seat, step.branch
    if s.lab_tokens[b] > 0:
        c.set(("lab_tokens", b), s.lab_tokens[b] - 1)
        tok = f"L:{b}"
        if B.token_spaces(c.p(seat), tok):
            c.pset(seat, "pending_tokens", c.p(seat).pending_tokens + (tok,))
            c.log(f"{name_of(s, seat)} takes {T.token(tok)} and must place it at once.")
            c.push(TokenNow(seat, tok))
        else:
            c.set(("removed_tokens",), c.s.removed_tokens + 1)
            c.log(f"{name_of(s, seat)} takes {T.token(tok)} but has no legal space for it: "
                  "it is removed from the game.")
    else:
        c.log(f"No Lab Research token of {T.weather(b)} is left: {name_of(s, seat)} gains a "
              "Science Voucher instead.")
        gain_vouchers(c, seat, V_SCI, 1)


def _end_supply_round(c: Ctx, step: EndSupplyRound) -> None:
    c.set(("turn_order",), c.s.initiative)
    c.log("The Post-Setup Supply Round ends.")
    start_round(c)


def _final_scoring(c: Ctx, step: FinalScoring) -> None:
    c.set(("phase",), "over")
    c.set_stack((), ())
    for line in sorted(final_scores(c.s), key=lambda x: (x.rank, x.seat)):
        parts = ", ".join(f"{k} {v}" for k, v in line.breakdown if v)
        c.log(f"Final scoring: {name_of(c.s, line.seat)} has {line.total} CP"
              f"{': ' + parts if parts else ''}; place {line.rank}.")


RUNS: dict[type, Callable[[Ctx, Any], None]] = {
    GainBenefit: lambda c, st: run_benefit(c, st.seat, st.benefit),
    ScoreCP: lambda c, st: score(c, st.seat, st.cp),
    TakeTile: lambda c, st: take_tile(c, st.seat, st.source, free=True),
    BuildBot: _build_bot,
    Acquire: _acquire,
    Initiative: _initiative,
    Sell: lambda c, st: sell_part(c, st.seat, st.column, st.row),
    GovernmentToken: _government_token,
    GovernmentPart: _government_part,
    GovernmentCheck: lambda c, st: government_runs(c, st.column),
    Secure: _secure,
    Work: lambda c, st: work_on_experiment(c, st.seat, st.branch, st.space),
    Publish: lambda c, st: publish(c, st.seat, st.row, st.goal),
    ResearchStart: lambda c, st: research(c, st.seat, st.branch, st.space),
    ResearchEnd: lambda c, st: research_end(c, st.seat, st.branch, st.space),
    BreakthroughStart: _breakthrough_start,
    PrototypeFinish: lambda c, st: finish_prototype(c, st.seat, st.weather, st.row, st.own),
    Award: lambda c, st: take_award(c, st.seat, st.weather),
    Lock: lambda c, st: remove_lock(c, st.seat, st.weather),
    ExperimentReturn: _experiment_return,
    Say: lambda c, st: c.log(st.text),
    ExperimentReward: _experiment_reward,
    ExperimentToken: _experiment_token,
    ExperimentEnd: lambda c, st: experiment_end(c, st.branch, st.tile),
    LativBotsBack: lambda c, st: lativ_bots_back(c, st.branch),
    PrepareNext: lambda c, st: prepare_next(c),
    PhaseB: lambda c, st: phase_b(c),
    PhaseC: lambda c, st: phase_c(c),
    Income: lambda c, st: income(c, st.seat),
    LativHome: lambda c, st: lativ_home(c),
    StartRound: lambda c, st: start_round(c),
    EndSupplyRound: _end_supply_round,
    FinalScoring: _final_scoring,
    MoveLativ: lambda c, st: move_lativ(c),
}

#: the decisions answered for the player when they have a single option
FORCED = (Payment, ChemicalNeeded, PartNeeded, ExtraPartsReturn, BotToLine, SubsidyChoice,
          TokenNow, ExtraPayment, BreakthroughSpace)


def advance_flow(c: Ctx) -> None:
    """Run automatic steps until a seat must choose (or the game is over)."""
    for _ in range(10_000):
        if c.s.phase == "over" or not c.s.stack:
            return
        top = c.top()
        if top.kind == "fx":
            c.pop()
            run_effect(c, top)
            continue
        if top.__class__ is TokenPlacement:
            p = c.p(top.seat)
            # "If you are unable to legally place a Research token, remove it from the game."
            stuck = [t for t in p.pending_tokens if not B.token_spaces(p, t)]
            if stuck:
                for t in stuck:
                    c.log(f"{name_of(c.s, top.seat)} has no legal space for {T.token(t)}: it is "
                          "removed from the game.")
                c.pset(top.seat, "pending_tokens", tuple(t for t in p.pending_tokens if t not in stuck))
                c.set(("removed_tokens",), c.s.removed_tokens + len(stuck))
                continue
        if resolved_meanwhile(c, top):
            continue
        # an Award token that could interrupt the step keeps no step open and answers none
        opts = own_options(c.s, top)
        if not opts:
            c.pop()  # nothing can be gained or done here ("gain only what you can")
            continue
        if top.__class__ is SubsidyOrInvestment and all(isinstance(o, (Done, PlaceToken)) for o in opts):
            c.pop()  # no Subsidy or Investment tile to use
            continue
        if top.__class__ is TokenPlacement and opts == [Done(top.seat)]:
            c.pop()
            continue
        if len(opts) == 1 and top.__class__ in FORCED:
            c.log(describe(c.s, opts[0]) + ".")
            handle(c, top, opts[0])
            continue
        return
    raise RuntimeError("automatic steps do not end")


def resolved_meanwhile(c: Ctx, top: Decision) -> bool:
    """An exchange step whose need an Award placed in the middle of the action has met: "Whenever
    you need to pay a Machine Part [a Chemical], and you do not have one of the required type,
    you may pay any 2 Vouchers to exchange" (Executive Exchanges) - once you have one, there is
    no exchange to make. The Part is then paid as usual (by Sell a Part step 4); the Chemical of
    Research is paid now, as ``research`` does when you have it. (Only an Award's benefit can
    bring this about: these steps are pushed only when the Part or Chemical is missing.)"""
    seat = top.seat
    p = c.p(seat)
    if top.__class__ is PartNeeded and p.parts[top.colour] > 0:
        c.pop()
        c.log(f"{name_of(c.s, seat)} now has {T.part(top.colour)}: no Machine Parts Exchange is needed.")
        return True
    if top.__class__ is ChemicalNeeded and p.chemicals[top.weather] > 0:
        w, b, i = top.weather, top.branch, top.space
        c.pop()
        c.padd(seat, "chemicals", -1, w)
        c.set(("rnd_chem", b, i), w)
        c.log(f"{name_of(c.s, seat)} now has {T.chemical(w)} and pays it: no Chemicals Exchange is needed.")
        return True
    return False
