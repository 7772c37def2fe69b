"""The Machines To The Sky table with real mouse events: Expert cubes dragged from the Stock onto
a Market card (the n-th cube bids n), the top card of a lane dragged to the next lane (Advance),
illegal drops refused with the rules' reason, hover zoom and tooltips, no blank card, every
label inside its own box at every board size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.helpers import drag, mouse, open_table, piece, post, target  # noqa: E402
from weather_tabletop.engine.protocol import GameConfig, SeatConfig  # noqa: E402
from weather_tabletop.games.machines_to_the_sky import commands as C  # noqa: E402
from weather_tabletop.games.machines_to_the_sky import content as K  # noqa: E402
from weather_tabletop.games.machines_to_the_sky.bots import GreedyPlayer  # noqa: E402
from weather_tabletop.games.machines_to_the_sky.rules import GAME  # noqa: E402
from weather_tabletop.games.machines_to_the_sky.state import BIDDING, MANAGEMENT  # noqa: E402
from weather_tabletop.games.machines_to_the_sky import view as view_module  # noqa: E402
from weather_tabletop.games.machines_to_the_sky import view_art as va  # noqa: E402
from weather_tabletop.games.machines_to_the_sky.view import MachinesView  # noqa: E402
from weather_tabletop.ui.scenes.table import TableScene  # noqa: E402
from weather_tabletop.ui.session import Session  # noqa: E402


def mtts_config(players: int = 2, seed: int = 3) -> GameConfig:
    names, colours = ("Ada", "Ben", "Cleo", "Dev"), ("red", "yellow", "green", "blue")
    return GameConfig(GAME.id, tuple(SeatConfig(names[i], colours[i]) for i in range(players)), (), seed)


def table(app, players: int = 2, seed: int = 3) -> TableScene:
    return open_table(app, GAME, mtts_config(players, seed))


def play_until(scene: TableScene, app, done) -> None:
    """Let greedy players make the moves until ``done(state, legal)`` holds for the seat to act."""
    bot = GreedyPlayer(1)
    match = scene.session.match
    for _ in range(400):
        seat = match.to_act()[0]
        if done(match.state, match.legal(seat)):
            break
        match.submit(bot.choose(GAME, GAME.view(match.state, seat), seat))
    post(app)
    assert done(match.state, match.legal(match.to_act()[0]))


def to_bidding(scene: TableScene, app) -> int:
    """Play to the first Bidding turn (nothing bid yet); the seat to bid."""
    play_until(scene, app, lambda s, legal: s.phase == BIDDING and not any(map(any, s.bids))
               and not any(s.priority_bids))
    return scene.session.match.state.current


def test_the_view_is_registered(app):
    scene = table(app)
    assert isinstance(scene.view, MachinesView)


def test_bid_by_dragging_cubes(app):
    scene = table(app)
    match = scene.session.match
    a = to_bidding(scene, app)
    b = 1 - a
    state = match.state
    assert scene.viewer == a
    card = state.market[0]
    n = K.PROJECTS[card].rating
    assert match.state.players[a].stock >= n
    before = match.version
    bid = C.Bid(a, 0, n)
    drag(app, piece(scene, ("bid", n)).shape.center, target(scene, ("bid", n), bid))
    assert match.version == before + 1 and match.log[-1].command == bid
    assert match.state.bids[0][a] == n and match.state.players[a].stock == state.players[a].stock - n
    assert scene.message == ""
    # the lit targets of one cube are the places a 1-Expert bid is legal: Ben (now to act) can
    # bid 1 on the Priority space but not on the card Ada leads with n
    assert scene.viewer == b
    lit = {c for _, c in scene.view.drop_targets(piece(scene, ("bid", 1)), scene.legal)}
    assert C.Bid(b, -1, 1) in lit and C.Bid(b, 0, 1) not in lit
    assert C.Bid(b, 0, n + 1) in scene.legal


def test_illegal_bid_drop_snaps_back_with_the_reason(app):
    scene = table(app)
    match = scene.session.match
    a = to_bidding(scene, app)
    card = match.state.market[0]
    n = K.PROJECTS[card].rating
    drag(app, piece(scene, ("bid", n)).shape.center, target(scene, ("bid", n), C.Bid(a, 0, n)))
    before, state = match.version, match.state
    # Ben drops n cubes on the card Ada leads with n: a tie is not the lead
    slot = next(r for r, s in scene.view._slots if s == 0)
    drag(app, piece(scene, ("bid", n)).shape.center, slot.center)
    assert match.version == before and match.state is state
    assert "most Experts" in scene.message
    assert scene.dragdrop._snap is not None
    # a drop on no Market card at all: the rules say where bids go
    drag(app, piece(scene, ("bid", 1)).shape.center, (scene.board_rect().right - 3, scene.board_rect().bottom - 3))
    assert match.version == before
    assert scene.message == ("Market, step 1: Bids go on a Project in the Market or on the "
                             "Priority token space.")


def test_advance_a_card_by_dragging_it(app):
    scene = table(app)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: s.phase == MANAGEMENT
               and any(isinstance(c, C.Advance) for c in legal))
    seat = match.state.current
    assert scene.viewer == seat
    adv = next(c for c in scene.legal if isinstance(c, C.Advance))
    p = match.state.players[seat]
    card = p.top(adv.lane)
    before = match.version
    drag(app, piece(scene, ("lane", adv.lane)).shape.center, target(scene, ("lane", adv.lane), adv))
    assert match.version == before + 1 and match.log[-1].command == adv
    after = match.state.players[seat]
    assert after.top(adv.lane + 1) == card and card not in after.lanes[adv.lane - 1]
    assert after.power < p.power or after.free_moves < p.free_moves


def test_illegal_lane_drop_gives_the_rules_reason(app):
    scene = table(app)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: s.phase == MANAGEMENT and any(
        K.PROJECTS[c].rating > 1 for c in s.players[s.current].hand))
    seat = match.state.current
    card = next(c for c in match.state.players[seat].hand if K.PROJECTS[c].rating > 1)
    lit = {c for _, c in scene.view.drop_targets(piece(scene, ("hand", card)), scene.legal)}
    assert C.PlayProject(seat, card, 4) in lit and C.PlayProject(seat, card, 1) not in lit
    before, state = match.version, match.state
    drag(app, piece(scene, ("hand", card)).shape.center, scene.view._lanes[1].center)
    assert match.version == before and match.state is state
    assert "Rating" in scene.message
    # dropped on no lane at all (the Market): the rules say where Projects go
    drag(app, piece(scene, ("hand", card)).shape.center, scene.view._slots[0][0].center)
    assert match.version == before and "Lanes 1 to 4" in scene.message
    # a drop two lanes away is no move at all
    if match.state.players[seat].lanes[0]:
        drag(app, piece(scene, ("lane", 1)).shape.center, scene.view._lanes[3].center)
        assert match.version == before


def test_pass_button(app):
    scene = table(app)
    match = scene.session.match
    a = to_bidding(scene, app)
    button = piece(scene, ("button", "pass"))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, button.shape.center), mouse(pygame.MOUSEBUTTONUP, button.shape.center))
    assert match.log[-1].command == C.Pass(a)


def _window_part(app, rect: pygame.Rect) -> bytes:
    app.render(app.window)
    return pygame.image.tobytes(app.window.subsurface(rect), "RGB")


def test_the_zoom_rests_beside_the_card_and_is_its_tooltip(app, monkeypatch):
    """A card under a resting pointer shows large beside it (not over it, inside the board) and
    no tooltip covers it; a press hides it until the pointer moves again (no zoom after a drop)."""
    monkeypatch.setattr(view_module, "ZOOM_DELAY", 0.0)
    scene = table(app)
    to_bidding(scene, app)
    view = scene.view
    r, kind, card = next(x for x in view._cards if x[1] == "project")
    size = view._zoom_size(r)
    assert size is not None
    zoom = view._zoom_place(r, *size)
    assert not zoom.colliderect(r) and scene.board_rect().contains(zoom)
    before = _window_part(app, zoom)
    card_before = _window_part(app, r)
    post(app, mouse(pygame.MOUSEMOTION, r.center))
    assert scene.tooltip is None  # the large card is the tooltip
    assert _window_part(app, zoom) != before and _window_part(app, r) == card_before
    rest = view._rest  # the pointer trembling on the card does not start the rest again
    post(app, mouse(pygame.MOUSEMOTION, (r.centerx + 1, r.centery + 1)))
    assert view._rest == rest and _window_part(app, zoom) != before
    # a press (the start of a drag) hides it, and it stays hidden after the drop
    post(app, mouse(pygame.MOUSEBUTTONDOWN, r.center), mouse(pygame.MOUSEBUTTONUP, r.center))
    assert _window_part(app, zoom) == before


def _on(drawn, surface) -> bool:
    """The recorded text was drawn on ``surface`` (recordings hold the surface or its id)."""
    return drawn.surface is surface or drawn.surface == id(surface)


def test_cards_are_never_blank(monkeypatch):
    """Every face-up card drawn, the Event and Automa cards of late rounds too, has its name
    written inside it (issue 13: blank white Event and Automa cards from round 3)."""
    pygame.init()
    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    for players in (1, 3):
        match = Match.start(GAME, mtts_config(players, 5))
        bot = GreedyPlayer(1)
        text = TextCache()
        view = MachinesView(GAME, pygame.Rect(20, 10, 1010, 640), context=ViewContext(
            match.config.seats, False, 1.0, text))
        seen: set[str] = set()
        while not match.is_over() and match.state.round <= 8:
            seat = match.to_act()[0]
            match.submit(bot.choose(GAME, GAME.view(match.state, seat), seat))
            if match.state.round < 3 or match.version % 7:
                continue
            text.recording = []
            state = GAME.view(match.state, 0)
            view.draw(pygame.Surface((1100, 700)), state, 0)
            layer = view._layer
            for r, kind, card in view._cards:
                local = r.move(-view.rect.x, -view.rect.y)
                name = va.card_words(kind, card)[0] if r.h >= 40 else K.PROJECTS[card].name
                assert any(_on(d, layer) and d.text == name and local.contains(d.rect)
                           for d in text.recording), (kind, card, name)
                seen.add(kind)
        assert {"event", "project"} <= seen and (players > 1 or "automa" in seen)


SIZES = ((1010, 640, 1.0), (1250, 640, 1.0), (1530, 970, 1.5), (2050, 1300, 2.0), (1000, 625, 1.5))


@pytest.mark.parametrize("players,steps", [(2, 10), (3, 150), (4, 80), (1, 60)])
def test_every_label_fits_its_own_box(players, steps):
    """At every board size the table gets: each word is inside its box, no two overlap, none is
    below 12 px (a card's text: below its own floor, view_art.CARD_TEXT_PX at 1280x720), the
    board fills the rect on one side, every card lies on the board."""
    import random

    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.screenshot import play_random
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    match = Match.start(GAME, mtts_config(players, 5))
    play_random(match, random.Random(5), steps)
    seat = match.to_act()[0]
    state = GAME.view(match.state, seat)
    for w, h, scale in SIZES:
        for cb in (False, True):
            text = TextCache()
            text.recording = []
            rect = pygame.Rect(7, 5, w, h)
            view = MachinesView(GAME, rect, context=ViewContext(match.config.seats, cb, scale, text))
            view.draw(pygame.Surface((w + 20, h + 20)), state, seat)
            drawn = [d for d in text.recording if _on(d, view._layer)]
            assert drawn
            cards = [r.move(-rect.x, -rect.y) for r, _, _ in view._cards]
            for d in drawn:
                assert d.box.contains(d.rect), d
                # a card's text may go down to the cards' own floor (it zooms on hover)
                on_card = any(c.contains(d.rect) for c in cards)
                assert d.size >= (view.card_px if on_card else 12), d
            for i, a in enumerate(drawn):
                for b in drawn[i + 1:]:
                    assert not a.rect.colliderect(b.rect), (a, b)
            assert all(rect.contains(r) for r, _, _ in view._cards)
            assert round(1000 * view.k) >= w - 1 or round(640 * view.k) >= h - 1


def test_draws_at_two_sizes_and_with_the_automa():
    pygame.init()
    surf = pygame.Surface((1920, 1080))
    from weather_tabletop.engine.match import Match

    for players in (1, 4):
        match = Match.start(GAME, mtts_config(players, 5))
        view = MachinesView(GAME, pygame.Rect(10, 10, 600, 590))
        for rect in (pygame.Rect(10, 10, 600, 590), pygame.Rect(480, 100, 900, 880)):
            view.resize(rect)
            state = GAME.view(match.state, 0)
            view.draw(surf, state, 0)
            assert view.pieces(state, 0)
            assert all(rect.contains(r) for r, _, _ in view._cards)


def test_every_legal_command_has_a_piece_and_a_place():
    """Each command the rules allow can be played on the board: a piece to click, or a piece
    and a lit place to drop it on (Bids, Projects, Advance/Demote, tokens, Actors, buttons)."""
    import random

    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    for players in (1, 3):
        config = GameConfig(GAME.id, mtts_config(players, 21).seats, (("actors", "yes"),), 21)
        match = Match.start(GAME, config)
        rng = random.Random(21)
        view = MachinesView(GAME, pygame.Rect(0, 0, 1010, 640),
                            context=ViewContext(config.seats, False, 1.0, TextCache()))
        while not match.is_over():
            seat = match.to_act()[0]
            state, legal = GAME.view(match.state, seat), match.legal(seat)
            reach = set()
            for p in view.pieces(state, seat):
                if p.key in view._clicks:
                    reach.add(view._clicks[p.key])
                reach.update(cmd for _, cmd in view.drop_targets(p, legal))
            assert set(legal) <= reach, set(legal) - reach
            match.submit(rng.choice(legal))


def test_bid_standing_follows_resolve_bids():
    """Market Step 2: a card is claimed with the most Experts AND at least its Rating; what a
    claimant still needs to lead and to claim are counted apart."""
    from weather_tabletop.games.machines_to_the_sky.state import AUTOMA, bid_standing

    ahead = bid_standing({0: 2, AUTOMA: 1}, 0, 1)  # 2 against the Automa's 1, Rating 1
    assert (ahead.leads, ahead.lead, ahead.claim) == (True, 0, 0)
    short = bid_standing({0: 2, AUTOMA: 1}, 0, 3)  # leads, but the Rating is 3
    assert (short.leads, short.claim) == (True, 1)
    behind = bid_standing({0: 0, AUTOMA: 1}, 0, 3)  # 2 to lead, 3 to meet the Rating
    assert (behind.lead, behind.claim) == (2, 3)
    tie = bid_standing({0: 1, 1: 1}, 0, 1)  # a tie is no lead
    assert (tie.lead, tie.claim) == (1, 1)


def test_the_bid_line_says_the_seat_already_leads():
    """With 2 Experts against the Automa's 1 on a Rating-1 card, the line under the card and its
    tooltip say the seat leads and meets the Rating, not that it must add Experts (issue 27)."""
    import dataclasses

    from weather_tabletop.engine.match import Match
    from weather_tabletop.i18n import tr
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    match = Match.start(GAME, mtts_config(1, 5))
    bot = GreedyPlayer(1)
    while match.state.phase != BIDDING:
        seat = match.to_act()[0]
        match.submit(bot.choose(GAME, GAME.view(match.state, seat), seat))
    state = GAME.view(match.state, 0)
    one = next(c for c in range(len(K.PROJECTS)) if K.PROJECTS[c].rating == 1)
    market = (one,) + tuple(state.market[1:])
    bids = ((2,),) + tuple((0,) for _ in state.market[1:])
    automa = (1,) + tuple(0 for _ in state.market[1:])
    state = dataclasses.replace(state, market=market, bids=bids, automa_bids=automa, current=0)
    text = TextCache()
    text.recording = []
    view = MachinesView(GAME, pygame.Rect(0, 0, 1010, 640),
                        context=ViewContext(match.config.seats, False, 1.0, text))
    view.draw(pygame.Surface((1010, 640)), state, 0)
    card = next(r for r, slot in view._slots if slot == 0)
    line = max((d for d in text.recording if card.left <= d.rect.centerx <= card.right
                and card.top <= d.rect.top <= card.bottom + 20),
               key=lambda d: d.rect.y)  # the lowest text of the card's column in the Market
    assert line.text == tr("mtts.view.bid_leading")
    tip = view.tooltip_at(line.rect.center, state)
    assert tip == tr("mtts.view.bid_leading_tip", name="Ada", have=2, rating=1,
                     what=tr("mtts.view.the_card"))
    assert "needs" not in tip


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_card_text_is_whole_at_the_default_size(players, monkeypatch):
    """Issue 27: at 1280x720 (a 1010 x 640 board, one unit a pixel) a card's text is whole on
    the board, never ending in "…": every card of a kind, drawn at each size the board gives that
    kind in the Market row (the Market, the Events, the Automa's cards) and in the hand, fits, in
    both languages."""
    import random

    from weather_tabletop import i18n
    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.screenshot import play_random
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    faces: set[tuple[str, int, int, int, int, int]] = set()
    real = va.draw_face

    def noting(paint, surf, r, kind, card, fs, min_px=12, body_px=None):
        # the Market row and the hand row. Not claimed here (the zoom shows them whole): a
        # second Event card beside 4 players' Market makes its cards narrower than 100 px, and
        # beside the Automa's two cards makes those 102 px wide, where some texts are cut
        top, hand = view_module.TOP, view_module.HAND
        wide = r.w >= (110 if kind == "automa" else 100)
        if surf.get_size() != r.size and (r.bottom <= top[0] + top[1] and wide
                                          or r.top >= hand[0]):
            faces.add((kind, r.w, r.h, fs, min_px, body_px))
        return real(paint, surf, r, kind, card, fs, min_px, body_px)

    monkeypatch.setattr(va, "draw_face", noting)
    counts = {"project": len(K.PROJECTS), "contact": len(K.CONTACTS), "event": len(K.EVENTS),
              "automa": len(K.AUTOMA), "actor": len(K.ACTORS)}
    match = Match.start(GAME, mtts_config(players, 7))
    for steps in (40, 120):
        play_random(match, random.Random(steps), steps)
        seat = match.to_act()[0] if match.to_act() else 0
        view = MachinesView(GAME, pygame.Rect(0, 0, 1010, 640), context=ViewContext(
            match.config.seats, False, 1.0, TextCache()))
        view.draw(pygame.Surface((1010, 640)), GAME.view(match.state, seat), seat)
    assert any(f[0] == "project" for f in faces)
    try:
        for lang in ("en", "zh-TW"):
            i18n.set_language(lang)
            paint = va.Painter(TextCache())
            for kind, w, h, fs, min_px, body_px in faces:
                surf = pygame.Surface((w + 2, h + 2))
                cut = [c for c in range(counts[kind])
                       if real(paint, surf, pygame.Rect(1, 1, w, h), kind, c, fs, min_px, body_px)]
                assert not cut, (lang, kind, w, h, [va.card_words(kind, c)[0] for c in cut])
    finally:
        i18n.set_language("en")


def test_the_discard_pile_has_a_place_of_its_own():
    """Issue 27: the Project discard pile is not drawn in the hand's row of cards: its panel is
    apart from the hand's, and no card of the hand lies over it."""
    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    match = Match.start(GAME, mtts_config(2, 5))
    bot = GreedyPlayer(1)
    while not match.state.project_discard or not match.state.players[match.to_act()[0]].hand:
        seat = match.to_act()[0]
        match.submit(bot.choose(GAME, GAME.view(match.state, seat), seat))
    seat = match.to_act()[0]
    state = GAME.view(match.state, seat)
    view = MachinesView(GAME, pygame.Rect(0, 0, 1010, 640),
                        context=ViewContext(match.config.seats, False, 1.0, TextCache()))
    view.draw(pygame.Surface((1010, 640)), state, seat)
    view._scale_to(1010, 640)
    pile = view._discard
    assert pile is not None
    hand_panel = view.R(0, view_module.HAND[0], view_module.BOARD[0] - view_module.DISCARD_W
                        - view_module.GAP, view_module.HAND[1])
    assert not pile.colliderect(hand_panel)
    hand = [p.shape for p in view.pieces(state, seat) if p.key[0] in ("hand", "contact")]
    assert hand and not any(bounds.colliderect(pile) for bounds in hand)
    assert any(r == pile for r, _kind, _card in view._cards)  # its top card zooms on hover


def test_board_text_grows_with_the_ui_scale():
    """Issue 27: at 1280x720 and 150% the board's text grows too (not only the side column's),
    as far as each label's box allows: no label is smaller than at 100%, and some are larger."""
    import random

    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.screenshot import play_random
    from weather_tabletop.ui.table_view import ViewContext
    from weather_tabletop.ui.theme import TextCache

    pygame.init()
    match = Match.start(GAME, mtts_config(3, 5))
    play_random(match, random.Random(5), 40)
    seat = match.to_act()[0]
    state = GAME.view(match.state, seat)
    sizes = {}
    for scale in (1.0, 1.5):
        text = TextCache()
        text.recording = []
        view = MachinesView(GAME, pygame.Rect(0, 0, 1000, 625),
                            context=ViewContext(match.config.seats, False, scale, text))
        view.draw(pygame.Surface((1000, 625)), state, seat)
        sizes[scale] = {(d.text, d.box.topleft): d.size for d in text.recording}
    both = sizes[1.0].keys() & sizes[1.5].keys()
    assert len(both) > 30
    assert all(sizes[1.5][k] >= sizes[1.0][k] for k in both)
    assert sum(sizes[1.5][k] > sizes[1.0][k] for k in both) >= 10
