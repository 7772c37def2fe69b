"""Issue 27, words a player reads in the setup: the seat kinds are a person or a computer of
a level a player knows (easy, normal, hard; the random player is for tests, benchmarks and the
command line); the solo setup shows nothing that only applies to several players; default seat
names are in the language in use."""

from __future__ import annotations

import pygame_gui
import pytest

from weather_tabletop import i18n, remember
from weather_tabletop.settings import Settings
from weather_tabletop.ui import screenshot

pytestmark = pytest.mark.usefixtures("english")
GAMES = ["meteo", "machines-to-the-sky", "weather-machine"]


def _setup(game: str, players: int, language: str = "en"):
    app = screenshot.build_app("setup", (1280, 720), game, players, 1, 0, {},
                               Settings(language=language))
    app.manager.update(0.05)
    return app.top


def _labels(scene) -> list[str]:
    out = []

    def walk(container):
        for element in container.elements:
            if isinstance(element, pygame_gui.elements.UILabel):
                out.append(element.text)
            inner = getattr(element, "get_container", None)
            if inner is not None and element is not container:
                try:
                    walk(inner())
                except AttributeError:
                    pass

    walk(scene.root)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_seat_kinds_are_a_person_or_a_computer_easy_normal_or_hard(game):
    setup = _setup(game, 2 if game == "meteo" else 1)
    kinds = setup._kind_choices()
    assert [key for _text, key in kinds] == ["person", "computer:easy", "computer:normal",
                                             "computer:hard"]
    assert not any("random" in text.lower() for text, _key in kinds)


@pytest.mark.parametrize("game", ["machines-to-the-sky", "weather-machine"])
def test_the_solo_setup_shows_nothing_of_several_players(game):
    setup = _setup(game, 1)
    labels = " ".join(_labels(setup))
    assert i18n.tr("setup.seats_hint") not in labels
    assert "take turns" not in labels
    offered = [spec.key for _label, spec in setup._option_cells() if hasattr(spec, "key")]
    assert "automa" not in offered  # the Automa always plays a solo game


def test_the_multiplayer_setup_still_offers_the_automa_and_says_who_moves():
    setup = _setup("machines-to-the-sky", 3)
    offered = [spec.key for _label, spec in setup._option_cells() if hasattr(spec, "key")]
    assert "automa" in offered
    assert any("take turns" in label for label in _labels(setup))


def test_default_names_follow_the_language():
    """A setup kept from an English game ("Player 1", "Player 2") opened in Chinese names the
    seats 「玩家 1」, 「玩家 2」; a name a player typed stays."""
    remember.put(remember.SETUP_LAST, {
        "game": "meteo", "players": 3,
        "seats": [{"name": "Player 1", "color": "red", "kind": "person"},
                  {"name": "Player 2", "color": "yellow", "kind": "computer:normal"},
                  {"name": "Ada", "color": "blue", "kind": "person"}]})
    setup = _setup("meteo", 3, "zh-TW")
    assert [seat["name"] for seat in setup.seats] == ["玩家 1", "玩家 2", "Ada"]
    i18n.set_language("en")
    setup.close()
    setup.open()
    assert [seat["name"] for seat in setup.seats] == ["Player 1", "Player 2", "Ada"]


def test_a_default_name_is_known_in_every_language():
    from weather_tabletop.ui.scenes.setup import is_default_name

    assert is_default_name("Player 12") and is_default_name("玩家 3")
    assert not is_default_name("Player") and not is_default_name("Player One")
    assert not is_default_name("Ada")
