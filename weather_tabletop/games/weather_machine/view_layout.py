"""Where things go on the Weather Machine table: one design in units that are pixels when the
view is 1000 x 625 (the smallest board rect: a 1280 x 720 window at 150% UI scale; 1010 x 640 at
100%), scaled as one to the largest
size that fits the view's rect, fonts too (never below 12 pixels: the text floor of issue 13).

Two blocks: the main board (:data:`BOARD_W` x :data:`BOARD_H`, five location panels) and the
shown player's Laboratory with the tabs (:data:`LAB_W` x :data:`LAB_H`). The Laboratory's design
rows are numbered from :data:`LAB_Y` so that one rectangle says which block it is in; the layout
puts the Laboratory beside the board (wide rects) or below it (tall ones), whichever is larger.
"""

from __future__ import annotations

import pygame

from weather_tabletop.ui.table_view import REFERENCE_BOARD, text_growth

from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY

#: the main board: two columns of location panels above Lativ's Office
BOARD_W, BOARD_H = 616, 625
#: the shown player's Laboratory and the tabs above it
LAB_W, LAB_H = 378, 625
#: design rows of the Laboratory start here (``y >= LAB_Y``: a Laboratory rectangle)
LAB_Y = 1000
GAP = 6

PANELS = {SUPPLY: (0, 0, 305, 224), GOVERNMENT: (0, 228, 305, 270), LAB: (311, 0, 305, 256),
          RND: (311, 260, 305, 238), OFFICE: (0, 501, 616, 124)}
HEAD_H = 22  # a panel's coloured title band
SPACE_D = 32  # an action space's circle
SPACE_PITCH = 45
SPACE_X0 = 22  # the first action space's centre, from the panel's left
SPACE_CY = 42  # action spaces' centre, from the panel's top
BAND = (58, 34)  # the band under the action spaces (from the panel's top, height): gains
TABS = (0, LAB_Y, LAB_W, 38)
#: parts of the Laboratory (x, y, w, h) in design units
VOUCHERS = (0, LAB_Y + 41, LAB_W, 24)
OFFICE_ROWS = (0, LAB_Y + 68, 196, 178)
GOAL_HAND = (0, LAB_Y + 250, 196, 146)  # nine tiles at the start: three rows of three
LINE = (202, LAB_Y + 68, 176, 228)
GOALS = (202, LAB_Y + 300, 176, 96)
WORKSHOP = (0, LAB_Y + 400, LAB_W, 162)
TILES_BESIDE = (0, LAB_Y + 566, LAB_W, 50)
MIN_PX = 12


class Layout:
    """The design scaled by ``k`` and centred in a ``w`` x ``h`` view: the board at the top left
    of the design and the Laboratory beside it or below it (see the module docstring)."""

    def __init__(self, w: int, h: int, ui_scale: float = 1.0) -> None:
        self.w, self.h = w, h
        self.beside, self.k = self._fit(w, h)
        dw, dh = self.BESIDE if self.beside else self.BELOW
        #: where the Laboratory's design origin is, in board design units
        self.lab_at = (BOARD_W + GAP, 0) if self.beside else ((BOARD_W - LAB_W) / 2, BOARD_H + GAP)
        self.ox = (w - dw * self.k) / 2
        self.oy = (h - dh * self.k) / 2
        #: text is drawn this much larger than the design's scale: the UI scale's share
        self.grow = text_growth(ui_scale, self.k, self._fit(*REFERENCE_BOARD)[1])

    BESIDE = (BOARD_W + GAP + LAB_W, max(BOARD_H, LAB_H))
    BELOW = (max(BOARD_W, LAB_W), BOARD_H + GAP + LAB_H)

    @classmethod
    def _fit(cls, w: int, h: int) -> tuple[bool, float]:
        """Beside (or below) and the scale of the design in a ``w`` x ``h`` view."""
        k_beside = min(w / cls.BESIDE[0], h / cls.BESIDE[1])
        k_below = min(w / cls.BELOW[0], h / cls.BELOW[1])
        beside = k_beside >= k_below
        return beside, max(0.05, k_beside if beside else k_below)

    def _at(self, x: float, y: float) -> tuple[float, float]:
        if y >= LAB_Y - 100:  # a Laboratory row (the tabs start just above LAB_Y)
            return self.ox + (self.lab_at[0] + x) * self.k, self.oy + (self.lab_at[1] + y - LAB_Y) * self.k
        return self.ox + x * self.k, self.oy + y * self.k

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self._at(x, y)
        x1, y1 = self._at(x + w, y + h) if y >= LAB_Y - 100 or y + h < LAB_Y - 100 else (
            x0 + w * self.k, y0 + h * self.k)
        return pygame.Rect(round(x0), round(y0), max(1, round(x1) - round(x0)),
                           max(1, round(y1) - round(y0)))

    def p(self, x: float, y: float) -> tuple[int, int]:
        x0, y0 = self._at(x, y)
        return round(x0), round(y0)

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    def font(self, v: float) -> int:
        """A text size: ``v`` design units scaled (and grown with the UI scale, :attr:`grow`),
        never below 12 pixels at the sizes the table is made for (k >= 0.97); a smaller view
        scales its text down with the rest."""
        k = self.k * self.grow
        return max(self.floor, round(v * k)) if self.k >= 0.97 else max(6, int(v * k))

    @property
    def floor(self) -> int:
        return MIN_PX if self.k >= 0.97 else max(6, int(MIN_PX * self.k))

    def board(self) -> pygame.Rect:
        return self.r(0, 0, BOARD_W, BOARD_H)

    def lab(self) -> pygame.Rect:
        return self.r(0, LAB_Y, LAB_W, LAB_H)


def space_centre(panel: tuple[float, float, float, float], i: int) -> tuple[float, float]:
    """The design centre of action space ``i`` of a location panel."""
    return panel[0] + SPACE_X0 + i * SPACE_PITCH, panel[1] + SPACE_CY
