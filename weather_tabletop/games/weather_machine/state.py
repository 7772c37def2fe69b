"""The state of a game of Weather Machine: frozen dataclasses holding tuples only.

The Workshop is stored as what it holds (counts of Chemicals by type, Machine Parts by colour and
Bots) plus its tile layout. The rulebook lets items "be moved around your Workshop at any time"
("Your Workshop"), so only whether an arrangement exists matters; the rules check that one does
(``rules.workshop_fits``) and a view may draw any such arrangement.

Office cells hold "" (empty), "A" (Award), "C" (Citation) or a Research token "<colour>:<weather>"
with colour G (Government), L (Lab) or R (R&D). Board spaces hold a seat number, ``LATIV`` for
Lativ's Bots, or ``EMPTY``; the spaces of an Extreme Weather tile hold a seat's Breakthrough
marker, ``GOVERNMENT_MARKER`` or ``EMPTY`` (one set of spaces for both kinds of marker).

Pending steps form a stack (``WMState.stack``) whose last element is on top: a ``Decision`` is
answered by a command of its seat, an ``Effect`` runs by itself in ``decide``. Each kind of step is
a small frozen dataclass below. In the events that change the stack (and so in save files), a step
is written as the tuple ``(kind, seat, *fields)`` (an effect as ``("fx", seat, name, *fields)``),
the form saves have always had: ``step_tuple`` and ``step_from_tuple`` convert. The steps live in
this module because a checkpoint's state is read back with the dataclasses of the state's module.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from weather_tabletop.i18n import msg, tr

from .solo_data import PINK, SOLO, WHITE

EMPTY = -1
LATIV = -2
BLOCKED = -3  # 2-player: the rightmost action space of each main location
GOVERNMENT_MARKER = -4  # a Government marker on a space of an Extreme Weather tile



@dataclass(frozen=True)
class Step:
    """A pending step of ``seat`` (-1: the round's own steps)."""
    seat: int


@dataclass(frozen=True)
class Decision(Step):
    """A step a command of its seat answers."""
    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Effect(Step):
    """A step that runs by itself in ``decide`` (an automatic effect)."""
    kind: ClassVar[str] = "fx"
    name: ClassVar[str] = ""


@dataclass(frozen=True)
class Drafting(Decision):
    """Drafting Variant: take a set of 3 Goal tiles (``pick``: 0-2)."""
    kind: ClassVar[str] = "draft"
    pick: int


@dataclass(frozen=True)
class SupplyTurn(Decision):
    """The Post-Setup Supply Round: Supply actions, then done."""
    kind: ClassVar[str] = "supply_turn"


@dataclass(frozen=True)
class SubsidyOrInvestment(Decision):
    """Phase A step 1: Use a Subsidy Tile or Investment Tile."""
    kind: ClassVar[str] = "turn_sub"


@dataclass(frozen=True)
class ScientistMove(Decision):
    """Phase A step 2: Move Your Scientist."""
    kind: ClassVar[str] = "move"


@dataclass(frozen=True)
class LocationActions(Decision):
    """Phase A step 3: the actions of the space (``used``: a bit per action done)."""
    kind: ClassVar[str] = "actions"
    location: int
    space: int
    used: int


@dataclass(frozen=True)
class TokenPlacement(Decision):
    """Phase A step 4: Place Research Tokens, then the turn ends."""
    kind: ClassVar[str] = "tokens"


@dataclass(frozen=True)
class FinalPlacement(Decision):
    """Just before final scoring: Award tokens and Investment tiles."""
    kind: ClassVar[str] = "final_place"


@dataclass(frozen=True)
class TokenNow(Decision):
    """A Lab Research token that must be placed at once."""
    kind: ClassVar[str] = "place_now"
    token: str


@dataclass(frozen=True)
class Payment(Decision):
    """Pay ``n`` Vouchers of ``vtype`` (ANY: any type); ``later``: (type, n) to pay after it."""
    kind: ClassVar[str] = "pay"
    vtype: int
    n: int
    later: tuple


@dataclass(frozen=True)
class AnyVoucher(Decision):
    """Gain any 1 Voucher."""
    kind: ClassVar[str] = "gain_any"


@dataclass(frozen=True)
class ChemicalChoice(Decision):
    """Gain a Chemical of your choice."""
    kind: ClassVar[str] = "take_chem"


@dataclass(frozen=True)
class PartChoice(Decision):
    """Gain a Machine Part of your choice."""
    kind: ClassVar[str] = "take_part"


@dataclass(frozen=True)
class FundingChoice(Decision):
    """Advance on a Funding track of your choice."""
    kind: ClassVar[str] = "funding_any"


@dataclass(frozen=True)
class BotChoice(Decision):
    """Construct a Bot (``free``: 1 as a benefit)."""
    kind: ClassVar[str] = "bot"
    free: int


@dataclass(frozen=True)
class TileChoice(Decision):
    """Extend Workshop: choose a tile (``free``: 1 as a benefit)."""
    kind: ClassVar[str] = "tile_choice"
    free: int


@dataclass(frozen=True)
class TilePlacement(Decision):
    """Place the Workshop tile taken."""
    kind: ClassVar[str] = "tile_place"
    tile: int


@dataclass(frozen=True)
class BonusAction(Decision):
    """A free action gained as a benefit (or declined)."""
    kind: ClassVar[str] = "benefit_action"
    action: str


@dataclass(frozen=True)
class SubsidyChoice(Decision):
    """Sell a Part step 3: take a Subsidy tile of the column."""
    kind: ClassVar[str] = "take_subsidy"
    column: int
    colour: int


@dataclass(frozen=True)
class PartNeeded(Decision):
    """A Machine Parts Exchange for the Part a sale needs."""
    kind: ClassVar[str] = "xpart"
    colour: int
    later: tuple


@dataclass(frozen=True)
class PrototypePartsNeeded(Decision):
    """Machine Parts Exchanges for a prototype."""
    kind: ClassVar[str] = "xpart_proto"
    weather: int
    row: int
    own: int


@dataclass(frozen=True)
class ChemicalNeeded(Decision):
    """A Chemicals Exchange for the Chemical Research needs."""
    kind: ClassVar[str] = "xchem"
    weather: int
    branch: int
    space: int


@dataclass(frozen=True)
class ExtraPayment(Decision):
    """The bottom Research space: pay any 1 Chemical or Machine Part."""
    kind: ClassVar[str] = "extra"


@dataclass(frozen=True)
class BreakthroughSpace(Decision):
    """Breakthrough: a marker onto a space of the Extreme Weather tile."""
    kind: ClassVar[str] = "bt_space"
    weather: int


@dataclass(frozen=True)
class PrototypeChoice(Decision):
    """Breakthrough: build the prototype."""
    kind: ClassVar[str] = "prototype"
    weather: int


@dataclass(frozen=True)
class ExtraPartsReturn(Decision):
    """Return Machine Parts left in the prototype row."""
    kind: ClassVar[str] = "return_extra"
    n: int


@dataclass(frozen=True)
class LockOffer(Decision):
    """A Lock removed: pay 1 Science Voucher for 3 CP?"""
    kind: ClassVar[str] = "lock_pay"


@dataclass(frozen=True)
class ExperimentPayment(Decision):
    """An experiment ran: pay its Science for the rewards?"""
    kind: ClassVar[str] = "exp_pay"
    tile: int
    bots: int
    branch: int


@dataclass(frozen=True)
class BotsBackOffer(Decision):
    """The experiment did not run: take the Bots back?"""
    kind: ClassVar[str] = "exp_keep"
    branch: int


@dataclass(frozen=True)
class ExperimentBenefit(Decision):
    """Choose one of the experiment tile's benefits."""
    kind: ClassVar[str] = "exp_benefit"
    tile: int


@dataclass(frozen=True)
class LabFundingChoice(Decision):
    """Lab funding: the track the modifier applies to."""
    kind: ClassVar[str] = "lab_fund"
    modifier: int


@dataclass(frozen=True)
class RndFundingChoice(Decision):
    """R&D funding: one space up to the marker."""
    kind: ClassVar[str] = "rnd_fund"
    position: int


@dataclass(frozen=True)
class BotToLine(Decision):
    """A Bot with no room in the Workshop goes back to the Assembly Line."""
    kind: ClassVar[str] = "to_line"


@dataclass(frozen=True)
class GainBenefit(Effect):
    """Gain one benefit (a choice becomes a decision)."""
    name: ClassVar[str] = "benefit"
    benefit: str


@dataclass(frozen=True)
class ScoreCP(Effect):
    """Score CP."""
    name: ClassVar[str] = "cp"
    cp: int


@dataclass(frozen=True)
class TakeTile(Effect):
    """Extend Workshop, paid: take the tile."""
    name: ClassVar[str] = "take_tile"
    source: int


@dataclass(frozen=True)
class BuildBot(Effect):
    """Construct a Bot, paid: build it."""
    name: ClassVar[str] = "construct"
    slot: int


@dataclass(frozen=True)
class Acquire(Effect):
    """Acquire a Chemical, paid: take it."""
    name: ClassVar[str] = "acquire"
    weather: int


@dataclass(frozen=True)
class Initiative(Effect):
    """Take the Initiative, paid: move the marker."""
    name: ClassVar[str] = "initiative"
    position: int


@dataclass(frozen=True)
class Sell(Effect):
    """Sell a Part, paid: steps 1-4."""
    name: ClassVar[str] = "sell"
    column: int
    row: int


@dataclass(frozen=True)
class GovernmentToken(Effect):
    """Sell a Part step 5: a Government Research token."""
    name: ClassVar[str] = "gov_token"
    column: int


@dataclass(frozen=True)
class GovernmentPart(Effect):
    """The Part sold replaces the Subsidy tile."""
    name: ClassVar[str] = "gov_part"
    column: int
    row: int
    colour: int


@dataclass(frozen=True)
class GovernmentCheck(Effect):
    """Does the Government run this branch of its Machine?"""
    name: ClassVar[str] = "gov_check"
    column: int


@dataclass(frozen=True)
class Secure(Effect):
    """Secure Subsidy, paid."""
    name: ClassVar[str] = "secure"
    column: int
    row: int


@dataclass(frozen=True)
class Work(Effect):
    """Work on Experiment, paid."""
    name: ClassVar[str] = "work"
    branch: int
    space: int


@dataclass(frozen=True)
class Publish(Effect):
    """Publish a Paper, paid (``goal``: the Citation's Goal tile or -1)."""
    name: ClassVar[str] = "publish"
    row: int
    goal: int


@dataclass(frozen=True)
class ResearchStart(Effect):
    """Research, paid: steps 1-3."""
    name: ClassVar[str] = "research"
    branch: int
    space: int


@dataclass(frozen=True)
class ResearchEnd(Effect):
    """Research steps 4-5."""
    name: ClassVar[str] = "research_end"
    branch: int
    space: int


@dataclass(frozen=True)
class BreakthroughStart(Effect):
    """Breakthrough, paid: the marker leaves the Office row."""
    name: ClassVar[str] = "breakthrough"
    row: int


@dataclass(frozen=True)
class PrototypeFinish(Effect):
    """The prototype, once its exchanges are made."""
    name: ClassVar[str] = "prototype_do"
    weather: int
    row: int
    own: int


@dataclass(frozen=True)
class Award(Effect):
    """Breakthrough step 4: an Award token."""
    name: ClassVar[str] = "award"
    weather: int


@dataclass(frozen=True)
class Lock(Effect):
    """Remove the Lock token of a weather."""
    name: ClassVar[str] = "lock"
    weather: int


@dataclass(frozen=True)
class ExperimentReturn(Effect):
    """An experiment runs: one player's Bots and reward."""
    name: ClassVar[str] = "exp_return"
    branch: int
    tile: int


@dataclass(frozen=True)
class Say(Effect):
    """A line for the log: a message key of the catalogue and its numbers (``Announced``)."""
    name: ClassVar[str] = "say"
    key: str
    params: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ExperimentReward(Effect):
    """The experiment's CP, benefit and Lab token."""
    name: ClassVar[str] = "exp_reward"
    tile: int
    bots: int
    branch: int


@dataclass(frozen=True)
class ExperimentToken(Effect):
    """The Lab Research token of an experiment."""
    name: ClassVar[str] = "exp_token"
    branch: int


@dataclass(frozen=True)
class ExperimentEnd(Effect):
    """After all players: the experiment is completed."""
    name: ClassVar[str] = "exp_end"
    branch: int
    tile: int


@dataclass(frozen=True)
class LativBotsBack(Effect):
    """Lativ's Bots leave a branch."""
    name: ClassVar[str] = "lativ_back"
    branch: int


@dataclass(frozen=True)
class PrepareNext(Effect):
    """Preparing for the Next Experiment."""
    name: ClassVar[str] = "prepare"


@dataclass(frozen=True)
class PhaseB(Effect):
    """Phase B: Run Weather Machine Experiment."""
    name: ClassVar[str] = "phase_b"


@dataclass(frozen=True)
class PhaseC(Effect):
    """Phase C: End of Round."""
    name: ClassVar[str] = "phase_c"


@dataclass(frozen=True)
class Income(Effect):
    """One player's income."""
    name: ClassVar[str] = "income"


@dataclass(frozen=True)
class LativHome(Effect):
    """Lativ moves back to Supply."""
    name: ClassVar[str] = "lativ_home"


@dataclass(frozen=True)
class StartRound(Effect):
    """A round begins."""
    name: ClassVar[str] = "start_round"


@dataclass(frozen=True)
class EndSupplyRound(Effect):
    """The Post-Setup Supply Round ends."""
    name: ClassVar[str] = "end_supply_round"


@dataclass(frozen=True)
class FinalScoring(Effect):
    """Final Scoring."""
    name: ClassVar[str] = "final_scoring"


@dataclass(frozen=True)
class MoveLativ(Effect):
    """Moving Lativ."""
    name: ClassVar[str] = "move_lativ"


@dataclass(frozen=True)
class SetReward(Decision):
    """Solo §4.5.6, 7.G13: a two-token set of the Saboteurs: +5 Target Value or a discard?"""
    kind: ClassVar[str] = "solo_set"


@dataclass(frozen=True)
class SecurityRoles(Decision):
    """Solo §3.5 Call Security: give the three reports in hand their roles (``vtype``: the
    Voucher paying for it)."""
    kind: ClassVar[str] = "solo_security"
    vtype: int


@dataclass(frozen=True)
class FundingBack(Decision):
    """Solo §4.7 Creative Accounting: the track a Funding marker moves back on."""
    kind: ClassVar[str] = "solo_funding_back"


@dataclass(frozen=True)
class SaboteurTurn(Effect):
    """Solo §4.3: the Saboteurs' turn, where their seat comes in turn order."""
    name: ClassVar[str] = "solo_turn"


@dataclass(frozen=True)
class PlayerTurnStart(Effect):
    """Solo §4.2, §5.1: the player's turn begins (the immediate-victory check)."""
    name: ClassVar[str] = "solo_turn_start"


@dataclass(frozen=True)
class PlayerTurnEnd(Effect):
    """Solo §4.2, §5.3: the player's turn ends (the Level 3 loss, One Step Ahead)."""
    name: ClassVar[str] = "solo_turn_end"


@dataclass(frozen=True)
class SaboteursExperiment(Effect):
    """Solo §4.6: the experiment runs, the Saboteurs' part."""
    name: ClassVar[str] = "solo_experiment"
    branch: int


@dataclass(frozen=True)
class ExperimentNotRun(Effect):
    """Solo §4.6: the experiment does not run, a Saboteur Bot in the branch (``final``: §5.4)."""
    name: ClassVar[str] = "solo_not_run"
    branch: int
    final: int


@dataclass(frozen=True)
class SaboteursIncome(Effect):
    """Solo §4.7: income, the Saboteurs' part (Jamming Devices)."""
    name: ClassVar[str] = "solo_income"


DECISIONS = (Drafting, SupplyTurn, SubsidyOrInvestment, ScientistMove, LocationActions,
             TokenPlacement, FinalPlacement, TokenNow, Payment, AnyVoucher, ChemicalChoice,
             PartChoice, FundingChoice, BotChoice, TileChoice, TilePlacement, BonusAction,
             SubsidyChoice, PartNeeded, PrototypePartsNeeded, ChemicalNeeded, ExtraPayment,
             BreakthroughSpace, PrototypeChoice, ExtraPartsReturn, LockOffer, ExperimentPayment,
             BotsBackOffer, ExperimentBenefit, LabFundingChoice, RndFundingChoice, BotToLine,
             SetReward, FundingBack, SecurityRoles)
EFFECTS = (GainBenefit, ScoreCP, TakeTile, BuildBot, Acquire, Initiative, Sell, GovernmentToken,
           GovernmentPart, GovernmentCheck, Secure, Work, Publish, ResearchStart, ResearchEnd,
           BreakthroughStart, PrototypeFinish, Award, Lock, ExperimentReturn, Say,
           ExperimentReward, ExperimentToken, ExperimentEnd, LativBotsBack, PrepareNext, PhaseB,
           PhaseC, Income, LativHome, StartRound, EndSupplyRound, FinalScoring, MoveLativ,
           SaboteurTurn, PlayerTurnStart, PlayerTurnEnd, SaboteursExperiment, ExperimentNotRun,
           SaboteursIncome)

DECISION_OF_KIND: dict[str, type] = {cls.kind: cls for cls in DECISIONS}
EFFECT_OF_NAME: dict[str, type] = {cls.name: cls for cls in EFFECTS}
_STEP_FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls))
                                             for cls in DECISIONS + EFFECTS}


def _quick_init(cls: type) -> None:
    """Give a step class an ``__init__`` that fills its field dict at once (the rules make
    thousands of steps per game; the frozen dataclass ``__init__`` sets each field through
    ``object.__setattr__``) and works out the tuple it is written as. Same arguments, same
    checks of their number and names."""
    names = _STEP_FIELDS[cls]
    known = frozenset(names)
    head = ("fx",) if issubclass(cls, Effect) else (cls.kind,)
    name = (cls.name,) if issubclass(cls, Effect) else ()

    n = len(names)

    def __init__(self: Step, *args: Any, **kwargs: Any) -> None:
        d = self.__dict__
        d.update(zip(names, args))
        if not kwargs and len(args) == n:  # the usual call: every field in order
            d["_t"] = head + args[:1] + name + args[1:]  # ``step_tuple``: a memo, never a field
            return
        if kwargs:
            if not known.issuperset(kwargs) or any(k in d for k in kwargs):
                raise TypeError(f"{cls.__name__}: bad arguments {sorted(kwargs)}")
            d.update(kwargs)
        if len(args) > len(names) or len(d) != len(names):
            raise TypeError(f"{cls.__name__} takes {', '.join(names)}")
        values = tuple(map(d.__getitem__, names))
        d["_t"] = head + values[:1] + name + values[1:]  # ``step_tuple``: a memo, never a field

    __init__.__qualname__ = f"{cls.__name__}.__init__"
    cls.__init__ = __init__  # type: ignore[misc]


for _cls in DECISIONS + EFFECTS:
    _quick_init(_cls)


def step_tuple(step: Step) -> tuple:
    """The tuple a step is written as in events and saves (worked out once per step)."""
    d = step.__dict__
    t = d.get("_t")
    if t is None:
        kind, name, rest = _LAYOUT[step.__class__]
        fields = tuple(map(d.__getitem__, rest))
        t = (kind, d["seat"], name) + fields if name else (kind, d["seat"]) + fields
        d["_t"] = t  # a memo, never a field
    return t


#: per step class: its kind, its effect name ("" for a decision) and its fields after the seat
_LAYOUT: dict[type, tuple[str, str, tuple[str, ...]]] = {
    cls: (cls.kind, cls.name if issubclass(cls, Effect) else "", _STEP_FIELDS[cls][1:])
    for cls in DECISIONS + EFFECTS}


def step_from_tuple(t: tuple) -> Step:
    """The step a tuple of ``step_tuple`` stands for."""
    if t[0] == "fx":
        return EFFECT_OF_NAME[t[2]](t[1], *t[3:])
    return DECISION_OF_KIND[t[0]](*t[1:])


def steps_from_tuples(value: tuple) -> tuple[Step, ...]:
    return tuple(x if isinstance(x, Step) else step_from_tuple(x) for x in value)


#: no Security Report (solo_state.NO_REPORT)
NO_REPORT = 0


@dataclass(frozen=True)
class Hideout:
    """§2.2 "Hideout": the Saboteurs' Bots, Chemicals (by weather), Research tokens
    (``"G:0"`` ...) and Award tokens. "The Saboteurs have no Workshop limits."."""
    bots: int
    chemicals: tuple[int, ...]
    tokens: tuple[str, ...]
    awards: int


@dataclass(frozen=True)
class ReportDeck:
    """§3.4 The Security Report deck: the draw pile (hidden, top first), the current report
    (shown to the player; ``NO_REPORT`` when none), the discard pile (top first: its top card is
    the priority card, §3.3) and the cards out of the game (The Clock is Ticking, §3.6)."""
    draw: tuple[int, ...]
    current: int
    discard: tuple[int, ...]
    removed: tuple[int, ...]

    @property
    def priority(self) -> int:
        """The priority card: "the top card of the discard pile" (§2.2), or ``NO_REPORT``."""
        return self.discard[0] if self.discard else NO_REPORT


@dataclass(frozen=True)
class SoloState:
    """The Saboteurs (§2): where their two agents stand (``agents[WHITE]``, ``agents[PINK]``:
    (location, space), ``NOWHERE`` before setup), their Hideout, the Target Value (§2.2), the
    Security Report deck, the Challenge cards chosen (§6, ids), the uses of Call Security this
    turn (§3.5, G17), a two-token set awaiting the player's choice (§4.5.6, G13: its
    weather, -1 none), the Award tokens their sets removed from the game, and the game's outcome
    once decided by a solo end condition (§5: ``"won"`` or ``"lost"`` and the reason's key)."""
    agents: tuple[tuple[int, int], ...]
    hideout: Hideout
    tv: int
    deck: ReportDeck
    challenges: tuple[int, ...]
    security_calls: int
    pending_set: int
    awards_spent: int
    outcome: tuple[str, str]

    def agent_at(self, loc: int, space: int) -> int:
        """The agent on an action space (WHITE or PINK), or -1."""
        for a in (WHITE, PINK):
            if self.agents[a] == (loc, space):
                return a
        return -1

    def effects(self, kind: type) -> tuple[Any, ...]:
        """The effects of ``kind`` on the Challenge cards in play (§6)."""
        return SOLO.effects(self.challenges, kind)


@dataclass(frozen=True)
class Trigger:
    """Why the end of the game is triggered: a message key of the catalogue and the seat it
    names (-1: none)."""
    key: str
    seat: int


@dataclass(frozen=True)
class PlayerState:
    cp: int
    end_cp: int
    vouchers: tuple[int, ...]  # by voucher type
    line: tuple[bool, ...]  # 12 Assembly Line slots: True while a Bot is there
    ws_bots: int
    chemicals: tuple[int, ...]  # by weather
    parts: tuple[int, ...]  # by colour
    tiles: tuple[tuple[int, int, int, bool], ...]  # (row, col, tile id, flipped)
    funding: tuple[int, int, int]
    office: tuple[tuple[str, str, str], ...]  # 6 rows x 3 cells
    breakthrough: tuple[int, ...]  # per office row: 0 start, 1 published (rightmost), 2 used
    pending_tokens: tuple[str, ...]  # Research tokens on the space top-left of the Office
    pending_awards: int
    awards: int  # Award tokens taken in total
    nobel: bool
    subsidies: tuple[tuple[int, bool], ...]  # (tile id, blue side up)
    investments: int
    goals_hand: tuple[int, ...]  # Goal tiles below the Laboratory
    goals_set: tuple[tuple[int, int, bool], ...]  # (goal space, goal id, flipped)
    location: int
    space: int
    papers: int
    citations: int


@dataclass(frozen=True)
class WMState:
    seed: int
    chance_n: int
    players: int
    options: tuple[tuple[str, object], ...]
    names: tuple[str, ...]
    round: int  # 0 before the first round (setup, drafting, Post-Setup Supply Round)
    phase: str  # "setup", "draft", "supply", "A", "B", "C", "final", "over"
    final_round: int  # 0 until an end trigger; then the number of the last round
    triggers: tuple[Trigger, ...]  # why the end of the game is triggered
    turn_order: tuple[int, ...]
    initiative: tuple[int, ...]
    pl: tuple[PlayerState, ...]
    stack: tuple[Step, ...]  # pending steps, the top last
    # Supply
    chem_supply: tuple[tuple[bool, ...], ...]  # [weather][slot] True = a Chemical is there
    offer: tuple[int, ...]  # 4 Workshop tiles on the board (EMPTY for a gap)
    up_stack: tuple[int, ...]  # face-up stack, top first
    down_stack: tuple[int, ...]  # face-down stack, top first
    lativ_loc: int
    lativ_space: int
    # Government
    gov_bots: tuple[tuple[int, ...], ...]  # [column][row]
    gov_grid: tuple[tuple[str, ...], ...]  # [column][row]: "S<id>+" blue up, "S<id>-", "P<colour>"
    gov_tokens: tuple[int, ...]
    gov_markers: int  # in the Government area
    # Lab
    lab: tuple[tuple[int, ...], ...]  # [branch][space]
    lab_tokens: tuple[int, ...]
    lativ_side: int
    locks: tuple[bool, ...]
    exp_deck: tuple[int, ...]  # top first; the top tile is face up
    exp_display: tuple[int, ...]  # 3 spaces, left to right (EMPTY for a gap)
    exp_below: int
    assistant: int
    # R&D
    rnd: tuple[tuple[int, ...], ...]  # [branch][space]
    rnd_chem: tuple[tuple[int, ...], ...]  # Chemical (weather) left of each occupied space
    rnd_tokens: tuple[int, ...]
    ew_board: tuple[tuple[int, ...], ...]  # [weather]: tiles on the R&D space, top last
    ew_stack: tuple[tuple[int, ...], ...]  # [weather]: stack next to the board, top first
    ew_bt: tuple[tuple[int, ...], ...]  # [weather]: the spaces of the top tile (markers on them)
    # reserve and box
    awards_left: int
    nobel_left: bool
    removed_tokens: int  # Research tokens removed from the game
    discarded_subsidies: int
    solo: SoloState | None = None  # the Saboteurs (solo_state.py); None with several players

    def __post_init__(self) -> None:
        # a stack of tuples is a checkpoint of a save made before the steps were typed (issue
        # 17): refused, and the save is then read whole, where its setup says which version
        # made it (``events.Dealt``)
        if any(type(x) is tuple for x in self.stack):
            raise TypeError(tr(msg("wm.older_version")))

    def option(self, key: str, default: object = None) -> object:
        return dict(self.options).get(key, default)

    @property
    def ew_gov(self) -> tuple[int, ...]:
        """[weather]: the Government markers on the top Extreme Weather tile (on its spaces)."""
        return tuple(spaces.count(GOVERNMENT_MARKER) for spaces in self.ew_bt)


_FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls))
                                        for cls in (PlayerState, WMState)}


#: what the rules memoize in a state's or a player's ``__dict__``
_MEMOS = ("_opts", "_ahead", "_caps", "_stack_t")


def evolve(obj: Any, key: str, value: Any) -> Any:
    """``dataclasses.replace(obj, **{key: value})`` for a ``PlayerState`` or ``WMState`` (the
    rules' hot path, once or twice per event): the same new value, built by copying the field
    dict instead of going through ``__init__``. What the rules memoize in an object's
    ``__dict__`` (keys that are not fields) is not carried over."""
    d = obj.__dict__.copy()
    names = _FIELDS[obj.__class__]
    if len(d) != len(names):  # memos: the fields only
        for memo in _MEMOS:
            d.pop(memo, None)
        if len(d) != len(names):  # something else
            d = {name: d[name] for name in names}
    if key not in d:
        raise TypeError(f"{obj.__class__.__name__} has no field {key!r}")
    d[key] = value
    new = object.__new__(obj.__class__)
    object.__setattr__(new, "__dict__", d)
    return new


def evolve_fields(obj: Any, **changes: Any) -> Any:
    """``evolve`` for several fields at once."""
    d = obj.__dict__.copy()
    names = _FIELDS[obj.__class__]
    if len(d) != len(names):
        d = {name: d[name] for name in names}
    for key in changes:
        if key not in d:
            raise TypeError(f"{obj.__class__.__name__} has no field {key!r}")
    d.update(changes)
    new = object.__new__(obj.__class__)
    object.__setattr__(new, "__dict__", d)
    return new
