"""The state of Weather Machine's solo opponent, "the Saboteurs" (``WMState.solo``; None in a
game of several players): frozen dataclasses holding tuples only.

Sections cited are those of ``../shared/rules/weather-machine-solo.md``. The Saboteurs' Bots on
the main board are ``SABOTEUR`` in ``gov_bots``, ``lab`` and ``rnd`` (as a seat number is); their
Research tokens are written as the Office's are, ``"<colour>:<weather>"`` with colour G
(Government), L (Lab) or R (R&D), the Main Location each came from (§4.5.6). Security Reports are
their ids (1-20, ``solo_data.SOLO.report``); piles are written top first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .solo_data import MAIN_LOCATIONS, PINK, SOLO, WHITE

#: a Saboteur Bot on a space of the main board (a seat is 0 and up; state.EMPTY is -1, LATIV -2,
#: BLOCKED -3, GOVERNMENT_MARKER -4)
SABOTEUR = -5
#: the seat the Saboteurs hold on the Turn Order and Initiative tracks (§2.3 step 7): after the
#: player's seat 0
SABOTEURS_SEAT = 1
#: no Security Report (an empty current report, §7 G2)
NO_REPORT = 0
#: an agent that is on no action space
NOWHERE = (0, -1)
#: the colour letter of a Research token by the Main Location it came from (§4.5.6)
TOKEN_COLOUR = {loc: "GLR"[i] for i, loc in enumerate(MAIN_LOCATIONS)}


@dataclass(frozen=True)
class Hideout:
    """§2.2 "Hideout": the Saboteurs' Bots, Chemicals (by weather), Research tokens
    (``"G:0"`` ...) and Award tokens. "The Saboteurs have no Workshop limits."."""
    bots: int
    chemicals: tuple[int, ...]
    tokens: tuple[str, ...]
    awards: int


@dataclass(frozen=True)
class ReportDeck:
    """§3.4 The Security Report deck: the draw pile (hidden, top first), the current report
    (shown to the player; ``NO_REPORT`` when none), the discard pile (top first: its top card is
    the priority card, §3.3) and the cards out of the game (The Clock is Ticking, §3.6)."""
    draw: tuple[int, ...]
    current: int
    discard: tuple[int, ...]
    removed: tuple[int, ...]

    @property
    def priority(self) -> int:
        """The priority card: "the top card of the discard pile" (§2.2), or ``NO_REPORT``."""
        return self.discard[0] if self.discard else NO_REPORT


@dataclass(frozen=True)
class SoloState:
    """The Saboteurs (§2): where their two agents stand (``agents[WHITE]``, ``agents[PINK]``:
    (location, space), ``NOWHERE`` before setup), their Hideout, the Target Value (§2.2), the
    Security Report deck, the Challenge cards chosen (§6, ids), the uses of Call Security this
    turn (§3.5, G17), a two-token set awaiting the player's choice (§4.5.6, G13: its
    weather, -1 none), the Award tokens their sets removed from the game, and the game's outcome
    once decided by a solo end condition (§5: ``"won"`` or ``"lost"`` and the reason's key)."""
    agents: tuple[tuple[int, int], ...]
    hideout: Hideout
    tv: int
    deck: ReportDeck
    challenges: tuple[int, ...]
    security_calls: int
    pending_set: int
    awards_spent: int
    outcome: tuple[str, str]

    def agent_at(self, loc: int, space: int) -> int:
        """The agent on an action space (WHITE or PINK), or -1."""
        for a in (WHITE, PINK):
            if self.agents[a] == (loc, space):
                return a
        return -1

    def effects(self, kind: type) -> tuple[Any, ...]:
        """The effects of ``kind`` on the Challenge cards in play (§6)."""
        return SOLO.effects(self.challenges, kind)


def empty_solo(challenges: tuple[int, ...] = ()) -> SoloState:
    """The Saboteurs before their setup (§2.3): no agent placed, an empty Hideout and deck."""
    return SoloState(
        agents=(NOWHERE, NOWHERE), hideout=Hideout(0, (0,) * 5, (), 0), tv=0,
        deck=ReportDeck((), NO_REPORT, (), ()), challenges=tuple(challenges), security_calls=0,
        pending_set=-1, awards_spent=0, outcome=("", ""))


def with_hideout(solo: SoloState, **changes: Any) -> SoloState:
    """``solo`` with fields of its Hideout changed."""
    return replace(solo, hideout=replace(solo.hideout, **changes))


def with_deck(solo: SoloState, **changes: Any) -> SoloState:
    """``solo`` with fields of its Security Report deck changed."""
    return replace(solo, deck=replace(solo.deck, **changes))


def older_wm_state(record: dict[str, Any]) -> dict[str, Any]:
    """A ``WMState`` record of a checkpoint written before the state had its ``solo`` field (a
    game of several players): the same state, with no Saboteurs."""
    return record if "solo" in record else {**record, "solo": None}
