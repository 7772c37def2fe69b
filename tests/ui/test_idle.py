"""The app draws only when something changed or animates (issue 13: a still menu or table used
most of a core). Counted in frames over ticks with explicit time steps, not timed."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.helpers import mouse
from weather_tabletop.settings import Settings
from weather_tabletop.ui import app as app_mod
from weather_tabletop.ui.app import App
from weather_tabletop.ui.scene import Scene

STEP = 0.1  # seconds per tick, as the idle loop wakes


@pytest.fixture
def menu():
    app = App((1280, 720), settings=Settings())
    app.home()
    pygame.event.clear()
    yield app
    pygame.quit()


def frames(app, ticks: int) -> int:
    before = app.frames_drawn
    for _ in range(ticks):
        app.tick(STEP, when_needed=True)
    return app.frames_drawn - before


def settle(app) -> None:
    frames(app, round(app_mod.SETTLE / STEP) + 2)


def test_a_still_menu_is_not_drawn_again(menu):
    settle(menu)
    assert frames(menu, 50) == 0


def test_an_event_draws_and_the_menu_settles_again(menu):
    settle(menu)
    pygame.event.post(mouse(pygame.MOUSEMOTION, (5, 5)))
    assert frames(menu, 1) == 1
    settle(menu)
    assert frames(menu, 50) == 0


def test_frames_go_on_for_the_grace_time_after_an_event(menu):
    settle(menu)
    pygame.event.post(mouse(pygame.MOUSEMOTION, (5, 5)))
    assert frames(menu, round(app_mod.GRACE / STEP)) == round(app_mod.GRACE / STEP)


def test_a_new_scene_is_drawn_without_an_event(menu):
    settle(menu)
    menu.push(Scene(menu))
    assert frames(menu, 1) == 1


def test_an_animating_scene_is_drawn_every_tick(menu):
    class Spinning(Scene):
        def animating(self) -> bool:
            return True

    menu.push(Spinning(menu))
    settle(menu)
    assert frames(menu, 20) == 20


def test_the_scene_is_still_updated_while_nothing_is_drawn(menu):
    class Counting(Scene):
        updates = 0

        def update(self, dt: float) -> None:
            self.updates += 1

    scene = Counting(menu)
    menu.push(scene)
    settle(menu)
    scene.updates = 0
    assert frames(menu, 10) == 0
    assert scene.updates == 10


def test_a_focused_text_field_blinks_a_few_times_a_second(menu):
    import pygame_gui

    class Typing(Scene):
        def build(self) -> None:
            self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 200, 40),
                                                              self.manager, container=self.root)
            self.entry.focus()
            self.manager.set_focus_set(self.entry)

    menu.push(Typing(menu))
    settle(menu)
    drawn = frames(menu, 10)  # one second
    assert 2 <= drawn <= 6


def test_tick_with_a_time_step_alone_always_draws(menu):
    """Tests and benches call ``tick(dt)`` and expect a frame."""
    settle(menu)
    before = menu.frames_drawn
    menu.tick(1 / 60)
    assert menu.frames_drawn == before + 1


def test_the_last_picture_of_an_animation_is_drawn(menu):
    """A computer's move lands in the update that ends the animation: that frame is drawn."""
    class Thinking(Scene):
        busy = True
        landed = False

        def update(self, dt: float) -> None:
            if self.busy and self.landed:
                self.busy = False

        def animating(self) -> bool:
            return self.busy

    scene = Thinking(menu)
    menu.push(scene)
    frames(menu, round(app_mod.SETTLE / STEP) + 5)  # thinks for longer than the settle time
    scene.landed = True
    assert frames(menu, 1) == 1
    settle(menu)
    assert frames(menu, 20) == 0
