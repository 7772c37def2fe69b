"""Issue 17 for the Weather Machine table: in a test-only language whose Weather Machine texts
are the English ones in brackets, every label and tooltip the board shows comes from the
catalogue, and choosing another language at an open table shows its moves and its log in that
language at once, without reloading the game."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.support.catalogue import FIELD, pseudo_language, switch_language_at_an_open_table
from weather_tabletop import i18n
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.games.weather_machine.rules import GAME

NAMES = ("Ada", "Ben", "Cleo")




@pytest.fixture
def pseudo(monkeypatch):
    """The pseudo-language: Weather Machine's texts (``wm.``) bracketed, the app's English."""
    yield from pseudo_language(monkeypatch, "wm.")


def _config(players: int, seed: int) -> GameConfig:
    seats = tuple(SeatConfig(NAMES[i], GAME.colours[i].key) for i in range(players))
    options = tuple(sorted((o.key, o.default) for o in GAME.options))
    return GameConfig(GAME.id, seats, options, seed)


#: data a label may show as it is: a seat's name, counts ("3/6", "+2", "10"), the action
#: spaces' printed symbols ("/" one of the actions, "&" one or both)
DATA = re.compile(r"^(Ada|Ben|Cleo|Lativ|[+-]?\d+(/\d+)?|/|&)$")


def test_the_board_draws_and_tells_only_catalogue_texts(pseudo, monkeypatch):
    """Every piece label, every label drawn on the board and the Laboratory, every tooltip (a
    grid of points) and every Phase B step caption is bracketed: it came from the catalogue.
    Unbracketed are only data: names and numbers."""
    from weather_tabletop.games.weather_machine.view import WeatherMachineView
    from weather_tabletop.ui import theme
    from weather_tabletop.ui.table_view import ViewContext

    pygame.init()
    pygame.display.set_mode((1280, 720))
    drawn: list[str] = []
    box = theme.TextCache.box
    monkeypatch.setattr(theme.TextCache, "box", lambda self, surf, text, *a, **k: (
        drawn.append(str(text)), box(self, surf, text, *a, **k))[-1])
    i18n.set_language(pseudo)
    config = _config(3, 7)
    match = Match.start(GAME, config)
    view = WeatherMachineView(GAME, pygame.Rect(0, 0, 1000, 640), context=ViewContext(config.seats))
    r = Rng(7, 3)
    seen = n = 0
    while not GAME.is_over(match.state) and n < 600:
        s = match.state
        seat = GAME.to_act(s)[0]
        if n % 50 == 0:
            drawn.clear()
            view.forget_steps()
            view.draw(pygame.Surface(view.rect.size), s, seat)
            texts = [p.label for p in view.pieces(s, seat)] + drawn
            for y in range(0, view.rect.h, 12):
                for x in range(0, view.rect.w, 12):
                    tip = view.tooltip_at((x, y), s)
                    if tip:
                        texts.append(tip)
            for text in texts:
                seen += 1
                assert "wm." not in text and not FIELD.search(text), text
                assert text.startswith("[") or DATA.match(text), text
        legal = GAME.legal_commands(s, seat)
        match.submit(legal[r.below(len(legal))])
        view.draw(pygame.Surface(view.rect.size), match.state, seat)
        for _area, caption in view.steps:
            assert caption.startswith("["), caption
        n += 1
    assert seen > 1000


def test_switching_the_language_re_renders_the_open_table(app, pseudo, monkeypatch):
    """Choosing another language at an open Weather Machine table shows its moves and its log
    in that language at once, without reloading the game."""
    def also(scene, english_moves):
        moves = scene.w["actions"].texts
        assert all(t.replace("[", "").replace("]", "") == e for t, e in zip(moves, english_moves))

    switch_language_at_an_open_table(app, GAME, _config(2, 5), monkeypatch, also)
