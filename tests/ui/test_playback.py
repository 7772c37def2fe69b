"""Following the play (issue 27): other seats' moves are shown step by step at the "Speed of
computer moves", marked and captioned until the person's next decision; "What happened" shows
them again; the banner follows the shown position; a person's own move shows at once.

The playback's clock is a fake one, moved by hand, so nothing here waits."""

from __future__ import annotations

import pygame
import pytest

from tests.support import tally
from tests.ui.helpers import config, key, mouse, post
from weather_tabletop.engine.match import Group
from weather_tabletop.settings import Settings
from weather_tabletop.ui.playback import RulesForView, changed_rects, merge_rects, split_group
from weather_tabletop.ui.scenes.table import TableScene
from weather_tabletop.ui.session import Session


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def paced():
    """A 1280x720 app at the normal speed of computer moves."""
    from weather_tabletop.ui.app import App

    application = App((1280, 720), settings=Settings(animation_speed="normal"))
    yield application
    while application.stack:
        application._drop()


def table(app, *kinds: str) -> tuple[TableScene, Clock]:
    session = Session.in_memory(tally.GAME, config(*kinds))
    scene = TableScene(app, session, privacy=False)
    clock = Clock()
    scene.playback.clock = clock
    scene.computers.paused = True  # the tests play the computer's moves themselves
    app.push(scene)
    post(app)
    return scene, clock


def bens_turn(scene: TableScene) -> None:
    """Ada (the person) takes 2 and ends her turn; then Ben (the computer) takes 3, takes 1 and
    ends his: three steps of another seat, submitted as the computer seat would."""
    assert scene.submit(tally.Take(0, 2)) is None
    assert scene.submit(tally.EndTurn(0)) is None
    for command in (tally.Take(1, 3), tally.Take(1, 1), tally.EndTurn(1)):
        scene.session.submit(command, expected_version=scene.session.version)


def play_out(app, scene: TableScene, clock: Clock) -> int:
    """Let the playback run to its end, a step's time at a time; the steps it showed."""
    shown = 0
    for _ in range(20):
        post(app)  # the step's board settles (its clock starts)
        if not scene.playback.playing:
            return shown
        clock.now += app.settings.move_delay + 0.01
        post(app)
        shown += 1
    raise AssertionError("the playback did not end")


def test_another_seats_moves_are_shown_one_step_at_a_time(paced):
    scene, clock = table(paced, "person", "computer")
    bens_turn(scene)
    post(paced)
    pb = scene.playback
    assert pb.playing and len(pb.history) == 3
    assert pb.shown == 0  # Ben's first move is on the board at once, the rest wait their turn
    assert scene.view_state.tokens[1] == 3 and scene.session.match.state.tokens[1] == 4
    assert scene.legal == []  # the person cannot act while the playback runs
    post(paced)
    assert pb.shown == 0  # the step's time is not up
    clock.now += paced.settings.move_delay + 0.01
    post(paced)
    assert pb.shown == 1 and scene.view_state.tokens[1] == 4
    assert play_out(paced, scene, clock) == 1
    assert scene.legal and scene.view_state == scene.game.view(scene.session.match.state, 0)


def test_another_seats_move_is_marked_and_captioned_until_the_persons_next_decision(paced):
    scene, clock = table(paced, "person", "computer")
    bens_turn(scene)
    play_out(paced, scene, clock)
    pb = scene.playback
    assert all(pb.marks[k] for k in range(3)), "each of Ben's steps changed the board"
    ben = scene._seat_rgb(1)
    assert all(m.rgb == ben for m in pb.marks[0])
    assert scene.bar.mode() == "after"
    assert scene.bar.who(1) == "Ben (computer)"
    assert "Seat 2 ends the turn" in scene.bar.caption()
    post(paced, frames=5)
    assert pb.marks[0] and scene.bar.rect is not None  # they stay while the person thinks
    # the rings are drawn on the board: a pixel of the first mark's ring has Ben's colour
    from weather_tabletop.ui.playback import ring_rect

    ring, _w = ring_rect(pb.marks[0][0].rect.move(scene.lay.board.topleft), scene.px, True)
    surface = paced.window
    assert surface.get_at((ring.centerx, ring.top))[:3] == ben
    assert scene.submit(tally.Take(0, 1)) is None  # the person's next decision
    post(paced)
    assert pb.history == [] and scene.bar.mode() is None


def test_the_banner_names_the_next_seat_only_once_playback_reaches_its_turn(paced):
    scene, clock = table(paced, "person", "computer")
    bens_turn(scene)
    post(paced)
    assert scene.session.match.to_act() == (0,)  # the match is already at Ada's turn
    assert "Ben" in scene.banner["turn"].text
    while scene.playback.shown < 2:
        assert "Ben" in scene.banner["turn"].text and "Ada" not in scene.banner["turn"].text
        clock.now += paced.settings.move_delay + 0.01
        post(paced, frames=2)
    assert "Ada" in scene.banner["turn"].text


def test_instant_speed_shows_the_end_at_once(app):
    scene, _clock = table(app, "person", "computer")  # the app fixture: speed "off"
    bens_turn(scene)
    post(app)
    assert not scene.playback.playing
    assert scene.view_state.tokens[1] == 4 and scene.legal
    assert len(scene.playback.history) == 3  # still there for "What happened"


def test_space_skips_to_the_end(paced):
    scene, _clock = table(paced, "person", "computer")
    bens_turn(scene)
    post(paced)
    assert scene.playback.playing
    post(paced, key(pygame.K_SPACE))
    assert not scene.playback.playing and scene.legal


def test_a_click_on_the_caption_skips_to_the_end(paced):
    scene, _clock = table(paced, "person", "computer")
    bens_turn(scene)
    post(paced, frames=2)
    assert scene.playback.playing and scene.bar.rect is not None
    post(paced, mouse(pygame.MOUSEBUTTONDOWN, scene.bar.rect.center))
    assert not scene.playback.playing


def test_what_happened_steps_back_and_forward_through_the_moves_since_the_last_turn(paced):
    scene, clock = table(paced, "person", "computer")
    bens_turn(scene)
    play_out(paced, scene, clock)
    pb = scene.playback
    post(paced, key(pygame.K_w))
    assert pb.stepping == 2 and scene.legal == []  # while stepping, nobody plays
    assert scene.bar.mode() == "stepping"
    post(paced, key(pygame.K_LEFT))
    assert pb.stepping == 1 and scene.view_state.tokens[1] == 4 and "Ben" in scene.banner["turn"].text
    post(paced, key(pygame.K_LEFT))
    assert pb.stepping == 0 and scene.view_state.tokens[1] == 3
    assert "Seat 2 takes 3 tokens" in scene.bar.caption()
    post(paced, key(pygame.K_LEFT))
    assert pb.stepping == 0  # the first step since Ada's turn is as far back as it goes
    post(paced, key(pygame.K_RIGHT))
    assert pb.stepping == 1
    # the buttons do the same: Resume goes back to now
    resume = next(r for r, what in scene.bar.buttons if what == "resume")
    post(paced, mouse(pygame.MOUSEBUTTONDOWN, resume.center))
    assert pb.stepping is None and scene.legal
    assert scene.view_state == scene.game.view(scene.session.match.state, 0)
    post(paced, key(pygame.K_w), key(pygame.K_ESCAPE))
    assert pb.stepping is None


def test_a_computer_does_not_submit_while_playback_runs(paced):
    from weather_tabletop.ui.computer import Computers

    held = [True]
    session = Session.in_memory(tally.GAME, config("computer", "person"))
    computers = Computers(session, lambda: 0.0, hold=lambda: held[0])
    for _ in range(200):
        computers.poll(0.0)
        if computers._ready:
            break
        import time

        time.sleep(0.01)
    assert computers._ready, "the computer thought its move"
    before = session.version
    assert not computers.poll(1.0) and session.version == before  # held: not submitted
    held[0] = False
    assert computers.poll(2.0) and session.version == before + 1


def test_a_persons_own_move_does_not_wait(paced):
    scene, _clock = table(paced, "person", "computer")
    assert scene.submit(tally.Take(0, 2)) is None
    assert not scene.playback.playing
    assert scene.view_state.tokens[0] == 2  # the new position at once
    post(paced)
    assert scene.playback.history == [] and scene.bar.mode() is None  # nothing replayed
    assert scene.legal  # Ada may go on at once


def test_a_step_ends_at_each_event_with_a_log_line():
    game = tally.GAME
    from weather_tabletop.engine.match import Match

    match = Match.start(game, config("person", "person"))
    state = match.state
    group = Group(1, "command", 0, tally.Take(0, 2), (tally.Took(0, 2), tally.TurnEnded(0)))
    steps = split_group(game, state, group)
    assert [s.seat for s in steps] == [0, None]  # the command's, then what followed it
    assert [s.lines for s in steps] == [("Seat 1 takes 2 tokens", "Seat 1 takes 2."),
                                        ("Seat 1 ends the turn.",)]
    assert steps[-1].state.current == 1


def test_changed_places_are_found_by_comparing_the_board_pictures():
    pygame.init()
    before = pygame.Surface((400, 300))
    before.fill((200, 210, 220))
    after = before.copy()
    pygame.draw.circle(after, (200, 40, 40), (100, 80), 14)
    pygame.draw.rect(after, (20, 40, 200), pygame.Rect(300, 200, 30, 30))
    rects = changed_rects(before, after)
    assert len(rects) == 2
    assert any(r.collidepoint(100, 80) for r in rects)
    assert any(r.collidepoint(315, 215) for r in rects)
    assert changed_rects(before, before.copy()) == []
    assert len(merge_rects([pygame.Rect(0, 0, 5, 5), pygame.Rect(8, 0, 5, 5)], 4)) == 1


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_both_banner_lines_fit_at_any_ui_scale(scale):
    """Issue 27: at 150% the step line was cut to "Round 3 · P…"."""
    from weather_tabletop.ui.app import App
    from weather_tabletop.ui.scenes.table import BANNER_MIN_PX

    application = App((1280, 720), settings=Settings(animation_speed="off", ui_scale=scale))
    try:
        session = Session.in_memory(tally.GAME, config("person", "computer"))
        scene = TableScene(application, session, privacy=False)
        scene.computers.paused = True
        application.push(scene)
        post(application)
        game = scene.banner["game"]
        game.text = "Weather Machine  ·  Round 3 · Phase A: Ada moves the Scientist"
        game.shorter = "Round 3 · Phase A: Ada moves the Scientist"
        scene._split_banner()
        text = application.text
        for line in scene.banner.values():
            fits = [not text.lay(words, line.rect.w, line.rect.h, line.size, line.bold,
                                 BANNER_MIN_PX, wrap).cut
                    for words in (line.text, line.shorter or line.text) for wrap in (False, True)]
            assert any(fits), (scale, line.text, line.rect)
        assert not game.rect.colliderect(scene.banner["turn"].rect)
    finally:
        while application.stack:
            application._drop()


def test_a_picture_of_the_table_shows_the_others_last_moves_marked(tmp_path):
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app("table", (1280, 720), "tally", 2, 3, 4, {},
                               Settings(animation_speed="normal"), last_move=True)
    try:
        screenshot.settle_playback(app)
        scene = app.top
        pb = scene.playback
        assert scene.session.match.to_act() == (0,) and pb.history
        assert all(s.seat != 0 for s in pb.history if s.seat is not None)
        assert not pb.playing and any(pb.marks)
        assert scene.bar.mode() == "after" and "(computer)" in scene.bar.who(1)
        screenshot.settle_playback(app, back=1)
        assert pb.stepping == len(pb.history) - 2 and scene.bar.mode() == "stepping"
    finally:
        while app.stack:
            app._drop()


def test_the_final_scores_wait_until_the_last_moves_were_shown(paced):
    from weather_tabletop.ui.scenes.scores import ScoresScene

    session = Session.in_memory(tally.GAME, config("person", "computer", pile=3))
    scene = TableScene(paced, session, privacy=False)
    clock = Clock()
    scene.playback.clock = clock
    scene.computers.paused = True
    paced.push(scene)
    post(paced)
    assert scene.submit(tally.Take(0, 1)) is None and scene.submit(tally.EndTurn(0)) is None
    for command in (tally.Take(1, 2), tally.EndTurn(1)):  # the pile is empty: the game ends
        session.submit(command, expected_version=session.version)
    post(paced)
    assert session.match.is_over() and scene.playback.playing
    assert paced.top is scene  # Ben's moves are on the board, not behind the scores
    play_out(paced, scene, clock)
    assert isinstance(paced.top, ScoresScene)


def test_an_idle_table_asks_for_no_frames_once_playback_ended(paced):
    """Issue 13 stays true: after the last step, its marks settled, nothing animates."""
    scene, clock = table(paced, "person", "computer")
    bens_turn(scene)
    post(paced)
    assert scene.animating()  # steps to show
    play_out(paced, scene, clock)
    clock.now += 5.0  # the crossfade is over
    post(paced, frames=2)
    assert scene.playback.marks[0] and not scene.playback.animating()
    assert not scene.animating()


def test_the_saboteurs_turn_is_shown_step_by_step_and_every_step_draws():
    """The Weather Machine's solo mode: the Saboteurs' turn comes inside the person's group and
    passes through flow states no command is decided in; each step is shown by the board view
    (through RulesForView) without failing."""
    import random

    from weather_tabletop import games
    from weather_tabletop.engine.match import Match
    from weather_tabletop.games.weather_machine.view import WeatherMachineView
    from weather_tabletop.ui.playback import RulesForView
    from weather_tabletop.ui.screenshot import _config, play_random
    from weather_tabletop.ui.table_view import ViewContext, set_frame_deadline

    pygame.init()
    pygame.display.set_mode((64, 64))
    game = games.get("weather-machine")
    config = _config("weather-machine", 1, 1, {})
    match = Match.start(game, config)
    rng = random.Random(1)

    def unlistable(state) -> bool:  # the rules cannot list seat 0's moves here
        try:
            game.legal_commands(state, 0)
        except Exception:  # noqa: BLE001
            return 0 in game.to_act(state)
        return False

    steps: list = []
    for _ in range(400):
        before = match.state
        play_random(match, rng, 1)
        steps = split_group(game, before, match.log[-1])
        if len(steps) >= 4 and any(unlistable(s.state) for s in steps):
            break
    assert len(steps) >= 4 and any(unlistable(s.state) for s in steps)
    assert steps[0].seat == 0 and all(s.seat is None for s in steps[1:])
    assert steps[-1].state == match.state
    view = WeatherMachineView(RulesForView(game), pygame.Rect(0, 0, 1010, 640),
                              context=ViewContext(config.seats))
    set_frame_deadline(None)
    surface = pygame.Surface((1010, 640))
    for step in steps:
        view.forget_steps()
        view.draw(surface, game.view(step.state, 0), 0)


def test_rules_for_view_answer_nothing_where_the_rules_cannot_list_moves():
    class Strict:
        title = "strict"

        def legal_commands(self, state, seat):
            raise KeyError(state)

    rules = RulesForView(Strict())
    assert rules.legal_commands("passing", 0) == [] and rules.title == "strict"


def test_at_instant_speed_the_end_is_shown_in_the_same_refresh(app):
    """No frame is needed at instant speed: what the others did is the board's at once, and the
    person may play on (tests and the move list read ``legal`` right after a command)."""
    scene, _clock = table(app, "person", "computer")
    bens_turn(scene)
    scene.refresh()  # no frame drawn, no update run
    assert not scene.playback.playing and scene.legal
    assert scene.view_state.tokens[1] == 4


def test_a_font_asked_before_pygame_quit_still_answers_after_it():
    """The stepper's arrows are drawn with a fallback face; a face made before a
    ``pygame.quit()`` (a test's, a display restart) must not read every character as missing."""
    from weather_tabletop.ui import theme

    pygame.init()
    path = theme.language_font("zh-TW", True)
    assert theme.has_glyph(path, "步")
    pygame.quit()
    pygame.init()
    assert theme.has_glyph(path, "驟") and theme.has_glyph(path, "播")
