"""Peak memory while playing each game: a complete random game per game and player count,
autosaved, measured with tracemalloc (Python allocations) — issue 9.

    python bench/memory.py
"""

from __future__ import annotations

import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop import games  # noqa: E402
from weather_tabletop.ai import RandomPlayer  # noqa: E402
from weather_tabletop.cli import computer_config, play_out  # noqa: E402
from weather_tabletop.engine.protocol import options_dict  # noqa: E402
from weather_tabletop.engine.storage import SavedGame  # noqa: E402


def peak(game_id: str, players: int) -> tuple[float, int]:
    game = games.get(game_id)
    config = computer_config(game, players, ["random"] * players, options_dict(game), 3)
    with tempfile.TemporaryDirectory() as tmp:
        tracemalloc.start()
        saved = SavedGame.create(game, config, Path(tmp))
        commands = play_out(game, saved, [RandomPlayer(i) for i in range(players)], 200_000)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        saved.close()
    return top / 1e6, commands


def table() -> list[str]:
    rows = ["| game | players | commands | peak MB (Python objects) |", "|---|---:|---:|---:|"]
    for game_id in sorted(games.RULES):
        game = games.get(game_id)
        for players in sorted({game.min_players, game.max_players}):
            mb, commands = peak(game_id, players)
            rows.append(f"| {game_id} | {players} | {commands:,} | {mb:.1f} |")
    return rows


if __name__ == "__main__":
    print("\n".join(table()))
