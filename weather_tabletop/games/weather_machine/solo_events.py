"""Events of Weather Machine's solo opponent, the Saboteurs, named for what happened, each applied
by one function (``@applies``, ``context.APPLY``) and described by ``solo_words``.

Sections cited are those of ``../shared/rules/weather-machine-solo.md``. Fields are ids, numbers
and short reason keys, never prose. Shuffles and random draws are ``chance``; a Security Report
turned face up from the draw pile is a ``reveal``. Where the Saboteurs do what a player does, the
rules emit the base game's events instead (``LativMoved``, ``LockRemoved``,
``ExtremeWeatherEscalated``, ``LativBotDisplaced`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from weather_tabletop.engine.protocol import Event

from .context import add, applies, put, put2, with_player
from .data import GOVERNMENT, LAB
from .solo_data import SOLO
from .solo_state import (NO_REPORT, SABOTEUR, SABOTEURS_SEAT, SoloState, empty_solo, with_deck,
                         with_hideout)
from .state import EMPTY, LATIV, WMState, evolve, evolve_fields


def _solo(s: WMState, solo: SoloState) -> WMState:
    return evolve(s, "solo", solo)


# -- setup (§2.3) ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SaboteursJoined(Event):
    """§2.3 steps 1-3 and 5-8: all three spaces of each Main Location usable, a Lativ Bot on the
    bottom space of each branch, 2 Lab Research tokens of each type, the Saboteurs' Scoring marker
    on the starting Target Value, the player first on Turn Order and Initiative, the Saboteurs'
    Bots in the Hideout (and, step 10, their starting Award tokens from the reserve)."""
    tv: int
    bots: int
    awards: int
    challenges: tuple[int, ...]


@dataclass(frozen=True)
class HideoutChemicalsDrawn(Event):
    """§2.3 step 9: the Chemical types drawn at random (by weather, repeats allowed), the
    leftmost of each taken from the Supply into the Hideout."""
    chance = True
    weathers: tuple[int, ...]


@dataclass(frozen=True)
class ReportsShuffled(Event):
    """§2.3 step 11.1 and 11.6: the Security Reports of the draw pile shuffled (top first)."""
    chance = True
    draw: tuple[int, ...]


@dataclass(frozen=True)
class StartReportsRevealed(Event):
    """§2.3 step 11.2: cards revealed from the draw pile until one White and one Pink card show a
    Main Location: the two ``kept`` (in the order kept) form the discard pile, the second on top;
    the others are set ``aside`` (shuffled back by the next ``ReportsShuffled``)."""
    reveal = True
    kept: tuple[int, ...]
    aside: tuple[int, ...]


@dataclass(frozen=True)
class AgentPlaced(Event):
    """§2.3 steps 11.3-11.4: an agent placed on an action space of its kept card's location."""
    agent: int
    location: int
    space: int
    report: int


@dataclass(frozen=True)
class ReportsRemoved(Event):
    """§3.6 The Clock is Ticking: the top cards of the draw pile leave the game unseen."""
    n: int


# -- the deck (§3.4, §3.5) ---------------------------------------------------------------------


@dataclass(frozen=True)
class ReportDrawn(Event):
    """§3.4: the top card of the draw pile becomes the current report (shown to the player)."""
    reveal = True
    report: int


@dataclass(frozen=True)
class ReportPlayed(Event):
    """§4.3 Step 6: the current report goes face up on the discard pile: the new priority card."""
    report: int


@dataclass(frozen=True)
class ReportDiscarded(Event):
    """§3.4 "Discard the top Security Report": the top card of the draw pile face up on the
    discard pile, the new priority card at once (``why``: fallback, set, two_set)."""
    reveal = True
    report: int
    why: str


@dataclass(frozen=True)
class NoReportToDiscard(Event):
    """§3.4: "If the draw pile is empty, nothing happens"."""
    why: str


@dataclass(frozen=True)
class SecurityCalled(Event):
    """§3.5 Call Security: the player paid one Voucher of ``vtype``; of the current report and
    the top 2 cards of the draw pile, ``current`` becomes the current report, ``put_back`` goes on
    top of the draw pile and ``discard`` on the discard pile (the new priority card)."""
    reveal = True
    seat: int
    vtype: int
    current: int
    put_back: int
    discard: int


# -- the Saboteurs' turn (§4.3-§4.5) ---------------------------------------------------------


@dataclass(frozen=True)
class SaboteurTurnBegan(Event):
    """§4.3: the Saboteurs' turn, the current report naming the agent that moves."""
    report: int
    agent: int


@dataclass(frozen=True)
class PlayerTurnBegan(Event):
    """§4.2: the player's turn begins (the Target Value and current report it starts with); Call
    Security may be used again this turn (7.G17)."""
    seat: int
    tv: int
    report: int


@dataclass(frozen=True)
class AgentMoved(Event):
    """§4.3 Steps 1-2: the agent to ``location``'s ``space``; ``shown``: the location the report
    shows (``FOLLOW_LATIV`` for Lativ's); ``skipped``: the locations tried first, impossible."""
    agent: int
    location: int
    space: int
    shown: int
    skipped: tuple[int, ...]


@dataclass(frozen=True)
class TargetValueRaised(Event):
    """§4.5.1: the Target Value rises by ``n`` (``why``: its source; ``count``: the figures or
    Bots it is counted from, 0 when none)."""
    n: int
    why: str
    count: int


@dataclass(frozen=True)
class SaboteursTookInitiative(Event):
    """§4.4.1 step 1: the Saboteurs' Initiative marker moves to first, for free."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class HideoutChemicalTaken(Event):
    """§4.5.2: the leftmost Chemical of a type from the Supply (``slot``) into the Hideout;
    ``why``: only (the one type in the cheapest section), fewest (the Hideout holds fewest of
    it) or arrow (a tie the priority card's arrow broke)."""
    weather: int
    slot: int
    why: str


@dataclass(frozen=True)
class NoChemicalToTake(Event):
    """§7 G11: no Chemical left in the Supply, none is taken."""


@dataclass(frozen=True)
class HideoutChemicalReturned(Event):
    """§4.5.3: a Chemical paid in Government or the Lab, back to the rightmost empty Supply space
    of its type; the Saboteurs gain no Voucher."""
    weather: int
    slot: int


@dataclass(frozen=True)
class SubsidyFlipped(Event):
    """§4.4.2 b: a blue-side-up Subsidy tile in the Government area turned to its used side;
    nobody gains its benefit."""
    column: int
    row: int


@dataclass(frozen=True)
class SaboteurBotPlaced(Event):
    """G1, L1, R1, R3: a Hideout Bot onto a space of Government (branch = column, space = row),
    the Lab or R&D; ``why`` says how the branch was chosen."""
    location: int
    branch: int
    space: int
    why: str


@dataclass(frozen=True)
class SaboteurPartPlaced(Event):
    """§4.4.2 G2: a Subsidy tile of the branch removed from the game, a Machine Part of the Bot
    space's colour from the reserve in its place."""
    column: int
    row: int
    tile: int
    colour: int


@dataclass(frozen=True)
class ChemicalBesideBot(Event):
    """§4.4.4 R2/R3, §4.5.3: a Hideout Chemical onto the R&D space left of the Bot."""
    weather: int
    branch: int
    space: int


@dataclass(frozen=True)
class NoChemicalForBot(Event):
    """§4.4.4 R2 "No": the Hideout lacks the Chemical; the Bot stays, with no token."""
    weather: int
    branch: int


@dataclass(frozen=True)
class HideoutTokenTaken(Event):
    """G3, R2/R4, §4.6, §2.3 step 11.5: a Research token from below a branch into the Hideout,
    marked with the Main Location it came from (``token``: "G:2", "L:0", "R:4")."""
    token: str


@dataclass(frozen=True)
class HideoutAwardTaken(Event):
    """§4.4.3 a: an Award token from the reserve into the Hideout."""


@dataclass(frozen=True)
class BotPlacementFailed(Event):
    """§4.4.5: the Bot placement of a location (G1, L1, R3) is impossible (``why``: no_bot, or
    no_space: no eligible branch): the fallback replaces it and the later steps."""
    location: int
    why: str


@dataclass(frozen=True)
class TokenSetResolved(Event):
    """§4.5.6: a Research-token set of ``weather`` removed from the game (its ``tokens`` and
    ``awards`` used as wild cards); ``size``: 3 or 2."""
    weather: int
    tokens: tuple[str, ...]
    awards: int
    size: int


@dataclass(frozen=True)
class SetRewardPending(Event):
    """§4.5.6, G13: a two-token set was resolved; the player chooses +5 TV or a discard."""
    weather: int


@dataclass(frozen=True)
class SetRewardChosen(Event):
    """G13: the player's choice for a two-token set (``discard``: the top Security Report)."""
    weather: int
    discard: bool


# -- Phase B and C (§4.6, §4.7) and the end (§5) ---------------------------------------------


@dataclass(frozen=True)
class SaboteurBotsReturned(Event):
    """§4.6: the experiment ran; the Saboteurs' Bots in the branch return to the Hideout."""
    branch: int
    n: int


@dataclass(frozen=True)
class SaboteurBotsStay(Event):
    """§4.6: the experiment does not run with ``n`` Saboteur Bots in the branch: they stay, and a
    new Extreme Weather tile of its weather follows."""
    branch: int
    n: int


@dataclass(frozen=True)
class FundingPushedBack(Event):
    """§4.7 Creative Accounting: a Funding marker of the player moved back ``n`` spaces."""
    seat: int
    track: int
    n: int


@dataclass(frozen=True)
class SoloDecided(Event):
    """§5: the solo game decided by one of its end conditions (``result``: won or lost;
    ``why``: the condition's key)."""
    result: str
    why: str


@dataclass(frozen=True)
class SoloCompared(Event):
    """§5.2-§5.5: at the end (no immediate result) the player's final ``cp`` against the final
    Target Value ``tv``: ``won`` or not, and ``why`` (above, tie, below, or the Challenge card
    that forbids the win: nobel, goals, immediate_only)."""
    seat: int
    cp: int
    tv: int
    won: bool
    why: str


@dataclass(frozen=True)
class SecurityReportsTaken(Event):
    """§3.5 Call Security, begun: the player takes the current report and the top 2 cards of the
    draw pile in hand (``cards``, turned up for them), to give each a role (``SecurityCalled``)."""
    reveal = True
    seat: int
    vtype: int
    cards: tuple[int, ...]


SOLO_EVENTS = (SaboteursJoined, HideoutChemicalsDrawn, ReportsShuffled, StartReportsRevealed,
               AgentPlaced, ReportsRemoved, ReportDrawn, ReportPlayed, ReportDiscarded,
               NoReportToDiscard, SecurityCalled, SaboteurTurnBegan, PlayerTurnBegan, AgentMoved,
               TargetValueRaised, SaboteursTookInitiative, HideoutChemicalTaken, NoChemicalToTake,
               HideoutChemicalReturned, SubsidyFlipped, SaboteurBotPlaced, SaboteurPartPlaced,
               ChemicalBesideBot, NoChemicalForBot, HideoutTokenTaken, HideoutAwardTaken,
               BotPlacementFailed, TokenSetResolved, SetRewardPending, SetRewardChosen,
               SaboteurBotsReturned, SaboteurBotsStay, FundingPushedBack, SoloDecided,
               SecurityReportsTaken, SoloCompared)


# -- how they change the state -----------------------------------------------------------------


@applies(SaboteursJoined)
def _saboteurs_joined(s: WMState, e: SaboteursJoined) -> WMState:
    solo = empty_solo(e.challenges)
    solo = replace(with_hideout(solo, bots=e.bots, awards=e.awards), tv=e.tv)
    lab = tuple((LATIV,) + branch[1:] if branch[0] == EMPTY and LATIV not in branch else branch
                for branch in s.lab)
    placed = sum(1 for br in lab for x in br if x == LATIV) - sum(
        1 for br in s.lab for x in br if x == LATIV)
    tokens = SOLO.setup.research_tokens_per_type
    return evolve_fields(
        s, solo=solo, lab=lab, lativ_side=s.lativ_side - placed,
        lab_tokens=tuple(min(n, tokens) for n in s.lab_tokens),
        removed_tokens=s.removed_tokens + sum(max(0, n - tokens) for n in s.lab_tokens),
        turn_order=(0, SABOTEURS_SEAT), initiative=(0, SABOTEURS_SEAT),
        awards_left=s.awards_left - e.awards)


@applies(HideoutChemicalsDrawn)
def _hideout_chemicals_drawn(s: WMState, e: HideoutChemicalsDrawn) -> WMState:
    supply = s.chem_supply
    chems = s.solo.hideout.chemicals
    for w in e.weathers:
        slot = supply[w].index(True) if True in supply[w] else None
        if slot is not None:
            supply = put2(supply, w, slot, False)
            chems = add(chems, w, 1)
    return evolve_fields(s, chem_supply=supply, solo=with_hideout(s.solo, chemicals=chems))


@applies(ReportsShuffled)
def _reports_shuffled(s: WMState, e: ReportsShuffled) -> WMState:
    return _solo(s, with_deck(s.solo, draw=e.draw))


@applies(StartReportsRevealed)
def _start_reports_revealed(s: WMState, e: StartReportsRevealed) -> WMState:
    deck = s.solo.deck
    n = len(e.kept) + len(e.aside)
    return _solo(s, with_deck(s.solo, draw=deck.draw[n:] + e.aside,
                              discard=tuple(reversed(e.kept)) + deck.discard))


@applies(AgentPlaced)
@applies(AgentMoved)
def _agent_moved(s: WMState, e: AgentPlaced | AgentMoved) -> WMState:
    return _solo(s, replace(s.solo, agents=put(s.solo.agents, e.agent, (e.location, e.space))))


@applies(ReportsRemoved)
def _reports_removed(s: WMState, e: ReportsRemoved) -> WMState:
    deck = s.solo.deck
    return _solo(s, with_deck(s.solo, draw=deck.draw[e.n:], removed=deck.removed + deck.draw[:e.n]))


@applies(ReportDrawn)
def _report_drawn(s: WMState, e: ReportDrawn) -> WMState:
    return _solo(s, with_deck(s.solo, draw=s.solo.deck.draw[1:], current=e.report))


@applies(ReportPlayed)
def _report_played(s: WMState, e: ReportPlayed) -> WMState:
    deck = s.solo.deck
    return _solo(s, with_deck(s.solo, current=NO_REPORT, discard=(e.report,) + deck.discard))


@applies(ReportDiscarded)
def _report_discarded(s: WMState, e: ReportDiscarded) -> WMState:
    deck = s.solo.deck
    return _solo(s, with_deck(s.solo, draw=deck.draw[1:], discard=(e.report,) + deck.discard))


@applies(SecurityCalled)
def _security_called(s: WMState, e: SecurityCalled) -> WMState:
    p = s.pl[e.seat]
    s = with_player(s, e.seat, vouchers=add(p.vouchers, e.vtype, -1))
    deck = s.solo.deck
    solo = with_deck(s.solo, current=e.current, draw=(e.put_back,) + deck.draw[2:],
                     discard=(e.discard,) + deck.discard)
    return _solo(s, replace(solo, security_calls=solo.security_calls + 1))


@applies(PlayerTurnBegan)
def _player_turn_began(s: WMState, e: PlayerTurnBegan) -> WMState:
    """Call Security (G17: once per turn) counts again this turn."""
    return _solo(s, replace(s.solo, security_calls=0))


@applies(TargetValueRaised)
def _target_value_raised(s: WMState, e: TargetValueRaised) -> WMState:
    return _solo(s, replace(s.solo, tv=s.solo.tv + e.n))


@applies(SaboteursTookInitiative)
def _saboteurs_took_initiative(s: WMState, e: SaboteursTookInitiative) -> WMState:
    return evolve(s, "initiative", e.order)


@applies(HideoutChemicalTaken)
def _hideout_chemical_taken(s: WMState, e: HideoutChemicalTaken) -> WMState:
    solo = with_hideout(s.solo, chemicals=add(s.solo.hideout.chemicals, e.weather, 1))
    return evolve_fields(s, chem_supply=put2(s.chem_supply, e.weather, e.slot, False), solo=solo)


@applies(HideoutChemicalReturned)
def _hideout_chemical_returned(s: WMState, e: HideoutChemicalReturned) -> WMState:
    solo = with_hideout(s.solo, chemicals=add(s.solo.hideout.chemicals, e.weather, -1))
    return evolve_fields(s, chem_supply=put2(s.chem_supply, e.weather, e.slot, True), solo=solo)


@applies(SubsidyFlipped)
def _subsidy_flipped(s: WMState, e: SubsidyFlipped) -> WMState:
    cell = s.gov_grid[e.column][e.row]
    return evolve(s, "gov_grid", put2(s.gov_grid, e.column, e.row, cell[:-1] + "-"))


@applies(SaboteurBotPlaced)
def _saboteur_bot_placed(s: WMState, e: SaboteurBotPlaced) -> WMState:
    key = "gov_bots" if e.location == GOVERNMENT else "lab" if e.location == LAB else "rnd"
    solo = with_hideout(s.solo, bots=s.solo.hideout.bots - 1)
    return evolve_fields(s, solo=solo, **{key: put2(getattr(s, key), e.branch, e.space, SABOTEUR)})


@applies(SaboteurPartPlaced)
def _saboteur_part_placed(s: WMState, e: SaboteurPartPlaced) -> WMState:
    return evolve_fields(s, gov_grid=put2(s.gov_grid, e.column, e.row, f"P{e.colour}"),
                         discarded_subsidies=s.discarded_subsidies + 1)


@applies(ChemicalBesideBot)
def _chemical_beside_bot(s: WMState, e: ChemicalBesideBot) -> WMState:
    solo = with_hideout(s.solo, chemicals=add(s.solo.hideout.chemicals, e.weather, -1))
    return evolve_fields(s, solo=solo, rnd_chem=put2(s.rnd_chem, e.branch, e.space, e.weather))


@applies(HideoutTokenTaken)
def _hideout_token_taken(s: WMState, e: HideoutTokenTaken) -> WMState:
    colour, w = e.token[0], int(e.token[2:])
    key = {"G": "gov_tokens", "L": "lab_tokens", "R": "rnd_tokens"}[colour]
    solo = with_hideout(s.solo, tokens=s.solo.hideout.tokens + (e.token,))
    return evolve_fields(s, solo=solo, **{key: add(getattr(s, key), w, -1)})


@applies(HideoutAwardTaken)
def _hideout_award_taken(s: WMState, e: HideoutAwardTaken) -> WMState:
    solo = with_hideout(s.solo, awards=s.solo.hideout.awards + 1)
    return evolve_fields(s, solo=solo, awards_left=s.awards_left - 1)


@applies(TokenSetResolved)
def _token_set_resolved(s: WMState, e: TokenSetResolved) -> WMState:
    tokens = list(s.solo.hideout.tokens)
    for t in e.tokens:
        tokens.remove(t)
    solo = with_hideout(s.solo, tokens=tuple(tokens), awards=s.solo.hideout.awards - e.awards)
    solo = replace(solo, awards_spent=solo.awards_spent + e.awards)
    return evolve_fields(s, solo=solo, removed_tokens=s.removed_tokens + len(e.tokens))


@applies(SetRewardPending)
def _set_reward_pending(s: WMState, e: SetRewardPending) -> WMState:
    return _solo(s, replace(s.solo, pending_set=e.weather))


@applies(SetRewardChosen)
def _set_reward_chosen(s: WMState, e: SetRewardChosen) -> WMState:
    return _solo(s, replace(s.solo, pending_set=-1))


@applies(SaboteurBotsReturned)
def _saboteur_bots_returned(s: WMState, e: SaboteurBotsReturned) -> WMState:
    branch = tuple(EMPTY if x == SABOTEUR else x for x in s.lab[e.branch])
    solo = with_hideout(s.solo, bots=s.solo.hideout.bots + e.n)
    return evolve_fields(s, solo=solo, lab=put(s.lab, e.branch, branch))


@applies(FundingPushedBack)
def _funding_pushed_back(s: WMState, e: FundingPushedBack) -> WMState:
    p = s.pl[e.seat]
    return with_player(s, e.seat, funding=add(p.funding, e.track, -e.n))


@applies(SoloDecided)
def _solo_decided(s: WMState, e: SoloDecided) -> WMState:
    return _solo(s, replace(s.solo, outcome=(e.result, e.why)))


@applies(SecurityReportsTaken)
@applies(SaboteurBotsStay)
@applies(SoloCompared)
@applies(SaboteurTurnBegan)
@applies(NoReportToDiscard)
@applies(NoChemicalToTake)
@applies(NoChemicalForBot)
@applies(BotPlacementFailed)
def _says_only(s: WMState, e: object) -> WMState:
    """A line of the log: nothing on the table changes."""
    return s
