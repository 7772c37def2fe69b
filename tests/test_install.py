"""Installation facts: pygame-ce alone (never the pygame distribution beside it), art found
through importlib.resources, rules code free of pygame."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

from weather_tabletop import resources

ROOT = Path(__file__).resolve().parents[1]


def test_pygame_ce_is_installed_and_pygame_is_not():
    assert importlib.metadata.distribution("pygame-ce").version
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("pygame")
    import pygame

    assert getattr(pygame, "IS_CE", False)


def test_art_is_found_as_a_package_resource():
    theme = resources.art("theme.json")
    assert theme.is_file(), "art/theme.json must ship with the package"
    assert (ROOT / "art" / "theme.json").read_bytes() == theme.read_bytes()


def test_engine_and_rules_never_import_pygame():
    package = ROOT / "weather_tabletop"
    pure = [package / "engine", package / "ai"] + [p for p in (package / "games").iterdir()
                                                   if p.is_dir()]
    for folder in pure:
        for path in folder.rglob("*.py"):
            if path.name.startswith(("view", "guide_art")):  # a game's table view and its guide's
                continue  # pictures draw with pygame
            text = path.read_text(encoding="utf-8")
            assert "import pygame" not in text and "from pygame" not in text, path


def test_a_built_wheel_carries_the_art_and_demo_saves(tmp_path):
    """``art/`` and ``saves/`` install inside the package, so importlib.resources finds them."""
    import subprocess
    import sys
    import zipfile

    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                             str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    wheel = next(tmp_path.glob("weather_tabletop-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "weather_tabletop/art/theme.json" in names
    assert "weather_tabletop/saves/__init__.py" in names
    assert "weather_tabletop/licences/pygame-ce-LGPL-2.1.txt" in names
    assert "weather_tabletop/licences/README.md" in names
    for path in (ROOT / "art").rglob("*.svg"):
        assert f"weather_tabletop/art/{path.relative_to(ROOT / 'art').as_posix()}" in names
    for path in (ROOT / "saves").glob("*.wtsave"):
        assert f"weather_tabletop/saves/{path.name}" in names
    for path in (ROOT / "weather_tabletop").rglob("*.toml"):
        assert path.relative_to(ROOT).as_posix() in names
