"""What the app remembers between runs (window size, last setup, panels): kept across runs,
never a crash on a damaged file, only small JSON."""

from __future__ import annotations

import json

import pygame
import pytest

from weather_tabletop import remember


def test_a_value_put_is_got_back_and_survives_a_fresh_read(home):
    remember.put("window.size", [1728, 972])
    remember.put("table.panels", {"log": False, "moves": True})
    remember.use_file(None)  # drops what was read: the next get reads the file again
    assert remember.get("window.size") == [1728, 972]
    assert remember.get("table.panels") == {"log": False, "moves": True}
    assert (home / "config" / remember.FILE_NAME).is_file()


def test_a_missing_key_gives_the_default(home):
    assert remember.get("setup.last", "nothing") == "nothing"
    assert remember.get("setup.last") is None


def test_changing_a_got_value_does_not_change_what_is_remembered(home):
    remember.put("setup.last", {"seats": [{"name": "Ada"}]})
    got = remember.get("setup.last")
    got["seats"][0]["name"] = "Ben"
    assert remember.get("setup.last") == {"seats": [{"name": "Ada"}]}


@pytest.mark.parametrize("damage", [b"{not json", b"[1, 2, 3]", b"\xff\xfe\x00", b"",
                                    b'"just a string"', b"[" * 100_000])
def test_a_damaged_file_remembers_nothing_and_does_not_crash(home, damage):
    path = home / "config" / remember.FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    remember.use_file(None)
    assert remember.get("window.size", "default") == "default"
    remember.put("window.size", [1000, 600])  # and the next write repairs it
    assert json.loads(path.read_text(encoding="utf-8")) == {"window.size": [1000, 600]}


def test_an_oversized_file_is_not_read(home):
    path = home / "config" / remember.FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"window.size": [1, 2], "pad": "x" * remember.MAX_FILE_BYTES}))
    remember.use_file(None)
    assert remember.get("window.size") is None


def test_bad_entries_in_a_readable_file_are_dropped_and_good_ones_kept(home):
    path = home / "config" / remember.FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text('{"window.size": [1200, 700], "": 1, "deep": [[[[[[[[[1]]]]]]]]]}')
    remember.use_file(None)
    assert remember.get("window.size") == [1200, 700]
    assert remember.get("deep") is None


@pytest.mark.parametrize("value", [object(), {1: "int key"}, float("nan"), b"bytes",
                                   "x" * (remember.MAX_VALUE_BYTES + 1), [[[[[[[[1]]]]]]]]])
def test_only_small_json_values_can_be_put(home, value):
    with pytest.raises(ValueError):
        remember.put("key", value)


def test_a_key_must_be_a_short_string(home):
    with pytest.raises(ValueError):
        remember.put("", 1)
    with pytest.raises(ValueError):
        remember.put("k" * (remember.MAX_KEY_LENGTH + 1), 1)


def test_the_number_of_keys_is_bounded_oldest_first_out(home):
    for i in range(remember.MAX_KEYS + 5):
        remember.put(f"k{i}", i)
    assert remember.get("k0") is None
    assert remember.get(f"k{remember.MAX_KEYS + 4}") == remember.MAX_KEYS + 4


def test_an_unwritable_folder_is_ignored(home, tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    remember.use_file(blocker / "remember.json")
    try:
        remember.put("window.size", [1, 2])  # no exception
        assert remember.get("window.size") == [1, 2]  # kept for this run
    finally:
        remember.use_file(None)


# -- what the app remembers through it ----------------------------------------------------


def test_the_setup_opens_with_the_last_game_players_seats_and_options(app):
    from weather_tabletop.ui.scenes.setup import SetupScene

    app.home()
    setup = SetupScene(app, "tally", 3)
    app.push(setup)
    setup.entries[0].set_text("Ada")
    setup.entries[2].set_text("Cleo")
    setup.seats[1]["kind"] = "person"
    setup.seats[2]["color"] = "red"
    setup.seats[0]["color"] = "yellow"
    setup.options["pile"] = 10
    setup.casual = True
    setup.start()
    assert not setup.message
    app.home()

    again = SetupScene(app)  # as the menu's New game opens it
    assert again.game_id == "tally" and again.players == 3
    assert [s["name"] for s in again.seats][0::2] == ["Ada", "Cleo"]
    assert [s["color"] for s in again.seats] == ["yellow", "blue", "red"]
    assert again.seats[1]["kind"] == "person"
    assert again.options["pile"] == 10 and again.casual


def test_a_damaged_remembered_setup_gives_the_usual_setup(app):
    from weather_tabletop.ui.scenes.setup import SetupScene

    remember.put(remember.SETUP_LAST, {"game": 7, "players": "many", "options": {"pile": 12},
                                       "seats": [{"name": 1}, "x", {"name": "Eve", "color": "mauve",
                                                                    "kind": "alien"}]})
    setup = SetupScene(app, "tally")
    assert setup.players == 2
    assert setup.seats[0]["name"] == "Eve"
    assert setup.seats[0]["color"] in {"red", "blue", "green", "yellow"}
    assert setup.seats[0]["kind"].startswith("computer") or setup.seats[0]["kind"] == "person"
    assert setup.options["pile"] == 30


def test_the_window_opens_at_the_remembered_size_or_most_of_the_desktop(app):
    from weather_tabletop.ui import app as app_mod

    desktop = pygame.display.get_desktop_sizes()[0]
    first = app_mod.window_size()
    assert first == (max(960, round(desktop[0] * 0.9)), max(540, round(desktop[1] * 0.9)))
    remember.put(remember.WINDOW_SIZE, [1000, 600])
    assert app_mod.window_size() == (1000, 600)
    assert app_mod.window_size("1280x720") == (1280, 720)  # --size wins
    remember.put(remember.WINDOW_SIZE, [100, 100])
    assert app_mod.window_size() == (960, 540)  # never below the least size
    remember.put(remember.WINDOW_SIZE, "big")
    assert app_mod.window_size() == first


def test_the_loop_remembers_the_window_size_it_was_left_at(app):
    app.resize((1100, 650))
    app.running = False
    app.loop()
    assert remember.get(remember.WINDOW_SIZE) == [1100, 650]
