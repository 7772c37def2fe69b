"""The Weather Machine table: the main board drawn from the component data and the players'
Laboratories (the shown one large, the others as tabs that open on click).

It only draws and maps pointer positions to commands (the :class:`TableView` protocol):

* the Scientist onto an action space: ``MoveScientist`` (the spaces it may take are lit, each
  with the Vouchers it gains or pays written under it while the Scientist is to move);
* a Workshop tile of the offer (or the face-up stack) into the Workshop: ``ExtendWorkshop``;
  then the taken tile onto a lit Workshop position: ``PlaceTile`` (R or right-click rotates);
* a Bot of the Workshop onto the Government Machine, a Lab branch or an R&D Research space:
  ``SellPart`` / ``WorkOnExperiment`` / ``Research``;
* a Bot of the Assembly Line into the Workshop: ``ConstructBot``;
* a Chemical of the Supply into the Workshop: ``AcquireChemical``; one of the Workshop back
  onto the Supply: ``ReturnChemical``;
* a Research or Award token from the space to the top left of the Office onto an Office space:
  ``PlaceToken``; a Goal tile from below the Laboratory onto a Goal space: ``SetGoal``.

Choices that are not a movement (paying Vouchers and the Science or Executive Exchange, which
Voucher, Chemical, Part, Subsidy tile, benefit or Funding track, paying Science in an experiment,
taking Bots back, Parts and Chemicals Exchanges) are asked in a small dialog beside the board spot
they are about: one row per legal option saying what it does; a click on a row plays it (the rows
are pieces whose only drop target is themselves). The action list has the same options.

Surfaces: panel frames are one surface per size; everything the state decides is drawn once per
state (and shown laboratory / tile orientation) into a composite that a frame blits. That redraw
is done a panel at a time over the next frames (:class:`StagedRender`, about 1 ms a frame), the
last composite showing until the new one is complete; a press on the board completes it at once.
"""

from __future__ import annotations

import time
from typing import Any, Hashable, Iterator, Sequence

import pygame

from weather_tabletop.engine.protocol import Command, Game
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import DRAW_BUDGET, Circle, Piece, Shape, StagedRender, ViewContext

from . import board as B
from . import rules as R
from . import view_art as va
from . import view_scores
from . import words as T
from .board import D, W
from .commands import (AcquireChemical, ConstructBot, ExtendWorkshop, MoveScientist, PlaceTile,
                       PlaceToken, Research, ReturnChemical, SellPart, SetGoal, WorkOnExperiment)
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, TRACK_NAMES, V_SCI
from .state import BLOCKED, EMPTY, LATIV, PlayerState, WMState

ROMAN = ("", "I", "II", "III")


def cap(text: str) -> str:
    """``text`` with its first letter upper case (the rest unchanged)."""
    return text[:1].upper() + text[1:]
MAIN = (GOVERNMENT, LAB, RND)


class _Layout:
    """Where the panels go: a 1000 x 1000 design scaled by ``k`` and centred in the view."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.k = min(w / 1000, h / 1000)
        self.ox = (w - 1000 * self.k) / 2
        self.oy = (h - 1000 * self.k) / 2

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        return pygame.Rect(round(self.ox + x * k), round(self.oy + y * k), max(1, round(w * k)),
                           max(1, round(h * k)))

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.k), round(self.oy + y * self.k)

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    def font(self, v: float) -> int:
        return max(10, round(v * self.k))


PANELS = {SUPPLY: (0, 0, 328, 292), GOVERNMENT: (334, 0, 328, 292), LAB: (668, 0, 332, 292),
          RND: (0, 298, 470, 262), OFFICE: (476, 298, 524, 262)}
LAB_AREA = (0, 602, 1000, 398)
LENS_LAB = (0, 566, 1000, 434)  # the tabs and the Laboratory
LENS_BELOW = 0.8  # the magnifier is used when the design scale is below this
LENS_K = 0.95  # the magnifier's design scale
TAB_AREA = (0, 566, 1000, 32)

#: decisions that are not a movement, asked in a small dialog next to the board spot they are
#: about (design rectangle of that spot); their options are the legal commands of the step
CHOICE_SPOTS = {
    "pay": (8, 610, 180, 150), "gain_any": (8, 610, 180, 150),
    "take_chem": (0, 104, 328, 128), "xchem": (0, 104, 328, 128),
    "take_subsidy": (334, 196, 328, 96),
    "exp_pay": (668, 160, 332, 132), "exp_keep": (668, 160, 332, 132),
    "exp_benefit": (668, 92, 332, 200), "lock_pay": (668, 160, 332, 132),
    "lab_fund": (546, 448, 430, 108), "rnd_fund": (546, 448, 430, 108),
    "funding_any": (546, 448, 430, 108),
    "take_part": (436, 610, 556, 220), "xpart": (436, 610, 556, 220),
    "xpart_proto": (436, 610, 556, 220), "extra": (436, 610, 556, 220),
    "return_extra": (436, 610, 556, 220), "to_line": (8, 768, 180, 212),
    "bt_space": (0, 390, 470, 170), "prototype": (0, 390, 470, 170),
    "draft": (196, 842, 500, 100),
}
CHOICE_W = 340  # design width of the dialog
STEP_SECONDS = 0.5  # each step of Phase B or a Government run is shown this long
CHOICE_ROWS = 8  # options shown; any others stay in the action list
#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_pieces", "_tips", "_spaces", "_tabs", "_legal", "_choice_rows")


class WeatherMachineView:
    """The Weather Machine board and Laboratories (see the module docstring)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.ctx = context or ViewContext()
        self.paint = va.Painter(self.ctx.text)
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h)
        self._frame: pygame.Surface | None = None
        self._frame_key: tuple | None = None
        self._comp: pygame.Surface | None = None
        self._key: tuple | None = None
        self._stage = StagedRender()
        self._state: WMState | None = None
        self._pieces: list[Piece] = []
        self._tips: list[tuple[pygame.Rect, str]] = []
        self._spaces: dict[tuple, pygame.Rect] = {}
        self._tabs: list[tuple[pygame.Rect, int]] = []
        self._legal: list[Command] = []
        self._viewer: int | None = None
        self._pinned: int | None = None
        self.shown = 0
        self.flip = False
        self._hover: tuple[int, int] | None = None
        self._zoom: WeatherMachineView | None = None
        self._choice_rows: dict[int, tuple[pygame.Rect, Command]] = {}
        #: Phase B / Government run shown step by step: (design rectangle, caption) and the start
        self.steps: list[tuple[tuple[float, float, float, float], str]] = []
        self._steps_from = 0.0

    # -- helpers -----------------------------------------------------------------------------

    def _abs(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _tip(self, r: pygame.Rect, text: str) -> None:
        self._tips.append((self._abs(r), text))

    def _space(self, key: tuple, r: pygame.Rect) -> None:
        self._spaces[key] = self._abs(r)

    def _seat_rgb(self, seat: int) -> tuple[int, int, int]:
        return tuple(self.ctx.colour(self.game, seat).rgb)[:3]

    def _letter(self, seat: int) -> str:
        return self.ctx.colour(self.game, seat).letter

    def _who(self, seat: int) -> str:
        if seat == LATIV:
            return "Lativ"
        return self.ctx.name(seat)

    def _text(self, surf: pygame.Surface, text: str, size: float, colour: Any, pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, width: int | None = None) -> pygame.Rect:
        L = self.L
        if width:
            img = self.ctx.text.fit(text, L.font(size), colour, width, bold=bold)
        else:
            img = self.ctx.text.render(text, L.font(size), colour, bold=bold)
        r = img.get_rect(**{anchor: pos})
        surf.blit(img, r)
        return r

    # -- protocol ----------------------------------------------------------------------------

    @staticmethod
    def score_details(game: Game, match: Any, names: Sequence[str]
                      ) -> tuple[dict[int, list[tuple[str, Any]]], list[str]]:
        """The score screen's breakdown in words and the tiebreakers used (``view_scores``)."""
        return view_scores.score_details(game, match, names)

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h)
        self._frame_key = self._key = None
        self._comp = None
        self._stage.cancel()

    @property
    def busy(self) -> bool:
        """The new state's layer is still being drawn (the last one shows meanwhile)."""
        return self._stage.busy

    def draw(self, surface: pygame.Surface, view_state: Any, seat: int | None) -> None:
        self._ensure(view_state, seat, DRAW_BUDGET)
        assert self._comp is not None
        surface.blit(self._comp, self.rect.topleft)
        self._draw_step(surface)
        self._draw_lens(surface, view_state, seat)

    # -- Phase B and the Government running a branch, step by step ---------------------------

    def _queue_steps(self, a: WMState, b: WMState) -> None:
        """Compare two successive states; when the Government ran a branch (a column filled) or
        Phase B happened (Bots left the Weather Machine, the Assistant moved), show what changed
        one step at a time: the branch, the Bots leaving, the Assistant, the display, the Extreme
        Weather tiles and each player's CP. Steps are drawn over the board by :meth:`_draw_step`
        while frames go on (the log has the rules' sentence for each)."""
        if a.players != b.players or len(a.pl) != len(b.pl):
            return
        steps: list[tuple[tuple[float, float, float, float], str]] = []
        for col in range(W):  # a column just filled: the Government runs it
            if (all(x != EMPTY for x in b.gov_bots[col])
                    and any(x == EMPTY for x in a.gov_bots[col])):
                steps.append(((404 + col * 50, 88, 50, 100),
                              f"The Government runs its {T.weather(col)} branch: 3 CP per Bot."))
        for br in range(W):  # Bots leaving a branch of the Weather Machine (Phase B)
            left = [x for x, y in zip(a.lab[br], b.lab[br]) if x != EMPTY and y == EMPTY]
            if not left:
                continue
            mine = sorted({x for x in left if x >= 0})
            said = []
            if mine:
                said.append(f"the Bots of {T.and_list([self._who(x) for x in mine])} leave it")
            if LATIV in left:
                said.append("Lativ's Bots return to the side of the Lab")
            steps.append(((681 + br * 62, 160, 56, 128),
                          f"Phase B, the {T.weather(br)} branch: {T.and_list(said)}."))
        if not steps and b.assistant == a.assistant:
            return  # no branch ran: an ordinary action, nothing to replay
        if b.assistant != a.assistant:
            steps.append(((681 + b.assistant * 62, 160, 56, 22),
                          f"Lativ's Assistant moves to the {T.weather(b.assistant)} branch."))
        if b.exp_display != a.exp_display:
            steps.append(((810, 96, 188, 56), "The Experiment display changes."))
        for w in range(W):
            if b.ew_gov[w] != a.ew_gov[w] or b.ew_stack[w] != a.ew_stack[w]:
                steps.append(((8 + w * 92, 394, 84, 66),
                              f"A Government marker on the {T.weather(w)} Extreme Weather tile."
                              if b.ew_gov[w] > a.ew_gov[w] else
                              f"The {T.weather(w)} Extreme Weather tile changes."))
        for seat in range(b.players):
            gain = b.pl[seat].cp - a.pl[seat].cp
            if gain:
                steps.append(((486, 394, 504, 28), f"{self._who(seat)} {'+' if gain > 0 else ''}"
                                                  f"{gain} CP: now {b.pl[seat].cp}."))
        self.steps = steps
        self._steps_from = time.monotonic()

    def current_step(self) -> tuple[tuple[float, float, float, float], str] | None:
        """The step shown now (None once all were shown)."""
        if not self.steps:
            return None
        k = int((time.monotonic() - self._steps_from) / STEP_SECONDS)
        if k >= len(self.steps):
            self.steps = []
            return None
        return self.steps[k]

    def _draw_step(self, surface: pygame.Surface) -> None:
        step = self.current_step()
        if step is None:
            return
        L = self.L
        area, caption = step
        r = self._abs(L.r(*area))
        ring = L.n(4)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(2 * ring, 2 * ring), ring,
                         border_radius=L.n(6))
        img = self.ctx.text.render(caption, L.font(15), (255, 255, 255), bold=True, width=L.n(320))
        tag = va.badge(img, theme.INK, L.n(6))
        box = tag.get_rect(midtop=(r.centerx, r.bottom + ring + L.n(4)))
        if box.bottom > self.rect.bottom:
            box.midbottom = (r.centerx, r.y - ring - L.n(4))
        box.clamp_ip(self.rect)
        surface.blit(tag, box)

    # -- the magnifier for small windows ------------------------------------------------------

    def _pointer(self) -> tuple[int, int] | None:
        """Where the pointer is over the view (None: elsewhere, or a button is held)."""
        real = pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen")
        if real:  # the pointer itself (the last hover is stale once it left the board)
            if any(pygame.mouse.get_pressed()) or not pygame.mouse.get_focused():
                return None
            pos = pygame.mouse.get_pos()
        else:  # off-screen: the last position the table asked a tooltip for
            pos = self._hover
        return pos if pos is not None and self.rect.collidepoint(pos) else None

    def _draw_lens(self, surface: pygame.Surface, state: WMState, seat: int | None) -> None:
        """Below 1600 pixels of board, the part of a panel around the pointer is shown larger,
        centred so that the point under the pointer stays where it is (drags and tooltips keep
        working on what is seen)."""
        pos = self._pointer()
        if pos is None or self.L.k >= LENS_BELOW:
            return
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        area = next((a for a in (*PANELS.values(), LENS_LAB) if self.L.r(*a).collidepoint(local)), None)
        if area is None:
            return
        if self._zoom is None:
            self._zoom = WeatherMachineView(self.game, pygame.Rect(0, 0, 1, 1), context=self.ctx)
        big = round(1000 * LENS_K)
        if self._zoom.rect.size != (big, big):
            self._zoom.resize(pygame.Rect(0, 0, big, big))
        self._zoom._pinned, self._zoom.flip = self._pinned, self.flip
        self._zoom._viewer = seat
        self._zoom._ensure(state, seat)
        z = self._zoom.L.k / self.L.k
        small, large = self.L.r(*area), self._zoom.L.r(*area)
        mapped = (large.x + (local[0] - small.x) * z, large.y + (local[1] - small.y) * z)
        win = pygame.Rect(0, 0, round(self.rect.w * 0.62), round(self.rect.h * 0.4))
        win.center = (round(mapped[0]), round(mapped[1]))
        win = win.clip(large)
        dest = (round(pos[0] - (mapped[0] - win.x)), round(pos[1] - (mapped[1] - win.y)))
        frame = pygame.Rect(dest, win.size)
        pygame.draw.rect(surface, theme.INK, frame.inflate(6, 6), border_radius=6)
        surface.blit(self._zoom._comp, dest, win)

    def pieces(self, view_state: Any, seat: int | None) -> list[Piece]:
        self._ensure(view_state, seat)
        return self._pieces

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]:
        self._stage.run()  # the spaces of the state being drawn
        kind = piece.key[0]
        sp = self._spaces
        out: list[tuple[Shape, Command]] = []
        cells: dict[tuple, tuple[Shape, Command]] = {}
        if kind == "choice":
            row = self._choice_rows.get(piece.key[1])
            return [(row[0], row[1])] if row is not None and row[1] in legal_commands else []
        for c in legal_commands:
            key: tuple | None = None
            if kind == "sci" and isinstance(c, MoveScientist) and c.seat == piece.seat:
                key = ("act", c.location, c.space)
            elif kind == "bot" and isinstance(c, SellPart):
                key = ("gov", c.column, c.row)
            elif kind == "bot" and isinstance(c, WorkOnExperiment):
                key = ("lab", c.branch, c.space)
            elif kind == "bot" and isinstance(c, Research):
                key = ("rnd", c.branch, c.space)
            elif kind == "offer" and isinstance(c, ExtendWorkshop) and c.source == piece.key[1]:
                key = ("wsarea",)
            elif kind == "line" and isinstance(c, ConstructBot) and c.slot == piece.key[1]:
                key = ("wsarea",)
            elif kind == "chem" and isinstance(c, AcquireChemical) and c.weather == piece.key[1]:
                key = ("wsarea",)
            elif kind == "wschem" and isinstance(c, ReturnChemical) and c.weather == piece.key[1]:
                key = ("chemrow", c.weather)
            elif kind == "tok" and isinstance(c, PlaceToken) and c.token == piece.key[1]:
                key = ("office", c.row, c.col)
            elif kind == "goal" and isinstance(c, SetGoal) and c.goal == piece.key[1]:
                key = ("goal", c.space)
            elif kind == "newtile" and isinstance(c, PlaceTile):
                cell = ("ws", c.row, c.col)
                if cell in sp and (cell not in cells or c.flipped == self.flip):
                    cells[cell] = (sp[cell], c)
                continue
            if key is not None and key in sp:
                out.append((sp[key], c))
        return out + list(cells.values())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """View-only controls: a click on a tab shows that player's Laboratory; R or a
        right-click turns the Workshop tile being placed."""
        self._stage.run()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, seat in self._tabs:
                if r.collidepoint(event.pos):
                    self._pinned = seat
                    self._key = None
                    return True
            return False
        rotate = (event.type == pygame.KEYDOWN and event.key == pygame.K_r) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
        if rotate and self._placing_tile() is not None:
            self.flip = not self.flip
            self._key = None
            return True
        return False

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None:
        self._ensure(view_state, seat)
        if seat is None:
            return None
        kind = piece.key[0]
        hit = next((k for k, r in self._spaces.items() if r.collidepoint(pos) and k[0] != "wsarea"),
                   None)
        in_ws = "wsarea" in [k[0] for k, r in self._spaces.items() if r.collidepoint(pos)]
        if kind == "sci" and hit and hit[0] == "act":
            return MoveScientist(piece.seat if piece.seat is not None else seat, hit[1], hit[2])
        if kind == "bot" and hit:
            if hit[0] == "gov":
                return SellPart(seat, hit[1], hit[2])
            if hit[0] == "lab":
                return WorkOnExperiment(seat, hit[1], hit[2])
            if hit[0] == "rnd":
                return Research(seat, hit[1], hit[2])
        if kind == "newtile" and hit and hit[0] == "ws":
            return PlaceTile(seat, hit[1], hit[2], self.flip)
        if kind == "offer" and in_ws:
            return ExtendWorkshop(seat, piece.key[1])
        if kind == "line" and in_ws:
            return ConstructBot(seat, piece.key[1])
        if kind == "chem" and in_ws:
            return AcquireChemical(seat, piece.key[1])
        if kind == "wschem" and hit and hit[0] == "chemrow":
            return ReturnChemical(seat, piece.key[1])
        if kind == "tok" and hit and hit[0] == "office":
            return PlaceToken(seat, piece.key[1], hit[1], hit[2])
        if kind == "goal" and hit and hit[0] == "goal":
            return SetGoal(seat, piece.key[1], hit[1])
        return None

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        self._hover = pos
        if not self._stage.busy:  # while a new state is being drawn: the shown one's tooltips
            self._ensure(view_state, self._viewer)
        for r, text in reversed(self._tips):
            if r.collidepoint(pos):
                return text
        return None

    # -- caching -----------------------------------------------------------------------------

    def _placing_tile(self) -> int | None:
        s = self._state
        if s is None or not s.stack:
            return None
        top = s.stack[-1]
        return top[2] if top[0] == "tile_place" else None

    def _ensure(self, state: WMState, seat: int | None, budget: float | None = None) -> None:
        """Draw ``state`` for ``seat`` if it is not drawn yet: at once (``budget`` None), else
        within ``budget`` seconds of this frame, going on in the next frames."""
        if seat != self._viewer:
            self._viewer, self._pinned = seat, None
        acting = self.game.to_act(state)
        shown = self._pinned if self._pinned is not None else (
            seat if seat is not None else (acting[0] if acting else 0))
        shown = shown if 0 <= shown < state.players else 0
        fkey = (self.rect.size,)
        if fkey != self._frame_key:
            self._frame = self._render_frame()
            self._frame_key = fkey
            self._key = self._comp = None
        old = self._key
        key = (seat, shown, self.flip, self.ctx.colour_blind)
        if old is None or old[0] is not state or old[1:] != key:
            if self._state is not None and state is not self._state:
                self._queue_steps(self._state, state)
            self._state = state
            self.shown = shown
            self._key = (state, *key)
            self._stage.start(self._render(state, seat, shown), self, STAGED)
            if self._comp is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _render_frame(self) -> pygame.Surface:
        """The panels of the board and the Laboratory, one surface per size."""
        L = self.L
        surf = pygame.Surface((L.w, L.h))
        surf.fill(theme.SKY)
        titles = {SUPPLY: "1 · Supply", GOVERNMENT: "2 · Government", LAB: "3 · Lativ's Lab",
                  RND: "4 · Research & Development", OFFICE: "5 · Lativ's Office"}
        for loc, (x, y, w, h) in PANELS.items():
            r = L.r(x, y, w, h)
            pygame.draw.rect(surf, theme.PANEL, r, border_radius=L.n(10))
            head = L.r(x, y, w, 26)
            pygame.draw.rect(surf, va.LOC_RGB[loc], head, border_top_left_radius=L.n(10),
                             border_top_right_radius=L.n(10))
            pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(10))
            self._text(surf, titles[loc], 17, va.readable_on(va.LOC_RGB[loc]),
                       (head.x + L.n(8), head.centery), "midleft", bold=True)
        r = L.r(*LAB_AREA)
        pygame.draw.rect(surf, (250, 247, 240), r, border_radius=L.n(10))
        pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(10))
        # in the screen's format, so each state's copy is too (no conversion per state)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    # -- the state ---------------------------------------------------------------------------

    def _render(self, s: WMState, seat: int | None, shown: int) -> Iterator[None]:
        """Draw the state into a new composite, a panel per step (a generator: see
        :class:`StagedRender`); the composite replaces the shown one when all is drawn."""
        assert self._frame is not None
        comp = self._frame.copy()
        yield
        self._pieces, self._tips, self._spaces, self._tabs = [], [], {}, []
        acting = seat is not None and seat in self.game.to_act(s)
        self._legal = self.game.legal_commands(s, seat) if acting else []
        yield
        self._draw_supply(comp, s, seat)
        yield
        self._draw_government(comp, s)
        yield
        self._draw_lab(comp, s)
        yield
        self._draw_rnd(comp, s)
        yield
        yield from self._draw_office(comp, s)
        yield
        self._draw_tabs(comp, s, shown)
        yield from self._draw_laboratory(comp, s, shown, seat)
        yield
        self._draw_scientists(comp, s, seat)
        # pieces something can be done with now are picked first (the end of the list)
        if self._legal:
            self._pieces.sort(key=lambda p: bool(self.drop_targets(p, self._legal)))
        self._choice_rows: dict[int, tuple[pygame.Rect, Command]] = {}
        if acting and s.stack and s.stack[-1][1] == seat and s.stack[-1][0] in CHOICE_SPOTS:
            yield
            self._draw_choice(comp, s, seat)
        yield
        self._comp = comp

    def _lit(self, surf: pygame.Surface, r: pygame.Rect, circle: bool = False) -> None:
        """The spot under a piece that can be moved now."""
        L = self.L
        if circle:
            pygame.draw.circle(surf, theme.HIGHLIGHT, r.center, r.w // 2 + L.n(5))
        else:
            pygame.draw.rect(surf, theme.HIGHLIGHT, r.inflate(L.n(8), L.n(8)), border_radius=L.n(6))

    def _movable(self, kind: str, arg: Hashable = None, seat: int | None = None) -> bool:
        piece = Piece((kind, arg), pygame.Rect(0, 0, 1, 1), seat=seat)
        if kind == "bot":
            return any(isinstance(c, (SellPart, WorkOnExperiment, Research)) for c in self._legal)
        if kind == "newtile":
            return any(isinstance(c, PlaceTile) for c in self._legal)
        # the targets need registered spaces; the kinds of command are enough here
        types = {"sci": MoveScientist, "offer": ExtendWorkshop, "line": ConstructBot,
                 "chem": AcquireChemical, "wschem": ReturnChemical, "tok": PlaceToken,
                 "goal": SetGoal}[kind]
        for c in self._legal:
            if not isinstance(c, types):
                continue
            if kind == "sci" and c.seat == piece.seat:
                return True
            if kind == "offer" and c.source == arg or kind == "line" and c.slot == arg:
                return True
            if kind in ("chem", "wschem") and c.weather == arg:
                return True
            if kind == "tok" and c.token == arg or kind == "goal" and c.goal == arg:
                return True
        return False

    def _action_spaces(self, surf: pygame.Surface, s: WMState, loc: int, seat: int | None) -> None:
        """The action spaces of a location along the top of its panel."""
        L = self.L
        x, y, w, _h = PANELS[loc]
        n = B.spaces_of(loc)
        moving = (self._legal and any(isinstance(c, MoveScientist) for c in self._legal))
        for i in range(n):
            cx = x + 34 + i * 62
            r = L.r(cx - 22, y + 32, 44, 44)
            occ = B.occupant(s, loc, i)
            fill = va.LOC_RGB[loc] if occ != BLOCKED else (160, 166, 172)
            pygame.draw.circle(surf, (244, 246, 248), r.center, r.w // 2)
            pygame.draw.circle(surf, fill, r.center, r.w // 2, L.n(4))
            if loc == SUPPLY:
                sym, desc = "any", "any number of Supply actions, each as often as you like"
                gain = "Gain any 1 Voucher (and 1 Science Voucher if Lativ is in Supply), then pay " \
                       "1 Voucher of any type for each other Scientist to the left of this space."
            else:
                vt, symbol = D.main_spaces[loc][i]
                sym = "/" if symbol == "/" else "&"
                desc = T.symbol(loc, i)
                icon = self.paint.voucher(vt, L.n(24))
                surf.blit(icon, icon.get_rect(midbottom=(r.centerx, r.centery + L.n(2))))
                gain = (f"Gain {T.a_voucher(vt)}, plus 1 more for each other Scientist to the left "
                        f"of this space, and 1 Science Voucher if Lativ is to your left.")
            self._text(surf, sym, 15, theme.INK, (r.centerx, r.bottom - L.n(2)), "midbottom", bold=True)
            if occ == BLOCKED:
                pygame.draw.line(surf, theme.INK_SOFT, r.topleft, r.bottomright, L.n(3))
            self._space(("act", loc, i), r)
            who = {EMPTY: "It is empty.", BLOCKED: "", LATIV: "Lativ stands here."}.get(
                occ, f"{self._who(occ)}'s Scientist stands here." if occ >= 0 else "")
            if occ == BLOCKED:
                tip = (f"{cap(T.space(loc, i))}: blocked in a 2-player game by a Voucher "
                       f"marker of a non-player colour; it cannot be used.")
            else:
                tip = f"{cap(T.space(loc, i))}: {gain} Then {desc}. {who}"
            self._tip(r, tip)
            if moving and seat is not None and MoveScientist(seat, loc, i) in self._legal:
                self._gain_label(surf, s, seat, loc, i, r)
        if loc == SUPPLY:
            # Lativ's own space in Supply
            r = L.r(x + 34 + 4 * 62 - 20, y + 34, 40, 40)
            pygame.draw.circle(surf, (236, 238, 241), r.center, r.w // 2)
            pygame.draw.circle(surf, va.LATIV_RGB, r.center, r.w // 2, L.n(2))
            self._text(surf, "Lativ", 13, theme.MUTED, (r.centerx, r.bottom + L.n(1)), "midtop")
            if s.lativ_loc == SUPPLY:
                img = self.paint.svg("lativ", L.n(36))
                surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, "Lativ's space in Supply. While Lativ is in Supply, a Scientist moving "
                         "here also gains 1 Science Voucher; then Lativ moves on to Government.")

    def _gain_label(self, surf: pygame.Surface, s: WMState, seat: int, loc: int, i: int,
                    r: pygame.Rect) -> None:
        """What moving the Scientist to this space gains or pays, written under it."""
        n, sci, pay = R.move_gains(s, seat, loc, i)
        if loc == SUPPLY:
            parts = ["+1 any"] + (["+1 Sci"] if sci else []) + ([f"pay {pay}"] if pay else [])
        else:
            vt = D.main_spaces[loc][i][0]
            parts = [f"+{n} {va.VOUCHER_SHORT[vt]}"] + (["+1 Sci"] if sci else [])
        img = self.ctx.text.render("\n".join(parts), self.L.font(13), theme.INK, bold=True,
                                   width=self.L.n(60))
        tag = va.badge(img, theme.HIGHLIGHT, self.L.n(4))
        surf.blit(tag, tag.get_rect(midtop=(r.centerx, r.bottom + self.L.n(2))))

    def _draw_scientists(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        size = L.n(40)
        for i, p in enumerate(s.pl):
            if p.location == OFFICE or p.location not in self._spaces_loc():
                continue
            key = ("act", p.location, p.space)
            if key not in self._spaces:
                continue
            r = self._spaces[key].move(-self.rect.x, -self.rect.y)
            img = self.paint.lettered("scientist", size, self._seat_rgb(i), self._letter(i), 0.08)
            box = img.get_rect(center=r.center)
            movable = self._movable("sci", None, i) if i == seat else False
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            self._pieces.append(Piece(("sci", i), self._abs(box), f"{self._who(i)}'s Scientist", i,
                                      img, draggable=True))
            self._tips.append((self._abs(box), f"{self._who(i)}'s Scientist at "
                                               f"{T.space(p.location, p.space)}."
                               + (" Drag it to a lit action space to move it." if movable else "")))
        # Lativ on an action space
        if s.lativ_loc in MAIN and s.lativ_space >= 0:
            r = self._spaces[("act", s.lativ_loc, s.lativ_space)].move(-self.rect.x, -self.rect.y)
            img = self.paint.svg("lativ", L.n(40))
            surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, f"Lativ stands on {T.space(s.lativ_loc, s.lativ_space)}: a Scientist "
                         f"placed to his right gains 1 Science Voucher. When a Scientist arrives at "
                         f"his Location he moves on.")

    # -- choices that are not a movement ---------------------------------------------------------

    def _choice_words(self, s: WMState, c: Command) -> str:
        """The option as the action list says it, without the player's name in front."""
        text = self.game.describe_command(s, c)
        who = R.name_of(s, c.seat) + " "
        return cap(text[len(who):] if text.startswith(who) else text)

    def _draw_choice(self, surf: pygame.Surface, s: WMState, seat: int) -> None:
        """A small dialog next to the spot the decision is about: what is decided, and one row per
        legal option stating its consequence. A click on a row plays it (the rows are pieces whose
        only target is themselves); the action list has the same options."""
        L = self.L
        step = s.stack[-1]
        spot = L.r(*CHOICE_SPOTS[step[0]])
        title = f"{self._who(seat)} {R.step_title(s, step)}"
        purpose = R.pay_purpose(s, step) if step[0] == "pay" else ""
        if purpose:
            title += f" {purpose}"
        options = self._legal[:CHOICE_ROWS]
        w = L.n(CHOICE_W)
        pad = L.n(8)
        inner = w - 2 * pad
        head = self.ctx.text.render(title + ":", L.font(14), (255, 255, 255), bold=True, width=inner)
        texts = [self.ctx.text.render(self._choice_words(s, c), L.font(13), theme.INK, width=inner - L.n(10))
                 for c in options]
        more = len(self._legal) - len(options)
        foot = (self.ctx.text.render(f"{more} more in the action list", L.font(12), theme.MUTED,
                                     width=inner) if more > 0 else None)
        gap = L.n(4)
        h = (pad + head.get_height() + pad + sum(t.get_height() + 2 * gap + gap for t in texts)
             + (foot.get_height() + gap if foot else 0) + pad)
        box = pygame.Rect(0, 0, w, h)
        area = pygame.Rect(0, 0, L.w, L.h)
        # beside the spot where there is room (right, left, below, above), else over it
        for place in ("right", "left", "below", "above"):
            if place == "right":
                box.topleft = (spot.right + L.n(6), spot.y)
            elif place == "left":
                box.topright = (spot.x - L.n(6), spot.y)
            elif place == "below":
                box.topleft = (spot.x, spot.bottom + L.n(6))
            else:
                box.bottomleft = (spot.x, spot.y - L.n(6))
            if area.contains(box):
                break
        box.clamp_ip(area)
        shadow = box.move(L.n(3), L.n(4))
        pygame.draw.rect(surf, (150, 160, 170), shadow, border_radius=L.n(8))
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=L.n(8))
        band = pygame.Rect(box.x, box.y, box.w, head.get_height() + 2 * pad)
        pygame.draw.rect(surf, theme.INK, band, border_top_left_radius=L.n(8),
                         border_top_right_radius=L.n(8))
        pygame.draw.rect(surf, theme.INK, box, L.n(2), border_radius=L.n(8))
        pygame.draw.rect(surf, theme.HIGHLIGHT, spot, L.n(3), border_radius=L.n(6))
        surf.blit(head, (box.x + pad, box.y + pad))
        y = band.bottom + gap
        for i, (c, img) in enumerate(zip(options, texts)):
            row = pygame.Rect(box.x + pad, y, inner, img.get_height() + 2 * gap)
            pygame.draw.rect(surf, (252, 240, 212), row, border_radius=L.n(5))
            pygame.draw.rect(surf, theme.HIGHLIGHT, row, L.n(2), border_radius=L.n(5))
            surf.blit(img, (row.x + L.n(5), row.y + gap))
            self._choice_rows[i] = (self._abs(row), c)
            self._pieces.append(Piece(("choice", i), self._abs(row), self._choice_words(s, c), seat,
                                      surf.subsurface(row).copy()))
            self._tip(row, f"{self._choice_words(s, c)}. Click to choose it.")
            y = row.bottom + gap
        if foot is not None:
            surf.blit(foot, (box.x + pad, y))

    @staticmethod
    def _spaces_loc() -> tuple[int, ...]:
        return (SUPPLY, GOVERNMENT, LAB, RND)

    # -- Supply --------------------------------------------------------------------------------

    def _draw_supply(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        x, y, w, h = PANELS[SUPPLY]
        self._action_spaces(surf, s, SUPPLY, seat)
        # chemicals: five rows of five slots in three sections
        top = y + 112
        slot = 34
        gx = x + 92
        for i in range(5):
            sec = D.chem_section[i]
            cx = gx + i * slot + slot // 2
            self._text(surf, f"{D.chem_take[sec]}", 14, theme.INK, L.p(cx, top - 16), "center", bold=True)
            self._text(surf, f"+{D.chem_return[sec]}", 12, theme.MUTED, L.p(cx, top - 3), "center")
        self._text(surf, "cost", 12, theme.MUTED, L.p(gx - 6, top - 16), "midright")
        self._text(surf, "return", 12, theme.MUTED, L.p(gx - 6, top - 3), "midright")
        for sec_start, sec_end in ((0, 2), (2, 4), (4, 5)):
            r = L.r(gx + sec_start * slot + 1, top + 6, (sec_end - sec_start) * slot - 2, 5 * 22 + 4)
            pygame.draw.rect(surf, (238, 244, 247), r, border_radius=L.n(5))
        for wi in range(W):
            ry = top + 8 + wi * 22
            row = L.r(x + 8, ry, gx - x - 8 + 5 * slot, 22)
            self._space(("chemrow", wi), row)
            self._text(surf, f"{D.chemical_names[wi]}", 13, theme.INK_SOFT, L.p(gx - 6, ry + 11),
                       "midright", width=L.n(80))
            left = B.supply_leftmost(s, wi)
            for i in range(5):
                c = L.p(gx + i * slot + slot // 2, ry + 11)
                sec = D.chem_section[i]
                if s.chem_supply[wi][i]:
                    img = self.paint.tinted("chemical", L.n(20), va.CHEM_RGB[wi])
                    box = img.get_rect(center=c)
                    if i == left and self._movable("chem", wi):
                        self._lit(surf, box, circle=True)
                    surf.blit(img, box)
                    if i == left:
                        self._pieces.append(Piece(("chem", wi), self._abs(box),
                                                  f"{D.chemical_names[wi]}", None, img))
                    state = "here"
                else:
                    pygame.draw.circle(surf, va.CHEM_RGB[wi], c, L.n(7), L.n(2))
                    state = "empty"
                self._tip(pygame.Rect(c[0] - L.n(13), c[1] - L.n(12), L.n(26), L.n(24)),
                          f"{T.chemical(wi)[2:]} ({T.weather(wi)}), slot {i + 1}: {state}. Acquire the "
                          f"leftmost one for {D.chem_take[sec]} Supply Voucher"
                          f"{'s' if D.chem_take[sec] != 1 else ''}; a Chemical returned to this "
                          f"slot gains {D.chem_return[sec]}."
                          + (" Drag it into your Workshop to acquire it." if i == left and
                             self._movable("chem", wi) else ""))
        # the Workshop tile offer and the two stacks
        ty = y + 254
        ts = 36
        self._text(surf, "Workshop tiles", 13, theme.MUTED, L.p(x + 10, ty - 12), "midleft", bold=True)
        for i in range(6):
            r = L.r(x + 10 + i * 50, ty - 2, ts, ts)
            if i < 4:
                t = s.offer[i]
                label = f"space {i + 1} of the offer"
            elif i == 4:
                t = s.up_stack[0] if s.up_stack else EMPTY
                label = f"the face-up stack ({len(s.up_stack)} tiles)"
            else:
                t = EMPTY
            if i == 5:
                pygame.draw.rect(surf, (120, 132, 146), r, border_radius=L.n(5))
                self._text(surf, f"{len(s.down_stack)}", 16, (255, 255, 255), r.center, "center", bold=True)
                self._tip(r, f"The face-down stack of Workshop tiles: {len(s.down_stack)} tiles. It "
                             f"is turned over when the face-up stack is empty.")
                continue
            if t == EMPTY:
                pygame.draw.rect(surf, theme.LINE, r, L.n(2), border_radius=L.n(5))
                self._tip(r, f"Workshop tile offer, {label}: empty.")
                continue
            img = self.paint.tile(t, False, r.w)
            if self._movable("offer", i):
                self._lit(surf, r)
            surf.blit(img, r)
            if i == 4:
                self._text(surf, f"{len(s.up_stack)}", 12, theme.INK, (r.right, r.bottom), "bottomright", bold=True)
            self._pieces.append(Piece(("offer", i), self._abs(r), T.tile(t), None, img))
            self._tip(r, f"{cap(T.tile(t))} ({label}). Extend Workshop: pay 1 Supply "
                         f"Voucher, take it and place it in your Workshop; the colours of touching "
                         f"half-circles must match."
                      + (" Drag it into your Workshop." if self._movable("offer", i) else ""))

    # -- Government ----------------------------------------------------------------------------

    def _draw_government(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[GOVERNMENT]
        self._action_spaces(surf, s, GOVERNMENT, self._viewer)
        self._text(surf, f"markers {s.gov_markers}", 13, (255, 255, 255), L.p(x + w - 8, y + 13),
                   "midright")
        self._tip(L.r(x + w - 90, y, 90, 26), f"Government markers in the Government area: "
                                              f"{s.gov_markers}. One goes to an Extreme Weather tile "
                                              f"each time a branch of the Government Machine runs.")
        col_w = 50
        gx = x + 70
        # machine: 3 Bot spaces per column coloured by Machine Part; row 0 on top
        for col in range(W):
            cx = gx + col * col_w + col_w // 2
            self._text(surf, va.WEATHER_SHORT[col], 13, theme.INK_SOFT, L.p(cx, y + 100), "center", bold=True)
            for row in range(3):
                c = L.p(cx, y + 120 + row * 22)
                colour = D.gov_colours[col][row]
                r = pygame.Rect(0, 0, L.n(20), L.n(20))
                r.center = c
                pygame.draw.rect(surf, va.PART_RGB[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
                occ = s.gov_bots[col][row]
                if occ >= 0:
                    img = self.paint.lettered("bot", L.n(20), self._seat_rgb(occ), self._letter(occ))
                    surf.blit(img, img.get_rect(center=c))
                self._space(("gov", col, row), r)
                self._tip(r, f"{cap(T.gov_space(col, row))}: "
                             + (f"{self._who(occ)}'s Bot. " if occ >= 0 else "empty. ")
                             + f"Sell a Part here needs a {D.part_colours[colour]} Machine Part; "
                               f"when the column is full it runs (3 CP per Bot).")
        self._text(surf, "tokens", 11, theme.MUTED, L.p(x + 8, y + 186), "midleft")
        for col in range(W):
            cx = gx + col * col_w + col_w // 2
            self._token_stack(surf, f"G:{col}", s.gov_tokens[col], L.p(cx, y + 186), 16,
                              f"Government Research tokens of {T.weather(col)}: {s.gov_tokens[col]} "
                              f"left. Sell a Part in this column takes one (an Investment tile when "
                              f"none is left).")
        # subsidy grid
        for row in range(3):
            ry = y + 200 + row * 24
            self._text(surf, va.short_benefits(D.gov_row_benefit[row]), 12, theme.INK_SOFT,
                       L.p(gx - 6, ry + 11), "midright", width=L.n(60))
            self._tip(L.r(x, ry, 64, 24), f"Secure Subsidy on this row gains "
                                          f"{T.benefits(D.gov_row_benefit[row])}.")
            for col in range(W):
                r = L.r(gx + col * col_w + 3, ry, col_w - 6, 22)
                cell = s.gov_grid[col][row]
                if cell.startswith("S"):
                    tid = int(cell[1:-1])
                    up = cell.endswith("+")
                    kind = D.subsidy_types[D.subsidy_tiles[tid]]
                    fill = va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220)
                    pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
                    self._text(surf, va.SUBSIDY_SHORT[kind], 12, (255, 255, 255) if up else theme.INK_SOFT,
                               r.center, "center", bold=True)
                    tip = (f"{cap(T.subsidy(tid))}, "
                           f"{'blue side up' if up else 'flipped'}: it gives {T.benefit(kind)}. "
                           + ("Secure Subsidy (2 Government Vouchers) gains it and "
                              f"{T.benefits(D.gov_column_benefit[col])} and "
                              f"{T.benefits(D.gov_row_benefit[row])}, then flips it." if up else
                              "A flipped tile can still be taken by Sell a Part."))
                elif cell.startswith("P"):
                    colour = int(cell[1:])
                    pygame.draw.rect(surf, (236, 240, 244), r, border_radius=L.n(4))
                    img = self.paint.tinted("part", L.n(20), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=r.center))
                    tip = f"{cap(T.part(colour))}, sold to the Government."
                else:
                    pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                    tip = "An empty space of the Subsidy grid."
                self._tip(r, tip)
        for col in range(W):
            cx = gx + col * col_w + col_w // 2
            rr = self._text(surf, va.short_benefits(D.gov_column_benefit[col]), 12, theme.INK_SOFT,
                            L.p(cx, y + 282), "center", width=L.n(col_w))
            self._tip(rr, f"Secure Subsidy in the {T.weather(col)} column gains "
                          f"{T.benefits(D.gov_column_benefit[col])}.")

    def _token_stack(self, surf: pygame.Surface, token: str, n: int, c: tuple[int, int], size: float,
                     tip: str) -> None:
        L = self.L
        img = self.paint.research_token(token, L.n(size))
        box = img.get_rect(center=(c[0] - L.n(6), c[1]))
        if n:
            surf.blit(img, box)
        else:
            pygame.draw.circle(surf, theme.LINE, box.center, box.w // 2, 1)
        self._text(surf, f"{n}", 13, theme.INK, (box.right + L.n(2), c[1]), "midleft", bold=True)
        self._tip(box.inflate(L.n(14), 0), tip)

    # -- Lab -----------------------------------------------------------------------------------

    def _exp_tile(self, surf: pygame.Surface, e: int, r: pygame.Rect, where: str) -> None:
        L = self.L
        if e == EMPTY:
            pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
            self._tip(r, f"{where}: empty.")
            return
        x = D.experiments[e]
        pygame.draw.rect(surf, va.CHEM_RGB[x.weather], r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
        ink = va.readable_on(va.CHEM_RGB[x.weather])
        fit = r.w - L.n(4)
        self._text(surf, f"{va.WEATHER_SHORT[x.weather]} {ROMAN[x.stage]}", 12, ink,
                   (r.centerx, r.y + L.n(2)), "midtop", bold=True, width=fit)
        self._text(surf, f"{x.science} Sci", 11, ink, (r.centerx, r.centery + L.n(1)), "center", width=fit)
        self._text(surf, f"{x.cp} CP/Bot", 11, ink, (r.centerx, r.bottom - L.n(1)), "midbottom", width=fit)
        a, b = x.benefits
        self._tip(r, f"{where}: {T.experiment(e)}. When it runs, each player with Bots in the "
                     f"{T.weather(x.weather)} branch may pay {x.science} Science Voucher"
                     f"{'s' if x.science != 1 else ''} for {x.cp} CP per Bot and either "
                     f"{T.benefits(a)} or {T.benefits(b)}.")

    def _draw_lab(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[LAB]
        self._action_spaces(surf, s, LAB, self._viewer)
        self._text(surf, f"Lativ's Bots {s.lativ_side}", 13, (255, 255, 255),
                   L.p(x + w - 8, y + 13), "midright")
        self._tip(L.r(x + w - 110, y, 110, 26), f"Lativ's Bots beside the Lab: {s.lativ_side}. "
                                                f"When Lativ moves, one goes to the active branch.")
        # experiment deck, the tile below it, the display
        ey = y + 98
        tw, th = 56, 48
        deck = L.r(x + 8, ey, tw, th)
        top = s.exp_deck[0] if s.exp_deck else EMPTY
        self._exp_tile(surf, top, deck, f"The Experiment deck ({len(s.exp_deck)} tiles), top tile")
        self._text(surf, f"deck {len(s.exp_deck)}", 11, theme.MUTED, (deck.centerx, deck.bottom + L.n(1)), "midtop")
        below = L.r(x + 8 + tw + 6, ey, tw, th)
        self._exp_tile(surf, s.exp_below, below, "The tile below the deck (next into the display)")
        self._text(surf, "next", 11, theme.MUTED, (below.centerx, below.bottom + L.n(1)), "midtop")
        for i in range(3):
            r = L.r(x + 8 + 2 * (tw + 6) + 10 + i * (tw + 6), ey, tw, th)
            self._exp_tile(surf, s.exp_display[i], r, f"The Experiment display, space {i + 1}")
        self._text(surf, "display", 11, theme.MUTED,
                   L.p(x + 8 + 2 * (tw + 6) + 10 + 1.5 * (tw + 6) - 3, ey + th + 8), "center")
        # the machine: five branches of spaces (space 0 at the bottom)
        bw = 62
        bx = x + 10
        by = y + 164
        for b in range(W):
            cx = bx + b * bw + bw // 2
            head = L.r(cx - 28, by, 56, 18)
            active = b == s.assistant
            pygame.draw.rect(surf, va.CHEM_RGB[b], head, border_radius=L.n(4))
            if active:
                pygame.draw.rect(surf, theme.INK, head, L.n(2), border_radius=L.n(4))
            self._text(surf, va.WEATHER_SHORT[b], 12, va.readable_on(va.CHEM_RGB[b]), head.center, "center", bold=True)
            self._tip(head, f"The {T.weather(b)} branch of the Weather Machine"
                            + (": active (Lativ's Assistant is here). In Phase B it runs if every "
                               "space is full and the display shows a matching Experiment tile."
                               if active else "."))
            n = D.lab_spaces[b]
            for i in range(n):
                c = L.p(cx, by + 30 + (n - 1 - i) * 22)
                r = pygame.Rect(0, 0, L.n(20), L.n(20))
                r.center = c
                pygame.draw.rect(surf, (234, 244, 238), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[LAB], r, 1, border_radius=L.n(4))
                occ = s.lab[b][i]
                if occ >= 0:
                    img = self.paint.lettered("bot", L.n(20), self._seat_rgb(occ), self._letter(occ))
                    surf.blit(img, img.get_rect(center=c))
                elif occ == LATIV:
                    img = self.paint.tinted("bot", L.n(20), va.LATIV_RGB)
                    surf.blit(img, img.get_rect(center=c))
                self._space(("lab", b, i), r)
                who = (f"{self._who(occ)}'s Bot" if occ >= 0 else "one of Lativ's Bots"
                       if occ == LATIV else "empty")
                self._tip(r, f"The {T.branch_space(i)} of the {T.weather(b)} branch: {who}. "
                             f"Work on Experiment places a Bot here"
                             + (" (Lativ's Bot moves aside)." if occ == LATIV else "."))
            ay = by + 30 + n * 22 - 6
            if active:
                img = self.paint.svg("assistant", L.n(22))
                surf.blit(img, img.get_rect(center=L.p(cx - 14, ay + 8)))
            lock = L.r(cx - 3, ay, 16, 16)
            if s.locks[b]:
                surf.blit(self.paint.svg("lock", lock.w), lock)
                self._tip(lock, f"The Citation space of {T.weather(b)} is locked: no paper on "
                                f"{T.weather(b)} published and its R&D branch not complete, so it "
                                f"cannot be cited yet.")
            else:
                pygame.draw.circle(surf, theme.LINE, lock.center, lock.w // 2, 1)
                self._tip(lock, f"The Citation space of {T.weather(b)} is open: a row of "
                                f"{T.weather(b)} with 2 tokens may cite previous work.")
            self._token_stack(surf, f"L:{b}", s.lab_tokens[b], L.p(cx + 2, ay + 26), 16,
                              f"Lab Research tokens of {T.weather(b)}: {s.lab_tokens[b]} left; a "
                              f"player whose experiment runs takes one.")

    # -- R&D -----------------------------------------------------------------------------------

    def _draw_rnd(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[RND]
        self._action_spaces(surf, s, RND, self._viewer)
        bw = 92
        bx = x + 4
        ty = y + 96
        for b in range(W):
            cx = bx + b * bw + bw // 2
            # the Extreme Weather tile on top of this branch
            t = B.top_extreme(s, b)
            tile = L.r(cx - 42, ty, 84, 66)
            if t is None:
                pygame.draw.rect(surf, theme.LINE, tile, 1, border_radius=L.n(5))
                self._tip(tile, f"No Extreme Weather tile of {T.weather(b)}: the weather is fixed.")
            else:
                x_ = D.extremes[t]
                pygame.draw.rect(surf, va.CHEM_RGB[b], tile, border_radius=L.n(5))
                pygame.draw.rect(surf, theme.INK_SOFT, tile, 1, border_radius=L.n(5))
                ink = va.readable_on(va.CHEM_RGB[b])
                self._text(surf, f"{va.WEATHER_SHORT[b]} L{x_.level}", 12, ink,
                           (tile.x + L.n(4), tile.y + L.n(1)), bold=True, width=tile.w - L.n(6))
                self._text(surf, f"{x_.science} Sci", 11, ink, (tile.x + L.n(4), tile.y + L.n(19)))
                for k, colour in enumerate(x_.top_parts):
                    img = self.paint.tinted("part", L.n(14), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=(tile.right - L.n(10 + 16 * k), tile.y + L.n(26))))
                # Breakthrough spaces and Government marker spaces
                nb = len(x_.breakthrough)
                for k in range(nb):
                    c = (tile.x + L.n(12 + 20 * k), tile.bottom - L.n(14))
                    occ = s.ew_bt[b][k]
                    pygame.draw.circle(surf, (255, 255, 255), c, L.n(8))
                    pygame.draw.circle(surf, theme.INK_SOFT, c, L.n(8), 1)
                    if occ >= 0:
                        surf.blit(self.paint.disc(self._seat_rgb(occ), L.n(16), self._letter(occ)),
                                  self.paint.disc(self._seat_rgb(occ), L.n(16)).get_rect(center=c))
                    self._tip(pygame.Rect(c[0] - L.n(9), c[1] - L.n(9), L.n(18), L.n(18)),
                              f"Breakthrough space {k + 1} of {T.extreme(t)}: "
                              + (f"{self._who(occ)}'s marker. " if occ >= 0 else "empty. ")
                              + f"Placing a Breakthrough marker here gains "
                                f"{T.benefits(x_.breakthrough[k])}.")
                for k in range(x_.government):
                    g = L.r(0, 0, 14, 14)
                    g.center = (tile.right - L.n(12 + 18 * k), tile.bottom - L.n(14))
                    filled = k < s.ew_gov[b]
                    pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT] if filled else (255, 255, 255), g)
                    pygame.draw.rect(surf, theme.INK_SOFT, g, 1)
                    self._tip(g, "A Government marker space: " + ("filled (a Government Machine "
                                                                  "branch ran)." if filled else "empty."))
                need = ", ".join(D.part_colours[c] for c in x_.top_parts) or "none"
                self._tip(tile, f"{cap(T.extreme(t))}: Breakthrough costs "
                                f"{x_.science} Science Voucher{'s' if x_.science != 1 else ''}; the "
                                f"prototype needs the 3 parts of the branch plus the parts on the "
                                f"tile ({need}). Stack beside the board: {len(s.ew_stack[b])} tiles.")
            # research spaces, bottom space 0 drawn lowest
            for i in range(3):
                ry = ty + 72 + (2 - i) * 25
                r = L.r(cx - 12, ry, 24, 24)
                pygame.draw.rect(surf, (240, 234, 248), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[RND], r, 1, border_radius=L.n(4))
                occ = s.rnd[b][i]
                paid = s.rnd_chem[b][i]
                want = D.rnd_chemical[b][i]
                chem = self.paint.tinted("chemical", L.n(18), va.CHEM_RGB[paid if paid >= 0 else want])
                cbox = chem.get_rect(center=(r.x - L.n(14), r.centery))
                if paid < 0:
                    chem = chem.copy()
                    chem.set_alpha(110)
                surf.blit(chem, cbox)
                part = self.paint.tinted("part", L.n(18), va.PART_RGB[D.rnd_parts[b][i]])
                surf.blit(part, part.get_rect(center=(r.right + L.n(14), r.centery)))
                if occ >= 0:
                    img = self.paint.lettered("bot", L.n(22), self._seat_rgb(occ), self._letter(occ))
                    surf.blit(img, img.get_rect(center=r.center))
                self._space(("rnd", b, i), r)
                extra = (" The bottom space also costs any 1 Chemical or Machine Part and gives a "
                         "Bot from your Assembly Line." if i == 0 else "")
                self._tip(r.inflate(L.n(52), 0),
                          f"The {T.branch_space(i)} of the {T.weather(b)} Research branch: "
                          + (f"{self._who(occ)}'s Bot (it can provide the {D.part_colours[D.rnd_parts[b][i]]}"
                             f" part of a prototype). " if occ >= 0 else "empty. ")
                          + f"Research here pays {T.chemical(want)[2:]} and gains "
                            f"{T.benefits(D.rnd_benefit[i])}.{extra}")
            self._token_stack(surf, f"R:{b}", s.rnd_tokens[b], L.p(cx + 4, ty + 158), 16,
                              f"R&D Research tokens of {T.weather(b)}: {s.rnd_tokens[b]} left; "
                              f"Research in this branch takes one.")
        legend = ", ".join(f"{('bottom', 'middle', 'top')[i]} {va.short_benefits(D.rnd_benefit[i])}"
                           for i in range(3))
        self._text(surf, legend, 12, theme.INK_SOFT, L.p(x + w - 8, y + 66), "midright")

    # -- Lativ's Office: turn order, initiative, CP and Funding tracks, reserve ---------------

    def _draw_office(self, surf: pygame.Surface, s: WMState) -> Iterator[None]:
        L = self.L
        x, y, w, h = PANELS[OFFICE]
        here = L.r(x + w - 40, y + 2, 22, 22)
        if s.lativ_loc == OFFICE:
            surf.blit(self.paint.svg("lativ", here.w), here)
        else:
            pygame.draw.circle(surf, (255, 255, 255), here.center, here.w // 2, 1)
        self._tip(here, "Lativ's space in his Office" + (": Lativ is here, so players gain income "
                                                         "at the end of this round." if s.lativ_loc == OFFICE else
                                                         ": empty."))
        d = L.n(22)
        for row, (label, order) in enumerate((("Turn order", s.turn_order), ("Initiative", s.initiative))):
            ry = y + 44 + row * 28
            self._text(surf, label, 13, theme.INK_SOFT, L.p(x + 10, ry), "midleft", bold=True)
            for i, seat in enumerate(order):
                c = L.p(x + 110 + i * 30, ry)
                img = self.paint.disc(self._seat_rgb(seat), d, self._letter(seat))
                surf.blit(img, img.get_rect(center=c))
                self._tip(img.get_rect(center=c),
                          f"{label}: {self._who(seat)} is {T.ORDINALS[i]}."
                          + (" Take the Initiative (Supply) moves this marker; in Phase C the turn "
                             "order follows it." if row == 1 else ""))
        # the reserve
        rx = x + 260
        nob = L.r(rx, y + 32, 26, 26)
        if s.nobel_left:
            surf.blit(self.paint.svg("nobel", nob.w), nob)
        else:
            pygame.draw.circle(surf, theme.LINE, nob.center, nob.w // 2, 1)
        self._tip(nob, "The Nobel Prize: " + ("on the board; the first player to take a 3rd Award "
                                              "token takes it (5 CP) and ends the game."
                                              if s.nobel_left else "taken."))
        aw = L.r(rx + 34, y + 32, 26, 26)
        surf.blit(self.paint.svg("award", aw.w), aw)
        self._text(surf, f"{s.awards_left}", 15, theme.INK, (aw.right + L.n(3), aw.centery), "midleft", bold=True)
        self._tip(aw, f"Award tokens in the reserve: {s.awards_left}. A Breakthrough takes one.")
        self._text(surf, f"Round {s.round}" + (f" of {s.final_round}" if s.final_round else ""), 13,
                   theme.INK_SOFT, L.p(rx + 100, y + 45), "midleft", bold=True)
        if s.final_round:
            self._tip(L.r(rx + 96, y + 34, 160, 22), "The end of the game is triggered: "
                                                     + "; ".join(s.triggers) + f". Round {s.final_round} is the last.")
        self._text(surf, f"Research tokens out: {s.removed_tokens}", 12, theme.MUTED,
                   L.p(rx, y + 72), "midleft")
        yield
        # the CP track
        ty = y + 108
        self._text(surf, "CP", 13, theme.INK_SOFT, L.p(x + 10, ty), "midleft", bold=True)
        top = max([50] + [p.cp + 10 for p in s.pl])
        top = (top + 9) // 10 * 10
        x0, x1 = x + 44, x + w - 16
        pygame.draw.line(surf, theme.LINE, L.p(x0, ty), L.p(x1, ty), L.n(4))
        for v in range(0, top + 1, 10):
            px = x0 + (x1 - x0) * v / top
            pygame.draw.line(surf, theme.INK_SOFT, L.p(px, ty - 5), L.p(px, ty + 5), 1)
            self._text(surf, f"{v}", 11, theme.MUTED, L.p(px, ty + 8), "midtop")
        seen: dict[int, int] = {}
        for seat, p in enumerate(s.pl):
            k = seen.get(p.cp, 0)
            seen[p.cp] = k + 1
            px = x0 + (x1 - x0) * p.cp / top
            c = L.p(px + 19 * k, ty - 11)
            img = self.paint.disc(self._seat_rgb(seat), L.n(18), self._letter(seat))
            surf.blit(img, img.get_rect(center=c))
            self._tip(img.get_rect(center=c), f"{self._who(seat)}: {p.cp} Climate Points"
                                              + (f" (+{p.end_cp} at the end of the game)" if p.end_cp else "") + ".")
        # Funding tracks
        fy = y + 150
        cw = 54
        for t in range(3):
            yield
            ry = fy + t * 36
            loc = (GOVERNMENT, LAB, RND)[t]
            self._text(surf, ("Gov", "Lab", "R&D")[t], 14, va.LOC_RGB[loc], L.p(x + 10, ry + 15), "midleft", bold=True)
            for i in range(D.funding_length):
                r = L.r(x + 70 + i * cw, ry, cw - 4, 32)
                pygame.draw.rect(surf, (246, 246, 250), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[loc], r, 1, border_radius=L.n(4))
                if t == 0:
                    ben = D.funding_gov[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben) if ben else "nothing"
                    how = "Receive funding gains the benefits of the marker's space and every space to its left."
                elif t == 1:
                    what = f"+{D.funding_lab_modifier[i]}" + (" Sci" if D.funding_lab_science[i] else "")
                    full = (f"{D.funding_lab_science[i]} Science Voucher and a modifier of "
                            f"+{D.funding_lab_modifier[i]}")
                    how = ("Receive funding gains the Science Vouchers up to the marker, then another "
                           "track as if that marker were further along by the modifier.")
                else:
                    ben = D.funding_rnd[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben)
                    how = "Receive funding gains one space's benefit, the marker's or one to its left."
                self._text(surf, f"{D.funding_end_cp[i]}", 11, theme.MUTED, (r.x + L.n(3), r.y + L.n(1)))
                self._text(surf, what, 10, theme.INK_SOFT, (r.centerx, r.bottom - L.n(1)), "midbottom",
                           width=r.w - L.n(2))
                on = [seat for seat, p in enumerate(s.pl) if p.funding[t] == i]
                # Two markers fit side by side right of the CP number; with more, the second
                # place shows how many others share the space (the tooltip names them).
                shown = on if len(on) <= 2 else on[:1]
                for k, seat in enumerate(shown):
                    img = self.paint.disc(self._seat_rgb(seat), L.n(14), self._letter(seat))
                    surf.blit(img, img.get_rect(center=(r.right - L.n(8 + 15 * k), r.y + L.n(9))))
                if len(on) > 2:
                    self._text(surf, f"+{len(on) - 1}", 11, theme.INK,
                               (r.right - L.n(23), r.y + L.n(9)), "center", bold=True)
                names = ", ".join(self._who(seat) for seat in on)
                self._tip(r, f"{TRACK_NAMES[t]} Funding track, space {i + 1}: {full}; "
                             f"{D.funding_end_cp[i]} CP at the end of the game. {how}"
                             + (f" Markers here: {names}." if names else ""))

    # -- the Laboratories ----------------------------------------------------------------------

    def _draw_tabs(self, surf: pygame.Surface, s: WMState, shown: int) -> None:
        L = self.L
        x, y, w, h = TAB_AREA
        n = s.players
        tw = min(240, (w - 8 * (n - 1)) / n)
        acting = self.game.to_act(s)
        for seat in range(n):
            r = L.r(x + seat * (tw + 8), y, tw, h + 6)
            rgb = self._seat_rgb(seat)
            on = seat == shown
            pygame.draw.rect(surf, (250, 247, 240) if on else (226, 232, 238), r,
                             border_top_left_radius=L.n(8), border_top_right_radius=L.n(8))
            pygame.draw.rect(surf, rgb, (r.x, r.y, r.w, L.n(5)), border_top_left_radius=L.n(8),
                             border_top_right_radius=L.n(8))
            disc = self.paint.disc(rgb, L.n(20), self._letter(seat))
            surf.blit(disc, disc.get_rect(midleft=(r.x + L.n(6), r.centery + L.n(1))))
            label = f"{self._who(seat)} · {s.pl[seat].cp} CP" + ("  · to act" if seat in acting else "")
            self._text(surf, label, 15, theme.INK, (r.x + L.n(32), r.centery + L.n(1)), "midleft",
                       bold=on, width=r.w - L.n(38))
            self._tabs.append((self._abs(r), seat))
            self._tip(r, f"{self._who(seat)}'s Laboratory"
                         + (" (shown)." if on else ": click to show it.")
                         + (" It is their turn." if seat in acting else ""))

    def _draw_laboratory(self, surf: pygame.Surface, s: WMState, seat_shown: int,
                         viewer: int | None) -> Iterator[None]:
        p = s.pl[seat_shown]
        mine = viewer == seat_shown
        yield
        self._draw_vouchers(surf, p)
        yield
        self._draw_line(surf, p, seat_shown, mine)
        yield
        self._draw_office_rows(surf, s, p, seat_shown, mine)
        yield
        self._draw_goals(surf, p, mine)
        yield
        self._draw_workshop(surf, s, p, seat_shown, mine)
        self._draw_tiles_beside(surf, p)

    def _draw_vouchers(self, surf: pygame.Surface, p: PlayerState) -> None:
        L = self.L
        x, y = 8, LAB_AREA[1] + 8
        self._text(surf, "Vouchers", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        cell = 17
        for t in range(5):
            ry = y + 22 + t * 27
            icon = self.paint.voucher(t, L.n(24))
            surf.blit(icon, icon.get_rect(midleft=L.p(x, ry + 11)))
            lim = D.voucher_limit[t]
            for v in range(lim + 1):
                r = L.r(x + 28 + v * cell, ry + 1, cell - 2, 20)
                on = v == p.vouchers[t]
                pygame.draw.rect(surf, va.VOUCHER_RGB[t] if on else (255, 255, 255), r, border_radius=L.n(3))
                pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(3))
                self._text(surf, f"{v}", 11, va.readable_on(va.VOUCHER_RGB[t]) if on else theme.MUTED,
                           r.center, "center", bold=on)
            self._tip(L.r(x, ry, 28 + (lim + 1) * cell, 22),
                      f"{D.voucher_names[t]} Vouchers: {p.vouchers[t]} of at most {lim}."
                      + (" Science Vouchers may be spent as any other type." if t == V_SCI else "")
                      + " You only gain a Voucher if there is room on the track.")

    def _draw_line(self, surf: pygame.Surface, p: PlayerState, seat: int, mine: bool) -> None:
        """The Assembly Line: 4 sections of 3 slots, their costs, unlocks, benefits and income."""
        L = self.L
        x, y = 8, LAB_AREA[1] + 166
        self._text(surf, "Assembly Line", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        built = 12 - sum(p.line)
        for sec in range(4):
            ry = y + 20 + sec * 52
            opened = B.section_open(p, sec)
            head = L.r(x, ry, 42, 46)
            pygame.draw.rect(surf, (236, 240, 244) if opened else (214, 218, 224), head, border_radius=L.n(4))
            self._text(surf, f"{D.line_cost[sec]} Sup", 12, theme.INK, (head.centerx, head.y + L.n(3)), "midtop", bold=True)
            if D.line_unlock_bots[sec]:
                self._text(surf, "open" if opened else f"{D.line_unlock_bots[sec]}B/{D.line_unlock_tokens[sec]}T",
                           11, theme.MUTED, (head.centerx, head.bottom - L.n(3)), "midbottom")
            unlock = (f" Opens once {D.line_unlock_bots[sec]} Bots are constructed (you have {built}) "
                      f"or {D.line_unlock_tokens[sec]} tokens are in your Office (you have "
                      f"{B.office_tokens(p)}): {'open' if opened else 'locked'}."
                      if D.line_unlock_bots[sec] else "")
            self._tip(head, f"Assembly Line section {sec + 1}: constructing one of its Bots costs "
                            f"{D.line_cost[sec]} Supply Voucher{'s' if D.line_cost[sec] != 1 else ''}.{unlock}")
            for k in range(3):
                slot = sec * 3 + k
                r = L.r(x + 46 + k * 46, ry, 44, 46)
                pygame.draw.rect(surf, (255, 255, 255), r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                ben = va.short_benefits(D.line_benefit[slot])
                self._text(surf, ben or "–", 10, theme.INK_SOFT, (r.centerx, r.bottom - L.n(1)), "midbottom",
                           width=r.w - L.n(2))
                income = D.line_income[slot] if slot < 6 else ()
                if p.line[slot]:
                    img = self.paint.lettered("bot", L.n(28), self._seat_rgb(seat), self._letter(seat))
                    box = img.get_rect(center=(r.centerx, r.y + L.n(16)))
                    if mine and self._movable("line", slot):
                        self._lit(surf, box)
                    surf.blit(img, box)
                    if mine:
                        self._pieces.append(Piece(("line", slot), self._abs(box), "Bot", seat, img))
                elif income:
                    self._text(surf, va.short_benefits(income), 10, theme.TEAL,
                               (r.centerx, r.y + L.n(14)), "center", bold=True, width=r.w - L.n(2))
                tip = (f"Assembly Line {T.line_slot(slot)}: "
                       + ("a Bot waits here" if p.line[slot] else "empty")
                       + (f"; constructing it gains {T.benefits(D.line_benefit[slot])}"
                          if D.line_benefit[slot] else "")
                       + (f"; while empty it pays {T.benefits(income)} as income when Lativ is in "
                          f"his Office" if income else "") + ".")
                if mine and p.line[slot] and self._movable("line", slot):
                    tip += " Drag the Bot into your Workshop to construct it."
                self._tip(r, tip)

    def _draw_office_rows(self, surf: pygame.Surface, s: WMState, p: PlayerState, seat: int,
                          mine: bool) -> None:
        L = self.L
        x, y = 196, LAB_AREA[1] + 8
        self._text(surf, "Office", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        # the space to the top left of the Office: tokens waiting to be placed
        wait = L.r(x + 56, y - 2, 180, 26)
        pygame.draw.rect(surf, (255, 255, 255), wait, border_radius=L.n(5))
        pygame.draw.rect(surf, theme.LINE, wait, 1, border_radius=L.n(5))
        waiting = list(p.pending_tokens) + ["A"] * p.pending_awards
        self._tip(wait, "The space to the top left of the Office: Research tokens wait here until "
                        "the end of the turn; Award tokens may be placed at any moment of the turn."
                  + (f" Waiting: {', '.join(T.token(t) for t in waiting)}." if waiting else " Empty."))
        for k, tok in enumerate(waiting[:8]):
            img = self.paint.research_token(tok, L.n(22))
            box = img.get_rect(center=(wait.x + L.n(14 + 22 * k), wait.centery))
            movable = mine and self._movable("tok", tok)
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            if mine:
                self._pieces.append(Piece(("tok", tok), self._abs(box), T.token(tok), seat, img))
            self._tip(box, f"{cap(T.token(tok))}, waiting to be placed."
                      + (" Drag it onto a lit Office space." if movable else ""))
        cw, ch = 40, 30
        for r_ in range(6):
            ry = y + 30 + r_ * (ch + 4)
            for c in range(3):
                colour = D.office_colours[r_][c]
                r = L.r(x + c * (cw + 3), ry, cw, ch)
                pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, 1, border_radius=L.n(4))
                ben = D.office_benefit[r_][c]
                cell = p.office[r_][c]
                if cell:
                    img = self.paint.research_token(cell, L.n(24))
                    surf.blit(img, img.get_rect(center=r.center))
                elif ben:
                    self._text(surf, va.short_benefits(ben), 10, theme.INK_SOFT, r.center, "center",
                               width=r.w - L.n(2))
                self._space(("office", r_, c), r)
                self._tip(r, f"{cap(T.office_space(r_, c))}: a "
                             f"{T.TOKEN_COLOURS[colour]} space"
                             + (f", covering it gains {T.benefits(ben)}" if ben else "")
                             + (f"; holds {T.token(cell)}." if cell else "; empty."))
            # the Breakthrough marker: next to the tokens, slid right (published) or gone
            bt = p.breakthrough[r_]
            track = L.r(x + 3 * (cw + 3), ry, 66, ch)
            pygame.draw.rect(surf, (255, 255, 255), track, border_radius=L.n(4))
            pygame.draw.rect(surf, theme.LINE, track, 1, border_radius=L.n(4))
            self._text(surf, va.short_benefits(D.slide_benefit[r_]), 10, theme.MUTED,
                       (track.centerx + L.n(2), track.centery), "center", width=L.n(36))
            if bt < 2:
                img = self.paint.disc(self._seat_rgb(seat), L.n(18), "")
                c = (track.x + L.n(10), track.centery) if bt == 0 else (track.right - L.n(10), track.centery)
                surf.blit(img, img.get_rect(center=c))
            state = ("next to the tokens: publishing a paper on this row slides it right, gaining "
                     f"{T.benefits(D.slide_benefit[r_])}" if bt == 0 else
                     "on the rightmost space: the paper is published; a Breakthrough can move it to "
                     "an Extreme Weather tile" if bt == 1 else "used for a Breakthrough")
            self._tip(track, f"Office row {r_ + 1}, Breakthrough marker: {state}.")

    def _draw_goals(self, surf: pygame.Surface, p: PlayerState, mine: bool) -> None:
        L = self.L
        x, y = 196, LAB_AREA[1] + 240
        self._text(surf, "Goals", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        placed = {sp: (g, f) for sp, g, f in p.goals_set}
        gw, gh = 64, 40
        for sp in range(6):
            colour = D.goal_space_colours[sp]
            r = L.r(x + (sp % 3) * (gw + 4), y + 20 + (sp // 3) * (gh + 4), gw, gh)
            pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
            pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, L.n(2), border_radius=L.n(4))
            self._space(("goal", sp), r)
            if sp in placed:
                g, flipped = placed[sp]
                self._goal_face(surf, g, r.inflate(-L.n(4), -L.n(4)), flipped)
                self._tip(r, f"{cap(T.goal_space(sp))}: {T.goal(g)}"
                             + (" (flipped: funding received; still scored)" if flipped else "")
                             + ". 5 CP at the end of the game if met.")
            else:
                self._text(surf, va.short_benefits(D.goal_space_benefit[sp]), 11, theme.INK_SOFT,
                           r.center, "center", width=r.w - L.n(4))
                self._tip(r, f"{cap(T.goal_space(sp))}: empty. Setting a Goal here "
                             f"(Investment tile) gains {T.benefits(D.goal_space_benefit[sp])}.")
        # goal tiles below the Laboratory
        hx, hy = 436, LAB_AREA[1] + 250
        self._text(surf, "Goal tiles below the Laboratory", 14, theme.INK_SOFT, L.p(hx, hy), bold=True)
        for k, g in enumerate(p.goals_hand):
            r = L.r(hx + k * 61, hy + 20, 57, 30)
            self._goal_face(surf, g, r, False)
            if mine:
                img = surf.subsurface(r).copy()
                movable = self._movable("goal", g)
                if movable:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, r.inflate(L.n(4), L.n(4)), L.n(2), border_radius=L.n(4))
                self._pieces.append(Piece(("goal", g), self._abs(r), T.goal(g), None, img))
            else:
                movable = False
            self._tip(r, f"{cap(T.goal(g))} (set {D.goals[g].set}), below the "
                         f"Laboratory. Setting a Goal (Investment tile) puts it on a Goal space of its "
                         f"colour; a Citation removes it from the game."
                      + (" Drag it onto a lit Goal space." if movable else ""))

    def _goal_face(self, surf: pygame.Surface, g: int, r: pygame.Rect, flipped: bool) -> None:
        L = self.L
        x = D.goals[g]
        fill = (40, 44, 52) if flipped else va.TOKEN_RGB[x.colour]
        pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
        ink = (255, 255, 255)
        self._text(surf, va.METRIC_SHORT.get(x.metric, x.metric), 10, ink,
                   (r.centerx, r.centery + L.n(1)), "midbottom", width=r.w - L.n(3))
        self._text(surf, f"{x.target}", 11, ink, (r.centerx, r.centery - L.n(1)), "midtop", bold=True)

    def _arrange(self, p: PlayerState) -> tuple[dict, list, dict]:
        """One arrangement of the Workshop's contents (the rules keep only counts): Chemicals on
        matching junctions (any one on the printed space), Parts and Bots on tiles."""
        g = B.grid(p)
        junctions = sorted(((c, r) for (r, c) in g if (r + 1, c) in g))
        chem_at: dict[tuple[int, int], int] = {}
        overflow: list[int] = []
        for w in range(W):
            n = p.chemicals[w]
            for c, r in junctions:
                if n and (r, c) not in chem_at and g[(r, c)][1] == w:
                    chem_at[(r, c)] = w
                    n -= 1
            overflow += [w] * n
        items: dict[tuple[int, int], str] = {}
        tiles = sorted(((c, r) for (r, c) in g))
        parts = [colour for colour in range(W) for _ in range(p.parts[colour])]
        bots = p.ws_bots
        if parts:
            items[(1, 0)] = f"p{parts.pop(0)}"
        if bots:
            items[(2, 0)] = "b"
            bots -= 1
        for c, r in tiles:
            if parts:
                items[(r, c)] = f"p{parts.pop(0)}"
            elif bots:
                items[(r, c)] = "b"
                bots -= 1
        return chem_at, overflow, items

    def _draw_workshop(self, surf: pygame.Surface, s: WMState, p: PlayerState, seat: int, mine: bool) -> None:
        L = self.L
        x, y, w = 436, LAB_AREA[1] + 8, 556
        self._text(surf, "Workshop", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        g = B.grid(p)
        maxc = max([c for _r, c in g] + [0])
        pending = self._placing_tile() if s.stack and s.stack[-1][1] == seat else None
        ncols = maxc + 2
        cs = min(70, (w - 20) / (ncols + (1.2 if pending is not None else 0)))
        top = y + 24
        area = L.r(x - 4, top - 6, w + 4, 3 * cs + 14)
        self._space(("wsarea",), area)
        chem_at, overflow, items = self._arrange(p)
        for r in range(3):
            for c in range(ncols):
                cell = L.r(x + c * cs, top + r * cs, cs - 2, cs - 2)
                if c == 0:
                    pygame.draw.rect(surf, (236, 232, 222), cell, border_radius=L.n(5))
                    pygame.draw.rect(surf, theme.INK_SOFT, cell, 1, border_radius=L.n(5))
                    what = ("Chemical of any type", "Machine Part", "Bot")[r]
                    self._text(surf, ("Chem", "Part", "Bot")[r], 11, theme.MUTED,
                               (cell.centerx, cell.bottom - L.n(2)), "midbottom")
                    self._tip(cell, f"The printed Workshop space in the {T.ws_row(r)}: holds 1 {what}.")
                elif (r, c) in g:
                    t = next(t for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    f = next(f for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    surf.blit(self.paint.tile(t, f, cell.w), cell)
                    self._tip(cell, f"{cap(T.tile(t))} in the {T.ws_row(r)}: holds 1 Machine "
                                    f"Part or 1 Bot; where it meets the tile below, the half-circles "
                                    f"make a Chemical space of their colour.")
                else:
                    if c > maxc + 1:
                        continue
                    pygame.draw.rect(surf, (226, 222, 212), cell, 1, border_radius=L.n(5))
                if c >= 1 and (r, c) not in g:
                    self._space(("ws", r, c), cell)
                # contents
                it = items.get((r, c))
                if it:
                    centre = (cell.centerx, cell.centery)
                    if it == "b":
                        img = self.paint.lettered("bot", round(cell.w * 0.5), self._seat_rgb(seat),
                                                  self._letter(seat))
                        box = img.get_rect(center=centre)
                        movable = mine and self._movable("bot")
                        if movable:
                            self._lit(surf, box)
                        surf.blit(img, box)
                        if mine:
                            self._pieces.append(Piece(("bot", (r, c)), self._abs(box), "Bot", seat, img))
                        self._tip(box, f"{self._who(seat)}'s Bot in the Workshop."
                                  + (" Drag it onto a lit space of the Government Machine, the "
                                     "Weather Machine or R&D." if movable else ""))
                    else:
                        colour = int(it[1:])
                        img = self.paint.tinted("part", round(cell.w * 0.45), va.PART_RGB[colour])
                        surf.blit(img, img.get_rect(center=centre))
                        self._tip(img.get_rect(center=centre), f"{cap(T.part(colour))} in the "
                                                               f"{T.ws_row(r)} of the Workshop.")
        # chemicals: on junctions and the printed top-left space
        spots = [((r, c), L.p(x + c * cs + cs / 2 - 1, top + (r + 1) * cs - 1)) for (r, c) in chem_at]
        if overflow:
            spots.append(((-1, 0), L.p(x + cs / 2 - 1, top + cs / 2 - 4)))
        for key, centre in spots:
            wi = chem_at[key] if key in chem_at else overflow[0]
            img = self.paint.tinted("chemical", round(cs * L.k * 0.42), va.CHEM_RGB[wi])
            box = img.get_rect(center=centre)
            movable = mine and self._movable("wschem", wi)
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            if mine:
                self._pieces.append(Piece(("wschem", wi), self._abs(box), D.chemical_names[wi], seat, img))
            sec = None
            slot = B.supply_rightmost_empty(s, wi)
            if slot is not None:
                sec = D.chem_section[slot]
            self._tip(box, f"{cap(T.chemical(wi)[2:])} in the Workshop."
                      + (f" Drag it onto its row of the Supply to return it for "
                         f"{D.chem_return[sec]} Supply Voucher{'s' if D.chem_return[sec] != 1 else ''}."
                         if movable and sec is not None else ""))
        # the tile being placed, beside the Workshop
        if pending is not None:
            r = L.r(x + ncols * cs + 0.15 * cs, top + cs, cs - 2, cs - 2)
            img = self.paint.tile(pending, self.flip, r.w)
            movable = mine and self._movable("newtile")
            if movable:
                self._lit(surf, r)
            surf.blit(img, r)
            self._text(surf, "R: turn", 11, theme.MUTED, (r.centerx, r.bottom + L.n(3)), "midtop")
            if mine:
                self._pieces.append(Piece(("newtile", pending), self._abs(r), T.tile(pending), seat, img))
            self._tip(r, f"{cap(T.tile(pending))}, to be placed now. Drag it onto a lit "
                         f"position next to the Workshop; press R or right-click to turn it.")

    def _draw_tiles_beside(self, surf: pygame.Surface, p: PlayerState) -> None:
        """Subsidy and Investment tiles to the left of the Laboratory."""
        L = self.L
        x, y = 436, LAB_AREA[1] + 310
        self._text(surf, "Subsidy and Investment tiles", 14, theme.INK_SOFT, L.p(x, y), bold=True)
        k = 0
        for tid, up in p.subsidies:
            r = L.r(x + k * 58, y + 20, 54, 28)
            kind = D.subsidy_types[D.subsidy_tiles[tid]]
            pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220), r, border_radius=L.n(4))
            self._text(surf, va.SUBSIDY_SHORT[kind], 12, (255, 255, 255) if up else theme.INK_SOFT,
                       r.center, "center", bold=True)
            self._tip(r, f"{cap(T.subsidy(tid))}: "
                         + (f"blue side up; at the start of a turn, flip it for {T.benefit(kind)}."
                            if up else "flipped (used)."))
            k += 1
            if k >= 8:
                break
        r = L.r(x + k * 58, y + 20, 74, 28)
        pygame.draw.rect(surf, (252, 236, 196), r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.SUN, r, 1, border_radius=L.n(4))
        self._text(surf, f"Invest. {p.investments}", 12, theme.INK, r.center, "center", bold=True)
        self._tip(r, f"Investment tiles: {p.investments}. At the start of a turn, return one to set a "
                     f"Goal or receive funding from a Goal tile's Funding track.")
        info = (f"Papers {p.papers} · Awards {p.awards}" + (" · Nobel Prize" if p.nobel else "")
                + (f" · end CP +{p.end_cp}" if p.end_cp else ""))
        self._text(surf, info, 13, theme.INK_SOFT, L.p(x, y + 66), "midleft", bold=True)
