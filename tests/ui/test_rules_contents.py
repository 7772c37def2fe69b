"""Issue 27, the Rules screen: the contents list keeps its text size at 150% (it shrank to
about 10 px with its last entries cut, zh-TW too) and scrolls, its highlight follows the text
as it scrolls and stays in sight; the board pictures take the text column's width and a click
shows one as large as the window allows."""

from __future__ import annotations

import pygame
import pytest

from weather_tabletop.settings import Settings
from weather_tabletop.ui import screenshot, theme
from weather_tabletop.ui.table_view import set_frame_deadline

GAMES = ["weather-machine", "meteo", "machines-to-the-sky"]


def _rules(game: str, scale: float, language: str = "en", size=(1280, 720)):
    app = screenshot.build_app("rules", size, game, None, 1, 0, {},
                               Settings(ui_scale=scale, language=language))
    app.manager.update(0.05)
    return app, app.top.view


def _drawn_contents(app, view):
    app.text.recording = []
    set_frame_deadline(None)
    app.render(app.window)
    titles = {title for _r, _sid, title in view.toc_rows}
    return [d for d in app.text.recording if d.text in titles and view.toc.contains(d.box)]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
@pytest.mark.parametrize("game", GAMES)
def test_the_contents_keep_their_text_size_at_150_percent(game, language):
    app, view = _rules(game, 1.5, language)
    try:
        drawn = _drawn_contents(app, view)
        assert drawn
        assert min(d.size for d in drawn) >= theme.MIN_TEXT_PX
        assert {d.size for d in drawn} == {view.toc_px()} == {app.top.px(15)}
        assert not [d.text for d in drawn if d.cut]
    finally:
        from weather_tabletop import i18n
        i18n.set_language("en")


@pytest.mark.parametrize("game", GAMES)
def test_the_last_entries_are_reached_by_scrolling_the_contents(game):
    app, view = _rules(game, 1.5)
    last = view.toc_rows[-1][0]
    assert last.bottom > view.toc.bottom  # the list is longer than its panel at 150%
    for _ in range(200):
        view.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), view.toc.center)
    assert view.toc.contains(last.move(0, -view.toc_scroll))
    assert view._toc_at(last.move(0, -view.toc_scroll).center) == view.toc_rows[-1][1]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_highlight_follows_the_text_and_stays_in_sight(language):
    app, view = _rules("weather-machine", 1.5, language)
    try:
        seen = []
        for _ in range(400):  # page through the whole text with the keyboard
            view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                           unicode="", scancode=0), (0, 0))
            here = view.current()
            row = next(r for r, sid, _t in view.toc_rows if sid == here)
            assert view.toc.contains(row.move(0, -view.toc_scroll)), here
            if not seen or seen[-1] != here:
                seen.append(here)
            if view.scroll >= view.height - view.body.h:
                break
        assert len(seen) > 5 and seen[-1] == view.toc_rows[-1][1]
        view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="",
                                       scancode=0), (0, 0))
        assert view.current() == view.toc_rows[0][1] and view.toc_scroll == 0
    finally:
        from weather_tabletop import i18n
        i18n.set_language("en")


def _first_picture(view):
    """The first block of pictures, drawn (the guide draws a block when it comes into view)."""
    for at, block in enumerate(view.blocks):
        if block.later and block.make is not None:
            view._draw_piece(at)
        if block.pictures:
            return block, block.pictures[0]
    raise AssertionError("the guide has no pictures")


@pytest.mark.parametrize("game", GAMES)
def test_pictures_take_the_text_columns_width_and_a_click_enlarges_one(game):
    app, view = _rules(game, 1.0)
    block, (spot, name) = _first_picture(view)
    column = view.body.w - app.top.px(36)
    assert spot.w >= 0.6 * column or spot.h >= 0.6 * view.body.h, (spot, column)
    view.go(block.section)
    view.scroll = view._clamp(block.y)
    inner = view.body.inflate(-app.top.px(24), -app.top.px(16))
    at = spot.move(inner.x, inner.y + block.y - view.scroll)
    click = at.clip(inner).center
    app.top.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1, touch=False))
    assert view.zoom is not None and view.zoom[0] == name
    big = view.zoom[1]
    # larger than in the column, or (a picture taller than the window) whole, window high
    room_h = 720 - 2 * app.top.px(24) - app.top.px(40)
    assert big.get_width() > spot.w or big.get_height() == room_h, (big.get_size(), spot)
    assert big.get_width() <= 1280 and big.get_height() <= 720
    app.render(app.window)  # drawn over the page
    app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                      scancode=0))
    assert view.zoom is None and app.top is not None and app.top.view is view  # still the rules
