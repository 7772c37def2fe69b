"""The words of the Saboteurs' events (``solo_events``): each event's log line, a catalogue message
(``locale/en/solo_events.json``, keys ``wm.solo_event.*``) rendered from the event's fields, in
the manner of ``event_words``. A Saboteur turn reads step by step, each step with its reason
("Agent Pink goes to the middle space of R&D: the report shows R&D, and its leftmost space is
taken and its rightmost free").

The log renders each event with the state just before it (``ui.logbook``). Where a line names
what decided a choice (the priority card and its arrow, the order the branches were tried in, the
tied candidates, which location could not be taken and why), it works it out from that state with
the rules' own choice functions (``saboteurs.chemical_choice``, ``government_placement`` ...) and
says it only when they give what the event records; given another state, the line keeps to the
event's own fields."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Event
from weather_tabletop.i18n import Msg, msg

from . import saboteurs as R
from . import solo_events as E
from . import words as T
from .context import name_of
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from .event_words import Capital, Said
from .solo_data import AGENTS, FOLLOW_LATIV, SOLO, WinRequiresGoals
from .solo_state import NO_REPORT
from .state import WMState


def agent(a: int) -> Msg:
    return msg(f"wm.solo.agent.{AGENTS[a]}")


def report(rid: int) -> Msg:
    return SOLO.report(rid).name()


def _priority(rid: int) -> Msg:
    """'Security Report 7 (Rain, Top)': a card as the priority card."""
    card = SOLO.report(rid)
    return msg("wm.solo_event.priority", report=card.name(), weather=T.weather(card.weather),
               arrow=msg(f"wm.solo.arrow.{card.arrow}"))


def location(loc: int) -> Msg:
    """A report's location: a Location, or Follow Lativ (§3.1)."""
    return msg("wm.solo.location.follow_lativ") if loc == FOLLOW_LATIV else T.location(loc)


def _shown(rid: int) -> Msg:
    """Where a report sends its agent: a location, or Follow Lativ."""
    return location(SOLO.report(rid).location)


def _board_space(loc: int, branch: int, space: int) -> Msg:
    if loc == GOVERNMENT:
        return T.gov_space(branch, space)
    return msg("wm.solo_event.branch_space", space=T.branch_space(space),
               weather=T.weather(branch), location=T.location(loc))


def _tokens(tokens: tuple[str, ...], awards: int) -> Msg:
    return T.and_list([T.token(t) for t in tokens] + [T.token("A")] * awards)


def _weathers(order: tuple[int, ...]) -> Msg:
    """An order of weathers, first to last: 'Rain, Wind, Sun, Fog and Snow'."""
    return T.and_list([T.weather(w) for w in order])


def _priority_now(s: WMState) -> Msg | None:
    """The priority card of ``s`` with its weather and arrow (§2.2: the top of the discard
    pile), or None when there is none."""
    if s.solo is None or s.solo.deck.priority == NO_REPORT:
        return None
    return _priority(s.solo.deck.priority)


def _pick(s: WMState) -> Msg:
    """What the priority card's arrow picks: 'the topmost', 'the bottommost'."""
    return msg(f"wm.solo_event.pick.{R.arrow(s)}")


# -- lines --------------------------------------------------------------------------------------


def _joined(s: WMState, e: E.SaboteursJoined) -> Said:
    if e.awards:
        return msg("wm.solo_event.joined_awards", tv=e.tv, bots=e.bots, n=e.awards)
    return msg("wm.solo_event.joined", tv=e.tv, bots=e.bots)


def _revealed(s: WMState, e: E.StartReportsRevealed) -> Said:
    kept = T.and_list([report(r) for r in e.kept])
    if not e.aside:
        return msg("wm.solo_event.start_revealed", kept=kept)
    return msg("wm.solo_event.start_revealed_aside", kept=kept, n=len(e.aside),
               aside=T.and_list([report(r) for r in e.aside]))


def _drawn(s: WMState, e: E.ReportDrawn) -> Said:
    card = SOLO.report(e.report)
    key = "drawn_lativ" if card.location == FOLLOW_LATIV else "drawn"
    return msg(f"wm.solo_event.{key}", report=card.name(), agent=agent(card.agent),
               location=_shown(e.report))


def _turn_began(s: WMState, e: E.SaboteurTurnBegan) -> Said:
    """§4.3: the report's agent and location (§3.1 fields 1-2) and the priority card whose
    weather and arrow decide the choices (fields 3-4)."""
    card = SOLO.report(e.report)
    priority = _priority_now(s)
    if priority is None or s.solo.deck.current != e.report:
        return msg("wm.solo_event.turn_began", report=report(e.report), agent=agent(e.agent))
    key = "turn_began_lativ" if card.location == FOLLOW_LATIV else "turn_began_priority"
    return msg(f"wm.solo_event.{key}", report=report(e.report), agent=agent(e.agent),
               location=_shown(e.report), priority=priority, order=_weathers(R.base_order(s)))


def _skip_reason(s: WMState, e: E.AgentMoved, loc: int) -> Msg:
    """§4.3 Step 1: why a location could not be taken (known from the state before the move)."""
    if loc == OFFICE:
        return msg("wm.solo_event.skip.office")
    if s.solo is not None and s.solo.agents[e.agent][0] == loc:
        return msg("wm.solo_event.skip.here", agent=agent(e.agent), location=T.location(loc))
    return msg("wm.solo_event.skip.full", location=T.location(loc))


def _agent_moved(s: WMState, e: E.AgentMoved) -> Said:
    """§4.3 Steps 1, 2 and 4: where the agent goes and why, the locations passed over and why,
    the space and why; Lativ there moves on."""
    before = s.solo is not None and s.solo.agents[e.agent] != (e.location, e.space)
    shown = (msg("wm.solo.location.follow_lativ") if e.shown == FOLLOW_LATIV
             else T.location(e.shown))
    if e.skipped and before:
        where = msg("wm.solo_event.where_skipped_why", shown=shown,
                    why=T.and_list([_skip_reason(s, e, x) for x in e.skipped]))
    elif e.skipped:
        where = msg("wm.solo_event.where_skipped", shown=shown,
                    skipped=T.and_list([T.location(x) for x in e.skipped]))
    elif e.shown == FOLLOW_LATIV:
        where = msg("wm.solo_event.where_lativ")
    else:
        where = msg("wm.solo_event.where_shown", shown=shown)
    side = "supply" if e.location == SUPPLY else ("left", "middle", "right")[e.space]
    key = "wm.solo_event.agent_moved"
    if before and s.lativ_loc == e.location:  # Step 4
        follows = e.shown == FOLLOW_LATIV and not e.skipped
        key = "wm.solo_event.agent_moved_follow" if follows else "wm.solo_event.agent_moved_lativ"
    return msg(key, agent=agent(e.agent), space=T.space(e.location, e.space), where=where,
               why=msg(f"wm.solo_event.space_why.{side}"))


def _figures(s: WMState, e: E.TargetValueRaised) -> Msg | None:
    """§4.3 Step 3: the figures standing left of the agent that just moved, by name (None when
    ``s`` is not the state of that moment)."""
    if s.solo is None or s.solo.deck.current == NO_REPORT:
        return None
    moving = SOLO.report(s.solo.deck.current).agent
    loc, space = s.solo.agents[moving]
    names: list[Any] = []
    for i in range(max(space, 0)):
        who = R.figure_at(s, loc, i)
        if who == R.SCIENTIST:
            seat = next(k for k, p in enumerate(s.pl) if p.location == loc and p.space == i)
            names.append(msg("wm.solo_event.figure.scientist", name=name_of(s, seat)))
        elif who == R.AGENT:
            names.append(agent(s.solo.agent_at(loc, i)))
        elif who == R.LATIV_FIGURE:
            names.append(msg("wm.solo_event.figure.lativ"))
    if len(names) != e.count:
        return None
    return msg("wm.solo_event.tv_why.figures_named", n=e.count, figures=T.and_list(names),
               agent=agent(moving))


def _tv(s: WMState, e: E.TargetValueRaised) -> Said:
    why = _figures(s, e) if e.why == "figures" else None
    return msg("wm.solo_event.tv_raised", n=e.n,
               why=why or msg(f"wm.solo_event.tv_why.{e.why}", n=e.count))


#: a Main Location's part of a catalogue key
LOCATION_KEYS = {GOVERNMENT: "government", LAB: "lab", RND: "rnd"}
#: the reasons of a Bot placement that come from an order of branches (the others are the Bot
#: count and the Lab token, §4.4.3 L1.3)
ORDERED = ("gov_token", "gov_first", "lab_order", "free", "rnd_token", "rnd_first")


def _placement(s: WMState, e: E.SaboteurBotPlaced) -> R.Placement | None:
    """The rules' choice for this placement, worked out from ``s`` (None if it is not what the
    event records)."""
    if s.solo is None:
        return None
    choose = {GOVERNMENT: R.government_placement, LAB: R.lab_placement,
              RND: R.rnd_free_placement if e.why == "free" else R.rnd_placement}[e.location]
    place = choose(s)
    ok = place is not None and (place.branch, place.space, place.why) == (e.branch, e.space, e.why)
    return place if ok else None


def _bot_placed(s: WMState, e: E.SaboteurBotPlaced) -> Said:
    """G1, L1, R1, R3: the space, why its branch (and the order the branches were tried in),
    and the arrow when several spaces of the branch fitted."""
    space = _board_space(e.location, e.branch, e.space)
    why = msg(f"wm.solo_event.bot_why.{e.why}")
    place = _placement(s, e)
    if place is None:
        return msg("wm.solo_event.bot_placed", space=space, why=why)
    if e.why in ORDERED:
        why = msg("wm.solo_event.in_order", why=why, order=_weathers(place.order))
    if len(place.spaces) < 2:
        return msg("wm.solo_event.bot_placed", space=space, why=why)
    return msg("wm.solo_event.bot_placed_arrow", space=space, why=why, count=len(place.spaces),
               card=_priority_now(s), pick=_pick(s))


def _chemical_taken(s: WMState, e: E.HideoutChemicalTaken) -> Said:
    """§4.5.2: the Chemical, why: the only type of the cheapest section, the fewest in the
    Hideout, or a tie (the tied types) the priority card's arrow broke."""
    why = msg(f"wm.solo_event.chemical_why.{e.why}")
    choice = R.chemical_choice(s) if s.solo is not None else None
    if choice is not None and (choice.weather, choice.why) == (e.weather, e.why) == (
            e.weather, "arrow"):
        why = msg("wm.solo_event.chemical_why.arrow_named",
                  tied=T.and_list([T.chemical_name(w) for w in choice.tied]),
                  card=_priority_now(s), pick=_pick(s))
    return msg("wm.solo_event.chemical_taken", chemical=T.chemical(e.weather), why=why)


def _subsidy_flipped(s: WMState, e: E.SubsidyFlipped) -> Said:
    """§4.4.2 b: the column (the first in the priority card's weather order with a blue side
    up) and, with several there, the arrow."""
    flip = R.subsidy_to_flip(s) if s.solo is not None else None
    if flip is None or flip[:2] != (e.column, e.row):
        return msg("wm.solo_event.subsidy_flipped", cell=T.gov_cell(e.column, e.row))
    if flip[2] < 2:
        return msg("wm.solo_event.subsidy_flipped_order", cell=T.gov_cell(e.column, e.row),
                   order=_weathers(R.base_order(s)))
    return msg("wm.solo_event.subsidy_flipped_arrow", cell=T.gov_cell(e.column, e.row),
               order=_weathers(R.base_order(s)), card=_priority_now(s), pick=_pick(s))


def _part_placed(s: WMState, e: E.SaboteurPartPlaced) -> Said:
    """§4.4.2 G2: the Subsidy tile removed for the Machine Part; with several in the column,
    the arrow that picked it."""
    params = {"subsidy": Capital(T.subsidy(e.tile)), "cell": T.gov_cell(e.column, e.row),
              "part": T.part(e.colour)}
    part = R.part_row(s, e.column) if s.solo is not None else None
    if part is None or part[0] != e.row or part[1] < 2:
        return msg("wm.solo_event.part_placed", **params)
    return msg("wm.solo_event.part_placed_arrow", **params, card=_priority_now(s),
               pick=_pick(s))


def _failed(s: WMState, e: E.BotPlacementFailed) -> Said:
    """§4.4.5: why the Bot placement is impossible (the condition of that location)."""
    key = f"no_space_{LOCATION_KEYS[e.location]}" if e.why == "no_space" else e.why
    return msg(f"wm.solo_event.failed.{key}", location=T.location(e.location))


def _discarded(s: WMState, e: E.ReportDiscarded) -> Said:
    return msg(f"wm.solo_event.discarded.{e.why}", card=_priority(e.report))


def _security(s: WMState, e: E.SecurityCalled) -> Said:
    return msg("wm.solo_event.security_called", name=name_of(s, e.seat),
               voucher=T.voucher(e.vtype), current=report(e.current),
               put_back=report(e.put_back), discard=report(e.discard))


def _set(s: WMState, e: E.TokenSetResolved) -> Said:
    """§4.5.6: the set, and (from the state before) why this weather: the first complete set in
    the priority card's weather order, 3 tokens for a locked Citation, 2 for an unlocked one."""
    key = "set_three" if e.size == SOLO.token_sets.locked else "set_two"
    found = R.find_set(s) if s.solo is not None else None
    if found is None or found[0] != e.weather:
        return msg(f"wm.solo_event.{key}", weather=T.weather(e.weather),
                   tokens=_tokens(e.tokens, e.awards))
    lock = ("locked" if s.locks[e.weather] else "unlocked"
            if e.size == SOLO.token_sets.unlocked else "unlocked_three")
    return msg(f"wm.solo_event.{key}_order", weather=T.weather(e.weather),
               tokens=_tokens(e.tokens, e.awards), order=_weathers(R.base_order(s)),
               citation=msg(f"wm.solo_event.citation.{lock}", weather=T.weather(e.weather)))


def _goals_needed(s: WMState) -> int:
    """Only Overachievers Apply: the Goal tiles a win needs (§5.5)."""
    return max((x.n for x in s.solo.effects(WinRequiresGoals)), default=0) if s.solo else 0


def _decided(s: WMState, e: E.SoloDecided) -> Said:
    return msg(f"wm.solo_event.decided.{e.why}", name=name_of(s, 0))


def _w(key: str, **fields: Callable[[WMState, Any], Any]) -> Callable[[WMState, Any], Said]:
    """A line whose parameters are worked out from the event by ``fields``."""
    def line(s: WMState, e: Any) -> Said:
        return msg(key, **{k: f(s, e) for k, f in fields.items()})
    return line


#: the line of each event kind of the Saboteurs
LINES: dict[type, Callable[[WMState, Any], Said]] = {
    E.SaboteursJoined: _joined,
    E.HideoutChemicalsDrawn: _w("wm.solo_event.chemicals_drawn", chemicals=lambda s, e: T.and_list(
        [T.chemical(w) for w in e.weathers])),
    E.ReportsShuffled: _w("wm.solo_event.shuffled", n=lambda s, e: len(e.draw)),
    E.StartReportsRevealed: _revealed,
    E.AgentPlaced: _w("wm.solo_event.agent_placed", agent=lambda s, e: agent(e.agent),
                      space=lambda s, e: T.space(e.location, e.space),
                      report=lambda s, e: report(e.report)),
    E.ReportsRemoved: _w("wm.solo_event.removed", n=lambda s, e: e.n),
    E.ReportDrawn: _drawn,
    E.ReportPlayed: _w("wm.solo_event.played", card=lambda s, e: _priority(e.report)),
    E.ReportDiscarded: _discarded,
    E.NoReportToDiscard: _w("wm.solo_event.nothing_to_discard"),
    E.SecurityCalled: _security,
    E.SecurityReportsTaken: lambda s, e: msg(
        "wm.solo_event.security_taken", name=name_of(s, e.seat),
        cards=T.and_list([report(x) for x in e.cards])),
    E.SaboteurTurnBegan: _turn_began,
    E.PlayerTurnBegan: lambda s, e: msg(
        "wm.solo_event.player_turn" if e.report else "wm.solo_event.player_turn_no_report",
        name=name_of(s, e.seat), tv=e.tv, report=report(e.report) if e.report else ""),
    E.AgentMoved: _agent_moved,
    E.TargetValueRaised: _tv,
    E.SaboteursTookInitiative: _w("wm.solo_event.initiative", name=lambda s, e: name_of(s, 0)),
    E.HideoutChemicalTaken: _chemical_taken,
    E.NoChemicalToTake: _w("wm.solo_event.no_chemical"),
    E.HideoutChemicalReturned: _w("wm.solo_event.chemical_paid",
                                  chemical=lambda s, e: T.chemical(e.weather)),
    E.SubsidyFlipped: _subsidy_flipped,
    E.SaboteurBotPlaced: _bot_placed,
    E.SaboteurPartPlaced: _part_placed,
    E.ChemicalBesideBot: _w("wm.solo_event.chemical_beside_bot",
                            chemical=lambda s, e: T.chemical(e.weather),
                            weather=lambda s, e: T.weather(e.branch)),
    E.NoChemicalForBot: _w("wm.solo_event.no_chemical_for_bot",
                           chemical=lambda s, e: T.chemical_name(e.weather),
                           weather=lambda s, e: T.weather(e.branch)),
    E.HideoutTokenTaken: _w("wm.solo_event.token_taken",
                            token=lambda s, e: Capital(T.token(e.token))),
    E.HideoutAwardTaken: _w("wm.solo_event.award_taken"),
    E.BotPlacementFailed: _failed,
    E.TokenSetResolved: _set,
    E.SetRewardPending: _w("wm.solo_event.set_reward_pending", n=lambda s, e: (
        SOLO.target_value.two_token_set)),
    E.SetRewardChosen: lambda s, e: msg("wm.solo_event.set_reward_discard" if e.discard
                                        else "wm.solo_event.set_reward_tv", name=name_of(s, 0)),
    E.SaboteurBotsReturned: _w("wm.solo_event.bots_returned", n=lambda s, e: e.n,
                               weather=lambda s, e: T.weather(e.branch)),
    E.SaboteurBotsStay: _w("wm.solo_event.bots_stay", n=lambda s, e: e.n,
                           weather=lambda s, e: T.weather(e.branch)),
    E.FundingPushedBack: _w("wm.solo_event.funding_back", name=lambda s, e: name_of(s, e.seat),
                            track=lambda s, e: T.track(e.track), n=lambda s, e: e.n),
    E.SoloDecided: _decided,
    E.SoloCompared: lambda s, e: msg(f"wm.solo_event.compared.{e.why}", name=name_of(s, e.seat),
                                     cp=e.cp, tv=e.tv, goals=_goals_needed(s)),
}

#: every reason key a line may take, by the event field that names it (for the catalogue test)
REASONS = {
    "wm.solo_event.tv_why": ("figures", "initiative", "no_government_token", "no_rnd_token",
                             "completed", "two_set", "activation", "experiment", "prototype",
                             "jamming", "one_step_ahead", "unlock", "end_game"),
    "wm.solo_event.bot_why": ("gov_token", "gov_first", "most_bots", "lab_token", "lab_order",
                              "free", "rnd_token", "rnd_first"),
    "wm.solo_event.chemical_why": ("only", "fewest", "arrow"),
    "wm.solo_event.space_why": ("left", "middle", "right", "supply"),
    "wm.solo_event.discarded": ("fallback", "set", "two_set"),
    "wm.solo_event.failed": ("no_bot", "no_space_government", "no_space_lab", "no_space_rnd",
                             "skipped"),
    "wm.solo_event.pick": ("top", "bottom"),
    "wm.solo_event.skip": ("office", "here", "full"),
    "wm.solo_event.citation": ("locked", "unlocked", "unlocked_three"),
    "wm.solo_event.decided": ("deck", "extreme", "good_name"),
    "wm.solo_event.compared": ("above", "tie", "below", "nobel", "goals", "immediate_only"),
}


def describe_solo_event(s: WMState, e: Event) -> Said:
    """The log line of a Saboteurs' event ("" for an event of the base game)."""
    line = LINES.get(e.__class__)
    return line(s, e) if line is not None else ""


__all__ = ["LINES", "REASONS", "describe_solo_event"]
