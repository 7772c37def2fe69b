"""What the table's scores panel costs (``ui/score_box.py``): laying the table out again when a
score changes, and a frame that only blits it.

    python bench/score_table.py
    python bench/score_table.py --game meteo --players 4 --scale 150 --lang zh-TW

A table of the game after ``--steps`` random commands is opened headless at ``--size``; each of
``--changes`` new tables (every total one higher) is laid out and rendered, then the unchanged
box is drawn ``--frames`` times. Medians and the worst, in milliseconds (wall clock: on a loaded
machine the scheduler shows in the worst).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from weather_tabletop import i18n  # noqa: E402
from weather_tabletop.settings import Settings  # noqa: E402
from weather_tabletop.ui import score_table  # noqa: E402
from weather_tabletop.ui.screenshot import build_app  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="weather-machine")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--scale", type=int, default=100, help="UI scale in percent")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--changes", type=int, default=50)
    parser.add_argument("--frames", type=int, default=500)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    i18n.set_language(args.lang)
    app = build_app("table", (w, h), args.game, args.players, args.seed, args.steps, {},
                    Settings(ui_scale=args.scale / 100, language=args.lang, animation_speed="off"))
    app.render(app.window)
    box = app.top.w["score_box"]
    table = box.table
    changes = []
    for i in range(args.changes):
        columns = tuple(replace(c, total=c.total + i + 1) for c in table.columns)
        new = score_table.ScoreTable(columns, table.categories, table.note)
        start = time.perf_counter()
        box.set_table(new)
        box.draw(app.window)
        changes.append((time.perf_counter() - start) * 1000)
    frames = []
    for _ in range(args.frames):
        start = time.perf_counter()
        box.draw(app.window)
        frames.append((time.perf_counter() - start) * 1000)
    print(f"{args.game}, {args.players} seats, {w}x{h} at {args.scale}%, {args.lang}: "
          f"text {box.grid.size} px, {len(table.columns)} columns, {len(table.categories)} rows")
    print(f"  a score changes: median {statistics.median(changes):.2f} ms, worst {max(changes):.2f} ms")
    print(f"  an unchanged frame: median {statistics.median(frames):.3f} ms, "
          f"worst {max(frames):.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
