"""The table's log panel, drawn by the app rather than a pygame_gui text box: each line is
rendered (wrapped) once when it arrives and then only blitted, so a move costs one line's
rendering however long the game has run. The mouse wheel scrolls; new lines follow the bottom
unless the player has scrolled up."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme
from .theme import TextCache

MAX_LINES = 400  # older lines are dropped from the panel (the save file keeps everything)


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
        self._surfaces: list[pygame.Surface] = []
        self._height = 0
        self.scroll = 0  # pixels scrolled up from the bottom

    def clear(self) -> None:
        self._surfaces.clear()
        self._height = 0
        self.scroll = 0

    def add(self, entries: list[LogEntry]) -> None:
        width = self.rect.width - 2 * self.pad - 6
        for e in entries:
            self._surfaces.append(self._render(e, width))
            self._height += self._surfaces[-1].get_height()
        while len(self._surfaces) > MAX_LINES:
            self._height -= self._surfaces.pop(0).get_height()

    def _render(self, e: LogEntry, width: int) -> pygame.Surface:
        indent = self.size if e.indent else 0
        lead = self.text.render(e.letter + " ", self.size, e.letter_colour, True) if e.letter else None
        lead_w = lead.get_width() if lead else 0
        colour = tuple(theme.DANGER)[:3] if e.italic_hint else e.colour
        body = self.text.font(self.size, e.bold).render(e.text, True, colour,
                                                        wraplength=max(40, width - indent - lead_w))
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
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=self.pad)
        pygame.draw.rect(surface, theme.LINE, self.rect, 1, border_radius=self.pad)
        inner = self.rect.inflate(-2 * self.pad, -2 * self.pad)
        old_clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.bottom + self.scroll
        for surf in reversed(self._surfaces):
            y -= surf.get_height()
            if y > inner.bottom:
                continue
            if y + surf.get_height() < inner.top:
                break
            surface.blit(surf, (inner.x, y))
        surface.set_clip(old_clip)
        if self._height > inner.height:  # a thin bar shows where the view is
            visible = inner.height / self._height
            bar_h = max(self.pad * 2, int(inner.height * visible))
            top_frac = 1 - (self.scroll + inner.height) / self._height
            bar = pygame.Rect(self.rect.right - 5, inner.y + int(top_frac * inner.height), 3, bar_h)
            pygame.draw.rect(surface, theme.LINE, bar, border_radius=2)
