"""Small helpers that make themed pygame_gui widgets inside a scene's root container."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIImage, UILabel,
                                 UITextBox, UITextEntryLine)

from . import art, theme
from .cache import surfaces

if TYPE_CHECKING:
    from .scene import Scene


def _oid(object_id: str | None, class_id: str | None = None) -> ObjectID | None:
    if object_id is None and class_id is None:
        return None
    return ObjectID(object_id=object_id, class_id=class_id)


def button(scene: "Scene", rect: pygame.Rect, text: str, *, object_id: str | None = None,
           tooltip: str | None = None, container=None, enabled: bool = True) -> UIButton:
    b = UIButton(rect, text, scene.manager, container=container or scene.root,
                 tool_tip_text=tooltip, object_id=_oid(theme.wide_id(object_id, "button", text)))
    if not enabled:
        b.disable()
    return b


def show_tooltip(element: UIButton, text: str | None) -> None:
    """Give ``element`` the tooltip ``text``, or none (``None``): one on screen goes at once
    (pygame_gui only drops a shown tooltip when the pointer leaves)."""
    if element.tool_tip_text == text:
        return
    element.set_tooltip(text)
    if text is None and element.tool_tip is not None:
        element.tool_tip.kill()
        element.tool_tip = None


def label(scene: "Scene", rect: pygame.Rect, text: str, *, object_id: str | None = None,
          container=None) -> UILabel:
    """A themed one-line label; text wider than ``rect`` is shortened with an ellipsis (never
    cut through a letter), so a long name or a big UI scale cannot clip it."""
    object_id = theme.wide_id(object_id, "label", text)  # a name in another script: no boxes
    return UILabel(rect, fit_line(scene, text, rect.w, object_id), scene.manager,
                   container=container or scene.root, object_id=_oid(object_id))


def fit_line(scene: "Scene", text: str, width: int, object_id: str | None = None) -> str:
    """``text`` as a label with ``object_id`` shows it in ``width`` pixels: whole, or shortened
    with an ellipsis."""
    if not text:
        return text
    font = scene.manager.get_theme().get_font([object_id, "label"] if object_id else ["label"])
    width = max(1, width - 2)
    if font.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def text_block(scene: "Scene", rect: pygame.Rect, text: str, size: int, colour, *,
               bold: bool = False, container=None) -> UIImage:
    """``text`` wrapped into ``rect`` (:meth:`theme.TextCache.box`: shrunk to the floor, an
    ellipsis last) and shown as an image widget: drawn once when the scene is built, and
    layered with the other widgets, so a dialog opened later covers it."""
    surf = pygame.Surface((max(1, rect.w), max(1, rect.h)), pygame.SRCALPHA)
    scene.app.text.box(surf, text, surf.get_rect(), size, colour, bold=bold, valign="top")
    return UIImage(rect, surf, scene.manager, container=container or scene.root)


def panel(scene: "Scene", rect: pygame.Rect, *, object_id: str | None = None,
          container=None) -> UIImage:
    """A themed panel (the ``panel`` block of the theme, or ``object_id``'s) behind the widgets
    made after it. Drawn by :func:`panel_surface` and shown as an image: pygame_gui's own
    UIPanel draws its rounded rectangle at four times the size (a 900x600 panel is a 3600x2400
    surface) every time a screen is built, which alone took 0.4 s a panel on a loaded 2-core
    machine (issue 27: the setup screen took 1.5-6 s to show)."""
    look = _panel_look(scene.manager, object_id)
    return _Panel(pygame.Rect(rect), panel_surface(pygame.Rect(rect).size, *look),
                  scene.manager, container=container or scene.root, object_id=_oid(object_id))


class _Panel(UIImage):
    """A panel's picture that, like pygame_gui's UIPanel, keeps a click on it from reaching what
    lies under it."""

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (
                pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT, pygame.BUTTON_MIDDLE):
            return bool(self.hover_point(*self.ui_manager.calculate_scaled_mouse_position(
                event.pos)))
        return False


#: each theme's panel looks by object id (a theme is made at each scale and language, and
#: its looks go with it)
_LOOKS: "weakref.WeakKeyDictionary[Any, dict[str | None, tuple]]" = weakref.WeakKeyDictionary()


def _panel_look(manager: pygame_gui.UIManager, object_id: str | None) -> tuple:
    """(background, border colour, corner radius, border width) of a panel with ``object_id``
    in ``manager``'s theme."""
    ui_theme = manager.get_theme()
    looks = _LOOKS.setdefault(ui_theme, {})
    look = looks.get(object_id)
    if look is None:
        ids = ui_theme.build_all_combined_ids([None], ["panel"], [None], [object_id])

        def misc(name: str, default: int) -> int:
            try:
                return int(float(str(ui_theme.get_misc_data(name, ids)).split(",")[0]))
            except (LookupError, ValueError):
                return default

        shape = str(_misc_or(ui_theme, "shape", ids, "rectangle"))
        radius = misc("shape_corner_radius", 0) if shape == "rounded_rectangle" else 0
        look = looks[object_id] = (tuple(ui_theme.get_colour("dark_bg", ids)),
                              tuple(ui_theme.get_colour("normal_border", ids)),
                              radius, misc("border_width", 1))
    return look


def _misc_or(ui_theme, name: str, ids: list[str], default: str) -> str:
    try:
        return ui_theme.get_misc_data(name, ids)
    except LookupError:
        return default


#: panels drawn, by size and look (a screen built again reuses them)
_PANELS = surfaces(64, 64 * 1024 * 1024)
_AA = 2  # the rounded corners are drawn at twice the size, then smoothed down


def forget_panels() -> None:
    """Drop the panels drawn (a table closed: see :func:`art.forget`)."""
    _PANELS.clear()


def panel_surface(size: tuple[int, int], bg: tuple, border: tuple, radius: int,
                  border_width: int) -> pygame.Surface:
    """A filled rectangle with a ``border_width`` border, its corners rounded by ``radius``
    (anti-aliased), made once per size and look."""
    key = (size, bg, border, radius, border_width)
    surf = _PANELS.get(key)
    if surf is None:
        w, h = max(1, size[0]), max(1, size[1])
        if radius > 0:
            big = pygame.Surface((w * _AA, h * _AA), pygame.SRCALPHA)
            rect = big.get_rect()
            pygame.draw.rect(big, border if border_width else bg, rect, border_radius=radius * _AA)
            if border_width:
                inner = rect.inflate(-2 * border_width * _AA, -2 * border_width * _AA)
                pygame.draw.rect(big, bg, inner,
                                 border_radius=max(0, (radius - border_width) * _AA))
            surf = pygame.transform.smoothscale(big, (w, h))
        else:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            surf.fill(border if border_width else bg)
            if border_width:
                surf.fill(bg, surf.get_rect().inflate(-2 * border_width, -2 * border_width))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _PANELS[key] = surf
    return surf


def text_box(scene: "Scene", rect: pygame.Rect, html: str, *, object_id: str | None = None,
             container=None) -> UITextBox:
    return UITextBox(html, rect, scene.manager, container=container or scene.root,
                     object_id=_oid(object_id))


class _DropDown(UIDropDownMenu):
    """A drop-down whose open list ends inside the window: its height is capped, when it opens,
    by the room below it (at 150% a list low on the setup page ran past the window's bottom,
    its last options out of reach, scrolling or not). Clicking the option already chosen
    closes the list (pygame_gui only deselects it in the list and leaves the list open)."""

    def __init__(self, *args, most: int, **kwargs) -> None:
        super().__init__(*args, expansion_height_limit=most, **kwargs)
        self._most = most

    def update(self, time_delta: float) -> None:
        if self.current_state is self.menu_states["closed"]:  # the height it will open to
            room = self.ui_manager.window_resolution[1] - self.get_abs_rect().bottom - 4
            self.expansion_height_limit = max(min(self._most, room), self.rect.height * 2)
        super().update(time_delta)

    def process_event(self, event: pygame.event.Event) -> bool:
        state = self.current_state
        if (event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
                and state is self.menu_states["expanded"]
                and event.ui_element is state.options_selection_list
                and state.options_selection_list.get_single_selection() is None):
            # the chosen option clicked again (a new choice also drops the old one, but
            # then the list holds the new one): nothing changes, the list closes
            state.should_transition = True
            return True
        return super().process_event(event)


def dropdown(scene: "Scene", rect: pygame.Rect, options: list[tuple[str, str]], selected: str,
             *, container=None, object_id: str | None = None) -> UIDropDownMenu:
    """A drop-down of (text, id) pairs with the id ``selected`` chosen."""
    start = next((o for o in options if o[1] == selected), options[0])
    return _DropDown(options, start, rect, scene.manager, container=container or scene.root,
                     object_id=_oid(object_id), most=scene.px(300))


def entry(scene: "Scene", rect: pygame.Rect, text: str, *, container=None,
          max_length: int = 40) -> UITextEntryLine:
    e = UITextEntryLine(rect, scene.manager, container=container or scene.root, initial_text=text)
    e.set_text_length_limit(max_length)
    return e


def escape(text: str) -> str:
    """Text made safe for a pygame_gui HTML text box."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def hex_colour(rgb) -> str:
    c = pygame.Color(rgb)
    return f"#{c.r:02X}{c.g:02X}{c.b:02X}"


def sky_background(surface: pygame.Surface) -> None:
    """The menu art, covering the window (rasterised once per size)."""
    surface.blit(art.cover("menu_sky.svg", surface.get_size(), (1600, 900), tuple(theme.SKY)[:3]),
                 (0, 0))


def plain_background(surface: pygame.Surface) -> None:
    surface.fill(theme.SKY)


def scroll_arrow(surface: pygame.Surface, spot: pygame.Rect, step: int, enabled: bool) -> None:
    """The triangle of a scroll button at ``spot``: up for ``step`` < 0, down for > 0; muted
    when there is nothing more that way."""
    r = spot.width * 0.22
    cx, cy = spot.center
    pygame.draw.polygon(surface, theme.INK if enabled else theme.MUTED,
                        [(cx, cy + step * r), (cx - r * 1.2, cy - step * r * 0.8),
                         (cx + r * 1.2, cy - step * r * 0.8)])


def dropdown_choice(event: pygame.event.Event) -> str | None:
    """The chosen option's id from a UI_DROP_DOWN_MENU_CHANGED event."""
    if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
        return None
    return getattr(event, "selected_option_id", None) or event.text
