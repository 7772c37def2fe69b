"""Issue 20: the score screen of a Weather Machine solo game. It gives the final Target Value
against your final CP, won or lost and why (solo §5.1 immediate victory, §5.3 immediate losses,
§5.2 the final CP against the final TV with a tie losing, §5.5 the Challenge restrictions), the
Challenge cards played (§6) and the qualification ladder (§5.6) with each condition ticked as
``saboteurs.qualification`` evaluates it."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.wm.helpers import run, start, with_player  # noqa: E402
from weather_tabletop import i18n  # noqa: E402
from weather_tabletop.engine.chance import Rng  # noqa: E402
from weather_tabletop.games.weather_machine import saboteurs as S  # noqa: E402
from weather_tabletop.games.weather_machine import view_scores as V  # noqa: E402
from weather_tabletop.games.weather_machine.rules import GAME  # noqa: E402
from weather_tabletop.games.weather_machine.solo_data import SOLO  # noqa: E402


pytestmark = pytest.mark.usefixtures("english")


def finished(seed: int = 1, challenges: object = 0):
    """A solo game played to its end by a seeded random choice among the legal commands."""
    state = start(1, seed, challenges=challenges).state
    r = Rng(seed, 0x5C0)
    while not GAME.is_over(state):
        legal = GAME.legal_commands(state, GAME.to_act(state)[0])
        state = run(state, legal[r.below(len(legal))])
    return state


@pytest.fixture(scope="module")
def end():
    i18n.set_language("en")
    return finished()


def decided(s, outcome=("", ""), challenges=None, tv=None):
    """``s`` with the solo outcome, Challenge cards and TV given."""
    sol = replace(s.solo, outcome=outcome,
                  challenges=s.solo.challenges if challenges is None else challenges,
                  tv=s.solo.tv if tv is None else tv)
    return replace(s, solo=sol)


def strong(s):
    """The player of ``s`` meeting many ladder conditions: the Nobel Prize, 3 papers, 2 Awards,
    Funding markers on 4, 7 and 5, no Bot on the Assembly Line."""
    return with_player(s, 0, nobel=True, papers=3, awards=2, funding=(4, 7, 5),
                       line=(False,) * 12, cp=150)


def test_the_ladder_rows_tick_what_qualification_says(end):
    for s in (end, decided(strong(end), tv=0), decided(strong(end), ("lost", "deck")),
              decided(with_player(end, 0, awards=1), tv=0)):
        level, ticks = S.qualification(s, 0)
        summary = V.solo_summary(s, 0)
        assert summary.level == level
        assert [(lv.level, tuple(m for _c, m in lv.conditions)) for lv in summary.ladder] == \
            [(n, tuple(t)) for n, t in ticks]
        assert [len(lv.conditions) for lv in summary.ladder] == \
            [len(q.conditions) for q in SOLO.ladder.levels]
        rows = V.solo_panel(summary).rows
        levels = [r for r in rows if r.style == "level"]
        assert [tuple(m for _t, m in r.items) for r in levels] == [tuple(t) for _n, t in ticks]
        assert [r.text for r in levels] == [i18n.tr(q.heading()) for q in SOLO.ladder.levels]
    # a strong win earns a title (7.G19: only with a win), the same strength lost earns none
    won = V.solo_summary(decided(strong(end), tv=0), 0)
    assert won.won and won.level is not None
    assert "Title earned: Level" in V.solo_panel(won).rows[-1].text
    lost = V.solo_summary(decided(strong(end), ("lost", "deck")), 0)
    assert lost.level is None and any(lv.all_met for lv in lost.ladder)
    assert "only with a win" in V.solo_panel(lost).rows[-1].text


def test_a_loss_by_the_deck_shows_that_reason(end):
    """§5.3 "the Security Report deck is exhausted" (7.G2: no current report left; the
    helper app's stricter check, an empty draw pile, as an option)."""
    s = decided(end, ("lost", "deck"))
    summary = V.solo_summary(s, 0)
    assert not summary.won and summary.why.key == "wm.solo.result.deck_text"
    text = i18n.tr(summary.why)
    assert "no Security Report left" in text and "You lost at once" in text
    rows = V.solo_panel(summary).rows
    assert rows[2].text == text and rows[2].mark is False
    app = replace(s, options=tuple(sorted({**dict(s.options), "solo_deck_loss": "app"}.items())))
    assert "draw pile empty" in i18n.tr(V.solo_summary(app, 0).why)


@pytest.mark.parametrize("outcome, challenges, tv_shift, key, won", [
    (("won", "good_name"), (), 0, "good_name", True),
    (("lost", "extreme"), (), 0, "extreme", False),
    (("", ""), (), -1, "beat", True),
    (("", ""), (), 0, "tie", False),
    (("", ""), (), 1, "short", False),
    (("", ""), (12,), -1, "only_immediate", False),
    (("", ""), (4,), -1, "needs_nobel", False),
    (("", ""), (5,), -1, "needs_goals", False),
])
def test_each_end_says_why(end, outcome, challenges, tv_shift, key, won):
    """§5.1, §5.3; §5.2 "You win if your final CP is higher than the final TV. A tie is a loss";
    §5.5 Publish or Perish, Nobel Laureate, Only Overachievers Apply."""
    s = decided(end, outcome, challenges, tv=S.final_total(end, 0) + tv_shift)
    summary = V.solo_summary(s, 0)
    assert summary.why.key == "wm.solo.result." + key
    assert summary.won is won is S.player_won(s, 0)
    assert summary.cp == S.final_total(s, 0) and summary.tv == s.solo.tv
    text = i18n.tr(summary.why)
    assert "{" not in text
    if outcome == ("", ""):
        assert str(summary.cp) in text and str(summary.tv) in text
    for card in challenges:
        assert i18n.tr(SOLO.challenge(card).title) in text


def test_the_challenge_cards_played_are_named(end):
    rows = V.solo_panel(V.solo_summary(decided(end, challenges=(3, 7)), 0)).rows
    assert rows[3].text == "Challenge cards played: Creative Accounting and One Step Ahead."
    rows = V.solo_panel(V.solo_summary(decided(end, challenges=()), 0)).rows
    assert rows[3].text == "No Challenge cards were played."


@pytest.mark.parametrize("language", ["en", "zh-TW"])
@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_score_screen_shows_the_solo_panel_beside_the_table(language, scale):
    """The panel lies beside the table inside the window; at 100% in English its rows all fit
    without scrolling, else the ▲ ▼ buttons scroll to its last row."""
    import pygame

    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    i18n.set_language(language)
    app = screenshot.build_app("scores", (1280, 720), "weather-machine", 1, 1, 0, {},
                               Settings(ui_scale=scale, language=language))
    scores = app.top
    assert scores.panel is not None
    assert scores.headline() == i18n.tr("wm.solo.saboteurs_win") or "wins" in scores.headline()
    rect, img = scores._panel_rect, scores._panel_img
    assert pygame.Rect(0, 0, 1280, 720).contains(rect)
    assert img.get_width() <= rect.width
    assert rect.left > scores._table_w  # beside the table
    if (language, scale) == ("en", 1.0):
        assert img.get_height() <= rect.height and not scores._panel_arrows
    if scores._panel_arrows:
        for _ in range(40):
            scores._scroll_panel(rect.height // 3)
        assert scores._panel_scroll == img.get_height() - rect.height
    assert sum(r.style == "level" for r in scores.panel.rows) == 5


def test_the_panel_cuts_only_between_lines():
    """A scrolled panel shows whole lines of text (at 150% a half line showed at its foot):
    a text's own lines may be cut between, nothing else lying across a cut."""
    from weather_tabletop.ui.scenes.scores import _whole_lines

    # a heading 0-30, a two-line text 40-80 with a tick 45-60 beside its first line
    assert _whole_lines([(0, 30, 30), (40, 80, 20), (45, 60, 15)], 90) == [0, 30, 40, 60, 80, 90]
    assert _whole_lines([(0, 30, 30), (40, 80, 20), (55, 70, 15)], 90) == [0, 30, 40, 80, 90]


@pytest.mark.parametrize("language", ["en", "zh-TW"])
def test_the_scrolled_panel_draws_whole_lines_at_150_percent(language):
    import pygame

    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    i18n.set_language(language)
    app = screenshot.build_app("scores", (1280, 720), "weather-machine", 1, 1, 0, {},
                               Settings(ui_scale=1.5, language=language))
    scores = app.top
    rect, cuts = scores._panel_rect, scores._panel_cuts
    assert scores._panel_arrows and cuts[0] == 0 and cuts[-1] == scores._panel_img.get_height()
    for _ in range(30):
        at = scores._panel_scroll
        top = min(c for c in cuts if c >= at)
        bottom = max(c for c in cuts if c <= at + rect.height)
        assert top - at < rect.height // 3 and at + rect.height - bottom < rect.height // 3
        scores._scroll_panel(rect.height // 5)
    surface = pygame.Surface((1280, 720))
    scores.draw(surface)
