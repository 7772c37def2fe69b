"""Every benchmark of issue 9 in one command, printed as Markdown tables.

    python bench/run_all.py [--quick] [--exe dist/weather-tabletop]

--quick runs each for a short time (a smoke test of the benchmarks, not figures to quote).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(script: str, *args: str) -> str:
    result = subprocess.run([sys.executable, str(HERE / script), *args], capture_output=True,
                            text=True, env=dict(os.environ, SDL_VIDEODRIVER="dummy",
                                                SDL_AUDIODRIVER="dummy"))
    if result.returncode:
        return f"({script} failed: {result.stderr.strip().splitlines()[-1:]})"
    return "\n".join(line for line in result.stdout.splitlines() if line.startswith("|"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--exe", type=Path)
    args = parser.parse_args()
    q = args.quick
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}\n")
    sections = [
        ("Rules speed (random play, 2 players)", "rules_speed.py", ["--seconds", "2" if q else "10"]),
        ("Undo, redo, load and autosave against log length", "undo_load.py",
         ["--events", "1000", "10000", "--repeat", "20"] if q else
         ["--events", "1000", "10000", "100000", "--repeat", "200"]),
        ("Frame time at 1920x1080, mid-game", "frame_time.py", ["--frames", "60" if q else "300"]),
        ("Idle CPU on the menu and a still table (issue 13)", "idle_cpu.py",
         ["--seconds", "3", "--warmup", "3", "--games", "meteo"] if q else []),
        ("Start-up to the first menu frame", "startup.py",
         (["--runs", "2" if q else "5"] + (["--exe", str(args.exe)] if args.exe else []))),
        ("Peak memory while playing", "memory.py", []),
        ("App memory: tables opened and closed, simulated play, a review (issue 27)",
         "app_memory.py", ["--quick"] if q else ["--frames-per-table", "200", "--minutes", "3"]),
        ("Click to first frame of the slow screens (issue 27)", "screen_open.py",
         ["--runs", "1" if q else "5", "--warm-up"]),
        ("Computer thinking time at hard against its budget (issue 7)", "ai_timing.py",
         ["--quick"] if q else []),
    ]
    for title, script, extra in sections:
        print(f"## {title}\n\n`python bench/{script} {' '.join(extra)}`\n")
        print(run(script, *extra) + "\n", flush=True)


if __name__ == "__main__":
    main()
