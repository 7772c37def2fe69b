"""Issue 17 for Meteo: every sentence a player reads comes from the catalogue. Every event and
command kind (from simulated games) and every refusal the rules give render through the catalogue
with no missing key (a missing key shows as the key itself) and no unfilled ``{field}``; every
key the code names is in the catalogue; saves hold no prose."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from tests.support.catalogue import (FIELD, assert_well_formed, finished_games,
                                     pseudo_language, render_played, rendered,
                                     switch_language_at_an_open_table)
from weather_tabletop import i18n
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import GameConfig, IllegalMove, SeatConfig
from weather_tabletop.games.meteo import bots
from weather_tabletop.games.meteo.board import BOARD
from weather_tabletop.games.meteo.commands import (COMMANDS, DrawMarker, EndMovement,
                                                   EndPlacement, PlaceMarker, RelocateFigure,
                                                   RelocateWitch, RemoveMarker, RollWind,
                                                   SkipRemoval, StepFigure, StepWitch)
from weather_tabletop.games.meteo.events import EVENTS
from weather_tabletop.games.meteo.rules import GAME

from .helpers import config

PACKAGE = Path(__file__).resolve().parents[2] / "weather_tabletop" / "games" / "meteo"
CATALOGUE = json.loads((PACKAGE / "locale" / "en.json").read_text(encoding="utf-8"))


def _games():
    """Finished games: greedy computer players (a home run ends them) at 2, 3 and 4 seats,
    and uniformly random players cut by the shortest round limit (the round limit ends them,
    and random play displaces figures and witches)."""
    cases = [(config(players, seed, round_limit=40 if not greedy else 60), seed,
              bots.choose if greedy else None)
             for players, seed, greedy in ((2, 3, True), (3, 4, True), (4, 5, True), (2, 7, False),
                                           (3, 8, False), (4, 9, False))]
    return finished_games(GAME, cases)


@pytest.fixture(scope="module")
def played():
    i18n.set_language("en")
    return list(_games())


def test_every_event_and_command_kind_renders(played):
    events, commands = render_played(GAME, played, CATALOGUE)
    assert events == set(EVENTS)
    assert commands == set(COMMANDS)


def _tries(state, seat):
    """Commands of every kind, most of them illegal here."""
    b = BOARD
    some = list(b.spaces)[::7]
    for kind in b.marker_kinds:
        for pos in some + [(0, 0)] + list(b.front[0]) + [b.villages[0], b.perches[0]]:
            yield PlaceMarker(seat, kind, pos)
    for owner in range(state.players + 1):
        for src in state.figures[min(owner, state.players - 1)][:2]:
            for dst in b.neighbours[src][:3] + (b.villages[0], (0, 0)):
                yield StepFigure(seat, src, dst)
                yield RelocateFigure(seat, owner, src, dst)
    yield StepFigure(seat, (0, 0), (1, 0))
    for w in range(4):
        for dst in b.neighbours[b.perches[0]] + (b.villages[0], (0, 0), b.perches[1]):
            yield StepWitch(seat, w, dst)
            yield RelocateWitch(seat, w, dst)
    for pos in some:
        yield RemoveMarker(seat, pos)
    for source in ("supply",) + b.marker_kinds:
        yield DrawMarker(seat, source)
    yield from (EndPlacement(seat), EndMovement(seat), SkipRemoval(seat), RollWind(seat))


def test_every_refusal_renders(played):
    """Every IllegalMove reason met on the way (most of the rules' reasons) is a catalogue
    message; the table shows ``tr(reason)``."""
    keys = set()
    for match, states in played[:4]:
        for s in states[::9] + [match.state]:
            for seat in range(s.players):
                for command in _tries(s, seat):
                    try:
                        GAME.decide(s, command)
                    except IllegalMove as exc:
                        rendered(exc.reason)
                        keys.add(exc.reason.key)
    used = set(re.findall(r'"(meteo\.reason\.[a-z_0-9]+)"',
                          (PACKAGE / "rules.py").read_text(encoding="utf-8")))
    assert keys <= used and len(keys) >= 35, sorted(used - keys)


def test_setup_refusals_render():
    for players, colours in ((2, ("red", "green")), (3, ("red", "green", "blue")),
                             (4, ("red", "yellow", "green", "orange")), (2, ("red", "purple"))):
        seats = tuple(SeatConfig(f"P{i}", c) for i, c in enumerate(colours))
        assert rendered(GAME.check_seats(GameConfig("meteo", seats))).startswith("Setup:")
    with pytest.raises(ValueError, match="2 to 4 players"):
        GAME.initial_state(GameConfig("meteo", (SeatConfig("A", "red"),)))
    for option in GAME.options:
        rendered(option.label), rendered(option.help)


def test_every_key_the_code_names_is_in_the_catalogue():
    """Literal keys (``msg("meteo.…")``) and the keys built from data (a marker, colour,
    landscape, direction, space, phase) are all in the English catalogue."""
    named = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'"(meteo\.[a-z_0-9.]+[a-z_0-9])"', text))
    built = ({f"meteo.marker.{k}" for k in BOARD.marker_kinds}
             | {f"meteo.colour.{k}" for k in BOARD.colour_keys}
             | {f"meteo.village.{k}" for k in BOARD.colour_keys}
             | {f"meteo.landscape.{k}" for k in ("plain", "forest", "mountains", "lake")}
             | {f"meteo.space.{k}" for k in ("plain", "forest", "mountains", "lake")}
             | {f"meteo.direction.{d}" for d in BOARD.wind_rose}
             | {f"meteo.event.phase_{p}" for p in ("place", "move", "witch", "draw", "wind", "end")}
             | {f"meteo.reason.setup_colours_{n}" for n in (2, 3, 4)}
             | {f"meteo.tip.landscape.{k}" for k in ("plain", "forest", "mountains", "lake")}
             | {f"meteo.{kind}.{e}" for kind in ("effect", "effect_word")
                for e in ("impassable", "passable", "holds", "cancel")}
             | {f"meteo.table.legend.{e}" for e in ("impassable", "passable", "holds", "cancel")}
             | {f"meteo.table.head.{c}" for c in ("plain", "forest", "mountains", "lake")}
             | {f"meteo.table.head.{k}" for k in BOARD.marker_kinds}
             | {f"meteo.source.{c.source}" for c in BOARD.cells.values()}
             | {f"meteo.guide.field.{k}" for k in ("plain", "forest", "mountains", "lake",
                                                    "coloured", "wind")}
             | {f"meteo.guide.example.{k}" for k in ("sun_plain", "ice_lake", "fog_mountains")}
             | {f"meteo.guide.legend.{e}" for e in ("impassable", "passable", "holds")})
    missing = sorted(k for k in named | built if k not in CATALOGUE)
    assert not missing
    assert all(k.startswith("meteo.") for k in CATALOGUE)


def test_the_catalogue_texts_are_well_formed():
    """Every text parses as a format string; plural objects have "one" and "other"."""
    assert CATALOGUE
    assert_well_formed(CATALOGUE)


def test_events_hold_no_prose(played):
    """What a save stores of Meteo's events is data: kinds, seats, spaces, counts (the log
    tells why the game ended from the state)."""
    from weather_tabletop.engine.codec import encode
    words = re.compile(r"[A-Za-z]+ [a-z]+")
    for match, _ in played:
        for group in match.active:
            for event in group.events:
                data = encode(event)
                assert not words.search(json.dumps(data)), data


# -- a pseudo-language: every Meteo text in brackets ---------------------------------------------





@pytest.fixture
def pseudo(monkeypatch):
    """A test-only language whose Meteo texts are the English ones in brackets (the app's own
    texts stay English): a text shown without brackets did not come from Meteo's catalogue."""
    yield from pseudo_language(monkeypatch, "meteo.")


def _view_texts(view, state, viewer):
    """Every piece label and every tooltip of the board (a grid of points), plus the placement
    table's."""
    view.draw(pygame.Surface(view.rect.size), state, viewer)
    texts = [p.label for p in view.pieces(state, viewer)]
    for table in (False, True):
        view.show_table = table
        for y in range(0, view.rect.h, 16):
            for x in range(0, view.rect.w, 16):
                tip = view.tooltip_at((view.rect.x + x, view.rect.y + y), state)
                if tip:
                    texts.append(tip)
    view.show_table = False
    return texts


def test_the_board_draws_and_tells_only_catalogue_texts(pseudo):
    """In the pseudo-language every label and tooltip of the Meteo board is bracketed: the
    board's own words, the placement table, the hints all come from the catalogue. Unbracketed
    are only data: the seats' names, the spaces' coordinates, counts."""
    from weather_tabletop.games.meteo.view import MeteoView
    from weather_tabletop.ui.table_view import ViewContext

    pygame.init()
    pygame.display.set_mode((1280, 720))
    i18n.set_language(pseudo)
    seats = tuple(SeatConfig(n, c) for n, c in zip(("Ada", "Ben", "Cleo"),
                                                     GAME.default_colours(3)))
    match = Match.start(GAME, GameConfig("meteo", seats, (), 4))
    view = MeteoView(GAME, pygame.Rect(0, 0, 1000, 660), context=ViewContext(seats))
    r = Rng(4, 1)
    coordinate = re.compile(r"^[A-K]\d+$|^\d+$")
    seen = 0
    for n in range(240):
        s = match.state
        seat = match.to_act()[0]
        if n % 40 == 0:
            view._legal = GAME.legal_commands(s, seat)
            for text in _view_texts(view, GAME.view(s, seat), seat):
                seen += 1
                assert "meteo." not in text and not FIELD.search(text), text
                assert text.startswith("[") or text in ("Ada", "Ben", "Cleo") \
                    or coordinate.match(text), text
        match.submit(bots.choose(GAME, GAME.view(s, seat), seat, r))
    assert seen > 500


def test_switching_the_language_re_renders_the_open_table(app, pseudo, monkeypatch):
    """Issue 17: choosing another language at an open Meteo table shows its log and its moves
    in that language at once, without reloading the game."""
    def also(scene, english_moves):
        moves = scene.w["actions"].texts
        assert all(t.replace("[", "").replace("]", "") == e for t, e in zip(moves, english_moves))
        assert "[" in scene.banner["game"].text  # the progress line

    seats = (SeatConfig("Ada", "red"), SeatConfig("Ben", "yellow"))
    switch_language_at_an_open_table(app, GAME, GameConfig("meteo", seats, (), 5), monkeypatch,
                                     also)


def test_the_guide_pictures_are_labelled_from_the_catalogue(pseudo):
    """The pictures of Meteo's guide draw their labels from the catalogue, per language."""
    from weather_tabletop.games.meteo import guide_art
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    pygame.display.set_mode((800, 600))
    text = TextCache()
    english = {n: pygame.image.tobytes(guide_art.picture(n, 520, text), "RGBA")
               for n in ("fields", "markers", "pieces", "fog", "scoring")}
    i18n.set_language(pseudo)
    for name, pixels in english.items():
        assert pygame.image.tobytes(guide_art.picture(name, 520, text), "RGBA") != pixels, name
