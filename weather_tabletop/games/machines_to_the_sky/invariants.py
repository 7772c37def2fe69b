"""Invariants of a Machines To The Sky state: Experts (10 per colour), Power tokens (32),
Projects, Contacts and Element tokens are all somewhere, each once; no level of the Ark track
holds more than 4 tokens. Used by the tests and the soak."""

from __future__ import annotations

from . import content as K
from .state import MttsState


def problems(s: MttsState) -> list[str]:
    """What is out of place; empty when all is well."""
    bad = []
    for seat, p in enumerate(s.players):
        on_market = sum(row[seat] for row in s.bids) + s.priority_bids[seat]
        if p.stock + p.supply + on_market != K.EXPERTS:
            bad.append(f"seat {seat}: {p.stock + p.supply + on_market} Experts")
        if p.stock < 0 or p.supply < 0 or p.power < 0:
            bad.append(f"seat {seat}: a negative count")
    if s.power_supply + sum(p.power for p in s.players) != K.POWER_TOKENS or s.power_supply < 0:
        bad.append("Power tokens not conserved")
    projects = (list(s.project_deck) + list(s.project_discard) + [c for c in s.market if c >= 0]
                + list(s.automa_claimed)
                + [c for p in s.players for c in p.hand + sum(p.lanes, ())])
    if sorted(projects) != list(range(len(K.PROJECTS))):
        bad.append("Projects not conserved")
    contacts = (list(s.contact_deck) + list(s.contact_discard)
                + [c for p in s.players for c in p.contacts])
    if sorted(contacts) != list(range(len(K.CONTACTS))):
        bad.append("Contacts not conserved")
    tokens = (sum(s.ark_track, ()) + s.tokens_spent
              + tuple(t for p in s.players for t in p.bonus + tuple(b[0] for b in p.boosts)))
    if sorted(tokens) != list(range(len(K.TOKENS))):
        bad.append("Element tokens not conserved")
    if any(len(level) > 4 for level in s.ark_track):
        bad.append("an Ark level holds more than 4 tokens")
    return bad
