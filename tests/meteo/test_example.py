"""The rulebook's worked example (Placement Table, "Example"):

"Red plays a "Rain" weather marker onto the plain space in the middle of the picture. Now the red
figure and the blue figure stand on a space that has become impassable, and both must be moved.
Red moves the blue figure into the mountains, which is backwards for blue, and fog also prevails
there, so the blue figure is held for the moment. Red naturally moves its own figure forwards,
onto the free coloured space directly in front of its own village ... (Red may not move its figure
onto the other coloured space, because on the coloured spaces only one figure may ever remain
standing, and that space is occupied here by yellow.)"
"""

from dataclasses import replace

from weather_tabletop.games.meteo.commands import (EndMovement, EndPlacement, PlaceMarker,
                                                   RelocateFigure, StepFigure)
from weather_tabletop.games.meteo.rules import GAME
from weather_tabletop.games.meteo.state import MOVE, PLACE

from .helpers import home, refused, run, start, state

PLAIN = (2, -4)  # B4, in front of the red village
FOG_MOUNTAIN = (2, -3)  # C5
FREE_COLOURED = (2, -5)  # A3
YELLOW_COLOURED = (3, -5)  # A4


def example_state():
    # 4 players: red, green, light yellow, blue (orange and light blue left out)
    s = state(4)
    assert [GAME.board.colour_keys[c] for c in s.colours] == ["red", "green", "yellow", "blue"]
    figs = [list(f) for f in s.figures]
    figs[0][0] = PLAIN  # red
    figs[3][0] = PLAIN  # blue
    figs[2][0] = YELLOW_COLOURED  # light yellow
    return state(4, figures=figs, markers=[(FOG_MOUNTAIN, "fog")],
                 hands=[("rain", "sun", "ice"), *s.hands[1:]], phase=PLACE, current=0)


def test_rain_on_the_plain_displaces_red_and_blue():
    s = run(example_state(), PlaceMarker(0, "rain", PLAIN))
    assert GAME.effect(s, PLAIN) == "impassable"
    assert sorted(GAME.displaced(s)) == [(0, -1, PLAIN), (3, -1, PLAIN)]
    assert GAME.to_act(s) == (0,)  # the active player moves both
    assert refused(s, EndPlacement(0)).startswith("Impassable spaces")
    legal = GAME.legal_commands(s, 0)
    assert RelocateFigure(0, 3, PLAIN, FOG_MOUNTAIN) in legal
    assert RelocateFigure(0, 0, PLAIN, FREE_COLOURED) in legal
    # the other coloured space is held by yellow
    assert RelocateFigure(0, 0, PLAIN, YELLOW_COLOURED) not in legal
    assert "Impassable spaces" in refused(s, RelocateFigure(0, 0, PLAIN, YELLOW_COLOURED))

    s = run(s, RelocateFigure(0, 3, PLAIN, FOG_MOUNTAIN))
    s = run(s, RelocateFigure(0, 0, PLAIN, FREE_COLOURED))
    assert GAME.displaced(s) == []
    assert FOG_MOUNTAIN in s.figures[3] and FREE_COLOURED in s.figures[0]

    # afterwards only one step is needed to reach the red village
    s = run(s, EndPlacement(0))
    assert s.phase == MOVE
    assert StepFigure(0, FREE_COLOURED, home(s, 0)) in GAME.legal_commands(s, 0)

    # the blue figure is held by the fog, also on blue's own turn
    blue_turn = replace(s, current=3, phase=MOVE, steps_left=6)
    assert "fog" in refused(blue_turn, StepFigure(3, FOG_MOUNTAIN, PLAIN)).lower()
    assert not any(getattr(c, "src", None) == FOG_MOUNTAIN
                   for c in GAME.legal_commands(blue_turn, 3))
    assert start(s, 3) != FOG_MOUNTAIN
