"""The working context of ``decide``: ``Ctx`` applies each event to a working copy as the rules
produce it; names of seats; the end-of-game trigger that any part of the rules may pull."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Event

from .board import set_in
from .events import Logged, Set
from .state import PlayerState, Step, WMState, evolve, step_tuple


#: how each event named for what happened changes the state: one small function per kind,
#: registered by the module that holds its rules (``@applies(RoundBegan)``)
Applier = Callable[[WMState, Any], WMState]
APPLY: dict[type, Applier] = {}


def applies(cls: type) -> Callable[[Applier], Applier]:
    def register(fn: Applier) -> Applier:
        APPLY[cls] = fn
        return fn
    return register


class Ctx:
    """Applies each event to a working copy as ``decide`` produces it."""

    def __init__(self, state: WMState) -> None:
        self.s = state
        self.ev: list[Event] = []
        # the stack as events write it: kept on the state ``decide`` ends on (``keep_written``)
        self._written: tuple[tuple, ...] | None = state.__dict__.get("_stack_t")

    def set(self, path: tuple, value: Any, cls: type = Set) -> None:
        e = cls(tuple(path), value)
        self.ev.append(e)
        new = set_in(self.s, e.path, value)
        # the match applies this event to this state next: keep the result for ``apply`` (a
        # memo in ``__dict__``, never a field; ``apply`` uses it up)
        self.s.__dict__["_ahead"] = (e, new)
        self.s = new

    def emit(self, e: Event) -> None:
        """An event named for what happened, applied by its function in ``APPLY``."""
        self.ev.append(e)
        new = APPLY[e.__class__](self.s, e)
        self.s.__dict__["_ahead"] = (e, new)
        self.s = new

    def log(self, text: str) -> None:
        self.ev.append(Logged(text[:1].upper() + text[1:]))

    def p(self, seat: int) -> PlayerState:
        return self.s.pl[seat]

    def pset(self, seat: int, field: str, value: Any) -> None:
        self.set(("pl", seat, field), value)

    def padd(self, seat: int, field: str, delta: int, index: int | None = None) -> None:
        cur = getattr(self.p(seat), field)
        if index is None:
            self.pset(seat, field, cur + delta)
        else:
            self.set(("pl", seat, field, index), cur[index] + delta)

    def top(self) -> Step:
        return self.s.stack[-1]

    def stack_tuples(self) -> tuple[tuple, ...]:
        """The stack as its events write it (``step_tuple``), kept along as it changes."""
        if self._written is None:
            self._written = tuple(map(step_tuple, self.s.stack))
        return self._written

    def keep_written(self) -> None:
        """Leave the written stack on the state worked out last (a memo, never a field), for
        the next ``decide`` from it."""
        if self._written is not None:
            self.s.__dict__["_stack_t"] = self._written

    def set_stack(self, steps: tuple[Step, ...], written: tuple[tuple, ...]) -> None:
        """The stack becomes ``steps``; its event holds them as ``written``."""
        e = Set(("stack",), written)
        self.ev.append(e)
        new = evolve(self.s, "stack", steps)
        self.s.__dict__["_ahead"] = (e, new)
        self.s = new
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
    return s.names[seat] if 0 <= seat < len(s.names) else "Lativ"


def order_text(s: WMState, order: tuple[int, ...]) -> str:
    return ", ".join(name_of(s, x) for x in order)


def trigger(c: Ctx, why: str) -> None:
    """"Finish the current Round, and then play 1 last round\""""
    c.set(("triggers",), c.s.triggers + (why,))
    if not c.s.final_round:
        c.set(("final_round",), c.s.round + 1)
        c.log(f"The end of the game is triggered: {why}. The current round is finished, then "
              f"round {c.s.round + 1} is the last, without Phase C.")
