"""The commands a seat may give in Meteo (rulebook: "Course of Play").

Positions are ``(q, r)`` tuples of the island's axial coordinates (see ``board.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from weather_tabletop.engine.protocol import Command

Pos = tuple[int, int]


@dataclass(frozen=True)
class PlaceMarker(Command):
    """1. Place Weather Markers: play ``kind`` from the hand onto the landscape at ``pos``, or onto
    the marker lying there that it cancels."""

    kind: str
    pos: Pos


@dataclass(frozen=True)
class EndPlacement(Command):
    """1. Place Weather Markers: place no (more) markers this turn."""


@dataclass(frozen=True)
class RelocateFigure(Command):
    """Move a figure of seat ``owner`` off the impassable space ``src`` to ``dst``: a passable
    neighbouring space, or its starting village when there is none."""

    owner: int
    src: Pos
    dst: Pos


@dataclass(frozen=True)
class RelocateWitch(Command):
    """Move witch ``witch`` off an impassable space to ``dst``: a passable neighbouring space, or
    her grey dot when there is none."""

    witch: int
    dst: Pos


@dataclass(frozen=True)
class StepFigure(Command):
    """2. Move Figures: one step of one of the seat's own figures from ``src`` to ``dst``."""

    src: Pos
    dst: Pos


@dataclass(frozen=True)
class StepWitch(Command):
    """2. Move Figures: one step of witch ``witch`` (at most one witch per turn)."""

    witch: int
    dst: Pos


@dataclass(frozen=True)
class EndMovement(Command):
    """2. Move Figures: stop moving (steps left over are lost)."""


@dataclass(frozen=True)
class RemoveMarker(Command):
    """2. Weather witch: the witch moved this turn removes the marker at ``pos`` in her sight."""

    pos: Pos


@dataclass(frozen=True)
class SkipRemoval(Command):
    """2. Weather witch: remove no marker."""


@dataclass(frozen=True)
class DrawMarker(Command):
    """3. Draw Weather Markers: ``source`` is "supply" or the kind of a face-up marker."""

    source: str


@dataclass(frozen=True)
class RollWind(Command):
    """4. Make Wind: the wind marker stands on a blue space; roll the die."""


COMMANDS = (PlaceMarker, EndPlacement, RelocateFigure, RelocateWitch, StepFigure, StepWitch,
            EndMovement, RemoveMarker, SkipRemoval, DrawMarker, RollWind)
