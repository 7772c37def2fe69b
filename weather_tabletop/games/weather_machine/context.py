"""The working context of ``decide``: ``Ctx`` applies each event to a working copy as the rules
produce it (each kind by its function in ``APPLY``); names of seats; the end-of-game trigger that
any part of the rules may pull."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Event

from weather_tabletop.i18n import msg, tr

from .events import GameEndTriggered, StepsChanged
from .state import PlayerState, Step, Trigger, WMState, evolve, evolve_fields, step_tuple

#: the Saboteurs' seat on the Turn Order and Initiative tracks (solo §2.3 step 7, after the
#: player's seat 0; ``solo_state`` names it too)
SABOTEURS_SEAT = 1

#: how each event named for what happened changes the state: one small function per kind,
#: registered by the module that holds its rules (``@applies(RoundBegan)``)
Applier = Callable[[WMState, Any], WMState]
APPLY: dict[type, Applier] = {}


def applies(cls: type) -> Callable[[Applier], Applier]:
    def register(fn: Applier) -> Applier:
        APPLY[cls] = fn
        return fn
    return register


def with_player(s: WMState, seat: int, **changes: Any) -> WMState:
    """``s`` with fields of one player's state changed."""
    pl = list(s.pl)
    pl[seat] = evolve_fields(pl[seat], **changes)
    return evolve(s, "pl", tuple(pl))


def put(t: tuple, i: int, value: Any) -> tuple:
    """``t`` with ``value`` at index ``i``."""
    return t[:i] + (value,) + t[i + 1:]


def put2(t: tuple, i: int, j: int, value: Any) -> tuple:
    """``t`` (a tuple of tuples) with ``value`` at ``[i][j]``."""
    return t[:i] + (put(t[i], j, value),) + t[i + 1:]


def add(t: tuple, i: int, delta: int) -> tuple:
    """``t`` with ``delta`` added at index ``i``."""
    return t[:i] + (t[i] + delta,) + t[i + 1:]


class Ctx:
    """Applies each event to a working copy as ``decide`` produces it."""

    def __init__(self, state: WMState) -> None:
        self.s = state
        self.ev: list[Event] = []
        # the stack as events write it: kept on the state ``decide`` ends on (``finish``)
        self._written: tuple[tuple, ...] | None = state.__dict__.get("_stack_t")
        # the state before changes of the stack not yet written as an event: consecutive
        # changes (a step taken off, the next pushed) are written as one ``StepsChanged``
        self._unwritten_from: WMState | None = None

    def emit(self, e: Event) -> None:
        """An event named for what happened, applied by its function in ``APPLY``."""
        if self._unwritten_from is not None:
            self._write_stack()
        self.ev.append(e)
        new = APPLY[e.__class__](self.s, e)
        if new is self.s:  # a line of the log only: the state is the same object
            return
        # the match applies this event to this state next: keep the result for ``apply`` (a
        # memo in ``__dict__``, never a field; ``apply`` uses it up)
        self.s.__dict__["_ahead"] = (e, new)
        self.s = new

    def p(self, seat: int) -> PlayerState:
        return self.s.pl[seat]

    def top(self) -> Step:
        return self.s.stack[-1]

    def stack_tuples(self) -> tuple[tuple, ...]:
        """The stack as its events write it (``step_tuple``), kept along as it changes."""
        if self._written is None:
            self._written = tuple(map(step_tuple, self.s.stack))
        return self._written

    def finish(self) -> None:
        """The end of ``decide``: the last changes of the stack written, and the written stack
        left on the state worked out last (a memo, never a field) for the next ``decide``."""
        if self._unwritten_from is not None:
            self._write_stack()
        if self._written is not None:
            self.s.__dict__["_stack_t"] = self._written

    def _write_stack(self) -> None:
        e = StepsChanged(self._written)
        self.ev.append(e)
        # the match applies this event to the state before the changes next (as ``emit``)
        self._unwritten_from.__dict__["_ahead"] = (e, self.s)
        self._unwritten_from = None

    def set_stack(self, steps: tuple[Step, ...], written: tuple[tuple, ...]) -> None:
        """The stack becomes ``steps``, written as ``written`` in the ``StepsChanged`` event of
        this change and those that follow it before another event."""
        if self._unwritten_from is None:
            self._unwritten_from = self.s
        self.s = evolve(self.s, "stack", steps)
        self._written = written

    def push(self, *steps: Step) -> None:
        """Push steps; the first one given ends on top (runs first)."""
        pushed = steps[::-1]
        self.set_stack(self.s.stack + pushed, self.stack_tuples() + tuple(map(step_tuple, pushed)))

    def pop(self) -> Step:
        top = self.s.stack[-1]
        self.set_stack(self.s.stack[:-1], self.stack_tuples()[:-1])
        return top

    def retop(self, step: Step) -> None:
        self.set_stack(self.s.stack[:-1] + (step,), self.stack_tuples()[:-1] + (step_tuple(step),))

def name_of(s: WMState, seat: int) -> str:
    """A seat's name; solo: the Saboteurs' seat names "the Saboteurs" (solo §2.2)."""
    if 0 <= seat < len(s.names):
        return s.names[seat]
    if s.solo is not None and seat == SABOTEURS_SEAT:
        return tr(msg("wm.solo.saboteurs"))
    return "Lativ"


def order_text(s: WMState, order: tuple[int, ...]) -> str:
    return ", ".join(name_of(s, x) for x in order)


def trigger(c: Ctx, reason: str, seat: int = -1) -> None:
    """"Finish the current Round, and then play 1 last round" (``reason``: the trigger's
    message key)."""
    c.emit(GameEndTriggered(reason, seat, 0 if c.s.final_round else c.s.round + 1))


@applies(GameEndTriggered)
def _game_end_triggered(s: WMState, e: GameEndTriggered) -> WMState:
    triggers = s.triggers + (Trigger(e.reason, e.seat),)
    if e.last_round:
        return evolve_fields(s, triggers=triggers, final_round=e.last_round)
    return evolve(s, "triggers", triggers)
