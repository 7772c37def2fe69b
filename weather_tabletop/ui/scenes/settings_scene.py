"""Settings: UI scale, animation speed, the hard computer's thinking time, language,
colour-blind markings, full screen. Each change is applied and saved at once."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from ... import i18n
from ...engine.protocol import Colour
from ...i18n import tr
from ...settings import ANIMATION_SPEEDS, DEFAULT_THINKING_SECONDS, THINKING_SECONDS, UI_SCALES
from .. import widgets
from ..scene import Scene
from ..table_view import draw_token

_SAMPLE = (Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 90, 200), "B"),
           Colour("green", (60, 160, 80), "G"), Colour("yellow", (220, 190, 40), "Y"))


def _seconds_text(seconds: float) -> str:
    text = tr("settings.seconds", seconds=f"{seconds:g}")
    if seconds == DEFAULT_THINKING_SECONDS:
        text = tr("settings.default", choice=text)
    return text


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.controls: dict = {}
        self._sample_at = (0, 0)

    def build(self) -> None:
        self.name = tr("settings.title")
        w, h = self.app.size
        m = self.px(48)
        s = self.app.settings
        self.controls = {}
        widgets.label(self, pygame.Rect(m, self.px(28), w // 2, self.px(56)), self.name,
                      object_id="#title")
        back = widgets.button(self, pygame.Rect(w - m - self.px(180), self.px(36), self.px(180),
                                                self.px(46)), tr("common.back"), object_id="#secondary")
        self.controls[back] = "back"
        box = pygame.Rect(m, self.px(110), min(w - 2 * m, self.px(760)), self.px(470))
        widgets.panel(self, box)
        lx = box.x + self.px(28)
        lw = self.px(300)
        cx = lx + lw + self.px(20)
        cw = box.right - cx - self.px(28)
        y = box.y + self.px(26)
        fh = self.px(42)
        gap = self.px(16)  # six rows fit a 1280x720 window at 150 %
        rows = [
            ("ui_scale", tr("settings.scale"), [(f"{round(v * 100)} %", str(v)) for v in UI_SCALES],
             str(s.ui_scale)),
            ("animation_speed", tr("settings.speed"),
             [(tr("speed." + k), k) for k in ANIMATION_SPEEDS], s.animation_speed),
            ("thinking_seconds", tr("settings.thinking"),
             [(_seconds_text(v), str(v)) for v in THINKING_SECONDS], str(s.thinking_seconds)),
            ("language", tr("settings.language"), [(n, c) for c, n in i18n.languages().items()],
             i18n.language()),
        ]
        for key, text, options, current in rows:
            widgets.label(self, pygame.Rect(lx, y, lw, fh), text, object_id="#field")
            dd = widgets.dropdown(self, pygame.Rect(cx, y, cw, fh), options, current)
            self.controls[dd] = key
            y += fh + gap
        sample_y = y + fh // 2  # the colour-blind row: sample tokens beside its button
        for key, text, on in (("colour_blind", tr("settings.colour_blind"), s.colour_blind),
                              ("fullscreen", tr("settings.fullscreen"), s.fullscreen)):
            widgets.label(self, pygame.Rect(lx, y, lw, fh), text, object_id="#field")
            b = widgets.button(self, pygame.Rect(cx, y, self.px(140), fh),
                               tr("settings.on") if on else tr("settings.off"),
                               object_id=None if on else "#secondary",
                               tooltip=tr("settings." + key + "_tip"))
            self.controls[b] = key
            y += fh + gap
        self._sample_at = (cx + self.px(170), sample_y)
        widgets.label(self, pygame.Rect(lx, box.bottom - self.px(56), box.width - self.px(56), self.px(30)),
                      tr("settings.saved_where"), object_id="#small")

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if any(isinstance(c, pygame_gui.elements.UIDropDownMenu)
               and c.current_state is c.menu_states.get("expanded") for c in self.controls):
            return  # an open list covers the sample tokens' place
        x, y = self._sample_at
        for i, colour in enumerate(_SAMPLE):
            draw_token(surface, (x + i * self.px(44), y), self.px(17), colour, i, self.app.text,
                       self.app.settings.colour_blind)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type not in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED):
            return
        key = self.controls.get(event.ui_element)
        if key is None:
            return
        if key == "back":
            self.app.pop()
            return
        s = self.app.settings
        choice = widgets.dropdown_choice(event)
        if key in ("ui_scale", "thinking_seconds") and choice:
            new = replace(s, **{key: float(choice)})
        elif key in ("animation_speed", "language") and choice:
            new = replace(s, **{key: choice})
        elif key in ("colour_blind", "fullscreen"):
            new = replace(s, **{key: not getattr(s, key)})
        else:
            return
        self.change(new)

    def change(self, new) -> None:
        """Apply and save new settings, then show them."""
        old = self.app.settings
        self.app.apply_settings(new)
        if new.fullscreen != old.fullscreen and new.fullscreen != self.app.fullscreen:
            self.app.toggle_fullscreen()
        if new.ui_scale == old.ui_scale and new.language == old.language:
            self.close()
            self.open()
