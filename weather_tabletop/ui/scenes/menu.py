"""The main menu: new game, continue, load, demos, settings, rules, about, quit."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import resources
from ...i18n import tr
from .. import widgets
from ..scene import Scene
from . import saves


class MenuScene(Scene):
    name = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._latest = saves.latest_unfinished()
        self._demos = resources.demo_saves()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self) -> None:
        w, h = self.app.size
        pw = self.px(480)
        left = pygame.Rect(self.px(56), self.px(48), pw, h - self.px(96))
        widgets.panel(self, left)
        x = left.x + self.px(32)
        y = left.y + self.px(26)
        inner = pw - self.px(64)
        widgets.label(self, pygame.Rect(x, y, inner, self.px(64)), tr("app.title"), object_id="#title")
        y += self.px(64)
        widgets.label(self, pygame.Rect(x, y, inner, self.px(28)), tr("menu.tagline"),
                      object_id="#subtitle")
        y += self.px(46)
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
        bottom = left.bottom - self.px(28)
        step = min(self.px(66), (bottom - y) // len(entries))
        bh = step - self.px(12)
        for key, text, tip, enabled in entries:
            b = widgets.button(self, pygame.Rect(x, y, inner, bh), text, object_id="#menu_button",
                               tooltip=tip, enabled=enabled)
            self.buttons[key] = b
            y += step
        if latest is not None:
            self.buttons["continue"].set_text(tr("menu.continue_game",
                                                 game=saves.game_title(latest.game)))
        if self.app.notices:
            box = pygame.Rect(left.right + self.px(40), self.px(48),
                              min(self.px(560), w - left.right - self.px(96)), self.px(150))
            html = "<br>".join(widgets.escape(n) for n in self.app.notices[-4:])
            widgets.text_box(self, box, html, object_id="#notice")

    def draw(self, surface: pygame.Surface) -> None:
        widgets.sky_background(surface)

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
