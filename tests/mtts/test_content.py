"""Component data: counts from the component list, every effect inside the language, every card
renders to English from the same data, and the named cards as the rulebook describes them."""

from __future__ import annotations

from collections import Counter

from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky import card_text as TX
from weather_tabletop.games.machines_to_the_sky import effects as FX

from .helpers import pid


def test_component_counts() -> None:
    """Components: 16 Contacts, 12 Events, 30 Automa cards, 8 Actors, 28 Element tokens, 32 Power
    tokens, 10 Experts per colour, 4 coloured mats; at least 48 Projects (the printed 5 cannot
    be right)."""
    assert len(K.PROJECTS) >= 48
    assert len(K.CONTACTS) == 16 and len(K.EVENTS) == 12 and len(K.ACTORS) == 8
    assert len(K.AUTOMA) == 30 and len(K.GREEN) == 15 and len(K.RED) == 15
    assert len(K.TOKENS) == 28 and K.POWER_TOKENS == 32 and K.EXPERTS == 10
    assert Counter(e.kind for e in K.EVENTS) == {"calm": 6, "unique": 5, "deadline": 1}
    assert {"red", "yellow", "green", "blue", "identical"} <= set(K.MATS)
    assert K.MATS["blue"].lane4_scores and not K.MATS["identical"].lane4_scores


def test_ids_are_unique_and_every_entry_has_a_source() -> None:
    for cards in (K.PROJECTS, K.CONTACTS, K.EVENTS, K.ACTORS, K.AUTOMA):
        assert len({c.id for c in cards}) == len(cards)
        assert all(c.source for c in cards)


def test_elements_ecological_commonest_installations_rarest() -> None:
    """Elements: Ecological "The most common Element, often found on Projects with a lower
    Rating"; Installations "the rarest and have the highest potential to earn Victory Points"."""
    count = Counter(p.element for p in K.PROJECTS)
    assert count["ecological"] > count["personnel"] > count["installations"]
    mean = {e: sum(p.rating for p in K.PROJECTS if p.element == e) / count[e] for e in count}
    assert mean["ecological"] < mean["personnel"] < mean["installations"]
    vp = {e: max(TX.render_vp(p.vp) and sum(t["vp"] for t in p.vp) for p in K.PROJECTS
                 if p.element == e) for e in count}
    assert vp["installations"] > vp["personnel"] > vp["ecological"]
    assert all(1 <= p.rating <= 4 for p in K.PROJECTS)
    tokens = Counter(K.TOKENS)
    assert tokens["installations"] > tokens["ecological"]  # Level Ups lean on Installations


def test_named_cards() -> None:
    """Cryosleep has Rating 3 (Bidding Example); Aquarium grants an Ecological Element; Farming
    counts Ecological Elements (Project Cards)."""
    assert K.PROJECTS[pid("cryosleep")].rating == 3
    aquarium = K.PROJECTS[pid("aquarium")]
    assert aquarium.element == "ecological"
    assert aquarium.effect["steps"] == [{"op": "grant", "element": "ecological", "n": 1}]
    farming = K.PROJECTS[pid("farming")]
    assert farming.element == "ecological" and farming.effect["on"] == "income"


def test_every_effect_is_in_the_language_and_renders() -> None:
    """No card does nothing; every effect runs through the one interpreter and renders to text."""
    for p in K.PROJECTS:
        FX.validate(p.effect, p.id)
        if p.permanent:
            FX.validate(p.permanent, p.id)
        assert p.phase == FX.phase_of(p.effect), p.id
        text = TX.render_project(K.PROJECT_BY_ID[p.id])
        assert p.name in text and "None" not in text and "{" not in text
    for cards, render in ((K.CONTACTS, TX.render_contact), (K.EVENTS, TX.render_event),
                          (K.ACTORS, TX.render_actor)):
        for i, c in enumerate(cards):
            FX.validate(c.effect, c.id)
            assert "None" not in render(i)
    for c in K.CONTACTS:
        assert c.effect["on"] in ("income", "market", "management")
    for i, _ in enumerate(K.AUTOMA):
        assert "None" not in TX.render_automa(i)
    for key in K.MATS:
        assert TX.render_mat(key)


def test_rendered_text_examples() -> None:
    assert TX.render_effect(K.PROJECTS[pid("farming")].effect) == (
        "Income: gain 1 Power for each Ecological Element you have besides this card's own.")
    assert TX.render_effect(K.PROJECTS[pid("aquarium")].effect) == "You have 1 more Ecological Element."
    assert TX.render_vp(K.PROJECTS[pid("reactor-core")].vp) == (
        "1 VP + 1 VP for each Installations Project in this lane")
    assert TX.render_effect(K.PROJECTS[pid("sky-anchor")].effect) == (
        "Management (start of your turn): if your Power is at least 2, pay 2 Power, then gain "
        "3 Experts.")
