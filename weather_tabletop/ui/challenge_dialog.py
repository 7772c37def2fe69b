"""Weather Machine solo's Challenge cards in the new-game setup (solo §2.3 step 13, §6: "Any
subset may be combined"): the words of the option's drop-down ("None", "n at random", the cards
chosen, "Choose the cards…") and the dialog that lists the 12 cards, each with its title and
effect from the catalogue and a check box, and gives back the cards ticked.

The option's value is the rules' (``rules.ChallengeOption``): 0, n drawn at random (1-12), or
the cards chosen written ``cards:3+7``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame
import pygame_gui

from ..i18n import join, tr
from . import theme, widgets
from .scene import Scene

GAME, KEY = "weather-machine", "challenges"
#: the drop-down entry that opens the dialog
CHOOSE = "choose"


def applies(game_id: str | None, spec: Any) -> bool:
    """Whether ``spec`` of ``game_id`` is the Challenge cards option."""
    return game_id == GAME and getattr(spec, "key", None) == KEY


def _solo() -> Any:
    """Weather Machine's solo data, imported when first needed: the setup screen imports this
    module, and importing the game's rules with it took seconds on a loaded machine before the
    setup of any game could show (issue 27)."""
    from ..games.weather_machine.solo_data import SOLO

    return SOLO


def chosen_ids(value: Any) -> tuple[int, ...]:
    """The cards of a ``cards:...`` value (the rules' own reading)."""
    from ..games.weather_machine.rules import chosen_cards

    return chosen_cards(value)


def value_of(ids: Iterable[int]) -> Any:
    """The option's value of the cards chosen (the rules' own writing)."""
    from ..games.weather_machine.rules import cards_value

    return cards_value(ids)


def titles(ids: Iterable[int]) -> list[str]:
    return [tr(_solo().challenge(i).title) for i in ids]


def choice_text(value: Any) -> str:
    """How a value reads in the drop-down."""
    ids = chosen_ids(value)
    if len(ids) == 1:
        return titles(ids)[0]
    if ids:
        return tr("wm.solo.challenges.chosen", n=len(ids))
    n = int(value or 0)
    return tr("wm.solo.challenges.random", n=n) if n else tr("wm.solo.challenges.none")


def choices(value: Any) -> list[tuple[str, str]]:
    """The drop-down's entries (text, key): none, 1-12 at random, the cards chosen (when they
    are), then "Choose the cards…"."""
    out = [(choice_text(n), str(n)) for n in range(len(_solo().challenges) + 1)]
    if chosen_ids(value):
        out.append((choice_text(value), str(value)))
    return out + [(tr("wm.solo.challenges.choose"), CHOOSE)]


def summary(value: Any) -> str:
    """The line under the drop-down naming the cards chosen ("" when none are)."""
    ids = chosen_ids(value)
    return tr("wm.solo.challenges.chosen_list", titles=join(titles(ids))) if len(ids) > 1 else ""


def card_text(card_id: int) -> str:
    """The card's rule text: its effects' sentences one after the other (the catalogue's
    sentence separator between them)."""
    from ..games.weather_machine.view_text import lines

    return tr(lines(*_solo().challenge(card_id).text()))


class ChallengeDialog(Scene):
    """The 12 Challenge cards, each a box with a check box, its title and its effect; a click
    ticks or unticks it. The play button gives the cards ticked to ``done``; Cancel (or Escape)
    leaves the choice as it was. Cards that do not all fit scroll by rows (▲ ▼, the wheel)."""

    def __init__(self, app, chosen: Iterable[int], done: Callable[[tuple[int, ...]], None]) -> None:
        super().__init__(app)
        self.name = tr("wm.solo.challenges.dialog_title")
        self.chosen = set(chosen)
        self.done = done
        self.first = 0  # the first row of cards shown
        self.ok = self.cancel = self.clear = None
        self._cards: list[tuple[pygame.Rect, int]] = []  # shown: its box, its id
        self._arrows: list[tuple[pygame.Rect, int, bool, Any]] = []
        self._help: tuple[pygame.Surface, tuple[int, int]] | None = None
        #: each card's title and effect rendered at a width (laid out once, blitted per frame)
        self._imgs: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}

    # -- choosing ----------------------------------------------------------------------------

    def toggle(self, card_id: int) -> None:
        self.chosen ^= {card_id}
        self._rebuild()

    def confirm(self) -> None:
        """Give the cards ticked to the setup and go back to it."""
        chosen = tuple(sorted(self.chosen))
        self.app.pop()
        self.done(chosen)

    def _rebuild(self) -> None:
        self.close()
        self.open()
        self.app.changed()

    # -- layout -----------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.app.size
        self._imgs = {}
        m = max(12, min(self.px(32), w // 26))
        top = max(8, min(self.px(16), m))
        title_h = self.text_size(self.name, "#title", "label")[1]
        widgets.label(self, pygame.Rect(m, top, w - 2 * m, title_h), self.name, object_id="#title")
        y = top + title_h + self.px(4)
        help_img = self.app.text.render(tr("wm.solo.challenges.dialog_help"), self.px(17),
                                        theme.INK_SOFT, width=w - 2 * m)
        self._help = (help_img, (m, y))
        y += help_img.get_height() + self.px(10)
        # the buttons at the bottom: Cancel, None, then Play with n cards
        bh = max(self.px(44), self.text_size("Ag", "button")[1] + self.px(14))
        by = h - top - bh
        n = len(self.chosen)
        ok_text = (tr("wm.solo.challenges.use", n=n) if n
                   else tr("wm.solo.challenges.use_none"))
        ok_w = self.text_size(ok_text, "button")[0] + self.px(56)
        self.ok = widgets.button(self, pygame.Rect(w - m - ok_w, by, ok_w, bh), ok_text)
        x = w - m - ok_w - self.px(16)
        for attr, text in (("cancel", tr("common.cancel")), ("clear", tr("wm.solo.challenges.none"))):
            bw = self.text_size(text, "#secondary", "button")[0] + self.px(48)
            x -= bw
            setattr(self, attr, widgets.button(self, pygame.Rect(x, by, bw, bh), text,
                                               object_id="#secondary",
                                               enabled=attr != "clear" or bool(self.chosen)))
            x -= self.px(16)
        self._lay_cards(pygame.Rect(m, y, w - 2 * m, by - self.px(10) - y))

    def _card_imgs(self, card_id: int, width: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The card's title and effect rendered for a box ``width`` wide."""
        key = (card_id, width)
        if key not in self._imgs:
            pad, box = self.px(8), self._box()
            title = self.app.text.render(tr(_solo().challenge(card_id).title), self.px(17),
                                         theme.INK, True, width=width - 2 * pad - box - self.px(8))
            text = self.app.text.render(card_text(card_id), self.px(15), theme.INK_SOFT,
                                        width=width - 2 * pad)
            self._imgs[key] = (title, text)
        return self._imgs[key]

    def _card_h(self, card_id: int, width: int) -> int:
        pad, box = self.px(8), self._box()
        title, text = self._card_imgs(card_id, width)
        return (2 * pad + max(box, title.get_height()) + self.px(4) + text.get_height())

    def _box(self) -> int:
        return self.app.text.font(self.px(17), True).get_linesize()

    def _lay_cards(self, area: pygame.Rect) -> None:
        """The cards in rows of up to 4, from row ``first`` as many rows as fit."""
        gap = self.px(10)
        ids = [c.id for c in _solo().challenges]
        cols = max(1, min(4, (area.width + gap) // (self.px(280) + gap)))
        arrow = max(self.px(36), self.text_size("Ag", "button")[1] + self.px(8))

        def rows_for(width: int) -> list[tuple[int, list[int]]]:
            cw = (width - (cols - 1) * gap) // cols
            return [(max(self._card_h(i, cw) for i in ids[k:k + cols]), ids[k:k + cols])
                    for k in range(0, len(ids), cols)]

        width = area.width
        rows = rows_for(width)
        scrolls = sum(rh for rh, _ in rows) + gap * (len(rows) - 1) > area.height
        if scrolls:
            width = area.width - arrow - gap
            rows = rows_for(width)
            last = len(rows) - 1
            while last > 0 and sum(rh + gap for rh, _ in rows[last - 1:]) - gap <= area.height:
                last -= 1
            self.first = max(0, min(self.first, last))
        else:
            self.first = 0
        cw = (width - (cols - 1) * gap) // cols
        self._cards, y, shown = [], area.y, self.first
        for rh, row in rows[self.first:]:
            if y + rh > area.bottom and shown > self.first:
                break
            for k, card_id in enumerate(row):
                self._cards.append((pygame.Rect(area.x + k * (cw + gap), y, cw, rh), card_id))
            y += rh + gap
            shown += 1
        self._arrows = []
        if scrolls:
            for step, ay in ((-1, area.y), (1, area.bottom - arrow)):
                on = self.first > 0 if step < 0 else shown < len(rows)
                spot = pygame.Rect(area.right - arrow, ay, arrow, arrow)
                b = widgets.button(self, spot, "", object_id="#secondary", enabled=on)
                self._arrows.append((spot, step, on, b))

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self._help is not None:
            surface.blit(*self._help)
        pad, box, line = self.px(8), self._box(), max(2, self.px(3))
        for rect, card_id in self._cards:
            on = card_id in self.chosen
            pygame.draw.rect(surface, theme.SKY_DEEP if on else (255, 255, 255), rect,
                             border_radius=self.px(8))
            pygame.draw.rect(surface, (36, 102, 159) if on else theme.LINE, rect,
                             max(1, self.px(2) if on else self.px(1)), border_radius=self.px(8))
            check = pygame.Rect(rect.x + pad, rect.y + pad, box, box).inflate(-self.px(4), -self.px(4))
            pygame.draw.rect(surface, (255, 255, 255), check, border_radius=self.px(3))
            pygame.draw.rect(surface, theme.INK, check, max(1, self.px(2)), border_radius=self.px(3))
            if on:
                c = check.inflate(-check.w * 0.3, -check.h * 0.3)
                pygame.draw.lines(surface, theme.INK, False,
                                  [(c.x, c.centery), (c.x + c.w * 0.38, c.bottom),
                                   (c.right, c.y)], line)
            title, text = self._card_imgs(card_id, rect.w)
            surface.blit(title, (rect.x + pad + box + self.px(8), rect.y + pad))
            surface.blit(text, (rect.x + pad, rect.y + pad + max(box, title.get_height())
                                + self.px(4)))
        for spot, step, enabled, _b in self._arrows:
            widgets.scroll_arrow(surface, spot, step, enabled)

    # -- events -----------------------------------------------------------------------------

    def scroll(self, rows: int) -> None:
        if self._arrows:
            self.first = max(0, self.first + rows)
            self._rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.scroll(-1 if event.y > 0 else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = next((i for rect, i in self._cards if rect.collidepoint(event.pos)), None)
            if card is not None:
                self.toggle(card)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            step = next((st for _s, st, _on, b in self._arrows if b is event.ui_element), 0)
            if step:
                self.scroll(step)
            elif event.ui_element is self.ok:
                self.confirm()
            elif event.ui_element is self.cancel:
                self.app.pop()
            elif event.ui_element is self.clear:
                self.chosen.clear()
                self._rebuild()


__all__ = ["ChallengeDialog", "applies", "choices", "choice_text", "chosen_ids", "summary",
           "value_of"]
