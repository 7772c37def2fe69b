"""The palette, fonts and the scaled pygame_gui theme.

One flat palette for the whole app. Sizes in the theme and in layouts are given for a
1280x720 window at UI scale 1 and multiplied by :func:`effective_scale`.
"""

from __future__ import annotations

import copy
import json
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


class TextCache:
    """Rendered text surfaces, made once and reused: nothing is rendered per frame."""

    def __init__(self, limit: int = 2000) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self._fits: dict[tuple, str] = {}
        self._limit = limit

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
