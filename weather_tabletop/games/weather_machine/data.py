"""Component data of Weather Machine, loaded from ``data/*.toml`` (see the comments there).

Indices used everywhere: weathers / chemicals 0-4 (Rain, Wind, Sun, Fog, Snow), part colours 0-4,
voucher types 0-4 (Supply, Government, Lab, R&D, Science), locations 1-5, funding tracks 0-2
(Government, Lab, R&D). Experiment tile id = 5 * (stage - 1) + weather; Extreme Weather tile id =
5 * (level - 1) + weather; Goal tile id = 9 * set + index in set.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Benefit = tuple[str, ...]

SUPPLY, GOVERNMENT, LAB, RND, OFFICE = 1, 2, 3, 4, 5
V_SUPPLY, V_GOV, V_LAB, V_RND, V_SCI = 0, 1, 2, 3, 4
TRACKS = ("government", "lab", "rnd")
COLOUR_TRACK = {"G": 0, "L": 1, "R": 2}


@dataclass(frozen=True)
class Experiment:
    id: int
    stage: int
    weather: int
    science: int
    cp: int
    benefits: tuple[Benefit, Benefit]


@dataclass(frozen=True)
class Extreme:
    id: int
    level: int
    weather: int
    science: int
    top_parts: tuple[int, ...]
    breakthrough: tuple[Benefit, ...]  # the tile's spaces (shared by Government markers)


@dataclass(frozen=True)
class Goal:
    id: int
    set: str
    colour: str
    metric: str
    target: int


@dataclass(frozen=True)
class Data:
    raw: dict[str, Any]
    weathers: tuple[str, ...]
    #: the rulebook's English names, as the data records them; players read the catalogue's
    #: (``wm.weather.<key>``, ``wm.chemical_proper.<key>``, ``wm.part_colour.<colour>``,
    #: ``wm.voucher_type.<key>``: ``words``)
    weather_names: tuple[str, ...]
    chemical_names: tuple[str, ...]
    part_colours: tuple[str, ...]
    voucher_names: tuple[str, ...]
    voucher_start: tuple[int, ...]
    voucher_limit: tuple[int, ...]
    main_spaces: dict[int, tuple[tuple[int, str], ...]]  # loc -> ((voucher type, symbol), ...)
    supply_spaces: int
    chem_section: tuple[int, ...]
    chem_take: tuple[int, ...]
    chem_return: tuple[int, ...]
    line_cost: tuple[int, ...]
    line_unlock_bots: tuple[int, ...]
    line_unlock_tokens: tuple[int, ...]
    line_benefit: tuple[Benefit, ...]
    line_income: tuple[Benefit, ...]
    gov_colours: tuple[tuple[int, ...], ...]
    gov_column_benefit: tuple[Benefit, ...]
    gov_row_benefit: tuple[Benefit, ...]
    gov_tokens: int
    gov_markers: int
    lab_spaces: tuple[int, ...]
    lab_tokens: int
    lab_tokens_small: int
    lativ_bots: int
    rnd_parts: tuple[tuple[int, ...], ...]
    rnd_chemical: tuple[tuple[int, ...], ...]
    rnd_benefit: tuple[Benefit, ...]
    rnd_tokens: int
    funding_length: int
    funding_end_cp: tuple[int, ...]
    funding_gov: tuple[Benefit, ...]
    funding_lab_science: tuple[int, ...]
    funding_lab_modifier: tuple[int, ...]
    funding_rnd: tuple[Benefit, ...]
    office_colours: tuple[tuple[str, ...], ...]
    office_benefit: tuple[tuple[Benefit, ...], ...]
    slide_benefit: tuple[Benefit, ...]
    goal_space_colours: tuple[str, ...]
    goal_space_benefit: tuple[Benefit, ...]
    awards: int
    workshop_tiles: tuple[tuple[int, int], ...]
    subsidy_types: tuple[str, ...]
    subsidy_tiles: tuple[int, ...]  # tile id -> type index
    experiments: tuple[Experiment, ...]
    extremes: tuple[Extreme, ...]
    goals: tuple[Goal, ...]
    goal_sets: tuple[str, ...]


def _b(items: list[str]) -> Benefit:
    return tuple(items)


@lru_cache(maxsize=1)
def load() -> Data:
    root = importlib.resources.files(__package__) / "data"
    board = tomllib.loads((root / "board.toml").read_text(encoding="utf-8"))
    tiles = tomllib.loads((root / "tiles.toml").read_text(encoding="utf-8"))
    w, p, v = board["weathers"], board["parts"], board["vouchers"]
    colour = {c: i for i, c in enumerate(p["colours"])}
    vkey = {k: i for i, k in enumerate(v["keys"])}
    loc = board["locations"]
    main = {GOVERNMENT: loc["government"], LAB: loc["lab"], RND: loc["rnd"]}
    experiments = []
    for st in tiles["experiment"]:
        for wi in range(5):
            a, b = st["benefits"][wi]
            experiments.append(Experiment(5 * (st["stage"] - 1) + wi, st["stage"], wi, st["science"],
                                          st["cp"], (_b(a), _b(b))))
    extremes = []
    for lv in tiles["extreme"]:
        for wi in range(5):
            extremes.append(Extreme(5 * (lv["level"] - 1) + wi, lv["level"], wi, lv["science"],
                                    tuple((wi + o) % 5 for o in lv["top_parts"]),
                                    tuple(_b(x) for x in lv["breakthrough"])))
    goals = []
    sets = []
    for si, (symbol, items) in enumerate(tiles["goals"]["sets"]):
        sets.append(symbol)
        for gi, (col, cond) in enumerate(items):
            metric, _, target = cond.rpartition(":")
            goals.append(Goal(9 * si + gi, symbol, col, metric, int(target)))
    al, gov, lab, rnd, fu, of = (board["assembly_line"], board["government"], board["lab"],
                                  board["rnd"], board["funding"], board["office"])
    return Data(
        raw=board,
        weathers=tuple(w["keys"]), weather_names=tuple(w["names"]),
        chemical_names=tuple(w["chemicals"]), part_colours=tuple(p["colours"]),
        voucher_names=tuple(v["names"]), voucher_start=tuple(v["start"]),
        voucher_limit=tuple(v["limit"]),
        main_spaces={k: tuple((vkey[t], s) for t, s in sp) for k, sp in main.items()},
        supply_spaces=loc["supply_spaces"],
        chem_section=tuple(board["chemical_supply"]["section_of_slot"]),
        chem_take=tuple(board["chemical_supply"]["take_cost"]),
        chem_return=tuple(board["chemical_supply"]["return_gain"]),
        line_cost=tuple(al["cost"]), line_unlock_bots=tuple(al["unlock_bots"]),
        line_unlock_tokens=tuple(al["unlock_tokens"]),
        line_benefit=tuple(_b(x) for x in al["benefit"]),
        line_income=tuple(_b(x) for x in al["income"]),
        gov_colours=tuple(tuple(colour[c] for c in col) for col in gov["bot_space_colours"]),
        gov_column_benefit=tuple(_b(x) for x in gov["column_benefit"]),
        gov_row_benefit=tuple(_b(x) for x in gov["row_benefit"]),
        gov_tokens=gov["research_tokens_per_type"], gov_markers=gov["markers"],
        lab_spaces=tuple(lab["branch_spaces"]), lab_tokens=lab["research_tokens_per_type"],
        lab_tokens_small=lab["research_tokens_per_type_small"], lativ_bots=lab["lativ_bots"],
        rnd_parts=tuple(tuple(colour[c] for c in br) for br in rnd["parts"]),
        rnd_chemical=tuple(tuple(br) for br in rnd["chemical"]),
        rnd_benefit=tuple(_b(x) for x in rnd["benefit"]), rnd_tokens=rnd["research_tokens_per_type"],
        funding_length=fu["length"], funding_end_cp=tuple(fu["end_cp"]),
        funding_gov=tuple(_b(x) for x in fu["government"]),
        funding_lab_science=tuple(fu["lab_science"]), funding_lab_modifier=tuple(fu["lab_modifier"]),
        funding_rnd=tuple(_b(x) for x in fu["rnd"]),
        office_colours=tuple(tuple(r) for r in of["colours"]),
        office_benefit=tuple(tuple(_b(x) for x in r) for r in of["benefit"]),
        slide_benefit=tuple(_b(x) for x in of["slide_benefit"]),
        goal_space_colours=tuple(board["goal_spaces"]["colours"]),
        goal_space_benefit=tuple(_b(x) for x in board["goal_spaces"]["benefit"]),
        awards=board["reserve"]["award_tokens"],
        workshop_tiles=tuple((a, b) for a, b in tiles["workshop_tiles"]["tiles"]),
        subsidy_types=tuple(tiles["subsidy_tiles"]["types"]),
        subsidy_tiles=tuple(tiles["subsidy_tiles"]["tiles"]),
        experiments=tuple(experiments), extremes=tuple(extremes), goals=tuple(goals),
        goal_sets=tuple(sets),
    )
