""""Save a copy as..." (issue 21): a byte copy of a game's save written where the player chooses,
taken while the game is open (the original only read), refusing the original, an existing file
and a folder, with every failure said in words from the catalogue."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from tests.support.play import config, random_step
from tests.support.tally import GAME
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine import save_copy
from weather_tabletop.engine.save_copy import CopyFailed, copy_save
from weather_tabletop.engine.savelock import is_locked
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.i18n import tr
from tests.ui.helpers import mouse, post


def open_game(folder: Path, moves: int = 12) -> SavedGame:
    saved = SavedGame.create(GAME, config(GAME, 2, seed=5, pile=100000), folder)
    rng = RandomPlayer(5)
    for _ in range(moves):
        random_step(GAME, saved, rng)
    return saved


def test_a_copy_is_the_saves_bytes_and_the_open_original_is_untouched(tmp_path):
    saved = open_game(tmp_path / "saves")
    before = saved.path.read_bytes()
    stat = saved.path.stat()
    (tmp_path / "out").mkdir()
    written = copy_save(saved.path, tmp_path / "out" / "for a friend")
    assert written == tmp_path / "out" / "for a friend.wtsave"  # the suffix is added
    assert written.read_bytes() == before
    assert saved.path.read_bytes() == before and saved.path.stat().st_mtime_ns == stat.st_mtime_ns
    assert is_locked(saved.path)  # the game stayed open (its lock held) throughout
    random_step(GAME, saved, RandomPlayer(1))  # and goes on being played and saved
    assert SavedGame.replay(saved.path).match.state == saved.match.state
    copy = SavedGame.replay(written)  # the copy is a whole game of its own
    assert copy.match.version == saved.match.version - 1
    saved.close()


def test_a_copy_leaves_out_a_line_being_written(tmp_path):
    saved = open_game(tmp_path)
    whole = saved.path.read_bytes()
    saved.close()
    with open(saved.path, "ab") as f:
        f.write(b'{"n": 99, "kind": "comm')  # a move half written at the moment of copying
    written = copy_save(saved.path, tmp_path / "copy.wtsave")
    assert written.read_bytes() == whole


@pytest.mark.parametrize("where, key", [("original", "copy.is_original"), ("existing", "copy.exists"),
                                        ("folder", "copy.is_folder"), ("nowhere", "copy.no_folder")])
def test_a_copy_never_replaces_the_original_a_file_or_a_folder(tmp_path, where, key):
    saved = open_game(tmp_path / "saves")
    before = saved.path.read_bytes()
    other = tmp_path / "other.wtsave"
    other.write_bytes(b"someone's file")
    (tmp_path / "folder.wtsave").mkdir()
    target = {"original": saved.path, "existing": other, "folder": tmp_path / "folder.wtsave",
              "nowhere": tmp_path / "gone" / "x.wtsave"}[where]
    with pytest.raises(CopyFailed) as failed:
        copy_save(saved.path, target)
    assert failed.value.reason.key == key
    assert tr(failed.value.reason) and "{" not in tr(failed.value.reason)
    assert saved.path.read_bytes() == before and other.read_bytes() == b"someone's file"
    saved.close()


def test_a_full_disk_or_no_permission_leaves_no_file_behind(tmp_path, monkeypatch):
    saved = open_game(tmp_path / "saves")
    out = tmp_path / "out"
    out.mkdir()
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(save_copy.os, "fsync", full)
    with pytest.raises(CopyFailed) as failed:
        copy_save(saved.path, out / "copy")
    assert failed.value.reason.key == "copy.full"
    assert list(out.iterdir()) == []  # the half-written copy is gone
    monkeypatch.setattr(save_copy.os, "fsync", real_fsync)

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(save_copy.tempfile, "mkstemp", refused)
    with pytest.raises(CopyFailed) as failed:
        copy_save(saved.path, out / "copy")
    assert failed.value.reason.key == "copy.no_permission"
    assert str(out) in tr(failed.value.reason)
    assert list(out.iterdir()) == []
    saved.close()


def _pick(app, scene, dialog, path: Path) -> None:
    scene.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path),
                                    ui_element=dialog))
    app.tick(0.02)


def test_the_tables_menu_saves_a_copy_that_open_a_file_opens(app, tmp_path):
    from weather_tabletop.ui.scenes.table import TableScene, open_replay
    from weather_tabletop.ui.session import Session

    session = Session.new_saved(GAME, config(GAME, 2, seed=3, pile=100000), folder=tmp_path / "saves")
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    app.tick(0.02)
    scene._button(scene.w["menu"])  # the Menu button opens its list
    assert [key for _r, key, _w in scene._menu] == ["leave", "copy"]
    assert [words for _r, _k, words in scene._menu] == [tr("table.main_menu"), tr("copy.button")]
    copy_row = next(r for r, key, _w in scene._menu if key == "copy")
    post(app, mouse(pygame.MOUSEBUTTONDOWN, copy_row.center), mouse(pygame.MOUSEBUTTONUP, copy_row.center))
    assert scene.copy_dialog is not None and scene.copy_dialog.alive() and not scene._menu
    target = tmp_path / "sent.wtsave"
    _pick(app, scene, scene.copy_dialog, target)
    assert target.read_bytes() == session.path.read_bytes()
    assert scene.message == tr("copy.done", path=str(target))
    # the same place again: refused, and said so
    scene.save_copy_as()
    _pick(app, scene, scene.copy_dialog, target)
    assert scene.message == tr("copy.exists", name=target.name)
    scene.save_copy_as()
    _pick(app, scene, scene.copy_dialog, session.path)
    assert scene.message == tr("copy.is_original")
    assert open_replay(app, target) is None  # "Open a file..." opens the copy
    assert isinstance(app.top, TableScene) and app.top.session.replay_path == target


def test_the_tables_menu_closes_on_a_click_elsewhere_and_goes_to_the_main_menu(app, tmp_path):
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    session = Session.new_saved(GAME, config(GAME, 2, seed=3, pile=100000), folder=tmp_path)
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    app.tick(0.02)
    scene._button(scene.w["menu"])
    post(app, mouse(pygame.MOUSEBUTTONDOWN, scene.lay.board.center))
    assert not scene._menu and app.top is scene and session.version == 1  # nothing played
    scene._button(scene.w["menu"])
    leave = next(r for r, key, _w in scene._menu if key == "leave")
    post(app, mouse(pygame.MOUSEBUTTONDOWN, leave.center))
    assert app.top is not scene


def test_a_game_without_a_file_has_no_copy_in_its_menu(app):
    from tests.ui.helpers import open_table

    scene = open_table(app, GAME, config(GAME, 2, seed=3, pile=30))
    scene._button(scene.w["menu"])  # straight back to the main menu
    assert not scene._menu and app.top is not scene


def test_the_saved_games_list_saves_a_copy_of_a_row(app, tmp_path):
    from weather_tabletop import paths
    from weather_tabletop.ui.scenes.saves import SavesScene

    saved = open_game(paths.saves_dir())
    saved.close()
    scene = SavesScene(app)
    app.push(scene)
    app.tick(0.02)
    copy_buttons = [e for e, (what, _i) in scene.actions.items() if what == "copy"]
    assert len(copy_buttons) == 1 and copy_buttons[0].text == tr("copy.row_button")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=copy_buttons[0]))
    assert scene.copy_dialog is not None and scene.copy_dialog.alive()
    target = tmp_path / "kept.wtsave"
    _pick(app, scene, scene.copy_dialog, target)
    assert target.read_bytes() == saved.path.read_bytes()
    assert scene.message == tr("copy.done", path=str(target))
    scene.act("copy", 0)
    _pick(app, scene, scene.copy_dialog, tmp_path)  # a folder chosen: said so
    assert scene.message == tr("copy.is_folder", name=tmp_path.name)
