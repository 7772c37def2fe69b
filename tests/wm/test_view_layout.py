"""Issue 13: the Weather Machine table reads at every size the table shell gives it: every label
is fitted to a box of its own (never below 12 pixels, inside its box, overlapping no other label,
its whole text on hover when cut), the board and the shown Laboratory sit side by side in a wide
rect and stacked in a tall one, "to act" is on the tab of the seat the rules wait for, choice
dialogs stay beside their spot, and colour-blind markings reach the pieces."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.wm.test_table import random_states, wm_config  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.games.weather_machine.rules import GAME  # noqa: E402
from weather_tabletop.games.weather_machine.view import CHOICE_SPOTS, WeatherMachineView  # noqa: E402
from weather_tabletop.games.weather_machine.view_layout import PANELS, WORKSHOP, Layout  # noqa: E402
from weather_tabletop.ui.table_view import ViewContext  # noqa: E402
from weather_tabletop.ui.theme import TextCache  # noqa: E402

#: the board rects of the table at 1280x720 (side column open and collapsed), at 150% UI scale,
#: at 1920x1080 and at 2560x1440
SIZES = ((1010, 640), (1250, 640), (1000, 625), (1530, 970), (2050, 1300))


def draw(state, seat, size, players, colour_blind=False):
    pygame.init()
    text = TextCache()
    text.recording = []
    ctx = ViewContext(wm_config(players).seats, colour_blind, 1.0, text)
    view = WeatherMachineView(GAME, pygame.Rect(0, 0, *size), context=ctx)
    view.draw(pygame.Surface(size), state, seat)
    view.pieces(state, seat)
    return view, text.recording


def seat_and_view(match):
    seat = match.to_act()[0] if match.to_act() else 0
    return seat, GAME.view(match.state, seat)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 5), (4, 2)])
def test_every_label_fits_a_box_of_its_own_at_every_table_size(players, seed):
    for match in random_states(players, seed, (10, 80, 300)):
        seat, state = seat_and_view(match)
        for size in SIZES:
            view, drawn = draw(state, seat, size, players)
            assert_labels_fit(view, drawn, size, state)


def assert_labels_fit(view, drawn, size, shown) -> None:
    """Every label drawn at ``size``: at least 12 px, inside its box, its whole text in the
    tooltip where it was cut, and no two overlapping on one surface."""
    assert len(drawn) > 150
    for d in drawn:
        assert d.size >= 12, (size, d.text, d.size)
        assert d.box.contains(d.rect), (size, d.text, d.rect, d.box)
        if d.cut:  # the whole text where it was cut
            assert view.tooltip_at(d.box.move(view.rect.topleft).center, shown), d.text
    by_surface: dict[int, list] = {}
    for d in drawn:
        by_surface.setdefault(d.surface, []).append(d)
    for labels in by_surface.values():
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                assert not a.rect.colliderect(b.rect), (size, a.text, b.text)


def test_the_board_and_the_laboratory_side_by_side_when_wide_stacked_when_tall():
    for w, h in SIZES:
        L = Layout(w, h)
        assert L.beside and L.k >= 0.97
        assert not L.board().colliderect(L.lab())
        assert pygame.Rect(0, 0, w, h).contains(L.board().union(L.lab()))
    tall = Layout(700, 1200)
    assert not tall.beside and tall.lab().top >= tall.board().bottom


def test_to_act_is_on_the_tab_of_the_seat_the_rules_wait_for():
    for players in (2, 3, 4):
        for match in random_states(players, 7, (5, 60, 200)):
            if not match.to_act():
                continue
            acting = match.to_act()[0]
            for viewer in range(players):  # whoever looks, the tab of the acting seat says so
                view, drawn = draw(GAME.view(match.state, viewer), viewer, (1010, 640), players)
                said = [d for d in drawn if d.text.startswith("to act")]
                assert len(said) == 1
                tab = next(r for r, s in view._tabs if s == acting)
                assert tab.contains(said[0].rect.move(view.rect.topleft))
                assert any(d.text == wm_config(players).seats[acting].name for d in drawn)


def test_colour_blind_markings_reach_the_pieces_on_the_board():
    match = next(random_states(3, 5, (120,)))
    seat, state = seat_and_view(match)
    plain, _ = draw(state, seat, (1010, 640), 3)
    marked, _ = draw(state, seat, (1010, 640), 3, colour_blind=True)
    looks = {p.key: pygame.image.tobytes(p.image, "RGBA") for p in plain._pieces
             if p.key[0] in ("sci", "bot", "line") and p.image is not None}
    assert looks
    for p in marked._pieces:
        if p.key in looks:
            assert pygame.image.tobytes(p.image, "RGBA") != looks[p.key], p.key


def test_a_choice_dialog_is_beside_its_spot_and_off_the_workshop():
    seen = set()
    for seed in range(6):
        match = Match.start(GAME, wm_config(3, seed))
        rng = random.Random(seed)
        for _ in range(400):
            if match.is_over():
                break
            seat = match.to_act()[0]
            step = match.state.stack[-1].kind if match.state.stack else ""
            if step in CHOICE_SPOTS and step not in seen:
                seen.add(step)
                view, _ = draw(GAME.view(match.state, seat), seat, (1010, 640), 3)
                rows = [r for r, _c in view._choice_rows.values()]
                assert rows
                spot = view.L.r(*CHOICE_SPOTS[step]).move(view.rect.topleft)
                workshop = view.L.r(*WORKSHOP).move(view.rect.topleft)
                where = match.state.pl[seat].location
                panel = (view.L.r(*PANELS[where]).move(view.rect.topleft) if where in PANELS
                         else pygame.Rect(0, 0, 0, 0))
                for r in rows:
                    assert view.rect.contains(r) and not r.colliderect(spot), step
                    assert spot.colliderect(workshop) or not r.colliderect(workshop), step
                    # what was just placed (the Scientist's Location) stays in sight (issue 27)
                    assert spot.colliderect(panel) or not r.colliderect(panel), (step, where)
            match.submit(rng.choice(match.legal(seat)))
    assert len(seen) >= 4


def test_board_labels_are_words_not_abbreviations():
    """Issue 27: no label on the board is abbreviated beyond the printed board ("L tokens",
    "WS tiles", "Breakthr.", "6B/5T"): every Goal tile says its condition in words or with the
    game's icon, and its tooltip says it in full; in Traditional Chinese too."""
    import re

    from weather_tabletop import i18n
    from weather_tabletop.games.weather_machine.board import D

    cryptic = re.compile(r"^(?:[GLR] tokens|WS tiles|Breakthr\.|Chem\.|Invest\.( \d+)?|\d+B/\d+T)$")
    try:
        for lang in ("en", "zh-TW"):
            i18n.set_language(lang)
            for match in random_states(3, 5, (10, 200)):
                seat, state = seat_and_view(match)
                view, drawn = draw(state, seat, (1010, 640), 3)
                assert not [d.text for d in drawn if cryptic.match(d.text)]
                assert not any(re.search(r"\d+B/\d+T", d.text) for d in drawn)
            # a Goal tile's tooltip names its condition whole (its face may be an icon)
            hand = state.pl[seat].goals_hand if seat is not None else ()
            goals = [p for p in view.pieces(state, seat) if p.key[0] == "goal" and p.key[1] in hand]
            assert goals
            for piece in goals:
                if piece.key[0] == "goal" and piece.key[1] in hand:
                    goal = D.goals[piece.key[1]]
                    tip = view.tooltip_at(piece.shape.center, state)
                    assert tip and i18n.tr(f"wm.metric.{goal.metric}", n=goal.target) in tip
    finally:
        i18n.set_language("en")


def test_board_text_grows_with_the_ui_scale():
    """Issue 27: at 1280x720 and 150% (a 1000 x 625 board) the board's text grows with the UI
    scale as far as each label's box allows: none smaller than at 100%, many larger, and every
    label still inside its box."""
    pygame.init()
    match = next(random_states(3, 5, (60,)))
    seat, state = seat_and_view(match)
    sizes = {}
    for scale in (1.0, 1.5, 2.0):
        text = TextCache()
        text.recording = []
        ctx = ViewContext(wm_config(3).seats, False, scale, text)
        view = WeatherMachineView(GAME, pygame.Rect(0, 0, 1000, 625), context=ctx)
        view.draw(pygame.Surface((1000, 625)), state, seat)
        view.pieces(state, seat)
        assert_labels_fit(view, text.recording, (1000, 625), state)
        sizes[scale] = {(d.text, d.box.topleft): d.size for d in text.recording}
    both = sizes[1.0].keys() & sizes[1.5].keys()
    assert len(both) > 100
    assert all(sizes[1.5][k] >= sizes[1.0][k] for k in both)
    assert sum(sizes[1.5][k] > sizes[1.0][k] for k in both) >= 20
