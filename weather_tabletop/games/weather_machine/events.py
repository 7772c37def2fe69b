"""Events of Weather Machine.

Every change to the state is a ``Set`` of one value at a path into the state (attribute names and
tuple indices), so ``apply`` is one small fold and a replay never consults the rules. ``Dealt``
carries the setup's chance outcomes; ``Revealed`` turns up a tile that was hidden in a stack (an
Experiment tile or a Workshop tile), which makes its command impossible to undo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from weather_tabletop.engine.protocol import Event


@dataclass(frozen=True)
class Set(Event):
    path: tuple[Any, ...]
    value: Any


@dataclass(frozen=True)
class Dealt(Event):
    chance = True
    path: tuple[Any, ...]
    value: Any


@dataclass(frozen=True)
class Revealed(Event):
    reveal = True
    path: tuple[Any, ...]
    value: Any


@dataclass(frozen=True)
class Logged(Event):
    """A line for the log (no change to the state)."""

    text: str


EVENTS = (Set, Dealt, Revealed, Logged)
