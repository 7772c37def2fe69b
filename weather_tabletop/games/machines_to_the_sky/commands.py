"""Commands of Machines To The Sky: what a seat asks for (frozen dataclasses, first field seat).

Lanes are 1-4; ``slot`` is a Market slot index or -1 for the Priority token space; cards are
indexes into :mod:`.content`.
"""

from __future__ import annotations

from dataclasses import dataclass

from weather_tabletop.engine.protocol import Command


@dataclass(frozen=True)
class ChooseActor(Command):
    """Setup step 10: keep one of the two Actors dealt."""

    actor: int


@dataclass(frozen=True)
class Discard(Command):
    """Phase 1 step 1: discard a card above the hand limit. kind: "project" or "contact"."""

    kind: str
    card: int


@dataclass(frozen=True)
class UseBonus(Command):
    """Phase 1 step 2: discard a Bonus token for 3 Power or 3 Experts. gain: "power"/"experts"."""

    token: int
    gain: str


@dataclass(frozen=True)
class EndIncome(Command):
    """Phase 1 step 2: done with Bonus tokens (and Contacts)."""


@dataclass(frozen=True)
class PlayContact(Command):
    """Contacts: the Priority holder plays a Contact at the time it states."""

    card: int


@dataclass(frozen=True)
class Bid(Command):
    """Market step 1: put n Experts from Stock on a Market slot or the Priority space (-1)."""

    slot: int
    n: int


@dataclass(frozen=True)
class Pass(Command):
    """Market step 1: pass (final for the rest of the Bidding)."""


@dataclass(frozen=True)
class PlayProject(Command):
    """Phase 4: play a Project from hand as the new top card of a lane >= its Rating."""

    card: int
    lane: int


@dataclass(frozen=True)
class Advance(Command):
    """Phase 4: pay the mat's Advance cost, move the top card of ``lane`` to lane + 1."""

    lane: int


@dataclass(frozen=True)
class Demote(Command):
    """Phase 4: pay the mat's Demote cost, move the top card of ``lane`` to lane - 1."""

    lane: int


@dataclass(frozen=True)
class EndManagement(Command):
    """Phase 4: this seat is done managing."""


@dataclass(frozen=True)
class ChooseLevelUp(Command):
    """Phase 5 step 2: the Priority player chooses who resolves their Level Up next."""

    who: int


@dataclass(frozen=True)
class TakeToken(Command):
    """Phase 5 step 2: take a token from the next Ark Level. side: "bonus", "lane1", "lanes23"."""

    token: int
    side: str


@dataclass(frozen=True)
class SkipToken(Command):
    """Phase 5 step 2: Level Up without taking a token."""


COMMANDS = (ChooseActor, Discard, UseBonus, EndIncome, PlayContact, Bid, Pass, PlayProject,
            Advance, Demote, EndManagement, ChooseLevelUp, TakeToken, SkipToken)
