"""The words of Weather Machine's events: the log line of each event (setup, rounds and phases,
Awards, tiles turned up), rendered from the event's fields when the log is shown."""

from __future__ import annotations

from weather_tabletop.engine.protocol import Event

from . import words as T
from .board import D
from .context import name_of, order_text
from .events import (AssistantPlaced, AwardTaken, ComponentsShuffled, ExperimentBelowDeck,
                     ExperimentDisplayDealt, FinalExperimentsBegan, GoalTilesDealt, LativReturned,
                     NobelPrizeAwarded, PhaseBBegan, PhaseCBegan, Revealed, RoundBegan,
                     StartingPartDealt, StartingTileDealt, TurnOrderDrawn, WorkshopOfferDealt)
from .state import EMPTY, WMState


def describe_setup(s: WMState, e: Event) -> str:
    """The log line of a setup event ("" for those a player does not need to read)."""
    if isinstance(e, ComponentsShuffled):
        return "Setup: the components are shuffled and dealt."
    if isinstance(e, TurnOrderDrawn):
        return f"Setup: the turn order is {order_text(s, e.order)}."
    if isinstance(e, WorkshopOfferDealt):
        return f"Setup: the Workshop offer shows {T.and_list([T.tile(t) for t in e.tiles])}."
    if isinstance(e, ExperimentDisplayDealt):
        return f"Setup: the Experiment display shows {T.and_list([T.experiment(x) for x in e.tiles])}."
    if isinstance(e, ExperimentBelowDeck):
        return f"Setup: {T.experiment(e.tile)} is placed below the deck."
    if isinstance(e, AssistantPlaced):
        return f"Setup: Lativ's Assistant is placed below the {T.weather(e.branch)} branch."
    if isinstance(e, StartingPartDealt):
        return f"Setup: {name_of(s, e.seat)} receives {T.part(e.colour)}."
    if isinstance(e, StartingTileDealt):
        return f"Setup: {name_of(s, e.seat)} receives {T.tile(e.tile)}."
    if isinstance(e, GoalTilesDealt) and e.goals:
        return (f"Setup: {name_of(s, e.seat)} receives the 9 Goal tiles of set "
                f"{D.goals[e.goals[0]].set}.")
    return ""


def describe_round(s: WMState, e: Event) -> str:
    """The log line of an event of the rounds (the beginning of a round or phase) or of a
    Breakthrough's Awards."""
    if isinstance(e, RoundBegan):
        last = " This is the final round." if e.final else ""
        return f"Round {e.round} begins, Phase A. Turn order: {order_text(s, e.order)}.{last}"
    if isinstance(e, FinalExperimentsBegan):
        return ("Phase B of the final round: starting with the Assistant's branch, every completed "
                "branch with a matching Experiment tile runs its experiment.")
    if isinstance(e, PhaseBBegan):
        b = e.branch
        if e.runs:
            return (f"Phase B: the {T.weather(b)} branch is full and {T.experiment(e.tile)} is in "
                    f"the display, so the {T.weather(b)} experiment runs.")
        why = ("no Experiment tile in the display matches it" if e.tile == EMPTY
               else "not every space of the branch has a Bot")
        return f"Phase B: the {T.weather(b)} experiment does not run: {why}."
    if isinstance(e, PhaseCBegan):
        return f"Phase C: the turn order follows the Initiative markers: {order_text(s, e.order)}."
    if isinstance(e, LativReturned):
        return "Lativ moves back to his space in Supply."
    if isinstance(e, AwardTaken):
        return f"{name_of(s, e.seat)} takes an Award token, {e.total} in all."
    if isinstance(e, NobelPrizeAwarded):
        return f"{name_of(s, e.seat)} takes the Nobel Prize with the third Award token."
    return ""


def describe_revealed(e: Revealed) -> str:
    if e.path == ("up_stack",):
        top = e.value[0] if e.value else EMPTY
        return (f"{T.tile(top)[0].upper()}{T.tile(top)[1:]} is turned up on the face-up Workshop tiles."
                if top >= 0 else "A Workshop tile is turned up.")
    if e.path == ("exp_deck",):
        top = e.value[0] if e.value else EMPTY
        return (f"{T.experiment(top)[0].upper()}{T.experiment(top)[1:]} is turned up on the Experiment deck."
                if top >= 0 else "The Experiment deck is now empty.")
    return "A tile is turned up."
