"""Issue 15 item 4: Setup step 2, "Player Mats have an identical side and a unique side. Each
player should choose which they will use": a choice per seat, not one for the whole table."""

from __future__ import annotations

import pytest

from weather_tabletop.engine.protocol import options_dict
from weather_tabletop.engine.storage import LoadError, _config_from_header
from weather_tabletop.games.machines_to_the_sky.rules import GAME, mat_sides

from .helpers import config, start


def test_each_seat_uses_the_side_it_chose() -> None:
    """"Each player should choose which they will use": red the unique side, yellow and blue the
    identical one, green the unique one."""
    s = start(4, mat_side="unique,identical,unique,identical").state
    assert [p.mat for p in s.players] == ["red", "identical", "green", "identical"]


@pytest.mark.parametrize("old", ["identical", "unique"])
def test_a_table_wide_value_is_every_seats_choice(old) -> None:
    """Saves made when the side was one table-wide option still load: the value is each seat's."""
    s = start(3, mat_side=old).state
    assert [p.mat for p in s.players] == (["red", "yellow", "green"] if old == "unique"
                                          else ["identical"] * 3)
    header = {"game": GAME.id, "options": {"mat_side": old}, "seed": 1, "casual": False,
              "seats": [{"name": n, "color": c, "kind": "person", "level": "random"}
                        for n, c in (("Ada", "red"), ("Ben", "yellow"))]}
    _game, cfg, _casual = _config_from_header(header)
    assert mat_sides(cfg) == [old, old]


def test_the_option_text_names_one_side_per_seat() -> None:
    """``--option mat_side=...``: one value for every seat, or one per seat in seat order."""
    assert options_dict(GAME, {"mat_side": "Unique, identical"})["mat_side"] == "unique,identical"
    assert options_dict(GAME, {"mat_side": "unique,unique"})["mat_side"] == "unique"
    with pytest.raises(ValueError, match="identical, unique"):
        options_dict(GAME, {"mat_side": "unique,sideways"})
    wrong = config(3, mat_side="unique,identical")
    assert "Setup step 2" in str(GAME.check_seats(wrong))
    with pytest.raises(ValueError, match="names 2 seats but the game has 3"):
        GAME.initial_state(wrong)
    header = {"game": GAME.id, "options": {"mat_side": "identical,unique"}, "seed": 1,
              "casual": False, "seats": [{"name": n, "color": c, "kind": "person", "level": "random"}
                                         for n, c in (("Ada", "red"), ("Ben", "yellow"))]}
    assert mat_sides(_config_from_header(header)[1]) == ["identical", "unique"]
    header["options"]["mat_side"] = "unique,bogus"
    with pytest.raises(LoadError):
        _config_from_header(header)
