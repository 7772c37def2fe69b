"""Location 2: Government (Sell a Part, Secure Subsidy, "Government Runs Their Machine") and the
Extreme Weather tile that a full set of markers fixes."""

from __future__ import annotations

from typing import Any

from . import board as B
from . import words as T
from .board import ANY, D
from .state import (EMPTY, GOVERNMENT_MARKER, GovernmentCheck, GovernmentPart, GovernmentToken,
                    PartNeeded, Payment, Step, SubsidyChoice)
from .benefits import advance, score
from .context import Ctx, name_of, trigger


def sell_part(c: Ctx, seat: int, col: int, row: int) -> None:
    """Sell a Part steps 1-4, the Part replacing the Subsidy tile, then the Government check."""
    advance(c, seat, 0)
    colour = D.gov_colours[col][row]
    c.padd(seat, "ws_bots", -1)
    c.set(("gov_bots", col, row), seat)
    steps: list[Step] = []
    if c.p(seat).parts[colour] == 0:
        steps.append(PartNeeded(seat, colour, ()))
    steps.append(SubsidyChoice(seat, col, colour))
    c.push(*steps)


def parts_exchange(c: Ctx, seat: int, give: int, get: int, later: Any) -> None:
    """Machine Parts Exchange: pay any 2 Vouchers, swap one of your Parts for the one needed."""
    c.padd(seat, "parts", -1, give)
    c.padd(seat, "parts", 1, get)
    c.push(Payment(seat, ANY, 2, ()))


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
    c.push(GovernmentToken(seat, col), GovernmentPart(seat, col, row, colour), GovernmentCheck(seat, col))


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
