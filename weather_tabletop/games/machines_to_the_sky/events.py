"""Events of Machines To The Sky (frozen dataclasses of ints, strs, bools and tuples).

``chance`` events carry a shuffle's outcome; ``reveal`` events show a seat (or everyone) a
card that was hidden. Both are undo barriers (engine/match.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from weather_tabletop.engine.protocol import Event


@dataclass(frozen=True)
class SetupShuffled(Event):
    """Setup steps 3-5, 10 and Solo Mode: every shuffle of the setup."""

    chance = True
    project_deck: tuple[int, ...]
    contact_deck: tuple[int, ...]
    event_deck: tuple[int, ...]
    unique_unused: tuple[int, ...]
    ark_track: tuple[tuple[int, ...], ...]
    automa_deck: tuple[int, ...]
    red_pool: tuple[int, ...]
    automa_unused: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    actors_unused: tuple[int, ...]


@dataclass(frozen=True)
class StepBegan(Event):
    """The game moves to a phase/step; ``current`` waits for a decision, ``queue`` follows."""

    round: int
    phase: str
    current: int
    queue: tuple[int, ...]


@dataclass(frozen=True)
class ProjectDrawn(Event):
    """A seat draws the top Project of the deck into its hand."""

    reveal = True
    seat: int
    card: int


@dataclass(frozen=True)
class ContactDrawn(Event):
    reveal = True
    seat: int
    card: int


@dataclass(frozen=True)
class ProjectsReshuffled(Event):
    """The Project deck ran out: the discards are shuffled into a new deck (project rule)."""

    chance = True
    deck: tuple[int, ...]


@dataclass(frozen=True)
class ContactsReshuffled(Event):
    """Contacts: "Should the Contact deck ever run out, shuffle the discarded Contacts"."""

    chance = True
    deck: tuple[int, ...]


@dataclass(frozen=True)
class ActorChosen(Event):
    seat: int
    actor: int


@dataclass(frozen=True)
class PowerDiscarded(Event):
    """Phase 1 step 1: every player discards ALL Power from their Stock."""


@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    kind: str  # "project" or "contact"
    card: int


@dataclass(frozen=True)
class IncomeTaken(Event):
    """Phase 1 step 2: Power from the shared Supply, Experts from the player's own Supply."""

    seat: int
    power: int
    experts: int


@dataclass(frozen=True)
class PowerCutApplied(Event):
    """Phase 1: the reduction from hard Automa cards is used up."""


@dataclass(frozen=True)
class BonusUsed(Event):
    seat: int
    token: int
    gain: str
    amount: int


@dataclass(frozen=True)
class Changed(Event):
    """An effect changes a player's Power (shared Supply) or Experts (Stock <-> own Supply)."""

    seat: int
    power: int
    experts: int
    why: str


@dataclass(frozen=True)
class BonusLost(Event):
    """An effect makes a player discard a Bonus token."""

    seat: int
    token: int
    why: str


@dataclass(frozen=True)
class FreeMoves(Event):
    seat: int
    n: int
    why: str


@dataclass(frozen=True)
class EventRevealed(Event):
    """Phase 2: the top card of the Event deck is revealed."""

    reveal = True
    card: int


@dataclass(frozen=True)
class EventResolved(Event):
    """An Event's effect applies now (its player effects follow as separate events)."""

    card: int
    ignored: bool


@dataclass(frozen=True)
class UniqueWaiting(Event):
    """A revealed Unique Event waits for the next Unique Event or the Deadline (Phase 2)."""

    card: int


@dataclass(frozen=True)
class AutomaRevealed(Event):
    """Solo Mode: two random cards of the Automa deck are revealed."""

    chance = True
    cards: tuple[int, ...]


@dataclass(frozen=True)
class AutomaBid(Event):
    """Solo Mode: result B, Automa Experts on a Market Project."""

    slot: int
    n: int
    card: int


@dataclass(frozen=True)
class AutomaChecked(Event):
    """Solo Mode: the bottom condition of a revealed Automa card, looked at in Resolve Bids."""

    card: int
    met: bool


@dataclass(frozen=True)
class AutomaCardAdded(Event):
    """An easy card's condition was met: a random hard card joins the Automa deck."""

    reveal = True
    card: int


@dataclass(frozen=True)
class BidPlaced(Event):
    seat: int
    slot: int
    n: int


@dataclass(frozen=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True)
class ProjectClaimed(Event):
    """Market step 2: the claimant (a seat or AUTOMA) takes the Project of ``slot``."""

    slot: int
    claimant: int


@dataclass(frozen=True)
class PriorityClaimed(Event):
    seat: int


@dataclass(frozen=True)
class MarketDiscarded(Event):
    """Market step 3: a card with no Experts on it is discarded."""

    slot: int


@dataclass(frozen=True)
class MarketFilled(Event):
    reveal = True
    slot: int
    card: int


@dataclass(frozen=True)
class ContactPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True)
class ProjectPlayed(Event):
    seat: int
    card: int
    lane: int


@dataclass(frozen=True)
class CardMoved(Event):
    """Phase 4 Advance/Demote, or an effect's Advance (``cost`` 0, ``free`` False)."""

    seat: int
    src: int
    dst: int
    cost: int
    free: bool


@dataclass(frozen=True)
class TokenTaken(Event):
    seat: int
    level: int
    token: int
    side: str


@dataclass(frozen=True)
class LevelledUp(Event):
    seat: int
    level: int


@dataclass(frozen=True)
class GameEnded(Event):
    pass


EVENTS = (SetupShuffled, StepBegan, ProjectDrawn, ContactDrawn, ProjectsReshuffled,
          ContactsReshuffled, ActorChosen, PowerDiscarded, CardDiscarded, IncomeTaken,
          PowerCutApplied, BonusUsed, Changed, BonusLost, FreeMoves, EventRevealed,
          EventResolved, UniqueWaiting, AutomaRevealed, AutomaBid, AutomaChecked, AutomaCardAdded, BidPlaced,
          Passed, ProjectClaimed, PriorityClaimed, MarketDiscarded, MarketFilled, ContactPlayed,
          ProjectPlayed, CardMoved, TokenTaken, LevelledUp, GameEnded)
