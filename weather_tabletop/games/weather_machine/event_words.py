"""The words of Weather Machine's events: each event's log line, a catalogue message
(``locale/en/events.json``, keys ``wm.event.*``) rendered from the event's fields when the log is
shown. Seat names come from the state (``name_of``), component names from ``words``; events a
player does not need to read (the pending steps, a Voucher paid that the command already says)
have no line ("")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from weather_tabletop.engine.protocol import Event
from weather_tabletop.i18n import Msg, msg, tr

from . import events as E
from . import words as T
from .board import D
from .context import name_of
from .data import OFFICE, SUPPLY, V_SCI
from .sentences import describe
from .state import EMPTY, Trigger, WMState

Said = Msg | str


@dataclass(frozen=True)
class Capital:
    """A component's name at the start of a sentence: rendered, then its first letter upper case
    (a language without capitals is unchanged)."""
    words: Any

    def __format__(self, spec: str) -> str:
        text = tr(self.words) if isinstance(self.words, Msg) else str(self.words)
        return text[:1].upper() + text[1:]


def names(s: WMState, order: tuple[int, ...]) -> Any:
    """The seats of ``order`` named one after the other ("Ada, Bea, Cy")."""
    if len(order) == 1:
        return name_of(s, order[0])
    return msg("wm.event.names", first=name_of(s, order[0]), rest=names(s, order[1:]))


def trigger_words(s: WMState, t: Trigger) -> Msg:
    """Why the end of the game is triggered."""
    return msg(t.key, name=name_of(s, t.seat))


# -- setup, rounds and phases -----------------------------------------------------------------


def _goals_dealt(s: WMState, e: E.GoalTilesDealt) -> Said:
    if not e.goals:
        return ""
    if s.players == 1:  # solo §2.3 step 4: six tiles drawn at random (solo_events.json)
        return msg("wm.solo_event.goals_drawn", name=name_of(s, e.seat), n=len(e.goals))
    return msg("wm.event.setup_goals", name=name_of(s, e.seat), set=D.goals[e.goals[0]].set)


def _phase_b(s: WMState, e: E.PhaseBBegan) -> Said:
    w = T.weather(e.branch)
    if e.runs:
        return msg("wm.event.phase_b_runs", weather=w, experiment=T.experiment(e.tile))
    if e.tile == EMPTY:
        return msg("wm.event.phase_b_no_tile", weather=w)
    return msg("wm.event.phase_b_not_full", weather=w)


def _workshop_turned_up(s: WMState, e: E.WorkshopTileTurnedUp) -> Said:
    top = e.stack[0] if e.stack else EMPTY
    if top < 0:
        return msg("wm.event.workshop_tile_turned_up_unseen")
    return msg("wm.event.workshop_tile_turned_up", tile=Capital(T.tile(top)))


def _experiment_turned_up(s: WMState, e: E.ExperimentTileTurnedUp) -> Said:
    top = e.deck[0] if e.deck else EMPTY
    if top < 0:
        return msg("wm.event.experiment_deck_empty")
    return msg("wm.event.experiment_tile_turned_up", experiment=Capital(T.experiment(top)))


# -- play -------------------------------------------------------------------------------------


def _announced(s: WMState, e: E.Announced) -> Said:
    params = dict(e.params)
    words: dict[str, Any] = {}
    if "weather" in params:
        words["weather"] = T.weather(params["weather"])
    if "tile" in params:
        words["experiment"] = T.experiment(params["tile"])
    return msg(e.key, **words)


def _end_triggered(s: WMState, e: E.GameEndTriggered) -> Said:
    if not e.last_round:
        return ""
    return msg("wm.event.game_end_triggered", why=trigger_words(s, Trigger(e.reason, e.seat)),
               round=e.last_round)


SCORE_PARTS = ("climate_points", "end_game_cp", "government_funding", "lab_funding",
               "rnd_funding", "goals", "nobel_prize")


def _score_parts(parts: list[tuple[str, int]]) -> Any:
    first = msg(f"wm.event.score_part.{parts[0][0]}", n=parts[0][1])
    if len(parts) == 1:
        return first
    return msg("wm.event.names", first=first, rest=_score_parts(parts[1:]))


def _final_scored(s: WMState, e: E.FinalScored) -> Said:
    parts = [(k, v) for k, v in zip(SCORE_PARTS, e.values) if v]
    who = name_of(s, e.seat)
    if not parts:
        return msg("wm.event.final_scored_nothing", name=who, total=e.total, rank=e.rank)
    return msg("wm.event.final_scored", name=who, total=e.total, parts=_score_parts(parts),
               rank=e.rank)


def _vouchers_gained(s: WMState, e: E.VouchersGained) -> Said:
    who = name_of(s, e.seat)
    if not e.lost:
        return msg("wm.event.vouchers_gained", name=who, vouchers=T.voucher(e.vtype, e.n))
    if e.n:
        return msg("wm.event.vouchers_gained_partly", name=who, vouchers=T.voucher(e.vtype, e.n),
                   n=e.lost)
    return msg("wm.event.vouchers_no_room", name=who, track=T.voucher_type(e.vtype))


def _income_gained(s: WMState, e: E.IncomeGained) -> Said:
    got = []
    for t, (g, lost) in enumerate(zip(e.gained, e.lost)):
        if g or lost:
            got.append(msg("wm.event.income_lost", vouchers=T.voucher(t, g), n=lost) if lost
                       else T.voucher(t, g))
    return msg("wm.event.income", name=name_of(s, e.seat), gains=tuple(got))


def _prototype_cp(s: WMState, e: E.PrototypeCPScored) -> Said:
    why = ([msg("wm.event.own_bots_in_branch", n=e.bots)] if e.bots else []) + (
        [msg("wm.event.parts_provided", n=e.parts)] if e.parts else [])
    return msg("wm.event.prototype_cp", name=name_of(s, e.seat), cp=e.cp,
               weather=T.weather(e.weather), why=tuple(why))


def _no_token(s: WMState, e: E.NoResearchTokenLeft) -> Said:
    kind = {"G": "government", "L": "lab", "R": "rnd"}[e.token[0]]
    return msg(f"wm.event.no_research_token.{kind}", name=name_of(s, e.seat),
               weather=T.weather(int(e.token[2:])))


def _token_taken(s: WMState, e: E.ResearchTokenTaken) -> Said:
    return msg("wm.event.research_token_taken_at_once" if e.at_once
               else "wm.event.research_token_taken", name=name_of(s, e.seat),
               token=T.token(e.token))


def _gain_lost(s: WMState, e: E.GainLost) -> Said:
    who = name_of(s, e.seat)
    if e.weather < 0:
        return msg("wm.event.bot_lost", name=who)
    return msg("wm.event.chemical_lost", name=who, chemical=T.chemical(e.weather))


def _lativ_moved(s: WMState, e: E.LativMoved) -> Said:
    if e.location == SUPPLY:
        return msg("wm.event.lativ_moved_supply")
    if e.location == OFFICE:
        return msg("wm.event.lativ_moved_office")
    return msg("wm.event.lativ_moved", space=T.space(e.location, e.space))


def _lativ_bot_displaced(s: WMState, e: E.LativBotDisplaced) -> Said:
    if e.space < 0:
        return msg("wm.event.lativ_bot_to_side")
    return msg("wm.event.lativ_bot_displaced", space=T.branch_space(e.space),
               weather=T.weather(e.branch))


def _bots_taken_back(s: WMState, e: E.BotsTakenBack) -> Said:
    who, n = name_of(s, e.seat), e.home + e.line
    bots = msg("wm.event.bots", n=n)
    if not e.line:
        return msg("wm.event.bots_taken_back", name=who, bots=bots, weather=T.weather(e.branch))
    return msg("wm.event.bots_taken_back_split", name=who, bots=bots,
               weather=T.weather(e.branch), home=e.home, line=e.line)


def _gov_marker_stayed(s: WMState, e: E.GovernmentMarkerStayed) -> Said:
    if e.no_tile:
        return msg("wm.event.government_marker_no_tile", weather=T.weather(e.weather))
    return msg("wm.event.government_marker_none_left")


def _silent(s: WMState, e: Event) -> Said:
    return ""


def _w(key: str, **fields: Callable[[WMState, Any], Any]) -> Callable[[WMState, Any], Said]:
    """A line whose parameters are worked out from the event by ``fields``."""
    def line(s: WMState, e: Any) -> Said:
        return msg(key, **{k: f(s, e) for k, f in fields.items()})
    return line


def _w_solo(key: str, solo_key: str, **fields: Callable[[WMState, Any], Any]
            ) -> Callable[[WMState, Any], Said]:
    """A 2-player rule's line, which says so; with one player (the solo game plays it as with
    two) the line ``solo_key`` says that instead."""
    two, one = _w(key, **fields), _w(solo_key, **fields)
    return lambda s, e: one(s, e) if s.players == 1 else two(s, e)


def _name(s: WMState, e: Any) -> Any:
    return name_of(s, e.seat)


def _weather(s: WMState, e: Any) -> Any:
    return T.weather(e.weather)


def _branch(s: WMState, e: Any) -> Any:
    return T.weather(e.branch)


#: the line of each event kind
LINES: dict[type, Callable[[WMState, Any], Said]] = {
    # Game Setup
    E.ComponentsShuffled: _w("wm.event.setup_shuffled"),
    E.TurnOrderDrawn: _w("wm.event.setup_turn_order", order=lambda s, e: names(s, e.order)),
    E.WorkshopOfferDealt: _w("wm.event.setup_offer",
                             tiles=lambda s, e: tuple(T.tile(t) for t in e.tiles)),
    E.SubsidiesDealt: _silent,
    E.ExperimentDisplayDealt: _w("wm.event.setup_display",
                                 tiles=lambda s, e: tuple(T.experiment(x) for x in e.tiles)),
    E.ExperimentBelowDeck: _w("wm.event.setup_below_deck",
                              experiment=lambda s, e: T.experiment(e.tile)),
    E.ExperimentDeckDealt: _silent,
    E.AssistantPlaced: _w("wm.event.setup_assistant", weather=_branch),
    E.StartingPartDealt: _w("wm.event.setup_part", name=_name,
                            part=lambda s, e: T.part(e.colour)),
    E.StartingTileDealt: _w("wm.event.setup_tile", name=_name, tile=lambda s, e: T.tile(e.tile)),
    E.WorkshopStacksDealt: _silent,
    E.GoalTilesDealt: _goals_dealt,
    E.PostSetupBegan: _silent,
    E.StepsChanged: _silent,
    # rounds and phases
    E.RoundBegan: lambda s, e: msg("wm.event.round_began_final" if e.final
                                   else "wm.event.round_began", round=e.round,
                                   order=names(s, e.order)),
    E.FinalExperimentsBegan: _w("wm.event.final_experiments_began"),
    E.PhaseBBegan: _phase_b,
    E.PhaseCBegan: _w("wm.event.phase_c_began", order=lambda s, e: names(s, e.order)),
    E.LativReturned: _w("wm.event.lativ_returned"),
    E.IncomeBegan: _w("wm.event.income_began"),
    E.NoIncome: _w("wm.event.no_income", name=_name),
    E.IncomeGained: _income_gained,
    E.NoExperimentRuns: _w("wm.event.no_experiment_runs"),
    E.Announced: _announced,
    E.GameEndTriggered: _end_triggered,
    E.GameEnded: _silent,
    E.FinalScored: _final_scored,
    E.GoalTilesDrafted: _silent,
    E.DraftingEnded: _w("wm.event.drafting_ended"),
    E.SupplyRoundEnded: _w("wm.event.supply_round_ended"),
    E.ChoiceForced: lambda s, e: msg("wm.event.choice_forced", move=describe(s, e.command)),
    # Vouchers, CP, benefits
    E.VouchersGained: _vouchers_gained,
    E.VoucherChosen: _silent,
    E.VouchersPaid: _silent,
    E.CPScored: _w("wm.event.cp_scored", name=_name, cp=lambda s, e: e.cp),
    E.PaperCPScored: _w("wm.event.paper_cp", name=_name, cp=lambda s, e: e.cp, weather=_weather),
    E.PrototypeCPScored: _prototype_cp,
    E.PrototypeHelpCPScored: _w("wm.event.prototype_help_cp", name=_name, cp=lambda s, e: e.cp,
                                builder=lambda s, e: name_of(s, e.builder)),
    E.ExperimentCPScored: _w("wm.event.experiment_cp", name=_name, cp=lambda s, e: e.cp,
                             bots=lambda s, e: msg("wm.event.bots", n=e.bots),
                             each=lambda s, e: e.each),
    E.GovernmentCPScored: _w("wm.event.government_cp", name=_name, cp=lambda s, e: e.cp,
                             bots=lambda s, e: msg("wm.event.bots", n=e.bots), weather=_weather),
    E.EndGameCPGained: _w("wm.event.end_game_cp", name=_name, cp=lambda s, e: e.cp),
    E.FundingAdvanced: _w("wm.event.funding_advanced", name=_name,
                          space=lambda s, e: e.space + 1, track=lambda s, e: T.track(e.track)),
    E.FundingAtEnd: _w("wm.event.funding_at_end", name=_name,
                       track=lambda s, e: T.track(e.track)),
    E.InvestmentTaken: _w("wm.event.investment_taken", name=_name),
    E.ChemicalTaken: _silent,
    E.ChemicalReturned: _silent,
    E.PartGained: _silent,
    E.PartPaid: _silent,
    E.PartsExchanged: _silent,
    E.SubsidyUsed: _silent,
    E.GoalSet: _silent,
    E.FundingReceived: _silent,
    E.ResearchTokenPlaced: _silent,
    E.AwardTokenPlaced: _silent,
    E.ResearchTokenTaken: _token_taken,
    E.NoResearchTokenLeft: _no_token,
    E.ResearchTokenUnplaceable: _w("wm.event.research_token_unplaceable", name=_name,
                                   token=lambda s, e: T.token(e.token)),
    E.PendingTokenRemoved: _w("wm.event.pending_token_removed", name=_name,
                              token=lambda s, e: T.token(e.token)),
    E.GainLost: _gain_lost,
    # Supply, the Scientist, Lativ
    E.ScientistMoved: _silent,
    E.LativMoved: _lativ_moved,
    E.ResearchTokenDiscarded: _w_solo("wm.event.research_token_discarded",
                                       "wm.event.research_token_discarded_solo",
                                       token=lambda s, e: T.token(e.token)),
    E.LativBotPlaced: _w("wm.event.lativ_bot_placed", space=lambda s, e: T.branch_space(e.space),
                         weather=_branch),
    E.InitiativeTaken: _silent,
    E.OfferRefilled: _w("wm.event.offer_refilled", tile=lambda s, e: T.tile(e.tile)),
    E.OfferNotRefilled: _w("wm.event.offer_not_refilled"),
    E.WorkshopStackTurnedOver: _w("wm.event.workshop_stack_turned_over"),
    E.WorkshopTileTurnedUp: _workshop_turned_up,
    E.FaceUpStackEmptied: _silent,
    E.WorkshopTilePlaced: _silent,
    E.BotBuilt: _silent,
    E.BotReturnedToLine: _silent,
    # Government
    E.PartSold: _silent,
    E.SubsidyTaken: lambda s, e: "" if e.kept else msg(
        "wm.event.subsidy_discarded", name=name_of(s, e.seat), subsidy=T.subsidy(e.tile)),
    E.GovernmentPartPlaced: _w("wm.event.government_part_placed", name=_name,
                               part=lambda s, e: T.part(e.colour)),
    E.SubsidySecured: _silent,
    E.GovernmentBranchRan: _w("wm.event.government_branch_ran",
                              weather=lambda s, e: T.weather(e.column)),
    E.GovernmentMarkerPlaced: _w("wm.event.government_marker_placed",
                                 space=lambda s, e: e.space + 1,
                                 extreme=lambda s, e: T.extreme(e.tile)),
    E.GovernmentMarkerStayed: _gov_marker_stayed,
    E.ExtremeWeatherFixed: _w("wm.event.extreme_weather_fixed", weather=_weather),
    # Lativ's Lab
    E.ExperimentWorkedOn: _silent,
    E.LativBotDisplaced: _lativ_bot_displaced,
    E.CitationUnneeded: _w("wm.event.citation_unneeded", name=_name, row=lambda s, e: e.row + 1),
    E.PaperCited: _w("wm.event.paper_cited", name=_name, goal=lambda s, e: T.goal(e.goal),
                     space=lambda s, e: T.office_space(e.row, e.col)),
    E.PaperPublished: _w("wm.event.paper_published", name=_name, row=lambda s, e: e.row + 1,
                         benefits=lambda s, e: T.benefits(D.slide_benefit[e.row])),
    E.LockRemoved: _w("wm.event.lock_removed", weather=_weather),
    E.BotsTakenBack: _bots_taken_back,
    E.LativBotsReturned: _w("wm.event.lativ_bots_returned", n=lambda s, e: e.n, weather=_branch),
    E.ExperimentRewardMissed: _w("wm.event.experiment_reward_missed", name=_name,
                                 vouchers=lambda s, e: T.voucher(
                                     V_SCI, D.experiments[e.tile].science),
                                 experiment=lambda s, e: T.experiment(e.tile)),
    E.ExperimentRan: _w("wm.event.experiment_ran", weather=_branch),
    E.LabTokenRemoved: _w_solo("wm.event.lab_token_removed", "wm.event.lab_token_removed_solo",
                               token=lambda s, e: T.token(f"L:{e.branch}")),
    E.ExtremeWeatherEscalated: _w("wm.event.extreme_weather_escalated", weather=_weather,
                                  extreme=lambda s, e: T.extreme(e.tile)),
    E.NoExtremeWeatherLeft: _w("wm.event.no_extreme_weather_left", weather=_weather),
    E.ExperimentTileRemoved: _w("wm.event.experiment_tile_removed",
                                experiment=lambda s, e: Capital(T.experiment(e.tile))),
    E.ExperimentDisplayShifted: _silent,
    E.ExperimentIntoDisplay: _w("wm.event.experiment_into_display",
                                experiment=lambda s, e: Capital(T.experiment(e.tile))),
    E.ExperimentBelowDeckRefilled: _w("wm.event.experiment_below_deck_refilled",
                                      experiment=lambda s, e: Capital(T.experiment(e.tile))),
    E.ExperimentTileTurnedUp: _experiment_turned_up,
    E.AssistantMoved: _w("wm.event.assistant_moved", weather=_branch),
    # R&D and Breakthroughs
    E.ResearchBotPlaced: _silent,
    E.ResearchChemicalPaid: lambda s, e: msg(
        "wm.event.chemical_paid_late", name=name_of(s, e.seat),
        chemical=T.chemical(e.weather)) if e.late else "",
    E.SupplyChemicalUsed: _silent,
    E.ResearchBranchCompleted: _w("wm.event.research_branch_completed", name=_name,
                                  weather=_branch),
    E.PartExchangeUnneeded: _w("wm.event.part_exchange_unneeded", name=_name,
                               part=lambda s, e: T.part(e.colour)),
    E.BreakthroughMarkerPlaced: _silent,
    E.BreakthroughMade: _silent,
    E.PrototypeBuilt: _silent,
    E.AwardTaken: _w("wm.event.award_taken", name=_name, n=lambda s, e: e.total),
    E.NobelPrizeAwarded: _w("wm.event.nobel_prize_awarded", name=_name),
    E.NoAwardLeft: _w("wm.event.no_award_left"),
}


def describe_event(s: WMState, e: Event) -> Said:
    """The log line of an event ("" for those a player does not need to read)."""
    line = LINES.get(e.__class__)
    if line is not None:
        return line(s, e)
    from .solo_words import describe_solo_event  # the Saboteurs' events ("" for any other;
    return describe_solo_event(s, e)  # SaboteursJoined comes before the state has its solo)
