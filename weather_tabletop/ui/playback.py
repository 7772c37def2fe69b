"""Paced playback of what the other seats did (issue 27), generic over every game.

The table shows a *shown position* that may lag behind the match. Each command group the person
at the table did not just make (a computer seat, a demo step, the Automa, the wind, Phase B, ...)
is cut into *steps*, one per event that has a line in the log (silent events go with the next
one, as :class:`~weather_tabletop.ui.logbook.LogBook` writes them), and the steps are folded one at
a time with ``game.apply`` from the state before the group. Each step is shown for the
"Speed of computer moves" once the board has settled on it; a person's own command shows at
once, and only what the game did after it is paced.

Marks: when a step's board has settled, its picture is compared with the previous step's
(downscaled, :func:`changed_rects`) and rounded rings in the acting seat's colour go round what
changed; they stay until the person's next decision. The change itself is shown as a crossfade
from the old board picture to the new one over part of the step's time (no piece flies: a
generic shell cannot know where a piece went, only which places changed).

The steps since the person's last decision are kept, so "What happened" can show each again.
Nothing here hands a full state to a view: each step's view is ``game.view(state, viewer)``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from ..engine.match import Group, Match
from ..i18n import tr
from .logbook import _same  # the log's own test of a line repeating the command's

#: the board's picture is compared at this fraction of its size (cheap, and blind to anti-aliasing)
DIFF_SCALE = 0.25
#: a colour difference (per channel, 0-255) below this is not a change
DIFF_THRESHOLD = 40
#: at most this many rings per step (the largest changes), so a busy step stays readable
MAX_MARKS = 6
#: at most this many rings on the board at once (the newest steps' first)
MAX_RINGS = 14
#: a changed area wider and taller than this share of the board is a whole new page, not a place
WHOLE_PAGE = 0.6
#: a changed area of at least this share of the board that is mostly unchanged inside (less than
#: OUTLINE_FILL of it changed) is a frame or a highlight round a panel: not marked
OUTLINE_AREA = 0.01
OUTLINE_FILL = 0.2
#: the share of a step's time its crossfade takes (at most FADE_MAX seconds)
FADE_SHARE = 0.5
FADE_MAX = 0.45
#: a neutral ring colour for what the game did by itself (the wind, Phase B, income)
NEUTRAL = (150, 162, 176)
#: the rings' dark edges
INK_EDGE = (28, 36, 48)


@dataclass(frozen=True)
class Step:
    """One thing that happened: ``lines`` are the log's words for it, ``seat`` who did it (None:
    the game itself), ``state`` the full state after it (kept here, never drawn)."""

    seat: int | None
    lines: tuple[Any, ...]
    state: Any
    group: int  # the group's number in the match's log


@dataclass
class Mark:
    """A ring round a changed place on the board (board coordinates: relative to its corner)."""

    rect: pygame.Rect
    rgb: tuple[int, int, int]




def split_group(game: Any, state: Any, group: Group) -> list[Step]:
    """The steps of ``group`` folded from ``state`` (the state before it): a step ends at each
    event with a log line; silent events go with the next step (the last ones with the last).
    The command's own line is the first step's first line (an event repeating it adds none); the
    first step is the seat's, the later ones the game's own (the wind, the Saboteurs, income)."""
    said = game.describe_command(state, group.command) if group.command is not None else ""
    steps: list[Step] = []
    lines: list[Any] = [said] if said else []
    pending = False
    for event in group.events:
        text = game.describe_event(state, event)
        state = game.apply(state, event)
        pending = True
        if not text:
            continue
        if said and _same(text, said):
            said = ""  # the command's line already says it (only the first repeat)
        else:
            lines.append(text)
        steps.append(Step(group.seat if not steps else None, tuple(lines), state, group.n))
        lines, pending = [], False
    if pending and steps:  # silent events at the end: part of the last step
        last = steps[-1]
        steps[-1] = Step(last.seat, last.lines, state, last.group)
    elif not steps:
        steps.append(Step(group.seat, tuple(lines), state, group.n))
    return _readable_steps(game, steps)


def _readable(game: Any, state: Any) -> bool:
    """Whether ``state`` can be shown: whose turn it is, the progress line and a view of it
    (a step in the middle of a group stops in a passing flow state that no command is decided
    in; what may be played there is asked of :class:`RulesForView`)."""
    try:
        game.to_act(state)
        game.progress(state)
        game.view(state, None)
    except Exception:  # noqa: BLE001 - any failure: not a position to show
        return False
    return True


class RulesForView:
    """The game as a board view sees it: the same in all, but ``legal_commands`` on a state in
    the middle of a group (the Weather Machine's Saboteurs' turn before its end, where the flow
    holds a passing step no command is decided in) answers "nothing" instead of failing. The
    view only draws those moves; the table asks the match, never this, what may be played."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def legal_commands(self, state: Any, seat: int) -> list:
        try:
            return self._game.legal_commands(state, seat)
        except Exception:  # noqa: BLE001 - a passing state: nothing to play in it
            return []


def _readable_steps(game: Any, steps: list[Step]) -> list[Step]:
    """``steps`` with each one that stops in an unreadable state merged into the next (its
    lines first); the last step is the group's end, always readable."""
    out: list[Step] = []
    carry: tuple[Any, ...] = ()
    carry_seat: int | None = None
    for k, step in enumerate(steps):
        if k < len(steps) - 1 and not _readable(game, step.state):
            if not carry:
                carry_seat = step.seat
            carry += step.lines
            continue
        if carry:
            step = Step(carry_seat if carry_seat is not None else step.seat, carry + step.lines,
                        step.state, step.group)
            carry = ()
        out.append(step)
    return out


def changed_rects(before: pygame.Surface, after: pygame.Surface) -> list[pygame.Rect]:
    """Where ``after`` differs from ``before`` (two pictures of the board of the same size), as a
    few merged rectangles in the pictures' coordinates (a whole-page change gives none)."""
    w, h = before.get_size()
    sw, sh = max(1, int(w * DIFF_SCALE)), max(1, int(h * DIFF_SCALE))
    a = pygame.Surface((sw, sh))
    b = pygame.Surface((sw, sh))
    a.blit(pygame.transform.smoothscale(before.convert(a) if before.get_bitsize() != 32 else before,
                                        (sw, sh)), (0, 0))
    b.blit(pygame.transform.smoothscale(after.convert(b) if after.get_bitsize() != 32 else after,
                                        (sw, sh)), (0, 0))
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # a - b, clamped at 0
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # b - a
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    t = DIFF_THRESHOLD
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (t, t, t, 255))  # the unchanged pixels
    mask.invert()
    found = []
    for part in mask.connected_components(2):  # specks of one pixel are noise
        r = part.get_bounding_rects()[0]
        if r.w * r.h >= OUTLINE_AREA * sw * sh and part.count() < OUTLINE_FILL * r.w * r.h:
            continue  # a panel's frame lit or dimmed (whose turn it is), not a place
        found.append(pygame.Rect(r.x / DIFF_SCALE, r.y / DIFF_SCALE, (r.w + 1) / DIFF_SCALE,
                                 (r.h + 1) / DIFF_SCALE))
    rects = merge_rects(found, max(4, int(min(w, h) * 0.03)))
    rects = [r for r in rects if not (r.w > w * WHOLE_PAGE and r.h > h * WHOLE_PAGE)]
    rects.sort(key=lambda r: r.w * r.h, reverse=True)
    return rects[:MAX_MARKS]


RING_EDGE = 1  # the dark edge on each side of a ring's colour


def ring_rect(changed: pygame.Rect, px: Callable[[float], int],
              current: bool) -> tuple[pygame.Rect, int]:
    """The outer rectangle and the line width of the ring round ``changed`` (screen
    coordinates): outside what changed (the rectangle came from a picture a quarter the size,
    so it may fall a little short), covering as little of its words and of its neighbours' as
    it can; the current step's ring a pixel bolder."""
    w = max(2, px(3)) + (RING_EDGE if current else 0)
    pad = px(2) + w + RING_EDGE + 2
    return changed.inflate(2 * pad, 2 * pad), w


def _untangled(rings: list[tuple[pygame.Rect, int, tuple]]) -> list[tuple[pygame.Rect, int, tuple]]:
    """Rings of one colour that would cross or nearly touch become one ring round both (a line
    of small changes, such as a seat's Stock, Power and hand counts, was a row of rings over its
    own words); the bolder width is kept."""
    out = list(rings)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                (a, wa, ca), (b, wb, cb) = out[i], out[j]
                near = 5 * max(wa, wb)  # closer than this, the two rings cover what is between
                if ca == cb and a.inflate(2 * near, 2 * near).colliderect(b):
                    out[i] = (a.union(b), max(wa, wb), ca)
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def merge_rects(rects: list[pygame.Rect], near: int) -> list[pygame.Rect]:
    """Rectangles closer than ``near`` pixels merged into one, until none are (tiny specks
    of one changed piece become one ring)."""
    out = [pygame.Rect(r) for r in rects]
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            grown = out[i].inflate(2 * near, 2 * near)
            for j in range(i + 1, len(out)):
                if grown.colliderect(out[j]):
                    out[i] = out[i].union(out.pop(j))
                    merged = True
                    break
            if merged:
                break
    return out


@dataclass
class Playback:
    """The shown position and the steps since the person's last decision (see the module)."""

    game: Any
    history: list[Step] = field(default_factory=list)
    marks: list[list[Mark]] = field(default_factory=list)  # per step of ``history``, once settled
    shown: int = -1  # the step of ``history`` shown (-1: the position of the last decision)
    stepping: int | None = None  # "What happened": the step shown again, None: now
    enabled: bool = True
    size: tuple[int, int] = (0, 0)  # the board's size the pictures were taken at
    base: Any = None  # the full state at the last decision (before history[0])
    _seen: int = 0  # entries of the match's log read
    _match: Any = None  # the match followed (a new one: a demo restarted, a watched game)
    _synced: Any = None  # the match's state when last synced
    _own: int | None = None  # the group a person at this table just made
    _settled_at: float | None = None  # when the shown step's board settled (its clock starts)
    _capture: bool = True  # the next settled frame of the board is captured
    _picture: pygame.Surface | None = None  # the board as shown last, once settled
    _fade_from: pygame.Surface | None = None
    _fade_start: float = 0.0
    _fade_seconds: float = 0.0
    clock: Callable[[], float] = time.monotonic

    # -- following the match ----------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Steps are still to be shown (the person cannot act, computers hold their moves)."""
        return self.enabled and self.shown < len(self.history) - 1

    @property
    def holding(self) -> bool:
        """The shown board is not the match's: playing, or stepping through "What happened"."""
        return self.playing or self.stepping is not None

    def own(self, group: int) -> None:
        """The person at this table has just made the command that becomes group ``group``:
        their decision (the marks go) and a step shown at once."""
        self.decide()
        self._own = group

    def decide(self) -> None:
        """The person's next decision (a command or an undo): the steps before it are past."""
        self.skip()
        self.stepping = None
        self.base = self.state
        self.history, self.marks, self.shown = [], [], -1

    @property
    def state(self) -> Any:
        """The full state at the end of what is known (the match's, once synced)."""
        return self.history[-1].state if self.history else self.base

    def reset(self, state: Any) -> None:
        """Show ``state`` as it is (a table opened, an undo, a jump): nothing to play."""
        self.base, self.history, self.marks, self.shown = state, [], [], -1
        self.stepping = None
        self._capture, self._fade_from = True, None
        self._settled_at = None

    def sync(self, match: Match) -> bool:
        """Read the match's new log entries; True when the shown position changes at once."""
        if match is not self._match or not self.enabled:
            self._match, self._seen, self._synced = match, len(match.log), match.state
            self.reset(match.state)
            return True
        if not self.playing and match.state is not self._synced and self._seen == len(match.log):
            self.reset(match.state)  # the match's state was set without a move (a test, a load)
            self._synced = match.state
            return True
        new = match.log[self._seen:]
        self._seen = len(match.log)
        self._synced = match.state
        changed = False
        for group in new:
            if group.kind != "command":  # an undo, a redo, a setup: the match's position as it is
                self.reset(match.state)
                return True
            steps = split_group(self.game, self.state, group)
            if group.n == self._own:
                self._own = None
                self.base = steps[0].state
                self.history, self.marks, self.shown = [], [], -1
                self._start_step()
                changed = True
                steps = steps[1:]
            self.history.extend(steps)
            self.marks.extend([] for _ in steps)
        if new and self.state is not match.state and not _equal(self.state, match.state):
            self.reset(match.state)  # the fold disagrees with the match: show the match
            return True
        return changed

    def replay_since(self, match: Match, seat: int) -> int:
        """Play again what happened since ``seat``'s last command in ``match`` (a picture of a
        table showing the others' last moves; the table opened on the match already); the
        number of steps queued."""
        active = match.active
        last = max((i for i, g in enumerate(active) if g.kind == "command" and g.seat == seat),
                   default=0)
        self.reset(match.snapshot_before(last - 1) if last else match.snapshot_before(0))
        self._match, self._seen, self._synced = match, len(match.log), match.state
        for group in active[max(1, last):]:
            steps = split_group(self.game, self.state, group)
            if group is active[last]:  # the seat's own step: the position shown before
                self.base, steps = steps[0].state, steps[1:]
            self.history.extend(steps)
            self.marks.extend([] for _ in steps)
        return len(self.history)

    def _start_step(self) -> None:
        self._capture, self._settled_at = True, None

    def tick(self, delay: float) -> bool:
        """Advance the shown step when its time is up; True when the shown position changed."""
        if not self.playing or self.stepping is not None:
            return False
        if delay <= 0:
            return self.skip()
        if self._settled_at is None and self.shown >= 0:
            return False  # the board is still drawing the step: its clock has not started
        if self.shown >= 0 and self.clock() - self._settled_at < delay:
            return False
        self.shown += 1
        self._start_step()
        self._fade_seconds = min(FADE_MAX, delay * FADE_SHARE)
        return True

    def skip(self) -> bool:
        """Show the end at once (the person skipped, or the speed is "instant"); True when the
        shown step changed."""
        if not self.playing:
            return False
        self.shown = len(self.history) - 1
        self._start_step()
        self._fade_seconds = 0.0
        return True

    def shown_state(self) -> Any:
        """The full state of the board shown (the step stepped to, else the playback's)."""
        k = self.stepping if self.stepping is not None else self.shown
        return self.history[k].state if k >= 0 and self.history else self.base

    def current(self) -> tuple[int, Step] | None:
        """The step the caption speaks of (its index in ``history``), if any."""
        k = self.stepping if self.stepping is not None else self.shown
        return (k, self.history[k]) if 0 <= k < len(self.history) else None

    # -- "What happened" ----------------------------------------------------------------------

    def can_step(self) -> bool:
        return self.enabled and not self.playing and bool(self.history)

    def open_steps(self) -> bool:
        if not self.can_step():
            return False
        self.stepping = len(self.history) - 1
        return True

    def step_by(self, delta: int) -> bool:
        if self.stepping is None:
            return False
        k = max(0, min(len(self.history) - 1, self.stepping + delta))
        changed, self.stepping = k != self.stepping, k
        return changed

    def resume(self) -> bool:
        if self.stepping is None:
            return False
        self.stepping = None
        return True

    # -- the board's pictures -----------------------------------------------------------------

    def animating(self) -> bool:
        """Frames are needed: steps to show, a capture to take, a crossfade running."""
        return self.playing or (self.enabled and self._capture) or self._fade_from is not None

    def board_drawn(self, surface: pygame.Surface, rect: pygame.Rect, settled: bool,
                    rgb_of: Callable[[int | None], tuple[int, int, int]], px: Callable[[float], int]
                    ) -> None:
        """Right after the view drew the board (before hints and tooltips): capture a settled
        board, work out the step's marks, then draw the crossfade and the rings."""
        if not self.enabled or rect.w <= 0 or rect.h <= 0:
            return
        area = rect.clip(surface.get_rect())
        if self._capture and settled and self.stepping is None:
            picture = surface.subsurface(area).copy()
            before = self._picture
            k = self.shown
            if before is not None and before.get_size() == picture.get_size() and k >= 0:
                step = self.history[k]
                colour = rgb_of(step.seat)
                self.marks[k] = [Mark(r, colour) for r in changed_rects(before, picture)]
                if self._fade_seconds > 0:
                    self._fade_from, self._fade_start = before, self.clock()
            self._picture = picture
            self._capture = False
            self._settled_at = self.clock()
        fade = self._fade_from
        if fade is not None and self.stepping is None:
            t = (self.clock() - self._fade_start) / max(1e-6, self._fade_seconds)
            if t >= 1 or fade.get_size() != area.size:
                self._fade_from = None
            else:
                fade.set_alpha(round(255 * (1 - t)))
                surface.blit(fade, area.topleft)
                fade.set_alpha(None)
        self._draw_rings(surface, area.topleft, px)

    def _draw_rings(self, surface: pygame.Surface, origin: tuple[int, int],
                    px: Callable[[float], int]) -> None:
        if self.stepping is not None:
            shown = [(m, True) for m in self.marks[self.stepping]] if self.marks else []
        else:
            shown = []  # the newest first; a place marked again keeps its newest ring
            for k in range(self.shown, -1, -1):
                for m in self.marks[k]:
                    if len(shown) < MAX_RINGS and not any(
                            o.rect.inflate(8, 8).contains(m.rect) for o, _c in shown):
                        shown.append((m, k == self.shown))
        radius, edge = px(9), RING_EDGE
        for r, w, rgb in _untangled([(*ring_rect(m.rect.move(origin), px, current), m.rgb)
                                     for m, current in shown]):
            # a dark edge outside and inside the seat's colour: seen on light and dark ground
            pygame.draw.rect(surface, INK_EDGE, r.inflate(2 * edge, 2 * edge), w + 2 * edge,
                             border_radius=radius + edge)
            pygame.draw.rect(surface, rgb, r, w, border_radius=radius)

    def forget_pictures(self, size: tuple[int, int]) -> None:
        """The board is now ``size`` (a resize, a panel folded): old pictures compare with
        nothing, the marks drawn on the old board go."""
        self.size = tuple(size)
        self._picture, self._fade_from = None, None
        self._capture = True
        for k in range(len(self.marks)):
            self.marks[k] = []


def _equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - a state without equality: trust the match
        return False
