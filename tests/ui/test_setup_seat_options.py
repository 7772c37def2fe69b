"""Issue 15 item 4: "Player Mats have an identical side and a unique side. Each player should
choose which they will use" (Machines To The Sky, Setup step 2): the setup offers the mat side once
per seat, laid out whole at UI scales 100-200%, and the game starts with each seat's own side."""

from __future__ import annotations

import warnings

import pygame
import pygame_gui
import pytest


from .test_layout import _problems, _render

GAME = "machines-to-the-sky"


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0], ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [1, 4])
def test_the_per_seat_mat_side_fits(players, size, scale):
    app, drawn, clipped = _render("setup", size, scale, GAME, players=players)
    assert not _problems(drawn, size, scale)
    # a column too long for the window scrolls: every seat's control is reached, unclipped
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seen = {arg for kind, arg in app.top.controls.values() if kind == "seat_option"}
        for name in [n for n, _ in app.top._scrollers]:
            for _ in range(30):
                app.top.scroll(name, 1)
                app.manager.update(0.05)
                seen |= {arg for kind, arg in app.top.controls.values() if kind == "seat_option"}
    clipped += [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert not clipped, clipped
    assert sorted(seen) == [("mat_side", i) for i in range(players)]


def test_each_seat_chooses_its_own_mat_side(app):
    from weather_tabletop.ui.scenes.setup import SetupScene

    setup = SetupScene(app, GAME, 3)
    app.push(setup)
    assert [s["color"] for s in setup.seats] == ["red", "yellow", "green"]

    def choose(seat: int, side: str) -> None:
        dropdown = next(c for c, what in setup.controls.items()
                        if what == ("seat_option", ("mat_side", seat)))
        setup.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dropdown,
                                        text=side, selected_option_id=side))

    choose(1, "unique")
    assert setup.options["mat_side"] == "identical,unique,identical"
    choose(0, "unique")
    choose(2, "unique")
    assert setup.options["mat_side"] == "unique"  # every seat alike: the one value
    choose(2, "identical")
    setup.start()
    session = app.top.session
    assert session.config.option("mat_side") == "unique,unique,identical"
    assert [p.mat for p in session.match.state.players] == ["red", "yellow", "identical"]
