"""The table's scores panel as a table (issue 27, "A scores table"): a column per seat in seat
order and one per opponent of the game's own (the Automa, the Saboteurs), a row per category,
the totals (the ScoreLines') at the foot with the leader's marked; at 1280x720 with four seats,
at UI scale 150% and in zh-TW every value and label fits its cell and no column is cut."""

from __future__ import annotations

import random

import pygame
import pytest

from weather_tabletop import games, i18n
from weather_tabletop.engine.protocol import Colour
from weather_tabletop.i18n import tr
from weather_tabletop.settings import Settings
from weather_tabletop.ui import score_table, theme
from weather_tabletop.ui.score_box import ScoreBox
from weather_tabletop.ui.score_table import MISSING, Column, heading, mark_leaders
from weather_tabletop.ui.screenshot import build_app, play_random

pytestmark = pytest.mark.usefixtures("english")

RED, BLUE = Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 100, 210), "B")


def table_scene(game: str, players: int, steps: int, *, scale: float = 1.0, lang: str = "en",
                size: tuple[int, int] = (1280, 720), seed: int = 3):
    """A table of ``game`` after ``steps`` random commands, drawn once."""
    i18n.set_language(lang)
    app = build_app("table", size, game, players, seed, steps, {},
                    Settings(ui_scale=scale, language=lang, animation_speed="off"))
    app.render(app.window)
    return app, app.top


def close(app) -> None:
    while app.stack:
        app._drop()


def test_columns_are_the_seats_in_seat_order_rows_the_categories_totals_the_score_lines():
    game = games.get("weather-machine")
    from weather_tabletop.ui.session import Session
    from weather_tabletop.ui.screenshot import _config

    session = Session.in_memory(game, _config("weather-machine", 4, 5, {}))
    play_random(session.match, random.Random(5), 120)
    state = game.view(session.match.state, None)
    table = score_table.build(game, state, session.config.seats)
    lines = sorted(game.scores(state), key=lambda s: s.seat)
    assert [c.seat for c in table.columns] == [0, 1, 2, 3]
    assert [c.name for c in table.columns] == [s.name for s in session.config.seats]
    assert list(table.categories) == [k for k, _v in lines[0].breakdown]
    for col, line in zip(table.columns, lines):
        assert col.total == line.total
        assert [col.cell(k) for k in table.categories] == [str(v) for _k, v in line.breakdown]
    assert sum(c.leads for c in table.columns) >= 1 or len({c.total for c in table.columns}) == 1


def test_the_automa_has_its_own_column_and_its_score_is_not_repeated_in_the_seats():
    """Machines To The Sky solo: the Automa's VP (its start plus its claimed Projects' Ratings,
    ``automa_score``) in a column of its own; the seat's "to reach" entry is not shown twice."""
    from weather_tabletop.games.machines_to_the_sky.rules import SCORE_AUTOMA, automa_score
    from weather_tabletop.ui.session import Session
    from weather_tabletop.ui.screenshot import _config

    game = games.get("machines-to-the-sky")
    session = Session.in_memory(game, _config("machines-to-the-sky", 1, 2, {}))
    play_random(session.match, random.Random(2), 25)
    state = game.view(session.match.state, 0)
    table = score_table.build(game, state, session.config.seats)
    assert [c.seat for c in table.columns] == [0, None]
    automa = table.columns[1]
    assert automa.name == tr("mtts.score.automa_column") and automa.colour.letter == "A"
    assert automa.total == automa_score(state)
    assert SCORE_AUTOMA not in table.categories
    assert table.columns[0].cell("mtts.score.automa_start") == MISSING
    assert automa.cell("mtts.score.lane1") == MISSING


def test_the_saboteurs_target_value_is_a_column_and_a_tie_is_theirs():
    """Weather Machine solo: the Saboteurs' Target Value as their column (§5.2: a tie loses)."""
    from weather_tabletop.ui.session import Session
    from weather_tabletop.ui.screenshot import _config

    game = games.get("weather-machine")
    session = Session.in_memory(game, _config("weather-machine", 1, 4, {}))
    play_random(session.match, random.Random(4), 40)
    state = game.view(session.match.state, 0)
    table = score_table.build(game, state, session.config.seats)
    saboteurs = table.columns[-1]
    assert saboteurs.seat is None and saboteurs.total == state.solo.tv
    assert saboteurs.cell("wm.solo.target_value") == str(state.solo.tv)
    assert table.columns[0].cell("wm.solo.target_value") == MISSING
    level = mark_leaders([Column(0, "Ada", RED, 30, ()),
                          Column(None, "Saboteurs", BLUE, 30, (), wins_ties=True)], {0: 1})
    assert [c.leads for c in level] == [False, True]


def test_the_leader_is_the_highest_total_ties_broken_by_rank_nobody_while_all_level():
    cols = [Column(0, "Ada", RED, 12, ()), Column(1, "Ben", BLUE, 12, ()),
            Column(2, "Cleo", RED, 9, ())]
    assert [c.leads for c in mark_leaders(cols, {0: 2, 1: 1, 2: 3})] == [False, True, False]
    assert [c.leads for c in mark_leaders(cols, {0: 1, 1: 1, 2: 3})] == [True, True, False]
    level = [Column(0, "Ada", RED, 0, ()), Column(1, "Ben", BLUE, 0, ())]
    assert not any(c.leads for c in mark_leaders(level, {0: 1, 1: 1}))
    automa = Column(None, "Automa", BLUE, 12, ())  # Machines To The Sky: a tie is a joint win
    assert [c.leads for c in mark_leaders(cols[:1] + [automa], {0: 1})] == [True, False]


def assert_fits(box: ScoreBox) -> None:
    """Every label, value, name and total inside its cell, at least ``MIN_TEXT_PX``; the
    columns inside the box's text area (no column cut at the right)."""
    table, grid, text = box.table, box.grid, box.text
    area = box._text_rect()
    room = box.room_beside_bar() if box.bar.needed else area.w
    if box.bar.needed:  # the table stops short of the bar
        assert area.x + room <= box.bar.rect.x
    assert grid.size >= theme.MIN_TEXT_PX
    assert grid.label_w + len(table.columns) * grid.col_w <= room, (grid, room)
    gap = box._gap(grid.size)
    for label, bold in box._labels(table):
        lines, whole = box._label_lines(label, grid.size, grid.label_w - gap, bold)
        assert whole and len(lines) <= 2, (label, lines, grid)
        # wrapped between words (or CJK characters), never inside a word
        assert label in (" ".join(lines), "".join(lines)), (label, lines)
        assert all(text.width(l, grid.size, bold) <= grid.label_w - gap for l in lines)
    for col in table.columns:
        for cat in table.categories:
            assert text.width(col.cell(cat), grid.size) <= grid.col_w - gap, (col.name, cat)
        assert text.width(str(col.total), grid.size, True) + gap <= grid.col_w - gap
        if grid.names:
            assert box._token(grid.size) + 2 * gap <= grid.col_w
    # the heads: each column's token (and name) inside it, the whole name on hover
    rects = box.part_rects()
    head, shown = rects["head"]
    for k, col in enumerate(table.columns):
        x = head.x + grid.label_w + k * grid.col_w + grid.col_w // 2
        if shown.collidepoint(x, shown.centery):
            assert box.tooltip_at((x, shown.centery)) == col.name


@pytest.mark.parametrize("game,players", [("weather-machine", 4), ("meteo", 4), ("meteo", 2),
                                          ("weather-machine", 3), ("machines-to-the-sky", 1)])
def test_four_seats_fit_at_1280x720_without_horizontal_clipping(game, players):
    app, scene = table_scene(game, players, 60)
    try:
        box = scene.w["score_box"]
        assert [c.seat for c in box.table.columns][:players] == list(range(players))
        assert_fits(box)
        if players == 2:  # two seats have room for their names beside their tokens
            assert box.grid.names
        # the totals at the foot stay in the box whatever the scroll
        foot, shown = box.part_rects()["foot"]
        assert shown == foot and box.rect.contains(foot)
        box.bar.scroll_to(10 ** 6)
        foot, shown = box.part_rects()["foot"]
        assert shown == foot and box.rect.contains(foot)
    finally:
        close(app)


@pytest.mark.parametrize("scale,lang", [(1.5, "en"), (1.0, "zh-TW"), (1.5, "zh-TW")])
def test_four_seats_fit_at_150_percent_and_in_zh_tw(scale, lang):
    app, scene = table_scene("weather-machine", 4, 60, scale=scale, lang=lang)
    try:
        box = scene.w["score_box"]
        assert_fits(box)
        assert tr("scores.total") in [t for t, _b in box._labels(box.table)]
    finally:
        close(app)


def test_the_panel_scrolls_its_categories_with_the_wheel_and_keeps_heads_and_totals():
    app, scene = table_scene("weather-machine", 4, 60)
    try:
        box = scene.w["score_box"]
        assert box.bar.needed  # seven categories do not fit at 1280x720
        head0, _ = box.part_rects()["head"]
        body0, _ = box.part_rects()["body"]
        box.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0),
                                      buttons=(0, 0, 0), touch=False))
        box.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, touch=False,
                                      precise_x=0.0, precise_y=-1.0))
        assert box.bar.scroll > 0
        head1, _ = box.part_rects()["head"]
        body1, _ = box.part_rects()["body"]
        assert head1 == head0 and body1.y < body0.y
    finally:
        close(app)


def test_rendered_once_per_change_then_blitted():
    """No text is rendered per frame: the same scores again leave the composed box as it was."""
    app, scene = table_scene("meteo", 3, 20)
    try:
        box = scene.w["score_box"]
        shown = box._shown
        version = box._version
        scene.refresh()
        app.render(app.window)
        assert box._version == version and box._shown is shown
    finally:
        close(app)


def test_a_label_too_long_for_two_lines_is_cut_with_its_whole_words_on_hover():
    pygame.font.init()
    text = theme.TextCache()
    long_key = "Government funding of the whole continent's weather laboratories"
    cols = tuple(Column(i, n, c, 3, ((long_key, 3),)) for i, (n, c) in
                 enumerate((("Ada", RED), ("Ben", BLUE), ("Cleo", RED), ("Dev", BLUE))))
    box = ScoreBox(pygame.Rect(0, 0, 230, 300), text, size=15, pad=(7, 5), radius=8)
    box.set_table(score_table.ScoreTable(cols, (long_key,)))
    assert box.grid.size == theme.MIN_TEXT_PX  # shrunk to the floor first
    body, _shown = box.part_rects()["body"]
    assert box.tooltip_at((body.x + 4, body.y + 4)) == heading(long_key)


def test_hovering_a_column_head_shows_the_whole_name_and_the_leaders_total_says_so(app):
    from tests.ui.helpers import mouse, post
    from weather_tabletop.engine.protocol import GameConfig, SeatConfig
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    game = games.get("meteo")
    long_names = ("Alexandra the Meteorologist", "Benedict", "Cleopatra Weatherwax", "Dev")
    seats = tuple(SeatConfig(n, c) for n, c in zip(long_names, ("red", "green", "yellow", "blue")))
    config = GameConfig("meteo", seats, tuple(sorted({o.key: o.default for o in game.options}.items())), 3)
    session = Session.in_memory(game, config)
    play_random(session.match, random.Random(3), 30)
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    post(app)
    box = scene.w["score_box"]
    head, _shown = box.part_rects()["head"]
    grid = box.grid
    for k, name in enumerate(long_names):
        spot = (head.x + grid.label_w + k * grid.col_w + grid.col_w // 2, head.centery)
        post(app, mouse(pygame.MOUSEMOTION, spot))
        assert scene.tooltip is not None and scene.tooltip[0] == name
    leader = next(k for k, c in enumerate(box.table.columns) if c.leads)  # 30 moves: one leads
    foot, _shown = box.part_rects()["foot"]
    spot = (foot.x + grid.label_w + leader * grid.col_w + grid.col_w // 2, foot.centery)
    post(app, mouse(pygame.MOUSEMOTION, spot))
    assert scene.tooltip[0] == tr("table.score_leads", name=long_names[leader])


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_three_digit_totals_of_four_seats_still_fit(scale):
    """Late in a Weather Machine game totals pass 100: four such columns and the labels still
    fit whole at 1280x720 (the text shrinks, never below ``MIN_TEXT_PX``)."""
    from dataclasses import replace

    app, scene = table_scene("weather-machine", 4, 60, scale=scale)
    try:
        box = scene.w["score_box"]
        table = box.table
        columns = tuple(replace(c, total=100 + 9 * k,
                                values=tuple((key, 55 + k) for key, _v in c.values))
                        for k, c in enumerate(table.columns))
        box.set_table(score_table.ScoreTable(mark_leaders(columns, {}), table.categories))
        assert_fits(box)
        assert box.table.columns[-1].leads
    finally:
        close(app)
