"""The events of Meteo: what happened, folded into the state by ``rules.Meteo.apply``."""

from __future__ import annotations

from dataclasses import dataclass

from weather_tabletop.engine.protocol import Event

Pos = tuple[int, int]


@dataclass(frozen=True)
class SupplyShuffled(Event):
    """The supply (with any markers returning to it) is shuffled face down: its new order."""

    chance = True
    order: tuple[str, ...]


@dataclass(frozen=True)
class MarkerDrawn(Event):
    """``seat`` draws the top marker of the supply into its secret hand."""

    chance = True
    reveal = True
    seat: int


@dataclass(frozen=True)
class FaceUpTurned(Event):
    """The top marker of the supply is turned face up beside it."""

    chance = True
    reveal = True


@dataclass(frozen=True)
class FaceUpTaken(Event):
    seat: int
    kind: str


@dataclass(frozen=True)
class TurnBegan(Event):
    seat: int
    round: int


@dataclass(frozen=True)
class PhaseBegan(Event):
    phase: str


@dataclass(frozen=True)
class MarkerPlaced(Event):
    seat: int
    kind: str
    pos: Pos


@dataclass(frozen=True)
class MarkersCancelled(Event):
    """``kind`` from the seat's hand was played on ``lying``: both go back to the supply."""

    seat: int
    kind: str
    pos: Pos
    lying: str


@dataclass(frozen=True)
class FigureRelocated(Event):
    seat: int
    owner: int
    src: Pos
    dst: Pos
    home: bool  # sent back to the starting village


@dataclass(frozen=True)
class WitchRelocated(Event):
    seat: int
    witch: int
    src: Pos
    dst: Pos
    home: bool  # sent back to her grey dot


@dataclass(frozen=True)
class FigureStepped(Event):
    seat: int
    src: Pos
    dst: Pos


@dataclass(frozen=True)
class WitchStepped(Event):
    seat: int
    witch: int
    src: Pos
    dst: Pos


@dataclass(frozen=True)
class MarkerRemoved(Event):
    """The witch moved this turn removes a marker in her sight; it goes back to the supply."""

    seat: int
    witch: int
    pos: Pos
    kind: str


@dataclass(frozen=True)
class DieRolled(Event):
    chance = True
    seat: int
    face: int


@dataclass(frozen=True)
class MarkersBlown(Event):
    """Every marker shifts one space ``direction`` at once: ``moves`` are (from, to) pairs,
    ``lost`` the spaces whose markers could not lie where they landed (back to the supply)."""

    direction: str
    moves: tuple[tuple[Pos, Pos], ...]
    lost: tuple[Pos, ...]


@dataclass(frozen=True)
class WindAdvanced(Event):
    space: int


@dataclass(frozen=True)
class DiePassed(Event):
    seat: int


@dataclass(frozen=True)
class EndTriggered(Event):
    """``seat`` has all its figures in its own half: the round is played to its end."""

    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    """End of the Game: the last round is played to its end (why is told from the state: a
    seat's figures all home, or the round limit)."""


def _game_ended_without_reason(record: dict) -> dict:
    """Saves of earlier versions recorded ``GameEnded`` with an English ``reason``: the
    event is the same without it (issue 17: a save file holds no prose)."""
    return {"t": "GameEnded"}


#: records written by earlier versions, upgraded when read (``engine.codec.older_records``)
OLDER_RECORDS = {"GameEnded": _game_ended_without_reason}


EVENTS = (SupplyShuffled, MarkerDrawn, FaceUpTurned, FaceUpTaken, TurnBegan, PhaseBegan,
          MarkerPlaced, MarkersCancelled, FigureRelocated, WitchRelocated, FigureStepped,
          WitchStepped, MarkerRemoved, DieRolled, MarkersBlown, WindAdvanced, DiePassed,
          EndTriggered, GameEnded)
