"""The state of Weather Machine's solo opponent, "the Saboteurs" (``WMState.solo``; None in a
game of several players): frozen dataclasses holding tuples only.

Sections cited are those of ``../shared/rules/weather-machine-solo.md``. The Saboteurs' Bots on
the main board are ``SABOTEUR`` in ``gov_bots``, ``lab`` and ``rnd`` (as a seat number is); their
Research tokens are written as the Office's are, ``"<colour>:<weather>"`` with colour G
(Government), L (Lab) or R (R&D), the Main Location each came from (§4.5.6). Security Reports are
their ids (1-20, ``solo_data.SOLO.report``); piles are written top first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .solo_data import MAIN_LOCATIONS
# the dataclasses live in state.py, whose module a checkpoint's state is read with
# (``checkpoint.state_codec``)
from .state import Hideout, ReportDeck, SoloState  # noqa: F401

#: a Saboteur Bot on a space of the main board (a seat is 0 and up; state.EMPTY is -1, LATIV -2,
#: BLOCKED -3, GOVERNMENT_MARKER -4)
SABOTEUR = -5
#: the seat the Saboteurs hold on the Turn Order and Initiative tracks (§2.3 step 7): after the
#: player's seat 0
from .context import SABOTEURS_SEAT  # noqa: E402,F401
#: no Security Report (an empty current report, §7 G2)
from .state import NO_REPORT  # noqa: E402,F401 - (the same number)
#: an agent that is on no action space
NOWHERE = (0, -1)
#: the colour letter of a Research token by the Main Location it came from (§4.5.6)
TOKEN_COLOUR = {loc: "GLR"[i] for i, loc in enumerate(MAIN_LOCATIONS)}


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
