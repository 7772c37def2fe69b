"""The player's settings, kept as JSON in ``paths.settings_file()``.

Writing is atomic (a temporary file in the same folder, then ``os.replace``). Reading never
fails and never hangs: a missing file gives the defaults; a damaged file or a bad value gives the
defaults for what could not be read, plus a message for the player. The file is read through
:func:`files.read_bounded` (issue 16): a FIFO, a device or a link to one, or a file over
:data:`MAX_FILE_BYTES` is refused unread, and JSON nested too deeply to parse counts as damaged.

A damaged or foreign file is never overwritten (issue 16). The app writes the settings only
when the player changes one; that first save moves the file that could not be read aside to
``settings.json.damaged`` (``.damaged-2``, ... when taken), and the message at start-up says
so. A file that reads as settings but holds a bad value is not damaged: the message names the
values reset, and the next save writes the good ones over it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from . import files, i18n, jsonfile, paths
from .i18n import tr

UI_SCALES: tuple[float, ...] = (0.75, 0.875, 1.0, 1.125, 1.25, 1.5, 1.75, 2.0)
# Seconds a computer move (and a demo step) stays before the next one.
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.35, "normal": 0.9, "slow": 1.8}
# Seconds a ``hard`` computer seat may think per move (issue 7: 2 s by default, settable).
THINKING_SECONDS: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0, 10.0)
DEFAULT_THINKING_SECONDS = 2.0
# A settings file is a few hundred bytes; a larger one is not ours (and is not read).
MAX_FILE_BYTES = 64 * 1024
DAMAGED_SUFFIX = ".damaged"


@dataclass(frozen=True)
class Settings:
    ui_scale: float = 1.0
    animation_speed: str = "normal"
    colour_blind: bool = False
    language: str = "en"
    fullscreen: bool = False
    thinking_seconds: float = DEFAULT_THINKING_SECONDS
    step_help: bool = True  # a line of help the first time a person meets a step (issue 14)
    #: the table asks before a person's move no undo can take back (a draw, a roll, a reveal)
    ask_irreversible: bool = True

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
    if name in ("colour_blind", "fullscreen", "step_help", "ask_irreversible"):
        return isinstance(value, bool)
    if name == "language":
        return isinstance(value, str) and 0 < len(value) <= 16
    return False


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message if the file was damaged (else None)."""
    path = path or paths.settings_file()
    data, message = _read(path)
    if data is None and message is None:  # the first start: the system's language (issue 18)
        return Settings(language=i18n.system_language()), None
    if data is None:
        return Settings(), message
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
        return settings, tr("settings.reset", names=", ".join(bad))
    return settings, None


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically. A file in the way that cannot be read as settings is
    first renamed aside (see the module's docstring); raises OSError when it cannot be, and
    then nothing is written."""
    path = path or paths.settings_file()
    if damaged(path):
        os.rename(path, _aside(path))
    jsonfile.write_atomic(path, asdict(settings), indent=2)


def damaged(path: Path) -> bool:
    """Whether something is at ``path`` that does not read as settings (the next save moves
    it aside instead of overwriting it)."""
    return _read(path)[1] is not None


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The file's JSON object, or None and why not (None when there is simply no file)."""
    try:
        raw = files.read_bounded(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None, None
    except files.FileRefused:
        key = "settings.too_large" if files.is_regular(path) else "settings.not_a_file"
        return None, tr(key, name=_aside_name(path), size=f"{MAX_FILE_BYTES >> 10} KB")
    except NotADirectoryError:  # a file where the settings' folder should be: nothing to keep
        return None, tr("settings.no_folder", folder=str(path.parent))
    except OSError as exc:
        return None, tr("settings.unreadable", reason=exc.strerror or exc, name=_aside_name(path))
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        data = None
    if not isinstance(data, dict):
        return None, tr("settings.damaged", name=_aside_name(path))
    return data, None


def _aside(path: Path) -> Path:
    """A free name beside ``path`` to keep a damaged file under."""
    for n in range(1, 100):
        aside = path.with_name(path.name + DAMAGED_SUFFIX + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(aside):
            return aside
    raise FileExistsError(f"{path.name}{DAMAGED_SUFFIX}-99 exists")


def _aside_name(path: Path) -> str:
    try:
        return _aside(path).name
    except OSError:
        return path.name + DAMAGED_SUFFIX
