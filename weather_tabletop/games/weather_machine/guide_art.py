"""Pictures for the Weather Machine player's guide (issue 14), drawn by the table's own code.

Two kinds:

* parts of the table: the table view (:class:`~.view.WeatherMachineView`) draws a game state
  reached in the recorded demo game, and the picture is the part of it a
  section is about (a Location panel, the Laboratory, the Workshop...), drawn at the size
  asked for. A
  state at a decision (moving the Scientist, paying Vouchers, placing a Workshop tile, an
  experiment) is drawn for the seat that decides, so its lit places and its choice box show as
  they do at the table;
* small pictures of pieces (the Scientist on an action space, the components, two Workshop
  tiles forming a Chemical space) made with :class:`~.view_art.Painter`.

``picture(name, width, text)`` returns a surface at most ``width`` wide; states and renders are
kept, so asking again is cheap.
"""

from __future__ import annotations

from typing import Callable

import pygame

from weather_tabletop.engine.match import Match
from weather_tabletop import i18n
from weather_tabletop.engine.protocol import SeatConfig
from weather_tabletop.i18n import tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import ViewContext
from weather_tabletop.ui.theme import TextCache

from . import view_art as va
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from .rules import GAME
from .state import WMState
from .view_layout import (BOARD_H, BOARD_W, GAP, GOAL_HAND, GOALS, LAB_H, LAB_W, LAB_Y, LINE,
                          OFFICE_ROWS, PANELS, TABS, TILES_BESIDE, VOUCHERS, WORKSHOP)

NAMES = ("Ada", "Ben", "Cleo", "Dev")
COLOURS = ("red", "blue", "yellow", "purple")


def _demo_states() -> dict[str, tuple[WMState, int | None]]:
    """For each of :data:`STATES`, the first state of the recorded demo game (three players,
    ``saves/weather-machine-demo-3p.wtsave``) that passes its test (the last state if none does),
    with the seat to act in it. Replaying the recorded commands takes a few hundredths of a
    second, where playing a game of computer players to these states took seconds."""
    from weather_tabletop import resources
    from weather_tabletop.engine.storage import SavedGame

    path = next(p for p in resources.demo_saves() if p.name.startswith("weather-machine"))
    recorded = SavedGame.replay(path).match
    match = Match.start(GAME, recorded.config)
    found: dict[str, WMState] = {}
    commands = [g.command for g in recorded.active if g.kind == "command" and g.command is not None]
    for command in commands + [None]:
        s = match.state
        for key, test in STATES.items():
            if key not in found and test(s):
                found[key] = s
        if command is None or len(found) == len(STATES):
            break
        match.submit(command)
    out = {}
    for key in STATES:
        s = found.get(key, match.state)
        acting = GAME.to_act(s)
        out[key] = (GAME.view(s, None), acting[0] if acting else None)
    return out


def _top(kind: str, **more: object) -> Callable[[WMState], bool]:
    def test(s: WMState) -> bool:
        if not s.stack or s.stack[-1].kind != kind:
            return False
        top = s.stack[-1]
        if "round" in more and s.round < more["round"]:
            return False
        if "loc" in more and getattr(top, "location", None) != more["loc"]:
            return False
        if "pending" in more and not s.pl[top.seat].pending_tokens:
            return False
        return True
    return test


#: the game states pictures are cut from: the first state of the demo game passing each test
STATES: dict[str, Callable[[WMState], bool]] = {
    "start": _top("supply_turn"),
    "move": _top("move", round=4),
    "pay": _top("pay", round=2),
    "tile": _top("tile_place", round=2),
    "experiment": _top("exp_pay"),
    "tokens": _top("tokens", round=3, pending=True),
    "late": _top("move", round=9),
    "over": lambda s: s.phase == "over",
}

#: picture name -> (state, design rectangle to show, whether drawn for the seat to act)
CROPS: dict[str, tuple[str, tuple[float, float, float, float], bool]] = {
    "board": ("late", (0, 0, BOARD_W, BOARD_H), False),
    "table": ("move", (0, 0, BOARD_W + GAP + LAB_W, BOARD_H), True),
    "supply": ("late", PANELS[SUPPLY], False),
    "government": ("late", PANELS[GOVERNMENT], False),
    "lab": ("late", PANELS[LAB], False),
    "rnd": ("late", PANELS[RND], False),
    "extreme": ("late", (PANELS[RND][0], 352, PANELS[RND][2], 80), False),
    "office-board": ("late", PANELS[OFFICE], False),
    "move": ("move", (0, 228, 305, 92), True),
    "laboratory": ("late", (0, LAB_Y, LAB_W, LAB_H), False),
    "start-laboratory": ("start", (0, LAB_Y, LAB_W, LAB_H), False),
    "vouchers": ("late", (0, LAB_Y + 36, LAB_W, VOUCHERS[3] + 8), False),
    "office": ("late", OFFICE_ROWS, False),
    "assembly-line": ("late", LINE, False),
    "goals": ("late", (0, LAB_Y + 246, LAB_W, GOALS[1] + GOALS[3] - LAB_Y - 246), False),
    "goal-hand": ("start", GOAL_HAND, False),
    "workshop": ("late", WORKSHOP, False),
    "tiles-beside": ("late", TILES_BESIDE, False),
    "pay": ("pay", (311, 40, 305, 164), True),
    "place-tile": ("tile", (0, LAB_Y + 400, LAB_W, 176), True),
    "experiment": ("experiment", (0, 145, 305, 128), True),
    "experiment-branch": ("experiment", PANELS[LAB], False),
    "tokens": ("tokens", (0, LAB_Y, LAB_W, 250), True),
    "tabs": ("over", TABS, False),
}

_states: dict[str, tuple[WMState, int | None]] = {}
_renders: dict[tuple, pygame.Surface] = {}
_pictures: dict[tuple, pygame.Surface] = {}


def _state(key: str) -> tuple[WMState, int | None]:
    if not _states:
        _states.update(_demo_states())
    return _states[key]


def _render(key: str, k: float, for_seat: bool, text: TextCache) -> pygame.Surface:
    """The whole table (board and Laboratory side by side) drawn by the table view at scale
    ``k`` (design units to pixels)."""
    from .view import WeatherMachineView  # the table view (pygame)

    state, seat = _state(key)
    viewer = seat if for_seat else None
    rkey = (key, round(k, 3), viewer)
    if rkey not in _renders:
        if len(_renders) > 24:
            _renders.clear()
        w = round((BOARD_W + GAP + LAB_W) * k)
        h = round(max(BOARD_H, LAB_H) * k)
        players = state.players
        ctx = ViewContext(seats=tuple(SeatConfig(NAMES[i], COLOURS[i]) for i in range(players)),
                          text=text)
        view = WeatherMachineView(GAME, pygame.Rect(0, 0, w, h), context=ctx)
        surf = pygame.Surface((w, h))
        surf.fill(theme.SKY)
        view.pieces(state, viewer)  # draws the state at once
        view.draw(surf, state, viewer)
        _renders[rkey] = surf
    return _renders[rkey]


def _crop(name: str, width: int, text: TextCache) -> pygame.Surface:
    key, (x, y, w, h), for_seat = CROPS[name]
    k = min(3.0, width / w)
    big = _render(key, k, for_seat, text)
    from .view_layout import Layout

    L = Layout(big.get_width(), big.get_height())
    r = L.r(x, y, w, h).clip(big.get_rect())
    out = big.subsurface(r).copy()
    if out.get_width() > width:
        h2 = max(1, round(out.get_height() * width / out.get_width()))
        out = pygame.transform.smoothscale(out, (width, h2))
    return out


# -- small pictures of pieces -----------------------------------------------------------------


def _caption(surf: pygame.Surface, text: TextCache, words: str, centre: tuple[int, int],
             size: int, width: int) -> None:
    img = text.render(words, max(9, size), theme.INK, width=width)
    surf.blit(img, img.get_rect(midtop=centre))


def _pieces(width: int, text: TextCache) -> pygame.Surface:
    """The pieces as the table draws them, each with its name."""
    paint = va.Painter(text)
    cols = 6
    cell = width // cols
    icon = max(16, int(cell * 0.55))
    font = max(9, int(cell * 0.16))
    rows = [[(what, tr(f"wm.guide.piece.{what}")) for what in line] for line in (
        ("scientist", "bot", "lativ", "assistant", "chemical", "part"),
        ("token", "award", "citation", "nobel", "lock", "voucher"))]
    row_h = icon + 3 * font + 10
    surf = pygame.Surface((cell * cols, row_h * len(rows) + 6))
    surf.fill(theme.PANEL)
    red = GAME.colours[0].rgb
    for j, row in enumerate(rows):
        for i, (what, label) in enumerate(row):
            cx = i * cell + cell // 2
            top = j * row_h + 4
            if what in ("scientist", "bot"):
                img = paint.lettered(what, icon, red, "R")
            elif what == "lativ":
                img = paint.tinted("lativ", icon, va.LATIV_RGB)
            elif what == "assistant":
                img = paint.tinted("assistant", icon, va.LATIV_RGB)
            elif what == "chemical":
                img = paint.tinted("chemical", icon, va.CHEM_RGB[0])
            elif what == "part":
                img = paint.tinted("part", icon, va.PART_RGB[0])
            elif what == "token":
                img = paint.research_token("G:2", icon)
            elif what == "award":
                img = paint.research_token("A", icon)
            elif what == "citation":
                img = paint.research_token("C", icon)
            elif what in ("nobel", "lock"):
                img = paint.svg(what, icon)
            else:
                small = icon // 2
                img = pygame.Surface((icon, icon), pygame.SRCALPHA)
                for n, t in enumerate((0, 1, 2, 3)):
                    img.blit(paint.voucher(t, small), ((n % 2) * small, (n // 2) * small))
            surf.blit(img, img.get_rect(midtop=(cx, top)))
            _caption(surf, text, label, (cx, top + icon + 2), font, cell - 4)
    return surf


def _space(width: int, text: TextCache) -> pygame.Surface:
    """A Main Location's three action spaces: the Scientist on the middle one, Lativ on the
    left one, and what the middle space gains."""
    paint = va.Painter(text)
    h = width // 2
    surf = pygame.Surface((width, h))
    surf.fill(theme.PANEL)
    head = pygame.Rect(0, 0, width, h // 6)
    pygame.draw.rect(surf, va.LOC_RGB[LAB], head)
    lab = text.render(tr("wm.view.title.lab"), max(9, head.h * 2 // 3), (255, 255, 255), bold=True)
    surf.blit(lab, lab.get_rect(midleft=(8, head.centery)))
    d = width // 6
    cy = head.bottom + d // 2 + 10
    words = tuple(tr(f"wm.guide.space.{k}") for k in ("both", "one", "one"))
    for i, vt in enumerate((1, 3, 3)):
        cx = width // 6 + i * width // 3
        pygame.draw.circle(surf, va.VOUCHER_RGB[vt], (cx, cy), d // 2, max(2, d // 12))
        icon = paint.voucher(vt, int(d * 0.6))
        surf.blit(icon, icon.get_rect(center=(cx, cy)))
        if i == 0:
            piece = paint.tinted("lativ", d, va.LATIV_RGB)
            surf.blit(piece, piece.get_rect(center=(cx, cy)))
        if i == 1:
            pygame.draw.circle(surf, theme.HIGHLIGHT, (cx, cy), d // 2 + 6, max(2, d // 10))
            piece = paint.lettered("scientist", d, GAME.colours[1].rgb, "B")
            surf.blit(piece, piece.get_rect(center=(cx, cy)))
        _caption(surf, text, words[i], (cx, cy + d // 2 + 8), max(9, width // 34), width // 3 - 6)
    gain = text.render(tr("wm.guide.space.gain"),
                       max(9, width // 30), theme.INK, bold=True, width=width - 16)
    surf.blit(gain, gain.get_rect(midbottom=(width // 2, h - 6)))
    return surf


def _tiles(width: int, text: TextCache) -> pygame.Surface:
    """Two Workshop tiles, one above the other: the touching half-circles match and form a
    Chemical space, with a Chemical of that colour on it."""
    paint = va.Painter(text)
    size = width // 4
    surf = pygame.Surface((width, 2 * size + 20))
    surf.fill(theme.PANEL)
    x = width // 4 - size // 2
    upper, lower = 5, 9  # Rain-Wind over Wind-Sun: Wind (white) touches Wind
    surf.blit(paint.tile(upper, False, size), (x, 10))
    surf.blit(paint.tile(lower, False, size), (x, 10 + size))
    chem = paint.tinted("chemical", size // 3, va.CHEM_RGB[1])
    surf.blit(chem, chem.get_rect(center=(x + size // 2, 10 + size)))
    words = tr("wm.guide.tiles")
    img = text.render(words, max(9, width // 30), theme.INK, width=width // 2 - 12)
    surf.blit(img, (width // 2, 14))
    return surf


def _nobel(width: int, text: TextCache) -> pygame.Surface:
    """Three Award tokens take the Nobel Prize."""
    paint = va.Painter(text)
    icon = width // 7
    surf = pygame.Surface((width, icon * 2 + 16))
    surf.fill(theme.PANEL)
    for i in range(3):
        img = paint.research_token("A", icon)
        surf.blit(img, (8 + i * (icon + 6), 8))
    x = 8 + 3 * (icon + 6)
    arrow = text.render("+", max(12, icon // 2), theme.INK, bold=True)
    surf.blit(arrow, arrow.get_rect(center=(x + icon // 3, 8 + icon // 2)))
    nobel = paint.svg("nobel", icon)
    surf.blit(nobel, (x + icon * 2 // 3, 8))
    words = tr("wm.guide.nobel")
    img = text.render(words, max(9, width // 30), theme.INK, width=width - 16)
    surf.blit(img, (8, 8 + icon + 6))
    out = pygame.Surface((width, min(surf.get_height(), 8 + icon + 12 + img.get_height())))
    out.blit(surf, (0, 0))
    return out


DRAWN: dict[str, Callable[[int, TextCache], pygame.Surface]] = {
    "pieces": _pieces, "action-space": _space, "workshop-tiles": _tiles, "nobel": _nobel,
}


def names() -> list[str]:
    return sorted(set(CROPS) | set(DRAWN))


def picture(name: str, width: int, text: TextCache) -> pygame.Surface:
    """The guide's picture ``name``, at most ``width`` pixels wide."""
    key = (name, width, i18n.language())  # a picture's words are the reader's
    if key not in _pictures:
        if name in DRAWN:
            surf = DRAWN[name](width, text)
        elif name in CROPS:
            surf = _crop(name, width, text)
        else:
            raise KeyError(f"no guide picture {name!r}")
        if len(_pictures) > 64:
            _pictures.clear()
        _pictures[key] = surf
    return _pictures[key]
