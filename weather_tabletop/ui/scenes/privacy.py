"""The privacy screen between hot-seat people in a game with hidden information: the table
stays covered until the next person says they are at the screen."""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import tr
from .. import theme, widgets
from ..scene import Scene
from ..table_view import draw_token


class PrivacyScene(Scene):
    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.person = table.session.config.seats[seat].name
        self.name = tr("privacy.title")
        self.ready = None
        self.menu = None

    def build(self) -> None:
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(w - self.px(80), self.px(640)), self.px(370))
        box.center = (w // 2, h // 2)
        widgets.panel(self, box)
        x, iw = box.x + self.px(36), box.width - self.px(72)
        widgets.label(self, pygame.Rect(x, box.y + self.px(96), iw, self.px(50)),
                      tr("privacy.pass_to", name=self.person), object_id="#centre_heading")
        widgets.label(self, pygame.Rect(x, box.y + self.px(146), iw, self.px(30)),
                      tr("privacy.hidden"), object_id="#centre_small")
        self.ready = widgets.button(self, pygame.Rect(x, box.bottom - self.px(130), iw, self.px(52)),
                                    tr("privacy.ready", name=self.person))
        self.menu = widgets.button(self, pygame.Rect(box.centerx - self.px(100), box.bottom - self.px(62),
                                                     self.px(200), self.px(40)), tr("table.menu"),
                                   object_id="#secondary")
        self._token = (box.centerx, box.y + self.px(56))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PRIMARY_DARK)

    def draw_over(self, surface: pygame.Surface) -> None:
        game = self.table.game
        colour = next((c for c in game.colours
                       if c.key == self.table.session.config.seats[self.seat].color), game.colours[0])
        draw_token(surface, self._token, self.px(30), colour, self.seat, self.app.text,
                   self.app.settings.colour_blind)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready:
            self.confirm()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.menu:
            self.table.leave()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.confirm()

    def confirm(self) -> None:
        """The next person is at the screen: show the table from their seat."""
        self.table.viewer = self.seat
        self.app.pop()
