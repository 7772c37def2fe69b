"""The words of Weather Machine: the names of its pieces and places as catalogue messages
(``locale/en/words.json``, keys ``wm.``).

Every name follows the English rulebook (``weather-machine.en.txt``): locations, action spaces,
Vouchers by type, Chemicals by name and colour, Machine Parts by colour, Workshop tiles by their
half-circles, Office rows, Funding tracks, benefits ("Explanation of Benefits"). A function here
returns a :class:`Msg` that a sentence's message takes as a parameter, so each language names
the piece itself::

    msg("wm.cmd.take_chemical", name="Ana", chemical=chemical(0))

Components are named by their data keys (``rain``, ``red``, ``supply``), never by English text.
A name depends only on the component data, so each is made once (``functools.cache``): a redraw
of the table names the same pieces again.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from weather_tabletop.i18n import Msg, msg

from .board import D, tile_ends
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY


LOCATION_KEYS = ("", "supply", "government", "lab", "rnd", "office")
SIDES = ("left", "middle", "right")
ROWS = ("top", "middle", "bottom")
ACTION_KINDS = ("sell_part", "secure", "work_experiment", "publish", "research", "breakthrough",
                "extend_workshop", "construct_bot")
#: a location's name ("Supply", "Lativ's Lab"); index 0 is no location
LOC_NAMES: tuple[Msg | None, ...] = (None,) + tuple(msg(f"wm.loc.{k}") for k in LOCATION_KEYS[1:])
#: an action's name ("Sell a Part") by its kind
ACTION_NAMES = {k: msg(f"wm.action.{k}") for k in ACTION_KINDS}
#: a Research token colour's name ("Government") by its letter
TOKEN_COLOURS = {c: msg(f"wm.token_colour.{c}") for c in "GLR"}
GOAL_COLOUR_KEYS = {"G": "blue", "L": "green", "R": "purple"}
#: a Goal tile colour's name ("blue") by its letter
GOAL_COLOURS = {c: msg(f"wm.goal_colour.{k}") for c, k in GOAL_COLOUR_KEYS.items()}
#: "first" ... "ninth"
ORDINALS = tuple(msg(f"wm.ordinal.{i}") for i in range(1, 10))
TRACK_KEYS = ("government", "lab", "rnd")


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count and a word given by a module still building its sentences as text (issue 17,
    converted separately); converted modules use the catalogue's plural forms instead."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def and_list(items: list[Any]) -> Msg:
    """Names (or texts) as one list in the reader's language ("A, B and C"); "nothing" when
    there are none."""
    items = [x for x in items if x]
    if not items:
        return msg("wm.nothing")
    return msg("wm.list", items=tuple(items))


@cache
def location(loc: int) -> Msg:
    """A location's name: "Supply", "Government", "Lativ's Lab", "R&D", "Lativ's Office"."""
    return msg(f"wm.loc.{LOCATION_KEYS[loc]}")


@cache
def voucher_type(vtype: int) -> Msg:
    """A Voucher type's name: "Supply", "R&D", ..."""
    return msg(f"wm.voucher_type.{D.raw['vouchers']['keys'][vtype]}")


@cache
def voucher(vtype: int, n: int = 1) -> Msg:
    """'2 Supply Vouchers'."""
    return msg(f"wm.voucher.{D.raw['vouchers']['keys'][vtype]}", n=n)


@cache
def a_voucher(vtype: int) -> Msg:
    """'an R&D Voucher'."""
    return msg(f"wm.a_voucher.{D.raw['vouchers']['keys'][vtype]}")


@cache
def chemical(w: int, n: int = 1) -> Msg:
    """'1 green Verdino' (rulebook: "Rain - Verdino (green)")."""
    return msg(f"wm.chemical.{D.weathers[w]}", n=n)


@cache
def chemical_name(w: int) -> Msg:
    """'green Verdino' (no count)."""
    return msg(f"wm.chemical_name.{D.weathers[w]}")


@cache
def chemical_proper(w: int) -> Msg:
    """A Chemical's own name: 'Verdino'."""
    return msg(f"wm.chemical_proper.{D.weathers[w]}")


@cache
def chem_colour(w: int) -> Msg:
    """A Chemical's colour: 'green'."""
    return msg(f"wm.chem_colour.{D.weathers[w]}")


@cache
def part(colour: int, article: bool = True) -> Msg:
    """'a red Machine Part' ('red Machine Part' without the article)."""
    key = D.part_colours[colour]
    return msg(f"wm.part.{key}" if article else f"wm.part_bare.{key}")


@cache
def part_colour(colour: int) -> Msg:
    """A Machine Part's colour: 'red'."""
    return msg(f"wm.part_colour.{D.part_colours[colour]}")


@cache
def weather(w: int) -> Msg:
    """'Rain', 'Wind', ..."""
    return msg(f"wm.weather.{D.weathers[w]}")


@cache
def tile(t: int) -> Msg:
    """A Workshop tile named by its half-circles."""
    a, b = D.workshop_tiles[t]
    if a == b:
        return msg("wm.tile.same", colour=chem_colour(a))
    return msg("wm.tile.mixed", a=chem_colour(a), b=chem_colour(b))


@cache
def tile_orientation(t: int, flipped: bool) -> Msg | str:
    """'green at the top'; "" for a tile with two half-circles of one colour."""
    top, bottom = tile_ends(t, flipped)
    if top == bottom:
        return ""
    return msg("wm.tile.top", colour=chem_colour(top))


@cache
def ws_row(r: int) -> Msg:
    """A Workshop row: 'top row'."""
    return msg(f"wm.ws_row.{ROWS[r]}")


@cache
def space(loc: int, sp: int) -> Msg:
    """An action space: 'the middle space of Government', 'the second space of Supply'."""
    if loc == SUPPLY:
        return msg(f"wm.space.supply.{sp}")
    if loc == OFFICE:
        return msg("wm.loc.office")
    return msg(f"wm.space.{LOCATION_KEYS[loc]}.{SIDES[sp]}")


@cache
def symbol(loc: int, sp: int) -> Msg | str:
    """What an action space allows: 'one of the actions', 'one or both actions' ("" in Supply)."""
    if loc not in (GOVERNMENT, LAB, RND):
        return ""
    return msg("wm.symbol.one" if D.main_spaces[loc][sp][1] == "/" else "wm.symbol.both")


@cache
def branch_space(i: int) -> Msg:
    """A branch's space, from the bottom: 'bottom space'."""
    return msg(f"wm.branch_space.{('bottom', 'middle', 'top')[i]}")


@cache
def token(tok: str) -> Msg:
    """'a Government Research token of Rain', 'an Award token'."""
    if tok == "A":
        return msg("wm.token.award")
    if tok == "C":
        return msg("wm.token.citation")
    colour, w = tok.split(":")
    return msg(f"wm.token.{colour}", weather=weather(int(w)))


@cache
def office_space(row: int, col: int) -> Msg:
    """'the left space of Office row 1'."""
    return msg(f"wm.office_space.{SIDES[col]}", row=row + 1)


@cache
def track(t: int) -> Msg:
    """'the Government Funding track'."""
    return msg(f"wm.track.{TRACK_KEYS[t]}")


@cache
def subsidy(tile_id: int) -> Msg:
    """'the Sell a Part Subsidy tile'."""
    return msg(f"wm.subsidy.{D.subsidy_types[D.subsidy_tiles[tile_id]]}")


@cache
def gov_space(col: int, row: int) -> Msg:
    """'the red space of the Rain branch of the Government Machine'."""
    return msg("wm.gov_space", colour=part_colour(D.gov_colours[col][row]), weather=weather(col))


@cache
def gov_cell(col: int, row: int) -> Msg:
    """'the Rain column, top row'."""
    return msg(f"wm.gov_cell.{ROWS[row]}", weather=weather(col))


def stage(n: int) -> str:
    """A Stage's number as printed: I, II, III (data, the same in every language)."""
    return "I" * n if n < 4 else str(n)


@cache
def experiment(e: int) -> Msg:
    """'the Stage II Rain Experiment tile'."""
    x = D.experiments[e]
    return msg("wm.experiment", stage=stage(x.stage), weather=weather(x.weather))


@cache
def extreme(t: int) -> Msg:
    """'the level 2 Rain Extreme Weather tile'."""
    x = D.extremes[t]
    return msg("wm.extreme", level=x.level, weather=weather(x.weather))


#: the Goal conditions' metrics (keys ``wm.metric.<metric>``)
METRICS = ("gov_bots", "rnd_bots", "subsidies", "papers", "citations", "awards", "investments",
           "rows_complete", "weathers", "breakthroughs", "workshop_tiles", "parts", "chemicals",
           "bots_built", "funding_government", "funding_lab", "funding_rnd", "office_G", "office_L",
           "office_R")


@cache
def goal_condition(g: int) -> Msg:
    """'2 Bots in the Government Machine'."""
    x = D.goals[g]
    return msg(f"wm.metric.{x.metric}", n=x.target)


@cache
def goal(g: int) -> Msg:
    """The blue Goal tile '2 Bots in the Government Machine'."""
    return msg(f"wm.goal.{GOAL_COLOUR_KEYS[D.goals[g].colour]}", condition=goal_condition(g))


@cache
def goal_space(sp: int) -> Msg:
    """'the first blue Goal space'."""
    colour = D.goal_space_colours[sp]
    k = sum(1 for i in range(sp) if D.goal_space_colours[i] == colour)
    return msg(f"wm.goal_space.{GOAL_COLOUR_KEYS[colour]}", ordinal=ORDINALS[k])


_BENEFITS = ("voucher_any", "chemical", "part", "investment", "funding_any", "construct_bot")


@cache
def benefit(b: str) -> Msg:
    """One benefit of the "Explanation of Benefits" list."""
    kind, _, arg = b.partition(":")
    if kind in ("cp", "endcp"):
        return msg(f"wm.benefit.{kind}", n=int(arg))
    if kind == "voucher":
        t, _, n = arg.partition(":")
        return voucher(D.raw["vouchers"]["keys"].index(t), int(n))
    if kind in _BENEFITS:
        return msg(f"wm.benefit.{kind}")
    if kind == "funding":
        return msg("wm.benefit.funding", track=track(TRACK_KEYS.index(arg)))
    if kind in ACTION_NAMES:
        return msg("wm.benefit.action", action=ACTION_NAMES[kind])
    return msg("wm.benefit.code", code=b)


@cache
def benefits(items: tuple[str, ...]) -> Msg:
    """Benefits as one list: '1 Supply Voucher and 2 CP'."""
    return and_list([benefit(b) for b in items])


@cache
def line_slot(slot: int) -> Msg:
    """'slot 4, section 2' of the Assembly Line."""
    return msg("wm.line_slot", slot=slot + 1, section=slot // 3 + 1)
