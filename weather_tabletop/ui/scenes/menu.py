"""The main menu: new game, continue, load, demos, settings, rules, about, quit."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import resources
from ...i18n import tr
from .. import art, theme, widgets
from ..scene import Scene
from . import saves


#: The menu art and the size it is drawn at (its viewBox).
SKY_ART, SKY_NATIVE = "menu_sky.svg", (1600, 900)


def sky(size: tuple[int, int]) -> pygame.Surface:
    """The menu art covering ``size``, cropped centred, over the sky colour (made once per size;
    ``art.cover`` keeps it)."""
    return art.cover(SKY_ART, size, SKY_NATIVE, tuple(theme.SKY)[:3])


class MenuScene(Scene):
    name = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._latest = saves.latest_unfinished()
        self._demos = resources.demo_saves()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        """The title, the tagline and the buttons in a panel sized from the theme's fonts at
        this scale (issue 13: fixed sizes made slivers of the buttons at UI scale 150%): one
        column of buttons, or two when one does not fit the window's height."""
        w, h = self.app.size
        latest = self._latest
        cont_tip = (tr("menu.continue_tip", game=saves.game_title(latest.game),
                       progress=latest.progress) if latest else tr("menu.continue_none"))
        entries = [
            ("new", tr("menu.new_game"), tr("menu.new_game_tip"), True),
            ("continue", tr("menu.continue"), cont_tip, latest is not None),
            ("load", tr("menu.load"), tr("menu.load_tip"), True),
            ("demos", tr("menu.demos"), tr("menu.demos_tip") if self._demos else tr("menu.demos_none"),
             bool(self._demos)),
            ("settings", tr("menu.settings"), tr("menu.settings_tip"), True),
            ("rules", tr("menu.rules"), tr("menu.rules_tip"), True),
            ("about", tr("menu.about"), tr("menu.about_tip"), True),
            ("quit", tr("menu.quit"), tr("menu.quit_tip"), True),
        ]
        title, tagline = tr("app.title"), tr("menu.tagline")
        button_font = ("#menu_button", "button")
        title_w, title_h = self.text_size(title, "#title", "label")
        tag_w, tag_h = self.text_size(tagline, "#subtitle", "label")
        line = self.text_size("Ag", *button_font)[1]
        # a button: its label, the theme's left padding (22) on both sides, and the border
        button_min = (max(self.text_size(text, *button_font)[0] for _, text, _, _ in entries)
                      + 2 * self.px(22) + self.px(4))
        cont_text = (tr("menu.continue_game", game=saves.game_title(latest.game))
                     if latest is not None else "")
        cont_min = self.text_size(cont_text, *button_font)[0] + 2 * self.px(22) + self.px(4)
        margin = max(12, min(self.px(48), h // 14, w // 24))
        pad = max(10, min(self.px(32), round(line * 1.1)))
        head_h = title_h + tag_h + max(6, round(line * 0.5))
        room_w = w - 2 * margin - 2 * pad
        # the app's messages go right of the panel, or, when there is no room there, under it
        below = 0
        for reserve in (0, self._notice_height(w - 2 * margin) + margin if self.app.notices else 0):
            room_h = h - 2 * margin - 2 * pad - head_h - reserve
            bh, gap = round(line * 1.6), round(line * 0.42)
            cols = 1 if len(entries) * (bh + gap) - gap <= room_h else 2
            rows = -(-len(entries) // cols)
            while rows * (bh + gap) - gap > room_h and (gap > 4 or bh > line + 8):
                gap, bh = max(4, gap - 2), max(line + 8, bh - 2)
            col_gap = max(gap, self.px(16))
            inner = max(self.px(416), title_w, tag_w, cols * button_min + (cols - 1) * col_gap)
            if cols == 1:  # wide enough for "Continue: Machines To The Sky" if the window allows
                inner = max(inner, cont_min)
            inner = min(inner, room_w)
            below = reserve
            if not self.app.notices or w - inner - 2 * pad - 3 * margin >= self._notice_min_w():
                break
        bw = (inner - (cols - 1) * col_gap) // cols
        panel_h = 2 * pad + head_h + rows * (bh + gap) - gap
        left = pygame.Rect(margin, max(margin, (h - below - panel_h) // 2), inner + 2 * pad,
                           panel_h)
        widgets.panel(self, left)
        x, y = left.x + pad, left.y + pad
        widgets.label(self, pygame.Rect(x, y, inner, title_h), title, object_id="#title")
        widgets.label(self, pygame.Rect(x, y + title_h, inner, tag_h), tagline,
                      object_id="#subtitle")
        y += head_h
        for i, (key, text, tip, enabled) in enumerate(entries):
            col, row = divmod(i, rows)
            rect = pygame.Rect(x + col * (bw + col_gap), y + row * (bh + gap), bw, bh)
            self.buttons[key] = widgets.button(self, rect, text, object_id="#menu_button",
                                               tooltip=tip, enabled=enabled)
        if latest is not None and cont_min <= bw:  # else the game is named in the tooltip
            self.buttons["continue"].set_text(cont_text)
        if self.app.notices:
            self._notices(left, margin)

    def _notices(self, panel: pygame.Rect, margin: int) -> None:
        """The app's messages (a damaged settings file, a crash): right of the panel when there
        is room, else under it (the panel left room for them)."""
        w, h = self.app.size
        html = "<br>".join(widgets.escape(n) for n in self.app.notices[-4:])
        right = w - panel.right - 2 * margin
        if right >= self._notice_min_w():
            width = min(max(self.px(560), self._notice_min_w()), right)
            box = pygame.Rect(panel.right + margin, panel.y, width, self._notice_height(width))
        else:
            box_h = self._notice_height(w - 2 * margin)
            box = pygame.Rect(margin, h - margin - box_h, w - 2 * margin, box_h)
        widgets.text_box(self, box, html, object_id="#notice")

    def _notice_min_w(self) -> int:
        return max(240, self.px(240))

    def _notice_height(self, width: int) -> int:
        """The height of the messages' box at ``width``: all its lines (up to 6), so it needs
        no scroll bar."""
        font = ("#notice", "text_box")
        room = width - 2 * self.px(10) - self.px(8)
        lines = 0
        for notice in self.app.notices[-4:]:
            line = ""
            lines += 1
            for word in notice.split():
                joined = f"{line} {word}".strip()
                if line and self.text_size(joined, *font)[0] > room:
                    lines, line = lines + 1, word
                else:
                    line = joined
        line_h = self.text_size("Ag", *font)[1]
        return round(min(lines, 6) * line_h * 1.3) + 2 * self.px(8) + self.px(8)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(sky(surface.get_size()), (0, 0))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def choose(self, key: str) -> None:
        """Do what the menu entry ``key`` says."""
        from .rules import RulesScene
        from .settings_scene import SettingsScene
        from .setup import SetupScene
        from .table import open_saved_game

        self.app.notices.clear()
        if key == "new":
            self.app.push(SetupScene(self.app))
        elif key == "continue" and self._latest is not None:
            open_saved_game(self.app, self._latest.path)
        elif key == "load":
            self.app.push(saves.SavesScene(self.app))
        elif key == "demos":
            self.app.push(saves.SavesScene(self.app, demos=True))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "rules":
            self.app.push(RulesScene(self.app))
        elif key == "about":
            from .about import AboutScene

            self.app.push(AboutScene(self.app))
        elif key == "quit":
            self.app.quit()
