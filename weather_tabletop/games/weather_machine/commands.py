"""Commands of Weather Machine. Each answers the step on top of the pending-decision stack."""

from __future__ import annotations

from dataclasses import dataclass

from weather_tabletop.engine.protocol import Command


@dataclass(frozen=True)
class DraftGoals(Command):
    """Drafting Variant: take the 3 Goal tiles of one set and colour."""
    symbol: str
    colour: str


@dataclass(frozen=True)
class Done(Command):
    """Finish the current step: skip step 1, end actions, end the turn, decline an option."""


@dataclass(frozen=True)
class Confirm(Command):
    """Answer a yes/no question (pay the Experiment's Science, return Bots, pay for 3 CP...)."""
    yes: bool


@dataclass(frozen=True)
class UseSubsidy(Command):
    tile: int


@dataclass(frozen=True)
class SetGoal(Command):
    """Investment: Setting a Goal (goal tile onto a goal space)."""
    goal: int
    space: int


@dataclass(frozen=True)
class ReceiveFunding(Command):
    """Investment: flip a face-up Goal tile on the Laboratory and gain its Funding track."""
    goal: int


@dataclass(frozen=True)
class MoveScientist(Command):
    location: int
    space: int


@dataclass(frozen=True)
class ExtendWorkshop(Command):
    source: int  # 0-3 a tile of the offer, 4 the top of the face-up stack


@dataclass(frozen=True)
class PlaceTile(Command):
    row: int
    col: int
    flipped: bool


@dataclass(frozen=True)
class ConstructBot(Command):
    slot: int


@dataclass(frozen=True)
class AcquireChemical(Command):
    weather: int


@dataclass(frozen=True)
class ReturnChemical(Command):
    weather: int


@dataclass(frozen=True)
class TakeInitiative(Command):
    position: int


@dataclass(frozen=True)
class SellPart(Command):
    column: int
    row: int


@dataclass(frozen=True)
class TakeSubsidy(Command):
    row: int


@dataclass(frozen=True)
class SecureSubsidy(Command):
    column: int
    row: int


@dataclass(frozen=True)
class WorkOnExperiment(Command):
    branch: int
    space: int


@dataclass(frozen=True)
class PublishPaper(Command):
    row: int
    cite_goal: int  # -1: no Citation


@dataclass(frozen=True)
class Research(Command):
    branch: int
    space: int


@dataclass(frozen=True)
class PayExtra(Command):
    """Research on a bottom space: pay any 1 Chemical (kind "chemical") or Machine Part ("part")."""
    kind: str
    index: int


@dataclass(frozen=True)
class Breakthrough(Command):
    row: int


@dataclass(frozen=True)
class PlaceBreakthrough(Command):
    space: int


@dataclass(frozen=True)
class BuildPrototype(Command):
    """row: the Workshop row providing parts; own: bit i set = provide the part of Research
    space i yourself although a Bot is there."""
    row: int
    own: int


@dataclass(frozen=True)
class ReturnPart(Command):
    colour: int


@dataclass(frozen=True)
class PayVoucher(Command):
    vtype: int


@dataclass(frozen=True)
class ScienceExchange(Command):
    types: tuple[int, int, int]


@dataclass(frozen=True)
class ChemicalsExchange(Command):
    give: int


@dataclass(frozen=True)
class PartsExchange(Command):
    give: int
    get: int


@dataclass(frozen=True)
class GainVoucher(Command):
    vtype: int


@dataclass(frozen=True)
class TakeChemical(Command):
    weather: int


@dataclass(frozen=True)
class TakePart(Command):
    colour: int


@dataclass(frozen=True)
class AdvanceFunding(Command):
    track: int


@dataclass(frozen=True)
class ChooseBenefit(Command):
    index: int


@dataclass(frozen=True)
class PlaceToken(Command):
    token: str  # a Research token "G:0", or "A" for an Award token
    row: int
    col: int


@dataclass(frozen=True)
class ReturnBotToLine(Command):
    slot: int


@dataclass(frozen=True)
class CallSecurity(Command):
    """Solo §3.5 Call Security, paying a Voucher of ``vtype``: take the current report and the
    top 2 cards of the draw pile in hand."""
    vtype: int


@dataclass(frozen=True)
class AssignReports(Command):
    """Solo §3.5 Call Security: of the three reports in hand, ``current`` becomes the current
    report, ``put_back`` goes back on the draw pile, ``discard`` on the discard pile."""
    current: int
    put_back: int
    discard: int


@dataclass(frozen=True)
class SetRewardChoice(Command):
    """Solo §4.5.6, 7.G13: for a two-token set, discard the top Security Report (else +5 TV)."""
    discard: bool


@dataclass(frozen=True)
class PushFundingBack(Command):
    """Solo §4.7 Creative Accounting: move your Funding marker on ``track`` back."""
    track: int


COMMANDS = (DraftGoals, Done, Confirm, UseSubsidy, SetGoal, ReceiveFunding, MoveScientist,
            ExtendWorkshop, PlaceTile, ConstructBot, AcquireChemical, ReturnChemical,
            TakeInitiative, SellPart, TakeSubsidy, SecureSubsidy, WorkOnExperiment, PublishPaper,
            Research, PayExtra, Breakthrough, PlaceBreakthrough, BuildPrototype, ReturnPart,
            PayVoucher, ScienceExchange, ChemicalsExchange, PartsExchange, GainVoucher,
            TakeChemical, TakePart, AdvanceFunding, ChooseBenefit, PlaceToken, ReturnBotToLine,
            CallSecurity, SetRewardChoice, PushFundingBack, AssignReports)
