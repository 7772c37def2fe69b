"""Events of Weather Machine.

The setup deals its chance outcomes as events named for what the rulebook's Game Setup does
(``TurnOrderDrawn``, ``WorkshopOfferDealt``, ``StartingPartDealt``, ...), and rounds and phases
begin with ``RoundBegan``, ``PhaseBBegan``, ``PhaseCBegan`` ...; each is applied by one small
function (``rules.SETUP``, ``context.APPLY``). The rest of play is still recorded as ``Set`` of
one value at a path into the state (attribute names and tuple indices), with ``Logged`` lines
for the log (issue 17 replaces those next); ``Revealed`` turns up a tile that was hidden in a
stack (an Experiment tile or a Workshop tile), which makes its command impossible to undo.

Saves made before the setup events existed hold ``Dealt`` events: ``Dealt`` is kept only to say
so when such a save is opened (``OLDER_VERSION``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from weather_tabletop.engine.protocol import Event


@dataclass(frozen=True)
class Set(Event):
    path: tuple[Any, ...]
    value: Any


OLDER_VERSION = ("this Weather Machine game was saved by an older version of Weather Tabletop, "
                 "whose records of the setup this version no longer reads")


@dataclass(frozen=True)
class Dealt(Event):
    """The setup's record in saves made by older versions: reading one is refused."""
    chance = True
    path: tuple[Any, ...]
    value: Any

    def __post_init__(self) -> None:
        raise TypeError(OLDER_VERSION)


# -- Game Setup (every outcome of chance at the start is one of these) ------------------------


@dataclass(frozen=True)
class ComponentsShuffled(Event):
    """The components are shuffled (the seed's draws begin)."""
    chance = True


@dataclass(frozen=True)
class TurnOrderDrawn(Event):
    """Game Setup 4-6: the turn order, the Initiative markers and the Scientists' spaces."""
    chance = True
    order: tuple[int, ...]


@dataclass(frozen=True)
class WorkshopOfferDealt(Event):
    """Game Setup 9: 4 Workshop tiles face up on the board."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class SubsidiesDealt(Event):
    """Game Setup 10: a Subsidy tile, blue side up, on each space of the Government grid."""
    chance = True
    tiles: tuple[int, ...]  # column by column, top to bottom


@dataclass(frozen=True)
class ExperimentDisplayDealt(Event):
    """Game Setup 16: 3 Experiment tiles in the display."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class ExperimentBelowDeck(Event):
    """Game Setup 16: the next Experiment tile on the space below the deck."""
    chance = True
    tile: int


@dataclass(frozen=True)
class ExperimentDeckDealt(Event):
    """Game Setup 16: the Experiment deck, its top tile face up."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class AssistantPlaced(Event):
    """Game Setup 17: Lativ's Assistant below the branch of the deck's top tile."""
    chance = True
    branch: int


@dataclass(frozen=True)
class StartingPartDealt(Event):
    """Player's Laboratory d: a Machine Part of a random colour."""
    chance = True
    seat: int
    colour: int


@dataclass(frozen=True)
class StartingTileDealt(Event):
    """Player's Laboratory e: a Workshop tile from the face-down ones."""
    chance = True
    seat: int
    tile: int


@dataclass(frozen=True)
class WorkshopStacksDealt(Event):
    """Game Setup 9: the face-up and face-down stacks of Workshop tiles beside the offer."""
    chance = True
    face_up: tuple[int, ...]
    face_down: tuple[int, ...]


@dataclass(frozen=True)
class GoalTilesDealt(Event):
    """Player's Laboratory f: a set of 9 Goal tiles."""
    chance = True
    seat: int
    goals: tuple[int, ...]


# -- rounds and phases ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundBegan(Event):
    """A round begins with Phase A: Player Turns, in turn order (``final``: the last round)."""
    round: int
    order: tuple[int, ...]
    final: bool


@dataclass(frozen=True)
class PhaseBBegan(Event):
    """Phase B: Run Weather Machine Experiment, in the branch of Lativ's Assistant: it runs if
    the branch is full and an Experiment tile of its weather (``tile``, -1 if none) is in the
    display."""
    branch: int
    tile: int
    runs: bool


@dataclass(frozen=True)
class FinalExperimentsBegan(Event):
    """Phase B of the final round: every completed branch with a matching tile runs."""


@dataclass(frozen=True)
class PhaseCBegan(Event):
    """Phase C: End of Round: the turn order follows the Initiative markers."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class LativReturned(Event):
    """"After players have gained their income, move Lativ to his space in Supply"."""


ROUND_EVENTS = (RoundBegan, PhaseBBegan, FinalExperimentsBegan, PhaseCBegan, LativReturned)


# -- Breakthroughs ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AwardTaken(Event):
    """Breakthrough step 4: an Award token from the reserve (``total``: the seat's Awards now)."""
    seat: int
    total: int


@dataclass(frozen=True)
class NobelPrizeAwarded(Event):
    """"The first player to take their third Award token also takes the Nobel Prize"."""
    seat: int


BREAKTHROUGH_EVENTS = (AwardTaken, NobelPrizeAwarded)

SETUP_EVENTS = (ComponentsShuffled, TurnOrderDrawn, WorkshopOfferDealt, SubsidiesDealt,
                ExperimentDisplayDealt, ExperimentBelowDeck, ExperimentDeckDealt, AssistantPlaced,
                StartingPartDealt, StartingTileDealt, WorkshopStacksDealt, GoalTilesDealt)


@dataclass(frozen=True)
class Revealed(Event):
    reveal = True
    path: tuple[Any, ...]
    value: Any


@dataclass(frozen=True)
class Logged(Event):
    """A line for the log (no change to the state)."""

    text: str


EVENTS = (Set, Revealed, Logged, Dealt) + SETUP_EVENTS + ROUND_EVENTS + BREAKTHROUGH_EVENTS
