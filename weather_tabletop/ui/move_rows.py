"""Where each legal move goes in "Your moves" (issue 27): the list must not shift under a
pointer resting on it, or a second click on the same spot plays another move.

:func:`keep_places` is pure (rows in, rows out), so the rule is tested without a window: while
the pointer is over the list, a move still legal keeps its row, a new move takes the first free
row, then the end; a row whose move went stays free (``None``, drawn empty, not clickable), as
otherwise the rows below it would move up. Free rows at the end are dropped. When the pointer is
away, the list takes the game's order again (:func:`game_order`).
"""

from __future__ import annotations

from typing import Hashable, Sequence, TypeVar

C = TypeVar("C", bound=Hashable)


def keep_places(rows: Sequence[C | None], legal: Sequence[C]) -> list[C | None]:
    """``legal`` laid into the places of ``rows``.

    >>> keep_places(["a", "b", "c", "d"], ["d", "x", "b"])
    ['x', 'b', None, 'd']
    >>> keep_places(["a", "b"], ["b", "c", "d"])
    ['c', 'b', 'd']
    """
    wanted = set(legal)
    out: list[C | None] = [c if c in wanted else None for c in rows]
    kept = {c for c in out if c is not None}
    fresh = iter([c for c in legal if c not in kept])
    for i, c in enumerate(out):
        if c is None:
            out[i] = next(fresh, None)
    out.extend(fresh)
    while out and out[-1] is None:
        out.pop()
    return out


def game_order(legal: Sequence[C]) -> list[C | None]:
    """The rows when nobody points at the list: the game's own order."""
    return list(legal)
