"""Child process for the SIGKILL test: plays Tally into a save and acknowledges every command
on stdout after the save call returned (the moment the screen would show it)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.support.play import config, random_step  # noqa: E402
from tests.support.tally import GAME  # noqa: E402
from weather_tabletop import games  # noqa: E402
from weather_tabletop.ai import RandomPlayer  # noqa: E402
from weather_tabletop.engine.storage import SavedGame  # noqa: E402

games.register(GAME)
folder, seed = Path(sys.argv[1]), int(sys.argv[2])
saved = SavedGame.create(GAME, config(GAME, 3, seed=seed, pile=100000), folder, casual=True)
print(f"FILE {saved.path}", flush=True)
rng = RandomPlayer(seed)
while True:
    group = random_step(GAME, saved, rng)
    seat = group.seat
    if saved.match.version % 4 == 0 and saved.match.undo_reason(seat) is None:
        saved.undo(seat)
    print(f"ACK {saved.match.version}", flush=True)
