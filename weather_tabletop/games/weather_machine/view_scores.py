"""The Weather Machine final scoring, in words, for the score screen.

``scores()`` (the rules) gives each player's Climate Points scored during the game as one number,
then the end-game CP, the three Funding tracks, the Goals and the Nobel Prize. Here the CP scored
during the game are split by what scored them, read from the match's events: each score is an
event named for it (``PaperCPScored`` for a paper, ``PrototypeCPScored`` and
``PrototypeHelpCPScored`` for a prototype, ``ExperimentCPScored``, ``GovernmentCPScored``); any
other CP (``CPScored``: benefits, the 3 CP for a Citation lock) are "other benefits".

The tiebreakers of "Final Scoring" (Awards, then published papers, then completed Office rows,
else the place is shared) are worked out from the final state, and a sentence says which one
decided, only for players tied on CP.

A solo game (``state.solo``) adds its result against the Saboteurs (``solo_summary``: the final
Target Value against your final CP, won or lost and why, solo §5.1-5.5), the Challenge cards
played (§6) and the qualification ladder (§5.6: each level with each condition met or not, as
``saboteurs.qualification`` evaluates it), shown beside the score table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from weather_tabletop.i18n import Msg, join, msg, tr

from . import rules as R
from . import words as T
from .board import D
from .saboteurs import final_total, goals_met, qualification, solo
from .solo_data import FIXED_BOUND, SOLO, WinOnlyImmediate, WinRequiresGoals, WinRequiresNobel
from .events import (CPScored, ExperimentCPScored, GovernmentCPScored, PaperCPScored,
                     PrototypeCPScored, PrototypeHelpCPScored)

#: the categories of the CP scored during the game (catalogue keys, headings of the table)
IN_GAME = ("wm.score.papers", "wm.score.prototypes", "wm.score.experiments",
           "wm.score.government_machine", "wm.score.other_benefits")
OTHER = "wm.score.other_benefits"

#: the tiebreakers of "Final Scoring", in order (their part of the message keys)
TIEBREAKERS = ("awards", "papers", "rows")

#: the in-game category of each kind of score
CATEGORY = {PaperCPScored: IN_GAME[0], PrototypeCPScored: IN_GAME[1],
            PrototypeHelpCPScored: IN_GAME[1], ExperimentCPScored: IN_GAME[2],
            GovernmentCPScored: IN_GAME[3], CPScored: OTHER}


def in_game_cp(groups: Sequence[Any], players: int) -> list[dict[str, int]]:
    """Per seat, the CP scored during the game by category, from the events of ``groups``."""
    out = [{k: 0 for k in IN_GAME} for _ in range(players)]
    for g in groups:
        for e in g.events:
            cat = CATEGORY.get(e.__class__)
            if cat is not None:
                out[e.seat][cat] += e.cp
    return out


def tiebreak_notes(state: Any, names: Sequence[str]) -> list[str]:
    """One sentence per group of players tied on CP: which tiebreaker decided, or that they share
    the place (rendered: the score screen shows them as they are)."""
    lines = {s.seat: s for s in R.final_scores(state)}
    keys = {seat: (state.pl[seat].awards, state.pl[seat].papers,
                   R.metric(state, seat, "rows_complete")) for seat in lines}
    totals: dict[int, list[int]] = {}
    for seat, line in lines.items():
        totals.setdefault(line.total, []).append(seat)
    notes = []
    for total in sorted(totals, reverse=True):
        group = sorted(totals[total])
        if len(group) < 2:
            continue
        text = [msg("wm.score.tie", names=tuple(names[s] for s in group), cp=total)]
        open_groups = [group]
        for level, what in enumerate(TIEBREAKERS):
            nxt = []
            for g in open_groups:
                values = {s: keys[s][level] for s in g}
                if len(set(values.values())) > 1:
                    said = tuple(msg(f"wm.score.count.{what}", name=names[s], n=values[s])
                                 for s in sorted(g, key=lambda s: (-values[s], s)))
                    text.append(msg(f"wm.score.decides.{what}", counts=said))
                else:
                    text.append(msg(f"wm.score.equal.{what}", n=values[g[0]]))
                by_value: dict[int, list[int]] = {}
                for s in g:
                    by_value.setdefault(values[s], []).append(s)
                nxt += [v for v in by_value.values() if len(v) > 1]
            open_groups = nxt
            if not open_groups:
                break
        for g in open_groups:
            text.append(msg("wm.score.share", names=tuple(names[s] for s in g),
                            place=T.ORDINALS[lines[g[0]].rank - 1]))
        notes.append(tr(msg("wm.score.note", parts=_parts(text))))
    return notes


def _parts(parts: list[Msg]) -> Msg:
    """The parts of a note one after the other, "; " between them."""
    if len(parts) == 1:
        return parts[0]
    return msg("wm.score.parts", first=parts[0], rest=_parts(parts[1:]))


def score_details(game: Any, match: Any, names: Sequence[str]
                  ) -> tuple[dict[int, list[tuple[str, Any]]], list[str]]:
    """The score screen's rows per seat (a category's catalogue key, its value; they add up to
    the total) and the sentences under the table (the tiebreakers when they were used)."""
    state = match.state
    if not match.is_over():
        state = game.view(state, None)
    cats = in_game_cp(match.active, state.players)
    rows: dict[int, list[tuple[str, Any]]] = {}
    for seat, p in enumerate(state.pl):
        split = cats[seat]
        # whatever the events do not explain (there should be nothing) stays in "other benefits"
        split[OTHER] += p.cp - sum(split.values())
        goals = p.goals_set
        met = sum(1 for _sp, g, _f in goals if R.goal_met(state, seat, g))
        ways: list[tuple[str, Any]] = [(k, split[k]) for k in IN_GAME]
        ways += [
            ("wm.score.end_game", p.end_cp),
            ("wm.score.government_funding", D.funding_end_cp[p.funding[0]]),
            ("wm.score.lab_funding", D.funding_end_cp[p.funding[1]]),
            ("wm.score.rnd_funding", D.funding_end_cp[p.funding[2]]),
            ("wm.score.goals", msg("wm.score.goals_met", cp=5 * met, met=met, n=len(goals))
             if goals else 0),
            ("wm.score.nobel_prize", 5 if p.nobel else 0),
        ]
        rows[seat] = ways
    notes: list[Any] = tiebreak_notes(state, names) if match.is_over() else []
    if state.solo is not None and match.is_over():
        notes.append(solo_panel(solo_summary(state, 0)))
    return rows, notes


# -- the solo game: against the Saboteurs ---------------------------------------------------------


@dataclass(frozen=True)
class LadderLevel:
    """A level of the qualification ladder (§5.6) as the player's game reached it: its heading,
    each condition (short words, met or not) and whether all of them hold."""
    level: int
    heading: Msg
    conditions: tuple[tuple[Msg, bool], ...]

    @property
    def all_met(self) -> bool:
        return all(met for _c, met in self.conditions)


@dataclass(frozen=True)
class SoloSummary:
    """A finished solo game: the final Target Value and your final CP (§5.4), won or not and the
    sentence saying why (§5.1-5.5), the Challenge cards played (§6, ids) and the ladder (§5.6)
    with the level earned (None: no title)."""
    tv: int
    cp: int
    won: bool
    why: Msg
    challenges: tuple[int, ...]
    ladder: tuple[LadderLevel, ...]
    level: int | None


def solo_result(state: Any, seat: int) -> tuple[bool, Msg]:
    """Won or lost, and why, in the order of ``saboteurs.player_won``: an immediate result
    (§5.1 restoring the good name; §5.3 two Level 3 Extreme Weather tiles, the Security Report
    deck exhausted); Publish or Perish (§5.5: only an immediate victory wins); the final CP
    against the final TV (§5.2, a tie loses); then §5.5's Nobel Laureate and Only
    Overachievers Apply."""
    sol = solo(state)
    result, why = sol.outcome
    cp, tv = final_total(state, seat), sol.tv
    end = SOLO.end
    if result == "won":
        return True, msg("wm.solo.result.good_name", goals=end.victory_goals_met,
                         markers=end.victory_funding_markers, space=end.victory_funding_space)
    if result == "lost" and why == "extreme":
        return False, msg("wm.solo.result.extreme", n=end.loss_extreme_tiles)
    if result == "lost":
        return False, msg("wm.solo.result.deck_" + str(state.option("solo_deck_loss", "text")))
    if sol.effects(WinOnlyImmediate):
        return False, msg("wm.solo.result.only_immediate", cp=cp, tv=tv,
                          card=msg(SOLO.challenge(_card_of(sol, WinOnlyImmediate)).title))
    if cp < tv or (cp == tv and not end.tie_wins):
        return False, msg("wm.solo.result.tie" if cp == tv else "wm.solo.result.short", cp=cp, tv=tv)
    if sol.effects(WinRequiresNobel) and not state.pl[seat].nobel:
        return False, msg("wm.solo.result.needs_nobel", cp=cp, tv=tv,
                          card=msg(SOLO.challenge(_card_of(sol, WinRequiresNobel)).title))
    for e in sol.effects(WinRequiresGoals):
        met = goals_met(state, seat)
        if met < e.n:
            return False, msg("wm.solo.result.needs_goals", cp=cp, tv=tv, n=e.n, met=met,
                              card=msg(SOLO.challenge(_card_of(sol, WinRequiresGoals)).title))
    return True, msg("wm.solo.result.beat", cp=cp, tv=tv)


def _card_of(sol: Any, kind: type) -> int:
    """The Challenge card in play that has an effect of ``kind``."""
    return next(i for i in sol.challenges
                if any(isinstance(e, kind) for e in SOLO.challenge(i).effects))


def condition_words(condition: Any) -> Msg:
    """A ladder condition in a few words, for the score screen (``wm.solo.condition_short.*``)."""
    key = f"wm.solo.condition_short.{condition.metric}"
    return msg(key) if condition.metric in FIXED_BOUND else msg(key, n=condition.n)


def solo_summary(state: Any, seat: int) -> SoloSummary:
    """The result of the solo game ``state`` (finished) for the player in ``seat``."""
    won, why = solo_result(state, seat)
    level, ticks = qualification(state, seat)
    met = dict(ticks)
    ladder = tuple(LadderLevel(q.level, q.heading(),
                               tuple((condition_words(c), m) for c, m in zip(q.conditions, met[q.level])))
                   for q in SOLO.ladder.levels)
    return SoloSummary(solo(state).tv, final_total(state, seat), won, why,
                       tuple(solo(state).challenges), ladder, level)


def solo_panel(summary: SoloSummary) -> Any:
    """The score screen's panel beside the table for a solo game (rendered rows)."""
    from weather_tabletop.ui.scenes.scores import PanelRow, SidePanel

    titles = [tr(SOLO.challenge(i).title) for i in summary.challenges]
    rows = [PanelRow(tr("wm.solo.result.heading"), "heading"),
            PanelRow(tr("wm.solo.result.versus", tv=summary.tv, cp=summary.cp), "strong"),
            PanelRow(tr(summary.why), "strong", mark=summary.won),
            PanelRow(tr("wm.solo.result.challenges", titles=join(titles)) if titles
                     else tr("wm.solo.result.no_challenges")),
            PanelRow(tr("wm.solo.ladder"), "heading")]
    rows += [PanelRow(tr(lv.heading), "level", items=tuple((tr(c), m) for c, m in lv.conditions))
             for lv in summary.ladder]
    if summary.level is not None:
        title = next(q.heading() for q in SOLO.ladder.levels if q.level == summary.level)
        rows.append(PanelRow(tr("wm.solo.result.title", title=title), "strong"))
    else:
        reached = any(lv.all_met for lv in summary.ladder)
        rows.append(PanelRow(tr("wm.solo.ladder.none") if summary.won or not reached
                             else tr("wm.solo.result.no_title_loss"), "strong"))
    return SidePanel(tuple(rows))
