"""Idle cost (issue 13): CPU seconds per wall second of the app's real loop (``App.loop``) on the
menu and on a still table (a person's turn, nothing moving, no input), headless and, when
``Xvfb`` is installed, under a real X server.

    python bench/idle_cpu.py [--seconds 10] [--warmup 3] [--size 1280x720] [--always]
                             [--games weather-machine meteo machines-to-the-sky] [--no-x11]

Each measurement runs in its own process with a private app home; the process's CPU time
(all threads, ``time.process_time``) over ``--seconds`` of wall time, after ``--warmup``
seconds in which the app settles (the first frames, pygame_gui's grace time). Target: under 3%
of a core. Under Xvfb the X server's own CPU share is shown beside it, over the whole run
(start-up and the first frames included, so it is an upper bound). ``--always`` draws every frame at 60 a second as the app did before issue 13, for
comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("weather-machine", "meteo", "machines-to-the-sky")


def measure_here(scene: str, game: str | None, size: tuple[int, int], seconds: float,
                 warmup: float, always: bool) -> dict:
    """In this process: build the app on ``scene`` and run its loop; the CPU share measured."""
    sys.path.insert(0, str(ROOT))
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app(scene, size, game, 2 if game else None, 1, 12 if game else 0, {})
    real_tick = app.tick
    start = time.monotonic()
    mark: dict = {}

    def tick(dt=None, *, when_needed=None):
        # --always: every frame drawn, paced at 60 a second (the loop before issue 13)
        drawn = real_tick(dt, when_needed=False if always else when_needed)
        now = time.monotonic()
        if not mark and now - start >= warmup:
            mark.update(wall=now, cpu=time.process_time(), frames=app.frames_drawn)
        elif mark and now - mark["wall"] >= seconds:
            app.running = False
        return drawn

    app.tick = tick  # the loop calls self.tick: the real loop, timed from outside
    app.loop()
    wall = time.monotonic() - mark["wall"]
    return {"cpu": (time.process_time() - mark["cpu"]) / wall,
            "fps": (app.frames_drawn - mark["frames"]) / wall}


def server_cpu(pid: int | None) -> float:
    """CPU seconds the X server has used so far (Linux /proc), 0 when unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, TypeError):
        return 0.0


def measure(scene: str, game: str | None, args, display: dict[str, str],
            server: int | None = None) -> dict:
    """One measurement in a fresh process (``display``: the SDL video variables); with the X
    server's pid, also its CPU share over the whole run (start-up and settling included)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, WEATHER_TABLETOP_HOME=home, SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", **display)
        cmd = [sys.executable, __file__, "--child", scene, game or "-", "--seconds",
               str(args.seconds), "--warmup", str(args.warmup), "--size", args.size]
        if args.always:
            cmd.append("--always")
        cpu0, wall0 = server_cpu(server), time.monotonic()
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if out.returncode:
            raise RuntimeError(out.stderr.strip().splitlines()[-1:])
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if server is not None:
            result["server"] = (server_cpu(server) - cpu0) / (time.monotonic() - wall0)
        return result


def start_xvfb() -> tuple[subprocess.Popen, str] | None:
    """An Xvfb server on a free display number, or None if Xvfb is not installed."""
    if not shutil.which("Xvfb"):
        return None
    for n in range(90, 140):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "2560x1440x24", "-nolisten",
                                 "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return proc, f":{n}"
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.kill()
        proc.wait()
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--always", action="store_true",
                        help="draw every frame at 60 a second (the app before issue 13)")
    parser.add_argument("--no-x11", action="store_true", help="headless only")
    parser.add_argument("--child", nargs=2, metavar=("SCENE", "GAME"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    if args.child:
        scene, game = args.child
        print(json.dumps(measure_here(scene, None if game == "-" else game, (w, h), args.seconds,
                                      args.warmup, args.always)))
        return

    displays = [("headless (dummy)", {"SDL_VIDEODRIVER": "dummy"}, None)]
    xvfb = None if args.no_x11 else start_xvfb()
    if xvfb is not None:
        displays.append((f"Xvfb {xvfb[1]}", {"SDL_VIDEODRIVER": "x11", "DISPLAY": xvfb[1]},
                         xvfb[0].pid))
    elif not args.no_x11:
        print("(Xvfb not found: headless only; apt-get install xvfb to measure under X)")
    mode = "every frame drawn (before issue 13)" if args.always else "drawn when needed"
    print(f"Window {args.size}, {args.seconds:g} s after {args.warmup:g} s to settle, {mode}.\n")
    print("| display | scene | app CPU, % of a core | frames drawn / s | X server CPU, % |")
    print("|---|---|---:|---:|---:|")
    try:
        for label, display, server in displays:
            for scene, game in [("menu", None)] + [("table", g) for g in args.games]:
                try:
                    r = measure(scene, game, args, display, server)
                    row = (f"{100 * r['cpu']:.1f} | {r['fps']:.1f} | "
                           + (f"{100 * r['server']:.1f}" if "server" in r else "-"))
                except RuntimeError as exc:
                    row = f"failed: {exc} | |"
                name = f"table, {game}, a person's turn" if game else scene
                print(f"| {label} | {name} | {row} |", flush=True)
    finally:
        if xvfb is not None:
            xvfb[0].terminate()
            xvfb[0].wait()


if __name__ == "__main__":
    main()
