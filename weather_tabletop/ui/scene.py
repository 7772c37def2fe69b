"""Scenes and the scene stack.

A scene keeps its own state and builds its pygame_gui widgets inside one root container, so a
resize, a scale or a language change simply tears the widgets down and builds them again.
Only the top scene of the stack is built and receives events.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from .cache import LRU

if TYPE_CHECKING:
    from .app import App

#: texts measured by :meth:`Scene.text_size`, per theme (a theme is made per scale and
#: language; its measures go with it)
_SIZES: "weakref.WeakKeyDictionary[Any, LRU[tuple[int, int]]]" = weakref.WeakKeyDictionary()
SIZES_KEPT = 4000


class Scene:
    """Base class: override :meth:`build`, :meth:`handle`, :meth:`update`, :meth:`draw`."""

    #: shown as the window caption's second part
    name = ""
    #: the scene holds much (a table: its game, views, pictures, threads): when it leaves the
    #: stack for good the app collects garbage and gives freed memory back to the system
    heavy = False

    def __init__(self, app: "App") -> None:
        self.app = app
        self.root: UIContainer | None = None

    # -- layout helpers --------------------------------------------------------------------

    def px(self, n: float) -> int:
        """``n`` reference pixels (1280x720 at UI scale 1) at the current scale."""
        return round(n * self.app.scale)

    def text_size(self, text: str, *theme_ids: str) -> tuple[int, int]:
        """The size ``text`` takes in the theme's font for ``theme_ids`` (most specific first,
        e.g. ``"#menu_button", "button"``): what a widget needs to show it whole, so layouts
        can be sized from the fonts the theme really gives at this scale. Remembered per theme
        (pygame_gui's font renders the text to measure it, and the setup page measured some
        900 texts each time it was built: issue 27)."""
        ui_theme = self.manager.get_theme()
        sizes = _SIZES.get(ui_theme)
        if sizes is None:
            sizes = _SIZES[ui_theme] = LRU(SIZES_KEPT)
        key = (text, theme_ids)
        size = sizes.get(key)
        if size is None:
            size = sizes[key] = tuple(ui_theme.get_font(list(theme_ids)).size(text))
        return size

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    # -- lifecycle -------------------------------------------------------------------------

    def open(self) -> None:
        """Create the root container and the widgets."""
        self.root = UIContainer(pygame.Rect((0, 0), self.app.size), self.manager)
        self.build()

    def close(self) -> None:
        """Remove the widgets (the scene's state stays)."""
        if self.root is not None:
            self.root.kill()
            self.root = None

    def dispose(self) -> None:
        """The scene leaves the stack for good: release what it holds (files, threads)."""

    def build(self) -> None:
        """Make the widgets inside ``self.root`` for ``self.app.size``."""

    def handle(self, event: pygame.event.Event) -> None:
        """An event the UI manager did not consume, or a pygame_gui event."""

    def update(self, dt: float) -> None:
        """Advance timers; ``dt`` in seconds. Called every frame, and while the app is idle
        still :data:`~.app.IDLE_WAKES` times a second (so a finished computer move is seen)."""

    def animating(self) -> bool:
        """True while the picture changes without input (a move animates, a computer thinks,
        a drag is on): the app then draws every frame. Otherwise it draws only after events,
        so a scene whose look changes on its own must say so here."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what lies under the widgets."""
        surface.fill((234, 242, 248))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw what lies over the widgets (a dragged piece, a tooltip)."""
