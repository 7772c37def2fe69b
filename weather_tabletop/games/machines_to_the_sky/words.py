"""The names and card texts of Machines To The Sky's components as catalogue messages
(``locale/en.json``, keys ``mtts.``).

Rules and view never spell a component's name or a card's text: they pass these :class:`Msg`
values as parameters of a sentence's message, so each language names them itself::

    msg("mtts.log.project_played", name="Ana", project=project(3), lane=2)

A card is named by its id in the data files (``mtts.project.<id>.name``); its text is a whole
catalogue entry (``mtts.project.<id>.effect``), written in English from the effect data by
:mod:`.card_text`.
"""

from __future__ import annotations

from functools import lru_cache

from weather_tabletop.i18n import Msg, msg

from . import content as K


def project(card: int) -> Msg:
    return msg(f"mtts.project.{K.PROJECTS[card].id}.name")


def contact(card: int) -> Msg:
    return msg(f"mtts.contact.{K.CONTACTS[card].id}.name")


def event(card: int) -> Msg:
    return msg(f"mtts.event.{K.EVENTS[card].id}.name")


def actor(card: int) -> Msg:
    return msg(f"mtts.actor.{K.ACTORS[card].id}.name")


def element(e: str) -> Msg:
    """An Element's name: "Ecological", "Personnel", "Installations"."""
    return msg(f"mtts.element.{e}")


def card_name(kind: str, card: int) -> Msg:
    """A card of a hand or a pile by its kind ("project", "contact", "event", "actor")."""
    return {"project": project, "contact": contact, "event": event, "actor": actor}[kind](card)


def effect(kind: str, card: int, part: str = "effect") -> Msg:
    """A card's text (``part``: "effect", "permanent", "vp"; an Event's is what each player
    does)."""
    cards = {"project": K.PROJECTS, "contact": K.CONTACTS, "event": K.EVENTS, "actor": K.ACTORS}
    return msg(f"mtts.{kind}.{cards[kind][card].id}.{part}")


def project_text(card: int) -> Msg:
    """A Project's whole text: name, Element, Rating, Phase, effect, permanent effect, VP."""
    p = K.PROJECTS[card]
    params = dict(name=project(card), element=element(p.element), rating=p.rating,
                  phase=p.phase, effect=effect("project", card), vp=effect("project", card, "vp"))
    if p.permanent:
        return msg("mtts.card.project_permanent", permanent=effect("project", card, "permanent"),
                   **params)
    return msg("mtts.card.project", **params)


def contact_text(card: int) -> Msg:
    return msg("mtts.card.contact", name=contact(card), effect=effect("contact", card))


def actor_text(card: int) -> Msg:
    return msg("mtts.card.actor", name=actor(card), effect=effect("actor", card))


def event_kind(card: int) -> Msg:
    return msg(f"mtts.event_kind.{K.EVENTS[card].kind}")


def event_text(card: int) -> Msg:
    return msg("mtts.card.event", name=event(card), kind=event_kind(card),
               effect=effect("event", card))


def automa_body(card: int) -> Msg:
    return msg(f"mtts.automa.{K.AUTOMA[card].id}.text")


def automa_name(card: int) -> Msg:
    """An Automa card as players name it: its difficulty (colour) and number, never its id."""
    a = K.AUTOMA[card]
    return msg("mtts.automa_name_hard" if a.hard else "mtts.automa_name_easy", n=a.number)


def automa_text(card: int) -> Msg:
    a = K.AUTOMA[card]
    return msg("mtts.card.automa_hard" if a.hard else "mtts.card.automa_easy",
               text=automa_body(card))


def mat_text(side: str) -> Msg:
    return msg(f"mtts.mat.{side}.text")


@lru_cache(maxsize=1)
def _named() -> dict[str, Msg]:
    out: dict[str, Msg] = {"setup": msg("mtts.why.setup")}
    for kind, cards in (("project", K.PROJECTS), ("contact", K.CONTACTS), ("event", K.EVENTS),
                        ("actor", K.ACTORS)):
        for i, c in enumerate(cards):
            out.setdefault(c.name, card_name(kind, i))
    return out


def why(recorded: str) -> Msg | str:
    """What caused a change (``Changed.why``, ``BonusLost.why``, ``FreeMoves.why``): the events
    record the card's English name from the data, as saves always have (replay compares events),
    or "setup"; shown as the card's catalogue name."""
    return _named().get(recorded, recorded)
