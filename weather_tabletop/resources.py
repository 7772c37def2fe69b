"""Files shipped with the app: art, the theme, demo saves.

``art/`` and ``saves/`` sit at the top of the source tree and install as the packages
``weather_tabletop.art`` and ``weather_tabletop.saves``; from a plain source checkout (not
installed) they are found beside the package instead. The frozen executable carries them as data.
"""

from __future__ import annotations

import importlib.resources
from importlib.resources.abc import Traversable
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent


def _folder(package: str, fallback: str) -> Traversable:
    """The installed package's folder; else ``weather_tabletop/<name>`` (the frozen executable
    carries it there as data); else the top-level folder of a source checkout."""
    try:
        return importlib.resources.files(package)
    except ModuleNotFoundError:
        inside = Path(__file__).resolve().parent / fallback
        return inside if inside.is_dir() else _ROOT / fallback


def art_dir() -> Traversable:
    return _folder("weather_tabletop.art", "art")


def art(name: str) -> Traversable:
    """An art file by its path inside ``art/``, e.g. ``art("theme.json")``."""
    node = art_dir()
    for part in name.split("/"):
        node = node / part
    return node


def demo_dir() -> Traversable:
    return _folder("weather_tabletop.saves", "saves")


def demo_saves() -> list[Traversable]:
    """The recorded games in ``saves/``, by name."""
    return sorted((f for f in demo_dir().iterdir() if f.name.endswith(".wtsave")),
                  key=lambda f: f.name)
