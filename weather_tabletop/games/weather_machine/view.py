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
from weather_tabletop import i18n
from weather_tabletop.i18n import Msg, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import DRAW_BUDGET, Piece, Shape, StagedRender, ViewContext, shape_of

from . import board as B
from . import rules as R
from . import view_art as va
from . import view_scores
from . import words as T
from .board import D, W
from .commands import (AcquireChemical, ConstructBot, ExtendWorkshop, MoveScientist, PlaceTile,
                       PlaceToken, Research, ReturnChemical, SellPart, SetGoal, WorkOnExperiment)
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, TRACK_NAMES, V_SCI
from .state import BLOCKED, EMPTY, GOVERNMENT_MARKER, LATIV, PlayerState, WMState
from .view_layout import (BAND, GOAL_HAND, GOALS, HEAD_H, LINE, OFFICE_ROWS, PANELS, SPACE_D,
                          SPACE_PITCH, TABS,
                          TILES_BESIDE, VOUCHERS, WORKSHOP, Layout, space_centre)

ROMAN = ("", "I", "II", "III")


def cap(text: Msg | str) -> str:
    """``text`` rendered, with its first letter upper case (the rest unchanged): a name that
    begins a sentence (a language without capitals is left as it is)."""
    text = tr(text)
    return text[:1].upper() + text[1:]


def joined(key: str, items: Sequence[Msg | str]) -> Msg | str:
    """Items side by side, each pair joined by the catalogue's ``key`` ("{a}, {b}"); "" for
    none."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg(key, a=item, b=out)
    return out


def commas(items: Sequence[Msg | str]) -> Msg | str:
    """Short names side by side, separated by commas as the catalogue says."""
    return joined("wm.view.comma", items)


def lines(*parts: Msg | str | None) -> Msg:
    """Several sentences shown together (a tooltip), each its own catalogue entry, joined by
    the catalogue's sentence separator (``wm.view.sentences``); None and "" are left out."""
    shown = [p for p in parts if p]
    out = shown[-1]
    for part in reversed(shown[:-1]):
        out = msg("wm.view.sentences", a=part, b=out)
    return out


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


MAIN = (GOVERNMENT, LAB, RND)
_Layout = Layout  # the name the tests and older callers use

#: decisions that are not a movement, asked in a small dialog beside the board spot they are
#: about (design rectangle of that spot); their options are the legal commands of the step
CHOICE_SPOTS = {
    "pay": VOUCHERS, "gain_any": VOUCHERS,
    "take_chem": (0, 94, 232, 122), "xchem": (0, 94, 232, 122),
    "take_subsidy": (0, 428, 305, 84),
    "exp_pay": (311, 150, 305, 100), "exp_keep": (311, 150, 305, 100),
    "exp_benefit": (311, 96, 305, 154), "lock_pay": (311, 150, 305, 100),
    "lab_fund": (0, 538, 616, 102), "rnd_fund": (0, 538, 616, 102),
    "funding_any": (0, 538, 616, 102),
    "take_part": WORKSHOP, "xpart": WORKSHOP, "xpart_proto": WORKSHOP, "extra": WORKSHOP,
    "return_extra": WORKSHOP, "to_line": LINE,
    "bt_space": (311, 363, 305, 62), "prototype": (311, 363, 305, 62),
    "draft": GOAL_HAND,
}
CHOICE_W = 300  # design width of the dialog
STEP_SECONDS = 0.5  # each step of Phase B or a Government run is shown this long
CHOICE_ROWS = 8  # options shown; any others stay in the action list
#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_pieces", "_tips", "_cut_tips", "_spaces", "_tabs", "_legal", "_choice_rows")


class WeatherMachineView:
    """The Weather Machine board and Laboratories (see the module docstring)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.ctx = context or ViewContext()
        self.paint = va.Painter(self.ctx.text)
        self.rect = pygame.Rect(rect)
        self.L = Layout(self.rect.w, self.rect.h)
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
        #: Phase B / Government run shown step by step: (design rectangle, caption) and the start
        self.steps: list[tuple[tuple[float, float, float, float], str]] = []
        self._steps_from = 0.0

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
        """A seat's round marker (in its colour's shape with colour-blind markings)."""
        return self.paint.disc(self._seat_rgb(seat), size, self._letter(seat) if letter else "",
                               shape=self._shape(seat))

    def _who(self, seat: int) -> str:
        if seat == LATIV:
            return tr("wm.view.lativ")
        return self.ctx.name(seat)

    def _label(self, surf: pygame.Surface, text: Msg | str, box: pygame.Rect, size: float,
               colour: Any, bold: bool = False, align: str = "center", valign: str = "center") -> None:
        """``text`` fitted into ``box`` (the space it owns): at ``size`` design units, shrunk to
        12 pixels at the least, else cut short with its whole text as the tooltip there."""
        text = tr(text)
        if not text:
            return
        fit = self.ctx.text.box(surf, text, box, self.L.font(size), colour, bold=bold, align=align,
                                valign=valign, min_size=self.L.floor)
        if fit.cut:
            self._cut_tips.append((self._abs(box), text))

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
        self.L = Layout(self.rect.w, self.rect.h)
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
                steps.append(((84 + col * 44, 236 + 94, 44, 78),
                              tr("wm.view.step.government_runs", weather=T.weather(col))))
        for br in range(W):  # Bots leaving a branch of the Weather Machine (Phase B)
            left = [x for x, y in zip(a.lab[br], b.lab[br]) if x != EMPTY and y == EMPTY]
            if not left:
                continue
            mine = sorted({x for x in left if x >= 0})
            key = ("wm.view.step.both_leave" if mine and LATIV in left else
                   "wm.view.step.bots_leave" if mine else "wm.view.step.lativ_bots_leave")
            steps.append(((315 + br * 60, 150, 60, 82),
                          tr(key, weather=T.weather(br), names=tuple(self._who(x) for x in mine))))
        if not steps and b.assistant == a.assistant:
            return  # no branch ran: an ordinary action, nothing to replay
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
                return tr(text)
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
        acting = self.game.to_act(state)
        shown = self._pinned if self._pinned is not None else (
            seat if seat is not None else (acting[0] if acting else 0))
        shown = shown if 0 <= shown < state.players else 0
        fkey = (self.rect.size, i18n.language())  # the panels' titles are words
        if fkey != self._frame_key:
            self._frame = self._render_frame()
            self._frame_key = fkey
            self._key = self._comp = None
        old = self._key
        key = (seat, shown, self.flip, self.ctx.colour_blind, i18n.language())
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
        self._cut_tips = []
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

    def _action_spaces(self, surf: pygame.Surface, s: WMState, loc: int, seat: int | None) -> None:
        """The action spaces of a location along the top of its panel; under them a band that
        says, while the Scientist is to move, what each lit space gains or pays."""
        L = self.L
        panel = PANELS[loc]
        n = B.spaces_of(loc)
        moving = (self._legal and any(isinstance(c, MoveScientist) for c in self._legal))
        for i in range(n):
            cx, cy = space_centre(panel, i)
            r = L.r(cx - SPACE_D / 2, cy - SPACE_D / 2, SPACE_D, SPACE_D)
            occ = B.occupant(s, loc, i)
            fill = va.LOC_RGB[loc] if occ != BLOCKED else (160, 166, 172)
            pygame.draw.circle(surf, (244, 246, 248), r.center, r.w // 2)
            pygame.draw.circle(surf, fill, r.center, r.w // 2, L.n(3))
            if loc == SUPPLY:
                desc: Msg | str = msg("wm.view.supply_space.desc")
                gain = msg("wm.view.supply_space.gain")
                self._label(surf, msg("wm.view.supply_space.any"), r, 12, theme.INK, bold=True)
            else:
                vt, symbol = D.main_spaces[loc][i]
                desc = T.symbol(loc, i)
                icon = self.paint.voucher(vt, L.n(17))
                surf.blit(icon, icon.get_rect(midbottom=(r.centerx, r.centery + L.n(2))))
                self._label(surf, "/" if symbol == "/" else "&",
                            L.r(cx - 8, cy - 1, 16, 17), 12, theme.INK, bold=True)
                gain = msg("wm.view.space.gain", voucher=T.a_voucher(vt))
            if occ == BLOCKED:
                pygame.draw.line(surf, theme.INK_SOFT, r.topleft, r.bottomright, L.n(3))
            self._space(("act", loc, i), r)
            who = {EMPTY: msg("wm.view.space.empty"), BLOCKED: "", LATIV: msg("wm.view.space.lativ")}.get(
                occ, msg("wm.view.space.scientist", name=self._who(occ)) if occ >= 0 else "")
            if occ == BLOCKED:
                tip = msg("wm.view.space.blocked", space=cap(T.space(loc, i)))
            else:
                tip = lines(msg("wm.view.space.tip", space=cap(T.space(loc, i)), gain=gain, desc=desc),
                            who)
            self._tip(r, tip)
            if moving and seat is not None and MoveScientist(seat, loc, i) in self._legal:
                self._gain_label(surf, s, seat, loc, i, tip)
        if loc == SUPPLY:
            # Lativ's own space in Supply, its name in the band under it
            cx, cy = space_centre(panel, 4)
            r = L.r(cx - 14, cy - 14, 28, 28)
            pygame.draw.circle(surf, (236, 238, 241), r.center, r.w // 2)
            pygame.draw.circle(surf, va.LATIV_RGB, r.center, r.w // 2, L.n(2))
            self._label(surf, msg("wm.view.lativ"), L.r(cx - 22, panel[1] + BAND[0], 44, 17), 12,
                        theme.MUTED)
            if s.lativ_loc == SUPPLY:
                img = self.paint.svg("lativ", L.n(30))
                surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, msg("wm.view.lativ_supply_space"))

    def _gain_label(self, surf: pygame.Surface, s: WMState, seat: int, loc: int, i: int,
                    tip: Msg) -> None:
        """What moving the Scientist to this space gains or pays, in the band under it (its own
        space: it covers nothing)."""
        n, sci, pay = R.move_gains(s, seat, loc, i)
        if loc == SUPPLY:
            parts = [msg("wm.view.gain.any")] + ([msg("wm.view.gain.sci")] if sci else []) + (
                [msg("wm.view.gain.pay", n=pay)] if pay else [])
        else:
            vt = D.main_spaces[loc][i][0]
            parts = [msg("wm.view.gain.vouchers", n=n, voucher=va.voucher_short(vt))] + (
                [msg("wm.view.gain.sci")] if sci else [])
        L = self.L
        cx, _cy = space_centre(PANELS[loc], i)
        box = L.r(cx - SPACE_PITCH / 2 + 1, PANELS[loc][1] + BAND[0], SPACE_PITCH - 2, BAND[1])
        pygame.draw.rect(surf, theme.HIGHLIGHT, box, border_radius=L.n(4))
        text = " ".join(tr(p) for p in parts)  # short marks side by side, as on the board
        self._label(surf, text, box, 12, theme.INK, bold=True, valign="top")
        self._tip(box, lines(msg("wm.view.gain.tip", parts=", ".join(tr(p) for p in parts)), tip))

    def _draw_scientists(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        size = L.n(34)
        for i, p in enumerate(s.pl):
            if p.location == OFFICE or p.location not in self._spaces_loc():
                continue
            key = ("act", p.location, p.space)
            if key not in self._spaces:
                continue
            r = self._spaces[key].move(-self.rect.x, -self.rect.y)
            img = self._bot(i, size, "scientist", 0.08)
            box = img.get_rect(center=r.center)
            movable = self._movable("sci", None, i) if i == seat else False
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            self._pieces.append(Piece(("sci", i), self._abs(box),
                                      tr("wm.view.scientist", name=self._who(i)), i, img, draggable=True))
            self._tips.append((self._abs(box), lines(
                msg("wm.view.scientist.tip", name=self._who(i), space=T.space(p.location, p.space)),
                msg("wm.view.scientist.drag") if movable else None)))
        # Lativ on an action space
        if s.lativ_loc in MAIN and s.lativ_space >= 0:
            r = self._spaces[("act", s.lativ_loc, s.lativ_space)].move(-self.rect.x, -self.rect.y)
            img = self.paint.svg("lativ", L.n(34))
            surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, msg("wm.view.lativ_on", space=T.space(s.lativ_loc, s.lativ_space)))

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
        workshop = L.r(*WORKSHOP)
        avoid = [spot] + ([workshop] if not spot.colliderect(workshop) else [])
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
        best = next((b for b in places if not any(b.colliderect(a) for a in avoid)),
                    next((b for b in places if not b.colliderect(spot)), places[0]))
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

    def _block_h(self, fit: Any, bold: bool) -> int:
        """The height of a laid-out text (its lines at its size)."""
        font = self.ctx.text.font(fit.size, bold)
        return (len(fit.lines) - 1) * font.get_linesize() + font.get_height()

    @staticmethod
    def _spaces_loc() -> tuple[int, ...]:
        return (SUPPLY, GOVERNMENT, LAB, RND)

    # -- Supply --------------------------------------------------------------------------------

    def _draw_supply(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        x, y, w, h = PANELS[SUPPLY]
        self._action_spaces(surf, s, SUPPLY, seat)
        # chemicals: five rows of five slots in three sections; the cost and return over them
        head = y + 94
        top = y + 129
        slot, rh = 30, 17
        gx = x + 80
        self._label(surf, msg("wm.view.supply.cost"), L.r(x + 4, head, gx - x - 8, 17), 12, theme.MUTED,
                    align="right")
        self._label(surf, msg("wm.view.supply.return"), L.r(x + 4, head + 17, gx - x - 8, 17), 12,
                    theme.MUTED, align="right")
        self._tip(L.r(x + 4, head, gx - x - 8 + 5 * slot, 34), msg("wm.view.supply.cost_tip"))
        for i in range(5):
            sec = D.chem_section[i]
            self._label(surf, f"{D.chem_take[sec]}", L.r(gx + i * slot, head, slot, 17), 12,
                        theme.INK, bold=True)
            self._label(surf, f"+{D.chem_return[sec]}", L.r(gx + i * slot, head + 17, slot, 17), 12,
                        theme.MUTED)
        for sec_start, sec_end in ((0, 2), (2, 4), (4, 5)):
            r = L.r(gx + sec_start * slot + 1, top - 1, (sec_end - sec_start) * slot - 2, 5 * rh + 2)
            pygame.draw.rect(surf, (238, 244, 247), r, border_radius=L.n(5))
        for wi in range(W):
            ry = top + wi * rh
            row = L.r(x + 4, ry, gx - x - 4 + 5 * slot, rh)
            self._space(("chemrow", wi), row)
            self._label(surf, T.chemical_proper(wi), L.r(x + 4, ry, gx - x - 8, rh), 12,
                        theme.INK_SOFT, align="right")
            left = B.supply_leftmost(s, wi)
            for i in range(5):
                c = L.p(gx + i * slot + slot // 2, ry + rh / 2)
                sec = D.chem_section[i]
                if s.chem_supply[wi][i]:
                    img = self.paint.tinted("chemical", L.n(16), va.CHEM_RGB[wi])
                    box = img.get_rect(center=c)
                    if i == left and self._movable("chem", wi):
                        self._lit(surf, box, circle=True)
                    surf.blit(img, box)
                    if i == left:
                        self._pieces.append(Piece(("chem", wi), self._abs(box),
                                                  tr(T.chemical_proper(wi)), None, img))
                    state = "here"
                else:
                    pygame.draw.circle(surf, va.CHEM_RGB[wi], c, L.n(6), L.n(2))
                    state = "empty"
                self._tip(pygame.Rect(c[0] - L.n(16), c[1] - L.n(9), L.n(32), L.n(18)), lines(
                    msg(f"wm.view.supply.slot_{state}", chemical=T.chemical_name(wi),
                        weather=T.weather(wi), slot=i + 1, n=D.chem_take[sec], gain=D.chem_return[sec]),
                    msg("wm.view.supply.drag_chemical") if i == left and self._movable("chem", wi)
                    else None))
        # the Workshop tile offer (two rows of two) and the two stacks under it, right of the
        # Chemicals; the face-up stack's height under it
        tx, ts = gx + 5 * slot + 6, 30
        self._label(surf, msg("wm.view.tiles"), L.r(tx, head, 2 * ts + 4, 17), 12, theme.MUTED, bold=True)
        self._tip(L.r(tx, head, 2 * ts + 4, 17), msg("wm.view.tiles.tip"))
        for i in range(6):
            r = L.r(tx + (i % 2) * (ts + 4), head + 18 + (i // 2) * (ts + 2), ts, ts)
            if i < 4:
                t = s.offer[i]
                label = msg("wm.view.offer.space", n=i + 1)
            elif i == 4:
                t = s.up_stack[0] if s.up_stack else EMPTY
                label = msg("wm.view.offer.up", n=len(s.up_stack))
            else:
                t = EMPTY
            if i == 5:
                pygame.draw.rect(surf, (120, 132, 146), r, border_radius=L.n(5))
                self._label(surf, f"{len(s.down_stack)}", r, 12, (255, 255, 255), bold=True)
                self._tip(r, msg("wm.view.offer.down", n=len(s.down_stack)))
                continue
            if t == EMPTY:
                pygame.draw.rect(surf, theme.LINE, r, L.n(2), border_radius=L.n(5))
                self._tip(r, msg("wm.view.offer.empty", where=label))
                continue
            img = self.paint.tile(t, False, r.w)
            if self._movable("offer", i):
                self._lit(surf, r)
            surf.blit(img, r)
            if i == 4:  # the stack's height under it
                self._label(surf, f"{len(s.up_stack)}", L.r(tx, head + 18 + 3 * (ts + 2), ts, 17), 12,
                            theme.INK, bold=True)
            self._pieces.append(Piece(("offer", i), self._abs(r), tr(T.tile(t)), None, img))
            self._tip(r, lines(msg("wm.view.offer.tile", tile=cap(T.tile(t)), where=label),
                               msg("wm.view.offer.drag") if self._movable("offer", i) else None))

    # -- Government ----------------------------------------------------------------------------

    def _draw_government(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[GOVERNMENT]
        self._action_spaces(surf, s, GOVERNMENT, self._viewer)
        info = L.r(x + w - 104, y, 98, HEAD_H)
        self._label(surf, msg("wm.view.gov.markers", n=s.gov_markers), info, 12, (255, 255, 255),
                    align="right")
        self._tip(info, msg("wm.view.gov.markers_tip", n=s.gov_markers))
        col_w = 44
        gx = x + 84
        # machine: 3 Bot spaces per column coloured by Machine Part; row 0 on top
        for col in range(W):
            cx = gx + col * col_w + col_w / 2
            self._label(surf, T.weather(col), L.r(gx + col * col_w, y + 94, col_w, 17), 12,
                        theme.INK_SOFT, bold=True)
            for row in range(3):
                colour = D.gov_colours[col][row]
                r = L.r(cx - 9, y + 112 + row * 19, 18, 18)
                pygame.draw.rect(surf, va.PART_RGB[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
                occ = s.gov_bots[col][row]
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                self._space(("gov", col, row), r)
                self._tip(r, msg("wm.view.gov.space_bot" if occ >= 0 else "wm.view.gov.space_empty",
                                 space=cap(T.gov_space(col, row)), part=T.part(colour),
                                 name=self._who(occ) if occ >= 0 else ""))
        self._label(surf, msg("wm.view.tokens"), L.r(x + 4, y + 171, gx - x - 8, 17), 12, theme.MUTED,
                    align="right")
        for col in range(W):
            self._token_stack(surf, f"G:{col}", s.gov_tokens[col], (gx + col * col_w, y + 171, col_w, 17),
                              msg("wm.view.gov.tokens", weather=T.weather(col), n=s.gov_tokens[col]))
        # subsidy grid
        for row in range(3):
            ry = y + 190 + row * 20
            self._label(surf, va.short_benefits(D.gov_row_benefit[row]), L.r(x + 4, ry, gx - x - 8, 19),
                        12, theme.INK_SOFT, align="right")
            self._tip(L.r(x, ry, gx - x, 19), msg("wm.view.gov.row", benefits=T.benefits(D.gov_row_benefit[row])))
            for col in range(W):
                r = L.r(gx + col * col_w + 2, ry, col_w - 4, 19)
                cell = s.gov_grid[col][row]
                if cell.startswith("S"):
                    tid = int(cell[1:-1])
                    up = cell.endswith("+")
                    kind = D.subsidy_types[D.subsidy_tiles[tid]]
                    fill = va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220)
                    pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
                    self._label(surf, va.subsidy_short(kind), r, 12,
                                (255, 255, 255) if up else theme.INK_SOFT, bold=True)
                    tip: Msg = msg("wm.view.gov.subsidy_up" if up else "wm.view.gov.subsidy_flipped",
                                   subsidy=cap(T.subsidy(tid)), benefit=T.benefit(kind),
                                   column=T.benefits(D.gov_column_benefit[col]),
                                   row=T.benefits(D.gov_row_benefit[row]))
                elif cell.startswith("P"):
                    colour = int(cell[1:])
                    pygame.draw.rect(surf, (236, 240, 244), r, border_radius=L.n(4))
                    img = self.paint.tinted("part", L.n(18), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=r.center))
                    tip = msg("wm.view.gov.part", part=cap(T.part(colour)))
                else:
                    pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                    tip = msg("wm.view.gov.empty_cell")
                self._tip(r, tip)
        for col in range(W):
            rr = L.r(gx + col * col_w, y + 251, col_w, 18)
            self._label(surf, va.short_benefits(D.gov_column_benefit[col]), rr, 12, theme.INK_SOFT)
            self._tip(rr, msg("wm.view.gov.column", weather=T.weather(col),
                              benefits=T.benefits(D.gov_column_benefit[col])))

    def _token_stack(self, surf: pygame.Surface, token: str, n: int,
                     cell: tuple[float, float, float, float], tip: Msg) -> None:
        """A stack of Research tokens in a design ``cell``: one token and how many are left."""
        L = self.L
        x, y, w, h = cell
        img = self.paint.research_token(token, L.n(14))
        box = img.get_rect(center=L.p(x + w / 2 - 8, y + h / 2))
        if n:
            surf.blit(img, box)
        else:
            pygame.draw.circle(surf, theme.LINE, box.center, box.w // 2, 1)
        self._label(surf, f"{n}", L.r(x + w / 2, y, 16, h), 12, theme.INK, bold=True, align="left")
        self._tip(L.r(*cell), tip)

    # -- Lab -----------------------------------------------------------------------------------

    def _exp_tile(self, surf: pygame.Surface, e: int, r: pygame.Rect, where: Msg) -> None:
        L = self.L
        if e == EMPTY:
            pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
            self._tip(r, msg("wm.view.exp.empty", where=where))
            return
        x = D.experiments[e]
        pygame.draw.rect(surf, va.CHEM_RGB[x.weather], r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
        ink = va.readable_on(va.CHEM_RGB[x.weather])
        line = r.h // 3
        for k, (text, bold) in enumerate(((msg("wm.view.exp.head", weather=T.weather(x.weather),
                                               stage=ROMAN[x.stage]), True),
                                          (msg("wm.view.sci", n=x.science), False),
                                          (msg("wm.view.cp", n=x.cp), False))):
            self._label(surf, text, pygame.Rect(r.x + 1, r.y + k * line, r.w - 2, line), 12, ink,
                        bold=bold)
        a, b = x.benefits
        self._tip(r, msg("wm.view.exp.tip", where=where, experiment=T.experiment(e),
                         weather=T.weather(x.weather), n=x.science, cp=x.cp, a=T.benefits(a),
                         b=T.benefits(b)))

    def _draw_lab(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[LAB]
        self._action_spaces(surf, s, LAB, self._viewer)
        info = L.r(x + w - 124, y, 118, HEAD_H)
        self._label(surf, msg("wm.view.lab.lativ_bots", n=s.lativ_side), info, 12, (255, 255, 255),
                    align="right")
        self._tip(info, msg("wm.view.lab.lativ_bots_tip", n=s.lativ_side))
        # the experiment deck and the tile below it (top right), the display under them
        tw, th = 56, 51
        deck = L.r(x + 146, y + 25, tw, th)
        top = s.exp_deck[0] if s.exp_deck else EMPTY
        self._exp_tile(surf, top, deck, msg("wm.view.exp.deck", n=len(s.exp_deck)))
        self._label(surf, msg("wm.view.lab.deck", n=len(s.exp_deck)), L.r(x + 140, y + 76, tw + 12, 17),
                    12, theme.MUTED)
        below = L.r(x + 146 + tw + 18, y + 25, tw, th)
        self._exp_tile(surf, s.exp_below, below, msg("wm.view.exp.below"))
        self._label(surf, msg("wm.view.lab.next"), L.r(x + 146 + tw + 12, y + 76, tw + 12, 17), 12,
                    theme.MUTED)
        for i in range(3):
            r = L.r(x + 6 + i * (tw + 4), y + 96, tw, th)
            self._exp_tile(surf, s.exp_display[i], r, msg("wm.view.exp.display", n=i + 1))
        self._label(surf, msg("wm.view.lab.display"), L.r(x + 6 + 3 * (tw + 4) + 4, y + 96, 110, th), 12, theme.MUTED,
                    align="left")
        # the machine: five branches of spaces (space 0 at the bottom)
        bw = 60
        bx = x + 2
        by = y + 150
        for b in range(W):
            cx = bx + b * bw + bw / 2
            head = L.r(cx - 27, by, 54, 17)
            active = b == s.assistant
            pygame.draw.rect(surf, va.CHEM_RGB[b], head, border_radius=L.n(4))
            if active:
                pygame.draw.rect(surf, theme.INK, head, L.n(2), border_radius=L.n(4))
            self._label(surf, T.weather(b), head, 12, va.readable_on(va.CHEM_RGB[b]), bold=True)
            self._tip(head, msg("wm.view.lab.branch_active" if active else "wm.view.lab.branch",
                                weather=T.weather(b)))
            n = D.lab_spaces[b]
            for i in range(n):
                r = L.r(cx - 9, by + 20 + (n - 1 - i) * 19, 18, 18)
                pygame.draw.rect(surf, (234, 244, 238), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[LAB], r, 1, border_radius=L.n(4))
                occ = s.lab[b][i]
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                elif occ == LATIV:
                    img = self.paint.tinted("bot", L.n(20), va.LATIV_RGB)
                    surf.blit(img, img.get_rect(center=r.center))
                self._space(("lab", b, i), r)
                who = (msg("wm.view.bot_of", name=self._who(occ)) if occ >= 0 else
                       msg("wm.view.lativ_bot") if occ == LATIV else msg("wm.view.empty"))
                self._tip(r, msg("wm.view.lab.space_lativ" if occ == LATIV else "wm.view.lab.space",
                                 space=T.branch_space(i), weather=T.weather(b), who=who))
            ay = by + 20 + n * 19 + 2
            if active:
                img = self.paint.svg("assistant", L.n(18))
                surf.blit(img, img.get_rect(center=L.p(cx - 20, ay + 9)))
            lock = L.r(cx - 12, ay + 2, 14, 14)
            if s.locks[b]:
                surf.blit(self.paint.svg("lock", lock.w), lock)
                self._tip(lock, msg("wm.view.lab.locked", weather=T.weather(b)))
            else:
                pygame.draw.circle(surf, theme.LINE, lock.center, lock.w // 2, 1)
                self._tip(lock, msg("wm.view.lab.open", weather=T.weather(b)))
            self._token_stack(surf, f"L:{b}", s.lab_tokens[b], (cx + 2, ay, 28, 17),
                              msg("wm.view.lab.tokens", weather=T.weather(b), n=s.lab_tokens[b]))

    # -- R&D -----------------------------------------------------------------------------------

    def _draw_rnd(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[RND]
        self._action_spaces(surf, s, RND, self._viewer)
        legend = msg("wm.view.rnd.gains", **{where: va.short_benefits(D.rnd_benefit[i])
                                             for i, where in enumerate(("bottom", "middle", "top"))})
        self._label(surf, legend, L.r(x + 140, y + 26, w - 146, 64), 12, theme.INK_SOFT, align="left")
        bw = 60
        bx = x + 2
        ty = y + 93
        for b in range(W):
            cx = bx + b * bw + bw / 2
            # the Extreme Weather tile on top of this branch
            t = B.top_extreme(s, b)
            tile = L.r(cx - 28, ty, 56, 60)
            if t is None:
                pygame.draw.rect(surf, theme.LINE, tile, 1, border_radius=L.n(5))
                self._tip(tile, msg("wm.view.rnd.no_tile", weather=T.weather(b)))
            else:
                x_ = D.extremes[t]
                pygame.draw.rect(surf, va.CHEM_RGB[b], tile, border_radius=L.n(5))
                pygame.draw.rect(surf, theme.INK_SOFT, tile, 1, border_radius=L.n(5))
                ink = va.readable_on(va.CHEM_RGB[b])
                self._label(surf, msg("wm.view.rnd.tile_head", weather=T.weather(b), level=x_.level),
                            L.r(cx - 27, ty + 1, 54, 17), 12, ink, bold=True)
                self._label(surf, msg("wm.view.sci", n=x_.science), L.r(cx - 26, ty + 19, 28, 17), 12,
                            ink, align="left")
                for k, colour in enumerate(x_.top_parts):
                    img = self.paint.tinted("part", L.n(12), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=L.p(cx + 20 - 13 * k, ty + 27)))
                # the tile's spaces along the bottom: each holds a player's Breakthrough marker,
                # a Government marker (a Government Machine branch ran) or nothing
                nb = len(x_.breakthrough)
                for k in range(nb):
                    c = L.p(cx - 20 + 13 * k, ty + 48)
                    occ = s.ew_bt[b][k]
                    pygame.draw.circle(surf, (255, 255, 255), c, L.n(6))
                    pygame.draw.circle(surf, theme.INK_SOFT, c, L.n(6), 1)
                    if occ == GOVERNMENT_MARKER:
                        g = pygame.Rect(0, 0, L.n(11), L.n(11))
                        g.center = c
                        pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT], g)
                        pygame.draw.rect(surf, theme.INK_SOFT, g, 1)
                        held = "government"
                    elif occ >= 0:
                        img = self._disc(occ, L.n(13), letter=False)
                        surf.blit(img, img.get_rect(center=c))
                        held = "seat"
                    else:
                        held = "empty"
                    self._tip(pygame.Rect(c[0] - L.n(7), c[1] - L.n(7), L.n(13), L.n(14)),
                              msg(f"wm.view.rnd.bt_{held}", n=k + 1, tile=T.extreme(t),
                                  name=self._who(occ) if occ >= 0 else "",
                                  benefits=T.benefits(x_.breakthrough[k])))
                need = commas([T.part_colour(c) for c in x_.top_parts]) or msg("wm.view.none")
                self._tip(tile, msg("wm.view.rnd.tile", tile=cap(T.extreme(t)), n=x_.science, parts=need,
                                    stack=len(s.ew_stack[b])))
            # research spaces, bottom space 0 drawn lowest
            for i in range(3):
                ry = ty + 63 + (2 - i) * 21
                r = L.r(cx - 10, ry, 20, 20)
                pygame.draw.rect(surf, (240, 234, 248), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[RND], r, 1, border_radius=L.n(4))
                occ = s.rnd[b][i]
                paid = s.rnd_chem[b][i]
                want = D.rnd_chemical[b][i]
                chem = self.paint.tinted("chemical", L.n(14), va.CHEM_RGB[paid if paid >= 0 else want])
                cbox = chem.get_rect(center=L.p(cx - 20, ry + 10))
                if paid < 0:
                    chem = chem.copy()
                    chem.set_alpha(110)
                surf.blit(chem, cbox)
                part = self.paint.tinted("part", L.n(14), va.PART_RGB[D.rnd_parts[b][i]])
                surf.blit(part, part.get_rect(center=L.p(cx + 20, ry + 10)))
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                self._space(("rnd", b, i), r)
                self._tip(L.r(cx - 28, ry, 56, 21), lines(
                    msg("wm.view.rnd.space_bot" if occ >= 0 else "wm.view.rnd.space_empty",
                        space=T.branch_space(i), weather=T.weather(b),
                        name=self._who(occ) if occ >= 0 else "",
                        colour=T.part_colour(D.rnd_parts[b][i]), chemical=T.chemical_name(want),
                        benefits=T.benefits(D.rnd_benefit[i])),
                    msg("wm.view.rnd.bottom_extra") if i == 0 else None))
            self._token_stack(surf, f"R:{b}", s.rnd_tokens[b], (cx - 14, ty + 127, 28, 17),
                              msg("wm.view.rnd.tokens", weather=T.weather(b), n=s.rnd_tokens[b]))

    # -- Lativ's Office: turn order, initiative, reserve in its band; the Funding tracks -------

    def _draw_office(self, surf: pygame.Surface, s: WMState) -> Iterator[None]:
        L = self.L
        x, y, w, h = PANELS[OFFICE]
        ink = va.readable_on(va.LOC_RGB[OFFICE])
        self._label(surf, msg("wm.view.title.office"), L.r(x + 6, y, 124, HEAD_H), 13, ink, bold=True,
                    align="left")
        here = L.r(x + 134, y + 2, 18, 18)
        if s.lativ_loc == OFFICE:
            surf.blit(self.paint.svg("lativ", here.w), here)
        else:
            pygame.draw.circle(surf, (255, 255, 255), here.center, here.w // 2, 1)
        self._tip(here, msg("wm.view.office.lativ_here" if s.lativ_loc == OFFICE
                            else "wm.view.office.lativ_away"))
        for row, (label, order, lx, lw) in enumerate(
                ((msg("wm.view.office.turn_order"), s.turn_order, 156, 72),
                 (msg("wm.view.office.initiative"), s.initiative, 302, 64))):
            self._label(surf, label, L.r(x + lx, y, lw, HEAD_H), 12, ink, bold=True, align="right")
            for i, seat in enumerate(order):
                c = L.p(x + lx + lw + 11 + i * 17, y + HEAD_H / 2)
                img = self._disc(seat, L.n(16))
                surf.blit(img, img.get_rect(center=c))
                self._tip(img.get_rect(center=c), lines(
                    msg("wm.view.office.order_tip", order=label, name=self._who(seat), ordinal=T.ORDINALS[i]),
                    msg("wm.view.office.initiative_tip") if row == 1 else None))
        # the reserve
        nob = L.r(x + 442, y + 2, 18, 18)
        if s.nobel_left:
            surf.blit(self.paint.svg("nobel", nob.w), nob)
        else:
            pygame.draw.circle(surf, theme.LINE, nob.center, nob.w // 2, 1)
        self._tip(nob, msg("wm.view.office.nobel" if s.nobel_left else "wm.view.office.nobel_taken"))
        aw = L.r(x + 464, y + 2, 18, 18)
        surf.blit(self.paint.svg("award", aw.w), aw)
        self._label(surf, f"{s.awards_left}", L.r(x + 483, y, 20, HEAD_H), 12, ink, bold=True,
                    align="left")
        self._tip(L.r(x + 464, y, 40, HEAD_H), msg("wm.view.office.awards", n=s.awards_left))
        rnd = L.r(x + 506, y, w - 512, HEAD_H)
        self._label(surf, msg("wm.view.office.round_of" if s.final_round else "wm.view.office.round",
                              n=s.round, last=s.final_round), rnd, 12, ink, bold=True, align="right")
        triggers = [R.trigger_words(s, t) for t in s.triggers]
        self._tip(rnd, msg("wm.view.office.round_tip_final" if s.final_round else "wm.view.office.round_tip",
                           n=s.round, removed=s.removed_tokens, last=s.final_round,
                           triggers=joined("wm.view.semicolon", triggers)))
        yield
        # Funding tracks: the end-of-game CP and the markers on a cell's first line, its benefit
        # on the second
        fy = y + HEAD_H
        cw = (w - 44) / D.funding_length
        for t in range(3):
            yield
            ry = fy + t * 34
            loc = (GOVERNMENT, LAB, RND)[t]
            self._label(surf, va.voucher_short(t + 1), L.r(x + 4, ry, 38, 34), 13, va.LOC_RGB[loc],
                        bold=True, align="left")
            for i in range(D.funding_length):
                cx0 = x + 42 + i * cw
                r = L.r(cx0, ry, cw - 2, 34)
                pygame.draw.rect(surf, (246, 246, 250), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[loc], r, 1, border_radius=L.n(4))
                if t == 0:
                    ben = D.funding_gov[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben)
                    how = msg("wm.view.fund.gov_how")
                elif t == 1:
                    what = msg("wm.view.fund.lab_short_sci" if D.funding_lab_science[i] else
                               "wm.view.fund.lab_short", n=D.funding_lab_modifier[i])
                    full = msg("wm.view.fund.lab_full", sci=D.funding_lab_science[i],
                               n=D.funding_lab_modifier[i])
                    how = msg("wm.view.fund.lab_how")
                else:
                    ben = D.funding_rnd[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben)
                    how = msg("wm.view.fund.rnd_how")
                self._label(surf, f"{D.funding_end_cp[i]}", L.r(cx0 + 2, ry, 16, 17), 12,
                            theme.MUTED, align="left")
                self._label(surf, what, L.r(cx0 + 1, ry + 17, cw - 4, 17), 12, theme.INK_SOFT)
                on = [seat for seat, p in enumerate(s.pl) if p.funding[t] == i]
                # Three markers fit right of the CP number; with more, the third place shows how
                # many others share the space (the tooltip names them).
                shown = on if len(on) <= 3 else on[:2]
                for k, seat in enumerate(shown):
                    img = self._disc(seat, L.n(14))
                    surf.blit(img, img.get_rect(center=L.p(cx0 + 27 + 15 * k, ry + 9)))
                if len(on) > 3:
                    self._label(surf, f"+{len(on) - 2}", L.r(cx0 + 50, ry, cw - 52, 17), 12,
                                theme.INK, bold=True, align="left")
                names = commas([self._who(seat) for seat in on])
                self._tip(r, lines(msg(f"wm.view.fund.tip.{T.TRACK_KEYS[t]}", n=i + 1, full=full,
                                       cp=D.funding_end_cp[i]), how,
                                   msg("wm.view.fund.markers", names=names) if names else None))

    # -- the Laboratories ----------------------------------------------------------------------

    def _draw_tabs(self, surf: pygame.Surface, s: WMState, shown: int) -> None:
        """One tab per player: the colour token (its shape with colour-blind markings), the
        name, the CP, and "to act" on the seat the rules wait for."""
        L = self.L
        x, y, w, h = TABS
        n = s.players
        gap = 4
        tw = (w - gap * (n - 1)) / n
        acting = self.game.to_act(s)
        for seat in range(n):
            tx = x + seat * (tw + gap)
            r = L.r(tx, y, tw, h + 2)
            rgb = self._seat_rgb(seat)
            on = seat == shown
            pygame.draw.rect(surf, (250, 247, 240) if on else (226, 232, 238), r,
                             border_top_left_radius=L.n(8), border_top_right_radius=L.n(8))
            pygame.draw.rect(surf, rgb, (r.x, r.y, r.w, L.n(4)), border_top_left_radius=L.n(8),
                             border_top_right_radius=L.n(8))
            if seat in acting:
                pygame.draw.rect(surf, theme.HIGHLIGHT, r, L.n(2), border_top_left_radius=L.n(8),
                                 border_top_right_radius=L.n(8))
            token = self._disc(seat, L.n(20))
            surf.blit(token, token.get_rect(center=L.p(tx + 14, y + 20)))
            self._label(surf, self._who(seat), L.r(tx + 27, y + 3, tw - 30, 17), 13, theme.INK,
                        bold=on, align="left")
            line2 = tr("wm.view.tab.to_act_cp" if seat in acting else "wm.view.cp", n=s.pl[seat].cp)
            box2 = L.r(tx + 27, y + 20, tw - 30, 17)
            if self.ctx.text.lay(line2, box2.w, box2.h, L.font(12), bold=True).cut:
                line2 = tr("wm.view.tab.to_act") if seat in acting else line2  # the CP stay in the tooltip
            self._label(surf, line2, box2, 12,
                        theme.INK if seat in acting else theme.MUTED, bold=seat in acting, align="left")
            self._tabs.append((self._abs(r), seat))
            key = "wm.view.tab.lab" + ("_end" if s.pl[seat].end_cp else "") + ("_shown" if on else "")
            self._tip(r, lines(msg(key, name=self._who(seat), n=s.pl[seat].cp, end=s.pl[seat].end_cp),
                               msg("wm.view.tab.their_turn") if seat in acting else None))

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

    def _heading(self, surf: pygame.Surface, text: Msg, x: float, y: float, w: float) -> None:
        self._label(surf, text, self.L.r(x + 4, y, w - 4, 17), 13, theme.INK_SOFT, bold=True,
                    align="left")

    def _draw_vouchers(self, surf: pygame.Surface, p: PlayerState) -> None:
        """The Voucher tracks, each as its Voucher and the count out of the track's limit."""
        L = self.L
        x, y, w, h = VOUCHERS
        cell = w / 5
        for t in range(5):
            cx = x + t * cell
            icon = self.paint.voucher(t, L.n(22))
            surf.blit(icon, icon.get_rect(center=L.p(cx + 16, y + h / 2)))
            lim = D.voucher_limit[t]
            self._label(surf, f"{p.vouchers[t]}/{lim}", L.r(cx + 29, y + 3, cell - 31, 18), 13,
                        theme.INK, bold=True, align="left")
            self._tip(L.r(cx, y, cell, h), lines(
                msg(f"wm.view.vouchers.{va.VOUCHER_KEYS[t]}", n=p.vouchers[t], limit=lim),
                msg("wm.view.vouchers.science_any") if t == V_SCI else None,
                msg("wm.view.vouchers.room")))

    def _draw_line(self, surf: pygame.Surface, p: PlayerState, seat: int, mine: bool) -> None:
        """The Assembly Line: 4 sections of 3 slots, their costs, unlocks, benefits and income."""
        L = self.L
        x, y, w, h = LINE
        self._heading(surf, msg("wm.view.line.heading"), x, y, w)
        built = 12 - sum(p.line)
        for sec in range(4):
            ry = y + 20 + sec * 52
            opened = B.section_open(p, sec)
            head = L.r(x, ry, 38, 51)
            pygame.draw.rect(surf, (236, 240, 244) if opened else (214, 218, 224), head, border_radius=L.n(4))
            self._label(surf, msg("wm.view.line.cost", n=D.line_cost[sec]), L.r(x, ry + 2, 38, 17), 12,
                        theme.INK, bold=True)
            if D.line_unlock_bots[sec]:
                self._label(surf, msg("wm.view.line.open") if opened else msg(
                    "wm.view.line.unlock_short", bots=D.line_unlock_bots[sec],
                    tokens=D.line_unlock_tokens[sec]), L.r(x, ry + 32, 38, 17), 12, theme.MUTED)
            unlock = (msg("wm.view.line.opens_open" if opened else "wm.view.line.opens_locked",
                          bots=D.line_unlock_bots[sec], built=built, tokens=D.line_unlock_tokens[sec],
                          have=B.office_tokens(p))
                      if D.line_unlock_bots[sec] else None)
            self._tip(head, lines(msg("wm.view.line.section", section=sec + 1, n=D.line_cost[sec]),
                                  unlock))
            for k in range(3):
                slot = sec * 3 + k
                sx = x + 40 + k * 46
                r = L.r(sx, ry, 44, 51)
                pygame.draw.rect(surf, (255, 255, 255), r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                ben = va.short_benefits(D.line_benefit[slot]) if D.line_benefit[slot] else msg(
                    "wm.view.line.none")
                self._label(surf, ben, L.r(sx, ry + 33, 44, 17), 12, theme.INK_SOFT)
                income = D.line_income[slot] if slot < 6 else ()
                if p.line[slot]:
                    img = self._bot(seat, L.n(28))
                    box = img.get_rect(center=L.p(sx + 22, ry + 16))
                    if mine and self._movable("line", slot):
                        self._lit(surf, box)
                    surf.blit(img, box)
                    if mine:
                        self._pieces.append(Piece(("line", slot), self._abs(box), tr("wm.view.bot"), seat,
                                                  img))
                elif income:
                    self._label(surf, va.short_benefits(income), L.r(sx, ry + 6, 44, 20), 12, theme.TEAL)
                key = ("wm.view.line.slot" + ("_bot" if p.line[slot] else "")
                       + ("_gain" if D.line_benefit[slot] else "") + ("_income" if income else ""))
                self._tip(r, lines(msg(key, slot=T.line_slot(slot), benefits=T.benefits(D.line_benefit[slot]),
                                       income=T.benefits(income)),
                                   msg("wm.view.line.drag") if mine and p.line[slot]
                                   and self._movable("line", slot) else None))

    def _draw_office_rows(self, surf: pygame.Surface, s: WMState, p: PlayerState, seat: int,
                          mine: bool) -> None:
        L = self.L
        x, y, w, h = OFFICE_ROWS
        self._heading(surf, msg("wm.view.office.heading"), x, y, 56)
        # the space to the top left of the Office: tokens waiting to be placed (shown while any
        # is waiting; an empty box said nothing)
        waiting = list(p.pending_tokens) + ["A"] * p.pending_awards
        if waiting:
            wait = L.r(x + 58, y - 1, w - 58, 22)
            pygame.draw.rect(surf, (255, 250, 232), wait, border_radius=L.n(5))
            pygame.draw.rect(surf, theme.HIGHLIGHT, wait, 1, border_radius=L.n(5))
            self._tip(wait, msg("wm.view.office.waiting", tokens=commas([T.token(t) for t in waiting])))
        for k, tok in enumerate(waiting[:6]):
            img = self.paint.research_token(tok, L.n(20))
            box = img.get_rect(center=L.p(x + 70 + 22 * k, y + 10))
            movable = mine and self._movable("tok", tok)
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            if mine:
                self._pieces.append(Piece(("tok", tok), self._abs(box), tr(T.token(tok)), seat, img))
            self._tip(box, lines(msg("wm.view.office.token_waiting", token=cap(T.token(tok))),
                                 msg("wm.view.office.token_drag") if movable else None))
        cw, ch = 40, 24
        for r_ in range(6):
            ry = y + 22 + r_ * (ch + 2)
            for c in range(3):
                colour = D.office_colours[r_][c]
                r = L.r(x + c * (cw + 2), ry, cw, ch)
                pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, 1, border_radius=L.n(4))
                ben = D.office_benefit[r_][c]
                cell = p.office[r_][c]
                if cell:
                    img = self.paint.research_token(cell, L.n(22))
                    surf.blit(img, img.get_rect(center=r.center))
                elif ben:
                    self._label(surf, va.short_benefits(ben), r, 12, theme.INK_SOFT)
                self._space(("office", r_, c), r)
                self._tip(r, msg("wm.view.office.cell" + ("_gain" if ben else "") + ("_holds" if cell else ""),
                                 space=cap(T.office_space(r_, c)), colour=T.TOKEN_COLOURS[colour],
                                 benefits=T.benefits(ben), token=T.token(cell) if cell else ""))
            # the Breakthrough marker: next to the tokens, slid right (published) or gone
            bt = p.breakthrough[r_]
            tx = x + 3 * (cw + 2)
            track = L.r(tx, ry, w - 3 * (cw + 2), ch)
            pygame.draw.rect(surf, (255, 255, 255), track, border_radius=L.n(4))
            pygame.draw.rect(surf, theme.LINE, track, 1, border_radius=L.n(4))
            self._label(surf, va.short_benefits(D.slide_benefit[r_]),
                        L.r(tx + 15, ry, w - 3 * (cw + 2) - 30, ch), 12, theme.MUTED)
            if bt < 2:
                img = self._disc(seat, L.n(13), letter=False)
                c = L.p(tx + 8, ry + ch / 2) if bt == 0 else L.p(x + w - 8, ry + ch / 2)
                surf.blit(img, img.get_rect(center=c))
            state = ("next", "published")[bt] if bt < 2 else "used"
            self._tip(track, msg(f"wm.view.office.bt_{state}", n=r_ + 1,
                                 benefits=T.benefits(D.slide_benefit[r_])))

    def _draw_goals(self, surf: pygame.Surface, p: PlayerState, mine: bool) -> None:
        L = self.L
        x, y, w, h = GOALS
        self._heading(surf, msg("wm.view.goals.heading"), x, y, w)
        placed = {sp: (g, f) for sp, g, f in p.goals_set}
        gw, gh = (w - 4) / 3, 37
        for sp in range(6):
            colour = D.goal_space_colours[sp]
            r = L.r(x + (sp % 3) * (gw + 2), y + 20 + (sp // 3) * (gh + 2), gw, gh)
            pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
            pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, L.n(2), border_radius=L.n(4))
            self._space(("goal", sp), r)
            if sp in placed:
                g, flipped = placed[sp]
                self._goal_face(surf, g, r.inflate(-L.n(2), -L.n(2)), flipped)
                self._tip(r, msg("wm.view.goals.space_set_flipped" if flipped else "wm.view.goals.space_set",
                                 space=cap(T.goal_space(sp)), goal=T.goal(g)))
            else:
                self._label(surf, va.short_benefits(D.goal_space_benefit[sp]), r, 12, theme.INK_SOFT)
                self._tip(r, msg("wm.view.goals.space_empty", space=cap(T.goal_space(sp)),
                                 benefits=T.benefits(D.goal_space_benefit[sp])))
        # goal tiles below the Laboratory: three rows of three (narrower when there are more)
        hx, hy, hw, hh = GOAL_HAND
        self._heading(surf, msg("wm.view.goals.hand"), hx, hy, hw)
        hand = p.goals_hand
        cols = max(3, -(-len(hand) // 3))
        rows = max(1, -(-len(hand) // cols))
        tw, th = (hw - 2 * (cols - 1)) / cols, min(40, (hh - 20 - 2 * (rows - 1)) / rows)
        for k, g in enumerate(hand):
            r = L.r(hx + (k % cols) * (tw + 2), hy + 20 + (k // cols) * (th + 2), tw, th)
            self._goal_face(surf, g, r, False)
            if mine:
                img = surf.subsurface(r).copy()
                movable = self._movable("goal", g)
                if movable:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, r.inflate(L.n(4), L.n(4)), L.n(2), border_radius=L.n(4))
                self._pieces.append(Piece(("goal", g), self._abs(r), tr(T.goal(g)), None, img))
            else:
                movable = False
            self._tip(r, lines(msg("wm.view.goals.tile", goal=cap(T.goal(g)), set=D.goals[g].set),
                               msg("wm.view.goals.drag") if movable else None))

    def _goal_face(self, surf: pygame.Surface, g: int, r: pygame.Rect, flipped: bool) -> None:
        L = self.L
        x = D.goals[g]
        fill = (40, 44, 52) if flipped else va.TOKEN_RGB[x.colour]
        pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
        ink = (255, 255, 255)
        half = r.h // 2
        self._label(surf, va.metric_short(x.metric),
                    pygame.Rect(r.x + 1, r.y, r.w - 2, half), 12, ink)
        self._label(surf, f"{x.target}", pygame.Rect(r.x + 1, r.y + half, r.w - 2, r.h - half), 12,
                    ink, bold=True)

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
        x, y, w, h = WORKSHOP
        self._heading(surf, msg("wm.view.workshop.heading"), x, y, 120)
        g = B.grid(p)
        maxc = max([c for _r, c in g] + [0])
        pending = self._placing_tile() if s.stack and s.stack[-1].seat == seat else None
        ncols = maxc + 2
        top = y + 20
        cs = min((h - 22) / 3, (w - 8) / (ncols + (1.2 if pending is not None else 0)))
        x += 4
        area = L.r(x - 4, top - 4, w, 3 * cs + 6)
        self._space(("wsarea",), area)
        chem_at, overflow, items = self._arrange(p)
        for r in range(3):
            for c in range(ncols):
                cell = L.r(x + c * cs, top + r * cs, cs - 2, cs - 2)
                if c == 0:
                    pygame.draw.rect(surf, (236, 232, 222), cell, border_radius=L.n(5))
                    pygame.draw.rect(surf, theme.INK_SOFT, cell, 1, border_radius=L.n(5))
                    self._label(surf, msg(f"wm.view.workshop.short.{r}"),
                                pygame.Rect(cell.x, cell.bottom - L.n(18), cell.w, L.n(17)), 12,
                                theme.MUTED)
                    self._tip(cell, msg(f"wm.view.workshop.printed.{r}", row=T.ws_row(r)))
                elif (r, c) in g:
                    t = next(t for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    f = next(f for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    surf.blit(self.paint.tile(t, f, cell.w), cell)
                    self._tip(cell, msg("wm.view.workshop.tile", tile=cap(T.tile(t)), row=T.ws_row(r)))
                else:
                    if c > maxc + 1:
                        continue
                    pygame.draw.rect(surf, (226, 222, 212), cell, 1, border_radius=L.n(5))
                if c >= 1 and (r, c) not in g:
                    self._space(("ws", r, c), cell)
                # contents
                it = items.get((r, c))
                if it:  # on the printed space: above its name
                    centre = (cell.centerx, cell.centery - (round(cell.h * 0.16) if c == 0 else 0))
                    if it == "b":
                        img = self._bot(seat, round(cell.w * 0.5))
                        box = img.get_rect(center=centre)
                        movable = mine and self._movable("bot")
                        if movable:
                            self._lit(surf, box)
                        surf.blit(img, box)
                        if mine:
                            self._pieces.append(Piece(("bot", (r, c)), self._abs(box), tr("wm.view.bot"),
                                                      seat, img))
                        self._tip(box, lines(msg("wm.view.workshop.bot", name=self._who(seat)),
                                             msg("wm.view.workshop.bot_drag") if movable else None))
                    else:
                        colour = int(it[1:])
                        img = self.paint.tinted("part", round(cell.w * 0.45), va.PART_RGB[colour])
                        surf.blit(img, img.get_rect(center=centre))
                        self._tip(img.get_rect(center=centre), msg("wm.view.workshop.part",
                                                                   part=cap(T.part(colour)),
                                                                   row=T.ws_row(r)))
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
                self._pieces.append(Piece(("wschem", wi), self._abs(box), tr(T.chemical_proper(wi)), seat,
                                          img))
            sec = None
            slot = B.supply_rightmost_empty(s, wi)
            if slot is not None:
                sec = D.chem_section[slot]
            self._tip(box, lines(msg("wm.view.workshop.chemical", chemical=cap(T.chemical_name(wi))),
                                 msg("wm.view.workshop.chemical_drag", n=D.chem_return[sec])
                                 if movable and sec is not None else None))
        # the tile being placed, beside the Workshop
        if pending is not None:
            r = L.r(x + ncols * cs + 0.15 * cs, top + cs, cs - 2, cs - 2)
            img = self.paint.tile(pending, self.flip, r.w)
            movable = mine and self._movable("newtile")
            if movable:
                self._lit(surf, r)
            surf.blit(img, r)
            self._label(surf, msg("wm.view.workshop.turn"), pygame.Rect(r.x - L.n(4), r.bottom + L.n(2), r.w + L.n(8),
                                                     L.n(17)), 12, theme.MUTED)
            if mine:
                self._pieces.append(Piece(("newtile", pending), self._abs(r), tr(T.tile(pending)), seat, img))
            self._tip(r, msg("wm.view.workshop.new_tile", tile=cap(T.tile(pending))))

    def _draw_tiles_beside(self, surf: pygame.Surface, p: PlayerState) -> None:
        """Subsidy and Investment tiles to the left of the Laboratory, and the papers and
        awards."""
        L = self.L
        x, y, w, h = TILES_BESIDE
        shown = p.subsidies[:6]
        for k, (tid, up) in enumerate(shown):
            r = L.r(x + k * 47, y, 44, 24)
            kind = D.subsidy_types[D.subsidy_tiles[tid]]
            pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220), r, border_radius=L.n(4))
            self._label(surf, va.subsidy_short(kind), r, 12, (255, 255, 255) if up else theme.INK_SOFT,
                        bold=True)
            self._tip(r, lines(msg("wm.view.beside.subsidy_up" if up else "wm.view.beside.subsidy_flipped",
                                   subsidy=cap(T.subsidy(tid)), benefit=T.benefit(kind)),
                               msg("wm.view.beside.subsidies", n=len(p.subsidies))
                               if len(p.subsidies) > 6 else None))
        r = L.r(x + len(shown) * 47, y, 84, 24)
        pygame.draw.rect(surf, (252, 236, 196), r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.SUN, r, 1, border_radius=L.n(4))
        self._label(surf, msg("wm.view.beside.invest", n=p.investments), r, 12, theme.INK, bold=True)
        self._tip(r, msg("wm.view.beside.invest_tip", n=p.investments))
        info = msg("wm.view.beside.info" + ("_nobel" if p.nobel else "") + ("_end" if p.end_cp else ""),
                   papers=p.papers, awards=p.awards, end=p.end_cp)
        self._label(surf, info, L.r(x + 4, y + 28, w - 8, 20), 13, theme.INK_SOFT, bold=True, align="left")
