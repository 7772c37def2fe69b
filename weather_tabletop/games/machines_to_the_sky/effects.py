"""The one interpreter of the effect language (data/README.md) and its English renderer.

Every Project, Contact, Event and Actor effect is data: ``{on = ..., steps = [...]}``. This
module runs it for a player (:func:`run`, :func:`income`) and writes the card text shown on screen
from the same data (:func:`render_effect`, :func:`render_vp`, :func:`render_project`, ...).
There are no per-card functions.

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
from .state import MttsState, Source, elements, mat

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


# -- rendering --------------------------------------------------------------------------------

_WHEN = {"income": "Income: ", "market": "Market (start): ",
         "management": "Management (start of your turn): ", "levelup": "When you Level Up: ",
         "advance": "When Advanced: ", "static": "", "now": ""}


def _noun(what: str, n: int) -> str:
    return {"power": "Power", "experts": "Expert" if n == 1 else "Experts",
            "bonus": "Bonus token" if n == 1 else "Bonus tokens",
            "contact": "Contact" if n == 1 else "Contacts",
            "project": "Project" if n == 1 else "Projects"}[what]


def _el(e: str) -> str:
    return K.ELEMENT_NAMES[e]


def _count_text(spec: dict[str, Any], each: bool) -> str:
    """The thing counted, after "for each" (``each``) or as a noun phrase."""
    kind = spec["count"]
    if kind == "element":
        base = f"{_el(spec['element'])} Element you have" if each else \
            f"your {_el(spec['element'])} Elements"
        return base + (" besides this card's own" if spec.get("other") else "")
    if kind == "projects":
        el = f"{_el(spec['element'])} " if spec.get("element") else ""
        lane = spec.get("lane")
        where = "in this lane" if lane == "this" else (f"in your Lane {lane}" if lane else "on your mat")
        return f"{el}Project {where}" if each else f"your {el}Projects {where}"
    return {
        "empty_lanes": ("empty lane you have", "your empty lanes"),
        "ark": ("Level of your Ark", "your Ark Level"),
        "power": ("Power you have", "your Power"),
        "experts": ("Expert in your Stock", "the Experts in your Stock"),
        "hand": ("card in your hand", "the cards in your hand"),
        "bonus": ("Bonus token you have", "your Bonus tokens"),
        "lane": ("lane number", "this card's lane number"),
    }[kind][0 if each else 1]


def render_cond(cond: dict[str, Any]) -> str:
    if "all" in cond:
        return " and ".join(render_cond(c) for c in cond["all"])
    if "any" in cond:
        return " or ".join(render_cond(c) for c in cond["any"])
    if "not" in cond:
        return f"not ({render_cond(cond['not'])})"
    kind = cond["count"]
    lo, hi = cond.get("atleast"), cond.get("atmost")
    if kind == "empty_lanes" and lo == 1 and hi is None:
        return "you have an empty lane"
    if kind == "empty_lanes" and hi == 0:
        return "you have no empty lane"
    if kind == "element" and hi is None and not cond.get("other"):
        if lo == 1:
            return f"you have a {_el(cond['element'])} Element"
        return f"you have {lo} or more {_el(cond['element'])} Elements"
    if kind == "lane":
        if lo is not None and hi is not None and lo == hi:
            return f"this card is in Lane {lo}"
        if hi is not None:
            return f"this card is in Lane {hi} or lower"
        return f"this card is in Lane {lo} or higher"
    subject = _count_text(cond, each=False)
    parts = []
    if lo is not None:
        parts.append(f"at least {lo}")
    if hi is not None:
        parts.append(f"at most {hi}")
    verb = "is" if kind in ("ark", "power", "lane") else "are"
    return f"{subject} {verb} {' and '.join(parts)}"


def render_steps(steps: list[dict[str, Any]]) -> str:
    parts = []
    for step in steps:
        op = step["op"]
        n = step.get("n", 1)
        if op in ("gain", "pay", "lose"):
            verb = {"gain": "gain", "pay": "pay", "lose": "lose"}[op]
            if op == "lose" and step["what"] == "bonus":
                verb = "discard"
            text = f"{verb} {n} {_noun(step['what'], n)}"
            if "per" in step:
                text += f" for each {_count_text(step['per'], each=True)}"
            if "max" in step:
                text += f" (at most {step['max']})"
            if op == "lose":
                text += " (as many as you have)" if step["what"] != "bonus" else " if you have one"
            parts.append(text)
        elif op == "draw":
            parts.append(f"draw {n} {_noun(step['what'], n)}")
        elif op == "free_moves":
            parts.append(f"your next {'Advance or Demote' if n == 1 else f'{n} Advances or Demotes'}"
                         " this phase cost no Power")
        elif op == "grant":
            parts.append(f"you have {n} more {_el(step['element'])} Element" + ("s" if n > 1 else ""))
        elif op == "modify":
            stat = step["stat"]
            if stat == "hand_limit":
                parts.append(f"your hand limit is {n:+d}")
            else:
                word = "Advancing" if stat == "advance_cost" else "Demoting"
                more = "less" if n < 0 else "more"
                parts.append(f"{word} costs {abs(n)} Power {more}")
        elif op == "if":
            text = f"if {render_cond(step['cond'])}, {render_steps(step['then'])}"
            if step.get("else"):
                text += f"; otherwise {render_steps(step['else'])}"
            parts.append(text)
    return ", then ".join(parts)


def render_effect(effect: dict[str, Any]) -> str:
    """The card text of an effect, e.g. "Income: gain 2 Power." """
    body = render_steps(effect["steps"])
    if effect["on"] == "static":
        body = body[0].upper() + body[1:]
        return f"{body}."
    text = _WHEN[effect["on"]] + body
    if not _WHEN[effect["on"]]:
        text = text[0].upper() + text[1:]
    return f"{text}."


def render_vp(terms: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str:
    parts = []
    for term in terms:
        text = f"{term['vp']} VP"
        if "per" in term:
            text += f" for each {_count_text(term['per'], each=True)}"
        if "max" in term:
            text += f" (at most {term['max']})"
        if "if" in term:
            text += f" if {render_cond(term['if'])}"
        parts.append(text)
    return " + ".join(parts) if parts else "0 VP"


def render_project(card: int) -> str:
    p = K.PROJECTS[card]
    text = (f"{p.name} ({_el(p.element)}, Rating {p.rating}, Phase {p.phase}). "
            f"{render_effect(p.effect)}")
    if p.permanent:
        text += f" Permanent: {render_effect(p.permanent)}"
    return text + f" Scores {render_vp(p.vp)}."


def render_contact(card: int) -> str:
    return f"{K.CONTACTS[card].name}: {render_effect(K.CONTACTS[card].effect)}"


def render_event(card: int) -> str:
    ev = K.EVENTS[card]
    kind = {"calm": "Calm", "unique": "Unique", "deadline": "Deadline"}[ev.kind]
    return f"{ev.name} ({kind}): each player: {render_steps(ev.effect['steps'])}."


def render_actor(card: int) -> str:
    return f"{K.ACTORS[card].name}: {render_effect(K.ACTORS[card].effect)}"


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


def render_automa(card: int) -> str:
    a = K.AUTOMA[card]
    what = []
    if "element" in a.a:
        what.append(_el(a.a["element"]))
    lo, hi = a.a.get("rating_min"), a.a.get("rating_max")
    rating = ""
    if lo is not None and hi is not None:
        rating = f" of Rating {lo}" if lo == hi else f" of Rating {lo}-{hi}"
    elif lo is not None:
        rating = f" of Rating {lo} or more"
    elif hi is not None:
        rating = f" of Rating {hi} or less"
    target = " ".join(what + ["Project"]) + rating
    check = a.check
    cond = {
        "player_bid": f"a player has {check['n']} or more Experts on one Project",
        "automa_leads": f"the Automa leads on {check['n']} or more Projects",
        "unbid": f"{check['n']} or more Projects hold no player's Experts",
        "priority_bid": f"the Priority space holds {check['n']} or more Experts",
        "market_element": f"the Market shows {check['n']} or more "
                          f"{_el(check.get('element', 'ecological'))} Projects",
    }[check["check"]]
    result = ("add a random hard Automa card to the Automa deck" if not a.hard
              else "each player's next Power Income is 1 less")
    return (f"{'Hard' if a.hard else 'Easy'} Automa card: each {target} in the Market: "
            f"+{a.b} Automa Expert{'s' if a.b > 1 else ''}. Resolve Bids: if {cond}, {result}.")


def render_mat(key: str) -> str:
    m = K.MATS[key]
    text = (f"Base Income {m.base_power} Power, {m.base_experts} Experts; Advance "
            f"{m.advance_cost} Power, Demote {m.demote_cost} Power")
    empty = [f"+{n} {what} for an empty Lane {lane + 1}"
             for lane in range(4)
             for n, what in ((m.empty_power[lane], "Power"), (m.empty_experts[lane], "Expert"))
             if n]
    if empty:
        text += "; " + ", ".join(empty)
    if m.lane4_scores:
        text += "; Lane 4 scores as Lane 3 (Lanes 2-4 share the Score Boost panel)"
    if m.source == "project":
        text += " (this unique side is this edition's own)"
    return text + "."


def phase_of(effect: dict[str, Any]) -> int:
    """The phase number an effect belongs to ("Project Cards": only a reference)."""
    if effect["on"] == "static":
        ops = {s["op"] for s in effect["steps"]}
        return 5 if "grant" in ops else (1 if any(s.get("stat") == "hand_limit"
                                                   for s in effect["steps"]) else 4)
    return {"income": 1, "now": 2, "market": 3, "management": 4, "advance": 4, "levelup": 5}[effect["on"]]


def player_mat_text(state: MttsState, seat: int) -> str:
    return render_mat(mat(state.players[seat]).side)
