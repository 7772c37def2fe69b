"""The moves as a keyboard palette: M (or Ctrl+K) at the table opens every legal move in a large
list over the board, typing narrows it (each typed word must appear in the move), Up/Down choose,
Enter plays, Esc closes. The same moves as the side column's "Your moves", for people who fold
the column or play at a big UI scale."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from ..i18n import tr
from . import theme
from .action_list import ActionList
from .theme import TextCache


class MovePalette:
    """A filterable list of ``texts`` over ``area``; :meth:`handle` answers the index (in
    ``texts``) of the move chosen, or None."""

    def __init__(self, area: pygame.Rect, text: TextCache, texts: Sequence[str], size: int) -> None:
        self.text = text
        self.texts = list(texts)
        self.size = size
        w = min(area.w - 2 * size, size * 48)
        h = min(area.h - 2 * size, size * 34)
        self.rect = pygame.Rect(0, 0, max(size * 12, w), max(size * 10, h))
        self.rect.center = area.center
        pad = size
        self.field = pygame.Rect(self.rect.x + pad, self.rect.y + pad * 3, self.rect.w - 2 * pad,
                                 round(size * 2.2))
        list_rect = pygame.Rect(self.rect.x + pad, self.field.bottom + pad // 2, self.rect.w - 2 * pad,
                                self.rect.bottom - pad - self.field.bottom - pad // 2)
        self.list = ActionList(list_rect, text, row_h=round(size * 2.4), font_size=size,
                               pad=pad // 2)
        self.query = ""
        self.skip = ""  # the text of the key that opened the palette (its TEXTINPUT follows)
        self.shown: list[int] = []
        self._filter()

    def _filter(self) -> None:
        words = self.query.lower().split()
        self.shown = [i for i, t in enumerate(self.texts) if all(w in t.lower() for w in words)]
        items = [self.texts[i] for i in self.shown] or [tr("palette.none")]
        self.list.set_items(items, enabled=bool(self.shown))
        if self.shown:
            self.list.select(0)

    def _move(self, step: int) -> None:
        if self.shown:
            now = self.list.selected or 0
            self.list.select(max(0, min(len(self.shown) - 1, now + step)))

    def handle(self, event: pygame.event.Event) -> tuple[bool, int | None]:
        """(close, chosen): whether the palette is done, and the index of the move chosen."""
        if event.type == pygame.TEXTINPUT:
            if self.skip and event.text.lower() == self.skip:
                self.skip = ""
                return False, None
            self.skip = ""
            self.query += event.text
            self._filter()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return True, None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                sel = self.list.selected
                return (True, self.shown[sel]) if self.shown and sel is not None else (False, None)
            if event.key == pygame.K_BACKSPACE:
                self.query = self.query[:-1]
                self._filter()
            elif event.key == pygame.K_UP:
                self._move(-1)
            elif event.key == pygame.K_DOWN:
                self._move(1)
            elif event.key == pygame.K_PAGEUP:
                self._move(-8)
            elif event.key == pygame.K_PAGEDOWN:
                self._move(8)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                            pygame.MOUSEWHEEL):
            if event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos):
                return True, None
            _used, index = self.list.handle(event)
            if index is not None and index < len(self.shown):
                return True, self.shown[index]
        return False, None

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((31, 45, 58, 110))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=self.size // 2)
        pygame.draw.rect(surface, theme.LINE, self.rect, 1, border_radius=self.size // 2)
        head = pygame.Rect(self.rect.x + self.size, self.rect.y + self.size // 2,
                           self.rect.w - 2 * self.size, self.size * 2)
        self.text.box(surface, tr("palette.title", n=len(self.shown), total=len(self.texts)), head,
                      round(self.size * 1.15), theme.INK, bold=True)
        pygame.draw.rect(surface, theme.SKY, self.field, border_radius=self.size // 3)
        pygame.draw.rect(surface, theme.PRIMARY, self.field, 1, border_radius=self.size // 3)
        inner = self.field.inflate(-self.size, -4)
        if self.query:
            self.text.box(surface, self.query + "|", inner, self.size, theme.INK, wrap=False)
        else:
            self.text.box(surface, tr("palette.hint"), inner, self.size, theme.MUTED, wrap=False)
        self.list.draw(surface)


def open_palette(area: pygame.Rect, text: TextCache, legal: Sequence, describe: Callable[[object], str],
                 size: int) -> MovePalette:
    """A palette of the ``legal`` moves as ``describe`` words them."""
    return MovePalette(area, text, [describe(c) for c in legal], size)
