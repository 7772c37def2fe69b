"""The table's score box: the scores as a table (:mod:`.score_table`), one column per seat and
per opponent of the game's own, one row per category, the totals at the foot in bold with the
leader's marked, and the game's note under it.

Drawn by the app rather than pygame_gui (a pygame_gui text box re-lays all of its HTML on every
change, 30 to 80 ms at 1920x1080): the table is rendered into a few surfaces when the scores
change and then only blitted; a new frame composes them again only when the scroll or the bar
changed. It looks like the themed text box it replaced (``art/theme.json``'s ``text_box``: a
rounded white box, padding; pygame_gui's scroll bar when it does not fit), and the wheel or the
bar scrolls it. When it does not fit, the column heads stay at the top and the totals at the
bottom while the categories (and the note after them) scroll between, so the totals can always
be compared; a box too low even for that scrolls as one.

The side column is narrow (18% of the window: 230 px at 1280x720), so the text is the column's
size as far as four seats allow, else smaller down to ``theme.MIN_TEXT_PX``; a category's label
wraps to two lines rather than being cut, a number stays in its row, and a name that does not fit
beside its colour's token is shortened with "…" or left to the token's letter (the whole name on
hover, :meth:`ScoreBox.tooltip_at`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from . import theme
from .action_list import BAR_WIDTH, ScrollBar
from .score_table import MISSING, ScoreTable, heading
from .table_view import draw_token
from .theme import TextCache
from .. import i18n
from ..i18n import tr

BG = (255, 255, 255)
BORDER = (197, 211, 223)
STRIPE = (243, 247, 251)  # every other category row, to read a row across
LEADER_BG = (252, 233, 186)  # the leader's total (with a border: a shape, not only a colour)
BAR_GAP = 4  # pixels between the table and the scroll bar
NAME_SHRINK = 2  # pixels of text size given up to show the names beside the tokens
ROWS_SHOWN = 1.2  # the least of the categories (in lines) that must show between heads and totals

#: labels' least widths on two lines (see :meth:`ScoreBox._two_lines`), by language and size
_TWO_LINES: dict[tuple, tuple[int, int, tuple[str, ...]]] = {}

#: a text placed in a part: its box in the part's pixels and its whole words
Tip = tuple[pygame.Rect, str]


@dataclass(frozen=True)
class Grid:
    """How the table fits a width: the text size, the label column's width, each value
    column's, and whether names show beside the tokens."""

    size: int
    label_w: int
    col_w: int
    names: bool


@dataclass
class Part:
    """A rendered band of the table (heads, categories, totals, note), its tips and the heights
    at which it may be cut when scrolled (between rows, between lines: never through a text)."""

    image: pygame.Surface
    tips: list[Tip] = field(default_factory=list)
    cuts: list[int] = field(default_factory=list)

    def whole(self, top: int, bottom: int) -> tuple[int, int]:
        """The largest stretch of whole rows within ``top``..``bottom`` (the part's pixels)."""
        cuts = self.cuts or [0, self.image.get_height()]
        first = min((c for c in cuts if c >= top), default=bottom)
        last = max((c for c in cuts if c <= bottom), default=first)
        return first, max(first, last)


class ScoreBox:
    """The score table inside ``rect``; ``size``, ``pad`` (x, y) and ``radius`` are already
    scaled; ``colour_blind`` draws the seats' shapes on their tokens."""

    def __init__(self, rect: pygame.Rect, text: TextCache, *, size: int, pad: tuple[int, int],
                 radius: int, colour_blind: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.size = size
        self.pad = pad
        self.radius = radius
        self.colour_blind = colour_blind
        self.bar = ScrollBar(text)
        self.table: ScoreTable | None = None
        self.grid: Grid | None = None
        self.parts: dict[str, Part] = {}
        #: where each part goes: name -> (y in the text area unscrolled, scrolls with the bar)
        self.placed: dict[str, tuple[int, bool]] = {}
        self.clip: pygame.Rect = pygame.Rect(0, 0, 0, 0)  # where the scrolled parts show
        self.mouse = (-1, -1)
        self._version = 0  # counts new contents
        self._shown: pygame.Surface | None = None  # the box as last composed
        self._shown_key: tuple = ()
        # pygame_gui keeps the text off the rounded corners by this much
        self.corner = round(radius - math.sin(math.pi / 4) * radius)

    # -- contents ---------------------------------------------------------------------------

    def set_table(self, table: ScoreTable) -> None:
        """New scores; the same table again renders nothing."""
        if table == self.table:
            return
        self.table = table
        self._version += 1
        self._lay_out()

    def _text_rect(self) -> pygame.Rect:
        """Where the table goes (as pygame_gui's text box places its text), without a bar."""
        inset_x, inset_y = 1 + self.pad[0] + self.corner, 1 + self.pad[1] + self.corner
        return self.rect.inflate(-2 * inset_x, -2 * inset_y)

    def room_beside_bar(self) -> int:
        """The table's width when the scroll bar shows: up to a few pixels short of the bar
        (drawn at the box's inner right edge, over part of the padding)."""
        area = self._text_rect()
        bar_left = self.rect.inflate(-2, -2).right - BAR_WIDTH
        return max(1, min(area.w, bar_left - BAR_GAP - area.x))

    def _lay_out(self) -> None:
        """Fit and render the table, with room for a scroll bar when it does not fit; then
        place the parts: all in a row (it fits), heads and totals fixed with the categories
        scrolling between, or everything scrolling (a very low box)."""
        area = self._text_rect()
        assert self.table is not None
        room = area.w
        self.grid = self.fit(self.table, room)
        if self._height(self.table, self.grid, room) > area.h:  # a scroll bar takes room
            room = self.room_beside_bar()
            self.grid = self.fit(self.table, room)
        self.parts = self._render(self.table, self.grid, room)
        heights = {k: p.image.get_height() for k, p in self.parts.items()}
        head, body, foot, note = (heights[k] for k in ("head", "body", "foot", "note"))
        step = self.text.font(self.grid.size).get_linesize()
        inner = self.rect.inflate(-2, -2)
        if head + body + foot + note <= area.h:
            self.placed = {"head": (0, False), "body": (head, False), "foot": (head + body, False),
                           "note": (head + body + foot, False)}
            self.clip = area
            self.bar.layout(pygame.Rect(inner.right - BAR_WIDTH, inner.y, BAR_WIDTH, inner.h),
                            0, area.h, step)
            return
        middle = area.h - head - foot
        if middle >= ROWS_SHOWN * step:
            self.placed = {"head": (0, False), "body": (head, True), "note": (head + body, True),
                           "foot": (area.h - foot, False)}
            self.clip = pygame.Rect(area.x, area.y + head, area.w, middle)
            # the bar the whole box high (its arrows need the room), scrolling the middle
            self.bar.layout(pygame.Rect(inner.right - BAR_WIDTH, inner.y, BAR_WIDTH, inner.h),
                            body + note, middle, step)
            return
        self.placed = {"head": (0, True), "body": (head, True), "foot": (head + body, True),
                       "note": (head + body + foot, True)}
        self.clip = area
        self.bar.layout(pygame.Rect(inner.right - BAR_WIDTH, inner.y, BAR_WIDTH, inner.h),
                        head + body + foot + note, area.h, step)

    # -- fitting ----------------------------------------------------------------------------

    def _token(self, size: int) -> int:
        """A token's diameter at text size ``size``."""
        return max(theme.MIN_TEXT_PX, round(size * 1.3))

    def _gap(self, size: int) -> int:
        return max(3, size // 3)

    def _labels(self, table: ScoreTable) -> list[tuple[str, bool]]:
        return [(heading(c), False) for c in table.categories] + [(tr("scores.total"), True)]

    def fit(self, table: ScoreTable, width: int) -> Grid:
        """The largest text size, from the box's own down to ``theme.MIN_TEXT_PX``, at which
        every value and total fits its column and every label fits two lines (the label column
        as wide as its longest label on one line if there is room, else labels wrap); up to
        ``NAME_SHRINK`` pixels smaller where only that shows the names beside the tokens."""
        sizes = range(max(self.size, theme.MIN_TEXT_PX), theme.MIN_TEXT_PX - 1, -1)
        grid = None
        for size in sizes:
            grid, whole = self._fit_at(table, width, size)
            if whole:
                break
        assert grid is not None
        if not grid.names:
            for size in range(grid.size - 1, max(theme.MIN_TEXT_PX, grid.size - NAME_SHRINK) - 1, -1):
                smaller, whole = self._fit_at(table, width, size)
                if whole and smaller.names:
                    return smaller
        return grid

    def _fit_at(self, table: ScoreTable, width: int, size: int) -> tuple[Grid, bool]:
        """The grid at text ``size`` and whether every value and label fits it whole: the label
        column as wide as its longest label on one line where the value columns leave room
        (rows of one line keep the most categories in view), else all they leave, labels on
        two lines."""
        n = max(1, len(table.columns))
        gap = self._gap(size)
        cells = {c.cell(k) for c in table.columns for k in table.categories}
        values = [self.text.width(v, size) for v in cells]
        # the leader's pill reaches a gap beyond its total (less at the cell's edges)
        values += [self.text.width(t, size, True) + gap for t in {str(c.total) for c in table.columns}]
        col_min = max([self._token(size)] + values) + gap  # a gap between two columns
        labels = self._labels(table)
        one_line = max(self._two_lines(t, size, b)[0] for t, b in labels) + gap
        label_w = min(width - n * col_min, one_line)
        whole = label_w > 0 and all(self._label_lines(t, size, label_w - gap, b)[1]
                                    for t, b in labels)
        grid = self._grid(size, max(1, label_w), width, [c.name for c in table.columns])
        return (self._room_for_names(grid, labels, width, [c.name for c in table.columns])
                if whole else grid), whole

    def _room_for_names(self, grid: Grid, labels: list[tuple[str, bool]], width: int,
                        names: list[str]) -> Grid:
        """``grid``, or where its names do not fit, the widest narrower label column (labels
        still whole in two lines) that gives the columns room for them."""
        if grid.names:
            return grid
        gap = self._gap(grid.size)
        for label_w in range(grid.label_w, 0, -max(2, grid.size // 2)):
            if not all(self._label_lines(t, grid.size, label_w - gap, b)[1] for t, b in labels):
                break
            narrower = self._grid(grid.size, label_w, width, names)
            if narrower.names:
                return narrower
        return grid

    def _grid(self, size: int, label_w: int, width: int, names: list[str]) -> Grid:
        """The columns beside a label column ``label_w`` wide; names show when each keeps at
        least its first three characters beside its token (a name cut to one letter says no
        more than the token's letter)."""
        col_w = max(1, (width - label_w) // max(1, len(names)))
        room = col_w - self._token(size) - 2 * self._gap(size)
        shown = room > 0 and all(
            len(self.text.fitted(name, size, room, True).rstrip("…")) >= min(3, len(name))
            for name in names)
        return Grid(size, label_w, col_w, shown)

    def _two_lines(self, text: str, size: int, bold: bool) -> tuple[int, int, tuple[str, ...]]:
        """``text``'s width on one line, the least width in which it takes at most two lines,
        and those lines (one when it is no wider on one): the split between two of its pieces (words; CJK characters,
        :func:`theme._units`) that makes the longer line the shortest, so two lines come out
        balanced ("氣候/點數", not "氣候點/數"). Remembered: a table is fitted again at every
        change of a score, and wrapping is slow."""
        key = (i18n.language(), text, size, bold)
        got = _TWO_LINES.get(key)
        if got is None:
            if len(_TWO_LINES) >= 4096:
                _TWO_LINES.clear()
            width = self.text.width(text, size, bold)
            best: tuple[int, tuple[str, ...]] = (width, (text,))
            units = theme._units(text) if "\n" not in text else []
            for cut in range(1, len(units)):
                first = "".join((" " if sp and n else "") + u for n, (u, sp) in enumerate(units[:cut]))
                second = "".join((" " if sp and n else "") + u for n, (u, sp) in enumerate(units[cut:]))
                need = max(self.text.width(first, size, bold), self.text.width(second, size, bold))
                if need < best[0]:
                    best = (need, (first, second))
            got = _TWO_LINES[key] = (width, *best)
        return got

    def _label_lines(self, text: str, size: int, width: int, bold: bool
                     ) -> tuple[list[str], bool]:
        """``text`` in at most two lines of ``width`` (on one when it fits), and whether it
        fits whole (else its second line ends in "…")."""
        one, need, lines = self._two_lines(text, size, bold)
        if one <= width:
            return [text], True
        if need <= width:
            return list(lines), True
        first = self.text.wrap(text, size, max(1, width), bold)[0]
        rest = text[len(first):].strip()
        cut = [self.text.fitted(first, size, max(1, width), bold)]
        if rest:
            cut.append(self.text.fitted(rest, size, max(1, width), bold))
        return cut, False

    # -- rendering ----------------------------------------------------------------------------

    def _surface(self, width: int, height: int) -> pygame.Surface:
        surf = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _render(self, table: ScoreTable, grid: Grid, width: int) -> dict[str, Part]:
        return {"head": self._heads(table, grid, width), "body": self._rows(table, grid, width),
                "foot": self._totals(table, grid, width), "note": self._note(table, grid, width)}

    def _head_h(self, grid: Grid) -> int:
        d, gap = self._token(grid.size), self._gap(grid.size)
        return max(d, self.text.font(grid.size, True).get_height()) + max(1, gap // 2)

    def _row_h(self, grid: Grid, lines: int) -> int:
        font = self.text.font(grid.size)
        return (lines - 1) * font.get_linesize() + font.get_height() + max(1, self._gap(grid.size) // 2)

    def _foot_h(self, grid: Grid) -> int:
        return self.text.font(grid.size, True).get_height() + self._gap(grid.size)

    def _height(self, table: ScoreTable, grid: Grid, width: int) -> int:
        """The table's whole height laid out on ``grid`` (measured, nothing drawn)."""
        gap = self._gap(grid.size)
        rows = sum(self._row_h(grid, len(self._label_lines(heading(c), grid.size,
                                                           grid.label_w - gap, False)[0]))
                   for c in table.categories)
        note = (self.text.render(table.note, grid.size, theme.INK_SOFT, width=width).get_height()
                + gap) if table.note else 0
        return self._head_h(grid) + rows + self._foot_h(grid) + note

    def _col_x(self, grid: Grid, k: int) -> int:
        return grid.label_w + k * grid.col_w

    def _heads(self, table: ScoreTable, grid: Grid, width: int) -> Part:
        """Each column's token (colour, letter, shape) and, where it fits, its name."""
        size, gap, d = grid.size, self._gap(grid.size), self._token(grid.size)
        h = self._head_h(grid)
        part = Part(self._surface(width, h))
        for k, col in enumerate(table.columns):
            x = self._col_x(grid, k)
            cell = pygame.Rect(x, 0, grid.col_w, h)
            name = (self.text.fitted(col.name, size, grid.col_w - d - 2 * gap, True)
                    if grid.names else "")
            img = self.text.render(name, size, theme.INK, True) if name else None
            used = d + (gap + img.get_width() if img else 0)
            left = cell.x + max(gap // 2, (cell.w - used) // 2)
            draw_token(part.image, (left + d // 2, h // 2), d // 2, col.colour,
                       col.seat if col.seat is not None else k, self.text, self.colour_blind)
            if img is not None:
                part.image.blit(img, (left + d + gap, (h - img.get_height()) // 2))
            part.tips.append((cell, col.name))
        return part

    def _rows(self, table: ScoreTable, grid: Grid, width: int) -> Part:
        """A row per category: its label (up to two lines) and each column's value, centred in
        the row so a number never leaves it."""
        size, gap = grid.size, self._gap(grid.size)
        step = self.text.font(size).get_linesize()
        rows = []
        for cat in table.categories:
            lines, whole = self._label_lines(heading(cat), size, grid.label_w - gap, False)
            rows.append((cat, lines, whole, self._row_h(grid, len(lines))))
        part = Part(self._surface(width, sum(r[3] for r in rows)))
        part.cuts = [sum(r[3] for r in rows[:i]) for i in range(len(rows) + 1)]
        y = 0
        for i, (cat, lines, whole, h) in enumerate(rows):
            if i % 2:
                pygame.draw.rect(part.image, STRIPE, (0, y, width, h))
            ly = y + (h - (len(lines) - 1) * step - self.text.font(size).get_height()) // 2
            for n, line in enumerate(lines):
                part.image.blit(self.text.render(line, size, theme.INK_SOFT), (0, ly + n * step))
            if not whole:
                part.tips.append((pygame.Rect(0, y, grid.label_w, h), heading(cat)))
            for k, col in enumerate(table.columns):
                value = col.cell(cat)
                img = self.text.render(value, size, theme.MUTED if value == MISSING else theme.INK)
                cell = pygame.Rect(self._col_x(grid, k), y, grid.col_w, h)
                part.image.blit(img, img.get_rect(center=cell.center))
            y += h
        return part

    def _totals(self, table: ScoreTable, grid: Grid, width: int) -> Part:
        """The totals in bold under a rule; the leader's on a marked pill."""
        size, gap = grid.size, self._gap(grid.size)
        h = self._foot_h(grid)
        part = Part(self._surface(width, h))
        pygame.draw.line(part.image, theme.LINE, (0, 0), (width, 0), max(1, size // 12))
        label = tr("scores.total")
        lines, whole = self._label_lines(label, size, grid.label_w - gap, True)
        img = self.text.render(lines[0], size, theme.INK, True)
        part.image.blit(img, (0, (h - img.get_height()) // 2))
        if not whole:
            part.tips.append((pygame.Rect(0, 0, grid.label_w, h), label))
        for k, col in enumerate(table.columns):
            cell = pygame.Rect(self._col_x(grid, k), 0, grid.col_w, h)
            img = self.text.render(str(col.total), size, theme.INK, True)
            if col.leads:
                pill = img.get_rect(center=cell.center).inflate(2 * gap, gap)
                pill = pill.clip(cell.inflate(-2, -2))
                pygame.draw.rect(part.image, LEADER_BG, pill, border_radius=pill.h // 2)
                pygame.draw.rect(part.image, theme.SUN, pill, max(1, size // 8),
                                 border_radius=pill.h // 2)
                part.tips.append((cell, tr("table.score_leads", name=col.name)))
            part.image.blit(img, img.get_rect(center=cell.center))
        return part

    def _note(self, table: ScoreTable, grid: Grid, width: int) -> Part:
        """The game's note under the table (Meteo: what would score if the game ended now)."""
        if not table.note:
            return Part(pygame.Surface((1, 0), pygame.SRCALPHA))
        gap = self._gap(grid.size)
        img = self.text.render(table.note, grid.size, theme.INK_SOFT, width=width)
        part = Part(self._surface(width, img.get_height() + gap))
        part.image.blit(img, (0, gap))
        step = self.text.font(grid.size).get_linesize()
        lines = max(1, round(img.get_height() / step))
        part.cuts = [0] + [gap + k * step for k in range(1, lines)] + [part.image.get_height()]
        return part

    # -- where things are -----------------------------------------------------------------

    def part_rects(self) -> dict[str, tuple[pygame.Rect, pygame.Rect]]:
        """Each part's rectangle on the screen now (scrolled) and the part of it that shows."""
        area = self._text_rect()
        scroll = self._snapped()
        out = {}
        for name, (y, scrolls) in self.placed.items():
            image = self.parts[name].image
            top = area.y + y - (scroll if scrolls else 0)
            rect = pygame.Rect(area.x, top, image.get_width(), image.get_height())
            shown = rect.clip(self.clip if scrolls else area)
            if scrolls and shown.h:
                first, last = self.parts[name].whole(shown.top - rect.y, shown.bottom - rect.y)
                if last > first:  # whole rows; a row taller than the room shows cut, not blank
                    shown = pygame.Rect(rect.x, rect.y + first, rect.w, last - first)
            out[name] = (rect, shown)
        return out

    def _snapped(self) -> int:
        """The scroll rounded up to the next place the scrolled parts may be cut (a row's top,
        a line of the note), so the first row shown is whole and at the top of its room."""
        if not self.bar.scroll:
            return 0
        scrolled = sorted((y, name) for name, (y, scrolls) in self.placed.items() if scrolls)
        if not scrolled:
            return 0
        first = scrolled[0][0]
        cuts = [y - first + c for y, name in scrolled
                for c in (self.parts[name].cuts or [0, self.parts[name].image.get_height()])]
        return min((c for c in cuts if c >= self.bar.scroll), default=self.bar.scroll)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The whole words of what is under the pointer: a column's name, a label that was cut,
        who leads; None elsewhere (and over the scroll bar)."""
        if not self.rect.collidepoint(pos) or (self.bar.needed and self.bar.rect.collidepoint(pos)):
            return None
        for name, (rect, shown) in self.part_rects().items():
            if shown.collidepoint(pos):
                local = (pos[0] - rect.x, pos[1] - rect.y)
                return next((tip for box, tip in self.parts[name].tips if box.collidepoint(local)),
                            None)
        return None

    # -- events and drawing ---------------------------------------------------------------

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
        """The box, composed again only when its table, scroll or bar changed (else one blit)."""
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
        for name, (at, shown) in self.part_rects().items():
            if shown.h > 0:
                surface.set_clip(shown.move(shift))
                surface.blit(self.parts[name].image, at.move(shift))
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

