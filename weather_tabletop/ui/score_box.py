"""The table's score box, drawn by the app rather than a pygame_gui text box: a pygame_gui text
box re-lays all of its HTML on every change (30 to 80 ms at 1920x1080, in frames where a move
changes a score); here each seat's lines are rendered when that seat's score changes and then only
blitted. It looks like the themed text box it replaces (``art/theme.json``'s ``text_box``: a
rounded white box, padding, line spacing 1.25, words wrapped; pygame_gui's scroll bar when the
lines do not fit) and the mouse wheel or the bar scrolls it."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from . import theme
from .action_list import BAR_WIDTH, ScrollBar
from .theme import TextCache

BG = (255, 255, 255)
BORDER = (197, 211, 223)
LINE_SPACING = 1.25

#: a run of text in one colour and weight
Span = tuple[str, tuple[int, int, int], bool]


class ScoreBox:
    """Paragraphs of coloured spans, wrapped to the box's width, inside ``rect``; ``size``,
    ``pad`` (x, y) and ``radius`` are already scaled."""

    def __init__(self, rect: pygame.Rect, text: TextCache, *, size: int, pad: tuple[int, int],
                 radius: int) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.size = size
        self.pad = pad
        self.radius = radius
        self.bar = ScrollBar(text)
        self.paragraphs: list[tuple[Span, ...]] = []
        self._lines: dict[tuple[tuple[Span, ...], int], list[pygame.Surface]] = {}
        self._rows: list[pygame.Surface] = []
        self.mouse = (-1, -1)
        self._version = 0  # counts new contents
        self._shown: pygame.Surface | None = None  # the box as last composed
        self._shown_key: tuple = ()
        self.step = round(text.font(size).get_linesize() * LINE_SPACING)
        # pygame_gui keeps the text off the rounded corners by this much
        self.corner = round(radius - math.sin(math.pi / 4) * radius)

    def set_paragraphs(self, paragraphs: Sequence[Sequence[Span]]) -> None:
        """New contents; paragraphs seen before are not rendered again."""
        paragraphs = [tuple(p) for p in paragraphs]
        if paragraphs == self.paragraphs:
            return
        self.paragraphs = paragraphs
        self._version += 1
        self._lay_out()

    def _text_rect(self) -> pygame.Rect:
        """Where the lines go (as pygame_gui's text box places them), without a scroll bar."""
        inset_x, inset_y = 1 + self.pad[0] + self.corner, 1 + self.pad[1] + self.corner
        return self.rect.inflate(-2 * inset_x, -2 * inset_y)

    def _lay_out(self) -> None:
        area = self._text_rect()
        rows = self._wrap_all(area.w)
        if len(rows) * self.step > area.h:  # a scroll bar takes room
            rows = self._wrap_all(area.w - BAR_WIDTH)
        self._rows = rows
        inner = self.rect.inflate(-2, -2)
        self.bar.layout(pygame.Rect(inner.right - BAR_WIDTH, inner.y, BAR_WIDTH, inner.h),
                        len(rows) * self.step, area.h, self.step)

    def _wrap_all(self, width: int) -> list[pygame.Surface]:
        keep = {}
        rows: list[pygame.Surface] = []
        for p in self.paragraphs:
            key = (p, width)
            lines = self._lines.get(key)
            if lines is None:
                lines = self._render(p, width)
            keep[key] = lines
            rows.extend(lines)
        self._lines = keep
        return rows

    def _render(self, spans: tuple[Span, ...], width: int) -> list[pygame.Surface]:
        """The paragraph as line surfaces no wider than ``width`` (words wrap between spans)."""
        lines: list[list[list]] = [[]]  # per line: runs of [text, colour, bold, x]
        x = 0
        for text, colour, bold in spans:
            font = self.text.font(self.size, bold)
            for word in _words(text):
                w = font.size(word)[0]
                if x + w > width and x > 0 and word.strip():
                    lines.append([])
                    x = 0
                    word = word.lstrip()
                    w = font.size(word)[0]
                runs = lines[-1]
                if runs and runs[-1][1] == colour and runs[-1][2] == bold:
                    runs[-1][0] += word
                else:
                    runs.append([word, colour, bold, x])
                x += w
        out = []
        height = self.text.font(self.size).get_linesize()
        for runs in lines:
            surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
            for text, colour, bold, at in runs:
                if text.strip():
                    surf.blit(self.text.font(self.size, bold).render(text, True, colour), (at, 0))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            out.append(surf)
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the wheel or the bar; True when the event was used."""
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return self.bar.motion(event.pos)
        if t == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse) and self.bar.needed:
            self.bar.wheel(event.y)
            return True
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.bar.press(event.pos)
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.bar.release()
        return False

    def update(self, dt: float) -> None:
        self.bar.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The box, composed again only when its lines, scroll or bar changed (else one blit)."""
        key = (self._version, self.bar.look(), self.rect.size)
        if self._shown is None or key != self._shown_key:
            self._shown = self._compose()
            self._shown_key = key
        surface.blit(self._shown, self.rect)

    def _compose(self) -> pygame.Surface:
        """The box over the table's background colour, as the screen shows it."""
        surface = pygame.Surface(self.rect.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.fill(theme.SKY)
        shift = (-self.rect.x, -self.rect.y)
        rect = surface.get_rect()
        pygame.draw.rect(surface, BG, rect, border_radius=self.radius)
        pygame.draw.rect(surface, BORDER, rect, 1, border_radius=self.radius)
        area = self._text_rect().move(shift)
        surface.set_clip(area)
        y = area.y - self.bar.scroll
        for row in self._rows:
            if y + row.get_height() >= area.y and y <= area.bottom:
                surface.blit(row, (area.x, y))
            y += self.step
        surface.set_clip(None)
        if self.bar.needed:
            bar, mouse = self.bar.rect, self.bar.mouse
            self.bar.rect = bar.move(shift)
            self.bar.mouse = (mouse[0] + shift[0], mouse[1] + shift[1])
            try:
                self.bar.draw(surface)
            finally:
                self.bar.rect, self.bar.mouse = bar, mouse
        return surface


def _words(text: str) -> list[str]:
    """``text`` cut before each space, keeping the spaces ("a b" -> ["a", " b"])."""
    out: list[str] = []
    start = 0
    for i, ch in enumerate(text):
        if ch == " " and i > start and text[i - 1] != " ":
            out.append(text[start:i])
            start = i
    if start < len(text):
        out.append(text[start:])
    return out
