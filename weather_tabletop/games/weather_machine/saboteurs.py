"""Weather Machine solo: the Saboteurs' setup, their turn, and the solo changes to Phases B and C
and to the end of the game, as functions over a ``Ctx`` that emit events (``solo_events``, and
the base game's where the Saboteurs do what a player does).

Sections cited are those of ``../shared/rules/weather-machine-solo.md``; "7.Gn" is the reading of
its section 7 that a step follows (listed for players in docs/weather-machine-solo.md). Two
readings are this edition's own, because its board differs from the printed one: a Government
Bot space's Machine Part colour ``k`` matches the Chemical of weather ``k`` (the printed parts
share the Chemicals' colours, §2.2; this edition's parts have their own palette, board.toml
[parts]), and a Lab space requires the Chemical of its branch's weather (this edition's Lab spaces
depict no Chemical, board.toml [lab]).

Not here: the turn order with the Saboteurs, their place in Phase B's order, the player's
decisions (Call Security, the two-token set's reward, Creative Accounting's track) as steps, and
the table's drawing (docs/weather-machine-solo.md, "Status").
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence, TypeVar

from weather_tabletop.engine.chance import Rng

from . import board as B
from .board import D, W
from .context import Ctx, trigger
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, V_SCI
from .events import (ExtremeWeatherEscalated, LativBotDisplaced, LativBotPlaced, LativMoved,
                     LockRemoved, NoAwardLeft, NoExtremeWeatherLeft, ResearchTokenDiscarded)
from .government import government_runs
from .lab import active_tile
from .scoring import breakdown, goal_met
from .solo_data import (BOTTOM, FOLLOW_LATIV, MAIN_LOCATIONS, PINK, SOLO, TOP, WHITE,
                        ExtraHideoutChemical, HideoutChemicalsEach, IncomeFundingBack,
                        IncomeTvPerBoardBot, LowerStartTargetValue, RemoveReports, SecurityReport,
                        StartAwards, TurnEndTvIfInitiative, UnlockTv, WinOnlyImmediate,
                        WinRequiresGoals, WinRequiresNobel)
from .solo_events import (AgentMoved, AgentPlaced, BotPlacementFailed, ChemicalBesideBot,
                          FundingPushedBack, HideoutAwardTaken, HideoutChemicalReturned,
                          HideoutChemicalsDrawn, HideoutChemicalTaken, HideoutTokenTaken,
                          NoChemicalForBot, NoChemicalToTake, NoReportToDiscard, PlayerTurnBegan,
                          ReportDiscarded,
                          ReportDrawn, ReportPlayed, ReportsRemoved, ReportsShuffled,
                          SaboteurBotPlaced, SaboteurBotsReturned, SaboteurBotsStay,
                          SaboteurPartPlaced,
                          SaboteursJoined, SaboteursTookInitiative, SaboteurTurnBegan,
                          SecurityCalled, SecurityReportsTaken, SetRewardChosen, SetRewardPending,
                          SoloCompared, SoloDecided,
                          StartReportsRevealed, SubsidyFlipped, TargetValueRaised,
                          TokenSetResolved)
from .solo_state import NO_REPORT, SABOTEUR, SABOTEURS_SEAT, TOKEN_COLOUR, SoloState
from .state import EMPTY, LATIV, WMState

P = SOLO.priority
TV = SOLO.target_value
T = TypeVar("T")
#: a figure on an action space (§4.3 Step 3, 7.G8)
SCIENTIST, AGENT, LATIV_FIGURE, NOBODY = "scientist", "agent", "lativ", ""


# -- what the Saboteurs read -------------------------------------------------------------------


def solo(s: WMState) -> SoloState:
    """The Saboteurs' state (only a solo game has one)."""
    assert s.solo is not None
    return s.solo


def priority_card(s: WMState) -> SecurityReport | None:
    """§2.2: "The priority card is the top card of the discard pile"."""
    card = solo(s).deck.priority
    return SOLO.report(card) if card != NO_REPORT else None


def base_order(s: WMState) -> tuple[int, ...]:
    """§3.3 Base weather order: from the priority card's weather along the weather cycle."""
    card = priority_card(s)
    return P.base_order[card.weather] if card else P.weather_cycle


def arrow(s: WMState) -> str:
    """§3.3 Selection arrow of the priority card (7.G4: the card on top at this moment)."""
    card = priority_card(s)
    return card.arrow if card else TOP


def by_arrow(s: WMState, top_to_bottom: Sequence[T]) -> T:
    """§3.3: "Top means the topmost of the tied candidates and Bottom the bottommost"."""
    return top_to_bottom[0] if arrow(s) == TOP else top_to_bottom[-1]


def token_locations(s: WMState, w: int) -> set[str]:
    """The Main Locations (token colours) of the Hideout's Research tokens of weather ``w``."""
    return {t[0] for t in solo(s).hideout.tokens if int(t[2:]) == w}


def research_order(s: WMState, loc: int) -> tuple[int, ...]:
    """§3.3 Research-priority order for location ``loc``: group 1, locked weathers with tokens
    from 1 or 2 other Main Locations; group 2, unlocked weathers with a token from exactly 1 other
    Main Location; group 3, the rest; each group in base order. Awards are ignored."""
    colour = TOKEN_COLOUR[loc]
    groups: tuple[list[int], list[int], list[int]] = ([], [], [])
    for w in base_order(s):
        held = token_locations(s, w)
        if colour not in held and s.locks[w] and 1 <= len(held) <= 2:
            groups[0].append(w)
        elif colour not in held and not s.locks[w] and len(held) == 1:
            groups[1].append(w)
        else:
            groups[2].append(w)
    return tuple(groups[0] + groups[1] + groups[2])


def figure_at(s: WMState, loc: int, space: int) -> str:
    """Who stands on an action space: your Scientist, an agent, Lativ, or nobody. §2.3 step 1:
    no space is blocked."""
    if any(p.location == loc and p.space == space for p in s.pl):
        return SCIENTIST
    if solo(s).agent_at(loc, space) >= 0:
        return AGENT
    if s.lativ_loc == loc and s.lativ_space == space:
        return LATIV_FIGURE
    return NOBODY


def free_spaces(s: WMState, loc: int) -> list[int]:
    return [i for i in range(B.spaces_of(loc)) if figure_at(s, loc, i) == NOBODY]


def possible(s: WMState, agent: int, loc: int) -> bool:
    """§4.3 Step 1: a location is impossible when all its action spaces are occupied, the moving
    agent is already in it, or (Follow Lativ) Lativ is in his Office."""
    if loc == OFFICE or solo(s).agents[agent][0] == loc:
        return False
    return bool(free_spaces(s, loc))


def destinations(s: WMState, report: SecurityReport) -> tuple[int, ...]:
    """§4.3 Step 1: the locations tried in order. Follow Lativ (7.G9): Lativ's Location, then
    from a Main Location along the Main Location cycle, from the Supply or the Office Government,
    Lativ's Lab, R&D."""
    if report.location != FOLLOW_LATIV:
        return P.destination[report.location]
    cycle = P.main_location_cycle
    if s.lativ_loc in cycle:
        k = cycle.index(s.lativ_loc)
        return tuple(cycle[(k + j) % len(cycle)] for j in range(len(cycle)))
    return (s.lativ_loc,) + P.follow_lativ


def space_for(s: WMState, loc: int) -> int:
    """§4.3 Step 2: in a Main Location A, else C, else B; in the Supply the leftmost empty space
    (7.G7)."""
    order = P.supply_space_order if loc == SUPPLY else P.main_space_order
    free = free_spaces(s, loc)
    return next(i for i in order if i in free)


def hideout_holds(s: WMState, w: int) -> bool:
    return solo(s).hideout.chemicals[w] > 0


# -- shared procedures (§4.5) ------------------------------------------------------------------


def raise_tv(c: Ctx, n: int, why: str, count: int = 0) -> None:
    """§4.5.1: "The TV only ever rises"."""
    if n > 0:
        c.emit(TargetValueRaised(n, why, count))


class ChemicalChoice(NamedTuple):
    """The Chemical the Saboteurs take (§4.5.2): its weather, the types of the cheapest section
    holding any, those of them the Hideout holds fewest of, and the reason key."""
    weather: int
    types: tuple[int, ...]
    tied: tuple[int, ...]
    why: str


def chemical_choice(s: WMState) -> ChemicalChoice | None:
    """§4.5.2 Taking a Chemical: the cheapest Supply section holding any; the type the Hideout
    holds fewest of; then the arrow, in the order Verdino ... Radieu. None: no Chemical left
    (7.G11)."""
    for section in P.chemical_section_order:
        slots = [i for i, sec in enumerate(D.chem_section) if sec == section]
        types = tuple(w for w in P.chemical_order if any(s.chem_supply[w][i] for i in slots))
        if types:
            break
    else:
        return None
    least = min(solo(s).hideout.chemicals[w] for w in types)
    tied = tuple(w for w in types if solo(s).hideout.chemicals[w] == least)
    why = "only" if len(types) == 1 else "fewest" if len(tied) == 1 else "arrow"
    return ChemicalChoice(by_arrow(s, tied), types, tied, why)


def take_chemical(c: Ctx) -> None:
    """§4.5.2 Taking a Chemical (``chemical_choice``): its leftmost Chemical from the Supply."""
    choice = chemical_choice(c.s)
    if choice is None:
        c.emit(NoChemicalToTake())  # 7.G11
        return
    w = choice.weather
    c.emit(HideoutChemicalTaken(w, B.supply_leftmost(c.s, w), choice.why))


def pay_chemical_to_supply(c: Ctx, w: int) -> None:
    """§4.5.3 Government and Lab: back to the rightmost empty Supply space of its type."""
    c.emit(HideoutChemicalReturned(w, B.supply_rightmost_empty(c.s, w)))


def discard_top_report(c: Ctx, why: str) -> None:
    """§3.4 "Discard the top Security Report": the draw pile's top card becomes the priority
    card; "If the draw pile is empty, nothing happens"."""
    draw = solo(c.s).deck.draw
    c.emit(ReportDiscarded(draw[0], why) if draw else NoReportToDiscard(why))


def unlock_citation(c: Ctx, w: int) -> None:
    """§4.5.5: the Lock token of ``w`` leaves the game; Publish or Perish: +5 TV."""
    if c.s.locks[w]:
        c.emit(LockRemoved(w))
        for e in solo(c.s).effects(UnlockTv):
            raise_tv(c, e.n, "unlock")


def rnd_token(c: Ctx, b: int) -> None:
    """§4.5.4 R&D Research token: the branch's R&D token to the Hideout; if none remains (or,
    7.G16, the Saboteurs' Bot completed the branch), +5 TV and the Citation unlocked."""
    s = c.s
    completed = all(x != EMPTY for x in s.rnd[b])
    if s.rnd_tokens[b] > 0 and not completed:
        c.emit(HideoutTokenTaken(f"R:{b}"))
        return
    raise_tv(c, TV.no_rnd_token, "completed" if completed else "no_rnd_token")
    unlock_citation(c, b)


def place_extreme(c: Ctx, w: int) -> None:
    """§4.5.7: the top tile of the weather's stack covers the one in R&D (7.G11: none left,
    none placed)."""
    stack = c.s.ew_stack[w]
    c.emit(ExtremeWeatherEscalated(w, stack[0]) if stack else NoExtremeWeatherLeft(w))


def find_set(s: WMState) -> tuple[int, tuple[str, ...], int, int] | None:
    """§4.5.6 Which set is resolved: the first valid 3-token set in base order among the locked
    weathers (7.G14: or three real tokens of an unlocked one), else the first valid 2-token set
    among the unlocked weathers. A set holds at most one token of W per Main Location, at least
    one real token, Awards filling the rest. Returns (weather, tokens, awards, size)."""
    h = solo(s).hideout
    order = base_order(s)
    sets = SOLO.token_sets

    def one_each(w: int) -> tuple[str, ...]:
        seen: dict[str, str] = {}
        for t in h.tokens:
            if int(t[2:]) == w and t[0] not in seen:
                seen[t[0]] = t
        return tuple(seen[c] for c in "GLR" if c in seen)

    for w in order:
        real = one_each(w)
        if not real:
            continue
        if s.locks[w] and len(real) + h.awards >= sets.locked:
            return w, real[:sets.locked], sets.locked - len(real[:sets.locked]), sets.locked
        if not s.locks[w] and sets.three_of_unlocked_is_three_set and len(real) >= sets.locked:
            return w, real, 0, sets.locked
    for w in order:
        real = one_each(w)
        if real and not s.locks[w] and len(real) + h.awards >= sets.unlocked:
            used = real[:sets.unlocked]
            return w, used, sets.unlocked - len(used), sets.unlocked
    return None


def resolve_token_set(c: Ctx) -> None:
    """§4.5.6 at Step 7: at most one set. Three tokens: removed, an Extreme Weather tile, a
    discard, the Citation unlocked. Two tokens: removed, then the player's choice (7.G13), which
    waits on ``SoloState.pending_set`` unless the draw pile is empty (then the TV rises)."""
    found = find_set(c.s)
    if found is None:
        return
    w, tokens, awards, size = found
    c.emit(TokenSetResolved(w, tokens, awards, size))
    if size == SOLO.token_sets.locked:
        place_extreme(c, w)
        discard_top_report(c, "set")
        unlock_citation(c, w)
    elif solo(c.s).deck.draw:
        c.emit(SetRewardPending(w))
    else:
        raise_tv(c, TV.two_token_set, "two_set")


def choose_set_reward(c: Ctx, discard: bool) -> None:
    """7.G13: the player's choice for the pending two-token set: +5 TV, or discard the top
    Security Report (only while the draw pile holds a card: "The TV must rise if the draw pile
    is empty")."""
    w = solo(c.s).pending_set
    discard = discard and bool(solo(c.s).deck.draw)
    c.emit(SetRewardChosen(w, discard))
    if discard:
        discard_top_report(c, "two_set")
    else:
        raise_tv(c, TV.two_token_set, "two_set")


# -- location actions (§4.4) -------------------------------------------------------------------


def fallback(c: Ctx, loc: int, why: str) -> None:
    """§4.4.5: the Bot placement (G1, L1, R3) is impossible: discard the top Security Report,
    then take 1 Chemical with the new priority card's arrow (7.G4)."""
    c.emit(BotPlacementFailed(loc, why))
    discard_top_report(c, "fallback")
    take_chemical(c)


def supply_actions(c: Ctx) -> None:
    """§4.4.1 Supply: the Initiative (taken for free, or +2 TV when already held), then 2
    Chemicals one at a time (7.G23)."""
    order = c.s.initiative
    if order[0] != SABOTEURS_SEAT:
        c.emit(SaboteursTookInitiative((SABOTEURS_SEAT,) + tuple(x for x in order
                                                                 if x != SABOTEURS_SEAT)))
    else:
        raise_tv(c, TV.supply_initiative_held, "initiative")
    take_chemical(c)
    take_chemical(c)


def subsidy_to_flip(s: WMState) -> tuple[int, int, int] | None:
    """§4.4.2 b (7.G12): the first column in base weather order with a blue-side-up Subsidy tile,
    the arrow picking the tile in it: (column, row, how many were blue side up in it)."""
    for col in base_order(s):
        rows = [r for r in range(3) if s.gov_grid[col][r].endswith("+")]
        if rows:
            return col, by_arrow(s, rows), len(rows)
    return None


def flip_subsidy(c: Ctx) -> None:
    """§4.4.2 b: the tile ``subsidy_to_flip`` picks turns to its used side; nobody gains its
    benefit."""
    flip = subsidy_to_flip(c.s)
    if flip is not None:
        c.emit(SubsidyFlipped(flip[0], flip[1]))


def part_row(s: WMState, col: int) -> tuple[int, int] | None:
    """§4.4.2 G2: the topmost or bottommost Subsidy tile still in the column (either side up),
    following the arrow: (row, how many tiles were in it)."""
    tiles = [r for r in range(3) if s.gov_grid[col][r].startswith("S")]
    return (by_arrow(s, tiles), len(tiles)) if tiles else None


class Placement(NamedTuple):
    """Where a Saboteur Bot goes: the branch (a Government column), the space (a row), the reason
    key, the order the branches were tried in and the spaces of the branch that fitted (the arrow
    picked among them, top first)."""
    branch: int
    space: int
    why: str
    order: tuple[int, ...]
    spaces: tuple[int, ...]


def government_placement(s: WMState) -> Placement | None:
    """§4.4.2 G1: a space whose colour matches a Hideout Chemical, in the research-priority
    order for Government, preferring branches with a Government token (7.G5), the arrow picking
    the space (7.G6). None: no eligible branch."""

    def spaces(col: int) -> tuple[int, ...]:
        return tuple(r for r in range(3)
                     if s.gov_bots[col][r] == EMPTY and hideout_holds(s, D.gov_colours[col][r]))

    return _placement(s, GOVERNMENT, spaces, s.gov_tokens, ("gov_token", "gov_first"))


def _placement(s: WMState, loc: int, spaces: Callable[[int], tuple[int, ...]],
               tokens: tuple[int, ...], why: tuple[str, str]) -> Placement | None:
    """The first branch of the research-priority order for ``loc`` with a space that fits,
    preferring branches that still have a Research token (7.G5), the arrow picking the space
    (7.G6); ``why``: the reason keys with a token and without. None: no branch fits."""
    order = research_order(s, loc)
    eligible = [b for b in order if spaces(b)]
    if not eligible:
        return None
    with_token = [b for b in eligible if tokens[b] > 0]
    b = (with_token or eligible)[0]
    fit = spaces(b)
    return Placement(b, by_arrow(s, fit), why[0] if with_token else why[1], order, fit)


def lab_placement(s: WMState) -> Placement | None:
    """§4.4.3 L1: a space empty or holding a Lativ Bot, whose branch's Chemical the Hideout holds
    and whose weather has an Experiment tile in the display (7.G24); the branch with the most
    Bots, then one with a Lab token, then the research-priority order for the Lab; the arrow
    picks the space. None: no eligible space."""

    def spaces(b: int) -> tuple[int, ...]:
        if not hideout_holds(s, b) or active_tile(s, b) is None:
            return ()
        return tuple(i for i in range(D.lab_spaces[b] - 1, -1, -1)  # top first; 0 is the bottom
                     if s.lab[b][i] in (EMPTY, LATIV))

    order = research_order(s, LAB)
    eligible = [b for b in order if spaces(b)]
    if not eligible:
        return None
    bots = {b: sum(1 for x in s.lab[b] if x != EMPTY) for b in eligible}
    most = max(bots.values())
    tied = [b for b in eligible if bots[b] == most]
    with_token = [b for b in tied if s.lab_tokens[b] > 0]
    b = (with_token or tied)[0]
    why = "most_bots" if len(tied) == 1 else "lab_token" if len(with_token) == 1 else "lab_order"
    fit = spaces(b)
    return Placement(b, by_arrow(s, fit), why, order, fit)


def rnd_free_placement(s: WMState) -> Placement | None:
    """§4.4.4 R1: the first branch in base weather order with an empty Research space, the arrow
    picking the space. None: no empty space or no Bot in the Hideout (7.G11)."""
    order = base_order(s)
    branch = next((b for b in order if EMPTY in s.rnd[b]), None)
    if branch is None or solo(s).hideout.bots == 0:
        return None
    spaces = tuple(k for k in range(2, -1, -1) if s.rnd[branch][k] == EMPTY)
    return Placement(branch, by_arrow(s, spaces), "free", order, spaces)


def rnd_placement(s: WMState) -> Placement | None:
    """§4.4.4 R3: an empty Research space whose depicted Chemical the Hideout holds, in the
    research-priority order for R&D preferring branches with an R&D token (7.G5), the arrow
    picking the space (7.G6). None: no eligible branch."""

    def spaces(b: int) -> tuple[int, ...]:
        return tuple(k for k in range(2, -1, -1)
                     if s.rnd[b][k] == EMPTY and hideout_holds(s, D.rnd_chemical[b][k]))

    return _placement(s, RND, spaces, s.rnd_tokens, ("rnd_token", "rnd_first"))


def government_actions(c: Ctx, space: int) -> None:
    """§4.4.2 Government: on space A first a Chemical (a) and a Subsidy flipped (b); then G1 a Bot
    on a space whose colour matches a Hideout Chemical, in the research-priority order for
    Government, preferring branches with a Government token (7.G5), the arrow picking the space
    (7.G6), the Chemical paid back to the Supply; G2 a Subsidy tile of the branch replaced by a
    Machine Part (7.G12); G3 its Government token, else +5 TV; G4 the activation. No eligible
    branch: the fallback (§4.4.5)."""
    if space == 0:
        take_chemical(c)
        flip_subsidy(c)
    if solo(c.s).hideout.bots == 0:
        fallback(c, GOVERNMENT, "no_bot")
        return
    place = government_placement(c.s)
    if place is None:
        fallback(c, GOVERNMENT, "no_space")
        return
    col, row = place.branch, place.space
    colour = D.gov_colours[col][row]
    c.emit(SaboteurBotPlaced(GOVERNMENT, col, row, place.why))
    pay_chemical_to_supply(c, colour)
    part = part_row(c.s, col)
    if part is not None:  # G2
        r = part[0]
        c.emit(SaboteurPartPlaced(col, r, int(c.s.gov_grid[col][r][1:-1]), colour))
    if c.s.gov_tokens[col] > 0:  # G3
        c.emit(HideoutTokenTaken(f"G:{col}"))
    else:
        raise_tv(c, TV.no_government_token, "no_government_token")
    if all(x != EMPTY for x in c.s.gov_bots[col]):  # G4
        government_runs(c, col)
        activation_tv(c, col)


def activation_tv(c: Ctx, col: int) -> None:
    """§4.2, G4: a Government activation raises the TV by 3 per Saboteur Bot in the branch."""
    n = c.s.gov_bots[col].count(SABOTEUR)
    raise_tv(c, TV.government_activation_per_bot * n, "activation", n)


def lab_actions(c: Ctx, space: int) -> None:
    """§4.4.3 Lativ's Lab: on space A first an Award token (a); then L1 a Bot on a space that is
    empty or holds a Lativ Bot, whose branch's Chemical the Hideout holds and whose weather has an
    Experiment tile in the display (7.G24); the branch with the most Bots, then one with a Lab
    token, then the research-priority order for the Lab; the arrow picks the space; a Lativ Bot
    moves aside as in the base game; the Chemical is paid back to the Supply. No eligible space:
    the fallback, the Award kept."""
    if space == 0:
        c.emit(HideoutAwardTaken() if c.s.awards_left > 0 else NoAwardLeft())  # 7.G11
    if solo(c.s).hideout.bots == 0:
        fallback(c, LAB, "no_bot")
        return
    place = lab_placement(c.s)
    if place is None:
        fallback(c, LAB, "no_space")
        return
    b, i = place.branch, place.space
    displaced = c.s.lab[b][i] == LATIV
    c.emit(SaboteurBotPlaced(LAB, b, i, place.why))
    if displaced:
        c.emit(LativBotDisplaced(b, c.s.lab[b].index(EMPTY) if EMPTY in c.s.lab[b] else -1))
    pay_chemical_to_supply(c, b)


def rnd_place(c: Ctx, b: int, i: int, why: str) -> None:
    c.emit(SaboteurBotPlaced(RND, b, i, why))
    if all(x != EMPTY for br in c.s.rnd for x in br):
        trigger(c, "wm.trigger.research")  # §5.2


def rnd_actions(c: Ctx, space: int) -> None:
    """§4.4.4 R&D (no bottom-space cost, no benefits, no Funding): on space A first R1 a Bot on
    the first branch in base order with an empty space, the arrow picking it (7.G11: skipped
    without a Bot or space), and R2 its Chemical beside it and a token if the Hideout holds it;
    then R3 a Bot where the Hideout holds the Chemical depicted, in the research-priority order
    for R&D preferring branches with an R&D token (7.G5), the arrow picking the space (7.G6), the
    Chemical beside it, and R4 its token (§4.5.4). No eligible branch: the fallback."""
    if space == 0:
        free = rnd_free_placement(c.s)
        if free is None:
            c.emit(BotPlacementFailed(RND, "skipped"))
        else:
            branch, i = free.branch, free.space
            rnd_place(c, branch, i, "free")
            w = D.rnd_chemical[branch][i]
            if hideout_holds(c.s, w):  # R2
                c.emit(ChemicalBesideBot(w, branch, i))
                rnd_token(c, branch)
            else:
                c.emit(NoChemicalForBot(w, branch))
    if solo(c.s).hideout.bots == 0:
        fallback(c, RND, "no_bot")
        return
    place = rnd_placement(c.s)
    if place is None:
        fallback(c, RND, "no_space")
        return
    b, i = place.branch, place.space
    rnd_place(c, b, i, place.why)
    c.emit(ChemicalBesideBot(D.rnd_chemical[b][i], b, i))
    rnd_token(c, b)  # R4


ACTIONS = {SUPPLY: lambda c, space: supply_actions(c), GOVERNMENT: government_actions,
           LAB: lab_actions, RND: rnd_actions}


# -- the turn (§4.3) ---------------------------------------------------------------------------


def deck_exhausted(s: WMState) -> bool:
    """§5.3, 7.G2: no current report left (the text); with the option ``solo_deck_loss`` "app",
    an empty draw pile already."""
    deck = solo(s).deck
    if s.option("solo_deck_loss", SOLO.deck.empty_deck_loss) == "app":
        return not deck.draw
    return deck.current == NO_REPORT


def move_lativ(c: Ctx) -> None:
    """§4.3 Step 4 [M]: Lativ to the next Location in numeric order (in a Main Location the
    leftmost empty space, counting the agents; a full one is passed), the 2-player Research token
    discard in Government and R&D, then one of his Bots in the active branch or a following one."""
    loc = c.s.lativ_loc + 1
    while loc in MAIN_LOCATIONS and not free_spaces(c.s, loc):
        loc += 1
    c.emit(LativMoved(loc, -1 if loc in (SUPPLY, OFFICE) else free_spaces(c.s, loc)[0]))
    a = c.s.assistant
    if loc in (GOVERNMENT, RND):
        key, colour = ("gov_tokens", "G") if loc == GOVERNMENT else ("rnd_tokens", "R")
        if getattr(c.s, key)[a] > 0:
            c.emit(ResearchTokenDiscarded(f"{colour}:{a}"))
    if c.s.lativ_side > 0:
        for k in range(W):
            b = (a + k) % W
            if LATIV not in c.s.lab[b] and EMPTY in c.s.lab[b]:
                c.emit(LativBotPlaced(b, c.s.lab[b].index(EMPTY)))
                break


def saboteur_turn(c: Ctx) -> None:
    """§4.3 The Saboteurs' turn: Step 0 the clock check (a loss, §5.3); Step 1 the current
    report's agent to the first possible location; Step 2 its action space; Step 3 +1 TV per
    figure to its left on B or C (7.G8); Step 4 Lativ moves if he is there; Step 5 the location's
    actions; Step 6 the report discarded and the next drawn; Step 7 at most one token set, with
    the report just used as the priority card (7.G3)."""
    if solo(c.s).outcome[0]:  # the game is decided
        return
    if deck_exhausted(c.s):
        c.emit(SoloDecided("lost", "deck"))
        return
    report = SOLO.report(solo(c.s).deck.current)
    agent = report.agent
    c.emit(SaboteurTurnBegan(report.id, agent))
    tried = destinations(c.s, report)
    loc = next((x for x in tried if possible(c.s, agent, x)), None)
    if loc is not None:
        space = space_for(c.s, loc)
        skipped = tried[:tried.index(loc)]
        c.emit(AgentMoved(agent, loc, space, report.location, skipped))
        if loc in MAIN_LOCATIONS and space != 0:
            n = sum(1 for i in range(space) if figure_at(c.s, loc, i) != NOBODY)
            raise_tv(c, TV.figure_to_the_left * n, "figures", n)
        if c.s.lativ_loc == loc:
            move_lativ(c)
        ACTIONS[loc](c, space)
    c.emit(ReportPlayed(report.id))
    draw = solo(c.s).deck.draw
    if draw:
        c.emit(ReportDrawn(draw[0]))
    resolve_token_set(c)


# -- setup (§2.3) ------------------------------------------------------------------------------


def start_reports(draw: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """§2.3 step 11.2: reveal until one White and one Pink card show a Main Location: the kept
    cards in order, and the cards set aside."""
    kept: list[int] = []
    aside: list[int] = []
    agents: set[int] = set()
    for rid in draw:
        card = SOLO.report(rid)
        if card.main_location and card.agent not in agents:
            kept.append(rid)
            agents.add(card.agent)
            if len(kept) == SOLO.setup.deck.kept_cards:
                break
        else:
            aside.append(rid)
    return tuple(kept), tuple(aside)


def set_up_saboteurs(c: Ctx, r: Rng, challenges: tuple[int, ...] = ()) -> None:
    """§2.3 Setup, the Saboteurs' part: steps 1-3 and 5-8 (``SaboteursJoined``), step 6's Target
    Value (Publish or Perish: 5 lower), step 9 the Hideout Chemicals (Fully Stocked Opponents,
    Nobel Laureate, Budget Cuts), step 10 the Awards (Creative Accounting, Independent
    Prototypes), step 11 the Security Report deck and the agents, with §3.6 The Clock is
    Ticking. The player's Goal tiles (step 4) are ``draw_goals``."""
    setup = SOLO.setup

    def chosen(kind: type) -> tuple[Any, ...]:
        return SOLO.effects(challenges, kind)

    tv = setup.start_target_value - sum(e.n for e in chosen(LowerStartTargetValue))
    awards = min(c.s.awards_left, setup.start_awards + sum(e.n for e in chosen(StartAwards)))
    c.emit(SaboteursJoined(tv, SOLO.components.saboteur_bots, awards, tuple(challenges)))
    each = chosen(HideoutChemicalsEach)
    if each:
        weathers = tuple(w for w in range(W) for _ in range(sum(e.n for e in each)))
    else:
        kinds = r.shuffled(tuple(range(W)))[:setup.hideout_chemical_types]
        weathers = tuple(w for w in kinds for _ in range(setup.hideout_chemicals_per_type))
    weathers += tuple(r.below(W) for e in chosen(ExtraHideoutChemical) for _ in range(e.n))
    c.emit(HideoutChemicalsDrawn(weathers))
    c.emit(ReportsShuffled(r.shuffled(tuple(card.id for card in SOLO.reports))))
    kept, aside = start_reports(solo(c.s).deck.draw)
    c.emit(StartReportsRevealed(kept, aside))
    deck = SOLO.setup.deck
    first = SOLO.report(kept[0])
    for k, rid in enumerate(kept):
        card = SOLO.report(rid)
        space = deck.first_agent_space if k == 0 else (
            deck.second_agent_space_same_location if card.location == first.location
            else deck.second_agent_space)
        c.emit(AgentPlaced(card.agent, card.location, space, rid))
    for rid in kept:
        card = SOLO.report(rid)
        for _ in range(deck.research_tokens_per_kept_card):
            c.emit(HideoutTokenTaken(f"{TOKEN_COLOUR[card.location]}:{card.weather}"))
    c.emit(ReportsShuffled(r.shuffled(solo(c.s).deck.draw)))
    removed = sum(e.n for e in chosen(RemoveReports))
    if removed:
        c.emit(ReportsRemoved(removed))
    c.emit(ReportDrawn(solo(c.s).deck.draw[0]))


def draw_goals(r: Rng) -> tuple[int, ...]:
    """§2.3 step 4: without the removed tiles, 2 Goal tiles of each colour at random, a tile whose
    middle icon (its metric) one already drawn has being set aside (7.G22: across all 6)."""
    g = SOLO.setup.goals
    drawn: list[int] = []
    icons: set[str] = set()
    for gid in r.shuffled(tuple(x.id for x in D.goals if x.id not in g.removed)):
        goal = D.goals[gid]
        if goal.colour not in g.colours or goal.metric in icons:
            continue
        if sum(1 for x in drawn if D.goals[x].colour == goal.colour) >= g.per_colour:
            continue
        drawn.append(gid)
        if g.distinct_across_colours:
            icons.add(goal.metric)
    return tuple(sorted(drawn))


# -- Call Security (§3.5) ----------------------------------------------------------------------


def security_cost_types(s: WMState, seat: int) -> tuple[int, ...]:
    """§3.5: the Voucher types that may pay Call Security now (7.G17: once per turn); none when
    fewer than 2 cards remain in the draw pile or the player holds no such Voucher."""
    cs = SOLO.call_security
    sol = solo(s)
    if len(sol.deck.draw) < cs.min_draw_pile or sol.security_calls >= cs.uses_per_turn:
        return ()
    p = s.pl[seat]
    types = cs.voucher_types(p.location) if p.location in (SUPPLY,) + MAIN_LOCATIONS else (V_SCI,)
    return tuple(dict.fromkeys(t for t in types if p.vouchers[t] >= cs.cost))


def take_security_reports(c: Ctx, seat: int, vtype: int) -> None:
    """§3.5 Call Security, begun: the current report and the top 2 cards of the draw pile come
    into the player's hand (turned up for them); their roles are given next (``call_security``,
    which pays the Voucher)."""
    if vtype not in security_cost_types(c.s, seat):
        raise ValueError(vtype)
    deck = solo(c.s).deck
    cards = (deck.current,) + deck.draw[:SOLO.call_security.draw_cards]
    c.emit(SecurityReportsTaken(seat, vtype, cards))


def call_security(c: Ctx, seat: int, vtype: int, current: int, put_back: int,
                  discard: int) -> None:
    """§3.5 Call Security: pay the Voucher; the current report and the top 2 cards of the draw
    pile take one role each (make current, put back, discard)."""
    deck = solo(c.s).deck
    if vtype not in security_cost_types(c.s, seat):
        raise ValueError(vtype)
    if sorted((current, put_back, discard)) != sorted((deck.current,) + deck.draw[:2]):
        raise ValueError((current, put_back, discard))
    c.emit(SecurityCalled(seat, vtype, current, put_back, discard))


# -- Phase B, Phase C, the player's turn and the end (§4.2, §4.6, §4.7, §5) -------------------


def saboteurs_experiment(c: Ctx, b: int) -> None:
    """§4.6 the experiment runs, the Saboteurs' part: their Bots back to the Hideout, the TV
    raised by the tile's CP per Bot, then the branch's Lab Research token to the Hideout."""
    n = c.s.lab[b].count(SABOTEUR)
    if not n:
        return
    tile = active_tile(c.s, b)
    cp = D.experiments[tile].cp if tile is not None else 0
    c.emit(SaboteurBotsReturned(b, n))
    raise_tv(c, TV.experiment_tile_cp_per_bot * cp * n, "experiment", n)
    if c.s.lab_tokens[b] > 0:
        c.emit(HideoutTokenTaken(f"L:{b}"))


def experiment_not_run(c: Ctx, b: int, final: bool = False) -> None:
    """§4.6 the experiment does not run: with a Saboteur Bot in the branch a new Extreme Weather
    tile of its weather (the Bots stay); §5.4: none in the final Phase B."""
    if SABOTEUR in c.s.lab[b] and not final:
        c.emit(SaboteurBotsStay(b, c.s.lab[b].count(SABOTEUR)))
        place_extreme(c, b)


def saboteurs_income(c: Ctx) -> None:
    """§4.7 Phase C with Lativ in his Office: the Saboteurs gain no income; Jamming Devices: +1
    TV per Saboteur Bot on the main board. (Creative Accounting is ``funding_back``.)"""
    s = c.s
    n = sum(x == SABOTEUR for area in (s.gov_bots, s.lab, s.rnd) for br in area for x in br)
    for e in solo(s).effects(IncomeTvPerBoardBot):
        raise_tv(c, e.n * n, "jamming", n)


def funding_back_tracks(s: WMState, seat: int) -> tuple[int, ...]:
    """§4.7 Creative Accounting: the tracks a Funding marker can move back on ("If any track
    allows this, you must choose such a track")."""
    if not solo(s).effects(IncomeFundingBack):
        return ()
    n = sum(e.n for e in solo(s).effects(IncomeFundingBack))
    return tuple(t for t in range(3) if s.pl[seat].funding[t] >= n)


def funding_back(c: Ctx, seat: int, track: int) -> None:
    """§4.7 Creative Accounting: the player's marker on ``track`` moves back."""
    if track not in funding_back_tracks(c.s, seat):
        raise ValueError(track)
    c.emit(FundingPushedBack(seat, track, sum(e.n for e in solo(c.s).effects(IncomeFundingBack))))


def prototype_tv(c: Ctx, bots: int) -> None:
    """§4.2 Breakthrough: +2 TV per Saboteur Bot that provided a Machine Part."""
    raise_tv(c, TV.prototype_part_per_bot * bots, "prototype", bots)


def goals_met(s: WMState, seat: int) -> int:
    """Goal tiles on the player's Goal spaces whose conditions are met now."""
    return sum(1 for _sp, g, _f in s.pl[seat].goals_set if goal_met(s, seat, g))


def restrictions_met(s: WMState, seat: int) -> bool:
    """§5.5: Nobel Laureate (the Nobel Prize) and Only Overachievers Apply (5 Goal tiles)."""
    sol = solo(s)
    if sol.effects(WinRequiresNobel) and not s.pl[seat].nobel:
        return False
    return all(goals_met(s, seat) >= e.n for e in sol.effects(WinRequiresGoals))


def immediate_victory(s: WMState, seat: int) -> bool:
    """§5.1: CP higher than the TV, at least 4 Goal tiles met, at least 2 Funding markers on or
    beyond space 5 (counted from 0); and §5.5's restrictions."""
    end = SOLO.end
    p = s.pl[seat]
    return (p.cp > solo(s).tv and goals_met(s, seat) >= end.victory_goals_met
            and sum(f >= end.victory_funding_space for f in p.funding)
            >= end.victory_funding_markers and restrictions_met(s, seat))


def start_of_player_turn(c: Ctx, seat: int) -> None:
    """§4.2, §5.1: the turn begins (Call Security usable again, 7.G17), then the
    immediate-victory check "at the very start of your turn"."""
    c.emit(PlayerTurnBegan(seat, solo(c.s).tv, solo(c.s).deck.current))
    if immediate_victory(c.s, seat):
        c.emit(SoloDecided("won", "good_name"))


def level_three_tiles(s: WMState) -> int:
    """Extreme Weather tiles of level 3 on top in R&D."""
    return sum(1 for board in s.ew_board
               if board and D.extremes[board[-1]].level == SOLO.end.loss_extreme_level)


def end_of_player_turn(c: Ctx) -> None:
    """§4.2, §5.3: 2 or more Level 3 Extreme Weather tiles on the board lose at once; then One
    Step Ahead: +3 TV if the Saboteurs' Initiative marker is first."""
    if level_three_tiles(c.s) >= SOLO.end.loss_extreme_tiles:
        c.emit(SoloDecided("lost", "extreme"))
        return
    if c.s.initiative[0] == SABOTEURS_SEAT:
        for e in solo(c.s).effects(TurnEndTvIfInitiative):
            raise_tv(c, e.n, "one_step_ahead")


def final_tv(c: Ctx) -> None:
    """§5.4 step 2: the Saboteurs raise the TV by 30 and score nothing else."""
    raise_tv(c, TV.end_game, "end_game")


def final_comparison(c: Ctx, seat: int) -> None:
    """§5.2-§5.5 said: the final CP against the final TV, and why the game is won or lost (a tie
    loses; Publish or Perish, Nobel Laureate and Only Overachievers Apply forbid a win)."""
    s = c.s
    cp, tv = final_total(s, seat), solo(s).tv
    if solo(s).effects(WinOnlyImmediate):
        why = "immediate_only"
    elif cp < tv or (cp == tv and not SOLO.end.tie_wins):
        why = "tie" if cp == tv else "below"
    elif solo(s).effects(WinRequiresNobel) and not s.pl[seat].nobel:
        why = "nobel"
    elif not restrictions_met(s, seat):
        why = "goals"
    else:
        why = "above"
    c.emit(SoloCompared(seat, cp, tv, player_won(s, seat), why))


def final_total(s: WMState, seat: int) -> int:
    """§5.4 step 3: your final CP, scored as usual (Funding tracks, Goal tiles, the Nobel Prize
    added to the CP of the game)."""
    return sum(v for _k, v in breakdown(s, seat))


def player_won(s: WMState, seat: int) -> bool:
    """§5.2-5.5: won by immediate victory, lost by an immediate loss; else at the end a final CP
    higher than the final TV (a tie loses) with the restrictions met, unless Publish or Perish
    allows only an immediate victory."""
    result = solo(s).outcome[0]
    if result:
        return result == "won"
    if solo(s).effects(WinOnlyImmediate):
        return False
    cp = final_total(s, seat)
    tv = solo(s).tv
    return (cp > tv or (SOLO.end.tie_wins and cp == tv)) and restrictions_met(s, seat)


def ladder_metrics(s: WMState, seat: int) -> dict[str, int]:
    """§5.6: what the qualification ladder's conditions read, for the player at the end (7.G19:
    Funding spaces counted from 0; "all Bots unlocked": Bots left on the Assembly Line)."""
    p = s.pl[seat]
    return {
        "cp": final_total(s, seat), "lowest_funding": min(p.funding),
        "highest_funding": max(p.funding), "workshop_tiles": len(p.tiles),
        "vouchers": sum(p.vouchers), "nobel": int(p.nobel), "goals_met": goals_met(s, seat),
        "line_bots": sum(p.line), "papers": p.papers, "awards": p.awards,
        "board_bots": sum(area[b].count(seat) for area in (s.gov_bots, s.lab, s.rnd)
                          for b in range(len(area))),
    }


def qualification(s: WMState, seat: int) -> tuple[int | None, tuple[tuple[int, tuple[bool, ...]], ...]]:
    """§5.6 the title ladder evaluated: the level earned (None: no title; 7.G19: only with a
    win) and, per level, each condition met or not."""
    values = ladder_metrics(s, seat)
    ticks = tuple((q.level, tuple(c.met(values[c.metric]) for c in q.conditions))
                  for q in SOLO.ladder.levels)
    return SOLO.ladder.level_for(values, player_won(s, seat)), ticks


__all__ = ["saboteur_turn", "set_up_saboteurs", "draw_goals", "call_security",
           "choose_set_reward", "saboteurs_experiment", "experiment_not_run", "saboteurs_income",
           "funding_back", "prototype_tv", "activation_tv", "start_of_player_turn",
           "end_of_player_turn", "final_tv", "player_won", "WHITE", "PINK", "BOTTOM"]
