"""The English card texts, written from the effect data (the catalogue's source).

Players read card texts from the catalogue (``locale/en.json``: ``mtts.project.<id>.effect``,
``mtts.contact.<id>.effect``, ``mtts.automa.<id>.text``, ``mtts.mat.<side>.text``, ...), so each
language translates a card's text whole. The English entries are written by this renderer from
the same data the rules run (:mod:`.effects`): ``tests/mtts/test_catalogue.py`` checks that the
catalogue holds exactly what it writes, and after a data change

    python -m weather_tabletop.games.machines_to_the_sky.card_text

writes the entries again. Nothing at play time calls it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import content as K

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
    if kind == "experts" and hi is None and lo is not None:
        return f"you have {lo}+ Experts in your Stock"
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
        rating = f" of Rating {lo}+"
    elif hi is not None:
        rating = " of Rating 1" if hi <= 1 else f" of Rating 1-{hi}"
    target = " ".join(what + ["Project"]) + rating
    check = a.check
    n = check["n"]
    # short, as a card's face has little room (issue 27: the texts were cut): "4+", not "4 or more"
    cond = {
        "player_bid": f"a player has {n}+ Experts on one Project",
        "automa_leads": f"the Automa leads on {n}+ Projects",
        "unbid": f"{n}+ Projects hold no player's Experts",
        "priority_bid": f"the Priority space holds {n}+ Experts",
        "market_element": f"the Market shows {n}+ "
                          f"{_el(check.get('element', 'ecological'))} Projects",
    }[check["check"]]
    result = ("add a random hard card to the Automa deck" if not a.hard
              else "each player's next Power Income is 1 less")
    return (f"{'Hard' if a.hard else 'Easy'} Automa card: each Market {target}: "
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




def entries() -> dict[str, str]:
    """The English catalogue entries of every component: names and card texts, keyed by id."""
    out: dict[str, str] = {}
    for p in K.PROJECTS:
        out[f"mtts.project.{p.id}.name"] = p.name
        out[f"mtts.project.{p.id}.effect"] = render_effect(p.effect)
        if p.permanent:
            out[f"mtts.project.{p.id}.permanent"] = render_effect(p.permanent)
        out[f"mtts.project.{p.id}.vp"] = render_vp(p.vp)
    for c in K.CONTACTS:
        out[f"mtts.contact.{c.id}.name"] = c.name
        out[f"mtts.contact.{c.id}.effect"] = render_effect(c.effect)
    for e in K.EVENTS:
        out[f"mtts.event.{e.id}.name"] = e.name
        out[f"mtts.event.{e.id}.effect"] = render_steps(e.effect["steps"])
    for a in K.ACTORS:
        out[f"mtts.actor.{a.id}.name"] = a.name
        out[f"mtts.actor.{a.id}.effect"] = render_effect(a.effect)
    for i, a in enumerate(K.AUTOMA):
        out[f"mtts.automa.{a.id}.text"] = render_automa(i).split(": ", 1)[1]
    for key in K.MATS:
        out[f"mtts.mat.{key}.text"] = render_mat(key)
    return out


CATALOGUE = Path(__file__).resolve().parent / "locale" / "en.json"


def write(path: Path = CATALOGUE) -> None:
    """Put :func:`entries` into the English catalogue (other keys kept, components' replaced)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    prefixes = ("mtts.project.", "mtts.contact.", "mtts.event.", "mtts.actor.", "mtts.automa.",
                "mtts.mat.")
    kept = {k: v for k, v in data.items() if not (k.startswith(prefixes) and k.count(".") == 3)}
    kept.update(entries())
    path.write_text(json.dumps(kept, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
