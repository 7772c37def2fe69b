"""Settings: UI scale, animation speed, the hard computer's thinking time, language,
colour-blind markings, full screen, step help, asking before a move that cannot be undone. Each change is applied and saved at once; a new language
applies at once to every scene, the open table and its log included (each is built again)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from ... import i18n
from ...engine.protocol import Colour
from ...i18n import tr
from ...settings import ANIMATION_SPEEDS, DEFAULT_THINKING_SECONDS, THINKING_SECONDS, UI_SCALES
from .. import theme, widgets
from ..scene import Scene
from ..table_view import draw_token

_SAMPLE = (Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 90, 200), "B"),
           Colour("green", (60, 160, 80), "G"), Colour("yellow", (220, 190, 40), "Y"))


def _seconds_text(seconds: float) -> str:
    text = tr("settings.seconds", seconds=f"{seconds:g}")
    if seconds == DEFAULT_THINKING_SECONDS:
        text = tr("settings.default", choice=text)
    return text


def _language_label() -> str:
    """The language row's name, also in English when another language is shown, so that a
    player who cannot read the current language finds the way back (issue 18)."""
    text = tr("settings.language")
    if i18n.language() != i18n.DEFAULT_LANGUAGE:
        english = i18n.catalogue(i18n.DEFAULT_LANGUAGE).get("settings.language", "Language")
        if english != text:
            text = f"{text} / {english}"
    return text


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.controls: dict = {}
        self._sample_at = None
        self._holder = None

    def build(self) -> None:
        """Rows of a label and its control, sized from their fonts: side by side when the
        labels fit beside the controls, else each label above its control; the rows scroll
        when a big UI scale makes them taller than the window."""
        self.name = tr("settings.title")
        w, h = self.app.size
        m = min(self.px(48), w // 20)
        s = self.app.settings
        self.controls = {}
        top = min(self.px(28), h // 30)
        head_h = self.app.text.font(self.px(40), True).get_linesize() + 4
        widgets.label(self, pygame.Rect(m, top, w // 2, head_h), self.name, object_id="#title")
        bh = self.app.text.font(self.px(17), True).get_linesize() + self.px(14)
        bw = max(self.px(180), self.app.text.font(self.px(17), True).size(tr("common.back"))[0]
                 + self.px(40))
        back = widgets.button(self, pygame.Rect(w - m - bw, top + (head_h - bh) // 2, bw, bh),
                              tr("common.back"), object_id="#secondary")
        self.controls[back] = "back"
        box = pygame.Rect(m, top + head_h + self.px(12), min(w - 2 * m, self.px(760)), 0)
        rows = [
            ("ui_scale", tr("settings.scale"), [(f"{round(v * 100)} %", str(v)) for v in UI_SCALES],
             str(s.ui_scale)),
            ("animation_speed", tr("settings.speed"),
             [(tr("speed." + k), k) for k in ANIMATION_SPEEDS], s.animation_speed),
            ("thinking_seconds", tr("settings.thinking"),
             [(_seconds_text(v), str(v)) for v in THINKING_SECONDS], str(s.thinking_seconds)),
            ("language", _language_label(),
             [(n, theme.language_option(c)) for c, n in i18n.languages().items()],
             theme.language_option(i18n.language())),
            ("colour_blind", tr("settings.colour_blind"), None, s.colour_blind),
            ("fullscreen", tr("settings.fullscreen"), None, s.fullscreen),
            ("step_help", tr("settings.step_help"), None, s.step_help),
            ("ask_irreversible", tr("settings.ask_irreversible"), None, s.ask_irreversible),
        ]
        pad = self.px(24)
        label_font = self.app.text.font(self.px(16), True)
        lh = label_font.get_linesize() + 6
        fh = max(self.app.text.font(self.px(17), True).get_linesize() + self.px(10), lh)
        gap = self.px(14)
        inner_w = box.w - 2 * pad - 24  # room for a scroll bar
        lw = max(label_font.size(text)[0] for _k, text, _o, _c in rows) + 8
        beside = lw + self.px(20) + self.px(220) <= inner_w
        row_h = (fh if beside else lh + fh) + gap
        note_h = self.app.text.font(self.px(14)).get_linesize() + 6
        content_h = len(rows) * row_h + note_h + pad
        box.h = min(content_h + 2, h - box.y - min(self.px(16), h // 40))
        widgets.panel(self, box)
        area = pygame.Rect(box.x + 1, box.y + 1, box.w - 2, box.h - 2)
        holder = pygame_gui.elements.UIScrollingContainer(
            area, self.manager, container=self.root, allow_scroll_x=False)
        holder.set_scrollable_area_dimensions((area.w - 24 if content_h > area.h else area.w,
                                               max(area.h, content_h)))
        inner = holder.get_container()
        lx, y = pad, pad // 2
        cx = lx + (lw + self.px(20) if beside else 0)
        cw = inner_w - (cx - lx)
        self._sample_at = None
        for key, text, options, current in rows:
            widgets.label(self, pygame.Rect(lx, y + ((fh - lh) // 2 if beside else 0), lw, lh),
                          text, object_id="#field", container=inner)
            cy = y if beside else y + lh
            if options is not None:
                dd = widgets.dropdown(self, pygame.Rect(cx, cy, cw, fh), options, current,
                                      container=inner)
                self.controls[dd] = key
            else:
                on = bool(current)
                b = widgets.button(self, pygame.Rect(cx, cy, min(cw, self.px(140)), fh),
                                   tr("settings.on") if on else tr("settings.off"),
                                   object_id=None if on else "#secondary",
                                   tooltip=tr("settings." + key + "_tip"), container=inner)
                self.controls[b] = key
                if key == "colour_blind":  # sample tokens beside its button, if there is room
                    self._sample_at = (b, (min(cw, self.px(140)) + self.px(30), fh // 2))
            y += row_h
        widgets.label(self, pygame.Rect(lx, y, inner_w, note_h), tr("settings.saved_where"),
                      object_id="#small", container=inner)
        self._holder = holder

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if any(isinstance(c, pygame_gui.elements.UIDropDownMenu)
               and c.current_state is c.menu_states.get("expanded") for c in self.controls):
            return  # an open list covers the sample tokens' place
        if self._sample_at is None:
            return
        button, (dx, dy) = self._sample_at
        r = button.get_abs_rect()
        holder = self._holder.get_abs_rect() if getattr(self, "_holder", None) else None
        x, y = r.x + dx, r.y + dy
        for i, colour in enumerate(_SAMPLE):
            cx = x + i * self.px(44)
            if holder is not None and not holder.collidepoint(cx + self.px(17), y):
                continue  # scrolled away, or no room beside the button
            draw_token(surface, (cx, y), self.px(17), colour, i, self.app.text,
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
        elif key == "animation_speed" and choice:
            new = replace(s, animation_speed=choice)
        elif key == "language" and choice:
            new = replace(s, language=theme.language_of_option(choice))
        elif key in ("colour_blind", "fullscreen", "step_help", "ask_irreversible"):
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
