"""Helpers for tests: build configs and play random games through the engine."""

from __future__ import annotations

from typing import Any

from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.protocol import Game, GameConfig, SeatConfig, default_colours


def config(game: Game, players: int, seed: int = 1, **options: Any) -> GameConfig:
    seats = tuple(SeatConfig(f"P{i + 1}", key) for i, key in enumerate(default_colours(game, players)))
    merged = {o.key: o.default for o in game.options}
    merged.update(options)
    return GameConfig(game.id, seats, tuple(sorted(merged.items())), seed)


def random_step(game: Game, session: Any, rng: RandomPlayer) -> Any:
    """Submit one random legal command of the first seat to act; returns the group."""
    match = getattr(session, "match", session)
    seat = game.to_act(match.state)[0]
    return session.submit(rng.choose(game, game.view(match.state, seat), seat))


def player_counts(game: Game, every: bool = False) -> list[int]:
    """The player counts a test plays: the fewest (Weather Machine's solo against the
    Saboteurs), the usual (``default_players``), the most, and (``every``) each between."""
    counts = set(range(game.min_players, game.max_players + 1)) if every else \
        {game.min_players, getattr(game, "default_players", game.min_players), game.max_players}
    return sorted(counts)
