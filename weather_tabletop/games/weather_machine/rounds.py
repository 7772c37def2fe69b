"""Rounds and phases: Phase A's turns, Phase B (the experiment; the final round's experiments and
final placements), Phase C (turn order, income, Lativ's return)."""

from __future__ import annotations

from . import board as B
from .board import D, W
from .data import OFFICE, SUPPLY
from .events import (FinalExperimentsBegan, IncomeBegan, IncomeGained, LativReturned,
                     NoExperimentRuns, NoIncome, PhaseBBegan, PhaseCBegan, RoundBegan)
from .benefits import gain
from .context import Ctx, applies, with_player
from .lab import active_tile, experiment_steps
from .solo_state import SABOTEUR, SABOTEURS_SEAT
from .state import (EMPTY, BotsBackOffer, ExperimentNotRun, FundingBack, PlayerTurnEnd,
                    PlayerTurnStart, SaboteursIncome, SaboteurTurn, FinalPlacement, FinalScoring, Income, LativBotsBack,
                    LativHome, PhaseB, PhaseC, PrepareNext, Say, ScientistMove, StartRound, Step,
                    SubsidyOrInvestment, TokenPlacement, WMState, evolve, evolve_fields)


def start_round(c: Ctx) -> None:
    """Phase A: each seat's turn in turn order. Solo §4.1: the Saboteurs' turn where their seat
    comes (an automatic step), the player's turn between the checks of §4.2 (start: §5.1;
    end: §5.3, One Step Ahead)."""
    r = c.s.round + 1
    c.emit(RoundBegan(r, c.s.turn_order, c.s.final_round == r))
    steps: list[Step] = []
    solo = c.s.solo is not None
    for seat in c.s.turn_order:
        if solo and seat == SABOTEURS_SEAT:
            steps.append(SaboteurTurn(-1))
        elif solo:
            steps += [PlayerTurnStart(seat), SubsidyOrInvestment(seat), ScientistMove(seat),
                      TokenPlacement(seat), PlayerTurnEnd(seat)]
        else:
            steps += [SubsidyOrInvestment(seat), ScientistMove(seat), TokenPlacement(seat)]
    steps.append(PhaseB(-1))
    c.push(*steps)


def phase_b(c: Ctx) -> None:
    """Phase B: Run Weather Machine Experiment (the final round: every completed branch)."""
    s = c.s
    if s.final_round and s.round >= s.final_round:
        c.emit(FinalExperimentsBegan())
        steps: list[Step] = []
        ran = []
        for k in range(W):
            b = (s.assistant + k) % W
            e = active_tile(s, b)
            if B.lab_full(s, b) and e is not None:
                steps.append(Say(-1, "wm.event.final_experiment_runs", (("weather", b), ("tile", e))))
                steps += experiment_steps(s, b, e)
                ran.append(b)
            # (solo §5.4: a completed branch that does not run places no new tile now)
        if not ran:
            c.emit(NoExperimentRuns())
        steps.append(Say(-1, "wm.event.final_placements", ()))
        steps += [FinalPlacement(seat) for seat in s.turn_order if seat < s.players]
        steps.append(FinalScoring(-1))
        c.push(*steps)
        return
    b = s.assistant
    e = active_tile(s, b)
    runs = e is not None and B.lab_full(s, b)
    c.emit(PhaseBBegan(b, EMPTY if e is None else e, runs))
    if runs:
        steps = experiment_steps(s, b, e)
    else:
        steps = [BotsBackOffer(seat, b) for seat in s.turn_order if seat in s.lab[b]]
        if s.solo is not None and SABOTEUR in s.lab[b]:
            steps.append(ExperimentNotRun(-1, b, 0))  # solo §4.6
        steps.append(LativBotsBack(-1, b))
    c.push(*steps, PrepareNext(-1), PhaseC(-1))


def phase_c(c: Ctx) -> None:
    """Phase C: turn order from the Initiative markers; income if Lativ is in his Office.

    "Each player gains the depicted benefits on each empty space of the top two sections of their
    Assembly Line" and "After players have gained their income, move Lativ to his space in
    Supply": the income of each player in turn order, Lativ's return, then the next round. A
    benefit that asks for a choice is chosen before the next round starts."""
    c.emit(PhaseCBegan(c.s.initiative))
    if c.s.lativ_loc != OFFICE:
        c.push(StartRound(-1))
        return
    c.emit(IncomeBegan())
    if c.s.solo is not None:  # solo §4.7: your income, the Saboteurs' part, Creative Accounting
        c.push(Income(0), SaboteursIncome(-1), FundingBack(0), LativHome(-1), StartRound(-1))
        return
    c.push(*[Income(seat) for seat in c.s.turn_order], LativHome(-1),
           StartRound(-1))


def income(c: Ctx, seat: int) -> None:
    """One player's income: the Vouchers at once, then the other benefits in the order of the
    spaces (those that need a choice become steps of this player)."""
    items: tuple[str, ...] = ()
    for i in range(6):
        if not c.p(seat).line[i]:
            items += D.line_income[i]
    if not items:
        c.emit(NoIncome(seat))
    by_type = [0] * 5
    for it in items:
        kind, _, arg = it.partition(":")
        if kind == "voucher":
            t, _, n = arg.partition(":")
            by_type[D.raw["vouchers"]["keys"].index(t)] += int(n)
    if any(by_type):
        room = [B.gain_room(c.p(seat), t) for t in range(5)]
        gained = tuple(min(n, r) for n, r in zip(by_type, room))
        c.emit(IncomeGained(seat, gained, tuple(n - g for n, g in zip(by_type, gained))))
    gain(c, seat, tuple(it for it in items if not it.startswith("voucher:")))


def lativ_home(c: Ctx) -> None:
    """"After players have gained their income, move Lativ to his space in Supply (Location 1).\""""
    c.emit(LativReturned())


# -- how the events of rounds change the state ------------------------------------------------


@applies(RoundBegan)
def _round_began(s: WMState, e: RoundBegan) -> WMState:
    return evolve_fields(s, round=e.round, phase="A")


@applies(FinalExperimentsBegan)
def _final_experiments_began(s: WMState, e: FinalExperimentsBegan) -> WMState:
    return evolve(s, "phase", "final")


@applies(PhaseBBegan)
def _phase_b_began(s: WMState, e: PhaseBBegan) -> WMState:
    return evolve(s, "phase", "B")


@applies(PhaseCBegan)
def _phase_c_began(s: WMState, e: PhaseCBegan) -> WMState:
    return evolve_fields(s, phase="C", turn_order=e.order)


@applies(LativReturned)
def _lativ_returned(s: WMState, e: LativReturned) -> WMState:
    return evolve_fields(s, lativ_loc=SUPPLY, lativ_space=-1)



@applies(NoExperimentRuns)
@applies(IncomeBegan)
@applies(NoIncome)
def _says_only(s: WMState, e: object) -> WMState:
    """A line of the log: nothing on the table changes."""
    return s


@applies(IncomeGained)
def _income_gained(s: WMState, e: IncomeGained) -> WMState:
    return with_player(s, e.seat, vouchers=tuple(
        a + b for a, b in zip(s.pl[e.seat].vouchers, e.gained)))
