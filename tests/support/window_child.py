"""Child process for the two-windows soak test: a "window" that, again and again, tries to
continue one saved game, plays a few random moves while holding it (acknowledging each on stdout
once its save call returned), and closes it. A refusal (the other window has it) is printed too.

    python tests/support/window_child.py SAVE SEED ROUNDS
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.support.play import random_step  # noqa: E402
from weather_tabletop.ai import RandomPlayer  # noqa: E402
from weather_tabletop.engine.storage import OpenElsewhere, SavedGame  # noqa: E402

path, seed, rounds = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng, pick = random.Random(seed), RandomPlayer(seed)
for _ in range(rounds):
    try:
        saved = SavedGame.open(path)
    except OpenElsewhere:
        print("REFUSED", flush=True)
        time.sleep(rng.uniform(0.005, 0.03))
        continue
    try:
        for _ in range(rng.randrange(1, 4)):
            if saved.match.is_over():
                break
            random_step(saved.match.game, saved, pick)
            print(f"ACK {saved.match.version}", flush=True)
            time.sleep(rng.uniform(0.005, 0.02))  # the window stays open a moment
    finally:
        saved.close()
    time.sleep(rng.uniform(0.02, 0.06))  # the other window's turn to take the game
print("DONE", flush=True)
