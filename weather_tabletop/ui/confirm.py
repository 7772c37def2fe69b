""""This cannot be undone: <move>" with Play / Cancel, asked before a person's move whose events
the undo policy cannot take back (a chance or reveal event: :meth:`Match.barrier_of`).

The table draws it over everything and hands it every event while it is open (a modal): the
Enter key, a click in the move list, the palette, a hint and a drop all reach it the same way,
through the table's ``play``. It guards against the double click that misplayed in issue 27:
a button acts on a release over the button on which the press began, and a press in the first
:data:`GUARD` seconds after the dialog opened is not taken (the second half of a double click
on the list must not answer a question the person has not read). "Don't ask again" turns the
setting off when the move is played."""

from __future__ import annotations

import time
from typing import Callable

import pygame

from ..i18n import tr
from . import theme
from .theme import TextCache

#: seconds after opening during which a press is not taken (a double click's second press)
GUARD = 0.4


class ConfirmMove:
    """The question about one ``command`` (described by ``words``), centred over ``area``;
    ``size`` is the text size in pixels. :meth:`handle` answers "play", "cancel" or None."""

    def __init__(self, area: pygame.Rect, text: TextCache, command: object, words: str, size: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.command = command
        self.words = words
        self.text = text
        self.size = size
        self.clock = clock
        self.opened = clock()
        self.dont_ask = False
        self.mouse = (-1, -1)
        self._pressed: str | None = None  # the part the button went down on
        self._shown: tuple[tuple, pygame.Surface] | None = None
        self._layout(area)

    # -- geometry --------------------------------------------------------------------------

    def _layout(self, area: pygame.Rect) -> None:
        s, pad = self.size, self.size
        w = max(s * 16, min(area.w - 2 * s, s * 34))
        inner = w - 2 * pad
        head_size = round(s * 1.15)
        self.title = tr("confirm.title", move=self.words)
        title = self.text.lay(self.title, inner, 6 * head_size * 2, head_size, True)
        why = self.text.lay(tr("confirm.why"), inner, 4 * s * 2, s)
        title_h, why_h = self.text.height(title, True), self.text.height(why)
        bh = round(s * 2.4)
        h = pad + title_h + s // 2 + why_h + pad + bh + pad // 2 + bh + pad
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = area.center
        x, y = self.rect.x + pad, self.rect.y + pad
        self.title_rect = pygame.Rect(x, y, inner, title_h)
        y += title_h + s // 2
        self.why_rect = pygame.Rect(x, y, inner, why_h)
        y += why_h + pad
        self.check_rect = pygame.Rect(x, y, inner, bh)  # "Don't ask again", its box first
        y += bh + pad // 2
        font = self.text.font(s, True)
        widths = [font.size(tr(k))[0] + 2 * s for k in ("confirm.play", "common.cancel")]
        bw = min(max(s * 7, *widths), (inner - s) // 2)
        self.cancel_rect = pygame.Rect(self.rect.right - pad - bw, y, bw, bh)
        self.play_rect = pygame.Rect(self.cancel_rect.x - s - bw, y, bw, bh)

    def _part_at(self, pos: tuple[int, int]) -> str | None:
        for part, rect in (("play", self.play_rect), ("cancel", self.cancel_rect),
                           ("check", self.check_rect)):
            if rect.collidepoint(pos):
                return part
        return None

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> str | None:
        """"play" or "cancel" when answered, else None (every event is the dialog's)."""
        t = event.type
        if t == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return "play"
            if event.key == pygame.K_ESCAPE:
                return "cancel"
            if event.key == pygame.K_SPACE:
                self.dont_ask = not self.dont_ask
            return None
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            fresh = self.clock() - self.opened < GUARD
            self._pressed = None if fresh else self._part_at(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is None or self._part_at(event.pos) != pressed:
                return None
            if pressed == "check":
                self.dont_ask = not self.dont_ask
                return None
            return pressed
        return None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """A shade over the table and the dialog (composed again only when its look changed)."""
        look = (self._part_at(self.mouse), self._pressed, self.dont_ask, self.rect.size)
        if self._shown is None or self._shown[0] != look:
            self._shown = (look, self._compose())
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((31, 45, 58, 110))
        surface.blit(shade, (0, 0))
        surface.blit(self._shown[1], self.rect)

    def _compose(self) -> pygame.Surface:
        s = self.size
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shift = (-self.rect.x, -self.rect.y)
        pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=s // 2)
        pygame.draw.rect(surf, theme.LINE, surf.get_rect(), 1, border_radius=s // 2)
        self.text.box(surf, self.title, self.title_rect.move(shift), round(s * 1.15), theme.INK,
                      bold=True, valign="top")
        self.text.box(surf, tr("confirm.why"), self.why_rect.move(shift), s, theme.INK_SOFT,
                      valign="top")
        hover = self._part_at(self.mouse)
        check = self.check_rect.move(shift)
        side = round(s * 1.3)
        box = pygame.Rect(check.x, check.centery - side // 2, side, side)
        pygame.draw.rect(surf, theme.SKY_DEEP if hover == "check" else theme.PANEL, box,
                         border_radius=max(2, s // 5))
        pygame.draw.rect(surf, theme.PRIMARY, box, max(1, s // 8), border_radius=max(2, s // 5))
        if self.dont_ask:
            pygame.draw.lines(surf, theme.PRIMARY_DARK, False,
                              [(box.x + side * 0.22, box.y + side * 0.52),
                               (box.x + side * 0.42, box.y + side * 0.74),
                               (box.x + side * 0.8, box.y + side * 0.28)], max(2, s // 6))
        label = pygame.Rect(box.right + s // 2, check.y, check.right - box.right - s // 2, check.h)
        self.text.box(surf, tr("confirm.dont_ask"), label, s, theme.INK, wrap=False)
        keys = tr("confirm.keys")
        for part, rect, words in (("play", self.play_rect, tr("confirm.play")),
                                  ("cancel", self.cancel_rect, tr("common.cancel"))):
            r = rect.move(shift)
            main = part == "play"
            fill = ((theme.PRIMARY_DARK if hover == part else theme.PRIMARY) if main
                    else (theme.SKY_DEEP if hover == part else theme.PANEL))
            pygame.draw.rect(surf, fill, r, border_radius=s // 3)
            pygame.draw.rect(surf, theme.PRIMARY, r, 1, border_radius=s // 3)
            self.text.box(surf, words, r.inflate(-s // 2, 0), s,
                          (255, 255, 255) if main else theme.INK, bold=True, align="center",
                          wrap=False)
        room = pygame.Rect(check.x, self.play_rect.y + shift[1],
                           self.play_rect.x - self.rect.x - 2 * s, self.play_rect.h)
        if room.w > s * 4:
            self.text.box(surf, keys, room, max(theme.MIN_TEXT_PX, round(s * 0.85)), theme.MUTED,
                          wrap=False)
        return surf

