"""The replay's timeline (issue 21): a strip under the board with buttons to go to the start,
back a round, back a move, play or pause, forward a move, forward a round and to the end, a
slider to scrub, and where the replay stands. Drawn by the table scene, not pygame_gui, like the
banner. Keys: Left/Right a move, Ctrl+Left/Right a turn, Page Up/Down a round, Home/End, Space
plays or pauses. A finished game also offers "Review" (``review_view.py``); the reviewed game's
marked moves are drawn on the slider, and a click near one jumps there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ..engine.replay import Replay
from ..i18n import tr
from . import theme

#: (key, icon, tooltip key): the buttons, left to right; icons are drawn (see _icon)
BUTTONS = (("start", "|<", "replay.start_tip"), ("round_back", "<<", "replay.round_back_tip"),
           ("back", "<", "replay.back_tip"), ("play", ">", "replay.play_tip"),
           ("forward", ">", "replay.forward_tip"), ("round_forward", ">>", "replay.round_forward_tip"),
           ("end", ">|", "replay.end_tip"))


#: the buttons at the strip's right end (the slider ends before them)
SIDE = ("extra", "view", "review")
LABEL_W = 130
SLIDER_MIN = 160  # a narrower slider gets the position's short words  # room for the position's words ("Move 120 of 279") before they are first drawn


@dataclass
class Timeline:
    """Where a replay stands and the controls that move it; ``seek`` is called with the new
    position (the session moves the table there)."""

    rect: pygame.Rect
    replay: Replay
    seek: Callable[[int], None]
    position: int
    playing: bool = False
    scale: float = 1.0
    extra: str = ""  # a button label at the right end ("Continue from here"), "" for none
    on_extra: Callable[[], None] | None = None
    view_label: str = ""  # whose view is shown (a finished game's replay), "" for no choice
    on_view: Callable[[], None] | None = None
    review_label: str = ""  # "Review" (a finished game not reviewed yet), "" for none
    on_review: Callable[[], None] | None = None
    marks: tuple[tuple[int, tuple[int, int, int]], ...] = ()  # marked moves: (position, colour)
    _label_w: int = 0  # the position's words as last drawn (their width in this language)
    _short: bool = False  # the position said as "n/total" (the full words left no slider)
    _review_w: int = 0  # the Review button's width as last drawn (its word's width)
    _dragging: bool = False
    _last_step: float = 0.0

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    # -- geometry --------------------------------------------------------------------------

    def buttons(self) -> dict[str, pygame.Rect]:
        size = self.rect.h - 2 * self.px(6)
        x, y = self.rect.x + self.px(8), self.rect.y + self.px(6)
        out = {}
        for key, _label, _tip in BUTTONS:
            out[key] = pygame.Rect(x, y, round(size * 0.8), size)
            x += round(size * 0.8) + self.px(3)
        right = self.rect.right - self.px(8)
        if self.extra:
            width = self.px(190)
            out["extra"] = pygame.Rect(right - width, y, width, size)
            right -= width + self.px(8)
        if self.view_label:
            width = self.px(140)
            out["view"] = pygame.Rect(right - width, y, width, size)
            right -= width + self.px(8)
        if self.review_label:
            width = self._review_w or self.px(96)
            out["review"] = pygame.Rect(right - width, y, width, size)
        return out

    def slider(self) -> pygame.Rect:
        buttons = self.buttons()
        moves = [r for k, r in buttons.items() if k not in SIDE]
        left = max(r.right for r in moves) + self.px(16)
        ends = [r.x for k, r in buttons.items() if k in SIDE]
        right = min(ends, default=self.rect.right) - (self._label_w or self.px(LABEL_W)) - self.px(20)
        return pygame.Rect(left, self.rect.centery - self.px(4), max(20, right - left), self.px(8))

    # -- moving ----------------------------------------------------------------------------

    def go(self, position: int) -> None:
        position = max(0, min(self.replay.last, position))
        if position != self.position:
            self.position = position
            self.seek(position)
        if position >= self.replay.last:
            self.playing = False

    def act(self, key: str) -> None:
        r, k = self.replay, self.position
        target = {"start": 0, "end": r.last, "back": k - 1, "forward": k + 1,
                  "round_back": r.previous_round(k), "round_forward": r.next_round(k),
                  "turn_back": r.previous_turn(k), "turn_forward": r.next_turn(k)}.get(key)
        if key == "play":
            self.playing = not self.playing and k < r.last
            return
        if key == "extra":
            if self.on_extra is not None:
                self.on_extra()
            return
        if key in ("view", "review"):
            call = self.on_view if key == "view" else self.on_review
            if call is not None:
                call()
            return
        if target is not None:
            self.playing = False
            self.go(target)

    def update(self, now: float, delay: float) -> bool:
        """Play: one move each ``delay`` seconds; True when the position changed."""
        if not self.playing or now - self._last_step < max(delay, 0.15):
            return False
        self._last_step = now
        before = self.position
        self.go(self.position + 1)
        return self.position != before

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on a click, a drag of the slider or a key; True when the event was used."""
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            key = {pygame.K_LEFT: "turn_back" if ctrl else "back",
                   pygame.K_RIGHT: "turn_forward" if ctrl else "forward",
                   pygame.K_PAGEUP: "round_back", pygame.K_PAGEDOWN: "round_forward",
                   pygame.K_HOME: "start", pygame.K_END: "end", pygame.K_SPACE: "play"}.get(event.key)
            if key:
                self.act(key)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            for key, rect in self.buttons().items():
                if rect.collidepoint(event.pos):
                    self.act(key)
                    return True
            mark = self.mark_at(event.pos)
            if mark is not None:
                self.playing = False
                self.go(mark)
                return True
            bar = self.slider().inflate(0, self.px(20))
            if bar.collidepoint(event.pos):
                self.playing = False
                self._dragging = True
                self.go(self._at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self.go(self._at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._dragging:
            self._dragging = False
            return True
        return False

    def _at(self, x: int) -> int:
        bar = self.slider()
        share = (x - bar.x) / max(1, bar.w)
        return round(max(0.0, min(1.0, share)) * self.replay.last)

    def x_of(self, position: int) -> int:
        """Where ``position`` is along the slider."""
        bar = self.slider()
        return bar.x + round(bar.w * position / max(1, self.replay.last))

    def mark_at(self, pos: tuple[int, int]) -> int | None:
        """The marked move whose sign on the slider is under ``pos`` (the nearest), or None."""
        bar = self.slider()
        # the flags stand over the bar (see draw): from their tips down to the bar
        area = pygame.Rect(bar.x - self.px(8), bar.y - self.px(18), bar.w + self.px(16),
                           bar.h + self.px(22))
        if not self.marks or not area.collidepoint(pos):
            return None
        near = min(self.marks, key=lambda m: abs(self.x_of(m[0]) - pos[0]))[0]
        return near if abs(self.x_of(near) - pos[0]) <= self.px(7) else None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        buttons = self.buttons()
        for (key, _label, tip) in BUTTONS:
            if buttons[key].collidepoint(pos):
                return tr(tip)
        if "review" in buttons and buttons["review"].collidepoint(pos):
            return tr("review.button_tip")
        return None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, text) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.LINE, self.rect, 1, border_radius=self.px(8))
        size = self.px(16)
        for key, icon, _tip in BUTTONS:
            rect = self.buttons()[key]
            on = key == "play" and self.playing
            pygame.draw.rect(surface, theme.PRIMARY if on else theme.SKY, rect,
                             border_radius=self.px(6))
            _icon(surface, "||" if on else icon, rect, theme.PANEL if on else theme.INK)
        if "view" in self.buttons():
            rect = self.buttons()["view"]
            pygame.draw.rect(surface, theme.SKY, rect, border_radius=self.px(6))
            pygame.draw.rect(surface, theme.LINE, rect, 1, border_radius=self.px(6))
            text.box(surface, self.view_label, rect.inflate(-self.px(8), 0), self.px(14), theme.INK,
                     bold=True, align="center")
        if "review" in self.buttons():
            rect = self.buttons()["review"]
            pygame.draw.rect(surface, theme.PRIMARY, rect, border_radius=self.px(6))
            text.box(surface, self.review_label, rect.inflate(-self.px(8), 0), self.px(14),
                     (255, 255, 255), bold=True, align="center")
        if "extra" in self.buttons():
            rect = self.buttons()["extra"]
            pygame.draw.rect(surface, theme.PRIMARY, rect, border_radius=self.px(6))
            text.box(surface, self.extra, rect.inflate(-self.px(8), 0), size, (255, 255, 255),
                     bold=True, align="center")
        if self.review_label:
            self._review_w = text.width(self.review_label, self.px(14), True) + self.px(24)
        where = tr("replay.position", n=self.position, total=self.replay.last)
        # the words' own width (longer in some languages; at most a third of the strip); when
        # they leave the slider too little room (UI scale 150%, Review and Seen by shown), the
        # short form
        self._label_w = min(text.width(where, size) + self.px(8), self.rect.w // 3)
        self._short = self.slider().w < self.px(SLIDER_MIN)
        if self._short:
            where = tr("replay.position_short", n=self.position, total=self.replay.last)
            self._label_w = min(text.width(where, size) + self.px(8), self.rect.w // 3)
        bar = self.slider()
        pygame.draw.rect(surface, (210, 220, 230), bar, border_radius=bar.h // 2)
        share = self.position / max(1, self.replay.last)
        done = pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * share)), bar.h)
        pygame.draw.rect(surface, theme.PRIMARY, done, border_radius=bar.h // 2)
        for position, colour in self.marks:  # a marked move: a flag over the slider
            x, top = self.x_of(position), bar.y - self.px(3)
            r = self.px(6)
            points = [(x - r, top - 2 * r), (x + r, top - 2 * r), (x, top)]
            pygame.draw.polygon(surface, colour, points)
            pygame.draw.polygon(surface, theme.INK, points, 1)
        pygame.draw.circle(surface, theme.PRIMARY, (bar.x + round(bar.w * share), bar.centery),
                           self.px(9))
        label = pygame.Rect(bar.right + self.px(12), self.rect.y, self._label_w, self.rect.h)
        text.box(surface, where, label, size, theme.INK, wrap=False)


def _icon(surface: pygame.Surface, icon: str, rect: pygame.Rect, colour) -> None:
    """A media-control icon drawn with shapes (no font has them all): "|<", "<<", "<", ">",
    ">>", ">|" and "||" (pause)."""
    h = rect.h * 0.42
    cx, cy = rect.centerx, rect.centery

    def tri(x: float, right: bool) -> None:
        w = h * 0.9
        pts = [(x, cy - h / 2), (x, cy + h / 2), (x + w, cy)] if right else \
            [(x + w, cy - h / 2), (x + w, cy + h / 2), (x, cy)]
        pygame.draw.polygon(surface, colour, [(round(a), round(b)) for a, b in pts])

    w, bar = h * 0.9, max(2, round(h / 5))
    if icon == "||":
        for dx in (-h / 3, h / 3):
            pygame.draw.rect(surface, colour, pygame.Rect(round(cx + dx - bar / 2), round(cy - h / 2),
                                                          bar, round(h)))
        return
    right = icon.startswith(">")
    count = icon.count("<") + icon.count(">")
    start = cx - count * w / 2
    if icon == "|<":
        pygame.draw.rect(surface, colour, pygame.Rect(round(start - bar), round(cy - h / 2), bar, round(h)))
    for i in range(count):
        tri(start + i * w, right)
    if icon == ">|":
        pygame.draw.rect(surface, colour, pygame.Rect(round(start + count * w), round(cy - h / 2), bar,
                                                      round(h)))
