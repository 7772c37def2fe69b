"""The table's log panel, drawn by the app rather than a pygame_gui text box: each line is
rendered (wrapped) once and then only blitted, so a move costs its own lines' rendering however
long the game has run. Lines that arrive together (a new round brings a dozen) are rendered a
few per frame (:data:`RENDER_BUDGET`), so a frame in which a move lands stays short. The mouse
wheel scrolls; new lines follow the bottom unless the player has scrolled up."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from . import theme
from .table_view import work_until
from .theme import TextCache

MAX_LINES = 400  # older lines are dropped from the panel (the save file keeps everything)
#: rendered lines are kept for this many panels' height from the bottom; older lines keep only
#: their height and are rendered again if scrolled back to (issue 27: 400 rendered lines held
#: 55 MB at 1920x1080)
KEPT_PANELS = 4
RENDER_BUDGET = 0.0003  # seconds of a frame spent rendering new lines (none past its deadline)


@dataclass(frozen=True)
class LogEntry:
    text: str
    colour: tuple[int, int, int]
    bold: bool = False
    italic_hint: bool = False  # undo/redo lines, drawn in the accent colour
    letter: str = ""  # the seat's colour letter, drawn before command lines
    letter_colour: tuple[int, int, int] = (0, 0, 0)
    indent: bool = False


class LogPanel:
    """A scrollable list of rendered lines inside ``rect``."""

    def __init__(self, rect: pygame.Rect, text: TextCache, size: int) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.size = size
        self.pad = max(4, size // 2)
        self._surfaces: list[pygame.Surface | None] = []  # None: rendered again when shown
        self._entries: list[LogEntry] = []  # the line of each of ``_surfaces``
        self._heights: list[int] = []  # and its height
        self._pending: list[LogEntry] = []  # added, not rendered yet
        self._fresh: list[pygame.Surface] = []  # rendered, not on the composed panel yet
        self._height = 0
        self.scroll = 0  # pixels scrolled up from the bottom
        self._shown: pygame.Surface | None = None  # the panel as last composed (None: to do)

    def clear(self) -> None:
        self._surfaces.clear()
        self._entries.clear()
        self._heights.clear()
        self._pending.clear()
        self._fresh.clear()
        self._height = 0
        self.scroll = 0
        self._shown = None

    def add(self, entries: list[LogEntry]) -> None:
        """New lines at the bottom (rendered by the next frames' :meth:`draw`)."""
        self._pending.extend(entries)
        if len(self._pending) > MAX_LINES:
            del self._pending[:-MAX_LINES]

    @property
    def pending(self) -> int:
        return len(self._pending)

    def flush(self, budget: float | None = None) -> None:
        """Render waiting lines: all of them (``budget`` None), else as many as ``budget``
        seconds (and the frame's deadline) allow; none once the frame's deadline has passed."""
        self._fresh.extend(self._flush(budget))

    def _flush(self, budget: float | None) -> list[pygame.Surface]:
        width = self.rect.width - 2 * self.pad - 6
        end = work_until(budget)
        added: list[pygame.Surface] = []
        if end is not None and time.perf_counter() >= end:
            return added
        while self._pending:
            entry = self._pending.pop(0)
            added.append(self._render(entry, width))
            self._entries.append(entry)
            self._heights.append(added[-1].get_height())
            self._height += added[-1].get_height()
            if end is not None and time.perf_counter() >= end:
                break
        self._surfaces.extend(added)
        while len(self._surfaces) > MAX_LINES:
            self._surfaces.pop(0)
            self._entries.pop(0)
            self._height -= self._heights.pop(0)
        if added:
            self._forget_old()
        return added

    def _forget_old(self) -> None:
        """Keep the rendered lines of the last :data:`KEPT_PANELS` panels' height (and those
        in view); older lines are rendered again when scrolled back to."""
        keep = KEPT_PANELS * self.rect.height + self.scroll
        y = 0
        for i in range(len(self._surfaces) - 1, -1, -1):
            y += self._heights[i]
            if y > keep and self._surfaces[i] is not None:
                self._surfaces[i] = None

    def _render(self, e: LogEntry, width: int) -> pygame.Surface:
        indent = self.size if e.indent else 0
        lead = self.text.render(e.letter + " ", self.size, e.letter_colour, True) if e.letter else None
        lead_w = lead.get_width() if lead else 0
        colour = tuple(theme.DANGER)[:3] if e.italic_hint else e.colour
        # the text cache wraps between CJK characters too, and draws characters the font
        # lacks with a fallback (issue 18)
        body = self.text.render(e.text, self.size, colour, e.bold,
                                width=max(40, width - indent - lead_w))
        surf = pygame.Surface((width, body.get_height() + 2), pygame.SRCALPHA)
        if lead:
            surf.blit(lead, (0, 0))
        surf.blit(body, (indent + lead_w, 0))
        return surf

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """Scroll with the wheel over the panel; True when the event was used."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse):
            limit = max(0, self._height - (self.rect.height - 2 * self.pad))
            self.scroll = max(0, min(limit, self.scroll + event.y * self.size * 3))
            self._shown = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, composed again only when it must be (else one blit); new lines arriving
        while it shows the bottom scroll the composed lines up and are drawn under them."""
        if self._pending:
            self.flush(RENDER_BUDGET)
        added, self._fresh = self._fresh, []
        if len(added) > MAX_LINES // 2:
            self._shown = None  # (the table opening with a long log)
        if self._shown is not None and added:
            if self.scroll:  # scrolled up: the view moves with the lines, compose it again
                self._shown = None
            else:
                self._append(added)
        if self._shown is None:
            self._shown = self._compose()
        surface.blit(self._shown, self.rect)

    def _inner(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.rect.size).inflate(-2 * self.pad, -2 * self.pad)

    def _append(self, added: list[pygame.Surface]) -> None:
        """Scroll the composed lines up by the new lines' height and draw those at the bottom."""
        assert self._shown is not None
        inner = self._inner()
        h = sum(s.get_height() for s in added)
        if h >= inner.height:
            self._shown = None
            return
        area = self._shown.subsurface(inner)
        area.scroll(0, -h)
        area.fill(theme.PANEL, pygame.Rect(0, inner.height - h, inner.width, h))
        y = inner.height - h
        for surf in added:
            area.blit(surf, (0, y))
            y += surf.get_height()
        self._draw_bar(self._shown, inner)

    def _compose(self) -> pygame.Surface:
        """The panel over the table's background colour, as the screen shows it."""
        surface = pygame.Surface(self.rect.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.fill(theme.SKY)
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=self.pad)
        pygame.draw.rect(surface, theme.LINE, rect, 1, border_radius=self.pad)
        inner = self._inner()
        surface.set_clip(inner)
        y = inner.bottom + self.scroll
        for i in range(len(self._surfaces) - 1, -1, -1):
            y -= self._heights[i]
            if y > inner.bottom:
                continue
            if y + self._heights[i] < inner.top:
                break
            surf = self._surfaces[i]
            if surf is None:  # scrolled back to a line whose picture was let go
                surf = self._surfaces[i] = self._render(self._entries[i],
                                                        self.rect.width - 2 * self.pad - 6)
            surface.blit(surf, (inner.x, y))
        surface.set_clip(None)
        self._draw_bar(surface, inner)
        return surface

    def _draw_bar(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """A thin bar shows where the view is when the lines do not all fit."""
        if self._height <= inner.height:
            return
        right = surface.get_width()
        surface.fill(theme.PANEL, pygame.Rect(right - 6, inner.y, 5, inner.height))
        visible = inner.height / self._height
        bar_h = max(self.pad * 2, int(inner.height * visible))
        top_frac = 1 - (self.scroll + inner.height) / self._height
        bar = pygame.Rect(right - 5, inner.y + int(top_frac * inner.height), 3, bar_h)
        pygame.draw.rect(surface, theme.LINE, bar, border_radius=2)
