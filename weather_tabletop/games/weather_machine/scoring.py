"""Final Scoring: the Goal tiles' conditions (Player Aid), the breakdown and the tie-breakers."""

from __future__ import annotations

from typing import Callable

from weather_tabletop.engine.protocol import ScoreLine

from . import board as B
from .board import D
from .state import PlayerState, WMState


def metric(s: WMState, seat: int, name: str) -> int:
    """The count a Goal tile's condition reads (Player Aid), worked out for that name only."""
    p = s.pl[seat]
    if name.startswith("funding_"):
        return p.funding[("government", "lab", "rnd").index(name[8:])]
    if name.startswith("office_"):
        prefix = name[7:] + ":"
        return sum(1 for row in p.office for x in row if x.startswith(prefix))
    simple = _METRICS.get(name)
    if simple is None:
        raise KeyError(name)
    return simple(s, seat, p)


_METRICS: dict[str, Callable[[WMState, int, PlayerState], int]] = {
    "gov_bots": lambda s, seat, p: sum(col.count(seat) for col in s.gov_bots),
    "rnd_bots": lambda s, seat, p: sum(br.count(seat) for br in s.rnd),
    "subsidies": lambda s, seat, p: len(p.subsidies),
    "papers": lambda s, seat, p: p.papers,
    "citations": lambda s, seat, p: p.citations,
    "awards": lambda s, seat, p: p.awards,
    "investments": lambda s, seat, p: p.investments,
    "rows_complete": lambda s, seat, p: sum(1 for r in range(6) if B.row_tokens(p, r) == 3),
    "weathers": lambda s, seat, p: len({x.split(":")[1] for row in p.office for x in row
                                        if ":" in x}),
    "breakthroughs": lambda s, seat, p: sum(1 for x in p.breakthrough if x == 2),
    "workshop_tiles": lambda s, seat, p: len(p.tiles),
    "parts": lambda s, seat, p: sum(p.parts),
    "chemicals": lambda s, seat, p: sum(p.chemicals),
    "bots_built": lambda s, seat, p: 12 - sum(p.line),
}


def goal_met(s: WMState, seat: int, goal: int) -> bool:
    g = D.goals[goal]
    return metric(s, seat, g.metric) >= g.target


def breakdown(s: WMState, seat: int) -> list[tuple[str, int]]:
    p = s.pl[seat]
    return [
        ("Climate Points", p.cp),
        ("End-game CP", p.end_cp),
        ("Government funding", D.funding_end_cp[p.funding[0]]),
        ("Lab funding", D.funding_end_cp[p.funding[1]]),
        ("R&D funding", D.funding_end_cp[p.funding[2]]),
        ("Goals", 5 * sum(1 for _sp, g, _f in p.goals_set if goal_met(s, seat, g))),
        ("Nobel Prize", 5 if p.nobel else 0),
    ]


def final_scores(s: WMState) -> list[ScoreLine]:
    """Totals with breakdown; ties broken by Awards, papers, completed rows, else shared."""
    keys = []
    lines = []
    for seat in range(s.players):
        parts = breakdown(s, seat)
        total = sum(v for _k, v in parts)
        p = s.pl[seat]
        key = (total, p.awards, p.papers, metric(s, seat, "rows_complete"))
        keys.append(key)
        lines.append((seat, total, parts))
    if s.solo is not None:  # solo §5.2-5.5: the player wins or loses against the Target Value
        from .saboteurs import player_won
        return [ScoreLine(seat, total, tuple(parts), 1 if player_won(s, seat) else 2)
                for seat, total, parts in lines]
    return [ScoreLine(seat, total, tuple(parts), 1 + sum(k > keys[seat] for k in keys))
            for seat, total, parts in lines]
