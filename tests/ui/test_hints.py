"""Hints at the table (issue 21): on a person's turn Hint (H) shows the ``hard`` player's three
best moves for that seat, worked out from that seat's view only, as marks on the board and a
list whose rows play the move; never on a computer's turn, never in a game set up without hints;
every hint shown is counted in the save, and the score screen says how many each person took."""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from tests.meteo import test_ai as meteo
from tests.mtts import test_ai as mtts
from tests.support.play import config, random_step
from tests.support.tally import GAME as TALLY
from tests.ui.helpers import key, mouse, post
from tests.wm import test_ai as wm
from weather_tabletop import ai
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.ai.worker import Thinker
from weather_tabletop.engine import checkpoint, storage
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.engine.storage import SavedGame, hints_allowed, hints_taken
from weather_tabletop.games.machines_to_the_sky.rules import GAME as MTTS
from weather_tabletop.games.machines_to_the_sky.state import BIDDING
from weather_tabletop.games.meteo.rules import GAME as METEO
from weather_tabletop.games.weather_machine.rules import GAME as WM
from weather_tabletop.i18n import tr
from weather_tabletop.ui import hints
from weather_tabletop.ui.hints import Adviser

POSITIONS = {
    "meteo": (METEO, lambda: meteo.midgame(), meteo.other_deal),
    "machines-to-the-sky": (MTTS, lambda: mtts.at(BIDDING), mtts.other_deal),
    "weather-machine": (WM, lambda: wm.midgame(step="actions"), wm.other_deal),
}


def think(game, view, seat: int, iterations: int = 4) -> list:
    """The hints the table's worker thread gives for ``view``."""
    thinker = Thinker(game, Adviser(iterations=iterations))
    thinker.start(view, seat, 1)
    deadline = time.monotonic() + 120
    while (result := thinker.result()) is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return result[0]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_hints_are_the_same_whatever_the_seat_cannot_see_and_the_seed(name):
    game, position, other_deal = POSITIONS[name]
    s = position()
    others = [other_deal(s, k) for k in (1, 2)]
    assert all(o != s and o.seed != s.seed for o in others)
    assert all(game.view(o, 0) == game.view(s, 0) for o in others)
    found = [think(game, game.view(o, 0), 0) for o in [s, *others]]
    assert 1 <= len(found[0]) <= hints.SHOWN
    assert all(f == found[0] for f in found)
    legal = game.legal_commands(game.view(s, 0), 0)
    assert all(c.command in legal for c in found[0])


@pytest.fixture
def quick(app):
    """Hints think for a few iterations (the app set the hard budget from its settings)."""
    ai.set_budget(iterations=3)
    yield
    ai.set_budget()


def meteo_config(*kinds: str) -> GameConfig:
    base = config(METEO, len(kinds), seed=4)
    seats = tuple(SeatConfig(s.name, s.color, kind, "random")
                  for s, kind in zip(base.seats, kinds))
    return GameConfig(base.game, seats, base.options, base.seed)


def at_table(app, session):
    from weather_tabletop.ui.scenes.table import TableScene

    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    post(app)
    return scene


def wait(app, scene) -> None:
    deadline = time.monotonic() + 120
    while scene.hints.thinking:
        assert time.monotonic() < deadline
        time.sleep(0.01)
        app.tick(1 / 60)
    app.tick(1 / 60)  # the marks and the list are drawn


def test_a_hint_on_a_persons_turn_marks_the_board_and_its_rows_play(app, quick, tmp_path):
    from weather_tabletop.ui.session import Session

    session = Session.new_saved(METEO, meteo_config("person", "person"), folder=tmp_path)
    scene = at_table(app, session)
    assert scene.w["hint"].is_enabled and scene.w["hint"].text == tr("hint.button")
    post(app, key(pygame.K_h))
    assert scene.hints.thinking and scene.animating()
    wait(app, scene)
    hint = scene.hints.hint
    assert hint.seat == scene.viewer and 1 <= len(hint.candidates) <= 3
    assert all(c.command in scene.legal for c in hint.candidates)
    assert scene.hints.list_rect is not None and scene.lay.board.contains(scene.hints.list_rect)
    assert any(hint.marks)  # the moves are shown on the board
    for shapes in hint.marks:
        assert all(scene.lay.board.colliderect(storage_rect(s)) for s in shapes)
    assert hints_taken(session.path) == {hint.seat: 1}
    first = hint.candidates[0].command
    version = session.version
    row = scene.hints.row_rect(0)
    post(app, mouse(pygame.MOUSEBUTTONDOWN, row.center), mouse(pygame.MOUSEBUTTONUP, row.center))
    assert session.version == version + 1 and session.match.active[-1].command == first
    assert scene.hints.hint is None  # the position changed: the hints were for the last one


def storage_rect(shape) -> pygame.Rect:
    from weather_tabletop.ui.table_view import bounds_of

    return bounds_of(shape)


def test_an_undo_or_a_move_drops_a_hint_being_worked_out(app, quick):
    from weather_tabletop.ui.session import Session

    scene = at_table(app, Session.in_memory(METEO, meteo_config("person", "person")))
    scene.toggle_hints()
    assert scene.hints.thinking
    scene.submit(scene.legal[0])
    assert scene.hints.hint is None and not scene.hints.thinking
    post(app, key(pygame.K_h))
    wait(app, scene)
    post(app, key(pygame.K_h))  # H again hides the hints
    assert scene.hints.hint is None
    post(app, key(pygame.K_h))
    wait(app, scene)
    post(app, key(pygame.K_ESCAPE))  # so does Esc, and the table stays
    assert scene.hints.hint is None and app.top is scene


def test_no_hint_on_a_computers_turn(app, quick):
    from weather_tabletop.ui.session import Session

    session = Session.in_memory(METEO, meteo_config("computer", "person"))
    scene = at_table(app, session)
    scene.computers.paused = True
    if METEO.to_act(session.match.state) != (0,):  # the person first: play to the computer
        while METEO.to_act(session.match.state) != (0,):
            random_step(METEO, session, RandomPlayer(1))
        post(app)
    assert not scene.legal and scene.viewer == 1
    assert not scene.w["hint"].is_enabled
    post(app, key(pygame.K_h))
    scene.toggle_hints()
    assert scene.hints.hint is None and scene.hints.list_rect is None
    assert hints.taken(session) == {}


def test_a_game_set_up_without_hints_has_no_hint_button_and_h_does_nothing(app, quick, tmp_path):
    from weather_tabletop.ui.session import Session

    session = Session.new_saved(METEO, meteo_config("person", "person"), folder=tmp_path,
                                hints=False)
    scene = at_table(app, session)
    assert "hint" not in scene.w and scene.legal
    assert tr("hint.off_banner") in scene.banner["game"].text  # the table says so
    post(app, key(pygame.K_h))
    scene.toggle_hints()
    assert scene.hints.hint is None and not scene.animating()
    session.close()
    assert not hints_allowed(session.path)
    again = Session.open_saved(session.path)  # the choice is kept with the game
    assert not hints.allowed(again)
    again.close()


def test_the_setup_offers_hints_and_keeps_the_choice_in_the_save(app):
    from weather_tabletop.ui.scenes.setup import SetupScene
    from weather_tabletop.ui.scenes.table import TableScene

    scene = SetupScene(app, METEO.id, 2)
    app.push(scene)
    app.tick(0.02)
    def hints_button():
        return next(e for e, (kind, _a) in scene.controls.items() if kind == "hints")

    assert hints_button().text == tr("hint.setup_on")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=hints_button()))
    assert hints_button().text == tr("hint.setup_off")  # "Allow hints" turned off
    scene.start()
    assert isinstance(app.top, TableScene)
    assert not hints.allowed(app.top.session) and "hint" not in app.top.w


def test_hints_taken_survive_reopening_and_show_on_the_score_screen(app, quick, tmp_path):
    from weather_tabletop.ui.scenes.scores import ScoresScene, hints_note
    from weather_tabletop.ui.session import Session

    session = Session.new_saved(METEO, meteo_config("person", "person"), folder=tmp_path)
    scene = at_table(app, session)
    seat = scene.viewer
    post(app, key(pygame.K_h))
    wait(app, scene)
    post(app, key(pygame.K_h))  # hidden, then shown again for the same position: counted once
    post(app, key(pygame.K_h))
    wait(app, scene)
    scene.submit(scene.legal[0])
    app.home()  # the table closes (the game is saved)
    assert hints_taken(session.path) == {seat: 1}
    again = Session.open_saved(session.path)
    names = [s.name for s in again.config.seats]
    words = hints_note(again)
    assert words == tr("hint.scores_note", list=tr("list.two", **{
        "a": tr("hint.taken", name=names[0], n=1 if seat == 0 else 0),
        "b": tr("hint.taken", name=names[1], n=1 if seat == 1 else 0)}))
    scores = ScoresScene(app, again)
    assert words in scores.notes
    app.push(scores)
    app.tick(0.02)
    again.close()
    untouched = Session.new_saved(METEO, meteo_config("person", "person"), folder=tmp_path)
    assert hints_note(untouched) == tr("hint.scores_none")  # nobody took one: said once
    untouched.close()


def test_hint_lines_are_skipped_by_every_reader_of_moves_and_counted_across_checkpoints(
        tmp_path, monkeypatch):
    monkeypatch.setattr(checkpoint, "EVERY_LINES", 3)  # checkpoints often
    saved = SavedGame.create(TALLY, config(TALLY, 2, seed=6, pile=100000), tmp_path)
    rng = RandomPlayer(6)
    for i in range(30):
        if i % 4 == 0:
            saved.record_hint((i // 4) % 2)
        random_step(TALLY, saved, rng)
    saved.record_hint(1)
    state, version = saved.match.state, saved.match.version
    saved.close()
    data = saved.path.read_bytes()
    assert data.count(b'"kind":"hint"') == 9 and data.count(b'"kind":"checkpoint"') >= 3
    assert hints_taken(saved.path) == {0: 4, 1: 5}
    verified = SavedGame.replay(saved.path)  # the whole file through the rules (verify)
    assert verified.match.state == state and verified.match.version == version
    again = SavedGame.open(saved.path)  # from the last checkpoint
    assert again.match.state == state
    random_step(TALLY, again, rng)
    again.record_hint(0)
    again.close()
    assert hints_taken(saved.path) == {0: 5, 1: 5}
    assert SavedGame.replay(saved.path).match.version == version + 1
    assert storage.list_saves(tmp_path)[0].commands == version + 1


def test_an_older_save_without_hint_records_opens_with_hints_allowed_and_none_taken():
    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "saves" / "meteo-demo-2p.wtsave"
    assert b'"hints"' not in demo.read_bytes().split(b"\n")[0]
    assert hints_allowed(demo) and hints_taken(demo) == {}
    assert SavedGame.replay(demo).hints


def test_a_game_without_a_hard_player_offers_no_hint(app):
    from tests.ui.helpers import open_table

    scene = open_table(app, TALLY, config(TALLY, 2, seed=3, pile=30))
    assert scene.legal and "hint" not in scene.w
    post(app, key(pygame.K_h))
    assert scene.hints.hint is None
    assert tr("hint.off_banner") not in scene.banner["game"].text  # nobody turned them off


def test_an_advisor_that_fails_is_said_and_the_table_goes_on(app, quick, monkeypatch):
    from weather_tabletop.ui.session import Session

    def broken(*args, **kwargs):
        raise RuntimeError("the advisor broke")

    monkeypatch.setattr(hints, "advice", broken)
    scene = at_table(app, Session.in_memory(METEO, meteo_config("person", "person")))
    post(app, key(pygame.K_h))
    deadline = time.monotonic() + 30
    while scene.hints.hint is not None and time.monotonic() < deadline:
        time.sleep(0.01)
        app.tick(1 / 60)
    assert scene.hints.hint is None and scene.message.startswith(tr("hint.failed", path="")[:20])
    assert scene.submit(scene.legal[0]) is None  # the game goes on
