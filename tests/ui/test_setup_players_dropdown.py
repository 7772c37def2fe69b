"""Issue 27: in the setup, re-picking the player count already chosen left its drop-down open
(pygame_gui only deselects the option); every drop-down now closes, nothing changed."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tests.ui.helpers import post

pytestmark = pytest.mark.usefixtures("english")


def _press(app, button) -> None:
    """What a click on ``button`` posts (the dummy video driver moves no pointer)."""
    post(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                 ui_object_id=button.most_specific_combined_id), frames=3)


def _players(setup):
    return next(c for c, what in setup.controls.items() if what == ("players", 0))


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_re_picking_the_chosen_player_count_closes_the_list(scale):
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app("setup", (1280, 720), "meteo", 3, 1, 0, {},
                               Settings(ui_scale=scale))
    setup = app.top
    post(app, frames=2)
    menu = _players(setup)
    _press(app, menu.current_state.selected_option_button)
    assert menu.current_state is menu.menu_states["expanded"]
    listing = menu.current_state.options_selection_list
    chosen = next(item["button_element"] for item in listing.item_list
                  if item["text"] == menu.selected_option[0])
    assert menu.selected_option[1] == "3"
    _press(app, chosen)
    menu = _players(app.top)
    assert menu.current_state is menu.menu_states["closed"]
    assert app.top.players == 3 and menu.selected_option[1] == "3"


def test_picking_another_count_still_changes_it():
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app("setup", (1280, 720), "meteo", 3, 1, 0, {}, Settings())
    post(app, frames=2)
    menu = _players(app.top)
    _press(app, menu.current_state.selected_option_button)
    listing = menu.current_state.options_selection_list
    other = next(item["button_element"] for item in listing.item_list if item["text"] == "2")
    _press(app, other)
    assert app.top.players == 2
    assert _players(app.top).current_state is _players(app.top).menu_states["closed"]
