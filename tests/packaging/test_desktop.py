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
    assert section["Exec"] == "weather-tabletop %f" and section["Terminal"] == "false"
    icon = ROOT / "packaging" / "linux" / f"{section['Icon']}.png"
    assert pygame.image.load(str(icon)).get_size() == (256, 256)


def test_saves_are_a_mime_type_the_desktop_entry_opens():
    """A double-clicked save opens its replay: the entry takes a file (%f; the program opens a
    lone .wtsave path) and declares the type the MIME file defines for *.wtsave."""
    import xml.etree.ElementTree as ET

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "linux" / "weather-tabletop.desktop", encoding="utf-8")
    types = entry["Desktop Entry"]["MimeType"].rstrip(";").split(";")
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    info = ET.parse(ROOT / "packaging" / "linux" / "weather-tabletop-save.xml").getroot()
    defined = {t.get("type"): [g.get("pattern") for g in t.findall("m:glob", ns)]
               for t in info.findall("m:mime-type", ns)}
    assert types == ["application/x-weather-tabletop-save"]
    assert defined == {"application/x-weather-tabletop-save": ["*.wtsave"]}


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
