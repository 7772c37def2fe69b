"""Sections of the player's guide written from the message catalogue rather than from
``guide.toml``: the readings this edition chose for the solo mode (issue 20; solo reference §7,
``docs/weather-machine-solo.md``), one ``wm.solo.reading.*`` sentence each in the order of
``data/solo.toml`` [readings]. The Rules screen shows them after the guide's "Playing solo"
section, so the list there is the one the rules follow, in every language. No pygame."""

from __future__ import annotations

from weather_tabletop.guide import Section
from weather_tabletop.i18n import tr

from .solo_data import SOLO

#: the guide section the readings follow
AFTER = "solo"


def sections() -> list[tuple[str, Section]]:
    """(the id of the section it follows, the section) for each section written here."""
    text = "\n".join([tr("wm.solo.readings.intro"), ""] + [f"- {tr(key)}" for key in SOLO.readings])
    return [(AFTER, Section("solo-readings", tr("wm.solo.readings.title"), text))]
