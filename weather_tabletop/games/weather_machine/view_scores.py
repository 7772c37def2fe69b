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
"""

from __future__ import annotations

from typing import Any, Sequence

from weather_tabletop.i18n import Msg, msg, tr

from . import rules as R
from . import words as T
from .board import D
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
    notes = tiebreak_notes(state, names) if match.is_over() else []
    return rows, notes
