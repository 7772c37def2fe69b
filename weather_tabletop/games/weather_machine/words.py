"""The words of Weather Machine: how the log and the action list name its pieces and places.

Every name follows the English rulebook (``weather-machine.en.txt``): locations, action spaces,
Vouchers by type, Chemicals by name and colour, Machine Parts by colour, Workshop tiles by their
half-circles, Office rows, Funding tracks, benefits ("Explanation of Benefits"). Pure text, no
state changes; sentences built from these never contain "=" or parentheses.
"""

from __future__ import annotations

from .board import D, tile_ends
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, TRACK_NAMES

LOC_NAMES = ("", "Supply", "Government", "Lativ's Lab", "R&D", "Lativ's Office")
ACTION_NAMES = {"sell_part": "Sell a Part", "secure": "Secure Subsidy",
                "work_experiment": "Work on Experiment", "publish": "Publish a Paper",
                "research": "Research", "breakthrough": "Breakthrough",
                "extend_workshop": "Extend Workshop", "construct_bot": "Construct a Bot"}
TOKEN_COLOURS = {"G": "Government", "L": "Lab", "R": "R&D"}
GOAL_COLOURS = {"G": "blue", "L": "green", "R": "purple"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def and_list(items: list[str]) -> str:
    items = [x for x in items if x]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def voucher(vtype: int, n: int = 1) -> str:
    return plural(n, f"{D.voucher_names[vtype]} Voucher")


def a_voucher(vtype: int) -> str:
    name = D.voucher_names[vtype]
    return f"{'an' if name[0] in 'AEIOUR' else 'a'} {name} Voucher"


def chemical(w: int, n: int = 1) -> str:
    """'1 green Verdino' (rulebook: "Rain - Verdino (green)")."""
    colour = D.raw["weathers"]["chemical_colours"][w]
    return f"{n} {colour} {D.chemical_names[w]}"


def chem_colour(w: int) -> str:
    return D.raw["weathers"]["chemical_colours"][w]


def part(colour: int, article: bool = True) -> str:
    return f"{'a ' if article else ''}{D.part_colours[colour]} Machine Part"


def weather(w: int) -> str:
    return D.weather_names[w]


def tile(t: int) -> str:
    """A Workshop tile named by its half-circles."""
    a, b = D.workshop_tiles[t]
    if a == b:
        return f"the Workshop tile with two {chem_colour(a)} half-circles"
    return f"the Workshop tile with {chem_colour(a)} and {chem_colour(b)} half-circles"


def tile_orientation(t: int, flipped: bool) -> str:
    top, bottom = tile_ends(t, flipped)
    if top == bottom:
        return ""
    return f"{chem_colour(top)} at the top"


def ws_row(r: int) -> str:
    return ("top", "middle", "bottom")[r] + " row"


def space(loc: int, sp: int) -> str:
    """An action space: 'the middle space of Government', 'the second space of Supply'."""
    if loc == SUPPLY:
        names = ("leftmost", "second", "third", "rightmost")
        return f"the {names[sp]} space of Supply"
    if loc == OFFICE:
        return "Lativ's Office"
    return f"the {('left', 'middle', 'right')[sp]} space of {LOC_NAMES[loc]}"


def symbol(loc: int, sp: int) -> str:
    if loc not in (GOVERNMENT, LAB, RND):
        return ""
    return "one of the actions" if D.main_spaces[loc][sp][1] == "/" else "one or both actions"


def branch_space(i: int) -> str:
    return ("bottom", "middle", "top")[i] + " space"


def token(tok: str) -> str:
    """'a Government Research token of Rain', 'an Award token'."""
    if tok == "A":
        return "an Award token"
    if tok == "C":
        return "a Citation token"
    colour, w = tok.split(":")
    return f"{'an' if colour == 'R' else 'a'} {TOKEN_COLOURS[colour]} Research token of {weather(int(w))}"


def office_space(row: int, col: int) -> str:
    return f"the {('left', 'middle', 'right')[col]} space of Office row {row + 1}"


def track(t: int) -> str:
    return f"the {TRACK_NAMES[t]} Funding track"


def subsidy(tile_id: int) -> str:
    return f"the {ACTION_NAMES[D.subsidy_types[D.subsidy_tiles[tile_id]]]} Subsidy tile"


def gov_space(col: int, row: int) -> str:
    return f"the {D.part_colours[D.gov_colours[col][row]]} space of the {weather(col)} branch of the Government Machine"


def gov_cell(col: int, row: int) -> str:
    return f"the {weather(col)} column, {('top', 'middle', 'bottom')[row]} row"


def experiment(e: int) -> str:
    x = D.experiments[e]
    return f"the Stage {'I' * x.stage if x.stage < 4 else x.stage} {weather(x.weather)} Experiment tile"


def extreme(t: int) -> str:
    x = D.extremes[t]
    return f"the level {x.level} {weather(x.weather)} Extreme Weather tile"


METRICS = {
    "gov_bots": "{n} Bots in the Government Machine", "rnd_bots": "{n} Bots in R&D",
    "subsidies": "{n} Subsidy tiles", "papers": "{n} published papers",
    "citations": "{n} Citation tokens", "awards": "{n} Award tokens",
    "investments": "{n} Investment tiles", "rows_complete": "{n} completed Office rows",
    "weathers": "Research tokens of {n} weathers", "breakthroughs": "{n} Breakthroughs",
    "workshop_tiles": "{n} Workshop tiles", "parts": "{n} Machine Parts", "chemicals": "{n} Chemicals",
    "bots_built": "{n} Bots constructed",
    "funding_government": "the Government Funding marker {n} spaces along",
    "funding_lab": "the Lab Funding marker {n} spaces along",
    "funding_rnd": "the R&D Funding marker {n} spaces along",
    "office_G": "{n} Government Research tokens in the Office",
    "office_L": "{n} Lab Research tokens in the Office",
    "office_R": "{n} R&D Research tokens in the Office",
}


def goal_condition(g: int) -> str:
    x = D.goals[g]
    return METRICS[x.metric].format(n=x.target)


def goal(g: int) -> str:
    """The blue Goal tile '2 Bots in the Government Machine'."""
    return f"the {GOAL_COLOURS[D.goals[g].colour]} Goal tile '{goal_condition(g)}'"


def goal_space(sp: int) -> str:
    colour = D.goal_space_colours[sp]
    k = sum(1 for i in range(sp) if D.goal_space_colours[i] == colour)
    return f"the {ORDINALS[k]} {GOAL_COLOURS[colour]} Goal space"


def benefit(b: str) -> str:
    """One benefit of the "Explanation of Benefits" list."""
    kind, _, arg = b.partition(":")
    if kind == "cp":
        return f"{arg} CP"
    if kind == "endcp":
        return f"{arg} CP at the end of the game"
    if kind == "voucher":
        t, _, n = arg.partition(":")
        return voucher(D.raw["vouchers"]["keys"].index(t), int(n))
    if kind == "voucher_any":
        return "any 1 Voucher"
    if kind == "chemical":
        return "1 Chemical from the Supply"
    if kind == "part":
        return "any 1 Machine Part"
    if kind == "investment":
        return "an Investment tile"
    if kind == "funding":
        return f"1 space on {track(('government', 'lab', 'rnd').index(arg))}"
    if kind == "funding_any":
        return "1 space on any Funding track"
    if kind == "construct_bot":
        return "a free Bot from the Assembly Line"
    if kind in ACTION_NAMES:
        return f"a free {ACTION_NAMES[kind]} action"
    return b


def benefits(items: tuple[str, ...]) -> str:
    return and_list([benefit(b) for b in items])


def line_slot(slot: int) -> str:
    return f"slot {slot + 1}, section {slot // 3 + 1}"
