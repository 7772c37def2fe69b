"""Location 3: Lativ's Lab (Work on Experiment, Publish a Paper, Citations and Locks) and the
experiments of Phase B ("If the Experiment Runs...", "Preparing for the Next Experiment")."""

from __future__ import annotations

from . import board as B
from . import words as T
from .board import D, W
from .data import V_SCI
from .events import Revealed
from .state import (BotToLine, EMPTY, ExperimentEnd, ExperimentReturn, LATIV, Lock, LockOffer,
                    Publish, Step, WMState)
from .benefits import advance, gain, score, take_investment
from .context import Ctx, name_of, trigger


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
        c.push(Publish(seat, row, -1))
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
        c.push(Lock(seat, w))
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
        c.push(LockOffer(seat))


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
                steps.append(BotToLine(seat))
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


def experiment_steps(s: WMState, b: int, e: int) -> list[Step]:
    """"If the Experiment Runs...": each player with a Bot in the branch, in turn order."""
    steps = [ExperimentReturn(seat, b, e) for seat in s.turn_order if seat in s.lab[b]]
    return steps + [ExperimentEnd(-1, b, e)]


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
