"""Location 2: Government (Sell a Part, Secure Subsidy, "Government Runs Their Machine") and the
Extreme Weather tile that a full set of markers fixes."""

from __future__ import annotations

from typing import Any

from . import board as B
from .board import ANY, D
from .state import (EMPTY, GOVERNMENT_MARKER, GovernmentCheck, GovernmentPart, GovernmentToken,
                    PartNeeded, Payment, Step, SubsidyChoice, WMState, evolve, evolve_fields)
from .benefits import advance, score
from .context import Ctx, add, applies, put, put2, trigger, with_player
from .events import (ExtremeWeatherFixed, GovernmentBranchRan, GovernmentCPScored,
                     GovernmentMarkerPlaced, GovernmentMarkerStayed, PartPaid, PartSold,
                     PartsExchanged, SubsidyTaken)


def sell_part(c: Ctx, seat: int, col: int, row: int) -> None:
    """Sell a Part steps 1-4, the Part replacing the Subsidy tile, then the Government check."""
    advance(c, seat, 0)
    colour = D.gov_colours[col][row]
    c.emit(PartSold(seat, col, row))
    steps: list[Step] = []
    if c.p(seat).parts[colour] == 0:
        steps.append(PartNeeded(seat, colour, ()))
    steps.append(SubsidyChoice(seat, col, colour))
    c.push(*steps)


def parts_exchange(c: Ctx, seat: int, give: int, get: int, later: Any) -> None:
    """Machine Parts Exchange: pay any 2 Vouchers, swap one of your Parts for the one needed."""
    c.emit(PartsExchanged(seat, give, get))
    c.push(Payment(seat, ANY, 2, ()))


def take_subsidy(c: Ctx, seat: int, col: int, row: int, colour: int) -> None:
    cell = c.s.gov_grid[col][row]
    tile = int(cell[1:-1])
    owned = {D.subsidy_tiles[t] for t, _u in c.p(seat).subsidies}
    c.emit(SubsidyTaken(seat, col, row, tile, D.subsidy_tiles[tile] not in owned))
    c.emit(PartPaid(seat, colour))
    c.push(GovernmentToken(seat, col), GovernmentPart(seat, col, row, colour), GovernmentCheck(seat, col))


def government_runs(c: Ctx, col: int) -> None:
    """"Government Runs Their Machine": "1. Each player gains 3 CP for each of their Bots in the
    just completed branch. 2. Move 1 Government marker from the Government area to the leftmost
    empty space on the Extreme Weather tile that matches the branch. If all the spaces on the
    Extreme Weather tile are now full, the weather is fixed". The tile has one set of spaces,
    the Breakthrough markers' too: a Government marker takes one of them and gains nothing."""
    if any(x == EMPTY for x in c.s.gov_bots[col]):
        return
    c.emit(GovernmentBranchRan(col))
    for seat in range(c.s.players):
        n = sum(1 for x in c.s.gov_bots[col] if x == seat)
        score(c, GovernmentCPScored(seat, 3 * n, col, n))
    t = B.top_extreme(c.s, col)
    if t is None:
        c.emit(GovernmentMarkerStayed(col, True))
    elif c.s.gov_markers == 0:
        c.emit(GovernmentMarkerStayed(col, False))
    elif EMPTY in c.s.ew_bt[col]:
        c.emit(GovernmentMarkerPlaced(col, c.s.ew_bt[col].index(EMPTY), t))
        if B.extreme_full(c.s, col):
            fix_weather(c, col)
    if all(x != EMPTY for column in c.s.gov_bots for x in column):
        trigger(c, "wm.trigger.government")


def fix_weather(c: Ctx, w: int) -> None:
    """A full Extreme Weather tile returns to the top of its stack; markers leave it."""
    c.emit(ExtremeWeatherFixed(w))


# -- how the events of Government change the state ---------------------------------------------


@applies(PartSold)
def _part_sold(s: WMState, e: PartSold) -> WMState:
    s = with_player(s, e.seat, ws_bots=s.pl[e.seat].ws_bots - 1)
    return evolve(s, "gov_bots", put2(s.gov_bots, e.column, e.row, e.seat))


@applies(PartsExchanged)
def _parts_exchanged(s: WMState, e: PartsExchanged) -> WMState:
    return with_player(s, e.seat, parts=add(add(s.pl[e.seat].parts, e.give, -1), e.get, 1))


@applies(SubsidyTaken)
def _subsidy_taken(s: WMState, e: SubsidyTaken) -> WMState:
    """The tile to the player (or discarded, the player having one of it); its space empty."""
    if e.kept:
        s = with_player(s, e.seat, subsidies=s.pl[e.seat].subsidies + ((e.tile, True),))
    else:
        s = evolve(s, "discarded_subsidies", s.discarded_subsidies + 1)
    return evolve(s, "gov_grid", put2(s.gov_grid, e.column, e.row, ""))


@applies(GovernmentBranchRan)
def _government_branch_ran(s: WMState, e: GovernmentBranchRan) -> WMState:
    return s


@applies(GovernmentMarkerStayed)
def _government_marker_stayed(s: WMState, e: GovernmentMarkerStayed) -> WMState:
    return s


@applies(GovernmentMarkerPlaced)
def _government_marker_placed(s: WMState, e: GovernmentMarkerPlaced) -> WMState:
    return evolve_fields(s, gov_markers=s.gov_markers - 1,
                         ew_bt=put2(s.ew_bt, e.weather, e.space, GOVERNMENT_MARKER))


@applies(ExtremeWeatherFixed)
def _extreme_weather_fixed(s: WMState, e: ExtremeWeatherFixed) -> WMState:
    """The tile returns to the top of its stack; the tile now on top shows with empty spaces;
    the Government markers that were on the tile taken away return to the Government area."""
    w = e.weather
    t = s.ew_board[w][-1]
    board = put(s.ew_board, w, s.ew_board[w][:-1])
    top = board[w][-1] if board[w] else None
    n = len(D.extremes[top].breakthrough) if top is not None else 0
    return evolve_fields(s, ew_board=board, ew_stack=put(s.ew_stack, w, (t,) + s.ew_stack[w]),
                         gov_markers=s.gov_markers + s.ew_gov[w],
                         ew_bt=put(s.ew_bt, w, (EMPTY,) * n))
