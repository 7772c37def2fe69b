"""Advice from a game's ``hard`` player (issue 21): its shortlist for a seat, each candidate with
the seat's expected points and the player's evaluation, best first.

The candidates are judged by :meth:`~weather_tabletop.ai.plan.PlanPlayer.judge`, the sampling
loop the ``hard`` player chooses with: every candidate on the same samples and rollouts (common
random numbers), so the differences between candidates are differences of the commands alone.
Only the seat's view is read (the samples are dealt from it), so advice never depends on what the
seat cannot see. Used for hints at the table and for the review of a finished game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine.protocol import Command, Game
from . import make_player
from .plan import PlanPlayer


@dataclass(frozen=True)
class Candidate:
    """A command with the seat's expected points (the mean over the samples of the seat's score
    at the end of the ``hard`` player's rollout, ``game.scores``) and the player's evaluation
    (mean, 0..1)."""

    command: Command
    points: float
    value: float


def advisor(game: Game, seed: int = 0, *, seconds: float | None = None,
            iterations: int | None = None) -> PlanPlayer:
    """The game's ``hard`` player for advice (``iterations`` wins over ``seconds``; with
    neither, the budget of every ``hard`` player: ``set_budget``'s, else the game's default)."""
    budget: dict[str, Any] = {"iterations": iterations} if iterations is not None else \
        {"seconds": seconds} if seconds is not None else {}
    player = make_player("hard", seed, game, **budget)
    if not isinstance(player, PlanPlayer):
        raise TypeError(f"the hard player of {type(game).__name__} is not a planning player")
    return player


def advise(game: Game, view: Any, seat: int, *, seconds: float | None = None,
           iterations: int | None = None, seed: int = 0, include: Sequence[Command] = (),
           stop: Callable[[], bool] | None = None) -> list[Candidate]:
    """The hard player's shortlist (plus every command in ``include`` that is legal, e.g. the move a
    person played), each judged on the same samples, best first. Uses only ``view`` (what the seat
    sees).

    Deterministic for (view, seed, iterations). Best first is the order the ``hard`` player
    would choose in (its mean evaluation, the heuristic's own choice keeping its small bonus).
    Empty when ``stop`` or the time budget ended the thought before one whole round of samples."""
    started = time.perf_counter()
    player = advisor(game, seed, seconds=seconds, iterations=iterations)
    cands = player.candidates(game, view, seat)
    if include:
        legal = game.legal_commands(view, seat)
        cands = list(dict.fromkeys([*cands, *(c for c in include if c in legal)]))
    judged = player.judge(game, view, seat, cands, stop, started=started, points=True)
    if judged.rounds == 0:
        return []
    n = judged.rounds
    found = [Candidate(c, judged.points[k] / n, judged.values[k] / n)
             for k, c in enumerate(cands)]
    order = sorted(range(len(found)), key=lambda k: (
        -(found[k].value + (player.keep_bonus if k == 0 else 0.0)), k))
    return [found[k] for k in order]
