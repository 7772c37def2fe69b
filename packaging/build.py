"""Build the one-file executable for this machine: ``python packaging/build.py [--dist DIR]``.

Needs the app installed with its ``package`` extra (``pip install ".[package]"``). Writes
``DIR/weather-tabletop`` (``.exe`` on Windows) and prints its size.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(dist: Path) -> Path:
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                        "--distpath", str(dist), "--workpath", work,
                        str(ROOT / "packaging" / "weather-tabletop.spec")], check=True, cwd=work)
    exe = dist / ("weather-tabletop.exe" if sys.platform == "win32" else "weather-tabletop")
    if not exe.is_file():
        raise SystemExit(f"the build did not produce {exe}")
    return exe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    exe = build(parser.parse_args().dist)
    print(f"built {exe} ({exe.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
