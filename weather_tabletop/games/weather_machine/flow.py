"""The flow of ``decide``: a command answers the step on top of the stack (``handle``), an action
begins with its costs (``start_action``), and automatic steps run (``run_fx``) until a seat must
choose again (``advance_flow``)."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Command

from . import board as B
from .board import ANY, D
from .commands import (CallSecurity, AcquireChemical, Breakthrough, ConstructBot, Done, ExtendWorkshop,
                       PlaceToken, PublishPaper, ReceiveFunding, Research, ReturnChemical,
                       ScienceExchange, SecureSubsidy, SellPart, SetGoal, TakeInitiative,
                       UseSubsidy, WorkOnExperiment)
from .data import SUPPLY, V_GOV, V_LAB, V_RND, V_SCI, V_SUPPLY
from .benefits import (advance, funding_benefits, gain, gain_vouchers, place_token,
                       return_chem_to_supply, run_benefit, score, take_chem_from_supply,
                       take_investment, use_investment, use_subsidy)
from .context import Ctx, add, applies, put, with_player
from .events import (Announced, BotReturnedToLine, BreakthroughMade, BreakthroughMarkerPlaced,
                     ChoiceForced, DraftingEnded, ExperimentRewardMissed, FinalScored, GainLost,
                     GameEnded, GoalTilesDrafted, GovernmentPartPlaced, InitiativeTaken,
                     NoResearchTokenLeft, PartExchangeUnneeded, PartGained, PartPaid,
                     PendingTokenRemoved, ResearchChemicalPaid, ResearchTokenTaken,
                     ResearchTokenUnplaceable, SubsidySecured, SupplyRoundEnded, VoucherChosen,
                     VouchersPaid, WorkshopTilePlaced, CPScored, ExperimentCPScored)
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
from .saboteurs import (activation_tv, call_security, choose_set_reward, end_of_player_turn,
                        experiment_not_run, final_comparison, final_tv, funding_back,
                        saboteur_turn,
                        saboteurs_experiment, saboteurs_income, start_of_player_turn,
                        take_security_reports)
from .state import (EMPTY, ExperimentNotRun, FundingBack, PlayerTurnEnd, PlayerTurnStart,
                    SaboteursExperiment, SaboteursIncome, SaboteurTurn, SecurityRoles, SetReward,
                    Acquire, AnyVoucher, Award, BonusAction, BotChoice, BotToLine, BotsBackOffer,
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
                    TakeTile, TileChoice, TilePlacement, TokenNow, TokenPlacement, WMState, Work,
                    evolve)


def handle(c: Ctx, step: Decision, cmd: Command) -> None:
    """Answer the decision on top of the stack with ``cmd`` (an Award token placed in the middle
    of a turn answers none: it interrupts the step, which stays on top)."""
    if isinstance(cmd, PlaceToken) and cmd.token == "A":
        place_token(c, step.seat, "A", cmd.row, cmd.col)
        return
    if isinstance(cmd, CallSecurity):  # solo §3.5: at a free moment of the turn, which goes on
        take_security_reports(c, step.seat, cmd.vtype)
        c.push(SecurityRoles(step.seat, cmd.vtype))
        return
    if step.__class__ in TAKEN_OFF_FIRST:
        c.pop()
    ANSWERS[step.__class__](c, step, cmd)


def _drafting(c: Ctx, step: Drafting, cmd: Command) -> None:
    c.pop()
    c.emit(GoalTilesDrafted(step.seat, cmd.symbol, cmd.colour))
    if c.s.stack[-1].__class__ is not Drafting:
        c.emit(DraftingEnded())


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
    c.emit(VouchersPaid(seat, tuple(cmd.types) if isinstance(cmd, ScienceExchange) else (cmd.vtype,)))
    if step.n > 1:
        c.push(Payment(seat, step.vtype, step.n - 1, step.later))


def _extra_payment(c: Ctx, step: ExtraPayment, cmd: Command) -> None:
    if cmd.kind == "chemical":
        return_chem_to_supply(c, step.seat, cmd.index)
    else:
        c.emit(PartPaid(step.seat, cmd.index))


def _breakthrough_space(c: Ctx, step: BreakthroughSpace, cmd: Command) -> None:
    seat, w = step.seat, step.weather
    c.emit(BreakthroughMarkerPlaced(seat, w, cmd.space))
    t = B.top_extreme(c.s, w)
    c.push(PrototypeChoice(seat, w))
    gain(c, seat, D.extremes[t].breakthrough[cmd.space])


def _extra_parts_return(c: Ctx, step: ExtraPartsReturn, cmd: Command) -> None:
    c.emit(PartPaid(step.seat, cmd.colour))
    if step.n > 1:
        c.push(ExtraPartsReturn(step.seat, step.n - 1))


def _lock_offer(c: Ctx, step: LockOffer, cmd: Command) -> None:
    """(Solo §6 Peer Review: ``remove_lock`` offers no purchase.)"""
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
    BotsBackOffer, ExperimentBenefit, LabFundingChoice, RndFundingChoice, BotToLine, SetReward,
    FundingBack, SecurityRoles})

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
    AnyVoucher: lambda c, st, cmd: _any_voucher(c, st.seat, cmd.vtype),
    ChemicalChoice: lambda c, st, cmd: take_chem_from_supply(c, st.seat, cmd.weather),
    PartChoice: lambda c, st, cmd: c.emit(PartGained(st.seat, cmd.colour)),
    FundingChoice: lambda c, st, cmd: advance(c, st.seat, cmd.track),
    BotChoice: lambda c, st, cmd: construct_bot(c, st.seat, cmd.slot, free=bool(st.free)),
    TileChoice: lambda c, st, cmd: take_tile(c, st.seat, cmd.source, free=bool(st.free)),
    TilePlacement: lambda c, st, cmd: c.emit(
        WorkshopTilePlaced(st.seat, st.tile, cmd.row, cmd.col, cmd.flipped)),
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
    BotToLine: lambda c, st, cmd: c.emit(BotReturnedToLine(st.seat, cmd.slot)),
    SetReward: lambda c, st, cmd: choose_set_reward(c, cmd.discard),
    FundingBack: lambda c, st, cmd: funding_back(c, st.seat, cmd.track),
    SecurityRoles: lambda c, st, cmd: call_security(c, st.seat, st.vtype, cmd.current,
                                                    cmd.put_back, cmd.discard),
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


def _any_voucher(c: Ctx, seat: int, vtype: int) -> None:
    if B.gain_room(c.p(seat), vtype) > 0:
        c.emit(VoucherChosen(seat, vtype))


def lost_meanwhile(c: Ctx, seat: int, weather: int) -> None:
    """A Supply action paid for whose gain an Award placed during its payment has made
    impossible (the Award's Part or Chemical took the last Workshop space, or the last Chemical
    of the type): "If you do not have space for something, you cannot gain it" - the Vouchers
    stay paid (undo takes the Award back). ``weather``: the Chemical's, -1 for the Bot."""
    c.emit(GainLost(seat, weather))


def run_effect(c: Ctx, step: Effect) -> None:
    """Run an automatic step (it is already off the stack)."""
    RUNS[step.__class__](c, step)


def _build_bot(c: Ctx, step: BuildBot) -> None:
    if B.can_gain_bot(c.p(step.seat)):
        construct_bot(c, step.seat, step.slot, free=True)
    else:
        lost_meanwhile(c, step.seat, -1)


def _acquire(c: Ctx, step: Acquire) -> None:
    if step.weather in chem_gain_options(c.s, step.seat):
        take_chem_from_supply(c, step.seat, step.weather)
    else:
        lost_meanwhile(c, step.seat, step.weather)


def _initiative(c: Ctx, step: Initiative) -> None:
    order = [x for x in c.s.initiative if x != step.seat]
    order.insert(step.position, step.seat)
    c.emit(InitiativeTaken(step.seat, tuple(order)))


def _government_token(c: Ctx, step: GovernmentToken) -> None:
    s, seat, col = c.s, step.seat, step.column
    if s.gov_tokens[col] > 0:
        c.emit(ResearchTokenTaken(seat, f"G:{col}", False))
    else:
        c.emit(NoResearchTokenLeft(seat, f"G:{col}"))
        take_investment(c, seat)


def _government_part(c: Ctx, step: GovernmentPart) -> None:
    c.emit(GovernmentPartPlaced(step.seat, step.column, step.row, step.colour))


def _secure(c: Ctx, step: Secure) -> None:
    col, row = step.column, step.row
    tile = int(c.s.gov_grid[col][row][1:-1])
    c.emit(SubsidySecured(step.seat, col, row, tile))
    gain(c, step.seat, D.gov_column_benefit[col] + D.gov_row_benefit[row]
         + (D.subsidy_types[D.subsidy_tiles[tile]],))


def _breakthrough_start(c: Ctx, step: BreakthroughStart) -> None:
    w = B.row_weather(c.p(step.seat), step.row)
    c.emit(BreakthroughMade(step.seat, step.row))
    c.push(BreakthroughSpace(step.seat, w))


def _experiment_return(c: Ctx, step: ExperimentReturn) -> None:
    s, seat, b, e = c.s, step.seat, step.branch, step.tile
    bots = sum(1 for x in s.lab[b] if x == seat)
    if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, D.experiments[e].science)]):
        c.push(ExperimentPayment(seat, e, bots, b))
    else:
        c.emit(ExperimentRewardMissed(seat, e))
    return_lab_bots(c, seat, b)


def _experiment_reward(c: Ctx, step: ExperimentReward) -> None:
    seat, e, bots = step.seat, step.tile, step.bots
    each = D.experiments[e].cp
    score(c, ExperimentCPScored(seat, each * bots, bots, each))
    c.push(ExperimentBenefit(seat, e), ExperimentToken(seat, step.branch))


def _experiment_token(c: Ctx, step: ExperimentToken) -> None:
    s, seat, b = c.s, step.seat, step.branch
    tok = f"L:{b}"
    if s.lab_tokens[b] > 0:
        if B.token_spaces(c.p(seat), tok):
            c.emit(ResearchTokenTaken(seat, tok, True))
            c.push(TokenNow(seat, tok))
        else:
            c.emit(ResearchTokenUnplaceable(seat, tok))
    else:
        c.emit(NoResearchTokenLeft(seat, tok))
        gain_vouchers(c, seat, V_SCI, 1)


def _end_supply_round(c: Ctx, step: EndSupplyRound) -> None:
    c.emit(SupplyRoundEnded(c.s.initiative))
    start_round(c)


def _saboteur_turn(c: Ctx, step: SaboteurTurn) -> None:
    """Solo §4.3: the Saboteurs' turn; a two-token set then waits for the player's choice
    (§4.5.6, 7.G13)."""
    saboteur_turn(c)
    if c.s.solo.pending_set >= 0:
        c.push(SetReward(0))


def _government_check(c: Ctx, step: GovernmentCheck) -> None:
    """"Government Runs Their Machine"; solo §4.2: an activation you cause raises the Target
    Value by 3 per Saboteur Bot in the branch."""
    full = all(x != EMPTY for x in c.s.gov_bots[step.column])
    government_runs(c, step.column)
    if full and c.s.solo is not None:
        activation_tv(c, step.column)


def _final_scoring(c: Ctx, step: FinalScoring) -> None:
    if c.s.solo is not None and not c.s.solo.outcome[0]:
        final_tv(c)  # solo §5.4 step 2
        final_comparison(c, 0)  # solo §5.2-§5.5, said
    c.emit(GameEnded())
    c.set_stack((), ())
    for line in sorted(final_scores(c.s), key=lambda x: (x.rank, x.seat)):
        c.emit(FinalScored(line.seat, line.total, line.rank, tuple(v for _k, v in line.breakdown)))


RUNS: dict[type, Callable[[Ctx, Any], None]] = {
    GainBenefit: lambda c, st: run_benefit(c, st.seat, st.benefit),
    ScoreCP: lambda c, st: score(c, CPScored(st.seat, st.cp)),
    TakeTile: lambda c, st: take_tile(c, st.seat, st.source, free=True),
    BuildBot: _build_bot,
    Acquire: _acquire,
    Initiative: _initiative,
    Sell: lambda c, st: sell_part(c, st.seat, st.column, st.row),
    GovernmentToken: _government_token,
    GovernmentPart: _government_part,
    GovernmentCheck: _government_check,
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
    Say: lambda c, st: c.emit(Announced(st.key, st.params)),
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
    SaboteurTurn: _saboteur_turn,
    PlayerTurnStart: lambda c, st: start_of_player_turn(c, st.seat),
    PlayerTurnEnd: lambda c, st: end_of_player_turn(c),
    SaboteursExperiment: lambda c, st: saboteurs_experiment(c, st.branch),
    ExperimentNotRun: lambda c, st: experiment_not_run(c, st.branch, bool(st.final)),
    SaboteursIncome: lambda c, st: saboteurs_income(c),
}

#: the decisions answered for the player when they have a single option
FORCED = (Payment, ChemicalNeeded, PartNeeded, ExtraPartsReturn, BotToLine, SubsidyChoice,
          TokenNow, ExtraPayment, BreakthroughSpace)


def advance_flow(c: Ctx) -> None:
    """Run automatic steps until a seat must choose (or the game is over)."""
    for _ in range(10_000):
        if c.s.phase == "over" or not c.s.stack:
            return
        if c.s.solo is not None and c.s.solo.outcome[0]:
            _final_scoring(c, FinalScoring(-1))  # solo §5.1, §5.3: decided at once
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
                    c.emit(PendingTokenRemoved(top.seat, t))
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
            c.emit(ChoiceForced(opts[0]))
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
        c.emit(PartExchangeUnneeded(seat, top.colour))
        return True
    if top.__class__ is ChemicalNeeded and p.chemicals[top.weather] > 0:
        w, b, i = top.weather, top.branch, top.space
        c.pop()
        c.emit(ResearchChemicalPaid(seat, w, b, i, True))
        return True
    return False


# -- how the events of the flow and of its steps change the state -------------------------------

_TOKENS_OF = {"G": "gov_tokens", "L": "lab_tokens", "R": "rnd_tokens"}


def _token_column(s: WMState, token: str, delta: int) -> WMState:
    """The Research tokens below the column ``token`` names, ``delta`` more."""
    key = _TOKENS_OF[token[0]]
    return evolve(s, key, add(getattr(s, key), int(token[2:]), delta))


@applies(GoalTilesDrafted)
def _goal_tiles_drafted(s: WMState, e: GoalTilesDrafted) -> WMState:
    return with_player(s, e.seat, goals_hand=s.pl[e.seat].goals_hand + tuple(
        g.id for g in D.goals if g.set == e.symbol and g.colour == e.colour))


@applies(DraftingEnded)
def _drafting_ended(s: WMState, e: DraftingEnded) -> WMState:
    return evolve(s, "phase", "supply")


@applies(SupplyRoundEnded)
def _supply_round_ended(s: WMState, e: SupplyRoundEnded) -> WMState:
    return evolve(s, "turn_order", e.order)


@applies(ChoiceForced)
@applies(Announced)
@applies(GainLost)
@applies(ExperimentRewardMissed)
@applies(PartExchangeUnneeded)
@applies(FinalScored)
def _says_only(s: WMState, e: object) -> WMState:
    """A line of the log: nothing on the table changes."""
    return s


@applies(GameEnded)
def _game_ended(s: WMState, e: GameEnded) -> WMState:
    return evolve(s, "phase", "over")


@applies(VouchersPaid)
def _vouchers_paid(s: WMState, e: VouchersPaid) -> WMState:
    v = s.pl[e.seat].vouchers
    for t in e.types:
        v = add(v, t, -1)
    return with_player(s, e.seat, vouchers=v)


@applies(PartGained)
def _part_gained(s: WMState, e: PartGained) -> WMState:
    return with_player(s, e.seat, parts=add(s.pl[e.seat].parts, e.colour, 1))


@applies(PartPaid)
def _part_paid(s: WMState, e: PartPaid) -> WMState:
    return with_player(s, e.seat, parts=add(s.pl[e.seat].parts, e.colour, -1))


@applies(BreakthroughMarkerPlaced)
def _breakthrough_marker_placed(s: WMState, e: BreakthroughMarkerPlaced) -> WMState:
    return evolve(s, "ew_bt", put(s.ew_bt, e.weather, put(s.ew_bt[e.weather], e.space, e.seat)))


@applies(WorkshopTilePlaced)
def _workshop_tile_placed(s: WMState, e: WorkshopTilePlaced) -> WMState:
    return with_player(s, e.seat, tiles=s.pl[e.seat].tiles + ((e.row, e.col, e.tile, e.flipped),))


@applies(BotReturnedToLine)
def _bot_returned_to_line(s: WMState, e: BotReturnedToLine) -> WMState:
    return with_player(s, e.seat, line=put(s.pl[e.seat].line, e.slot, True))


@applies(InitiativeTaken)
def _initiative_taken(s: WMState, e: InitiativeTaken) -> WMState:
    return evolve(s, "initiative", e.order)


@applies(ResearchTokenTaken)
def _research_token_taken(s: WMState, e: ResearchTokenTaken) -> WMState:
    s = _token_column(s, e.token, -1)
    return with_player(s, e.seat, pending_tokens=s.pl[e.seat].pending_tokens + (e.token,))


@applies(NoResearchTokenLeft)
def _no_research_token_left(s: WMState, e: NoResearchTokenLeft) -> WMState:
    return s


@applies(ResearchTokenUnplaceable)
def _research_token_unplaceable(s: WMState, e: ResearchTokenUnplaceable) -> WMState:
    s = _token_column(s, e.token, -1)
    return evolve(s, "removed_tokens", s.removed_tokens + 1)


@applies(PendingTokenRemoved)
def _pending_token_removed(s: WMState, e: PendingTokenRemoved) -> WMState:
    pend = list(s.pl[e.seat].pending_tokens)
    pend.remove(e.token)
    s = with_player(s, e.seat, pending_tokens=tuple(pend))
    return evolve(s, "removed_tokens", s.removed_tokens + 1)


@applies(GovernmentPartPlaced)
def _government_part_placed(s: WMState, e: GovernmentPartPlaced) -> WMState:
    return evolve(s, "gov_grid", put(s.gov_grid, e.column,
                                     put(s.gov_grid[e.column], e.row, f"P{e.colour}")))


@applies(SubsidySecured)
def _subsidy_secured(s: WMState, e: SubsidySecured) -> WMState:
    """The Subsidy tile on the grid flipped: its blue side down."""
    return evolve(s, "gov_grid", put(s.gov_grid, e.column,
                                     put(s.gov_grid[e.column], e.row, f"S{e.tile}-")))


@applies(BreakthroughMade)
def _breakthrough_made(s: WMState, e: BreakthroughMade) -> WMState:
    return with_player(s, e.seat, breakthrough=put(s.pl[e.seat].breakthrough, e.row, 2))


@applies(ResearchChemicalPaid)
def _research_chemical_paid(s: WMState, e: ResearchChemicalPaid) -> WMState:
    s = with_player(s, e.seat, chemicals=add(s.pl[e.seat].chemicals, e.weather, -1))
    return evolve(s, "rnd_chem", put(s.rnd_chem, e.branch, put(s.rnd_chem[e.branch], e.space, e.weather)))
