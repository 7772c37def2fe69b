"""Component data of Weather Machine's solo mode, "the Saboteurs", loaded from ``data/solo.toml``.

The facts come from ``../shared/rules/weather-machine-solo.md`` (the TOML cites its section per
block, and marks each reading of its section 7 as ``reading chosen: 7.Gn``). Indices are those of
:mod:`.data`: weathers 0-4, locations 1-5 (``SUPPLY`` ... ``OFFICE``), Main Location action spaces
0-2 left to right; agents are ``WHITE`` and ``PINK``; a Follow Lativ report has the location
``FOLLOW_LATIV``.

Challenge effects are small frozen dataclasses, one per kind (``EFFECTS``); ladder conditions are a
metric and a bound (``METRICS``). Names a player reads are catalogue keys ``wm.solo.*``
(``locale/en/solo.json``): each effect kind and each metric has one sentence, taking its number as
``n``. The file is checked as it is read: a malformed value raises :class:`SoloDataError`, naming
its place ("solo.toml, security_reports.cards[4]: ..."). Pure Python, no pygame.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar, Literal

from weather_tabletop.i18n import Msg, msg

from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, V_GOV, V_LAB, V_RND, V_SCI, V_SUPPLY
from .data import load as load_board

WHITE, PINK = 0, 1
AGENTS = ("white", "pink")
AGENT_INDEX = {a: i for i, a in enumerate(AGENTS)}
#: a Security Report's location when it shows Lativ (§3.1 "Follow Lativ"); not a board location
FOLLOW_LATIV = 0
LOCATIONS = {"supply": SUPPLY, "government": GOVERNMENT, "lab": LAB, "rnd": RND, "office": OFFICE}
MAIN_LOCATIONS = (GOVERNMENT, LAB, RND)
REPORT_LOCATIONS = {"follow_lativ": FOLLOW_LATIV, "supply": SUPPLY, "government": GOVERNMENT,
                    "lab": LAB, "rnd": RND}
Arrow = Literal["top", "bottom"]
TOP: Arrow = "top"
BOTTOM: Arrow = "bottom"
ARROWS: tuple[Arrow, ...] = (TOP, BOTTOM)
#: §4.3 Step 3: the figures that can stand to the left of an agent
FIGURES = ("scientist", "agent", "lativ")
#: §3.5: the Voucher types Call Security may cost ("location": the Scientist's Location's type)
COST_VOUCHERS = ("location", "science")
#: §3.5: the roles of the three cards of Call Security
ROLES = ("current", "put_back", "discard")
#: §7 G2: when the exhausted deck loses ("text": no current report left; "app": empty draw pile)
LOSS_CHECKS = ("text", "app")
#: the Voucher type of each Location (board.toml [vouchers] keys), for Call Security's cost
LOCATION_VOUCHER = {SUPPLY: V_SUPPLY, GOVERNMENT: V_GOV, LAB: V_LAB, RND: V_RND}
#: §5.6 ladder metrics, all the player's at the end of the game, with the bound each is read
#: with: cp (final CP), lowest_funding / highest_funding (the space of the lowest / highest
#: Funding marker, counted from 0), workshop_tiles, vouchers (left in total), nobel (1 if held),
#: goals_met (Goal tiles on Goal spaces whose conditions are met), line_bots (Bots left on the
#: Assembly Line), papers (published), awards (Award tokens), board_bots (Bots on the main board)
METRICS: dict[str, Literal["atleast", "atmost"]] = {
    "cp": "atleast", "lowest_funding": "atleast", "highest_funding": "atleast",
    "workshop_tiles": "atleast", "vouchers": "atmost", "nobel": "atleast",
    "goals_met": "atleast", "line_bots": "atmost", "papers": "atleast", "awards": "atleast",
    "board_bots": "atleast",
}
#: metrics whose bound is fixed by their meaning, so their sentence shows no number
FIXED_BOUND = {"nobel": 1, "line_bots": 0}
FUNDING_METRICS = ("lowest_funding", "highest_funding")


class SoloDataError(ValueError):
    """solo.toml is missing a value or holds a wrong one (a project data error)."""


# -- Challenge effects (§6) -------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """One effect of a Challenge card (§6); each subclass is a kind, named by ``kind`` in the
    file and in its sentence's key ``wm.solo.effect.<kind>``."""

    kind: ClassVar[str] = ""
    #: the least value of ``n`` for the kinds that have one
    least: ClassVar[int] = 1

    def message(self) -> Msg:
        """The effect's sentence, with its number as ``n``."""
        n = getattr(self, "n", None)
        key = f"wm.solo.effect.{self.kind}"
        return msg(key) if n is None else msg(key, n=n)


@dataclass(frozen=True)
class HideoutChemicalsEach(Effect):
    """#1: at setup the Saboteurs take n Chemicals of each type, not 2 random types (§2.3 9)."""
    kind: ClassVar[str] = "hideout_chemicals_each"
    n: int


@dataclass(frozen=True)
class ExtraHideoutChemical(Effect):
    """#4, #11: at setup the Saboteurs take n more Chemicals of a random type (it may repeat)."""
    kind: ClassVar[str] = "extra_hideout_chemical"
    n: int


@dataclass(frozen=True)
class StartAwards(Effect):
    """#3, #10: the Saboteurs start with n Award tokens (§2.3 step 10; both cards: 2)."""
    kind: ClassVar[str] = "start_awards"
    n: int


@dataclass(frozen=True)
class LowerStartTargetValue(Effect):
    """#12: the starting Target Value is n lower (§2.3 step 6: 30)."""
    kind: ClassVar[str] = "lower_start_target_value"
    n: int


@dataclass(frozen=True)
class RemoveReports(Effect):
    """#6: n Security Reports leave the game unseen at setup (§3.6)."""
    kind: ClassVar[str] = "remove_reports"
    n: int


@dataclass(frozen=True)
class IncomeTvPerBoardBot(Effect):
    """#2: at each income, +n TV per Saboteur Bot on the main board (§4.7)."""
    kind: ClassVar[str] = "income_tv_per_board_bot"
    n: int


@dataclass(frozen=True)
class IncomeFundingBack(Effect):
    """#3: at each income one of your Funding markers goes back n spaces, on a track that allows
    it if any does (§4.7)."""
    kind: ClassVar[str] = "income_funding_back"
    n: int


@dataclass(frozen=True)
class TurnEndTvIfInitiative(Effect):
    """#7: at the end of your turn, +n TV if the Saboteurs' Initiative is leftmost (§4.2)."""
    kind: ClassVar[str] = "turn_end_tv_if_initiative"
    n: int


@dataclass(frozen=True)
class NoAgentVouchers(Effect):
    """#8: no extra Vouchers for Saboteur agents to the left of your Scientist (§4.2)."""
    kind: ClassVar[str] = "no_agent_vouchers"


@dataclass(frozen=True)
class NoCitationTokens(Effect):
    """#9: you cannot use Citation tokens when publishing."""
    kind: ClassVar[str] = "no_citation_tokens"


@dataclass(frozen=True)
class NoUnlockPurchase(Effect):
    """#9: unlocking a Citation space, you may not pay a Science Voucher for CP (§4.2)."""
    kind: ClassVar[str] = "no_unlock_purchase"


@dataclass(frozen=True)
class NoSaboteurParts(Effect):
    """#10: Saboteur Bots provide no parts to your prototypes (§4.2)."""
    kind: ClassVar[str] = "no_saboteur_parts"


@dataclass(frozen=True)
class LabFundingModifier(Effect):
    """#11: Lab Funding's modifier counts as +n (+0); the other track's benefits still come."""
    kind: ClassVar[str] = "lab_funding_modifier"
    least: ClassVar[int] = 0
    n: int


@dataclass(frozen=True)
class WinRequiresNobel(Effect):
    """#4: you cannot win without the Nobel Prize (§5.5)."""
    kind: ClassVar[str] = "win_requires_nobel"


@dataclass(frozen=True)
class WinRequiresGoals(Effect):
    """#5: you cannot win unless you meet at least n Goal tiles on your Goal spaces (§5.5)."""
    kind: ClassVar[str] = "win_requires_goals"
    n: int


@dataclass(frozen=True)
class UnlockTv(Effect):
    """#12: +n TV each time the Saboteurs cause a Lock token's removal (§4.5.5)."""
    kind: ClassVar[str] = "unlock_tv"
    n: int


@dataclass(frozen=True)
class WinOnlyImmediate(Effect):
    """#12: only an immediate victory (§5.1) counts (§5.5)."""
    kind: ClassVar[str] = "win_only_immediate"


EFFECTS: dict[str, type[Effect]] = {cls.kind: cls for cls in (
    HideoutChemicalsEach, ExtraHideoutChemical, StartAwards, LowerStartTargetValue, RemoveReports,
    IncomeTvPerBoardBot, IncomeFundingBack, TurnEndTvIfInitiative, NoAgentVouchers,
    NoCitationTokens, NoUnlockPurchase, NoSaboteurParts, LabFundingModifier, WinRequiresNobel,
    WinRequiresGoals, UnlockTv, WinOnlyImmediate)}


# -- the components ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SecurityReport:
    """A Security Report card (§3.1). As the current report its agent moves towards its
    location; as the priority card (top of the discard pile) its weather starts every priority
    list and its arrow breaks ties (§3.3)."""

    id: int
    agent: int
    location: int  # SUPPLY, GOVERNMENT, LAB, RND or FOLLOW_LATIV
    weather: int
    arrow: Arrow

    @property
    def follows_lativ(self) -> bool:
        return self.location == FOLLOW_LATIV

    @property
    def main_location(self) -> bool:
        """Shows a Main Location (setup step 11 keeps only such cards)."""
        return self.location in MAIN_LOCATIONS

    def name(self) -> Msg:
        return msg("wm.solo.report", n=self.id)


@dataclass(frozen=True)
class Components:
    """§2.1 Solo components."""

    agents: tuple[str, ...]
    security_reports: int
    challenge_cards: int
    priority_aids: int
    hideout_boards: int
    saboteur_bots: int
    laboratory: bool
    voucher_markers: bool


@dataclass(frozen=True)
class GoalDraw:
    """§2.3 step 4: the player's 6 Goal tiles. ``removed`` are Goal tile ids (data.py) out of the
    game; ``colours`` the colours drawn, ``per_colour`` of each, middle icons (metrics) all
    different across colours when ``distinct_across_colours`` (G22)."""

    removed: frozenset[int]
    colours: tuple[str, ...]
    per_colour: int
    distinct_across_colours: bool


@dataclass(frozen=True)
class StartDeck:
    """§2.3 step 11: the kept cards and the agents' start spaces (0-2, left to right)."""

    kept_cards: int
    first_agent_space: int
    second_agent_space: int
    second_agent_space_same_location: int
    research_tokens_per_kept_card: int
    draw_pile_after_setup: int


@dataclass(frozen=True)
class SoloSetup:
    """§2.3 Setup: the changes to a 2-player setup."""

    base_players: int
    block_rightmost_spaces: bool
    lativ_bots_per_branch: int
    lativ_bot_space: int
    research_tokens_per_type: int
    start_target_value: int
    player_first: bool
    hideout_chemical_types: int
    hideout_chemicals_per_type: int
    start_awards: int
    player_supply_round: bool
    saboteur_supply_round: bool
    saboteurs_bound_in_round_one: bool
    goals: GoalDraw
    deck: StartDeck


@dataclass(frozen=True)
class Priority:
    """§2.2, §3.3, §4.3: the orders the Saboteurs choose by. ``base_order[w]`` is the base
    weather order of a priority card of weather ``w``; ``destination[loc]`` the locations tried
    for a report showing ``loc`` (Supply or a Main Location); ``follow_lativ`` those tried after
    Lativ's Location when he is in the Supply or the Office (G9)."""

    weather_cycle: tuple[int, ...]
    main_location_cycle: tuple[int, ...]
    chemical_order: tuple[int, ...]
    chemical_section_order: tuple[int, ...]
    main_space_order: tuple[int, ...]
    supply_space_order: tuple[int, ...]
    figures_left: tuple[str, ...]
    base_order: tuple[tuple[int, ...], ...]
    destination: Mapping[int, tuple[int, ...]]
    follow_lativ: tuple[int, ...]


@dataclass(frozen=True)
class DeckFlow:
    """§3.4 Deck flow and the readings G2, G3, G13."""

    reshuffle: bool
    turns_without_discards: int
    empty_deck_loss: Literal["text", "app"]
    player_chooses_two_token_set: bool
    set_after_draw: bool


@dataclass(frozen=True)
class CallSecurity:
    """§3.5 Call Security: its cost, its three roles, and the reading G17."""

    cost: int
    cost_vouchers: tuple[str, ...]
    draw_cards: int
    roles: tuple[str, ...]
    min_draw_pile: int
    uses_per_turn: int
    after_moving: bool

    def rule(self) -> Msg:
        """The rule in a sentence, with its numbers."""
        return msg("wm.solo.call_security.rule", n=self.cost, cards=self.draw_cards)

    def voucher_types(self, location: int) -> tuple[int, ...]:
        """The Voucher types that may pay, the Scientist being in ``location``."""
        return tuple(LOCATION_VOUCHER[location] if c == "location" else V_SCI
                     for c in self.cost_vouchers)


@dataclass(frozen=True)
class TargetValue:
    """§4.5.1: the TV's sources (Challenge raises are the cards' effects)."""

    start: int
    figure_to_the_left: int
    supply_initiative_held: int
    no_government_token: int
    no_rnd_token: int
    two_token_set: int
    government_activation_per_bot: int
    experiment_tile_cp_per_bot: int
    prototype_part_per_bot: int
    end_game: int


@dataclass(frozen=True)
class TokenSets:
    """§4.5.6 Research-token sets ("wreaking havoc"), and the reading G14."""

    locked: int
    unlocked: int
    per_location: int
    min_research_tokens: int
    per_turn: int
    three_of_unlocked_is_three_set: bool


@dataclass(frozen=True)
class EndConditions:
    """§5.1-5.3: immediate victory, immediate loss, the standard ending (and G18)."""

    victory_goals_met: int
    victory_funding_markers: int
    victory_funding_space: int
    loss_extreme_level: int
    loss_extreme_tiles: int
    tie_wins: bool
    extra_rounds: int


@dataclass(frozen=True)
class Challenge:
    """A Challenge card (§6): its title key and its effects, in the card's order."""

    id: int
    title: str
    effects: tuple[Effect, ...]

    def text(self) -> tuple[Msg, ...]:
        """The card's rule text: one sentence per effect."""
        return tuple(e.message() for e in self.effects)


@dataclass(frozen=True)
class Condition:
    """One condition of a ladder level (§5.6): ``metric`` at least (or at most) ``n``."""

    metric: str
    n: int
    at_most: bool

    def met(self, value: int) -> bool:
        return value <= self.n if self.at_most else value >= self.n

    def message(self) -> Msg:
        key = f"wm.solo.condition.{self.metric}"
        return msg(key) if self.metric in FIXED_BOUND else msg(key, n=self.n)


@dataclass(frozen=True)
class Qualification:
    """A level of the title ladder (§5.6): level 1 is the best."""

    level: int
    title: str
    conditions: tuple[Condition, ...]

    def heading(self) -> Msg:
        return msg("wm.solo.ladder.level", n=self.level, title=msg(self.title))

    def earned(self, values: Mapping[str, int]) -> bool:
        """All conditions hold for the player's ``values`` (metric -> value)."""
        return all(c.met(values[c.metric]) for c in self.conditions)


@dataclass(frozen=True)
class Ladder:
    """§5.6 The title ladder; ``requires_win``: titles only after a win (G19)."""

    requires_win: bool
    levels: tuple[Qualification, ...]

    def level_for(self, values: Mapping[str, int], won: bool) -> int | None:
        """The best level (lowest number) whose conditions all hold, or None."""
        if self.requires_win and not won:
            return None
        return next((q.level for q in self.levels if q.earned(values)), None)


@dataclass(frozen=True)
class SoloData:
    """All of solo.toml; ``report(id)`` and ``challenge(id)`` count from 1, as the cards do."""

    components: Components
    setup: SoloSetup
    reports: tuple[SecurityReport, ...]
    reports_verified: bool
    priority: Priority
    deck: DeckFlow
    call_security: CallSecurity
    target_value: TargetValue
    token_sets: TokenSets
    end: EndConditions
    challenges: tuple[Challenge, ...]
    ladder: Ladder
    readings: tuple[str, ...]  # catalogue keys of the readings chosen (§7), in order

    def report(self, report_id: int) -> SecurityReport:
        return self.reports[report_id - 1]

    def challenge(self, challenge_id: int) -> Challenge:
        return self.challenges[challenge_id - 1]

    def effects(self, challenge_ids: tuple[int, ...] | list[int],
                kind: type[Effect]) -> tuple[Effect, ...]:
        """The effects of ``kind`` on the chosen Challenge cards."""
        return tuple(e for i in challenge_ids for e in self.challenge(i).effects
                     if isinstance(e, kind))

    def catalogue_keys(self) -> dict[str, frozenset[str]]:
        """Every catalogue key the data names, with the fields its text is given."""
        out: dict[str, frozenset[str]] = {"wm.solo.report": frozenset({"n"})}
        out.update({f"wm.solo.agent.{a}": frozenset() for a in self.components.agents})
        out.update({f"wm.solo.arrow.{a}": frozenset() for a in ARROWS})
        out["wm.solo.location.follow_lativ"] = frozenset()
        out.update({key: frozenset() for key in self.readings})
        rule = self.call_security.rule()
        out[rule.key] = frozenset(dict(rule.params))
        for ch in self.challenges:
            out[ch.title] = frozenset()
            for m in ch.text():
                out[m.key] = frozenset(dict(m.params))
        for q in self.ladder.levels:
            out[q.title] = frozenset()
            out[q.heading().key] = frozenset({"n", "title"})
            for c in q.conditions:
                m = c.message()
                out[m.key] = frozenset(dict(m.params))
        return out


# -- reading the file --------------------------------------------------------------------------


class _Table:
    """A TOML table being read: each value is checked as it is taken, and keys never taken are
    refused by :meth:`done` (a misspelt key is an error, not a silent default)."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise SoloDataError(f"{where}: must be a table")
        self.data, self.where, self.taken = data, where, set()

    def raw(self, key: str) -> Any:
        """The value as it is (checked by the caller)."""
        return self._get(key)

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise SoloDataError(f"{self.where}: '{key}' is missing")
        self.taken.add(key)
        return self.data[key]

    def fail(self, key: str, what: str) -> SoloDataError:
        return SoloDataError(f"{self.where}.{key}: {what}")

    def number(self, key: str, least: int = 0, most: int | None = None) -> int:
        v = self._get(key)
        if isinstance(v, bool) or not isinstance(v, int) or v < least \
                or (most is not None and v > most):
            bound = f"{least}..{most}" if most is not None else f"at least {least}"
            raise self.fail(key, f"must be a whole number {bound}, not {v!r}")
        return v

    def flag(self, key: str) -> bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise self.fail(key, f"must be true or false, not {v!r}")
        return v

    def choice(self, key: str, choices: Mapping[str, Any] | tuple[str, ...]) -> Any:
        v = self._get(key)
        return _pick(v, choices, f"{self.where}.{key}")

    def key(self, key: str) -> str:
        """A catalogue key of the solo mode."""
        v = self._get(key)
        if not isinstance(v, str) or not v.startswith("wm.solo.") or " " in v:
            raise self.fail(key, f"must be a catalogue key 'wm.solo.*', not {v!r}")
        return v

    def items(self, key: str, length: int | None = None) -> list[Any]:
        v = self._get(key)
        if not isinstance(v, list) or (length is not None and len(v) != length):
            size = f" of {length}" if length is not None else ""
            raise self.fail(key, f"must be a list{size}, not {v!r}")
        return v

    def choices(self, key: str, choices: Mapping[str, Any] | tuple[str, ...],
                length: int | None = None, distinct: bool = True) -> tuple[Any, ...]:
        items = self.items(key, length)
        out = tuple(_pick(v, choices, f"{self.where}.{key}[{i}]") for i, v in enumerate(items))
        if distinct and len(set(out)) != len(out):
            raise self.fail(key, f"repeats an entry: {items!r}")
        return out

    def table(self, key: str) -> _Table:
        return _Table(self._get(key), f"{self.where}.{key}")

    def done(self) -> None:
        extra = sorted(set(self.data) - self.taken)
        if extra:
            raise SoloDataError(f"{self.where}: unknown key(s) {', '.join(extra)}")


def _pick(value: Any, choices: Mapping[str, Any] | tuple[str, ...], where: str) -> Any:
    if not isinstance(value, str) or value not in choices:
        raise SoloDataError(f"{where}: must be one of {', '.join(choices)}, not {value!r}")
    return choices[value] if isinstance(choices, Mapping) else value


def _spaces(t: _Table, key: str, n: int) -> tuple[int, ...]:
    """A permutation of 0..n-1 (action spaces, Supply sections)."""
    items = t.items(key, n)
    if sorted(items) != list(range(n)) or any(isinstance(x, bool) for x in items):
        raise t.fail(key, f"must order 0..{n - 1}, not {items!r}")
    return tuple(items)


def _components(t: _Table) -> Components:
    c = Components(t.choices("agents", AGENTS, 2), t.number("security_reports", 1),
                   t.number("challenge_cards", 1), t.number("priority_aids"),
                   t.number("hideout_boards"), t.number("saboteur_bots", 1),
                   t.flag("laboratory"), t.flag("voucher_markers"))
    if c.agents != AGENTS:
        raise t.fail("agents", f"must be {list(AGENTS)} (WHITE = 0, PINK = 1)")
    t.done()
    return c


def _setup(t: _Table) -> SoloSetup:
    board = load_board()
    g = t.table("goals")
    removed: set[int] = set()
    for i, spec in enumerate(g.items("removed")):
        ids = {goal.id for goal in board.goals if f"{goal.metric}:{goal.target}" == spec}
        if not ids:
            raise SoloDataError(f"{g.where}.removed[{i}]: no Goal tile is {spec!r}")
        removed |= ids
    colours = {c: c for c in sorted({goal.colour for goal in board.goals})}
    goals = GoalDraw(frozenset(removed), g.choices("colours", colours), g.number("per_colour", 1),
                     g.flag("distinct_across_colours"))
    g.done()
    d = t.table("deck")
    deck = StartDeck(d.number("kept_cards", 1, len(AGENTS)), d.number("first_agent_space", 0, 2),
                     d.number("second_agent_space", 0, 2),
                     d.number("second_agent_space_same_location", 0, 2),
                     d.number("research_tokens_per_kept_card"), d.number("draw_pile_after_setup"))
    d.done()
    s = SoloSetup(t.number("base_players", 2, 4), t.flag("block_rightmost_spaces"),
                  t.number("lativ_bots_per_branch", 0, 1),
                  t.number("lativ_bot_space", 0, min(board.lab_spaces) - 1),
                  t.number("research_tokens_per_type", 1, board.lab_tokens),
                  t.number("start_target_value"), t.flag("player_first"),
                  t.number("hideout_chemical_types", 0, len(board.weathers)),
                  t.number("hideout_chemicals_per_type"), t.number("start_awards"),
                  t.flag("player_supply_round"), t.flag("saboteur_supply_round"),
                  t.flag("saboteurs_bound_in_round_one"), goals, deck)
    t.done()
    return s


def _reports(t: _Table, count: int) -> tuple[SecurityReport, ...]:
    weathers = {k: i for i, k in enumerate(load_board().weathers)}
    out = []
    for i, raw in enumerate(t.items("cards", count)):
        c = _Table(raw, f"{t.where}.cards[{i}]")
        out.append(SecurityReport(c.number("id", i + 1, i + 1), c.choice("agent", AGENT_INDEX),
                                  c.choice("location", REPORT_LOCATIONS),
                                  c.choice("weather", weathers), c.choice("arrow", ARROWS)))
        c.done()
    return tuple(out)


def _priority(t: _Table) -> Priority:
    board = load_board()
    weathers = {k: i for i, k in enumerate(board.weathers)}
    w = len(weathers)
    cycle = t.choices("weather_cycle", weathers, w)
    mains = {k: v for k, v in LOCATIONS.items() if v in MAIN_LOCATIONS}
    b = t.table("base_order")
    base = []
    for key, wi in weathers.items():
        order = b.choices(key, weathers, w)
        start = cycle.index(wi)
        if order != cycle[start:] + cycle[:start]:
            raise b.fail(key, "must start with its weather and follow the weather cycle")
        base.append(order)
    b.done()
    d = t.table("destination")
    destination = {}
    for key in ("supply", "government", "lab", "rnd"):
        tried = d.choices(key, {k: v for k, v in LOCATIONS.items() if v != OFFICE})
        if tried[0] != LOCATIONS[key]:
            raise d.fail(key, f"must start with {key}")
        destination[LOCATIONS[key]] = tried
    follow = d.choices("follow_lativ", mains, len(mains))
    d.done()
    p = Priority(cycle, t.choices("main_location_cycle", mains, len(mains)),
                 t.choices("chemical_order", weathers, w),
                 _spaces(t, "chemical_section_order", max(board.chem_section) + 1),
                 _spaces(t, "main_space_order", 3), _spaces(t, "supply_space_order",
                                                            board.supply_spaces),
                 t.choices("figures_left", FIGURES), tuple(base), destination, follow)
    t.done()
    return p


def _deck(t: _Table) -> DeckFlow:
    d = DeckFlow(t.flag("reshuffle"), t.number("turns_without_discards", 1),
                 t.choice("empty_deck_loss", LOSS_CHECKS), t.flag("player_chooses_two_token_set"),
                 t.flag("set_after_draw"))
    t.done()
    return d


def _call_security(t: _Table) -> CallSecurity:
    c = CallSecurity(t.number("cost", 1), t.choices("cost_vouchers", COST_VOUCHERS),
                     t.number("draw_cards", 1), t.choices("roles", ROLES, len(ROLES)),
                     t.number("min_draw_pile", 1), t.number("uses_per_turn", 1),
                     t.flag("after_moving"))
    if c.draw_cards + 1 != len(c.roles):
        raise t.fail("roles", f"must give one role to each of the {c.draw_cards + 1} cards")
    t.done()
    return c


def _target_value(t: _Table) -> TargetValue:
    v = TargetValue(*(t.number(f.name) for f in fields(TargetValue)))
    t.done()
    return v


def _token_sets(t: _Table) -> TokenSets:
    s = TokenSets(t.number("locked", 1, 3), t.number("unlocked", 1, 3), t.number("per_location", 1),
                  t.number("min_research_tokens", 1), t.number("per_turn", 1),
                  t.flag("three_of_unlocked_is_three_set"))
    t.done()
    return s


def _end(t: _Table) -> EndConditions:
    board = load_board()
    e = EndConditions(t.number("victory_goals_met", 1, len(board.goal_space_colours)),
                      t.number("victory_funding_markers", 1, 3),
                      t.number("victory_funding_space", 0, board.funding_length - 1),
                      t.number("loss_extreme_level", 1, max(x.level for x in board.extremes)),
                      t.number("loss_extreme_tiles", 1), t.flag("tie_wins"),
                      t.number("extra_rounds"))
    t.done()
    return e


def _effect(raw: Any, where: str) -> Effect:
    t = _Table(raw, where)
    cls = t.choice("kind", EFFECTS)
    values = {f.name: t.number(f.name, cls.least) for f in fields(cls)}
    t.done()
    return cls(**values)


def _challenges(items: Any, count: int, where: str) -> tuple[Challenge, ...]:
    if not isinstance(items, list) or len(items) != count:
        raise SoloDataError(f"{where}: must be {count} [[challenge]] tables")
    out = []
    for i, raw in enumerate(items):
        t = _Table(raw, f"{where}[{i}]")
        effects = t.items("effects")
        if not effects:
            raise t.fail("effects", "a Challenge card has at least one effect")
        out.append(Challenge(t.number("id", i + 1, i + 1), t.key("title"), tuple(
            _effect(e, f"{t.where}.effects[{j}]") for j, e in enumerate(effects))))
        t.done()
    return tuple(out)


def _condition(raw: Any, where: str) -> Condition:
    t = _Table(raw, where)
    metric = t.choice("metric", tuple(METRICS))
    bound = METRICS[metric]
    if ("atmost" if bound == "atleast" else "atleast") in t.data:
        raise SoloDataError(f"{where}: '{metric}' is read with '{bound}' only")
    n = t.number(bound)
    if metric in FIXED_BOUND and n != FIXED_BOUND[metric]:
        raise t.fail(bound, f"'{metric}' is always {FIXED_BOUND[metric]}")
    last = load_board().funding_length - 1
    if metric in FUNDING_METRICS and n > last:
        raise t.fail(bound, f"a Funding track's spaces are 0..{last}, not {n}")
    t.done()
    return Condition(metric, n, bound == "atmost")


def _ladder(t: _Table) -> Ladder:
    items = t.items("level")
    out = []
    for i, raw in enumerate(items):
        q = _Table(raw, f"{t.where}.level[{i}]")
        conditions = q.items("conditions")
        if not conditions:
            raise q.fail("conditions", "a level has at least one condition")
        out.append(Qualification(q.number("level", i + 1, i + 1), q.key("title"), tuple(
            _condition(c, f"{q.where}.conditions[{j}]") for j, c in enumerate(conditions))))
        q.done()
    if not out:
        raise t.fail("level", "the ladder has at least one level")
    ladder = Ladder(t.flag("requires_win"), tuple(out))
    t.done()
    return ladder


def _readings(t: _Table) -> tuple[str, ...]:
    ids = t.items("ids")
    bad = [i for i in ids if not isinstance(i, str) or not i.isidentifier() or not i.islower()]
    if bad or not ids or len(set(ids)) != len(ids):
        raise t.fail("ids", f"must be distinct lower-case ids, not {bad or ids!r}")
    t.done()
    return tuple(f"wm.solo.reading.{i}" for i in ids)


def parse(text: str, where: str = "solo.toml") -> SoloData:
    """The solo data from the text of solo.toml (SoloDataError when it is malformed)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SoloDataError(f"{where}: {exc}") from None
    top = _Table(raw, where)
    components = _components(top.table("components"))
    reports_table = top.table("security_reports")
    reports = _reports(reports_table, components.security_reports)
    verified = reports_table.flag("verified")
    reports_table.done()
    setup = _setup(top.table("setup"))
    challenges = _challenges(top.raw("challenge"), components.challenge_cards,
                             f"{where}.challenge")
    data = SoloData(components, setup, reports, verified, _priority(top.table("priority")),
                    _deck(top.table("deck")), _call_security(top.table("call_security")),
                    _target_value(top.table("target_value")), _token_sets(top.table("token_sets")),
                    _end(top.table("end")), challenges, _ladder(top.table("ladder")),
                    _readings(top.table("readings")))
    top.done()
    _check(data, where)
    return data


def _check(d: SoloData, where: str) -> None:
    """Values that must agree across blocks."""
    if d.setup.start_target_value != d.target_value.start:
        raise SoloDataError(f"{where}: setup.start_target_value and target_value.start differ")
    kept = d.setup.deck.kept_cards
    after = d.components.security_reports - kept - 1  # the kept cards and the first current report
    if d.setup.deck.draw_pile_after_setup != after:
        raise SoloDataError(f"{where}: setup.deck.draw_pile_after_setup must be {after}")
    if d.deck.turns_without_discards != after:
        raise SoloDataError(f"{where}: deck.turns_without_discards must be {after}")
    for label, keys in (("challenge", [c.title for c in d.challenges]),
                        ("ladder.level", [q.title for q in d.ladder.levels])):
        if len(set(keys)) != len(keys):
            raise SoloDataError(f"{where}: two {label} titles share a key")


@lru_cache(maxsize=1)
def load() -> SoloData:
    root = importlib.resources.files(__package__) / "data"
    return parse((root / "solo.toml").read_text(encoding="utf-8"))


SOLO = load()
