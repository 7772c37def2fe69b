"""Computer players over the engine protocol. They read only ``view(state, seat)``.

``make_player(level, seed)`` gives a player for any game; a game may add its own heuristic
players in its ``bots`` module, named ``<level>`` in its ``BOTS`` mapping, which take precedence
(for example Meteo's ``greedy``).
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable, Protocol

from ..engine.chance import Rng
from ..engine.protocol import Command, Game


class Player(Protocol):
    level: str

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        """A legal command for ``seat`` given what the seat may see. Players that think for
        long also accept ``stop``, a callable that turns True when the thought is abandoned."""


class NoLegalCommand(RuntimeError):
    pass


class RandomPlayer:
    """Picks uniformly among the legal commands (the baseline every level is measured against)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0xA1)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        legal = game.legal_commands(view, seat)
        if not legal:
            raise NoLegalCommand(f"seat {seat} has no legal command")
        return self._rng.choice(legal)


class EasyPlayer:
    """The level ``easy`` of a game: the game's ``normal`` choice (``choose(game, view, seat,
    rng)``), except that about one decision in three (never a forced one) is a random legal
    command, so it makes the mistakes a beginner would."""

    level = "easy"
    MISTAKES = 35  # per cent

    def __init__(self, seed: int, choose: Callable[[Game, Any, int, Rng], Command]) -> None:
        self._rng = Rng(seed, 0xEA5)
        self._choose = choose

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        legal = game.legal_commands(view, seat)
        if len(legal) > 1 and self._rng.below(100) < self.MISTAKES:
            return legal[self._rng.below(len(legal))]
        return self._choose(game, view, seat, self._rng)


GENERIC: dict[str, Callable[[int], Player]] = {"random": RandomPlayer}


def levels(game: Game) -> list[str]:
    """The computer levels offered for a game."""
    return sorted(set(GENERIC) | set(_game_bots(game)))


#: The budget given to players that think under one when ``make_player`` names none: empty
#: means each game's default (2 s per move at ``hard``). Set it with :func:`set_budget`.
DEFAULT_BUDGET: dict[str, Any] = {}


def set_budget(*, seconds: float | None = None, iterations: int | None = None) -> None:
    """The per-move budget of later ``hard`` players (for example from a setting, or a
    ``--iterations`` option); no arguments restores each game's default."""
    DEFAULT_BUDGET.clear()
    if seconds is not None:
        DEFAULT_BUDGET["seconds"] = float(seconds)
    if iterations is not None:
        DEFAULT_BUDGET["iterations"] = int(iterations)


def make_player(level: str, seed: int = 0, game: Game | None = None, **budget: Any) -> Player:
    """A player of ``level``. ``budget`` (``seconds=`` or ``iterations=``, else
    ``DEFAULT_BUDGET``) goes to players that think under a budget (``hard``); levels that do
    not search ignore it."""
    budget = budget or dict(DEFAULT_BUDGET)
    bots = _game_bots(game) if game is not None else {}
    if level in bots:
        factory = bots[level]
        if budget and _takes_budget(factory):
            return factory(seed, **budget)
        return factory(seed)
    if level in GENERIC:
        return GENERIC[level](seed)
    known = ", ".join(levels(game) if game is not None else sorted(GENERIC))
    raise ValueError(f"unknown computer level {level!r} (levels: {known})")


def _takes_budget(factory: Callable[..., Player]) -> bool:
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
    return "iterations" in params or "seconds" in params


def _game_bots(game: Game | None) -> dict[str, Callable[[int], Player]]:
    if game is None:
        return {}
    module_name = type(game).__module__.rsplit(".", 1)[0] + ".bots"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return {}
    return dict(getattr(module, "BOTS", {}))
