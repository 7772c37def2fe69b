"""Issue 17 for Machines To The Sky: every sentence a player reads comes from the catalogue
(``games/machines_to_the_sky/locale/en.json``, keys ``mtts.``). Every event and command kind
(from simulated games) and every refusal the rules give render through the catalogue with no
missing key (a missing key shows as the key itself) and no unfilled ``{field}``; every key the
code names is in the catalogue; the card texts are the ones the effect data gives; saves hold no
prose."""

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
from weather_tabletop.games.machines_to_the_sky import bots, card_text
from weather_tabletop.games.machines_to_the_sky import commands as C
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky.events import EVENTS
from weather_tabletop.games.machines_to_the_sky.rules import GAME, objective_text
from weather_tabletop.games.machines_to_the_sky.state import PRIORITY_SPACE
from weather_tabletop.i18n import Msg, tr

from .helpers import config

PACKAGE = Path(__file__).resolve().parents[2] / "weather_tabletop" / "games" / "machines_to_the_sky"
CATALOGUE = json.loads((PACKAGE / "locale" / "en.json").read_text(encoding="utf-8"))


#: (players, seed, options, greedy): solo at several difficulties, the Actors, the optional rule
#: and the Automa in multiplayer, the unique mat sides; greedy computer players and random ones
GAMES = ((1, 3, {"red_cards": 6, "actors": "yes"}, True),
         (1, 4, {"red_cards": 2}, False),
         (2, 5, {"mat_side": "unique"}, True),
         (3, 6, {"automa": "yes", "actors": "yes"}, False),
         (4, 7, {"ignore_event_effects": "yes"}, True),
         (4, 8, {"mat_side": "unique,identical,unique,unique"}, False))


def _games():
    return finished_games(GAME, [(config(players, seed, **options), seed,
                                  bots.greedy_choose if greedy else None)
                                 for players, seed, options, greedy in GAMES])


@pytest.fixture(scope="module")
def played():
    i18n.set_language("en")
    return list(_games())


def test_every_event_and_command_kind_renders(played):
    events, commands = render_played(GAME, played, CATALOGUE, silent=("StepBegan",))
    for match, _ in played:
        for seat in GAME.to_act(match.state):
            for command in GAME.legal_commands(match.state, seat):
                rendered(GAME.describe_command(match.state, command))
    # events these games may not meet (an empty deck, an Event that takes a Bonus token) are
    # rendered on their own in test_rare_events_and_off_target_commands_render
    rare = {"ProjectsReshuffled", "ContactsReshuffled", "BonusLost"}
    assert {e.__name__ for e in EVENTS} - {e.__name__ for e in events} <= rare
    assert commands == set(C.COMMANDS)


def test_the_commands_every_state_offers_render(played):
    """Every legal command of every state met (the action list and the buttons' tooltips)."""
    kinds = set()
    for match, states in played[:3]:
        for s in states[::3]:
            for seat in GAME.to_act(s):
                for command in GAME.legal_commands(s, seat):
                    assert rendered(GAME.describe_command(s, command)).strip()
                    kinds.add(type(command))
    assert len(kinds) >= len(C.COMMANDS) // 2  # the states met offered most kinds of command


def test_rare_events_and_off_target_commands_render(played):
    from weather_tabletop.games.machines_to_the_sky import events as E
    s = played[0][0].state
    rendered(GAME.describe_event(s, E.ProjectsReshuffled((0, 1))))
    rendered(GAME.describe_event(s, E.ContactsReshuffled((0, 1))))
    rendered(GAME.describe_event(s, E.AutomaRevealed((0,))))
    rendered(GAME.describe_event(s, E.AutomaRevealed((0, 1, 2))))
    for power, experts in ((1, 0), (-1, 0), (0, 1), (0, -2), (2, 3), (2, -1), (-1, 1), (-2, -2),
                           (0, 0)):
        rendered(GAME.describe_event(s, E.Changed(0, power, experts, K.PROJECTS[0].name)))
    for why, name in (("setup", "setup"), (K.CONTACTS[0].name, K.CONTACTS[0].name),
                      (K.EVENTS[0].name, K.EVENTS[0].name), (K.ACTORS[0].name, K.ACTORS[0].name)):
        assert rendered(GAME.describe_event(s, E.BonusLost(0, 0, why))).endswith(f"({name}).")
        rendered(GAME.describe_event(s, E.FreeMoves(0, 2, why)))
    # what the table asks the rules to describe for a piece dropped on no place
    for command in (C.Bid(0, -9, 2), C.PlayProject(0, 0, 0), C.TakeToken(0, 0, "nowhere"),
                    C.Advance(0, 4), C.Demote(0, 1), C.Bid(0, PRIORITY_SPACE, 1)):
        rendered(GAME.describe_command(s, command))


def _tries(state, seat):
    """Commands of every kind, most of them illegal here."""
    p = state.players[seat]
    cards = list(dict.fromkeys(p.hand + p.contacts + (0, 1, 2)))
    for a in range(3):
        yield C.ChooseActor(seat, a)
    for kind in ("project", "contact", "other"):
        for c in cards[:3]:
            yield C.Discard(seat, kind, c)
    for token in list(p.bonus[:1]) + [0, 27]:
        for gain in ("power", "experts", "nowhere"):
            yield C.UseBonus(seat, token, gain)
    yield C.EndIncome(seat)
    for c in list(dict.fromkeys(p.contacts)) + list(range(0, len(K.CONTACTS), 3)):
        yield C.PlayContact(seat, c)
    for slot in (PRIORITY_SPACE, 0, 1, -9, 40):
        for n in (0, 1, 3, 12):
            yield C.Bid(seat, slot, n)
    yield C.Pass(seat)
    for c in cards:
        for lane in (0, 1, 2, 4):
            yield C.PlayProject(seat, c, lane)
    for lane in range(0, 6):
        yield C.Advance(seat, lane)
        yield C.Demote(seat, lane)
    yield C.EndManagement(seat)
    for who in range(state.n):
        yield C.ChooseLevelUp(seat, who)
    for token in (0, 5, 27):
        for side in ("bonus", "lane1", "lanes23", "nowhere"):
            yield C.TakeToken(seat, token, side)
    yield C.SkipToken(seat)
    yield "not a command"


def test_every_refusal_renders(played):
    """Every IllegalMove reason met on the way is a catalogue message; the table shows
    ``tr(reason)``."""
    from dataclasses import replace

    keys = set()
    for match, states in played:
        for s in states[::7] + [match.state]:
            for seat in range(s.n):
                for p in (s, replace(s, players=tuple(replace(pl, power=0) for pl in s.players))):
                    for command in _tries(p, seat):
                        try:
                            GAME.decide(p, command)
                        except IllegalMove as exc:
                            rendered(exc.reason)
                            keys.add(exc.reason.key)
    used = set(re.findall(r'"(mtts\.reason\.[a-z_0-9]+)"',
                          (PACKAGE / "rules.py").read_text(encoding="utf-8")))
    used |= {f"mtts.reason.{v}_{w}" for v in ("advance", "demote")
             for w in ("when", "no_lane", "empty", "cost")}
    assert keys <= used and len(keys) >= 30, sorted(used - keys)


def test_setup_texts_render():
    """The setup's reasons, the options' labels and help, the solo objective."""
    for value in ("unique,sideways", "unique,identical"):
        wrong = config(3, mat_side=value) if "," in value else None
        if wrong is not None:
            assert rendered(GAME.check_seats(wrong)).startswith("Setup step 2")
    with pytest.raises(ValueError, match="identical or unique"):
        GAME.initial_state(GameConfig(GAME.id, (SeatConfig("A", "red"),),
                                      (("mat_side", "sideways"),)))
    for option in GAME.options:
        rendered(option.label), rendered(option.help)
        if getattr(option, "seat_label", None):
            rendered(option.seat_label)
    for red in range(7):
        text = rendered(objective_text(red))
        assert f"here {red}:" in text
        assert rendered(GAME.setup_note(1, {"red_cards": red})) == text
    assert GAME.setup_note(2, {"automa": "no"}) is None
    assert tr(GAME.opponent_wins) == "The Automa wins: nobody reached its score."


def test_the_card_texts_are_the_ones_the_data_gives():
    """The catalogue's English names and card texts are what :mod:`card_text` writes from the
    effect data the rules run: text and behaviour cannot drift apart (after a data change, run
    ``python -m weather_tabletop.games.machines_to_the_sky.card_text``)."""
    written = card_text.entries()
    assert {k: CATALOGUE.get(k) for k in written} == written
    card_keys = re.compile(r"^mtts\.(project|contact|event|actor|automa|mat)\.[^.]+\.[a-z]+$")
    assert {k for k in CATALOGUE if card_keys.match(k)} == set(written)


def test_every_key_the_code_names_is_in_the_catalogue():
    """Literal keys (``msg("mtts.…")``, ``t("…")`` for ``mtts.view.…``) and the keys built from
    data are all in the English catalogue."""
    named = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'"(mtts\.[a-z_0-9.]+[a-z_0-9])"', text))
        if path.name == "view.py":
            named |= {f"mtts.view.{k}" for k in re.findall(r'\bt\(\s*"([a-z_0-9]+)"', text)}
            named |= {f"mtts.view.{k}" for k in re.findall(r'"([a-z_0-9]+_tip)"', text)}
        if path.name == "guide_art.py":
            named |= {f"mtts.guide.{k}" for k in re.findall(r'\bg\(\s*"([a-z_0-9]+)"', text)}
            named |= {f"mtts.guide.{k}" for k in re.findall(r'"(vp_[0-9]+|scores)"', text)}
    built = ({f"mtts.element.{e}" for e in K.ELEMENTS}
             | {f"mtts.element_short.{e}" for e in K.ELEMENTS}
             | {f"mtts.event_kind.{k}" for k in ("calm", "unique", "deadline")}
             | {f"mtts.face.event_{k}" for k in ("calm", "unique", "deadline")}
             | {f"mtts.phase.{k}" for k in ("setup", "income", "market", "management",
                                             "level_up", "over", "turn_order")}
             | {f"mtts.progress.{k}" for k in ("discard", "income", "bid", "manage", "order",
                                                "level_up")}
             | {f"mtts.log.changed.{a}_{b}" for a in ("gain", "lose", "none")
                for b in ("gain", "lose", "none")}
             | {f"mtts.log.token_taken_{k}" for k in ("bonus", "lane1", "lanes23")}
             | {f"mtts.command.take_token_{k}" for k in ("bonus", "lane1", "lanes23")}
             | {f"mtts.command.{v}{f}" for v in ("advance", "demote") for f in ("", "_free")}
             | {f"mtts.button.{k}" for k in ("pass", "end_management", "end_income",
                                              "skip_token")}
             | {f"mtts.view.{k}_{lanes}" for k in ("boosts", "boosts_tip", "boosts_none_tip")
                for lanes in ("lane1", "lanes23", "lanes24")}
             | {f"mtts.view.lane_income_{k}" for k in ("power", "experts", "power_experts")}
             | {f"mtts.view.lane_income_tip_{k}" for k in ("power", "experts", "power_experts")})
    missing = sorted(k for k in named | built if k not in CATALOGUE)
    assert not missing
    assert all(k.startswith("mtts.") for k in CATALOGUE)


def test_the_catalogue_texts_are_well_formed():
    """Every text parses as a format string; plural objects have "one" and "other"."""
    assert CATALOGUE
    assert_well_formed(CATALOGUE)


def test_the_automa_key_moved_out_of_the_app_catalogue():
    app = json.loads((PACKAGE.parents[1] / "locale" / "en.json").read_text(encoding="utf-8"))
    assert not [k for k in app if k.startswith("mtts.")]


def test_events_hold_no_prose(played):
    """What a save stores of the events is data: kinds, seats, cards, counts. The one exception
    is the ``why`` of Changed, BonusLost and FreeMoves: the card's English name from the data
    (or "setup"), as saves have always recorded it (replay compares events); nothing shows it as
    it is, the log names the card from the catalogue (``words.why``)."""
    from weather_tabletop.engine.codec import encode
    from weather_tabletop.games.machines_to_the_sky import words
    prose = re.compile(r"[A-Za-z]+ [a-z]+")
    whys = set()
    for match, _ in played:
        for group in match.active:
            for event in group.events:
                data = encode(event)
                if hasattr(event, "why"):
                    whys.add(event.why)
                    data = {k: v for k, v in data.items() if k != "why"} \
                        if isinstance(data, dict) else data
                assert not prose.search(json.dumps(data)), data
    assert whys and all(isinstance(words.why(w), Msg) for w in whys), whys


# -- a pseudo-language: every Machines To The Sky text in brackets -----------------------------





@pytest.fixture
def pseudo(monkeypatch):
    """A test-only language whose MTTS texts are the English ones in brackets (the app's own
    texts stay English): a text shown without brackets did not come from the catalogue."""
    yield from pseudo_language(monkeypatch, "mtts.")


def _view_texts(view, state, viewer):
    """Every piece label and every tooltip of the board (a grid of points)."""
    view.draw(pygame.Surface(view.rect.size), state, viewer)
    texts = [p.label for p in view.pieces(state, viewer)]
    view._zoom_size = lambda r: None  # every card's tooltip is its text
    for y in range(0, view.rect.h, 12):
        for x in range(0, view.rect.w, 12):
            tip = view.tooltip_at((view.rect.x + x, view.rect.y + y), state)
            if tip:
                texts.append(tip)
    del view._zoom_size
    return texts


def test_the_board_draws_and_tells_only_catalogue_texts(pseudo, monkeypatch):
    """In the pseudo-language every label, tooltip and written word of the board is bracketed:
    the board's own words, the card faces, the hints all come from the catalogue. Unbracketed
    are only data: the seats' names, counts."""
    from weather_tabletop.games.machines_to_the_sky.view import MachinesView
    from weather_tabletop.ui import theme
    from weather_tabletop.ui.table_view import ViewContext

    pygame.init()
    pygame.display.set_mode((1280, 720))
    i18n.set_language(pseudo)
    names = ("Ada", "Ben", "Cleo")
    seats = tuple(SeatConfig(n, c) for n, c in zip(names, ("red", "yellow", "green")))
    config_ = GameConfig(GAME.id, seats, (("actors", "yes"), ("automa", "yes")), 4)
    match = Match.start(GAME, config_)
    written: list[str] = []
    box = theme.TextCache.box
    monkeypatch.setattr(theme.TextCache, "box", lambda self, surf, text, *a, **k: (
        written.append(text), box(self, surf, text, *a, **k))[-1])
    from weather_tabletop.games.machines_to_the_sky import view_art as va
    chip = va.Painter.label_chip
    monkeypatch.setattr(va.Painter, "label_chip", lambda self, label, *a, **k: (
        written.append(label), chip(self, label, *a, **k))[-1])
    view = MachinesView(GAME, pygame.Rect(0, 0, 1000, 640), context=ViewContext(seats))
    r = Rng(4, 1)
    data = re.compile(r"^[+×]?\d+$|^[A-Z]\d+$|^[IVX]+$|^[RYGBA]\d*$")
    seen = 0
    for n in range(400):
        s = match.state
        if match.is_over():
            break
        seat = match.to_act()[0]
        if n % 50 == 0:
            written.clear()
            texts = _view_texts(view, GAME.view(s, seat), seat) + written
            for text in texts:
                seen += 1
                assert "mtts." not in text and not FIELD.search(text), text
                assert not text or text.startswith("[") or text in names or data.match(text), text
        match.submit(bots.greedy_choose(GAME, GAME.view(s, seat), seat, r))
    assert seen > 500


def test_switching_the_language_re_renders_the_open_table(app, pseudo, monkeypatch):
    """Issue 17: choosing another language at an open table shows its log and its moves in that
    language at once, without reloading the game."""
    def also(scene, _english_moves):
        assert "[" in scene.banner["game"].text  # the progress line

    switch_language_at_an_open_table(app, GAME, config(2, 5), monkeypatch, also)


def test_the_guide_pictures_write_only_catalogue_texts(pseudo, monkeypatch):
    """Every word the guide's pictures write (labels, chips, card faces) is bracketed in the
    pseudo-language: it comes from the catalogue. Unbracketed are only data: numbers, Roman
    numerals, the Rating on a card."""
    from weather_tabletop.games.machines_to_the_sky import guide_art
    from weather_tabletop.ui import theme

    pygame.init()
    pygame.display.set_mode((800, 600))
    i18n.set_language(pseudo)
    written: list[str] = []
    box = theme.TextCache.box
    monkeypatch.setattr(theme.TextCache, "box", lambda self, surf, text, *a, **k: (
        written.append(text), box(self, surf, text, *a, **k))[-1])
    from weather_tabletop.games.machines_to_the_sky import view_art as va
    chip = va.Painter.label_chip
    monkeypatch.setattr(va.Painter, "label_chip", lambda self, label, *a, **k: (
        written.append(label), chip(self, label, *a, **k))[-1])
    text = theme.TextCache()
    for name in guide_art.PICTURES:
        guide_art.picture(name, 480, text)
    data = re.compile(r"^[+×]?\d+$|^[IVX]+$")
    assert len(written) > 100
    for said in written:
        assert said.startswith("[") or data.match(said), said
