"""The player's settings, kept as JSON in ``paths.settings_file()``.

Writing is atomic (a temporary file in the same folder, then ``os.replace``). Reading never
fails: a missing file gives the defaults; a damaged file or a bad value gives the defaults for
what could not be read, plus a message for the player.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from . import jsonfile, paths

UI_SCALES: tuple[float, ...] = (0.75, 0.875, 1.0, 1.125, 1.25, 1.5, 1.75, 2.0)
# Seconds a computer move (and a demo step) stays before the next one.
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
# Seconds a ``hard`` computer seat may think per move (issue 7: 2 s by default, settable).
THINKING_SECONDS: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0, 10.0)
DEFAULT_THINKING_SECONDS = 2.0


@dataclass(frozen=True)
class Settings:
    ui_scale: float = 1.0
    animation_speed: str = "normal"
    colour_blind: bool = False
    language: str = "en"
    fullscreen: bool = False
    thinking_seconds: float = DEFAULT_THINKING_SECONDS
    step_help: bool = True  # a line of help the first time a person meets a step (issue 14)

    @property
    def move_delay(self) -> float:
        """Seconds between computer moves at the chosen animation speed."""
        return ANIMATION_SPEEDS.get(self.animation_speed, ANIMATION_SPEEDS["normal"])


def _valid(name: str, value: Any) -> bool:
    if name == "ui_scale":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value in UI_SCALES
    if name == "thinking_seconds":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and value in THINKING_SECONDS)
    if name == "animation_speed":
        return value in ANIMATION_SPEEDS
    if name in ("colour_blind", "fullscreen", "step_help"):
        return isinstance(value, bool)
    if name == "language":
        return isinstance(value, str) and 0 < len(value) <= 16
    return False


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message if the file was damaged (else None)."""
    path = path or paths.settings_file()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"The settings could not be read ({exc.strerror}); using the defaults."
    try:
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except ValueError:
        return Settings(), "The settings file was damaged; the default settings are used."
    settings, bad = Settings(), []
    for f in fields(Settings):
        if f.name in data:
            if _valid(f.name, data[f.name]):
                value = data[f.name]
                if f.name in ("ui_scale", "thinking_seconds"):
                    value = float(value)
                settings = replace(settings, **{f.name: value})
            else:
                bad.append(f.name)
    if bad:
        return settings, ("Some settings were not valid and were reset: " + ", ".join(bad) + ".")
    return settings, None


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    jsonfile.write_atomic(path or paths.settings_file(), asdict(settings), indent=2)
