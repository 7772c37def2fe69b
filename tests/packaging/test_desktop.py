"""The Linux desktop entry and the application icon."""

from __future__ import annotations

import configparser
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def test_desktop_entry_names_the_command_and_an_icon_that_exists():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "linux" / "weather-tabletop.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Name"] == "Weather Tabletop"
    assert section["Exec"] == "weather-tabletop" and section["Terminal"] == "false"
    icon = ROOT / "packaging" / "linux" / f"{section['Icon']}.png"
    assert pygame.image.load(str(icon)).get_size() == (256, 256)


def test_the_window_icon_comes_from_the_same_art():
    from weather_tabletop import resources

    assert resources.art("icon.svg").is_file()
    pygame.display.init()
    try:
        pygame.display.set_mode((8, 8))
        from weather_tabletop.ui import art

        assert art.icon().get_width() >= 32
    finally:
        pygame.display.quit()
