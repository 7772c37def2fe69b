"""The palette, fonts and the scaled pygame_gui theme.

One flat palette for the whole app. Sizes in the theme and in layouts are given for a
1280x720 window at UI scale 1 and multiplied by :func:`effective_scale`.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

from .. import resources

INK = pygame.Color("#1F2D3A")
INK_SOFT = pygame.Color("#4A5E70")
MUTED = pygame.Color("#6A7A89")
SKY = pygame.Color("#EAF2F8")
SKY_DEEP = pygame.Color("#D5E6F2")
PANEL = pygame.Color("#FFFFFF")
LINE = pygame.Color("#C5D3DF")
PRIMARY = pygame.Color("#2F7DBF")
PRIMARY_DARK = pygame.Color("#24669F")
SUN = pygame.Color("#F2B134")
TEAL = pygame.Color("#3AA6A0")
DANGER = pygame.Color("#C8553D")
HIGHLIGHT = pygame.Color("#F2B134")

_FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"
_SCALED_KEYS = ("size", "shape_corner_radius", "text_horiz_alignment_padding", "list_item_height",
                "rect_width", "padding")


def font_path(bold: bool = False) -> str:
    """The Noto Sans file that pygame_gui ships."""
    return str(_FONT_DIR / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"))


def effective_scale(size: tuple[int, int], ui_scale: float) -> float:
    """The layout scale: the window's size against 1280x720 times the player's UI scale,
    rounded to eighths so small resizes keep the same fonts."""
    window = max(0.75, min(size[0] / 1280, size[1] / 720, 3.0))
    return max(0.5, round(window * ui_scale * 8) / 8)


def _scale_value(value: str, scale: float) -> str:
    parts = [p.strip() for p in str(value).split(",")]
    try:
        return ",".join(str(max(1, round(float(p) * scale))) for p in parts)
    except ValueError:
        return value


def theme_data(scale: float) -> dict:
    """``art/theme.json`` with its sizes multiplied by ``scale``."""
    data = json.loads(resources.art("theme.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    for block in data.values():
        for section in ("font", "misc"):
            values = block.get(section)
            if isinstance(values, dict):
                for key in _SCALED_KEYS:
                    if key in values:
                        values[key] = _scale_value(values[key], scale)
    return data


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UIManager with the project theme at ``scale``."""
    return pygame_gui.UIManager(size, theme_data(scale), enable_live_theme_updates=False)


#: The smallest text size (pixels) that :meth:`TextCache.box` shrinks to by default: text on the
#: table is never smaller than this at 1280x720 (issue 13).
MIN_TEXT_PX = 12


@dataclass(frozen=True)
class Drawn:
    """One text drawn with :meth:`TextCache.box`, as the layout tests see it: where it went
    (``rect``), the box it had to fit (``box``), on which surface (held, so that its identity
    stays unique while the test looks), and whether it was cut."""

    surface: pygame.Surface
    rect: pygame.Rect
    box: pygame.Rect
    text: str
    size: int
    cut: bool


@dataclass(frozen=True)
class Fitted:
    """Text laid into a box: its lines at ``size`` pixels; ``cut`` when an ellipsis hides part
    of it (then the whole text belongs in a tooltip)."""

    lines: tuple[str, ...]
    size: int
    cut: bool


class TextCache:
    """Rendered text surfaces, made once and reused: nothing is rendered per frame."""

    def __init__(self, limit: int = 2000) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self._fits: dict[tuple, str] = {}
        self._boxes: dict[tuple, Fitted] = {}
        self._limit = limit
        #: when a list, every :meth:`box` call appends a :class:`Drawn` (layout tests)
        self.recording: list[Drawn] | None = None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(font_path(bold), key[0])
        return self._fonts[key]

    def render(self, text: str, size: int, colour: pygame.Color | tuple, bold: bool = False,
               width: int | None = None) -> pygame.Surface:
        """``text`` rendered (wrapped to ``width`` pixels when given), cached."""
        key = (text, size, tuple(pygame.Color(colour)), bold, width)
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) >= self._limit:
                self._texts.clear()
            font = self.font(size, bold)
            if width:
                surf = font.render(text, True, colour, wraplength=width)
            else:
                surf = font.render(text, True, colour)
            self._texts[key] = surf = surf.convert_alpha() if pygame.display.get_surface() else surf
        return surf

    def fit(self, text: str, size: int, colour: pygame.Color | tuple, width: int,
            bold: bool = False) -> pygame.Surface:
        """One line no wider than ``width``: shortened with an ellipsis if needed (the fitted
        text is remembered, so a view redrawn for a new state measures nothing again)."""
        fitted = self.fitted(text, size, width, bold)
        return self.render(fitted, size, colour, bold)

    def fitted(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` shortened with an ellipsis to fit one line of ``width`` pixels (remembered)."""
        key = ("fit", text, size, bold, width)
        fitted = self._fits.get(key)
        if fitted is None:
            if len(self._fits) >= self._limit:
                self._fits.clear()
            font = self.font(size, bold)
            fitted = text
            if font.size(fitted)[0] > width:
                while fitted and font.size(fitted + "…")[0] > width:
                    fitted = fitted[:-1]
                fitted = fitted.rstrip() + "…"
            self._fits[key] = fitted
        return fitted

    def lay(self, text: str, width: int, height: int, size: int, bold: bool = False,
            min_size: int = MIN_TEXT_PX, wrap: bool = True) -> Fitted:
        """``text`` fitted to a ``width`` x ``height`` box: wrapped at spaces (anywhere for text
        without spaces, e.g. CJK), then shrunk one pixel at a time down to ``min_size``, then
        the last line that fits shortened with an ellipsis (remembered)."""
        key = ("box", text, width, height, size, bold, min_size, wrap)
        got = self._boxes.get(key)
        if got is not None:
            return got
        if len(self._boxes) >= self._limit:
            self._boxes.clear()
        width, height = max(1, width), max(1, height)
        floor = max(6, min(size, min_size))
        top = max(floor, size)

        def fits(px: int) -> Fitted | None:
            font = self.font(px, bold)
            if font.size(text)[0] <= width and "\n" not in text:  # one line: no wrapping
                lines = [text]
            else:
                lines = _wrap(text, font, width) if wrap else [text]
            if _block_h(font, len(lines)) <= height and all(
                    font.size(line)[0] <= width for line in lines):
                return Fitted(tuple(lines), px, False)
            return None

        # the largest size that fits: the given one, else a binary search down to the floor
        # (text that fits at a size fits at every smaller one, as near as makes no difference)
        got = fits(top)
        if got is None and top > floor:
            low = fits(floor)
            if low is not None:
                lo, hi, got = floor, top - 1, low
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    at = fits(mid)
                    if at is not None:
                        lo, got = mid, at
                    else:
                        hi = mid - 1
        if got is None:
            font = self.font(floor, bold)
            lines = _wrap(text, font, width) if wrap else [text]
            keep = 1
            while keep < len(lines) and _block_h(font, keep + 1) <= height:
                keep += 1
            shown = lines[:keep]
            last = shown[-1] if len(lines) == keep else shown[-1] + " " + lines[keep]
            shown[-1] = self.fitted(last, floor, width, bold)
            if font.size(shown[-1])[0] <= width and shown[-1] == last:
                shown[-1] = last
            got = Fitted(tuple(shown), floor, True)
        self._boxes[key] = got
        return got

    def box(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour,
            bold: bool = False, align: str = "left", valign: str = "center",
            min_size: int = MIN_TEXT_PX, wrap: bool = True) -> Fitted:
        """Draw ``text`` inside ``box`` (see :meth:`lay`): ``align`` left, center or right;
        ``valign`` top, center or bottom. Returns the fitting (``cut``: show the whole text on
        hover)."""
        box = pygame.Rect(box)
        fit = self.lay(text, box.w, box.h, size, bold, min_size, wrap)
        font = self.font(fit.size, bold)
        step = font.get_linesize()
        total = _block_h(font, len(fit.lines))
        y = box.y if valign == "top" else (box.bottom - total if valign == "bottom"
                                           else box.centery - total // 2)
        y = max(box.y, min(y, box.bottom - total)) if total <= box.h else box.y
        drawn = None
        for line in fit.lines:
            img = self.render(line, fit.size, colour, bold)
            r = img.get_rect()
            if align == "center":
                r.midtop = (box.centerx, y)
            elif align == "right":
                r.topright = (box.right, y)
            else:
                r.topleft = (box.x, y)
            r.x = max(box.x, min(r.x, box.right - r.w))
            surface.blit(img, r)
            drawn = r if drawn is None else drawn.union(r)
            y += step
        if self.recording is not None and drawn is not None:
            drawn.h = total
            self.recording.append(Drawn(surface, drawn, box, text, fit.size, fit.cut))
        return fit


def _block_h(font: pygame.font.Font, lines: int) -> int:
    """The height of ``lines`` lines: line spacing between them, the font's height for the last."""
    return (lines - 1) * font.get_linesize() + font.get_height()


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy line breaking at spaces (each word measured once); a word wider than the line,
    or text without spaces (CJK), breaks between characters."""
    out: list[str] = []
    space = font.size(" ")[0]
    for para in text.split("\n"):
        if " " not in para:
            words, joiner, gap = (list(para) if font.size(para)[0] > width else [para]), "", 0
        else:
            words, joiner, gap = para.split(" "), " ", space
        line, line_w = "", 0
        for word in words:
            ww = font.size(word)[0]
            if line and line_w + gap + ww <= width:
                line, line_w = line + joiner + word, line_w + gap + ww
                continue
            if not line and ww <= width:
                line, line_w = word, ww
                continue
            if line:
                out.append(line)
            if ww <= width:
                line, line_w = word, ww
                continue
            line = ""
            for ch in word:  # a word longer than the line: break it between characters
                if line and font.size(line + ch)[0] > width:
                    out.append(line)
                    line = ch
                else:
                    line += ch
            line_w = font.size(line)[0]
        out.append(line)
    return out or [""]
