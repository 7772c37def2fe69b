"""How long ``hard`` thinks per move against its time budget (issue 7: "at hard with the default
budget, no move takes more than its budget plus 10%").

    python bench/ai_timing.py [--game meteo ...] [--moves 100 | --games 3] [--seconds 2] [--quick]

For every game that offers a ``hard`` level (``weather_tabletop.ai.levels``; a game that gains
one later is measured without changing this file), games are played between ``hard`` and
``normal`` (else the game's ``greedy``, else ``random``), ``hard`` in seat ``i % 2`` of game
``i``, seed ``--seed + i``, until ``--moves`` searched decisions of ``hard`` were timed (or,
with ``--games``, that many whole games, seats alternating). Each
decision is timed with ``time.perf_counter`` around ``choose``. A decision is *searched* when
the planner had more than one candidate to compare (a forced move or a one-candidate shortlist
answers at once and is not counted in the median; it still counts against the limit).

Printed per game: searched decisions timed, median, 95th percentile and longest thinking time,
the limit (budget plus 10%), how many decisions of any kind went over it, and the load average
(``os.getloadavg``, 1 minute) at the start and the end of that game's run, with the highest
seen after any of hard's decisions. Timings depend on
the machine and what else runs on it: this is a bench, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop import games  # noqa: E402
from weather_tabletop.ai import levels, make_player  # noqa: E402
from weather_tabletop.cli import computer_config  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.protocol import options_dict  # noqa: E402

MARGIN = 1.10  # the bar: the budget plus 10%


def games_with_hard() -> list[str]:
    out = []
    for game_id in games.available():
        try:
            game = games.get(game_id)
        except Exception as exc:  # noqa: BLE001 - a game being written may not import yet
            print(f"({game_id}: not measured, {type(exc).__name__}: {exc})", file=sys.stderr)
            continue
        if "hard" in levels(game):
            out.append(game_id)
    return out


def opponent_level(game: Any) -> str:
    offered = levels(game)
    return next(lvl for lvl in ("normal", "greedy", "random") if lvl in offered)


class _Counting:
    """Wraps a planner's ``shortlist`` to learn how many distinct legal candidates a decision
    compared (the planner answers at once when there is only one)."""

    def __init__(self, shortlist: Any) -> None:
        self.shortlist = shortlist
        self.candidates = 0

    def __call__(self, game: Any, view: Any, seat: int, legal: list, rng: Any) -> list:
        cands = self.shortlist(game, view, seat, legal, rng)
        self.candidates = len({c for c in cands if c in legal})
        return cands


def measure(game_id: str, moves: int, seconds: float, seed: int,
            whole_games: int = 0, players: int = 2) -> dict[str, Any]:
    """Time ``hard``'s decisions until ``moves`` searched ones were timed, or, when
    ``whole_games`` is set, over that many whole games."""
    game = games.get(game_id)
    players = max(game.min_players, min(players, game.max_players))
    other = opponent_level(game)
    load_start = os.getloadavg()[0]
    searched: list[float] = []
    every: list[float] = []
    unjudged = 0  # searched decisions out of time before one whole round (the heuristic's choice)
    played = 0
    load_peak = load_start
    started = time.perf_counter()

    def enough() -> bool:
        return False if whole_games else len(searched) >= moves

    while (played < whole_games) if whole_games else not enough():
        hard_seat = played % players
        lv = [other] * players
        lv[hard_seat] = "hard"
        config = computer_config(game, players, lv, options_dict(game), seed + played)
        match = Match.start(game, config)
        bots = [make_player(level, (seed + played) * 31 + i, game, seconds=seconds)
                for i, level in enumerate(lv)]
        hard = bots[hard_seat]
        counter = None
        if hasattr(hard, "shortlist"):
            counter = _Counting(hard.shortlist)
            hard.shortlist = counter
        played += 1
        while not game.is_over(match.state) and not enough():
            seat = game.to_act(match.state)[0]
            view = game.view(match.state, seat)
            if seat != hard_seat:
                match.submit(bots[seat].choose(game, view, seat))
                continue
            if counter is not None:
                counter.candidates = 0
                t0 = time.perf_counter()
                command = hard.choose(game, view, seat)
                took = time.perf_counter() - t0
                thought = counter.candidates > 1
            else:  # not a planner: count every decision with a choice
                thought = len(game.legal_commands(view, seat)) > 1
                t0 = time.perf_counter()
                command = hard.choose(game, view, seat)
                took = time.perf_counter() - t0
            every.append(took)
            load_peak = max(load_peak, os.getloadavg()[0])
            if thought:
                searched.append(took)
                if counter is not None and not getattr(hard, "last_means", True):
                    unjudged += 1
            match.submit(command)
    limit = seconds * MARGIN
    searched.sort()
    p95 = searched[round(0.95 * (len(searched) - 1))] if searched else 0.0
    return {"game": game.title, "id": game_id, "opponent": other, "games": played,
            "players": players, "unjudged": unjudged,
            "decisions": len(every), "searched": len(searched),
            "median": statistics.median(searched) if searched else 0.0, "p95": p95,
            "max": max(every) if every else 0.0, "limit": limit,
            "over": sum(1 for t in every if t > limit),
            "load_start": load_start, "load_end": os.getloadavg()[0], "load_peak": load_peak,
            "wall": time.perf_counter() - started}


HEADER = ("| game | hard vs | games | searched moves | median s | p95 s | max s | limit s "
          "| over limit | load avg (1 min) start / end (peak) |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---|")


def row(r: dict[str, Any]) -> str:
    return (f"| {r['game']} | {r['opponent']} | {r['games']} | {r['searched']} "
            f"| {r['median']:.3f} | {r['p95']:.3f} | {r['max']:.3f} | {r['limit']:.2f} "
            f"| {r['over']} of {r['decisions']} "
            f"| {r['load_start']:.2f} / {r['load_end']:.2f} ({r['load_peak']:.2f}) |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", nargs="+", default=None,
                    help="game ids (default: every game with a hard level)")
    ap.add_argument("--moves", type=int, default=100,
                    help="searched hard decisions to time per game (default 100)")
    ap.add_argument("--seconds", type=float, default=2.0, help="hard's budget per move (default 2)")
    ap.add_argument("--games", type=int, default=0,
                    help="instead of --moves: time every decision of this many whole games")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, default=2,
                    help="players per game (default 2; hard in one seat, the others normal)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke test: 5 moves per game at 0.5 s (not figures to quote)")
    args = ap.parse_args(argv)
    if args.quick:
        args.moves, args.seconds, args.games = 5, 0.5, 0
    ids = args.game or games_with_hard()
    amount = f"{args.games} whole games" if args.games else f"{args.moves} searched moves"
    print(f"hard at {args.seconds:g} s per move, {amount} per game, {args.players} players, "
          f"{os.cpu_count()} cores, seeds from {args.seed}\n")
    print(HEADER, flush=True)
    for game_id in ids:
        game = games.get(game_id)
        if "hard" not in levels(game):
            print(f"({game.title} has no hard level)", flush=True)
            continue
        r = measure(game_id, args.moves, args.seconds, args.seed, args.games, args.players)
        print(row(r), flush=True)
        print(f"({r['game']}, {r['players']} players: {r['decisions']} hard decisions in "
              f"{r['games']} games, {r['wall']:.0f} s wall; {r['unjudged']} of the "
              f"{r['searched']} searched ran out of time before one whole round and took the "
              f"heuristic's choice)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
