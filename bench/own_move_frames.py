"""Frames from a person's own move until the board shows it (issue 27: after a drop the board
kept the old position for over 1.5 s on a loaded machine).

    python bench/own_move_frames.py --game meteo [--urgent-off]

A 2-seat game of ``--game`` after 12 random commands; five times the person's first legal move
is played through ``TableScene.submit`` and the frames ``app.tick(1/60)`` runs until the view's
staged redraw is done (``view.busy`` False) are counted, with the milliseconds of work they took
(frames run back to back: no frame-rate wait). ``--urgent-off`` measures the table as it was,
with the frame after the move given the usual ``FRAME_WORK`` deadline."""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="meteo")
    parser.add_argument("--urgent-off", action="store_true")
    args = parser.parse_args()
    from weather_tabletop import games
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui.app import App
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.screenshot import _config, play_random
    from weather_tabletop.ui.session import Session

    app = App((1280, 720), settings=Settings(animation_speed="off"))
    session = Session.in_memory(games.get(args.game), _config(args.game, 2, 5, {}))
    play_random(session.match, random.Random(5), 12)
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    for _ in range(5):
        app.tick(1 / 60)
    results = []
    for trial in range(5):
        while not scene.legal:
            play_random(session.match, random.Random(trial), 1)
            scene.refresh()
            for _ in range(3):
                app.tick(1 / 60)
        scene.submit(scene.legal[0])
        if args.urgent_off:
            scene._urgent = False
        start, frames = time.perf_counter(), 0
        while frames < 2000:
            app.tick(1 / 60)
            frames += 1
            if not getattr(scene.view, "busy", False):
                break
        results.append(f"{frames} ({(time.perf_counter() - start) * 1000:.0f} ms)")
    print(f"{args.game}{' (as before)' if args.urgent_off else ''}: frames until the board "
          f"shows the move: {', '.join(results)}")


if __name__ == "__main__":
    main()
