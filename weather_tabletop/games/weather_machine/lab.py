"""Location 3: Lativ's Lab (Work on Experiment, Publish a Paper, Citations and Locks) and the
experiments of Phase B ("If the Experiment Runs...", "Preparing for the Next Experiment")."""

from __future__ import annotations

from . import board as B
from .board import D, W
from .data import V_SCI
from .events import (AssistantMoved, BotsTakenBack, CitationUnneeded, ExperimentBelowDeckRefilled,
                     ExperimentDisplayShifted, ExperimentIntoDisplay, ExperimentRan,
                     ExperimentTileRemoved, ExperimentTileTurnedUp, ExperimentWorkedOn,
                     ExtremeWeatherEscalated, LabTokenRemoved, LativBotDisplaced,
                     LativBotsReturned, LockRemoved, NoExtremeWeatherLeft, PaperCited,
                     PaperCPScored, PaperPublished)
from .solo_data import NoUnlockPurchase
from .solo_state import SABOTEUR, SABOTEURS_SEAT
from .state import (SaboteursExperiment, BotToLine, EMPTY, ExperimentEnd, ExperimentReturn, LATIV, Lock, LockOffer,
                    Publish, Step, WMState, evolve, evolve_fields)
from .benefits import advance, gain, score, take_investment
from .context import Ctx, applies, put, put2, trigger, with_player


def work_on_experiment(c: Ctx, seat: int, b: int, i: int) -> None:
    """Work on Experiment: Lab Funding, then a Bot to the branch (Lativ's Bot displaced to
    another empty space of the branch, or to the side of the Lab)."""
    advance(c, seat, 1)
    displaced = c.s.lab[b][i] == LATIV
    c.emit(ExperimentWorkedOn(seat, b, i))
    if displaced:
        c.emit(LativBotDisplaced(b, c.s.lab[b].index(EMPTY) if EMPTY in c.s.lab[b] else -1))


def publish(c: Ctx, seat: int, row: int, goal: int) -> None:
    """Publish a Paper (and a Citation just before)."""
    p = c.p(seat)
    if goal >= 0 and B.row_tokens(p, row) == 3:
        # an Award token placed during the payment completed the row: "Immediately before
        # publishing, if you have 2 tokens in a row" no longer holds, nothing is cited and the
        # Goal tile stays in hand
        c.emit(CitationUnneeded(seat, row))
        goal = -1
    if goal >= 0:
        col = [k for k in range(3) if not p.office[row][k]][0]
        c.emit(PaperCited(seat, goal, row, col))
        c.push(Publish(seat, row, -1))
        gain(c, seat, D.office_benefit[row][col])
        return
    w = B.row_weather(p, row)
    c.emit(PaperPublished(seat, row))
    cells = p.office[row]
    nr, na = sum(1 for x in cells if ":" in x), sum(1 for x in cells if x == "A")
    score(c, PaperCPScored(seat, 2 * nr + 4 * na, w))
    take_investment(c, seat)
    if c.s.locks[w]:
        c.push(Lock(seat, w))
    gain(c, seat, D.slide_benefit[row])


def remove_lock(c: Ctx, seat: int, w: int) -> None:
    """"remove that Lock token from the game. If you do, you may immediately pay 1 Science
    Voucher to gain 3 CP.\""""
    if not c.s.locks[w]:
        return
    c.emit(LockRemoved(w))
    if c.s.solo is not None and c.s.solo.effects(NoUnlockPurchase):
        return  # solo §6 Peer Review
    if B.vouchers_feasible(c.p(seat).vouchers, [(V_SCI, 1)]):
        c.push(LockOffer(seat))


def return_lab_bots(c: Ctx, seat: int, b: int) -> int:
    """Return your Bots from the branch to your Workshop, or the Assembly Line if no space."""
    n = c.s.lab[b].count(seat)
    p = c.p(seat)
    home = 0
    while home < n and B.can_gain_bot(p):  # "if no space": the rest go to the Assembly Line
        home += 1
        p = evolve(p, "ws_bots", p.ws_bots + 1)
    if n:
        c.emit(BotsTakenBack(seat, b, home, n - home))
    if n > home:
        c.push(*[BotToLine(seat)] * (n - home))
    return n


def lativ_bots_back(c: Ctx, b: int) -> None:
    n = c.s.lab[b].count(LATIV)
    if n:
        c.emit(LativBotsReturned(b, n))


def active_tile(s: WMState, b: int) -> int | None:
    """The rightmost Experiment tile of the display matching the branch's weather."""
    for e in reversed(s.exp_display):
        if e != EMPTY and D.experiments[e].weather == b:
            return e
    return None


def experiment_steps(s: WMState, b: int, e: int) -> list[Step]:
    """"If the Experiment Runs...": each player with a Bot in the branch, in turn order."""
    steps: list[Step] = []
    for seat in s.turn_order:
        if s.solo is not None and seat == SABOTEURS_SEAT:
            if SABOTEUR in s.lab[b]:
                steps.append(SaboteursExperiment(-1, b))  # solo §4.6
        elif seat in s.lab[b]:
            steps.append(ExperimentReturn(seat, b, e))
    return steps + [ExperimentEnd(-1, b, e)]


def experiment_end(c: Ctx, b: int, e: int) -> None:
    """After all players: 2 players remove a Lab token if Lativ has a Bot there; Lativ's Bots
    return; the next Extreme Weather tile covers the current one."""
    s = c.s
    c.emit(ExperimentRan(b))
    if s.players <= 2 and LATIV in s.lab[b] and s.lab_tokens[b] > 0:  # solo §4.6 too
        c.emit(LabTokenRemoved(b))
    lativ_bots_back(c, b)
    if s.solo is not None and s.phase == "final":
        return  # solo §5.4: "Do not place any new Extreme Weather tiles at this time"
    if c.s.ew_stack[b]:
        c.emit(ExtremeWeatherEscalated(b, c.s.ew_stack[b][0]))
    else:
        c.emit(NoExtremeWeatherLeft(b))


def prepare_next(c: Ctx) -> None:
    """"Preparing for the Next Experiment" steps 1-2."""
    s = c.s
    b = s.assistant
    disp = list(s.exp_display)
    for i in range(2, -1, -1):
        if disp[i] != EMPTY and D.experiments[disp[i]].weather == b:
            c.emit(ExperimentTileRemoved(disp[i]))
            disp[i] = EMPTY
            break
    tiles = [x for x in disp if x != EMPTY]
    disp = [EMPTY] * (3 - len(tiles)) + tiles
    if disp[0] == EMPTY and s.exp_below != EMPTY:
        disp[disp.count(EMPTY) - 1] = s.exp_below
        c.emit(ExperimentIntoDisplay(s.exp_below, tuple(disp)))
        if s.exp_deck:
            c.emit(ExperimentBelowDeckRefilled(s.exp_deck[0]))
            c.emit(ExperimentTileTurnedUp(s.exp_deck[1:]))
        else:
            trigger(c, "wm.trigger.experiments")
    else:
        c.emit(ExperimentDisplayShifted(tuple(disp)))
    c.emit(AssistantMoved((b + 1) % W))


# -- how the events of the Lab change the state ------------------------------------------------


@applies(ExperimentWorkedOn)
def _experiment_worked_on(s: WMState, e: ExperimentWorkedOn) -> WMState:
    s = with_player(s, e.seat, ws_bots=s.pl[e.seat].ws_bots - 1)
    return evolve(s, "lab", put2(s.lab, e.branch, e.space, e.seat))


@applies(LativBotDisplaced)
def _lativ_bot_displaced(s: WMState, e: LativBotDisplaced) -> WMState:
    if e.space < 0:
        return evolve(s, "lativ_side", s.lativ_side + 1)
    return evolve(s, "lab", put2(s.lab, e.branch, e.space, LATIV))


@applies(CitationUnneeded)
@applies(ExperimentRan)
@applies(ExperimentTileRemoved)
@applies(NoExtremeWeatherLeft)
def _says_only(s: WMState, e: object) -> WMState:
    """A line of the log: nothing on the table changes."""
    return s


@applies(PaperCited)
def _paper_cited(s: WMState, e: PaperCited) -> WMState:
    p = s.pl[e.seat]
    hand = list(p.goals_hand)
    hand.remove(e.goal)
    return with_player(s, e.seat, goals_hand=tuple(hand), citations=p.citations + 1,
                       office=put2(p.office, e.row, e.col, "C"))


@applies(PaperPublished)
def _paper_published(s: WMState, e: PaperPublished) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, breakthrough=put(p.breakthrough, e.row, 1), papers=p.papers + 1)


@applies(LockRemoved)
def _lock_removed(s: WMState, e: LockRemoved) -> WMState:
    return evolve(s, "locks", put(s.locks, e.weather, False))


@applies(BotsTakenBack)
def _bots_taken_back(s: WMState, e: BotsTakenBack) -> WMState:
    s = with_player(s, e.seat, ws_bots=s.pl[e.seat].ws_bots + e.home)
    return evolve(s, "lab", put(s.lab, e.branch, tuple(EMPTY if o == e.seat else o
                                                       for o in s.lab[e.branch])))


@applies(LativBotsReturned)
def _lativ_bots_returned(s: WMState, e: LativBotsReturned) -> WMState:
    return evolve_fields(s, lativ_side=s.lativ_side + e.n, lab=put(
        s.lab, e.branch, tuple(EMPTY if o == LATIV else o for o in s.lab[e.branch])))


@applies(LabTokenRemoved)
def _lab_token_removed(s: WMState, e: LabTokenRemoved) -> WMState:
    return evolve_fields(s, lab_tokens=put(s.lab_tokens, e.branch, s.lab_tokens[e.branch] - 1),
                         removed_tokens=s.removed_tokens + 1)


@applies(ExtremeWeatherEscalated)
def _extreme_weather_escalated(s: WMState, e: ExtremeWeatherEscalated) -> WMState:
    """The next tile covers the one in R&D: its Breakthrough markers go to the box and its
    Government markers back to the Government area."""
    b, t = e.weather, e.tile
    return evolve_fields(s, ew_stack=put(s.ew_stack, b, s.ew_stack[b][1:]),
                         gov_markers=s.gov_markers + s.ew_gov[b],
                         ew_board=put(s.ew_board, b, s.ew_board[b] + (t,)),
                         ew_bt=put(s.ew_bt, b, (EMPTY,) * len(D.extremes[t].breakthrough)))


@applies(ExperimentDisplayShifted)
def _experiment_display_shifted(s: WMState, e: ExperimentDisplayShifted) -> WMState:
    return evolve(s, "exp_display", e.display)


@applies(ExperimentIntoDisplay)
def _experiment_into_display(s: WMState, e: ExperimentIntoDisplay) -> WMState:
    return evolve_fields(s, exp_display=e.display, exp_below=EMPTY)


@applies(ExperimentBelowDeckRefilled)
def _experiment_below_deck_refilled(s: WMState, e: ExperimentBelowDeckRefilled) -> WMState:
    return evolve(s, "exp_below", e.tile)


@applies(ExperimentTileTurnedUp)
def _experiment_tile_turned_up(s: WMState, e: ExperimentTileTurnedUp) -> WMState:
    return evolve(s, "exp_deck", e.deck)


@applies(AssistantMoved)
def _assistant_moved(s: WMState, e: AssistantMoved) -> WMState:
    return evolve(s, "assistant", e.branch)
