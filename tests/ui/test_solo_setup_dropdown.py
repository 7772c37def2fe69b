"""Issue 20, played in the window at 1280x720 and 150%: the Challenge cards drop-down of the
solo setup, low on the page, opened a list taller than the room below it; its last options,
"Choose the cards…" among them, lay outside the window, and scrolling the list did not reach
them. Every drop-down's open list now ends inside the window (it scrolls instead)."""

from __future__ import annotations

import pygame
import pytest


GAME = "weather-machine"


pytestmark = pytest.mark.usefixtures("english")


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_challenge_cards_list_opens_inside_the_window(scale):
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app("setup", (1280, 720), GAME, 1, 1, 0, {}, Settings(ui_scale=scale))
    setup = app.top
    window = pygame.Rect(0, 0, 1280, 720)
    for _ in range(12):  # at 150% the page scrolls down to its options, as in the window
        dropdown = next((c for c, what in setup.controls.items()
                         if what == ("option", "challenges")), None)
        if dropdown is not None:
            break
        setup.scroll("left", 1)
    assert dropdown is not None and window.contains(dropdown.get_abs_rect())
    for _ in range(2):
        app.manager.update(0.05)
    dropdown.current_state.finish()
    dropdown.current_state = dropdown.menu_states["expanded"]
    dropdown.current_state.start()
    app.manager.update(0.05)
    listing = dropdown.current_state.options_selection_list
    assert window.contains(listing.get_abs_rect()), (listing.get_abs_rect(), scale)
