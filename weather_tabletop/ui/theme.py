"""The palette, fonts and the scaled pygame_gui theme.

One flat palette for the whole app. Sizes in the theme and in layouts are given for a
1280x720 window at UI scale 1 and multiplied by :func:`effective_scale`.

Fonts: Noto Sans (shipped by pygame_gui) for English; for Traditional Chinese the subset of Noto
Sans CJK TC in ``art/fonts/`` (``art/fonts/make_subset.py`` makes it). The language's font is
the *primary* one, used by pygame_gui's theme and for every measurement; text drawn by
:class:`TextCache` falls back, one run of characters at a time, to the next font of
:func:`font_chain` that has a glyph (a player's name in another script, a rare character), so
no character is drawn as a box while any font at hand has it.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import functools
import importlib.resources
import json
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame
import pygame_gui

from .. import i18n, resources
from . import cache
from .cache import LRU

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
                "rect_width", "padding", "title_bar_height")
#: The font files of the languages that Noto Sans does not cover, inside ``art/fonts/``.
LANGUAGE_FONTS = {"zh-TW": "fonts/NotoSansCJKtc-{weight}.subset.otf"}
#: The pygame_gui font name of each language's font (Noto Sans is pygame_gui's ``noto_sans``).
_THEME_FONT_NAMES = {"zh-TW": "noto_sans_cjk_tc"}
#: Fonts of other scripts that pygame_gui ships (a source install has them; the executable
#: leaves them out), tried after the app's own fonts.
_GUI_FALLBACKS = ("NotoSansJP-{weight}.otf", "NotoSansKR-{weight}.ttf", "NotoSansSC-{weight}.otf",
                  "NotoSansArabic-{weight}.ttf", "NotoSansHebrew-{weight}.ttf",
                  "NotoSansGeorgian-{weight}.ttf")
#: Names of installed fonts looked for (once, only when a character is in none of the above).
_SYSTEM_FALLBACKS = ("notosanscjktc", "notosanscjk", "notosanstc", "microsoftjhenghei",
                     "microsoftjhengheiui", "pingfangtc", "pingfang", "heitietc", "mingliu",
                     "pmingliu", "msgothic", "microsoftyahei", "simsun", "notosanscjksc",
                     "wenquanyizenhei", "wenquanyimicrohei", "droidsansfallback",
                     "arialunicodems", "notosanssymbols2", "segoeuisymbol", "dejavusans")


_extracted = contextlib.ExitStack()  # art files copied out of an archive, kept until exit
atexit.register(_extracted.close)


def _art_file(name: str) -> str | None:
    """The path of an art file on disk (a file inside an archive is copied out once), or None
    when there is no such file."""
    entry: Traversable = resources.art(name)
    try:
        if not entry.is_file():
            return None
        return str(_extracted.enter_context(importlib.resources.as_file(entry)))
    except OSError:
        return None


@functools.lru_cache(maxsize=None)
def language_font(language: str, bold: bool = False) -> str | None:
    """The app's own font file for ``language`` (None: Noto Sans serves it); looked up once."""
    name = LANGUAGE_FONTS.get(language)
    return _art_file(name.format(weight="Bold" if bold else "Regular")) if name else None


def font_path(bold: bool = False, language: str | None = None) -> str:
    """The primary font of ``language`` (default: the language in use): the subset of Noto Sans
    CJK TC for zh-TW, else the Noto Sans file that pygame_gui ships."""
    own = language_font(i18n.language() if language is None else language, bold)
    return own or str(_FONT_DIR / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"))


def font_chain(bold: bool = False, language: str | None = None) -> list[str]:
    """The font files tried for a character, in order: the language's font, Noto Sans, the
    other languages' fonts, then pygame_gui's fonts of other scripts (where installed)."""
    language = i18n.language() if language is None else language
    weight = "Bold" if bold else "Regular"
    chain = [font_path(bold, language), str(_FONT_DIR / f"NotoSans-{weight}.ttf")]
    chain += [language_font(code, bold) or "" for code in LANGUAGE_FONTS]
    chain += [str(_FONT_DIR / name.format(weight=weight)) for name in _GUI_FALLBACKS]
    out: list[str] = []
    for path in chain:
        if path and path not in out and Path(path).is_file():
            out.append(path)
    return out


_system_fallbacks: list[str] | None = None


def system_fallbacks() -> list[str]:
    """Installed fonts that may hold characters that none of the shipped fonts has (looked up
    once: on Linux the first look-up asks fontconfig)."""
    global _system_fallbacks
    if _system_fallbacks is None:
        found: list[str] = []
        for name in _SYSTEM_FALLBACKS:
            try:
                path = pygame.font.match_font(name)
            except Exception:  # noqa: BLE001 - a broken font list only loses the fallback
                path = None
            if path and path not in found:
                found.append(path)
        _system_fallbacks = found
    return _system_fallbacks


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


def theme_data(scale: float, language: str | None = None) -> dict:
    """``art/theme.json`` with its sizes multiplied by ``scale``; for a language with its own
    font (zh-TW), every font of the theme is that font (upright: CJK has no italics)."""
    data = json.loads(resources.art("theme.json").read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    language = i18n.language() if language is None else language
    regular, bold = language_font(language), language_font(language, True)
    for block in data.values():
        for section in ("font", "misc"):
            values = block.get(section)
            if isinstance(values, dict):
                for key in _SCALED_KEYS:
                    if key in values:
                        values[key] = _scale_value(values[key], scale)
        if regular and isinstance(block.get("font"), dict):
            _use_font(block["font"], language, regular, bold or regular)
    if regular:
        defaults = data.setdefault("defaults", {})
        font = defaults.setdefault("font", {"size": _scale_value("16", scale)})
        _use_font(font, language, regular, bold or regular)
    else:
        # a name is typed in whatever script its player writes: the text fields use the
        # Traditional Chinese font (its Latin letters too), so a Chinese name is not boxes
        other = next((code for code in LANGUAGE_FONTS if language_font(code)), None)
        entry = data.get("text_entry_line", {}).get("font")
        if other and isinstance(entry, dict):
            _use_font(entry, other, language_font(other),
                      language_font(other, True) or language_font(other))
        if other:
            _add_wide(data, other)
    _add_language_names(data)
    return data


#: The prefix of a language's option id in the language picker (see :func:`language_option`).
_LANGUAGE_OPTION = "#language_"


def language_option(code: str) -> str:
    """The option id of language ``code`` in a drop-down: pygame_gui themes an option's button
    by its id, so each language's name gets its own font (:func:`_add_language_names`)."""
    return _LANGUAGE_OPTION + code


def language_of_option(option: str) -> str:
    """The language code of a :func:`language_option` id (any other text as it is)."""
    return option[len(_LANGUAGE_OPTION):] if option.startswith(_LANGUAGE_OPTION) else option


def _add_language_names(data: dict) -> None:
    """A theme block per shipped language for its entry in the language picker, open and
    closed: its name in its own script's font (繁體中文 in the CJK font in the English
    interface, "English" in Noto Sans in the Chinese one), at the drop-down's size."""
    size = data.get("drop_down_menu", {}).get("font", {}).get("size", "16")
    for code in i18n.languages():
        font = {"name": "noto_sans", "size": size}
        own = language_font(code)
        if own:
            _use_font(font, code, own, language_font(code, True) or own)
        for parent in ("drop_down_menu.selection_list", "drop_down_menu"):
            data[f"{parent}.{language_option(code)}"] = {"font": dict(font)}


#: the theme blocks of the elements :func:`wide_id` serves
_WIDE_ELEMENTS = ("label", "button")


def _add_wide(data: dict, other: str) -> None:
    """For every object id and for labels and buttons, a ``#<name>_wide`` twin in another
    language's font (its Latin letters too): a label whose text the theme's font cannot draw
    (a Chinese player name in English) uses it (:func:`wide_id`) instead of showing boxes."""
    regular = language_font(other)
    bold = language_font(other, True) or regular
    base = data.get("label", {}).get("font", {})
    for key in list(data):
        block = data[key]
        if "." in key or not isinstance(block, dict) or not (
                key.startswith("#") or key in _WIDE_ELEMENTS):
            continue
        twin = copy.deepcopy(block)
        twin["font"] = {**base, **block.get("font", {})}
        _use_font(twin["font"], other, regular, bold)
        data[f"#{key.lstrip('#')}_wide"] = twin


def wide_id(object_id: str | None, element: str, text: str) -> str | None:
    """The object id to give a widget showing ``text``: ``object_id`` as it is, or its
    ``_wide`` twin when the language in use has no font of its own and the theme's font lacks
    a character of ``text`` (see :func:`_add_wide`)."""
    if text.isascii() or any(language_font(code) for code in [i18n.language()]):
        return object_id
    primary = font_path()
    if all(has_glyph(primary, ch) for ch in text if not ch.isspace()):
        return object_id
    return f"#{(object_id or element).lstrip('#')}_wide"


def _use_font(font: dict, language: str, regular: str, bold: str) -> None:
    font["name"] = _THEME_FONT_NAMES.get(language, "noto_sans_" + language.lower())
    font["regular_path"], font["bold_path"] = regular, bold
    font["italic_path"], font["bold_italic_path"] = regular, bold
    font.pop("italic", None)


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UIManager with the project theme at ``scale`` in the language in use."""
    return pygame_gui.UIManager(size, theme_data(scale), enable_live_theme_updates=False)


#: pixel bytes of rendered text a :class:`TextCache` keeps (a frame at 1920x1080 draws under 8 MB)
TEXT_BYTES = 32 * 1024 * 1024
#: font faces (a file at a size) a :class:`TextCache` keeps open
FACES_KEPT = 48

#: The smallest text size (pixels) that :meth:`TextCache.box` shrinks to by default: text on the
#: table is never smaller than this at 1280x720 (issue 13).
MIN_TEXT_PX = 12
#: the one declared exception: a card's own text on the board may shrink to this (issue 27: card
#: texts ended in "…" at 1280x720); the card under the pointer shows large for reading
CARD_TEXT_PX = 9


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
    floor: int = MIN_TEXT_PX  # the size it was allowed to shrink to


@dataclass(frozen=True)
class Fitted:
    """Text laid into a box: its lines at ``size`` pixels; ``cut`` when an ellipsis hides part
    of it (then the whole text belongs in a tooltip)."""

    lines: tuple[str, ...]
    size: int
    cut: bool


class TextCache:
    """Rendered text surfaces, made once and reused: nothing is rendered per frame.

    Text is drawn in the language's font (:func:`font_path`); a run of characters that font
    lacks is drawn with the first font of :func:`font_chain` (then an installed font) that has
    them. The caches are emptied when the language changes, so every text is laid out again in
    the new language's font."""

    def __init__(self, limit: int = 2000) -> None:
        # bounded, least recently used out first (issue 27: emptied only at 2000 entries, the
        # rendered texts alone held up to 200 MB at 1920x1080)
        self._faces: LRU[pygame.font.Font] = LRU(FACES_KEPT)
        self._texts: LRU[pygame.Surface] = cache.surfaces(limit, TEXT_BYTES)
        self._fits: LRU[str] = LRU(limit)
        self._boxes: LRU[Fitted] = LRU(limit)
        self._chains: dict[bool, list[str]] = {}
        self._limit = limit
        self._language = i18n.language()
        #: when a list, every :meth:`box` call appends a :class:`Drawn` (layout tests)
        self.recording: list[Drawn] | None = None

    def forget(self) -> None:
        """Forget every text rendered and laid out (the fonts stay open): a table that closes
        leaves its texts behind otherwise, until the bound pushes them out (issue 27: after 20
        tables the cache held 33 MB, 27 MB of them from tables long closed)."""
        self._texts.clear()
        self._fits.clear()
        self._boxes.clear()

    def _sync(self) -> None:
        """Forget everything laid out in another language's font."""
        if i18n.language() != self._language:
            self._language = i18n.language()
            self._faces.clear()
            self._texts.clear()
            self._fits.clear()
            self._boxes.clear()
            self._chains.clear()

    def _face(self, path: str, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``path`` at ``size``; ``bold`` emboldens a regular face (a fallback that
        has no bold file)."""
        key = (path, max(6, size), bold)
        face = self._faces.get(key)
        if face is None:
            face = self._faces[key] = pygame.font.Font(path, key[1])
            face.bold = bold
        return face

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The language's font at ``size`` (what pygame_gui's theme uses too)."""
        self._sync()
        return self._face(self._chain(bold)[0], size)

    def _chain(self, bold: bool) -> list[str]:
        chain = self._chains.get(bold)
        if chain is None:
            chain = self._chains[bold] = font_chain(bold, self._language)
        return chain

    def runs(self, text: str, bold: bool = False) -> list[tuple[str, str, bool]]:
        """``text`` cut into runs of one font each: (characters, font file, embolden)."""
        self._sync()
        chain = self._chain(bold)
        primary = chain[0]
        if all(has_glyph(primary, ch) for ch in text):
            return [(text, primary, False)]
        out: list[tuple[str, str, bool]] = []
        for ch in text:
            path, synth = primary, False
            if not has_glyph(primary, ch):
                path = next((f for f in chain[1:] if has_glyph(f, ch)), "")
                if not path:
                    path = next((f for f in system_fallbacks() if has_glyph(f, ch)), primary)
                    synth = bold and path != primary
            if out and out[-1][1] == path and out[-1][2] == synth:
                out[-1] = (out[-1][0] + ch, path, synth)
            else:
                out.append((ch, path, synth))
        return out

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """The width of ``text`` in pixels as :meth:`render` draws it (fallback fonts too)."""
        runs = self.runs(text, bold)
        if len(runs) == 1:
            return self._face(runs[0][1], size, runs[0][2]).size(text)[0]
        return sum(self._face(path, size, synth).size(run)[0] for run, path, synth in runs)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (see :func:`wrap_lines`)."""
        return wrap_lines(text, lambda part: self.width(part, size, bold), width)

    def render(self, text: str, size: int, colour: pygame.Color | tuple, bold: bool = False,
               width: int | None = None) -> pygame.Surface:
        """``text`` rendered (wrapped to ``width`` pixels when given), cached."""
        self._sync()
        key = (text, size, tuple(pygame.Color(colour)), bold, width)
        surf = self._texts.get(key)
        if surf is None:
            runs = self.runs(text, bold)
            font = self.font(size, bold)
            if len(runs) == 1 and runs[0][1] == self._chain(bold)[0] and not (
                    width and any(_breaks_anywhere(ch) for ch in text)):
                surf = (font.render(text, True, colour, wraplength=width) if width
                        else font.render(text, True, colour))
            elif width or "\n" in text:
                lines = [self._line(line, size, colour, bold)
                         for line in (self.wrap(text, size, width, bold) if width
                                      else text.split("\n"))]
                step = font.get_linesize()
                surf = pygame.Surface((max(1, max(img.get_width() for img in lines)),
                                       max(1, step * (len(lines) - 1) + lines[-1].get_height())),
                                      pygame.SRCALPHA)
                for n, img in enumerate(lines):
                    surf.blit(img, (0, n * step))
            else:
                surf = self._line(text, size, colour, bold)
            self._texts[key] = surf = surf.convert_alpha() if pygame.display.get_surface() else surf
        return surf

    def _line(self, text: str, size: int, colour, bold: bool) -> pygame.Surface:
        """One line, each run in its own font, on a common baseline."""
        runs = self.runs(text, bold)
        if len(runs) == 1:
            return self._face(runs[0][1], size, runs[0][2]).render(text, True, colour)
        parts = []
        for run, path, synth in runs:
            face = self._face(path, size, synth)
            parts.append((face.render(run, True, colour), face.get_ascent()))
        base = max(max(a for _i, a in parts), self.font(size, bold).get_ascent())
        height = max(max(base - a + img.get_height() for img, a in parts),
                     self.font(size, bold).get_height())
        surf = pygame.Surface((max(1, sum(img.get_width() for img, _a in parts)), height),
                              pygame.SRCALPHA)
        x = 0
        for img, ascent in parts:
            surf.blit(img, (x, base - ascent))
            x += img.get_width()
        return surf

    def fit(self, text: str, size: int, colour: pygame.Color | tuple, width: int,
            bold: bool = False) -> pygame.Surface:
        """One line no wider than ``width``: shortened with an ellipsis if needed (the fitted
        text is remembered, so a view redrawn for a new state measures nothing again)."""
        fitted = self.fitted(text, size, width, bold)
        return self.render(fitted, size, colour, bold)

    def fitted(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` shortened with an ellipsis to fit one line of ``width`` pixels (remembered)."""
        self._sync()
        key = ("fit", text, size, bold, width)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted = text
            if self.width(fitted, size, bold) > width:
                while fitted and self.width(fitted + "…", size, bold) > width:
                    fitted = fitted[:-1]
                fitted = fitted.rstrip() + "…"
            self._fits[key] = fitted
        return fitted

    def lay(self, text: str, width: int, height: int, size: int, bold: bool = False,
            min_size: int = MIN_TEXT_PX, wrap: bool = True) -> Fitted:
        """``text`` fitted to a ``width`` x ``height`` box: wrapped (:func:`wrap_lines`: at
        spaces, and between CJK characters), then shrunk one pixel at a time down to
        ``min_size``, then the last line that fits shortened with an ellipsis (remembered)."""
        self._sync()
        key = ("box", text, width, height, size, bold, min_size, wrap)
        got = self._boxes.get(key)
        if got is not None:
            return got
        width, height = max(1, width), max(1, height)
        floor = max(6, min(size, min_size))
        top = max(floor, size)

        def fits(px: int) -> Fitted | None:
            font = self.font(px, bold)
            if "\n" not in text and self.width(text, px, bold) <= width:  # one line
                lines = [text]
            else:
                lines = self.wrap(text, px, width, bold) if wrap else [text]
            if _block_h(font, len(lines)) <= height and all(
                    self.width(line, px, bold) <= width for line in lines):
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
            lines = self.wrap(text, floor, width, bold) if wrap else [text]
            keep = 1
            while keep < len(lines) and _block_h(font, keep + 1) <= height:
                keep += 1
            shown = lines[:keep]
            last = shown[-1] if len(lines) == keep else _joined(shown[-1], lines[keep])
            shown[-1] = self.fitted(last, floor, width, bold)
            if self.width(shown[-1], floor, bold) <= width and shown[-1] == last:
                shown[-1] = last
            got = Fitted(tuple(shown), floor, True)
        self._boxes[key] = got
        return got

    def height(self, fit: Fitted, bold: bool = False) -> int:
        """The height ``fit``'s lines take when drawn (to size a box around laid text)."""
        return _block_h(self.font(fit.size, bold), max(1, len(fit.lines)))

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
            self.recording.append(Drawn(surface, drawn, box, text, fit.size, fit.cut, min_size))
        return fit


def _block_h(font: pygame.font.Font, lines: int) -> int:
    """The height of ``lines`` lines: line spacing between them, the font's height for the last."""
    return (lines - 1) * font.get_linesize() + font.get_height()


# -- glyphs -------------------------------------------------------------------------------------

try:
    import pygame.freetype as _freetype
except ImportError:  # pragma: no cover - a build without FreeType's module: no fallback
    _freetype = None

_glyphs: dict[str, tuple[object, dict[str, bool]]] = {}


def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file ``path`` has a glyph for ``ch`` (remembered per character).
    pygame.font measures a missing glyph as the font's box, so pygame.freetype is asked."""
    entry = _glyphs.get(path)
    if entry is None:
        face = None
        if _freetype is not None:
            try:
                if not _freetype.get_init():
                    _freetype.init()
                face = _freetype.Font(path, 12)
            except (OSError, pygame.error):
                face = False  # an unreadable font has no glyphs
        entry = _glyphs[path] = (face, {})
    face, known = entry
    got = known.get(ch)
    if got is None:
        if face is None or ch in "\n\t\r" or ord(ch) < 32:
            got = True
        elif face is False:
            got = False
        else:
            try:
                got = face.get_metrics(ch)[0] is not None
            except (pygame.error, ValueError):
                got = _ask_again(path, ch)
        known[ch] = got
    return got


def _ask_again(path: str, ch: str) -> bool:
    """``has_glyph`` with a new face: one made before ``pygame.quit()`` fails on every character
    afterwards (a table drawn before a test's quit left the bold CJK face dead, and every
    Chinese character then read as missing)."""
    try:
        if not _freetype.get_init():
            _freetype.init()
        face = _freetype.Font(path, 12)
        got = face.get_metrics(ch)[0] is not None
    except (OSError, pygame.error, ValueError):
        return False
    _glyphs[path] = (face, _glyphs[path][1])
    return got


# -- line breaking ------------------------------------------------------------------------------

#: Characters that never start a line (closing punctuation, Chinese and Western: kinsoku).
NO_LINE_START = frozenset("。，、；：？！）」』》〉】〕｝﹂﹄．…‥—～·・%,.;:?!)]}’”")
#: Characters that never end a line (opening punctuation).
NO_LINE_END = frozenset("（「『《〈【〔｛﹁﹃([{‘“")


def _breaks_anywhere(ch: str) -> bool:
    """Whether a line may break before and after ``ch`` (CJK ideographs, kana, hangul,
    Bopomofo, CJK and full-width punctuation): CJK text has no spaces between words."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF
            or 0xFE30 <= o <= 0xFE4F or 0xFF00 <= o <= 0xFF60 or 0xFFE0 <= o <= 0xFFE6
            or 0x1100 <= o <= 0x11FF or 0x20000 <= o <= 0x3FFFF)


def _joined(a: str, b: str) -> str:
    """Two pieces of a text put back together: with a space unless CJK meets CJK."""
    if a and b and (_breaks_anywhere(a[-1]) or _breaks_anywhere(b[0])):
        return a + b
    return a + " " + b


def _units(para: str) -> list[tuple[str, bool]]:
    """A paragraph as the pieces a line may break between: (piece, a space before it).
    A piece is a word of a spaced script or one CJK character; closing punctuation is glued
    to the piece before it and opening punctuation to the piece after it."""
    units: list[list] = []
    space = False
    for ch in para:
        if ch == " ":
            space = True
            continue
        glue_prev = units and not space and (
            ch in NO_LINE_START
            or (not _breaks_anywhere(ch) and not _breaks_anywhere(units[-1][0][-1]))
            or units[-1][0][-1] in NO_LINE_END)
        if glue_prev:
            units[-1][0] += ch
        else:
            units.append([ch, space])
        space = False
    return [(u[0], u[1]) for u in units]


def wrap_lines(text: str, measure, width: int) -> list[str]:
    """Greedy line breaking: at spaces, and between CJK characters (never before closing
    punctuation such as 。，、」 nor after opening punctuation such as 「); a piece wider than
    the line breaks between characters. ``measure(text)`` gives a text's width in pixels
    (each piece is measured once, and each line once more)."""
    out: list[str] = []
    space = measure(" ")
    for para in text.split("\n"):
        if measure(para) <= width:
            out.append(para)
            continue
        line, line_w, count = "", 0, 0
        for piece, spaced in _units(para):
            pw = measure(piece)
            gap = space if spaced else 0
            if line and line_w + gap + pw <= width:
                candidate = line + (" " if spaced else "") + piece
                # widths summed piece by piece may be off by a pixel a piece (rounding,
                # kerning): near the edge the line is measured whole
                if line_w + gap + pw + count + 1 <= width or measure(candidate) <= width:
                    line, line_w, count = candidate, line_w + gap + pw, count + 1
                    continue
            if line:
                out.append(line)
                line, line_w, count = "", 0, 0
            if pw <= width:
                line, line_w, count = piece, pw, 1
                continue
            for ch in piece:  # a piece longer than the line: break it between characters
                if line and measure(line + ch) > width:
                    out.append(line)
                    line = ch
                else:
                    line += ch
            line_w, count = measure(line), 1
        out.append(line)
    return out or [""]
