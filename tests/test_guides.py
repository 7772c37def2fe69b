"""Issue 14: each game's player's guide. Every step of play (every value of the view module's
``guide_step`` seen in random games, as the soak plays them) opens a section that exists; no guide
text holds code identifiers; every picture the guide names is drawn by the game's art."""

from __future__ import annotations

import importlib
import importlib.resources
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from weather_tabletop import games, guide  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.ui import screenshot  # noqa: E402

GAMES = ["meteo", "machines-to-the-sky", "weather-machine"]


def _guide(game_id: str) -> guide.Guide:
    g = guide.load(game_id)
    if g is None:
        pytest.skip(f"{game_id} has no guide yet")
    return g


def _view_module(game_id: str):
    path = games.VIEWS[game_id].split(":")[0]
    return importlib.import_module(path)


def steps_seen(game_id: str, seeds=range(6)) -> set[str]:
    """Every ``guide_step`` value met in random games of every player count."""
    game = games.get(game_id)
    step_of = _view_module(game_id).guide_step
    seen: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        for seed in seeds:
            config = screenshot._config(game_id, players, seed, {})
            match = Match.start(game, config)
            rng = random.Random(seed)
            while True:
                seen.add(step_of(game.view(match.state, None)))
                if match.is_over():
                    break
                seat = rng.choice(match.to_act())
                match.submit(rng.choice(match.legal(seat)))
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_of_play_opens_a_section(game_id):
    g = _guide(game_id)
    missing = sorted(s for s in steps_seen(game_id) if g.for_step(s) is None)
    assert not missing, f"steps without a guide section: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_reads_as_words_not_code(game_id):
    g = _guide(game_id)
    texts = [("title", g.title), ("intro", g.intro)]
    for s in g.all_sections():
        texts += [(s.id, s.title), (s.id, s.text), (s.id, s.hint)]
        texts += [(s.id, p.caption) for p in s.pictures]
    found = [(where, problem) for where, text in texts for problem in guide.code_in(text)]
    assert not found, found[:10]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_teaches_the_whole_game(game_id):
    """The goal, the components, setup, the round, scoring with a worked example, the variants,
    and where this edition decided (issue 14's list)."""
    g = _guide(game_id)
    ids = {s.id for s in g.all_sections()}
    assert {"goal", "components", "setup", "round", "scoring", "variants", "decided"} <= ids
    assert "example" in g.section("scoring").text.lower()
    assert len(g.decided) >= 3
    assert all(s.hint for s in g.sections if s.steps)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_picture_is_drawn_by_the_game_art(game_id):
    import pygame

    from weather_tabletop.ui.theme import TextCache

    g = _guide(game_id)
    art = importlib.import_module(f"weather_tabletop.games.{game_id.replace('-', '_')}.guide_art")
    pygame.display.init()
    pygame.font.init()
    names = [p.name for s in g.sections for p in s.pictures]
    assert names, "a guide with no pictures"
    text = TextCache()
    for name in names:
        for width in (240, 480):
            surf = art.picture(name, width, text)
            assert surf.get_width() <= width and surf.get_height() > 10, name
            colours = {tuple(surf.get_at((x * surf.get_width() // 9, y * surf.get_height() // 7)))
                       for x in range(9) for y in range(7)}
            assert len(colours) >= 3, f"{name} looks blank"


def test_a_malformed_guide_is_refused_with_its_place():
    with pytest.raises(guide.GuideError, match="section 1"):
        guide.parse("x", 'title = "X"\n[[section]]\nid = "Bad Id"\ntitle = "T"\ntext = "t"\n')
    with pytest.raises(guide.GuideError, match="no sections"):
        guide.parse("x", 'title = "X"\n')


def test_code_is_found_in_text():
    assert guide.code_in("the `lane` moves") and guide.code_in("side: \"bonus\"")
    assert guide.code_in("state_patches print") and guide.code_in("a == b")
    assert not guide.code_in("Move your Scientist to a lit space; pay 1 Lab Voucher.")


def _translations() -> list:
    """(game, language) of every translated guide shipped (``guide.<lang>.toml``)."""
    out = []
    for game_id in GAMES:
        folder = importlib.resources.files("weather_tabletop.games") / game_id.replace("-", "_")
        for entry in folder.iterdir():
            parts = entry.name.split(".")
            if len(parts) == 3 and parts[0] == "guide" and parts[2] == "toml":
                out.append(pytest.param(game_id, parts[1], id=f"{game_id}-{parts[1]}"))
    return out or [pytest.param(None, None, marks=pytest.mark.skip(reason="no translated guide"))]


@pytest.mark.parametrize("game_id, lang", _translations())
def test_a_translated_guide_has_the_english_guides_shape(game_id, lang):
    """Issue 18: a guide in another language has the English guide's sections in the same order
    (the table's "?" opens them by id and step), the same pictures and as many decisions, and
    reads as words."""
    english, other = guide.load(game_id, "en"), guide.load(game_id, lang)
    assert other is not english and other.title != english.title
    shape = lambda g: [(s.id, s.steps, [p.name for p in s.pictures], bool(s.hint))  # noqa: E731
                       for s in g.all_sections()]
    assert shape(other) == shape(english)
    assert len(other.decided) == len(english.decided)
    texts = [other.intro] + [t for s in other.all_sections()
                             for t in (s.title, s.text, s.hint, *(p.caption for p in s.pictures))]
    assert not [p for t in texts for p in guide.code_in(t)]


def test_a_language_without_its_own_guide_reads_the_english_one():
    assert guide.load("meteo", "xx") is not None
    assert guide.load("meteo", "xx").title == guide.load("meteo", "en").title
