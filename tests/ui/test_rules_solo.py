"""Issue 20: the Rules screen of Weather Machine has a "Playing solo" section (guide.toml, in
English and zh-TW) followed by the list of every reading this edition chose for the solo mode
(the solo reference's §7 and this edition's own two), written from the catalogue in the order of
solo.toml [readings]."""

from __future__ import annotations

import pytest

from weather_tabletop import guide, i18n
from weather_tabletop.games.weather_machine.solo_data import SOLO
from weather_tabletop.ui.scenes.rules import RulesScene, with_game_sections

GAME = "weather-machine"


pytestmark = pytest.mark.usefixtures("english")


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_readings_follow_the_playing_solo_section_in_every_language(language):
    i18n.set_language(language)
    book = with_game_sections(guide.load(GAME, language), GAME)
    ids = [s.id for s in book.sections]
    assert ids[ids.index("solo") + 1] == "solo-readings"
    readings = book.section("solo-readings")
    assert readings.title == i18n.tr("wm.solo.readings.title")
    bullets = [line[2:] for line in readings.text.splitlines() if line.startswith("- ")]
    assert bullets == [i18n.tr(key) for key in SOLO.readings]
    # this edition's own two: the Government parts' colours, the Lab spaces' Chemical
    assert {"wm.solo.reading.part_colour", "wm.solo.reading.lab_chemical"} <= set(SOLO.readings)
    assert not guide.code_in(readings.text) and not guide.code_in(book.section("solo").text)
    found = book.search(i18n.tr("wm.solo.reading.lab_chemical")[:12])  # the search finds them
    assert "solo-readings" in [s.id for s in found]


def test_a_game_without_catalogue_sections_keeps_its_guide():
    book = guide.load("meteo", "en")
    assert with_game_sections(book, "meteo") is book


def test_the_rules_screen_opens_at_the_readings(app):
    scene = RulesScene(app, GAME, "solo-readings")
    app.push(scene)
    assert scene.view is not None and scene.view.current() == "solo-readings"
    scene.view.go("solo")
    assert scene.view.current() == "solo"
