"""The scores as a table: one column per seat in seat order, then one per opponent of the game's
own (Machines To The Sky's Automa, Weather Machine solo's Saboteurs: ``opponent_scores``), one
row per scoring category in the order the breakdowns give them, and the totals.

Both the table's side panel (:mod:`.score_box`) and the final score screen
(:mod:`.scenes.scores`) read their categories, cells and headings from here, so a category is
named, a missing value shown ("–") and a leader chosen the same way in both. Pure data and words
(no drawing): the tests check the table without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..engine.protocol import Colour, OpponentScore, ScoreLine, SeatConfig, opponent_scores
from ..i18n import Msg, tr

#: a category a column has no value for
MISSING = "–"


@dataclass(frozen=True)
class Column:
    """One column: a seat (``seat`` its index) or the game's own opponent (``seat`` None), its
    whole name (rendered), colour, total and values by category key; ``leads`` marks the
    leader's total (:func:`mark_leaders`)."""

    seat: int | None
    name: str
    colour: Colour
    total: int
    values: tuple[tuple[str, Any], ...]
    leads: bool = False
    wins_ties: bool = False  # an opponent that wins when a seat is level with it

    def cell(self, category: str) -> str:
        """The value of ``category`` as shown, "–" where the column has none."""
        for key, value in self.values:
            if key == category:
                return cell_text(value)
        return MISSING


@dataclass(frozen=True)
class ScoreTable:
    """Columns (seats, then opponents), category keys (rows) and the game's note (rendered, ""
    when none) shown under the table."""

    columns: tuple[Column, ...]
    categories: tuple[str, ...]
    note: str = ""


def heading(key: str) -> str:
    """A category key as a heading: "end_cp" -> "End cp", "R&D funding" stays as it is."""
    text = tr(key).replace("_", " ")
    return text[:1].upper() + text[1:]


def cell_text(value: Any) -> str:
    """A value as a cell shows it: a number as it is, a message (Weather Machine's "5 (1 of 2
    met)") rendered."""
    return tr(value) if isinstance(value, Msg) else str(value)


def categories(breakdowns: Iterable[Sequence[tuple[str, Any]]]) -> list[str]:
    """Every category of ``breakdowns`` once, in the order they first come."""
    out: list[str] = []
    for breakdown in breakdowns:
        for key, _value in breakdown:
            if key not in out:
                out.append(key)
    return out


def seat_colour(colours: Sequence[Colour], seats: Sequence[SeatConfig], seat: int) -> Colour:
    """The colour ``seat`` plays (the game's colour of that key; the seat's place in the
    game's colours when the key is unknown)."""
    key = seats[seat].color if 0 <= seat < len(seats) else ""
    return next((c for c in colours if c.key == key), colours[seat % len(colours)])


def mark_leaders(columns: Sequence[Column], ranks: dict[int, int]) -> tuple[Column, ...]:
    """The columns with the leader's total marked: the highest total; among seats level on it
    the best rank (a game's tiebreakers, e.g. Weather Machine's Awards); a seat level with an
    opponent leads unless the opponent wins ties. Nobody is marked while every column is level
    (the start of a game)."""
    if not columns:
        return ()
    top = max(c.total for c in columns)
    level = [c for c in columns if c.total == top]
    winners = [c for c in level if c.seat is None and c.wins_ties]
    if not winners:
        seats = [c for c in level if c.seat is not None]
        if seats:
            best = min(ranks.get(c.seat, 1) for c in seats)
            winners = [c for c in seats if ranks.get(c.seat, 1) == best]
        else:
            winners = level
    if len(winners) == len(columns):
        return tuple(columns)
    chosen = {id(c) for c in winners}
    return tuple(Column(c.seat, c.name, c.colour, c.total, c.values, id(c) in chosen, c.wins_ties)
                 for c in columns)


def build(game: Any, state: Any, seats: Sequence[SeatConfig], note: str = "") -> ScoreTable:
    """The table of ``game.scores(state)`` and ``opponent_scores``: seats in seat order, then the
    opponents; an opponent's number that the seats' breakdowns repeat (``repeats``) is left out
    of their columns."""
    lines: list[ScoreLine] = sorted(game.scores(state), key=lambda s: s.seat)
    opponents: tuple[OpponentScore, ...] = opponent_scores(game, state)
    repeated = {o.repeats for o in opponents if o.repeats}
    columns = [Column(s.seat, seats[s.seat].name if s.seat < len(seats) else str(s.seat + 1),
                      seat_colour(game.colours, seats, s.seat), s.total,
                      tuple((k, v) for k, v in s.breakdown if k not in repeated))
               for s in lines]
    columns += [Column(None, tr(o.name), o.colour, o.total, tuple(o.breakdown), wins_ties=o.wins_ties)
                for o in opponents]
    cats = categories(c.values for c in columns)
    return ScoreTable(mark_leaders(columns, {s.seat: s.rank for s in lines}), tuple(cats), note)


__all__ = ["Column", "MISSING", "ScoreTable", "build", "categories", "cell_text", "heading",
           "mark_leaders", "seat_colour"]
