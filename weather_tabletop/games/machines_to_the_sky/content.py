"""The component data of Machines To The Sky, loaded once from ``data/*.toml``.

Cards are addressed by their index in these tuples (``PROJECTS[i]``); the state holds only those
ints. Effects stay the plain dicts of the data files: :mod:`.effects` runs and renders them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

ELEMENTS: tuple[str, ...] = ("ecological", "personnel", "installations")
ELEMENT_NAMES = {"ecological": "Ecological", "personnel": "Personnel",
                 "installations": "Installations"}


def _load(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@dataclass(frozen=True)
class Project:
    id: str
    name: str
    element: str
    rating: int
    phase: int
    effect: dict[str, Any]
    permanent: dict[str, Any] | None
    vp: tuple[dict[str, Any], ...]
    source: str


@dataclass(frozen=True)
class Card:
    """A Contact, an Event or an Actor: a name and one effect."""

    id: str
    name: str
    effect: dict[str, Any]
    source: str
    kind: str = ""  # events: calm, unique, deadline


@dataclass(frozen=True)
class AutomaCard:
    id: str
    colour: str  # "green" (easy) or "red" (hard)
    a: dict[str, Any]
    b: int
    check: dict[str, Any]
    source: str

    @property
    def hard(self) -> bool:
        return self.colour == "red"

    @property
    def number(self) -> int:
        """The card's number within its colour (1-15), as players name it ("easy card 3"); the
        id's letter is the colour."""
        return int(self.id[1:])


@dataclass(frozen=True)
class Mat:
    side: str
    base_power: int
    base_experts: int
    empty_power: tuple[int, ...]
    empty_experts: tuple[int, ...]
    advance_cost: int
    demote_cost: int
    lane4_scores: bool
    source: str = ""  # "project": a unique side that is this edition's own


_projects = _load("projects.toml")["project"]
PROJECTS: tuple[Project, ...] = tuple(
    Project(p["id"], p["name"], p["element"], p["rating"], p["phase"], p["effect"],
            p.get("permanent"), tuple(p.get("vp", ())), p["source"]) for p in _projects)
CONTACTS: tuple[Card, ...] = tuple(Card(c["id"], c["name"], c["effect"], c["source"])
                                   for c in _load("contacts.toml")["contact"])
EVENTS: tuple[Card, ...] = tuple(Card(c["id"], c["name"], c["effect"], c["source"], c["kind"])
                                 for c in _load("events.toml")["event"])
ACTORS: tuple[Card, ...] = tuple(Card(c["id"], c["name"], c["effect"], c["source"])
                                 for c in _load("actors.toml")["actor"])
AUTOMA: tuple[AutomaCard, ...] = tuple(
    AutomaCard(c["id"], c["colour"], c["a"], c["b"], c["check"], c["source"])
    for c in _load("automa.toml")["automa"])

_components = _load("components.toml")
C: dict[str, Any] = _components
ROUNDS: int = C["rounds"]
HAND_LIMIT: int = C["hand_limit"]
POWER_TOKENS: int = C["power_tokens"]
EXPERTS: int = C["experts_per_colour"]
ARK_LEVELS: int = C["ark"]["levels"]
ARK_MAX: tuple[int, ...] = (C["ark"]["below_track_maximum"], *C["ark"]["maximums"])
TOKENS: tuple[str, ...] = tuple(t["element"] for t in C["tokens"] for _ in range(t["count"]))
MATS: dict[str, Mat] = {
    key: Mat(key, m["base_power"], m["base_experts"], tuple(m["empty_power"]),
             tuple(m["empty_experts"]), m["advance_cost"], m["demote_cost"], m["lane4_scores"],
             m["source"])
    for key, m in C["mat"].items()}

CALM = tuple(i for i, e in enumerate(EVENTS) if e.kind == "calm")
UNIQUE = tuple(i for i, e in enumerate(EVENTS) if e.kind == "unique")
DEADLINE = next(i for i, e in enumerate(EVENTS) if e.kind == "deadline")
GREEN = tuple(i for i, a in enumerate(AUTOMA) if not a.hard)
RED = tuple(i for i, a in enumerate(AUTOMA) if a.hard)

PROJECT_BY_ID = {p.id: i for i, p in enumerate(PROJECTS)}
