"""The table's "Your moves" list, drawn by the app rather than pygame_gui's UISelectionList.

pygame_gui made one button per visible entry each time the list changed (about 12 ms at
1920x1080, in every frame where a move lands); here an entry is text rendered once
(cached by text) and blitted, so a new list costs nothing until it is drawn, and drawing costs the
visible lines' blits. It looks like the themed UISelectionList it replaces (``art/theme.json``'s
``selection_list`` blocks and pygame_gui's scroll bar: arrows, a sliding thumb) and works the
same way: a click on an entry plays it (the table does), the wheel and the scroll bar scroll it,
the pointer lights the entry under it, and the table's Up/Down keys move the highlight
(:meth:`select`, which scrolls it into view).

A click cannot misplay (issue 27): it chooses the entry the button went down on, and only when
the button comes up on that row while the row still holds the same entry (:meth:`handle`). Rows
may be given identities (``keys``): a row without one (``None``) is an empty place kept so that
the rows below it do not move, and takes no click; a row whose identity changed while the
pointer rested on the list (``keep=True``) takes no press for :data:`SETTLE` seconds, the time
a person needs to see that the words under the pointer are new.

Every entry is drawn at one text size (the largest at which two lines fit a row): a long entry
wraps to two lines, then keeps its first words and jumps to where it differs from the other
entries (:func:`middle_cut`), and the table shows the whole text on hover (:meth:`is_cut`).
"""

from __future__ import annotations

import time
from typing import Callable, Hashable, Sequence

import pygame

from . import theme
from .table_view import work_until
from .theme import TextCache

# theme.json: selection_list and selection_list.@selection_list_item, and pygame_gui's defaults
BG = (255, 255, 255)
BORDER = (197, 211, 223)
TEXT = (31, 45, 58)
HOVER_BG = (227, 238, 247)
SELECTED_BG = (242, 177, 52)
DISABLED_BG = (213, 224, 233)
DISABLED_TEXT = (106, 122, 137)
BAR_BG = (255, 255, 255)
BAR_BORDER = (36, 102, 159)
BAR_BUTTON = (47, 125, 191)
BAR_BUTTON_HOVER = (63, 143, 211)
BAR_BUTTON_HELD = (36, 102, 159)
THUMB_EDGE = (235, 235, 235)
BAR_WIDTH = 20  # pygame_gui's scroll bar: 20 pixels at every scale, arrows 20 high
ARROW_REPEAT = 0.08  # seconds between steps while an arrow is held
ROW_BUDGET = 0.0004  # seconds of a frame spent rendering new entries' text (at least one)
#: seconds during which a row whose entry changed under a resting pointer takes no press
SETTLE = 0.5


class ScrollBar:
    """pygame_gui's vertical scroll bar, drawn: arrows at both ends and a thumb sized by the part
    in view. The owner keeps ``scroll`` (pixels from the top) and tells the bar its rectangle,
    the content's height, the viewport's height and the step of an arrow or wheel notch."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content = 0
        self.view = 0
        self.step = 1
        self.scroll = 0
        self.mouse = (-1, -1)
        self._grab: int | None = None  # pointer y minus thumb top while the thumb is dragged
        self._held: str | None = None  # "up" / "down" while an arrow is held
        self._repeat = 0.0

    def layout(self, rect: pygame.Rect, content: int, view: int, step: int) -> None:
        self.rect, self.content, self.view, self.step = pygame.Rect(rect), content, view, step
        self.scroll_to(self.scroll)

    @property
    def needed(self) -> bool:
        return self.content > self.view

    @property
    def max_scroll(self) -> int:
        return max(0, self.content - self.view)

    def scroll_to(self, pixels: float) -> None:
        self.scroll = max(0, min(self.max_scroll, round(pixels)))

    def reset(self) -> None:
        self.scroll = 0
        self._grab = self._held = None

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        bar = self.rect.inflate(-2, -2)
        return (pygame.Rect(bar.x, bar.y, bar.w, BAR_WIDTH),
                pygame.Rect(bar.x, bar.bottom - BAR_WIDTH, bar.w, BAR_WIDTH))

    def _track(self) -> pygame.Rect:
        bar = self.rect.inflate(-2, -2)
        return pygame.Rect(bar.x, bar.y + BAR_WIDTH, bar.w, bar.h - 2 * BAR_WIDTH)

    def thumb(self) -> pygame.Rect:
        track = self._track()
        h = max(5, int(track.h * self.view / max(1, self.content)))
        top = track.y + (round(self.scroll / self.max_scroll * (track.h - h)) if self.max_scroll else 0)
        return pygame.Rect(track.x, top, track.w, h)

    @property
    def busy(self) -> bool:
        """The thumb or an arrow is held."""
        return self._grab is not None or self._held is not None

    def press(self, pos: tuple[int, int]) -> bool:
        """A left button down at ``pos``: True when it was on the bar."""
        if not self.needed or not self.rect.collidepoint(pos):
            return False
        self.mouse = pos
        up, down = self._arrows()
        thumb = self.thumb()
        if up.collidepoint(pos):
            self._step("up")
        elif down.collidepoint(pos):
            self._step("down")
        elif thumb.collidepoint(pos):
            self._grab = pos[1] - thumb.y
        else:  # the track: a page towards the pointer
            self.scroll_to(self.scroll + (self.view if pos[1] > thumb.y else -self.view))
        return True

    def motion(self, pos: tuple[int, int]) -> bool:
        """The pointer moved: True while the thumb is dragged."""
        self.mouse = pos
        if self._grab is None:
            return False
        track, thumb = self._track(), self.thumb()
        room = track.h - thumb.h
        if room > 0:
            self.scroll_to((pos[1] - self._grab - track.y) / room * self.max_scroll)
        return True

    def release(self) -> bool:
        """The left button went up: True when the bar had it."""
        busy = self.busy
        self._grab = self._held = None
        return busy

    def look(self) -> tuple:
        """What the bar's drawing depends on (to know when to draw it again)."""
        if not self.needed:
            return ()
        up, down = self._arrows()
        return (self.scroll, self.content, self.view, self._held, self._grab is not None,
                up.collidepoint(self.mouse), down.collidepoint(self.mouse),
                self.thumb().collidepoint(self.mouse))

    def wheel(self, notches: int) -> None:
        self.scroll_to(self.scroll - notches * self.step)

    def _step(self, which: str) -> None:
        self._held = which
        self._repeat = ARROW_REPEAT * 3
        self.scroll_to(self.scroll + (-self.step if which == "up" else self.step))

    def update(self, dt: float) -> None:
        """Keep scrolling while an arrow is held."""
        if self._held is None:
            return
        self._repeat -= dt
        if self._repeat <= 0:
            self._repeat = ARROW_REPEAT
            self.scroll_to(self.scroll + (-self.step if self._held == "up" else self.step))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.needed:
            return
        pygame.draw.rect(surface, BAR_BG, self.rect)
        pygame.draw.rect(surface, BAR_BORDER, self.rect, 1)
        up, down = self._arrows()
        for rect, which in ((up, "up"), (down, "down")):
            colour = (BAR_BUTTON_HELD if self._held == which else
                      BAR_BUTTON_HOVER if rect.collidepoint(self.mouse) else BAR_BUTTON)
            surface.fill(colour, rect)
            _arrow(surface, rect, which == "up")
        thumb = self.thumb()
        colour = (BAR_BUTTON_HELD if self._grab is not None else
                  BAR_BUTTON_HOVER if thumb.collidepoint(self.mouse) else BAR_BUTTON)
        pygame.draw.rect(surface, THUMB_EDGE, thumb)
        body = thumb.inflate(-2, -2)
        surface.fill(colour, body)
        pygame.draw.rect(surface, BAR_BORDER, body, 1)




HEAD_UNITS = 3  # words (or CJK characters x 2) of a cut entry's start always kept


def _units(whole: str) -> tuple[list[str], str, str]:
    """``whole`` as words (or, in CJK text, characters), their joiner and the cut mark."""
    spaced = not any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in whole)
    return (whole.split(" "), " ", " … ") if spaced else (list(whole), "", "…")


def differs_at(texts: Sequence[str]) -> list[int]:
    """For each text, the number of its first units (words, or CJK characters) that another
    text of the list shares: where it starts to read differently from its nearest sibling."""
    units = [tuple(_units(t)[0]) for t in texts]
    order = sorted(range(len(units)), key=units.__getitem__)
    out = [0] * len(units)
    for a, b in zip(order, order[1:]):
        x, y = units[a], units[b]
        n = 0
        while n < len(x) and n < len(y) and x[n] == y[n]:
            n += 1
        out[a], out[b] = max(out[a], n), max(out[b], n)
    return out


def middle_cut(text: TextCache, whole: str, width: int, height: int, size: int,
               same: int = 0):
    """``whole`` laid into ``width`` x ``height`` at ``size`` (:meth:`TextCache.lay` with no
    shrinking); when it does not fit, its first words, "…", and the text from where it differs
    from the other entries (``same``: the units it shares with its nearest sibling, see
    :func:`differs_at`), ended with "…" if still too long. Moves that differ late ("Ada moves
    a figure from the coloured space K3 to the plain J4" / "… to the lake J2"; "Ada extends the
    Workshop from space 1 / 2 of the offer …") were rows that read the same until hovered
    (issue 27); an entry cut at its start read from mid-sentence. Marked cut: the whole text
    goes in the tooltip."""
    fit = text.lay(whole, width, height, size, min_size=size)
    units, join, gap = _units(whole)
    head = HEAD_UNITS if join else 2 * HEAD_UNITS
    if not fit.cut or same <= head:
        return fit
    got = None
    for start in range(head + 1, same + 1):  # as much context before the difference as fits
        shown = join.join(units[:head]) + gap + join.join(units[start:])
        got = text.lay(shown, width, height, size, min_size=size)
        if not got.cut:
            break
    return type(got)(got.lines, got.size, True)


def _arrow(surface: pygame.Surface, rect: pygame.Rect, up: bool) -> None:
    """The white triangle of an arrow button (pygame_gui's "\u25b2" / "\u25bc", 8 pixels high)."""
    cx, cy = rect.centerx, rect.y + rect.h // 2
    tip, base = (cy - 4, cy + 3) if up else (cy + 3, cy - 4)
    pygame.draw.polygon(surface, (255, 255, 255), [(cx - 1, tip), (cx, tip), (cx + 3, base),
                                                    (cx - 4, base)])


class ActionList:
    """A scrollable list of entries (up to two lines each) inside ``rect``; ``row_h``,
    ``font_size`` and ``pad`` (the text's left margin) are already scaled; ``clock`` times the
    settling of changed rows (a test passes its own)."""

    def __init__(self, rect: pygame.Rect, text: TextCache, *, row_h: int, font_size: int,
                 pad: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.row_h = row_h
        self.font_size = font_size
        self.pad = pad
        self.clock = clock
        self.bar = ScrollBar(text)
        self._source: Callable[[int], str] = lambda i: ""
        self._texts: dict[int, str] = {}
        self._differs: list[int] | None = None
        self._keys: Sequence[Hashable] | None = None  # each row's identity (None: an empty row)
        self._changed: dict[int, float] = {}  # row -> when its entry changed under the pointer
        self._count = 0
        self.enabled = True
        self.selected: int | None = None
        self.hovered: int | None = None
        self.pressed: int | None = None  # the row the button went down on
        self._pressed_key: Hashable = None  # what that row held then
        self.mouse = (-1, -1)
        self._version = 0  # counts new contents
        self._ready: set[tuple[int, tuple]] = set()  # (entry, ink) whose text is rendered
        self._shown: pygame.Surface | None = None  # the list as last composed
        self._shown_key: tuple = ()
        self._layout()

    # -- contents --------------------------------------------------------------------------

    def set_items(self, items: Sequence[str], *, enabled: bool = True) -> None:
        """New entries (the list goes back to the top, as pygame_gui's did)."""
        items = list(items)
        self.set_source(len(items), items.__getitem__, enabled=enabled)

    def set_source(self, count: int, text_of: Callable[[int], str], *, enabled: bool = True,
                   keys: Sequence[Hashable] | None = None, keep: bool = False) -> None:
        """``count`` entries whose texts ``text_of(i)`` gives when each is first needed: only
        the visible ones are asked for until :attr:`texts` is read. ``keys``: each row's
        identity (``None``: an empty row); without them a row is its index. ``keep``: the
        pointer rests on the list, so the scroll and a press in progress stay, and each row
        whose identity changed takes no press for :data:`SETTLE` seconds."""
        old = [self.key_at(i) for i in range(self._count)] if keep else []
        self._source = text_of
        self._texts = {}
        self._differs = None  # per entry, the units it shares with its nearest sibling
        self._ready = set()
        self._version += 1
        self._count = count
        self._keys = list(keys) if keys is not None else None
        self.enabled = enabled
        self.selected = None
        if keep:
            now = self.clock()
            self._changed = {i: t for i, t in self._changed.items() if now - t < SETTLE}
            for i in range(count):
                if i >= len(old) or old[i] != self.key_at(i):
                    self._changed[i] = now
            if self.pressed is not None and self.pressed >= count:
                self.pressed = None
            scroll = self.bar.scroll
            self._layout()
            self.bar.scroll_to(scroll)
        else:
            self._changed = {}
            self.pressed = None
            self.bar.reset()
            self._layout()
        self.hovered = self._live_row(self.mouse)

    def __len__(self) -> int:
        return self._count

    def key_at(self, index: int) -> Hashable:
        """Row ``index``'s identity (its index when the list was given none)."""
        return self._keys[index] if self._keys is not None else index

    def is_blank(self, index: int) -> bool:
        """An empty row, kept so that the rows below it stay where they were."""
        return self._keys is not None and self._keys[index] is None

    def settling(self, index: int) -> bool:
        """Row ``index``'s entry changed under the resting pointer less than SETTLE seconds
        ago: a press on it now would be meant for what was there before."""
        changed = self._changed.get(index)
        return changed is not None and self.clock() - changed < SETTLE

    def _live_row(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos`` that can be chosen (not blank, the list enabled)."""
        row = self.row_at(pos) if self.enabled else None
        return None if row is None or self.is_blank(row) else row

    def text_at(self, index: int) -> str:
        text = self._texts.get(index)
        if text is None:
            text = self._texts[index] = self._source(index)
        return text

    @property
    def texts(self) -> list[str]:
        return [self.text_at(i) for i in range(self._count)]

    # -- geometry --------------------------------------------------------------------------

    def _layout(self) -> None:
        inner = self.rect.inflate(-2, -2)
        self.bar.layout(pygame.Rect(inner.right - BAR_WIDTH, inner.y, BAR_WIDTH, inner.h),
                        self._count * self.row_h, inner.h, self.row_h)
        if self.bar.needed:
            inner.width -= BAR_WIDTH
        self.area = inner  # where the entries are drawn
        self.size = self._text_size()

    @staticmethod
    def two_lines(text: TextCache, size: int) -> int:
        """A row's height with room for two lines of ``size`` pixels (a long entry wraps)."""
        font = text.font(size)
        return font.get_linesize() + font.get_height() + 4

    def _text_size(self) -> int:
        """The one text size of every entry: ``font_size``, or less when two of its lines do
        not fit a row (never below the theme's smallest text)."""
        room = self.row_h - 2
        size = self.font_size
        while size > theme.MIN_TEXT_PX:
            font = self.text.font(size)
            if font.get_linesize() + font.get_height() <= room:
                break
            size -= 1
        return size

    @property
    def scroll(self) -> int:
        return self.bar.scroll

    def row_rect(self, index: int) -> pygame.Rect:
        """Where entry ``index`` is drawn (it may be outside the visible area)."""
        a = self.area
        return pygame.Rect(a.x, a.y + index * self.row_h - self.bar.scroll, a.w, self.row_h)

    def visible_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The entries at least partly in view, with their rectangles (not clipped)."""
        first = self.bar.scroll // self.row_h
        last = min(self._count, (self.bar.scroll + self.area.h + self.row_h - 1) // self.row_h)
        return [(i, self.row_rect(i)) for i in range(first, last)]

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.area.collidepoint(pos):
            return None
        i = (pos[1] - self.area.y + self.bar.scroll) // self.row_h
        return i if 0 <= i < self._count else None

    def _box(self, row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.x + self.pad, row.y + 1, row.w - 2 * self.pad, row.h - 2)

    def _fit(self, index: int):
        """Entry ``index`` laid into its row at the list's one size: wrapped to two lines;
        a text still too long keeps its start and its end and loses words in its middle
        (:func:`middle_cut`)."""
        box = self._box(self.row_rect(index))
        whole = self.text_at(index)
        if self._differs is None and not self.text.lay(whole, box.w, box.h, self.size,
                                                       min_size=self.size).cut:
            return self.text.lay(whole, box.w, box.h, self.size, min_size=self.size)
        if self._differs is None:  # a cut entry: where every entry differs (all texts once)
            self._differs = differs_at([self.text_at(i) for i in range(self._count)])
        same = self._differs[index] if index < len(self._differs) else 0
        return middle_cut(self.text, whole, box.w, box.h, self.size, same)

    def is_cut(self, index: int) -> bool:
        """True when entry ``index`` does not show its whole text (the tooltip shows it)."""
        return not self.is_blank(index) and self._fit(index).cut

    def select(self, index: int | None, scroll: bool = True) -> None:
        """Highlight ``index`` (None: nothing) and scroll it into view (``scroll``)."""
        self.selected = index
        if index is None or not scroll:
            return
        top = index * self.row_h
        if top < self.bar.scroll:
            self.bar.scroll_to(top)
        elif top + self.row_h > self.bar.scroll + self.area.h:
            self.bar.scroll_to(top + self.row_h - self.area.h)

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> tuple[bool, int | None]:
        """(used, entry): whether the event was the list's, and the entry a click chose."""
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hovered = self._live_row(event.pos)
            if not self.rect.collidepoint(event.pos):
                self._changed.clear()  # the pointer left: it no longer rests on those rows
            return self.bar.motion(event.pos) or self.pressed is not None, None
        if t == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self.mouse):
                self.bar.wheel(event.y)
                self.hovered = self._live_row(self.mouse)
                return True, None
            return False, None
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False, None
            self.mouse = event.pos
            if not self.bar.press(event.pos):
                row = self._live_row(event.pos)
                self.pressed = None if row is None or self.settling(row) else row
                self._pressed_key = self.key_at(row) if self.pressed is not None else None
            return True, None
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            used = self.bar.release() or self.pressed is not None
            pressed, self.pressed = self.pressed, None
            if (pressed is not None and pressed < self._count
                    and self.row_at(event.pos) == pressed
                    and self.key_at(pressed) == self._pressed_key):
                return True, pressed
            return used, None
        return False, None

    def update(self, dt: float) -> None:
        self.bar.update(dt)

    # -- drawing ---------------------------------------------------------------------------

    def _ink(self) -> tuple[int, int, int]:
        return TEXT if self.enabled else DISABLED_TEXT

    def prepare(self) -> None:
        """Render the visible entries' texts not rendered yet, a few per frame
        (:data:`ROW_BUDGET`, at least one): a new list of moves fills in over a frame or two
        instead of lengthening the frame in which it came."""
        ink = self._ink()
        end = work_until(ROW_BUDGET)
        rendered = False
        for i, _r in self.visible_rows():
            if (i, ink) in self._ready:
                continue
            if rendered and end is not None and time.perf_counter() >= end:
                break
            fit = self._fit(i)
            for line in fit.lines:
                self.text.render(line, fit.size, ink)
            self._ready.add((i, ink))
            rendered = True

    def draw(self, surface: pygame.Surface) -> None:
        """The list, composed again only when something in it changed (else one blit)."""
        self.prepare()
        key = (self._version, len(self._ready), self.enabled, self.selected, self.hovered,
               self.pressed, self.bar.look(), self.rect.size)
        if self._shown is None or key != self._shown_key:
            self._shown = self._compose()
            self._shown_key = key
        surface.blit(self._shown, self.rect)

    def _compose(self) -> pygame.Surface:
        surface = pygame.Surface(self.rect.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        shift = (-self.rect.x, -self.rect.y)
        surface.fill(BG)
        pygame.draw.rect(surface, BORDER, surface.get_rect(), 1)
        area = self.area.move(shift)
        ink = self._ink()
        for i, row in self.visible_rows():
            row = row.move(shift)
            if not self.enabled:
                bg = DISABLED_BG
            elif i == self.selected or i == self.pressed:
                bg = SELECTED_BG
            elif i == self.hovered:
                bg = HOVER_BG
            else:
                bg = None
            clip = row.clip(area)
            surface.set_clip(clip)
            if bg is not None:
                surface.fill(bg, clip)
            if (i, ink) in self._ready and not self.is_blank(i):
                lines = "\n".join(self._fit(i).lines)  # as fitted: its middle may be cut
                self.text.box(surface, lines, self._box(row), self.size, ink, min_size=self.size)
        surface.set_clip(None)
        if self.bar.needed:
            bar = self.bar.rect
            self.bar.rect = bar.move(shift)
            mouse = self.bar.mouse
            self.bar.mouse = (mouse[0] + shift[0], mouse[1] + shift[1])
            try:
                self.bar.draw(surface)
            finally:
                self.bar.rect, self.bar.mouse = bar, mouse
        return surface
