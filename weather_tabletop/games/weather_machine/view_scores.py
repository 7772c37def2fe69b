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

from . import rules as R
from . import words as T
from .board import D
from .events import (CPScored, ExperimentCPScored, GovernmentCPScored, PaperCPScored,
                     PrototypeCPScored, PrototypeHelpCPScored)

IN_GAME = ("Papers", "Prototypes", "Experiments", "Government Machine", "Other benefits")

#: the tiebreakers of "Final Scoring", in order: (words, how a value is said)
TIEBREAKERS = (("the number of Awards", "Award"), ("the number of published papers", "paper"),
               ("the number of completed rows in the Office", "completed row"))

#: the in-game category of each kind of score
CATEGORY = {PaperCPScored: "Papers", PrototypeCPScored: "Prototypes",
            PrototypeHelpCPScored: "Prototypes", ExperimentCPScored: "Experiments",
            GovernmentCPScored: "Government Machine", CPScored: "Other benefits"}


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
    the place."""
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
        text = [f"{T.and_list([names[s] for s in group])} tie on {total} CP"]
        open_groups = [group]
        for level, (what, unit) in enumerate(TIEBREAKERS):
            nxt = []
            for g in open_groups:
                values = {s: keys[s][level] for s in g}
                said = T.and_list([f"{names[s]} {T.plural(values[s], unit)}"
                                   for s in sorted(g, key=lambda s: (-values[s], s))])
                if len(set(values.values())) > 1:
                    text.append(f"{what} decides: {said}")
                else:
                    text.append(f"{what} is equal ({T.plural(values[g[0]], unit)} each)")
                by_value: dict[int, list[int]] = {}
                for s in g:
                    by_value.setdefault(values[s], []).append(s)
                nxt += [v for v in by_value.values() if len(v) > 1]
            open_groups = nxt
            if not open_groups:
                break
        for g in open_groups:
            place = T.ORDINALS[lines[g[0]].rank - 1]
            text.append(f"{T.and_list([names[s] for s in g])} share the {place} place")
        notes.append("; ".join(text) + ".")
    return notes


def score_details(game: Any, match: Any, names: Sequence[str]
                  ) -> tuple[dict[int, list[tuple[str, Any]]], list[str]]:
    """The score screen's rows per seat (label, value; they add up to the total) and the
    sentences under the table (the tiebreakers when they were used)."""
    state = match.state
    if not match.is_over():
        state = game.view(state, None)
    cats = in_game_cp(match.active, state.players)
    rows: dict[int, list[tuple[str, Any]]] = {}
    for seat, p in enumerate(state.pl):
        split = cats[seat]
        # whatever the events do not explain (there should be nothing) stays in "other benefits"
        split["Other benefits"] += p.cp - sum(split.values())
        goals = p.goals_set
        met = sum(1 for _sp, g, _f in goals if R.goal_met(state, seat, g))
        ways = [(k, split[k]) for k in IN_GAME]
        ways += [
            ("End-game benefits", p.end_cp),
            ("Government funding", D.funding_end_cp[p.funding[0]]),
            ("Lab funding", D.funding_end_cp[p.funding[1]]),
            ("R&D funding", D.funding_end_cp[p.funding[2]]),
            ("Goals", f"{5 * met}  ({met} of {len(goals)} met)" if goals else 0),
            ("Nobel Prize", 5 if p.nobel else 0),
        ]
        rows[seat] = ways
    notes = tiebreak_notes(state, names) if match.is_over() else []
    return rows, notes
