"""The one interpreter of the effect language (data/README.md).

Every Project, Contact, Event and Actor effect is data: ``{on = ..., steps = [...]}``. This
module runs it for a player (:func:`run`, :func:`income`); :mod:`.card_text` writes the English
card texts from the same data into the catalogue (``locale/en.json``, keys ``mtts.project.<id>.``
...), and a test holds the two together, so text and behaviour cannot drift apart. There are no
per-card functions.

Rulebook, "Project Cards": "An effect only applies if all parts of it can be applied." --
:func:`run` plays the steps on a scratch state and returns None if a ``pay`` cannot be paid or a
``gain`` cannot be taken in full from the Supply.
"""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.chance import rng
from weather_tabletop.engine.protocol import Event

from . import content as K
from . import events as E
from .state import MttsState, Source, elements

Fold = Callable[[MttsState, Event], MttsState]

TRIGGERS = ("income", "market", "management", "levelup", "advance", "static", "now")
OPS = ("gain", "pay", "lose", "draw", "free_moves", "grant", "modify", "if")
COUNTS = ("element", "projects", "empty_lanes", "ark", "power", "experts", "hand", "bonus", "lane")
STATS = ("advance_cost", "demote_cost", "hand_limit")


class EffectError(ValueError):
    """A data file holds an effect outside the language."""


# -- reading the state ----------------------------------------------------------------------


def count(state: MttsState, seat: int, spec: dict[str, Any], src: Source | None) -> int:
    """The value of a count (data/README.md, "Counts") for ``seat``; ``src`` gives "this"."""
    p = state.players[seat]
    kind = spec["count"]
    if kind == "element":
        n = elements(p)[spec["element"]]
        if spec.get("other") and src is not None and src.kind == "project" \
                and K.PROJECTS[src.card].element == spec["element"]:
            n -= 1
        return max(0, n)
    if kind == "projects":
        lane = spec.get("lane")
        if lane == "this":
            lanes = [src.lane] if src is not None and src.lane is not None else []
        elif isinstance(lane, int):
            lanes = [lane]
        else:
            lanes = [1, 2, 3, 4]
        el = spec.get("element")
        return sum(1 for ln in lanes for c in p.lanes[ln - 1]
                   if c >= 0 and (el is None or K.PROJECTS[c].element == el))
    if kind == "empty_lanes":
        return sum(1 for cards in p.lanes if not cards)
    if kind == "ark":
        return p.ark
    if kind == "power":
        return p.power
    if kind == "experts":
        return p.stock
    if kind == "hand":
        return len(p.hand) + len(p.contacts)
    if kind == "bonus":
        return len(p.bonus)
    if kind == "lane":
        return src.lane if src is not None and src.lane is not None else 0
    raise EffectError(f"unknown count {kind!r}")


def test(state: MttsState, seat: int, cond: dict[str, Any], src: Source | None) -> bool:
    """A condition: a count with ``atleast``/``atmost``, or ``all``/``any``/``not``."""
    if "all" in cond:
        return all(test(state, seat, c, src) for c in cond["all"])
    if "any" in cond:
        return any(test(state, seat, c, src) for c in cond["any"])
    if "not" in cond:
        return not test(state, seat, cond["not"], src)
    value = count(state, seat, cond, src)
    if "atleast" in cond and value < cond["atleast"]:
        return False
    if "atmost" in cond and value > cond["atmost"]:
        return False
    return True


def amount(state: MttsState, seat: int, step: dict[str, Any], src: Source | None) -> int:
    n = step.get("n", 1)
    if "per" in step:
        n *= count(state, seat, step["per"], src)
    if "max" in step:
        n = min(n, step["max"])
    return n


# -- running ------------------------------------------------------------------------------


def income(state: MttsState, seat: int, effect: dict[str, Any], src: Source | None) -> tuple[int, int]:
    """The (Power, Experts) an ``on = "income"`` effect adds to the player's Income (Phase 1
    step 2). Income effects hold only ``gain`` and ``if`` steps; all read the state as it is."""
    power = experts = 0

    def walk(steps: list[dict[str, Any]]) -> None:
        nonlocal power, experts
        for step in steps:
            if step["op"] == "gain":
                if step["what"] == "power":
                    power += amount(state, seat, step, src)
                else:
                    experts += amount(state, seat, step, src)
            elif step["op"] == "if":
                walk(step["then"] if test(state, seat, step["cond"], src) else step.get("else", []))
            else:
                raise EffectError(f"an Income effect may not {step['op']}")

    walk(effect["steps"])
    return power, experts


def run(state: MttsState, seat: int, effect: dict[str, Any], src: Source | None, why: str,
        fold: Fold) -> list[Event] | None:
    """The events of an effect for ``seat``, or None if not all of its parts can be applied."""
    out: list[Event] = []
    scratch = state

    def emit(ev: Event) -> None:
        nonlocal scratch
        out.append(ev)
        scratch = fold(scratch, ev)

    def walk(steps: list[dict[str, Any]]) -> bool:
        for step in steps:
            op = step["op"]
            p = scratch.players[seat]
            if op == "if":
                branch = step["then"] if test(scratch, seat, step["cond"], src) else step.get("else", [])
                if not walk(branch):
                    return False
            elif op in ("gain", "pay"):
                n = amount(scratch, seat, step, src)
                if n <= 0:
                    continue
                if op == "gain":
                    have = scratch.power_supply if step["what"] == "power" else p.supply
                else:
                    have = p.power if step["what"] == "power" else p.stock
                if have < n:
                    return False
                sign = 1 if op == "gain" else -1
                emit(E.Changed(seat, sign * n if step["what"] == "power" else 0,
                               sign * n if step["what"] == "experts" else 0, why))
            elif op == "lose":
                n = step.get("n", 1)
                if step["what"] == "bonus":
                    for token in p.bonus[:n]:
                        emit(E.BonusLost(seat, token, why))
                else:
                    have = p.power if step["what"] == "power" else p.stock
                    k = min(n, have)
                    if k:
                        emit(E.Changed(seat, -k if step["what"] == "power" else 0,
                                       -k if step["what"] == "experts" else 0, why))
            elif op == "draw":
                for _ in range(step.get("n", 1)):
                    for ev in draw_events(scratch, seat, step["what"]):
                        emit(ev)
            elif op == "free_moves":
                emit(E.FreeMoves(seat, step.get("n", 1), why))
            elif op in ("grant", "modify"):
                continue  # static: read by state.elements / state.modifier
            else:
                raise EffectError(f"unknown op {op!r}")
        return True

    return out if walk(effect["steps"]) else None


def draw_events(state: MttsState, seat: int, what: str) -> list[Event]:
    """Draw the top card of a deck (shuffling its discards into a new deck when it is empty)."""
    if what == "contact":
        deck, discard = state.contact_deck, state.contact_discard
        if not deck:
            if not discard:
                return []
            order = rng(state.seed, state.chance_n).shuffled(sorted(discard))
            return [E.ContactsReshuffled(order), E.ContactDrawn(seat, order[0])]
        return [E.ContactDrawn(seat, deck[0])]
    deck, discard = state.project_deck, state.project_discard
    if not deck:
        if not discard:
            return []
        order = rng(state.seed, state.chance_n).shuffled(sorted(discard))
        return [E.ProjectsReshuffled(order), E.ProjectDrawn(seat, order[0])]
    return [E.ProjectDrawn(seat, deck[0])]


# -- checking the data ------------------------------------------------------------------------


def validate(effect: dict[str, Any], where: str) -> None:
    """Raise EffectError unless ``effect`` is in the language of data/README.md."""
    if effect.get("on") not in TRIGGERS:
        raise EffectError(f"{where}: unknown trigger {effect.get('on')!r}")
    if not effect.get("steps"):
        raise EffectError(f"{where}: an effect needs steps")

    def walk(steps: list[dict[str, Any]]) -> None:
        for step in steps:
            op = step.get("op")
            if op not in OPS:
                raise EffectError(f"{where}: unknown op {op!r}")
            if effect["on"] == "static" and op not in ("grant", "modify"):
                raise EffectError(f"{where}: a static effect only grants or modifies")
            if effect["on"] != "static" and op in ("grant", "modify"):
                raise EffectError(f"{where}: {op} is static")
            if effect["on"] == "income" and op not in ("gain", "if"):
                raise EffectError(f"{where}: an Income effect only gains")
            if op in ("gain", "pay") and step.get("what") not in ("power", "experts"):
                raise EffectError(f"{where}: {op} what?")
            if op == "modify" and step.get("stat") not in STATS:
                raise EffectError(f"{where}: unknown stat")
            if op == "grant" and step.get("element") not in K.ELEMENTS:
                raise EffectError(f"{where}: unknown element")
            for c in _counts_of(step):
                if c.get("count") not in COUNTS:
                    raise EffectError(f"{where}: unknown count {c.get('count')!r}")
            if op == "if":
                walk(step["then"])
                walk(step.get("else", []))

    walk(effect["steps"])


def _counts_of(step: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    if "per" in step:
        out.append(step["per"])
    if "cond" in step:
        stack = [step["cond"]]
        while stack:
            c = stack.pop()
            if "all" in c or "any" in c:
                stack.extend(c.get("all", []) + c.get("any", []))
            elif "not" in c:
                stack.append(c["not"])
            else:
                out.append(c)
    return out


def automa_matches(card: K.AutomaCard, project: int) -> bool:
    """Solo Mode, the top half: condition A against one Market Project."""
    p = K.PROJECTS[project]
    a = card.a
    if "element" in a and p.element != a["element"]:
        return False
    if "rating_min" in a and p.rating < a["rating_min"]:
        return False
    if "rating_max" in a and p.rating > a["rating_max"]:
        return False
    return True


def automa_check(card: K.AutomaCard, state: MttsState) -> bool:
    """Solo Mode, the bottom half, on the Market's bids as they stand (see automa.toml)."""
    c, n = card.check, card.check["n"]
    slots = [i for i, c_ in enumerate(state.market) if c_ >= 0]
    if c["check"] == "player_bid":
        return any(state.bids[i][s] >= n for i in slots for s in range(state.n))
    if c["check"] == "automa_leads":
        leads = 0
        for i in slots:
            others = max(state.bids[i]) if state.bids[i] else 0
            if state.automa_bids[i] > others:
                leads += 1
        return leads >= n
    if c["check"] == "unbid":
        return sum(1 for i in slots if not any(state.bids[i])) >= n
    if c["check"] == "priority_bid":
        return sum(state.priority_bids) >= n
    if c["check"] == "market_element":
        return sum(1 for i in slots if K.PROJECTS[state.market[i]].element == c["element"]) >= n
    raise EffectError(f"unknown Automa check {c['check']!r}")


def phase_of(effect: dict[str, Any]) -> int:
    """The phase number an effect belongs to ("Project Cards": only a reference)."""
    if effect["on"] == "static":
        ops = {s["op"] for s in effect["steps"]}
        return 5 if "grant" in ops else (1 if any(s.get("stat") == "hand_limit"
                                                   for s in effect["steps"]) else 4)
    return {"income": 1, "now": 2, "market": 3, "management": 4, "advance": 4, "levelup": 5}[effect["on"]]
