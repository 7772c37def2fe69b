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
  ``PlaceToken`` (an Award at any decision of the turn, also while a choice dialog is open: the
  dialog says so, and asks its decision again afterwards); a Goal tile from below the Laboratory
  onto a Goal space: ``SetGoal``.

Choices that are not a movement (paying Vouchers and the Science or Executive Exchange, which
Voucher, Chemical, Part, Subsidy tile, benefit or Funding track, paying Science in an experiment,
taking Bots back, Parts and Chemicals Exchanges) are asked in a small dialog beside the board spot
they are about: one row per legal option saying what it does; a click on a row plays it (the rows
are pieces whose only drop target is themselves). The action list has the same options.

Layout (:mod:`.view_layout`): one design, pixels at a 1010 x 640 view, scaled as one to the
rect; the board and the shown Laboratory side by side in a wide rect, stacked in a tall one;
every label is fitted to the space it owns (``ctx.text.box``, never below 12 pixels) and a
label cut short has its whole text as the tooltip of its spot. With colour-blind markings every
player piece shows its colour's shape (:func:`~weather_tabletop.ui.table_view.shape_of`).

Solo (issue 20): the Saboteurs' Bots and agents on the board, their tab and page (shown in the
Laboratory's place while they act or a decision is about them), the Call Security buttons (a
click submits ``CallSecurity``) and their turn step by step are drawn by :mod:`.view_solo`.

Modules: this one holds the view's protocol, its helpers, the staged redraw, the Phase B steps
and the choice dialog; the main board's panels are drawn by :mod:`.view_board`, the players'
tabs and Laboratory by :mod:`.view_lab`, the Saboteurs by :mod:`.view_solo`; texts are catalogue messages (``locale/en/view.json``,
put together by :mod:`.view_text`), rendered in the reader's language when drawn or asked.

Surfaces: panel frames are one surface per size; everything the state decides is drawn once per
state (and shown laboratory / tile orientation) into a composite that a frame blits. That redraw
is done a panel at a time over the next frames (:class:`StagedRender`, about 1 ms a frame), the
last composite showing until the new one is complete; a press on the board completes it at once.
"""

from __future__ import annotations

import bisect
import itertools
import time
from typing import Any, Hashable, Iterator, Sequence

import pygame

from weather_tabletop import i18n
from weather_tabletop.engine.protocol import Command, Game
from weather_tabletop.i18n import Msg, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import DRAW_BUDGET, Piece, Shape, StagedRender, ViewContext, shape_of

from . import rules as R
from . import view_art as va
from . import view_scores
from . import words as T
from .board import W
from .commands import (AcquireChemical, CallSecurity, ConstructBot, ExtendWorkshop, MoveScientist,
                       PlaceTile, PlaceToken, Research, ReturnChemical, SellPart, SetGoal,
                       WorkOnExperiment)
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from .solo_state import SABOTEUR, SABOTEURS_SEAT
from .state import EMPTY, LATIV, WMState
from .view_board import BoardPanels
from .view_lab import LaboratoryPanels
from .view_solo import HIDEOUT, PAGE, REPORT, SOLO_DECISIONS, SaboteurPanels
from .view_layout import (GOAL_HAND, GOALS, HEAD_H, LINE, OFFICE_ROWS, PANELS, TABS, VOUCHERS,
                          WORKSHOP, Layout)
from .view_text import cap, shown

#: the step of play (``guide_step``) of each pending decision; each opens a section of the guide
GUIDE_STEPS = {
    "draft": "goal-draft", "supply_turn": "post-setup-supply",
    "turn_sub": "subsidy-or-investment", "move": "move-scientist",
    "tokens": "place-research-tokens", "pay": "pay-vouchers",
    "gain_any": "benefit-voucher", "take_chem": "benefit-chemical", "take_part": "benefit-part",
    "bot": "benefit-bot", "tile_choice": "benefit-tile", "benefit_action": "bonus-action",
    "funding_any": "benefit-funding", "lab_fund": "lab-funding", "rnd_fund": "rnd-funding",
    "tile_place": "place-workshop-tile", "take_subsidy": "sell-part-subsidy",
    "xpart": "parts-exchange", "xpart_proto": "parts-exchange", "xchem": "chemicals-exchange",
    "extra": "research-extra-payment", "bt_space": "breakthrough-space",
    "prototype": "build-prototype", "return_extra": "return-parts", "lock_pay": "lock-bonus",
    "exp_pay": "experiment-pay", "exp_benefit": "experiment-benefit",
    "place_now": "experiment-token", "to_line": "experiment-bots-back",
    "exp_keep": "experiment-not-run", "final_place": "final-placement",
    "solo_security": "solo-security", "solo_set": "solo-set",
}
#: the actions step of each Location
GUIDE_ACTIONS = {SUPPLY: "supply-actions", GOVERNMENT: "government-actions", LAB: "lab-actions",
                 RND: "rnd-actions"}


def guide_step(state: WMState) -> str:
    """The step of play ``state`` is in, as the id the guide's sections list (issue 14): the
    table's "?" opens the section that explains it. Pure and cheap: reads the phase and the
    decision on top of the stack."""
    if state.phase == "over":
        return "over"
    if not state.stack:
        return "setup"
    top = state.stack[-1]
    if top.kind == "actions":
        return GUIDE_ACTIONS.get(top.location, "supply-actions")
    step = GUIDE_STEPS.get(top.kind)
    if step:
        return step
    return {"setup": "setup", "draft": "goal-draft", "supply": "post-setup-supply",
            "B": "phase-b", "C": "phase-c", "final": "final-placement"}.get(state.phase,
                                                                          "move-scientist")


_Layout = Layout  # the name the tests and older callers use

#: decisions that are not a movement, asked in a small dialog beside the board spot they are
#: about (design rectangle of that spot); their options are the legal commands of the step
#: the Funding tracks in Lativ's Office: under its title band, three rows of 34 (``view_board``)
FUNDING_ROWS = (0, PANELS[OFFICE][1] + HEAD_H, 616, 102)
CHOICE_SPOTS = {
    "pay": VOUCHERS, "gain_any": VOUCHERS,
    "take_chem": (0, 94, 232, 122), "xchem": (0, 94, 232, 122),
    "take_subsidy": (0, 414, 305, 84),  # the Government's subsidy grid and its column gains
    "exp_pay": (311, 150, 305, 100), "exp_keep": (311, 150, 305, 100),
    "exp_benefit": (311, 96, 305, 154), "lock_pay": (311, 150, 305, 100),
    "lab_fund": FUNDING_ROWS, "rnd_fund": FUNDING_ROWS,
    "funding_any": FUNDING_ROWS,
    "take_part": WORKSHOP, "xpart": WORKSHOP, "xpart_proto": WORKSHOP, "extra": WORKSHOP,
    "return_extra": WORKSHOP, "to_line": LINE,
    "bt_space": (311, 363, 305, 62), "prototype": (311, 363, 305, 62),
    "draft": GOAL_HAND,
    # solo (issue 20): the Saboteurs' page shows meanwhile; Creative Accounting's Funding tracks
    "solo_security": REPORT, "solo_set": HIDEOUT, "solo_funding_back": FUNDING_ROWS,
}
#: benefits a small space shows as the game's piece (``view_art.Painter.metric_icon``)
BENEFIT_ICON = {"chemical": "chemical", "investment": "investment"}
CHOICE_W = 300  # design width of the dialog
STEP_SECONDS = 0.5  # each step of Phase B or a Government run is shown this long
SAB_STEP_SECONDS = 1.0  # each step of the Saboteurs' turn: a caption to read, their page to see
CHOICE_ROWS = 8  # options shown; any others stay in the action list
#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_pieces", "_tips", "_cut_tips", "_spaces", "_tabs", "_legal", "_choice_rows",
          "_security", "_sab_drawn")


class WeatherMachineView(BoardPanels, LaboratoryPanels, SaboteurPanels):
    """The Weather Machine board and Laboratories (see the module docstring)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.ctx = context or ViewContext()
        self.paint = va.Painter(self.ctx.text)
        self.rect = pygame.Rect(rect)
        self.L = Layout(self.rect.w, self.rect.h, self.ctx.scale)
        self._frame: pygame.Surface | None = None
        self._frame_key: tuple | None = None
        self._comp: pygame.Surface | None = None
        self._key: tuple | None = None
        self._stage = StagedRender()
        self._state: WMState | None = None
        self._pieces: list[Piece] = []
        self._tips: list[tuple[pygame.Rect, Msg | str]] = []
        #: whole texts of labels cut short (asked after the spots' own tooltips)
        self._cut_tips: list[tuple[pygame.Rect, str]] = []
        self._spaces: dict[tuple, pygame.Rect] = {}
        self._tabs: list[tuple[pygame.Rect, int]] = []
        self._legal: list[Command] = []
        self._viewer: int | None = None
        self._pinned: int | None = None
        self.shown = 0
        #: the choice dialog's layer (kept: a board-sized layer costs milliseconds to make) and
        #: the part of it the last dialog drew on
        self._choice_layer: tuple[pygame.Surface, pygame.Rect] | None = None
        self.flip = False
        self._hover: tuple[int, int] | None = None
        self._choice_rows: dict[int, tuple[pygame.Rect, Command]] = {}
        #: solo: the Call Security buttons (by Voucher type) and every Saboteur Bot drawn
        #: (where: "board" or "hideout", and its rectangle on the view's surface)
        self._security: dict[int, tuple[pygame.Rect, Command]] = {}
        self._sab_drawn: list[tuple[str, pygame.Rect]] = []
        self._solo = False
        #: the Saboteurs' turn is shown step by step until then (their page shows meanwhile)
        self._sab_until = 0.0
        #: Phase B / Government run shown step by step: (design rectangle, caption) and the start
        self.steps: list[tuple[tuple[float, float, float, float], str]] = []
        self._steps_from = 0.0
        self._step_ends: list[float] = []  # when each step ends, from _steps_from

    # -- helpers -----------------------------------------------------------------------------

    def _abs(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _tip(self, r: pygame.Rect, text: Msg | str) -> None:
        """A tooltip over ``r``: a message, rendered in the reader's language when asked."""
        self._tips.append((self._abs(r), text))

    def _space(self, key: tuple, r: pygame.Rect) -> None:
        self._spaces[key] = self._abs(r)

    def _seat_rgb(self, seat: int) -> tuple[int, int, int]:
        return tuple(self.ctx.colour(self.game, seat).rgb)[:3]

    def _letter(self, seat: int) -> str:
        return self.ctx.colour(self.game, seat).letter

    def _shape(self, seat: int) -> str | None:
        """The seat colour's shape when colour-blind markings are on (None: off)."""
        return shape_of(self.ctx.colour(self.game, seat)) if self.ctx.colour_blind else None

    def _bot(self, seat: int, size: int, name: str = "bot", dy: float = 0.1) -> pygame.Surface:
        """A seat's Bot or Scientist: its colour, letter and (colour-blind) shape badge."""
        return self.paint.lettered(name, size, self._seat_rgb(seat), self._letter(seat), dy,
                                   self._shape(seat))

    def _disc(self, seat: int, size: int, letter: bool = True) -> pygame.Surface:
        """A seat's round marker (in its colour's shape with colour-blind markings); solo: the
        Saboteurs' seat has their own marker."""
        if self._solo and seat == SABOTEURS_SEAT:
            return self._sab_marker(size, letter)
        return self.paint.disc(self._seat_rgb(seat), size, self._letter(seat) if letter else "",
                               shape=self._shape(seat))

    def _who(self, seat: int) -> str:
        if seat == LATIV:
            return tr("wm.view.lativ")
        if self._solo and seat == SABOTEURS_SEAT:
            return shown(msg("wm.solo.saboteurs"))
        return self.ctx.name(seat)

    def _label(self, surf: pygame.Surface, text: Msg | str, box: pygame.Rect, size: float,
               colour: Any, bold: bool = False, align: str = "center", valign: str = "center") -> None:
        """``text`` fitted into ``box`` (the space it owns): at ``size`` design units, shrunk to
        12 pixels at the least, else cut short with its whole text as the tooltip there."""
        text = shown(text)
        if not text:
            return
        fit = self.ctx.text.box(surf, text, box, self.L.font(size), colour, bold=bold, align=align,
                                valign=valign, min_size=self.L.floor)
        if fit.cut:
            self._cut_tips.append((self._abs(box), text))

    def _benefit(self, surf: pygame.Surface, items: tuple[str, ...], box: pygame.Rect, size: float,
                 colour: Any) -> None:
        """Benefits in a small space: a lone Chemical or Investment tile as the game's piece
        (its word would be cut short there: "Chem.", "Invest."), others in short words; the
        space's tooltip says them in full."""
        icon = BENEFIT_ICON.get(items[0]) if len(items) == 1 else None
        if icon is None:
            self._label(surf, va.short_benefits(items), box, size, colour)
            return
        size = max(6, min(box.h - 2, self.L.n(16)))
        img = (self.paint.tinted(icon, size, (112, 120, 130)) if icon == "chemical"  # any weather's
               else self.paint.metric_icon(icon, size))
        surf.blit(img, img.get_rect(center=box.center))

    def _at(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A design rectangle on the view's surface (short for ``self.L.r``)."""
        return self.L.r(x, y, w, h)

    # -- protocol ----------------------------------------------------------------------------

    @staticmethod
    def score_details(game: Game, match: Any, names: Sequence[str]
                      ) -> tuple[dict[int, list[tuple[str, Any]]], list[str]]:
        """The score screen's breakdown in words and the tiebreakers used (``view_scores``)."""
        return view_scores.score_details(game, match, names)

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.L = Layout(self.rect.w, self.rect.h, self.ctx.scale)
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

    # -- Phase B and the Government running a branch, step by step ---------------------------

    def forget_steps(self) -> None:
        """Show the next state as it is, without stepping through what changed since the one
        shown (a replay jumping, or going back a move)."""
        self._state = None
        self.steps = []
        self._sab_until = 0.0

    def _queue_steps(self, a: WMState, b: WMState) -> None:
        """Compare two successive states; when the Government ran a branch (a column filled) or
        Phase B happened (Bots left the Weather Machine, the Assistant moved), show what changed
        one step at a time: the branch, the Bots leaving, the Assistant, the display, the Extreme
        Weather tiles and each player's CP. Steps are drawn over the board by :meth:`_draw_step`
        while frames go on (the log has the rules' sentence for each)."""
        if a.players != b.players or len(a.pl) != len(b.pl):
            return
        steps: list[tuple[tuple[float, float, float, float], str]] = self._saboteur_steps(a, b)
        sab = len(steps)
        for col in range(W):  # a column just filled: the Government runs it
            if (all(x != EMPTY for x in b.gov_bots[col])
                    and any(x == EMPTY for x in a.gov_bots[col])):
                steps.append(((84 + col * 44, 236 + 94, 44, 78),
                              tr("wm.view.step.government_runs", weather=T.weather(col))))
        for br in range(W):  # Bots leaving a branch of the Weather Machine (Phase B)
            left = [x for x, y in zip(a.lab[br], b.lab[br]) if x != EMPTY and y == EMPTY]
            if not left:
                continue
            mine = sorted({x for x in left if x >= 0})
            names = tuple(self._who(x) for x in mine) + (  # solo §4.6: theirs go to the Hideout
                (shown(msg("wm.solo.saboteurs")),) if SABOTEUR in left else ())
            key = ("wm.view.step.both_leave" if names and LATIV in left else
                   "wm.view.step.bots_leave" if names else "wm.view.step.lativ_bots_leave")
            steps.append(((315 + br * 60, 150, 60, 82),
                          tr(key, weather=T.weather(br), names=names)))
        if len(steps) == sab and b.assistant == a.assistant:
            if sab:
                self._show_steps(steps, sab)
            return  # no branch ran: an ordinary action, nothing (else) to replay
        if b.assistant != a.assistant:
            steps.append(((315 + b.assistant * 60, 230, 60, 20),
                          tr("wm.view.step.assistant", weather=T.weather(b.assistant))))
        if b.exp_display != a.exp_display:
            steps.append(((315, 96, 178, 56), tr("wm.view.step.display")))
        for w in range(W):
            if b.ew_gov[w] != a.ew_gov[w] or b.ew_stack[w] != a.ew_stack[w]:
                steps.append(((316 + w * 60, 362, 56, 64),
                              tr("wm.view.step.government_marker" if b.ew_gov[w] > a.ew_gov[w]
                                 else "wm.view.step.extreme_changes", weather=T.weather(w))))
        for seat in range(b.players):
            gain = b.pl[seat].cp - a.pl[seat].cp
            if gain:
                steps.append((TABS, tr("wm.view.step.cp_gain" if gain > 0 else "wm.view.step.cp_loss",
                                       name=self._who(seat), n=gain, total=b.pl[seat].cp)))
        if a.solo is not None and b.solo is not None and b.solo.tv != a.solo.tv and not sab:
            steps.append(self._tv_step(a, b))  # solo §4.6: the Saboteurs' Bots score the TV
        self._show_steps(steps, sab)

    def _show_steps(self, steps: list[tuple[tuple[float, float, float, float], str]],
                    sab: int) -> None:
        """Show ``steps`` from now, the first ``sab`` (the Saboteurs' turn) with their page and
        :data:`SAB_STEP_SECONDS` each (played in the window, half a second was too short to read
        a caption), the others :data:`STEP_SECONDS` each."""
        self.steps = steps
        self._steps_from = time.monotonic()
        self._step_ends = list(itertools.accumulate(
            SAB_STEP_SECONDS if k < sab else STEP_SECONDS for k in range(len(steps))))
        self._sab_until = self._steps_from + sab * SAB_STEP_SECONDS

    def animating(self) -> bool:
        """Steps are being shown (Phase B, a Government run, the Saboteurs' turn): the table
        draws frames until the last is over and the page the moment needs is shown again (else
        the last caption stayed until the mouse moved)."""
        return bool(self.steps) or time.monotonic() < self._sab_until

    def current_step(self) -> tuple[tuple[float, float, float, float], str] | None:
        """The step shown now (None once all were shown)."""
        if not self.steps:
            return None
        k = bisect.bisect_right(self._step_ends, time.monotonic() - self._steps_from)
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
        img = self.ctx.text.render(caption, L.font(14), (255, 255, 255), bold=True, width=L.n(320))
        tag = va.badge(img, theme.INK, L.n(6))
        box = tag.get_rect(midtop=(r.centerx, r.bottom + ring + L.n(4)))
        if box.bottom > self.rect.bottom:
            box.midbottom = (r.centerx, r.y - ring - L.n(4))
        box.clamp_ip(self.rect)
        surface.blit(tag, box)

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
        if kind == "security":  # solo §3.5: the button's only target is itself
            button = self._security.get(piece.key[1])
            return ([(button[0], button[1])] if button is not None and button[1] in legal_commands
                    else [])
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
        if kind == "security":
            return CallSecurity(seat, piece.key[1])
        return None

    def guide_topic_at(self, pos: tuple[int, int]) -> str | None:
        """The guide's section for the part of the board under ``pos`` (F1 at the table opens
        it): a Location, the Funding tracks, or a part of the shown Laboratory."""
        L = self.L
        layer = self._choice_layer
        rows = getattr(self, "_choice_rows", {})
        if rows and layer is not None and self._abs(layer[1]).collidepoint(pos):
            return None  # a choice dialog is over the board there
        topics = {SUPPLY: "supply", GOVERNMENT: "government", LAB: "lab", RND: "rnd",
                  OFFICE: "funding"}
        for loc, area in PANELS.items():
            if self._abs(L.r(*area)).collidepoint(pos):
                return topics.get(loc)
        if self.shown == PAGE and self._abs(L.r(*TABS)).bottom <= pos[1] and \
                self._abs(L.lab()).collidepoint(pos):
            return "solo"  # the Saboteurs' page
        if any(seat == PAGE and r.collidepoint(pos) for r, seat in self._tabs):
            return "solo"  # their tab
        for area, topic in ((OFFICE_ROWS, "research-tokens"), (VOUCHERS, "vouchers"),
                            (WORKSHOP, "workshop"), (LINE, "laboratory"), (GOALS, "laboratory"),
                            (GOAL_HAND, "laboratory"), (TABS, "laboratory")):
            if self._abs(L.r(*area)).collidepoint(pos):
                return topic
        return None

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        self._hover = pos
        if not self._stage.busy:  # while a new state is being drawn: the shown one's tooltips
            self._ensure(view_state, self._viewer)
        for r, text in reversed(self._tips):
            if r.collidepoint(pos):
                return shown(text)
        for r, text in reversed(self._cut_tips):
            if r.collidepoint(pos):
                return text
        return None

    # -- caching -----------------------------------------------------------------------------

    def _placing_tile(self) -> int | None:
        s = self._state
        if s is None or not s.stack:
            return None
        top = s.stack[-1]
        return top.tile if top.kind == "tile_place" else None

    def _ensure(self, state: WMState, seat: int | None, budget: float | None = None) -> None:
        """Draw ``state`` for ``seat`` if it is not drawn yet: at once (``budget`` None), else
        within ``budget`` seconds of this frame, going on in the next frames."""
        if seat != self._viewer:
            self._viewer, self._pinned = seat, None
        if self._state is not None and state is not self._state:
            before = self._state
            self._queue_steps(before, state)  # first: the Saboteurs' steps show their page
            if self._pinned is not None and self._solo_unpins(before, state):
                self._pinned = None
            self._state = state
        acting = self.game.to_act(state)
        shown = self._pinned if self._pinned is not None else (
            seat if seat is not None else (acting[0] if acting else 0))
        solo = state.solo is not None
        if solo and self._pinned is None and (
                time.monotonic() < self._sab_until
                or (state.stack and state.stack[-1].kind in SOLO_DECISIONS)):
            shown = PAGE  # the Saboteurs act, or a decision is about them
        shown = shown if 0 <= shown < state.players or (solo and shown == PAGE) else 0
        fkey = (self.rect.size, i18n.language())  # the panels' titles are words
        if fkey != self._frame_key:
            self._frame = self._render_frame()
            self._frame_key = fkey
            self._key = self._comp = None
        old = self._key
        key = (seat, shown, self.flip, self.ctx.colour_blind, i18n.language())
        if old is None or old[0] is not state or old[1:] != key:
            self._state = state
            self.shown = shown
            self._key = (state, *key)
            self._stage.start(self._render(state, seat, shown), self, STAGED)
            if self._comp is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _solo_unpins(self, a: WMState, b: WMState) -> bool:
        """Solo: a tab clicked keeps its page only until the game moves on to a new kind of
        decision or the Saboteurs' turn is shown; then the page the moment needs shows again
        (their page for their turn and for Call Security's roles and their sets, the player's
        Laboratory for a payment, a token to place, the Workshop: a pinned page would hide what
        is decided, and a dialog's spot would ring the other page's rows)."""
        if b.solo is None:
            return False
        if time.monotonic() < self._sab_until:
            return True
        ka = a.stack[-1].kind if a.stack else None
        kb = b.stack[-1].kind if b.stack else None
        return ka != kb

    def _render_frame(self) -> pygame.Surface:
        """The panels of the board and the Laboratory, one surface per size."""
        L = self.L
        surf = pygame.Surface((L.w, L.h))
        surf.fill(theme.SKY)
        titles = {loc: msg(f"wm.view.title.{T.LOCATION_KEYS[loc]}") for loc in PANELS}
        for loc, (x, y, w, h) in PANELS.items():
            r = L.r(x, y, w, h)
            pygame.draw.rect(surf, theme.PANEL, r, border_radius=L.n(8))
            head = L.r(x, y, w, HEAD_H)
            pygame.draw.rect(surf, va.LOC_RGB[loc], head, border_top_left_radius=L.n(8),
                             border_top_right_radius=L.n(8))
            pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(8))
            if loc != OFFICE:  # the Office's title shares its band with the turn order
                self._label(surf, titles[loc], L.r(x + 6, y, 190 if loc != RND else 220, HEAD_H),
                            13, va.readable_on(va.LOC_RGB[loc]), bold=True, align="left")
        r = L.r(*TABS[:2], TABS[2], 640)
        r.y = L.r(*TABS).bottom
        r.h = L.lab().bottom - r.y
        pygame.draw.rect(surf, (250, 247, 240), r, border_radius=L.n(8))
        pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(8))
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
        self._cut_tips, self._security, self._sab_drawn = [], {}, []
        self._solo = s.solo is not None
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
        if shown == PAGE:
            yield from self._draw_saboteurs(comp, s, seat)
        else:
            yield from self._draw_laboratory(comp, s, shown, seat)
        yield
        self._draw_scientists(comp, s, seat)
        self._draw_agents(comp, s)
        self._draw_call_security(comp, s, seat)
        # pieces something can be done with now are picked first (the end of the list)
        if self._legal:
            self._pieces.sort(key=lambda p: bool(self.drop_targets(p, self._legal)))
        self._choice_rows: dict[int, tuple[pygame.Rect, Command]] = {}
        if acting and s.stack and s.stack[-1].seat == seat and s.stack[-1].kind in CHOICE_SPOTS:
            yield
            # on a layer of its own: a dialog over the board, whose labels it may cover; made,
            # drawn and laid on in separate steps, and only its drawn part is blitted (a whole
            # board-sized layer at once made the frame of a payment's choice 6 ms at 1920x1080)
            layer, used = self._choice_layer or (None, None)
            if layer is None or layer.get_size() != comp.get_size():
                layer = pygame.Surface(comp.get_size(), pygame.SRCALPHA)
                yield
            elif used is not None:
                layer.fill((0, 0, 0, 0), used)  # the last dialog's part only
            area = self._draw_choice(layer, s, seat)
            self._choice_layer = (layer, area)
            yield
            comp.blit(layer, area.topleft, area)
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

    # -- choices that are not a movement ---------------------------------------------------------

    def _choice_words(self, s: WMState, c: Command) -> str:
        """The option as the action list says it, without the player's name in front."""
        text = tr(self.game.describe_command(s, c))
        who = R.name_of(s, c.seat) + " "
        return cap(text[len(who):] if text.startswith(who) else text)

    def _draw_choice(self, surf: pygame.Surface, s: WMState, seat: int) -> pygame.Rect:
        """A small dialog beside the spot the decision is about (never over it, nor over the
        Workshop unless that is the spot): what is decided, and one row per legal option stating
        its consequence. A click on a row plays it (the rows are pieces whose only target is
        themselves); the action list has the same options. Returns the part of ``surf`` it drew
        on."""
        L = self.L
        step = s.stack[-1]
        spot = L.r(*CHOICE_SPOTS[step.kind])
        purpose = R.pay_purpose(s, step) if step.kind == "pay" else ""
        title = tr("wm.view.choice.title_for" if purpose else "wm.view.choice.title",
                   name=self._who(seat), step=R.step_title(s, step), purpose=purpose)
        # an Award token may interrupt the decision ("at any time during your turn"): it is
        # dragged onto the Office (or chosen in the action list), not a row of the dialog
        answers = [c for c in self._legal if not R.is_award(c)]
        awards = len(answers) < len(self._legal)
        options = answers[:CHOICE_ROWS]
        w = L.n(CHOICE_W)
        pad = L.n(6)
        inner = w - 2 * pad
        text = self.ctx.text
        head_fit = text.lay(title, inner, L.n(60), L.font(13), bold=True)
        head_h = self._block_h(head_fit, True)
        words = [self._choice_words(s, c) for c in options]
        fits = [text.lay(wd, inner - L.n(10), L.n(52), L.font(12)) for wd in words]
        more = len(answers) - len(options)
        gap = L.n(3)
        foot = (tr("wm.view.choice.more_award" if awards else "wm.view.choice.more", n=more)
                if more > 0 else tr("wm.view.choice.award") if awards else "")
        foot_fit = text.lay(foot, inner, L.n(40), L.font(12)) if foot else None
        foot_h = self._block_h(foot_fit, False) if foot_fit else 0
        rows_h = [self._block_h(f, False) + 2 * gap for f in fits]
        h = (pad + head_h + pad + sum(rh + gap for rh in rows_h) + gap
             + (foot_h + gap if foot else 0) + pad)
        box = pygame.Rect(0, 0, w, h)
        area = pygame.Rect(0, 0, L.w, L.h)
        avoid = [spot] + [r for r in self._choice_subjects(s, seat) if not spot.colliderect(r)]
        m = L.n(6)
        places = []
        for place in ("left", "right", "below", "above"):
            for along in ("start", "end", "mid"):
                b = box.copy()
                if place in ("left", "right"):
                    b.x = spot.x - m - w if place == "left" else spot.right + m
                    b.y = {"start": spot.y, "end": spot.bottom - h, "mid": spot.centery - h // 2}[along]
                else:
                    b.y = spot.bottom + m if place == "below" else spot.y - m - h
                    b.x = {"start": spot.x, "end": spot.right - w, "mid": spot.centerx - w // 2}[along]
                inside = b.clamp(area)
                places.append(inside)
        def near(b: pygame.Rect) -> float:  # beside the spot: the nearest free place first
            return abs(b.centerx - spot.centerx) + abs(b.centery - spot.centery)

        free = sorted((b for b in places if not any(b.colliderect(a) for a in avoid)), key=near)
        best = free[0] if free else next((b for b in places if not b.colliderect(spot)), places[0])
        box = best
        shadow = box.move(L.n(3), L.n(4))
        pygame.draw.rect(surf, (150, 160, 170), shadow, border_radius=L.n(8))
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=L.n(8))
        band = pygame.Rect(box.x, box.y, box.w, head_h + 2 * pad)
        pygame.draw.rect(surf, theme.INK, band, border_top_left_radius=L.n(8),
                         border_top_right_radius=L.n(8))
        pygame.draw.rect(surf, theme.INK, box, L.n(2), border_radius=L.n(8))
        pygame.draw.rect(surf, theme.HIGHLIGHT, spot, L.n(3), border_radius=L.n(6))
        self._label(surf, title, pygame.Rect(box.x + pad, box.y + pad, inner, head_h), 13,
                    (255, 255, 255), bold=True, align="left", valign="top")
        y = band.bottom + gap
        for i, (c, wd, rh) in enumerate(zip(options, words, rows_h)):
            row = pygame.Rect(box.x + pad, y, inner, rh)
            pygame.draw.rect(surf, (252, 240, 212), row, border_radius=L.n(5))
            pygame.draw.rect(surf, theme.HIGHLIGHT, row, L.n(2), border_radius=L.n(5))
            self._label(surf, wd, row.inflate(-L.n(10), -2 * gap), 12, theme.INK, align="left")
            self._choice_rows[i] = (self._abs(row), c)
            self._pieces.append(Piece(("choice", i), self._abs(row), wd, seat,
                                      surf.subsurface(row).copy()))
            self._tip(row, msg("wm.view.choice.row_tip", option=wd))
            y = row.bottom + gap
        if foot:
            self._label(surf, foot, pygame.Rect(box.x + pad, y, inner, foot_h), 12,
                        theme.MUTED, align="left", valign="top")
        return box.union(shadow).union(spot.inflate(L.n(6), L.n(6))).clip(surf.get_rect())

    def _choice_subjects(self, s: WMState, seat: int) -> list[pygame.Rect]:
        """What a choice dialog must leave in sight besides its spot: the Location where the
        seat's Scientist stands (what was just placed, whose action the choice finishes) and the
        Workshop (issue 27: the dialogs opened over Lativ's Lab whatever the choice was about)."""
        out = [self.L.r(*WORKSHOP)]
        where = s.pl[seat].location if 0 <= seat < len(s.pl) else None
        if where in PANELS:
            out.append(self.L.r(*PANELS[where]))
        return out

    def _block_h(self, fit: Any, bold: bool) -> int:
        """The height of a laid-out text (its lines at its size)."""
        font = self.ctx.text.font(fit.size, bold)
        return (len(fit.lines) - 1) * font.get_linesize() + font.get_height()

    @staticmethod
    def _spaces_loc() -> tuple[int, ...]:
        return (SUPPLY, GOVERNMENT, LAB, RND)
