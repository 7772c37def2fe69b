"""A player's guide drawn for reading (issue 14): the sections listed at the left (click one to
go to it), the text at the right with the game's own pictures, scrolled by the wheel, the scroll
bar's keys (Page Up/Down, Home/End) or a click in the list; a search keeps the sections that hold
every word typed. Everything is rendered once per width into blocks and only blitted after.

The pictures take the text column's width, and a click on one shows it as large as the window
allows (issue 27: the board pictures were too small to read). The contents keep their text
size at any UI scale and scroll; the row of the section being read stays in sight."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from ..guide import Guide, Section
from ..i18n import tr
from . import theme
from .theme import TextCache

BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass
class Block:
    """One piece of the text column, at ``y`` in the column; ``pictures``: where its pictures
    lie in it (a click there shows that picture enlarged). A piece is drawn when it first comes
    into view (``make``; until then ``surface`` is None and ``height`` a guess), and what follows
    it moves by the difference: issue 27, rendering every paragraph and picture of the guide
    (whole boards among them) made "?" take seconds to open. Pictures (``later``) come one a
    frame after the text."""

    surface: pygame.Surface | None
    y: int
    section: str
    pictures: tuple[tuple[pygame.Rect, str], ...] = ()
    make: Callable[[], Any] | None = None
    guess: int = 0
    later: bool = False

    @property
    def height(self) -> int:
        return self.surface.get_height() if self.surface is not None else self.guess


def _runs(text: str) -> list[tuple[str, bool]]:
    """``text`` as (words, bold) runs (``**bold**``)."""
    out, at = [], 0
    for m in BOLD.finditer(text):
        if m.start() > at:
            out.append((text[at:m.start()], False))
        out.append((m.group(1), True))
        at = m.end()
    if at < len(text):
        out.append((text[at:], False))
    return out


def rich(text: str, size: int, colour, width: int, cache: TextCache) -> pygame.Surface:
    """A paragraph with bold runs, wrapped at spaces (and between CJK characters) to ``width``
    pixels."""
    words: list[tuple[str, bool, bool]] = []  # (word, bold, glued to the word before)
    spaced = True  # the text before this run ended with a space
    for run, bold in _runs(" ".join(text.split())):
        # pieces a line may break between: words, and single CJK characters (issue 18)
        for i, (word, spaced_before) in enumerate(theme._units(run)):
            glued = (i == 0 and bool(words) and not spaced and not run[:1].isspace()) or (
                i > 0 and not spaced_before)
            words.append((word, bold, glued))
        spaced = run[-1:].isspace() if run else spaced
    line_h = cache.font(size).get_linesize()
    space = cache.font(size).size(" ")[0]
    lines: list[list[tuple[int, pygame.Surface]]] = [[]]
    x = 0
    for word, bold, glued in words:
        img = cache.render(word, size, colour, bold)
        if glued and x:
            x -= space  # "**10 rounds**." keeps its full stop beside the bold words
        if x and x + img.get_width() > width:
            lines.append([])
            x = 0
        lines[-1].append((x, img))
        x += img.get_width() + space
    surf = pygame.Surface((width, max(1, len(lines)) * line_h), pygame.SRCALPHA)
    for row, line in enumerate(lines):
        for x, img in line:
            surf.blit(img, (x, row * line_h))
    return surf


def items(paragraph: str) -> list[tuple[bool, str]]:
    """A paragraph's items: (True, text) for each "- " bullet, (False, text) for running text;
    a line that starts with neither continues the item before it (the file's lines are wrapped)."""
    out: list[tuple[bool, str]] = []
    for line in paragraph.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("- "):
            out.append((True, line[2:]))
        elif out:
            out[-1] = (out[-1][0], out[-1][1] + " " + line)
        else:
            out.append((False, line))
    return out


def picture_maker(game_id: str) -> Callable[[str, int, TextCache], pygame.Surface] | None:
    """The game's ``guide_art.picture`` (None when the game has no guide pictures)."""
    try:
        module = importlib.import_module(f"weather_tabletop.games.{game_id.replace('-', '_')}.guide_art")
    except ImportError:
        return None
    return getattr(module, "picture", None)


def step_of(game_id: str, view_state) -> str | None:
    """The step of play ``view_state`` is in, as the game's view module names it
    (``guide_step``), or None when the game does not name its steps."""
    from .. import games

    path = games.VIEWS.get(game_id)
    if path is None:
        return None
    try:
        step = getattr(importlib.import_module(path.split(":")[0]), "guide_step", None)
    except ImportError:
        return None
    return step(view_state) if step is not None else None


class GuideView:
    """The guide of one game in ``rect``: contents at the left, text at the right."""

    def __init__(self, guide: Guide, rect: pygame.Rect, text: TextCache, px: Callable[[float], int],
                 section: str | None = None) -> None:
        self.guide = guide
        self.rect = pygame.Rect(rect)
        self.text = text
        self.px = px
        self.query = ""
        self.sections: list[Section] = list(guide.all_sections())
        toc_w = max(px(180), min(px(300), self.rect.w // 4))
        self.toc = pygame.Rect(self.rect.x, self.rect.y, toc_w, self.rect.h)
        self.body = pygame.Rect(self.toc.right + px(16), self.rect.y, self.rect.right - self.toc.right
                                - px(16), self.rect.h)
        self.scroll = 0
        self.blocks: list[Block] = []
        self.tops: dict[str, int] = {}
        self.height = 0
        self.toc_rows: list[tuple[pygame.Rect, str, str]] = []
        self.hover: str | None = None
        self.toc_scroll = 0  # when the contents are longer than their panel
        self.zoom: tuple[str, pygame.Surface] | None = None  # a picture shown enlarged
        self._picture = picture_maker(guide.game)
        self._drawn = False  # a first frame was drawn (pictures come from the next one)
        self._layout()
        if section is not None:
            self.go(section)

    # -- contents ---------------------------------------------------------------------------

    def search(self, query: str) -> None:
        """Keep the sections holding every word of ``query`` (all for an empty query)."""
        self.query = query
        self.sections = self.guide.search(query)
        self.scroll = 0
        self._layout()

    def go(self, section_id: str) -> None:
        """Scroll so that ``section_id`` starts at the top."""
        if section_id in self.tops:
            self._scroll_to(self.tops[section_id])

    def _scroll_to(self, y: int) -> None:
        """Scroll the text to ``y``; the contents follow, so that the section read is in sight."""
        self.scroll = self._clamp(y)
        here = self.current()
        row = next((r for r, sid, _t in self.toc_rows if sid == here), None)
        if row is None:
            return
        top, bottom = self.toc.y + self.px(8), self.toc.bottom - self.px(8)
        if row.y - self.toc_scroll < top:
            self.toc_scroll = max(0, row.y - top)
        elif row.bottom - self.toc_scroll > bottom:
            self.toc_scroll = min(self._toc_end(), row.bottom - bottom)

    def _toc_end(self) -> int:
        """How far the contents scroll (0 when they fit their panel)."""
        if not self.toc_rows:
            return 0
        return max(0, self.toc_rows[-1][0].bottom + self.px(8) - self.toc.bottom)

    def current(self) -> str | None:
        """The section at the top of the text."""
        now = next(iter(self.tops), None)
        for sid, top in self.tops.items():
            if top <= self.scroll + self.px(8):
                now = sid
        return now

    def _clamp(self, y: int) -> int:
        return max(0, min(y, self.height - self.body.h))

    def _layout(self) -> None:
        """Render the text column's blocks and the contents' rows for the current sections."""
        px, text = self.px, self.text
        width = self.body.w - px(36)
        blocks: list[Block] = []
        y = 0
        self.tops = {}

        def add(surf: pygame.Surface, sid: str, gap: int, pictures=()) -> None:
            nonlocal y
            blocks.append(Block(surf, y, sid, tuple(pictures)))
            y += surf.get_height() + gap

        def lazy(make: Callable[[], Any], guess: int, sid: str, gap: int,
                 later: bool = False) -> None:
            nonlocal y
            blocks.append(Block(None, y, sid, (), make, guess, later))
            y += guess + gap

        def paragraph(words: str, size: int, colour, w: int, sid: str, gap: int,
                      bullet: bool = False) -> None:
            def make() -> pygame.Surface:
                body = rich(words, size, colour, w, text)
                if not bullet:
                    return body
                surf = pygame.Surface((width, body.get_height()), pygame.SRCALPHA)
                surf.blit(text.render("•", size, theme.INK_SOFT, bold=True), (px(6), 0))
                surf.blit(body, (px(24), 0))
                return surf

            lines = -(-text.width(" ".join(words.split()), size) * 11 // (10 * max(1, w)))
            lazy(make, max(1, lines) * text.font(size).get_linesize(), sid, gap)

        if not self.query:
            add(text.render(self.guide.title, px(30), theme.INK, bold=True), "", px(6))
            paragraphs = [p for p in self.guide.intro.split("\n\n") if p.strip()]
            for i, para in enumerate(paragraphs):  # each its own block: no space joins them
                paragraph(para, px(17), theme.INK_SOFT, width, "",
                          px(18) if i == len(paragraphs) - 1 else px(8))
        if not self.sections:
            add(text.render(tr("guide.no_match", query=self.query), px(17), theme.MUTED,
                            width=width), "", 0)
        for s in self.sections:
            self.tops[s.id] = y
            add(text.render(s.title, px(23), theme.PRIMARY_DARK, bold=True, width=width), s.id,
                px(8))
            for para in s.text.split("\n\n"):
                for bullet, words in items(para):
                    if bullet:
                        paragraph(words, px(16), theme.INK, width - px(24), s.id, px(4), True)
                    else:
                        paragraph(words, px(16), theme.INK, width, s.id, px(4))
                y += px(8)
            if s.pictures and self._picture is not None:
                lazy(lambda s=s, width=width: self._pictures(s, width),
                     self._pictures_height(s, width), s.id, px(10), later=True)
            y += px(18)
        self.blocks = blocks
        self.height = y
        self.scroll = self._clamp(self.scroll)
        # the contents: one row per section shown, its text at the list's size (at 150% the
        # rows used to shrink to 12 px text with the last ones cut): a long list scrolls
        self.toc_rows = []
        size = self.toc_px()
        font = text.font(size, True)
        ty = self.toc.y + px(8)
        for s in self.sections:  # a long title wraps (at the list's size, bold as when read)
            lines = len(text.lay(s.title, self.toc.w - px(24), 1 << 14, size, True,
                                 min_size=size).lines)
            row_h = max((lines - 1) * font.get_linesize() + font.get_height() + px(10), px(30))
            self.toc_rows.append((pygame.Rect(self.toc.x + px(6), ty, self.toc.w - px(12), row_h),
                                  s.id, s.title))
            ty += row_h
        self.toc_scroll = min(self.toc_scroll, self._toc_end())

    def _pictures_height(self, s: Section, width: int) -> int:
        """A guess at the height of the section's pictures (their block before they are drawn):
        each row as tall as two thirds of a picture's width, plus a caption line."""
        px = self.px
        per_row = 2 if width >= 2 * px(600) + px(16) else 1
        pw = min(px(960), (width - (per_row - 1) * px(16)) // per_row)
        rows = -(-len(s.pictures) // per_row)
        caption = self.text.font(px(14)).get_linesize() + px(4)
        return rows * (pw * 2 // 3 + caption) + px(12) * (rows - 1)

    def pending(self) -> bool:
        """Pieces in view wait to be drawn (the scene draws the next frame to show them)."""
        inner = self._inner()
        return any(b.make is not None and self._in_view(b, inner) for b in self.blocks)

    def _inner(self) -> pygame.Rect:
        return self.body.inflate(-self.px(24), -self.px(16))

    def _in_view(self, b: Block, inner: pygame.Rect) -> bool:
        y = inner.y + b.y - self.scroll
        return y <= inner.bottom and y + b.height >= inner.y

    def _draw_pieces(self, pictures: bool) -> None:
        """Draw the pieces in view not drawn yet: all the text, and with ``pictures`` one block
        of pictures (one a frame, so that the text shows at once)."""
        inner = self._inner()
        while True:
            at = next((i for i, b in enumerate(self.blocks) if b.make is not None
                       and (pictures or not b.later) and self._in_view(b, inner)), None)
            if at is None:
                return
            later = self.blocks[at].later
            self._draw_piece(at)
            if later:
                return

    def _draw_piece(self, at: int) -> None:
        """Draw block ``at``; the blocks after it move by the difference from its guessed
        height, and the view with them when the block lies above the top of the view."""
        b = self.blocks[at]
        assert b.make is not None
        made, b.make = b.make(), None
        surf, spots = made if isinstance(made, tuple) else (made, b.pictures)
        b.pictures = tuple(spots)
        delta = surf.get_height() - b.guess
        b.surface = surf
        if not delta:
            return
        for later in self.blocks[at + 1:]:
            later.y += delta
        for sid, top in self.tops.items():
            if top > b.y:
                self.tops[sid] = top + delta
        self.height += delta
        if b.y < self.scroll:
            self.scroll += delta
        self.scroll = self._clamp(self.scroll)

    def toc_px(self) -> int:
        """The contents' text size: the list's own, never under the table's floor."""
        return max(theme.MIN_TEXT_PX, self.px(15))

    def _pictures(self, s: Section, width: int) -> tuple[pygame.Surface, list]:
        """The section's pictures, each as wide as the text column (two side by side only in
        a column wide enough for both at 600 reference pixels), each with its caption; and
        where each lies in the block."""
        px, text = self.px, self.text
        per_row = 2 if width >= 2 * px(600) + px(16) else 1
        pw = min(px(960), (width - (per_row - 1) * px(16)) // per_row)
        cells = []
        # the pictures are illustrations drawn at the column's width, like a rulebook's (their
        # words may be smaller than the table's 12 px floor): the layout checks leave them out
        recording, text.recording = text.recording, None
        try:
            images = [self._picture(p.name, pw, text) for p in s.pictures]
        finally:
            text.recording = recording
        for p, img in zip(s.pictures, images):
            words = (p.caption + " " if p.caption else "") + tr("guide.enlarge")
            cells.append((img, text.render(words, px(14), theme.MUTED, width=pw), p.name))
        rows = [cells[i:i + per_row] for i in range(0, len(cells), per_row)]
        heights = [max(img.get_height() + cap.get_height() + px(4) for img, cap, _n in r)
                   for r in rows]
        surf = pygame.Surface((width, sum(heights) + px(12) * (len(rows) - 1)), pygame.SRCALPHA)
        y, spots = 0, []
        for r, h in zip(rows, heights):
            for i, (img, cap, name) in enumerate(r):
                x = i * (pw + px(16))
                spot = img.get_rect(topleft=(x + (pw - img.get_width()) // 2, y))
                surf.blit(img, spot)
                spots.append((spot, name))
                surf.blit(cap, (x, y + img.get_height() + px(4)))
            y += h + px(12)
        return surf, spots

    # -- a picture enlarged ------------------------------------------------------------------

    def picture_at(self, pos: tuple[int, int]) -> str | None:
        """The picture under ``pos`` in the text column (None: none there)."""
        inner = self._inner()
        if not inner.collidepoint(pos):
            return None
        for b in self.blocks:
            for spot, name in b.pictures:
                if spot.move(inner.x, inner.y + b.y - self.scroll).collidepoint(pos):
                    return name
        return None

    def enlarge(self, name: str, window: tuple[int, int]) -> None:
        """Show picture ``name`` as large as ``window`` allows: drawn again at that width (its
        words grow with it), then scaled down if it is too tall."""
        w, h = window
        room = pygame.Rect(0, 0, w - 2 * self.px(24), h - 2 * self.px(24) - self.px(40))
        recording, self.text.recording = self.text.recording, None
        try:
            img = self._picture(name, room.w, self.text)
        finally:
            self.text.recording = recording
        if img.get_height() > room.h:
            k = room.h / img.get_height()
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)), room.h))
        self.zoom = (name, img)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        _name, img = self.zoom
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((31, 45, 58, 200))
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        note = self.text.render(tr("guide.enlarged_close"), self.px(16), theme.PANEL)
        spot = img.get_rect(center=(w // 2, (h - note.get_height() - self.px(8)) // 2))
        frame = spot.inflate(self.px(12), self.px(12))
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=self.px(8))
        surface.blit(img, spot)
        surface.blit(note, note.get_rect(midtop=(w // 2, frame.bottom + self.px(6))))

    # -- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """Wheel, keys and clicks in the contents and on the pictures; True when the event was
        used. While a picture is enlarged, a click or a key closes it."""
        if self.zoom is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.zoom = None
                return True
            return event.type == pygame.MOUSEWHEEL
        if event.type == pygame.MOUSEWHEEL and self.toc.collidepoint(mouse) and self.toc_rows:
            self.toc_scroll = max(0, min(self._toc_end(), self.toc_scroll - event.y * self.px(40)))
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse):
            self._scroll_to(self.scroll - event.y * self.px(60))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._toc_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sid = self._toc_at(event.pos)
            if sid is not None:
                self.go(sid)
                return True
            name = self.picture_at(event.pos)
            if name is not None:
                surface = pygame.display.get_surface()
                self.enlarge(name, surface.get_size() if surface is not None else
                             (self.rect.right + self.rect.x, self.rect.bottom + self.rect.x))
                return True
        if event.type == pygame.KEYDOWN:
            page = self.body.h - self.px(60)
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_DOWN: self.px(40),
                     pygame.K_UP: -self.px(40)}
            if event.key in moves:
                self._scroll_to(self.scroll + moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self._scroll_to(0)
                return True
            if event.key == pygame.K_END:
                self._scroll_to(self.height)
                return True
        return False

    def _toc_at(self, pos: tuple[int, int]) -> str | None:
        if not self.toc.collidepoint(pos):
            return None
        return next((sid for r, sid, _t in self.toc_rows
                     if r.move(0, -self.toc_scroll).collidepoint(pos)), None)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        pygame.draw.rect(surface, theme.PANEL, self.toc, border_radius=px(10))
        pygame.draw.rect(surface, theme.LINE, self.toc, 1, border_radius=px(10))
        here = self.current()
        clip = surface.get_clip()
        surface.set_clip(self.toc.inflate(-2, -2))
        for r, sid, title in self.toc_rows:
            r = r.move(0, -self.toc_scroll)
            if sid == here:
                pygame.draw.rect(surface, theme.SKY_DEEP, r, border_radius=px(6))
            elif sid == self.hover:
                pygame.draw.rect(surface, theme.SKY, r, border_radius=px(6))
            self.text.box(surface, title, r.inflate(-px(12), -2), self.toc_px(),
                          theme.INK if sid == here else theme.INK_SOFT, bold=sid == here,
                          min_size=self.toc_px())
        end = self._toc_end()
        if end:  # where the contents are scrolled to
            inner_h = self.toc.h - px(16)
            bar_h = max(px(24), inner_h * inner_h // (inner_h + end))
            top = self.toc.y + px(8) + (inner_h - bar_h) * self.toc_scroll // end
            pygame.draw.rect(surface, theme.LINE, pygame.Rect(self.toc.right - px(6), top, px(4),
                                                              bar_h), border_radius=px(2))
        surface.set_clip(self.body)
        pygame.draw.rect(surface, theme.PANEL, self.body, border_radius=px(10))
        pygame.draw.rect(surface, theme.LINE, self.body, 1, border_radius=px(10))
        inner = self._inner()
        self._draw_pieces(pictures=self._drawn)  # pictures after the first frame's text
        self._drawn = True
        surface.set_clip(inner)
        for b in self.blocks:
            y = inner.y + b.y - self.scroll
            if y > inner.bottom:
                break
            if b.surface is not None and y + b.surface.get_height() >= inner.y:
                surface.blit(b.surface, (inner.x, y))
        surface.set_clip(clip)
        if self.height > inner.h:  # where the view is
            bar_h = max(px(24), inner.h * inner.h // self.height)
            top = inner.y + (inner.h - bar_h) * self.scroll // max(1, self.height - inner.h)
            pygame.draw.rect(surface, theme.LINE, pygame.Rect(self.body.right - px(8), top, px(4),
                                                              bar_h), border_radius=px(2))
        if self.zoom is not None:
            self._draw_zoom(surface)
