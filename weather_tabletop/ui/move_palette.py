"""The moves as a keyboard palette: M (or Ctrl+K) at the table opens every legal move in a large
list over the board, typing narrows it (each typed word must appear in the move), Up/Down choose,
Enter plays, Esc closes. The same moves as the side column's "Your moves", for people who fold
the column or play at a big UI scale.

Enter never guesses (issue 27: "ends" + Enter played "extends the Workshop…", the top match,
not "ends the actions"): it plays the row picked with the arrow keys, else the move whose words
are exactly the query, else the only move left; with several left it plays nothing, keeps the
query and says how many match."""

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
        note_h = text.font(size).get_linesize() + pad // 2
        self.note_rect = pygame.Rect(self.rect.x + pad, self.field.bottom + pad // 4,
                                     self.rect.w - 2 * pad, note_h)
        list_rect = pygame.Rect(self.rect.x + pad, self.note_rect.bottom, self.rect.w - 2 * pad,
                                self.rect.bottom - pad - self.note_rect.bottom)
        self.list = ActionList(list_rect, text, row_h=ActionList.two_lines(text, size),
                               font_size=size, pad=pad // 2)
        self.query = ""
        self.skip = ""  # the text of the key that opened the palette (its TEXTINPUT follows)
        self.shown: list[int] = []
        self.note = ""  # why Enter played nothing
        self._filter()

    def _filter(self) -> None:
        """The moves with every typed word; the highlight only on a move Enter would play."""
        words = self.query.lower().split()
        self.shown = [i for i, t in enumerate(self.texts) if all(w in t.lower() for w in words)]
        items = [self.texts[i] for i in self.shown] or [tr("palette.none")]
        self.list.set_items(items, enabled=bool(self.shown))
        self.picked = False  # the arrow keys chose the highlighted row
        self.note = ""
        match = self.match()
        self.list.select(self.shown.index(match) if match is not None else None)

    def match(self) -> int | None:
        """The move Enter plays without a row picked: the one whose words are the query's, else
        the only one left (None: none, or several)."""
        query = " ".join(self.query.lower().split())
        if query:
            exact = [i for i in self.shown if " ".join(self.texts[i].lower().split()) == query]
            if len(exact) == 1:
                return exact[0]
        return self.shown[0] if len(self.shown) == 1 else None

    def _move(self, step: int) -> None:
        if self.shown:
            now = self.list.selected
            start = (-1 if step > 0 else len(self.shown)) if now is None else now
            self.list.select(max(0, min(len(self.shown) - 1, start + step)))
            self.picked = True
            self.note = ""

    def _enter(self) -> tuple[bool, int | None]:
        sel = self.list.selected
        if self.picked and sel is not None and sel < len(self.shown):
            return True, self.shown[sel]
        match = self.match()
        if match is not None:
            return True, match
        self.note = tr("palette.narrow", n=len(self.shown)) if self.shown else tr("palette.none")
        return False, None

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
                return self._enter()
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
        if self.note:
            self.text.box(surface, self.note, self.note_rect, self.size, theme.DANGER, bold=True,
                          wrap=False)
        self.list.draw(surface)


def open_palette(area: pygame.Rect, text: TextCache, legal: Sequence, describe: Callable[[object], str],
                 size: int) -> MovePalette:
    """A palette of the ``legal`` moves as ``describe`` words them."""
    return MovePalette(area, text, [describe(c) for c in legal], size)
