"""The words of the Saboteurs' events (``solo_events``): each event's log line, a catalogue message
(``locale/en/solo_events.json``, keys ``wm.solo_event.*``) rendered from the event's fields, in
the manner of ``event_words``. A Saboteur turn reads step by step, each step with its reason
("Agent Pink goes to the middle space of R&D: the report shows R&D, and its leftmost space is
taken and its rightmost free")."""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.protocol import Event
from weather_tabletop.i18n import Msg, msg

from . import solo_events as E
from . import words as T
from .context import name_of
from .data import GOVERNMENT, SUPPLY
from .event_words import Capital, Said
from .solo_data import AGENTS, FOLLOW_LATIV, SOLO
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


def _shown(rid: int) -> Msg:
    """Where a report sends its agent: a location, or Follow Lativ."""
    loc = SOLO.report(rid).location
    return msg("wm.solo.location.follow_lativ") if loc == FOLLOW_LATIV else T.location(loc)


def _board_space(loc: int, branch: int, space: int) -> Msg:
    if loc == GOVERNMENT:
        return T.gov_space(branch, space)
    return msg("wm.solo_event.branch_space", space=T.branch_space(space),
               weather=T.weather(branch), location=T.location(loc))


def _tokens(tokens: tuple[str, ...], awards: int) -> Msg:
    return T.and_list([T.token(t) for t in tokens] + [T.token("A")] * awards)


# -- lines --------------------------------------------------------------------------------------


def _joined(s: WMState, e: E.SaboteursJoined) -> Said:
    if e.awards:
        return msg("wm.solo_event.joined_awards", tv=e.tv, bots=e.bots, n=e.awards)
    return msg("wm.solo_event.joined", tv=e.tv, bots=e.bots)


def _revealed(s: WMState, e: E.StartReportsRevealed) -> Said:
    kept = T.and_list([report(r) for r in e.kept])
    if not e.aside:
        return msg("wm.solo_event.start_revealed", kept=kept)
    return msg("wm.solo_event.start_revealed_aside", kept=kept,
               aside=T.and_list([report(r) for r in e.aside]))


def _drawn(s: WMState, e: E.ReportDrawn) -> Said:
    card = SOLO.report(e.report)
    return msg("wm.solo_event.drawn", report=card.name(), agent=agent(card.agent),
               location=_shown(e.report))


def _agent_moved(s: WMState, e: E.AgentMoved) -> Said:
    shown = (msg("wm.solo.location.follow_lativ") if e.shown == FOLLOW_LATIV
             else T.location(e.shown))
    if e.skipped:
        where = msg("wm.solo_event.where_skipped", shown=shown,
                    skipped=T.and_list([T.location(x) for x in e.skipped]))
    elif e.shown == FOLLOW_LATIV:
        where = msg("wm.solo_event.where_lativ")
    else:
        where = msg("wm.solo_event.where_shown", shown=shown)
    side = "supply" if e.location == SUPPLY else ("left", "middle", "right")[e.space]
    return msg("wm.solo_event.agent_moved", agent=agent(e.agent),
               space=T.space(e.location, e.space), where=where,
               why=msg(f"wm.solo_event.space_why.{side}"))


def _tv(s: WMState, e: E.TargetValueRaised) -> Said:
    return msg("wm.solo_event.tv_raised", n=e.n,
               why=msg(f"wm.solo_event.tv_why.{e.why}", n=e.count))


def _bot_placed(s: WMState, e: E.SaboteurBotPlaced) -> Said:
    return msg("wm.solo_event.bot_placed", space=_board_space(e.location, e.branch, e.space),
               why=msg(f"wm.solo_event.bot_why.{e.why}"))


def _discarded(s: WMState, e: E.ReportDiscarded) -> Said:
    return msg(f"wm.solo_event.discarded.{e.why}", card=_priority(e.report))


def _security(s: WMState, e: E.SecurityCalled) -> Said:
    return msg("wm.solo_event.security_called", name=name_of(s, e.seat),
               voucher=T.voucher(e.vtype), current=report(e.current),
               put_back=report(e.put_back), discard=report(e.discard))


def _set(s: WMState, e: E.TokenSetResolved) -> Said:
    key = "set_three" if e.size == SOLO.token_sets.locked else "set_two"
    return msg(f"wm.solo_event.{key}", weather=T.weather(e.weather),
               tokens=_tokens(e.tokens, e.awards))


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
    E.SaboteurTurnBegan: _w("wm.solo_event.turn_began", report=lambda s, e: report(e.report),
                            agent=lambda s, e: agent(e.agent)),
    E.PlayerTurnBegan: lambda s, e: msg(
        "wm.solo_event.player_turn" if e.report else "wm.solo_event.player_turn_no_report",
        name=name_of(s, e.seat), tv=e.tv, report=report(e.report) if e.report else ""),
    E.AgentMoved: _agent_moved,
    E.TargetValueRaised: _tv,
    E.SaboteursTookInitiative: _w("wm.solo_event.initiative"),
    E.HideoutChemicalTaken: _w("wm.solo_event.chemical_taken",
                               chemical=lambda s, e: T.chemical(e.weather),
                               why=lambda s, e: msg(f"wm.solo_event.chemical_why.{e.why}")),
    E.NoChemicalToTake: _w("wm.solo_event.no_chemical"),
    E.HideoutChemicalReturned: _w("wm.solo_event.chemical_paid",
                                  chemical=lambda s, e: T.chemical(e.weather)),
    E.SubsidyFlipped: _w("wm.solo_event.subsidy_flipped",
                         cell=lambda s, e: T.gov_cell(e.column, e.row)),
    E.SaboteurBotPlaced: _bot_placed,
    E.SaboteurPartPlaced: _w("wm.solo_event.part_placed",
                             subsidy=lambda s, e: Capital(T.subsidy(e.tile)),
                             cell=lambda s, e: T.gov_cell(e.column, e.row),
                             part=lambda s, e: T.part(e.colour)),
    E.ChemicalBesideBot: _w("wm.solo_event.chemical_beside_bot",
                            chemical=lambda s, e: T.chemical(e.weather),
                            weather=lambda s, e: T.weather(e.branch)),
    E.NoChemicalForBot: _w("wm.solo_event.no_chemical_for_bot",
                           chemical=lambda s, e: T.chemical_name(e.weather),
                           weather=lambda s, e: T.weather(e.branch)),
    E.HideoutTokenTaken: _w("wm.solo_event.token_taken",
                            token=lambda s, e: Capital(T.token(e.token))),
    E.HideoutAwardTaken: _w("wm.solo_event.award_taken"),
    E.BotPlacementFailed: lambda s, e: msg(f"wm.solo_event.failed.{e.why}",
                                           location=T.location(e.location)),
    E.TokenSetResolved: _set,
    E.SetRewardPending: _w("wm.solo_event.set_reward_pending", n=lambda s, e: (
        SOLO.target_value.two_token_set)),
    E.SetRewardChosen: lambda s, e: msg("wm.solo_event.set_reward_discard" if e.discard
                                        else "wm.solo_event.set_reward_tv", name=name_of(s, 0)),
    E.SaboteurBotsReturned: _w("wm.solo_event.bots_returned", n=lambda s, e: e.n,
                               weather=lambda s, e: T.weather(e.branch)),
    E.FundingPushedBack: _w("wm.solo_event.funding_back", name=lambda s, e: name_of(s, e.seat),
                            track=lambda s, e: T.track(e.track), n=lambda s, e: e.n),
    E.SoloDecided: _decided,
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
    "wm.solo_event.failed": ("no_bot", "no_space", "skipped"),
    "wm.solo_event.decided": ("deck", "extreme", "good_name"),
}


def describe_solo_event(s: WMState, e: Event) -> Said:
    """The log line of a Saboteurs' event ("" for an event of the base game)."""
    line = LINES.get(e.__class__)
    return line(s, e) if line is not None else ""


__all__ = ["LINES", "REASONS", "describe_solo_event"]
