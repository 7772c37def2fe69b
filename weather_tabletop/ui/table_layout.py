"""Where the table's parts go: the banner, the board and one side column of collapsible panels.

The board is the largest thing on the table: it gets everything but a thin banner and one column
at the right (18% of the width), so it covers at least 70% of the window at every size from
1280x720 up and at every UI scale (the banner's height is capped to a share of the window, so a
big UI scale cannot squeeze the board). The column holds three panels, "Your moves", "Scores" and
"Log"; each folds to its heading, and the whole column folds to a strip at the window's edge.
Pure geometry (no pygame_gui), so the tests can check every size without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

PANELS = ("actions", "scores", "log")
#: share of the column's height each open panel gets (of the open ones); the scores' table needs
#: its column heads, a few categories and the totals at once (at 1280x720 with the step help
#: shown, 22 gave it one row)
WEIGHTS = {"actions": 42, "scores": 30, "log": 28}
SIDE_SHARE = 0.18  # the column's share of the window's width
BANNER_SHARE = 0.09  # the banner's height is at most this share of the window's height


@dataclass(frozen=True)
class Panels:
    """What the player folded: the whole column, and each panel on its own (remembered)."""

    column: bool = True
    open: tuple[str, ...] = PANELS

    def toggled(self, what: str) -> "Panels":
        if what == "column":
            return Panels(not self.column, self.open)
        now = tuple(p for p in PANELS if (p in self.open) != (p == what))
        return Panels(self.column, now)

    def to_json(self) -> dict:
        return {"column": self.column, "open": list(self.open)}

    @classmethod
    def from_json(cls, data: object) -> "Panels":
        """Panel states read back (anything odd gives the defaults)."""
        if not isinstance(data, dict):
            return cls()
        column = data.get("column", True)
        opened = data.get("open", list(PANELS))
        if not isinstance(column, bool) or not isinstance(opened, list):
            return cls()
        return cls(column, tuple(p for p in PANELS if p in opened))


@dataclass
class TableLayout:
    """The rectangles of one table layout (window pixels)."""

    banner: pygame.Rect
    board: pygame.Rect
    column: pygame.Rect  # the open column, or the folded strip
    fold: pygame.Rect  # the button that folds/unfolds the column
    headers: dict[str, pygame.Rect] = field(default_factory=dict)
    bodies: dict[str, pygame.Rect] = field(default_factory=dict)
    buttons: list[pygame.Rect] = field(default_factory=list)  # banner buttons, right to left
    title: pygame.Rect = field(default_factory=pygame.Rect)  # the banner's text area
    gap: int = 0
    hint: pygame.Rect = field(default_factory=pygame.Rect)  # the step help's strip (h 0: none)


def layout(size: tuple[int, int], scale: float, panels: Panels, buttons: int,
           hint_h: int = 0) -> TableLayout:
    """The table's rectangles for a window of ``size`` at layout scale ``scale`` (reference
    pixels times ``scale``), with ``buttons`` buttons in the banner and, when ``hint_h``, a strip
    that high under the banner for the step help (the board gives it its height while it shows,
    so it covers nothing)."""
    w, h = size

    def px(n: float) -> int:
        return round(n * scale)

    gap = max(4, min(px(6), round(h * 0.01)))
    bh = max(px(30) if px(30) < h * BANNER_SHARE else 0, min(px(52), round(h * BANNER_SHARE)))
    banner = pygame.Rect(0, 0, w, bh)
    # banner buttons: as wide as their words need, at most a fifth of the width each
    bw = min(px(100), w // 9)
    bht = min(px(34), bh - 2 * max(3, bh // 10))
    rects = []
    x = w - gap
    for _ in range(buttons):
        x -= bw
        rects.append(pygame.Rect(x, (bh - bht) // 2, bw, bht))
        x -= max(4, px(6))
    title = pygame.Rect(gap + px(6), 0, max(10, x - gap - px(12)), bh)
    top = bh + gap
    strip = max(18, min(px(26), round(w * 0.025)))
    side = round(w * SIDE_SHARE) if panels.column else strip
    column = pygame.Rect(w - side - (gap if panels.column else 0), top,
                         side, h - top - gap)
    board = pygame.Rect(gap, top, column.x - 2 * gap, h - top - gap)
    hint = pygame.Rect(column.x, top, column.w, 0)
    if hint_h and panels.column:
        hint.h = min(hint_h, column.h // 3)
        column = pygame.Rect(column.x, top + hint.h + gap, column.w, column.h - hint.h - gap)
    out = TableLayout(banner, board, column, pygame.Rect(0, 0, 0, 0), buttons=rects, title=title,
                      gap=gap, hint=hint)
    head = max(18, min(px(28), round(h * 0.04)))
    if not panels.column:
        out.fold = pygame.Rect(column.x, column.y, column.w, column.h)
        return out
    out.fold = pygame.Rect(column.right - head, column.y, head, head)
    closed_h = head + gap
    open_panels = [p for p in PANELS if p in panels.open]
    free = column.h - closed_h * len(PANELS) - gap * max(0, len(open_panels) - 1)
    total = sum(WEIGHTS[p] for p in open_panels) or 1
    y = column.y
    for i, p in enumerate(PANELS):
        after = (head + gap) * (len(PANELS) - 1 - i)  # the headings below this panel
        width = column.w - (head + gap if p == PANELS[0] else 0)
        out.headers[p] = pygame.Rect(column.x, y, width, head)
        y += head + gap // 2
        if p in open_panels:
            body_h = max(head, free * WEIGHTS[p] // total) if p != open_panels[-1] else (
                column.bottom - after - y)
            out.bodies[p] = pygame.Rect(column.x, y, column.w, max(1, body_h))
            y += body_h + gap
        else:
            y += gap // 2
    return out
