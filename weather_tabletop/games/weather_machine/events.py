"""Events of Weather Machine, named for what happened in the rulebook's words.

The setup deals its chance outcomes (``TurnOrderDrawn``, ``WorkshopOfferDealt``, ...); rounds and
phases begin (``RoundBegan``, ``PhaseBBegan``, ...); play is recorded as what the rules do
(``ScientistMoved``, ``VouchersGained``, ``PartSold``, ``PaperPublished``, ``CPScored``, ...).
Each is applied by one small function (``rules.SETUP``, ``context.APPLY``, registered by the
module that holds its rules) and described from its fields, which are ids and numbers, never
prose (``event_words``). A tile turned up from a stack (``WorkshopTileTurnedUp``,
``ExperimentTileTurnedUp``) is a reveal, which makes its command impossible to undo.
``StepsChanged`` is bookkeeping (the pending steps), not a happening.

Saves made before the events were named hold ``Dealt``, ``Set``, ``Logged`` or ``Revealed``:
these are kept only to say so when such a save is opened (``OLDER_VERSION``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from weather_tabletop.engine.protocol import Event
from weather_tabletop.i18n import msg, tr


#: why a save of an older version is refused (the codec reports the ``TypeError``'s text)
OLDER_VERSION = msg("wm.older_version")


@dataclass(frozen=True)
class Dealt(Event):
    """The setup's record in saves made by older versions: reading one is refused."""
    chance = True
    path: tuple[Any, ...]
    value: Any

    def __post_init__(self) -> None:
        raise TypeError(tr(OLDER_VERSION))


@dataclass(frozen=True)
class Set(Event):
    """A value at a path into the state, as play was recorded before its events were named
    (issue 17): reading one is refused."""
    path: tuple[Any, ...]
    value: Any

    def __post_init__(self) -> None:
        raise TypeError(tr(OLDER_VERSION))


@dataclass(frozen=True)
class Logged(Event):
    """An English log line, as saves recorded them before the events were named: refused."""
    text: str

    def __post_init__(self) -> None:
        raise TypeError(tr(OLDER_VERSION))


@dataclass(frozen=True)
class Revealed(Event):
    """A tile turned up, as saves recorded it before the events were named: refused."""
    reveal = True
    path: tuple[Any, ...]
    value: Any

    def __post_init__(self) -> None:
        raise TypeError(tr(OLDER_VERSION))


OLDER_EVENTS = (Dealt, Set, Logged, Revealed)


# -- Game Setup (every outcome of chance at the start is one of these) ------------------------


@dataclass(frozen=True)
class ComponentsShuffled(Event):
    """The components are shuffled (the seed's draws begin)."""
    chance = True


@dataclass(frozen=True)
class TurnOrderDrawn(Event):
    """Game Setup 4-6: the turn order, the Initiative markers and the Scientists' spaces."""
    chance = True
    order: tuple[int, ...]


@dataclass(frozen=True)
class WorkshopOfferDealt(Event):
    """Game Setup 9: 4 Workshop tiles face up on the board."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class SubsidiesDealt(Event):
    """Game Setup 10: a Subsidy tile, blue side up, on each space of the Government grid."""
    chance = True
    tiles: tuple[int, ...]  # column by column, top to bottom


@dataclass(frozen=True)
class ExperimentDisplayDealt(Event):
    """Game Setup 16: 3 Experiment tiles in the display."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class ExperimentBelowDeck(Event):
    """Game Setup 16: the next Experiment tile on the space below the deck."""
    chance = True
    tile: int


@dataclass(frozen=True)
class ExperimentDeckDealt(Event):
    """Game Setup 16: the Experiment deck, its top tile face up."""
    chance = True
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class AssistantPlaced(Event):
    """Game Setup 17: Lativ's Assistant below the branch of the deck's top tile."""
    chance = True
    branch: int


@dataclass(frozen=True)
class StartingPartDealt(Event):
    """Player's Laboratory d: a Machine Part of a random colour."""
    chance = True
    seat: int
    colour: int


@dataclass(frozen=True)
class StartingTileDealt(Event):
    """Player's Laboratory e: a Workshop tile from the face-down ones."""
    chance = True
    seat: int
    tile: int


@dataclass(frozen=True)
class WorkshopStacksDealt(Event):
    """Game Setup 9: the face-up and face-down stacks of Workshop tiles beside the offer."""
    chance = True
    face_up: tuple[int, ...]
    face_down: tuple[int, ...]


@dataclass(frozen=True)
class GoalTilesDealt(Event):
    """Player's Laboratory f: a set of 9 Goal tiles."""
    chance = True
    seat: int
    goals: tuple[int, ...]


# -- rounds and phases ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundBegan(Event):
    """A round begins with Phase A: Player Turns, in turn order (``final``: the last round)."""
    round: int
    order: tuple[int, ...]
    final: bool


@dataclass(frozen=True)
class PhaseBBegan(Event):
    """Phase B: Run Weather Machine Experiment, in the branch of Lativ's Assistant: it runs if
    the branch is full and an Experiment tile of its weather (``tile``, -1 if none) is in the
    display."""
    branch: int
    tile: int
    runs: bool


@dataclass(frozen=True)
class FinalExperimentsBegan(Event):
    """Phase B of the final round: every completed branch with a matching tile runs."""


@dataclass(frozen=True)
class PhaseCBegan(Event):
    """Phase C: End of Round: the turn order follows the Initiative markers."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class LativReturned(Event):
    """"After players have gained their income, move Lativ to his space in Supply"."""


ROUND_EVENTS = (RoundBegan, PhaseBBegan, FinalExperimentsBegan, PhaseCBegan, LativReturned)


# -- Breakthroughs ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AwardTaken(Event):
    """Breakthrough step 4: an Award token from the reserve (``total``: the seat's Awards now)."""
    seat: int
    total: int


@dataclass(frozen=True)
class NobelPrizeAwarded(Event):
    """"The first player to take their third Award token also takes the Nobel Prize"."""
    seat: int


BREAKTHROUGH_EVENTS = (AwardTaken, NobelPrizeAwarded)

SETUP_EVENTS = (ComponentsShuffled, TurnOrderDrawn, WorkshopOfferDealt, SubsidiesDealt,
                ExperimentDisplayDealt, ExperimentBelowDeck, ExperimentDeckDealt, AssistantPlaced,
                StartingPartDealt, StartingTileDealt, WorkshopStacksDealt, GoalTilesDealt)


# -- the flow of play ------------------------------------------------------------------------


@dataclass(frozen=True)
class StepsChanged(Event):
    """Bookkeeping, not a happening of the game: the pending steps (``state.Step``) as their
    tuples (``step_tuple``). Nothing a player reads depends on it."""
    steps: tuple[Any, ...]


@dataclass(frozen=True)
class PostSetupBegan(Event):
    """After Game Setup: Goal drafting (Drafting Variant) or the Post-Setup Supply Round."""
    drafting: bool


@dataclass(frozen=True)
class GoalTilesDrafted(Event):
    """Drafting Variant: a set of 3 Goal tiles of one colour and symbol into the hand."""
    seat: int
    symbol: str
    colour: str


@dataclass(frozen=True)
class DraftingEnded(Event):
    """Goal drafting is over: the Post-Setup Supply Round begins."""


@dataclass(frozen=True)
class SupplyRoundEnded(Event):
    """The Post-Setup Supply Round ends: the turn order follows the Initiative markers."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class ChoiceForced(Event):
    """A decision with a single option is taken for the player (the command it takes)."""
    command: Any


@dataclass(frozen=True)
class Announced(Event):
    """A line the flow of a phase says (a ``Say`` step): a message key and its numbers."""
    key: str
    params: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GameEndTriggered(Event):
    """"Finish the current Round, and then play 1 last round" (``last_round`` 0: the end was
    already triggered). ``reason`` is the trigger's message key, ``seat`` the seat it names."""
    reason: str
    seat: int
    last_round: int


@dataclass(frozen=True)
class GameEnded(Event):
    """Final Scoring: the game is over."""


@dataclass(frozen=True)
class FinalScored(Event):
    """Final Scoring: a player's total, place and breakdown (in ``scoring.breakdown``'s order)."""
    seat: int
    total: int
    rank: int
    values: tuple[int, ...]


# -- Vouchers, CP and benefits ("Vouchers", "Explanation of Benefits") ------------------------


@dataclass(frozen=True)
class VouchersGained(Event):
    """"You can only gain a Voucher if you have space for it. If you do not, gain only what you
    can": ``n`` gained, ``lost`` that did not fit."""
    seat: int
    vtype: int
    n: int
    lost: int


@dataclass(frozen=True)
class VoucherChosen(Event):
    """Any 1 Voucher, of the type chosen (the command says which)."""
    seat: int
    vtype: int


@dataclass(frozen=True)
class VouchersPaid(Event):
    """One Voucher of each type given (a payment, or a Science Exchange's pair)."""
    seat: int
    types: tuple[int, ...]


@dataclass(frozen=True)
class IncomeGained(Event):
    """Phase C income: the Vouchers of the empty income spaces (``lost``: did not fit)."""
    seat: int
    gained: tuple[int, ...]
    lost: tuple[int, ...]


@dataclass(frozen=True)
class NoIncome(Event):
    """Phase C: a player with no empty income space gains nothing."""
    seat: int


@dataclass(frozen=True)
class IncomeBegan(Event):
    """Phase C: Lativ is in his Office, so each player gains income."""


@dataclass(frozen=True)
class CPScored(Event):
    """Climate Points gained (a benefit, a Citation lock)."""
    seat: int
    cp: int


@dataclass(frozen=True)
class PaperCPScored(Event):
    """Publish a Paper: 2 CP per Research token and 4 CP per Award token in the row."""
    seat: int
    cp: int
    weather: int


@dataclass(frozen=True)
class PrototypeCPScored(Event):
    """Building a Prototype: 2 CP per own Bot in the branch and per Machine Part provided."""
    seat: int
    cp: int
    weather: int
    bots: int
    parts: int


@dataclass(frozen=True)
class PrototypeHelpCPScored(Event):
    """Building a Prototype: 2 CP to the owner of another Bot used (``builder``'s prototype)."""
    seat: int
    cp: int
    builder: int


@dataclass(frozen=True)
class ExperimentCPScored(Event):
    """If the Experiment Runs: the tile's CP for each of the player's Bots in the branch."""
    seat: int
    cp: int
    bots: int
    each: int


@dataclass(frozen=True)
class GovernmentCPScored(Event):
    """Government Runs Their Machine: 3 CP for each Bot in the completed branch."""
    seat: int
    cp: int
    weather: int
    bots: int


CP_EVENTS = (CPScored, PaperCPScored, PrototypeCPScored, PrototypeHelpCPScored,
             ExperimentCPScored, GovernmentCPScored)


@dataclass(frozen=True)
class EndGameCPGained(Event):
    """CP gained at the end of the game."""
    seat: int
    cp: int


@dataclass(frozen=True)
class FundingAdvanced(Event):
    """A Funding marker advances 1 space (``space``: where it is now, from 0)."""
    seat: int
    track: int
    space: int


@dataclass(frozen=True)
class FundingAtEnd(Event):
    """A Funding marker already on the last space does not move."""
    seat: int
    track: int


@dataclass(frozen=True)
class InvestmentTaken(Event):
    """An Investment tile taken."""
    seat: int


@dataclass(frozen=True)
class ChemicalTaken(Event):
    """A Chemical from the leftmost occupied slot of its Supply row to the Workshop."""
    seat: int
    weather: int
    slot: int


@dataclass(frozen=True)
class ChemicalReturned(Event):
    """A Chemical from the Workshop to the rightmost empty slot of its Supply row."""
    seat: int
    weather: int
    slot: int


@dataclass(frozen=True)
class PartGained(Event):
    """A Machine Part of the colour chosen to the Workshop."""
    seat: int
    colour: int


@dataclass(frozen=True)
class PartPaid(Event):
    """A Machine Part returned from the Workshop (paid, or returned as an extra part)."""
    seat: int
    colour: int


@dataclass(frozen=True)
class PartsExchanged(Event):
    """Machine Parts Exchange: one of your Parts swapped for the one needed."""
    seat: int
    give: int
    get: int


@dataclass(frozen=True)
class SubsidyUsed(Event):
    """A Subsidy tile flipped over to gain its benefit."""
    seat: int
    tile: int


@dataclass(frozen=True)
class GoalSet(Event):
    """Setting a Goal: an Investment tile used, a Goal tile from the hand to a Goal space."""
    seat: int
    goal: int
    space: int


@dataclass(frozen=True)
class FundingReceived(Event):
    """Receive funding: an Investment tile used, a Goal tile set flipped over."""
    seat: int
    goal: int


@dataclass(frozen=True)
class ResearchTokenPlaced(Event):
    """A Research token from the space top-left of the Office onto an Office space."""
    seat: int
    token: str
    row: int
    col: int


@dataclass(frozen=True)
class AwardTokenPlaced(Event):
    """An Award token from the space top-left of the Office onto an Office space."""
    seat: int
    row: int
    col: int


@dataclass(frozen=True)
class ResearchTokenTaken(Event):
    """A Research token of a column (``G:``, ``L:``, ``R:`` and the weather) to the space
    top-left of the Office (``at_once``: a Lab token, placed at once)."""
    seat: int
    token: str
    at_once: bool


@dataclass(frozen=True)
class NoResearchTokenLeft(Event):
    """No Research token of the column is left (``token``: the kind that is out)."""
    seat: int
    token: str


@dataclass(frozen=True)
class ResearchTokenUnplaceable(Event):
    """A Lab Research token taken with no legal space for it: removed from the game."""
    seat: int
    token: str


@dataclass(frozen=True)
class PendingTokenRemoved(Event):
    """"If you are unable to legally place a Research token, remove it from the game.\""""
    seat: int
    token: str


@dataclass(frozen=True)
class GainLost(Event):
    """A Supply action paid for whose gain an Award's benefit took the place of (``weather``:
    the Chemical's, -1 for a Bot)."""
    seat: int
    weather: int


# -- Supply and the Scientist ---------------------------------------------------------------


@dataclass(frozen=True)
class ScientistMoved(Event):
    """2. Move Your Scientist, with the Vouchers the space gives (by type)."""
    seat: int
    location: int
    space: int
    vouchers: tuple[int, ...]


@dataclass(frozen=True)
class LativMoved(Event):
    """Moving Lativ: to the next Location (``space`` -1 for Supply and his Office)."""
    location: int
    space: int


@dataclass(frozen=True)
class ResearchTokenDiscarded(Event):
    """2 players: Lativ at Government or R&D discards the token of the Assistant's weather."""
    token: str


@dataclass(frozen=True)
class LativBotPlaced(Event):
    """Moving Lativ: one of his Bots from the side of the Lab onto a branch."""
    branch: int
    space: int


@dataclass(frozen=True)
class InitiativeTaken(Event):
    """Take the Initiative: the Initiative markers in their new order."""
    seat: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class OfferRefilled(Event):
    """Extend Workshop: the offer's space refilled from the face-up Workshop tiles."""
    source: int
    tile: int


@dataclass(frozen=True)
class OfferNotRefilled(Event):
    """Extend Workshop: no face-up Workshop tile is left to refill the offer's space."""
    source: int


@dataclass(frozen=True)
class WorkshopStackTurnedOver(Event):
    """The face-up Workshop tiles are used up: the face-down ones are turned over."""


@dataclass(frozen=True)
class WorkshopTileTurnedUp(Event):
    """A tile of the face-up Workshop stack turned up (the stack, top first)."""
    reveal = True
    stack: tuple[int, ...]


@dataclass(frozen=True)
class FaceUpStackEmptied(Event):
    """The face-up Workshop stack has no tile left."""


@dataclass(frozen=True)
class WorkshopTilePlaced(Event):
    """A Workshop tile placed in the Workshop."""
    seat: int
    tile: int
    row: int
    col: int
    flipped: bool


@dataclass(frozen=True)
class BotBuilt(Event):
    """Construct a Bot: from an Assembly Line slot to the Workshop."""
    seat: int
    slot: int


@dataclass(frozen=True)
class BotReturnedToLine(Event):
    """A Bot back onto an Assembly Line slot, the Workshop being full."""
    seat: int
    slot: int


# -- Government -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PartSold(Event):
    """Sell a Part: a Bot from the Workshop onto a space of the Government Machine."""
    seat: int
    column: int
    row: int


@dataclass(frozen=True)
class SubsidyTaken(Event):
    """Sell a Part: the Subsidy tile of the space taken (``kept`` False: discarded, the player
    having every tile of it)."""
    seat: int
    column: int
    row: int
    tile: int
    kept: bool


@dataclass(frozen=True)
class GovernmentPartPlaced(Event):
    """Sell a Part: the Machine Part where the Subsidy tile was."""
    seat: int
    column: int
    row: int
    colour: int


@dataclass(frozen=True)
class SubsidySecured(Event):
    """Secure Subsidy: the Subsidy tile on the grid flipped to its other side."""
    seat: int
    column: int
    row: int
    tile: int


@dataclass(frozen=True)
class GovernmentBranchRan(Event):
    """Government Runs Their Machine in a completed branch."""
    column: int


@dataclass(frozen=True)
class GovernmentMarkerPlaced(Event):
    """A Government marker onto the leftmost empty space of the branch's Extreme Weather tile."""
    weather: int
    space: int
    tile: int


@dataclass(frozen=True)
class GovernmentMarkerStayed(Event):
    """No Government marker moves: no Extreme Weather tile of the branch (``no_tile``) or no
    marker left in the Government area."""
    weather: int
    no_tile: bool


@dataclass(frozen=True)
class ExtremeWeatherFixed(Event):
    """A full Extreme Weather tile: the weather is fixed, the tile returns to its stack."""
    weather: int


# -- Lativ's Lab ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExperimentWorkedOn(Event):
    """Work on Experiment: a Bot from the Workshop onto a space of a branch."""
    seat: int
    branch: int
    space: int


@dataclass(frozen=True)
class LativBotDisplaced(Event):
    """Lativ's Bot moves to another empty space of the branch (``space`` -1: to the side)."""
    branch: int
    space: int


@dataclass(frozen=True)
class CitationUnneeded(Event):
    """The Office row is already complete: no Citation is needed."""
    seat: int
    row: int


@dataclass(frozen=True)
class PaperCited(Event):
    """Citation: a Goal tile from the hand removed, a Citation token on the Office row."""
    seat: int
    goal: int
    row: int
    col: int


@dataclass(frozen=True)
class PaperPublished(Event):
    """Publish a Paper: the Breakthrough marker of the row slides to the rightmost space."""
    seat: int
    row: int


@dataclass(frozen=True)
class LockRemoved(Event):
    """The Lock token of a Citation space removed from the game."""
    weather: int


@dataclass(frozen=True)
class BotsTakenBack(Event):
    """A player's Bots back from a Lab branch: ``home`` to the Workshop, ``line`` to the
    Assembly Line (the Workshop being full)."""
    seat: int
    branch: int
    home: int
    line: int


@dataclass(frozen=True)
class LativBotsReturned(Event):
    """Lativ's Bots in a branch return to the side of the Lab."""
    branch: int
    n: int


@dataclass(frozen=True)
class ExperimentRewardMissed(Event):
    """A player who cannot pay the tile's Science Vouchers gains no reward."""
    seat: int
    tile: int


@dataclass(frozen=True)
class ExperimentRan(Event):
    """All players have had their reward: the experiment is completed."""
    branch: int


@dataclass(frozen=True)
class LabTokenRemoved(Event):
    """2 players: Lativ has a Bot in the branch, so its Lab Research token is removed."""
    branch: int


@dataclass(frozen=True)
class ExtremeWeatherEscalated(Event):
    """The next Extreme Weather tile covers the one in R&D."""
    weather: int
    tile: int


@dataclass(frozen=True)
class NoExtremeWeatherLeft(Event):
    """No Extreme Weather tile of the weather is left to place in R&D."""
    weather: int


@dataclass(frozen=True)
class ExperimentTileRemoved(Event):
    """Preparing for the Next Experiment 1: the experiment's tile is removed from the game."""
    tile: int


@dataclass(frozen=True)
class ExperimentDisplayShifted(Event):
    """Preparing for the Next Experiment: the display's tiles slide right."""
    display: tuple[int, ...]


@dataclass(frozen=True)
class ExperimentIntoDisplay(Event):
    """The tile below the deck moves into the display."""
    tile: int
    display: tuple[int, ...]


@dataclass(frozen=True)
class ExperimentBelowDeckRefilled(Event):
    """The deck's top tile goes to the space below it."""
    tile: int


@dataclass(frozen=True)
class ExperimentTileTurnedUp(Event):
    """The Experiment deck's next tile is turned up (the deck, top first)."""
    reveal = True
    deck: tuple[int, ...]


@dataclass(frozen=True)
class AssistantMoved(Event):
    """Lativ's Assistant moves to the next branch."""
    branch: int


@dataclass(frozen=True)
class NoExperimentRuns(Event):
    """Final round: no completed branch has a matching Experiment tile."""


# -- R&D --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResearchBotPlaced(Event):
    """Research: a Bot from the Workshop onto a space of an R&D branch."""
    seat: int
    branch: int
    space: int


@dataclass(frozen=True)
class ResearchChemicalPaid(Event):
    """Research: the Chemical of the space from the Workshop to the left of the Bot (``late``:
    an Award's benefit brought it, no Chemicals Exchange is needed)."""
    seat: int
    weather: int
    branch: int
    space: int
    late: bool


@dataclass(frozen=True)
class SupplyChemicalUsed(Event):
    """Chemicals Exchange: the leftmost Chemical of the type needed, used at once."""
    weather: int
    slot: int
    branch: int
    space: int


@dataclass(frozen=True)
class ResearchBranchCompleted(Event):
    """Completing a Branch: an Investment tile instead of a Research token."""
    seat: int
    branch: int


@dataclass(frozen=True)
class PartExchangeUnneeded(Event):
    """An Award's benefit brought the Machine Part: no Machine Parts Exchange is needed."""
    seat: int
    colour: int


@dataclass(frozen=True)
class BreakthroughMarkerPlaced(Event):
    """Breakthrough: the marker onto a space of the Extreme Weather tile."""
    seat: int
    weather: int
    space: int


@dataclass(frozen=True)
class BreakthroughMade(Event):
    """Breakthrough: the Office row's Breakthrough marker is used."""
    seat: int
    row: int


@dataclass(frozen=True)
class PrototypeBuilt(Event):
    """Building a Prototype: the Machine Parts provided returned (by colour)."""
    seat: int
    weather: int
    parts: tuple[int, ...]


@dataclass(frozen=True)
class NoAwardLeft(Event):
    """No Award token is left in the reserve."""


PLAY_EVENTS = (
    StepsChanged, PostSetupBegan, GoalTilesDrafted, DraftingEnded, SupplyRoundEnded, ChoiceForced,
    Announced, GameEndTriggered, GameEnded, FinalScored, VouchersGained, VoucherChosen,
    VouchersPaid, IncomeGained, NoIncome, IncomeBegan) + CP_EVENTS + (
    EndGameCPGained, FundingAdvanced, FundingAtEnd, InvestmentTaken, ChemicalTaken,
    ChemicalReturned, PartGained, PartPaid, PartsExchanged, SubsidyUsed, GoalSet, FundingReceived,
    ResearchTokenPlaced, AwardTokenPlaced, ResearchTokenTaken, NoResearchTokenLeft,
    ResearchTokenUnplaceable, PendingTokenRemoved, GainLost, ScientistMoved, LativMoved,
    ResearchTokenDiscarded, LativBotPlaced, InitiativeTaken, OfferRefilled, OfferNotRefilled,
    WorkshopStackTurnedOver, WorkshopTileTurnedUp, FaceUpStackEmptied, WorkshopTilePlaced,
    BotBuilt, BotReturnedToLine, PartSold, SubsidyTaken, GovernmentPartPlaced, SubsidySecured,
    GovernmentBranchRan, GovernmentMarkerPlaced, GovernmentMarkerStayed, ExtremeWeatherFixed,
    ExperimentWorkedOn, LativBotDisplaced, CitationUnneeded, PaperCited, PaperPublished,
    LockRemoved, BotsTakenBack, LativBotsReturned, ExperimentRewardMissed, ExperimentRan,
    LabTokenRemoved, ExtremeWeatherEscalated, NoExtremeWeatherLeft, ExperimentTileRemoved,
    ExperimentDisplayShifted, ExperimentIntoDisplay, ExperimentBelowDeckRefilled,
    ExperimentTileTurnedUp, AssistantMoved, NoExperimentRuns, ResearchBotPlaced,
    ResearchChemicalPaid, SupplyChemicalUsed, ResearchBranchCompleted, PartExchangeUnneeded,
    BreakthroughMarkerPlaced, BreakthroughMade, PrototypeBuilt, NoAwardLeft)

EVENTS = SETUP_EVENTS + ROUND_EVENTS + BREAKTHROUGH_EVENTS + PLAY_EVENTS + OLDER_EVENTS
