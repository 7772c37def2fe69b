"""Start-up time to the first drawn menu frame, and the executable's size.

    python bench/startup.py [--exe dist/weather-tabletop] [--runs 5]

Runs the installed app (``python -m weather_tabletop``) and, if given, the one-file executable
with ``WEATHER_TABLETOP_FIRST_FRAME_EXIT=1``: the app opens its window (SDL's dummy driver when
there is no display), draws the menu once and exits. Reports the median wall time of --runs
starts (the process's whole life: start, first frame, exit) after one warm-up run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def time_start(command: list[str], runs: int) -> float:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, WEATHER_TABLETOP_FIRST_FRAME_EXIT="1", WEATHER_TABLETOP_HOME=home)
        env.setdefault("SDL_VIDEODRIVER", "dummy" if "DISPLAY" not in env else "")
        if not env["SDL_VIDEODRIVER"]:
            del env["SDL_VIDEODRIVER"]
        times = []
        for i in range(runs + 1):
            t0 = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True, timeout=120)
            if i:  # the first run warms the disk cache (and unpacks nothing for later runs)
                times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("| program | size MB | start to first menu frame, s (median) |")
    print("|---|---:|---:|")
    t = time_start([sys.executable, "-m", "weather_tabletop"], args.runs)
    print(f"| installed package (python -m weather_tabletop) | – | {t:.2f} |")
    if args.exe:
        t = time_start([str(args.exe)], args.runs)
        print(f"| one-file executable | {args.exe.stat().st_size / 1e6:.1f} | {t:.2f} |")


if __name__ == "__main__":
    main()
