"""The rules of Weather Machine (Vital Lacerda), 2-4 players, as the engine's Game protocol.

Section names in docstrings and IllegalMove reasons quote the English rulebook
(``weather-machine.en.txt``). Multi-step actions are a stack of pending decisions in the state
(see ``state.py``): a command answers the decision on top; automatic steps (effects) run in ``decide``
until a seat has to choose again. ``legal_commands`` lists the options of the top step (with
the Award token placements of the seat's own turn, which may interrupt any step of it), and
``decide`` accepts exactly those (it refuses anything else with the rule's reason).

The rules are split by what they hold: ``options`` (what each step offers), ``flow`` (answering
a step, running the automatic ones), ``benefits``, ``locations`` (the Scientist, Lativ, Supply),
``government``, ``lab``, ``research`` (R&D), ``rounds``, ``scoring`` and ``sentences``. What
happens is recorded as ``events`` named for it, each applied by one function registered beside
its rules (``context.applies``) and described by ``event_words`` from the catalogue. This
module is the Game itself and names what other modules and tests use.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable

from weather_tabletop.engine.chance import rng
from weather_tabletop.engine.protocol import (Colour, Command, CountOption, Event, GameConfig,
                                              IllegalMove, OpponentScore, ScoreLine)

from weather_tabletop.i18n import Msg, msg, tr

from .board import D, W
from .solo_data import SOLO
from .commands import COMMANDS
from .data import SUPPLY
from .solo_events import SOLO_EVENTS
from .solo_state import NO_REPORT
from .events import (EVENTS, AssistantPlaced, ComponentsShuffled, ExperimentBelowDeck,
                     ExperimentDeckDealt, ExperimentDisplayDealt, GoalTilesDealt, PostSetupBegan,
                     StartingPartDealt, StartingTileDealt, StepsChanged, SubsidiesDealt,
                     TurnOrderDrawn, WorkshopOfferDealt, WorkshopStacksDealt)
from .state import (Drafting, EMPTY, EndSupplyRound, LATIV, PlayerState, Step, SupplyTurn, WMState,
                    evolve, evolve_fields, step_tuple, steps_from_tuples)
from .context import APPLY, Ctx, name_of
from .solo_state import older_wm_state
from .saboteurs import draw_goals, set_up_saboteurs
from .flow import advance_flow, handle
from .options import AWARD_RULE, is_award, top_options
from .scoring import final_scores
from .event_words import describe_event, trigger_words  # noqa: F401 - the view names triggers
from .sentences import describe, explain, step_title


#: the phases the progress line names (``state.phase``)
PHASES = ("draft", "supply", "A", "B", "C", "final")
#: progress lines by what they depend on (``WeatherMachine.progress_msg``)
_PROGRESS: dict[tuple, Msg] = {}


@dataclass(frozen=True)
class SoloOption(CountOption):
    """An option of the solo game only."""
    players: tuple[int, ...] = (1,)


@dataclass(frozen=True)
class ChallengeOption(SoloOption):
    """Solo §2.3 step 13, §6: the Challenge cards: 0 (none), n drawn at random (1-12), or the
    cards chosen, written ``cards:3+7`` (ids as numbered in §6)."""

    def parse(self, text: str) -> Any:
        head, sep, ids = text.strip().lower().partition(":")
        if sep and head == "cards":
            try:
                chosen = sorted({int(x) for x in ids.split("+") if x.strip()})
            except ValueError:
                chosen = []
            if chosen and all(1 <= x <= len(SOLO.challenges) for x in chosen):
                return cards_value(chosen)
        return super().parse(text)


def cards_value(ids: Any) -> int | str:
    """The Challenge option's value for the cards ``ids`` chosen: ``cards:a+b`` (0 for none)."""
    ids = sorted(set(ids))
    return "cards:" + "+".join(map(str, ids)) if ids else 0


def chosen_cards(value: object) -> tuple[int, ...]:
    """The cards of a ``cards:a+b`` value (none for 0 or n at random)."""
    if isinstance(value, str) and value.startswith("cards:"):
        return tuple(int(x) for x in value[6:].split("+") if x)
    return ()


def chosen_challenges(value: object, r: Any) -> tuple[int, ...]:
    """The Challenge cards of the option's value (§2.3 step 13): chosen, or n at random."""
    chosen = chosen_cards(value)
    if chosen:
        return chosen
    n = int(value or 0)
    return tuple(sorted(r.shuffled(tuple(c.id for c in SOLO.challenges))[:n])) if n else ()


#: the options of the solo game (``SoloOption``)
SOLO_OPTIONS = ("challenges", "solo_deck_loss")


class WeatherMachine:
    id = "weather-machine"
    title = "Weather Machine"
    #: one player plays solo against the Saboteurs (issue 20, ``docs/weather-machine-solo.md``)
    min_players = 1
    max_players = 4
    #: the command line's player count when none is given
    default_players = 2
    hidden_information = False
    options = (
        # the solo game deals six Goal tiles (solo §2.3 step 4): no draft
        CountOption("drafting", msg("wm.option.drafting"), (False, True), False,
                    msg("wm.option.drafting_help")),
        # "2-Player Variant: New Scientists" (options.py reads it with 2 players only)
        CountOption("new_scientists", msg("wm.option.new_scientists"), (False, True), False,
                    msg("wm.option.new_scientists_help"), players=(2,)),
        ChallengeOption("challenges", msg("wm.solo.challenges"), tuple(range(13)), 0,
                        msg("wm.solo_flow.option.challenges_help")),
        SoloOption("solo_deck_loss", msg("wm.solo_flow.option.deck_loss"), ("text", "app"),
                   "text", msg("wm.solo_flow.option.deck_loss_help")),
    )

    @staticmethod
    def players_label(n: int) -> Msg | None:
        """The setup's name for ``n`` players where a number alone does not say it."""
        return msg("wm.solo.mode") if n == 1 else None

    #: the Saboteurs' column in the table's scores (their marker's colour, ``view_solo.SAB_RGB``)
    saboteurs_colour = Colour("saboteurs", (50, 52, 62), "S", "wm.score.saboteurs_column")

    def opponent_scores(self, state: WMState) -> tuple[OpponentScore, ...]:
        """Solo: the Saboteurs' Target Value as their column (solo §4.6 scores it during the
        game; §5.2: your final CP must beat it, a tie loses unless the rules say otherwise)."""
        if state.solo is None:
            return ()
        return (OpponentScore("wm.score.saboteurs_column", state.solo.tv, self.saboteurs_colour,
                              (("wm.solo.target_value", state.solo.tv),),
                              wins_ties=not SOLO.end.tie_wins),)

    #: the score screen's headline when the solo player loses (solo §5)
    opponent_wins = "wm.solo.saboteurs_win"

    colours = (Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 100, 210), "B"),
               Colour("yellow", (225, 190, 40), "Y"), Colour("purple", (140, 80, 180), "P"))
    commands = COMMANDS
    events = EVENTS + SOLO_EVENTS
    #: checkpoints written before ``WMState.solo`` existed still read (solo_state)
    OLDER_RECORDS = {"WMState": older_wm_state}

    # -- setup ---------------------------------------------------------------------------------

    def initial_state(self, config: GameConfig) -> WMState:
        n = config.players
        small = n <= 3
        lab_tok = D.lab_tokens_small if small else D.lab_tokens
        player = PlayerState(
            cp=0, end_cp=0, vouchers=D.voucher_start, line=(True,) * 12, ws_bots=0,
            chemicals=(0,) * W, parts=(0,) * W, tiles=(), funding=(0, 0, 0),
            office=(("", "", ""),) * 6, breakthrough=(0,) * 6, pending_tokens=(), pending_awards=0,
            awards=0, nobel=False, subsidies=(), investments=0, goals_hand=(), goals_set=(),
            location=SUPPLY, space=0, papers=0, citations=0)
        # solo: the 2-player board, set up by ``SaboteursJoined`` (solo §2.3 steps 1-3)
        lab = tuple((LATIV,) + (EMPTY,) * (D.lab_spaces[b] - 1) if n == 2 else (EMPTY,) * D.lab_spaces[b]
                    for b in range(W))
        return WMState(
            seed=config.seed, chance_n=0, players=n,
            # the solo options only in a solo game (a game of several players reads as before)
            options=tuple(sorted((k, v) for k, v in dict(config.options).items()
                                 if n == 1 or k not in SOLO_OPTIONS)),
            names=tuple(s.name for s in config.seats), round=0, phase="setup", final_round=0,
            triggers=(), turn_order=tuple(range(n)), initiative=tuple(range(n)),
            pl=(player,) * n, stack=(),
            chem_supply=((True,) * 5,) * W, offer=(EMPTY,) * 4, up_stack=(), down_stack=(),
            lativ_loc=SUPPLY, lativ_space=-1,
            gov_bots=((EMPTY,) * 3,) * W, gov_grid=(("",) * 3,) * W, gov_tokens=(D.gov_tokens,) * W,
            gov_markers=D.gov_markers, lab=lab, lab_tokens=(lab_tok,) * W,
            lativ_side=D.lativ_bots - (W if n == 2 else 0), locks=(True,) * W,
            exp_deck=(), exp_display=(EMPTY,) * 3, exp_below=EMPTY, assistant=0,
            rnd=((EMPTY,) * 3,) * W, rnd_chem=((EMPTY,) * 3,) * W, rnd_tokens=(D.rnd_tokens,) * W,
            ew_board=tuple((w,) for w in range(W)), ew_stack=tuple((5 + w, 10 + w) for w in range(W)),
            ew_bt=tuple((EMPTY,) * len(D.extremes[w].breakthrough) for w in range(W)),
            awards_left=D.awards, nobel_left=True, removed_tokens=0,
            discarded_subsidies=0)

    def setup_events(self, state: WMState) -> list[Event]:
        """Game Setup 1-25, Player's Laboratory a-f: every random outcome is dealt here."""
        r = rng(state.seed, state.chance_n)
        n = state.players
        ev: list[Event] = []

        order = r.shuffled(tuple(range(n)))
        ev.append(ComponentsShuffled())
        ev.append(TurnOrderDrawn(order))  # 4-6
        tiles = r.shuffled(tuple(range(30)))  # 9
        ev.append(WorkshopOfferDealt(tiles[:4]))
        rest = tiles[4:]
        half = len(rest) // 2
        up, down = rest[:half], rest[half:]
        ev.append(SubsidiesDealt(r.shuffled(tuple(range(15)))))  # 10
        stages = [r.shuffled(tuple(5 * st + w for w in range(W))) for st in range(3)]  # 15
        deck = stages[0] + stages[1] + stages[2][:2]
        ev.append(ExperimentDisplayDealt(deck[:3]))  # 16
        ev.append(ExperimentBelowDeck(deck[3]))
        ev.append(ExperimentDeckDealt(deck[4:]))
        ev.append(AssistantPlaced(D.experiments[deck[4]].weather))  # 17
        colours = r.shuffled(tuple(range(W)))  # d
        ev += [StartingPartDealt(seat, colours[seat]) for seat in range(n)]
        given = r.shuffled(down[:n])  # e
        down = down[n:]
        ev += [StartingTileDealt(seat, given[seat]) for seat in range(n)]
        ev.append(WorkshopStacksDealt(up, down))
        steps: list[Step] = []
        if n == 1:  # solo §2.3 step 4: six Goal tiles; the Saboteurs' setup
            ev.append(GoalTilesDealt(0, draw_goals(r)))
            s = state
            for e in ev:
                s = self.apply(s, e)
            c = Ctx(s)
            set_up_saboteurs(c, r, chosen_challenges(state.option("challenges", 0), r))
            ev += c.ev
        elif state.option("drafting"):
            picks = list(order) + list(reversed(order)) + list(order)
            steps = [Drafting(s, k // n) for k, s in enumerate(picks)]
        else:
            sets = r.shuffled(tuple(range(len(D.goal_sets))))  # f
            ev += [GoalTilesDealt(seat, tuple(range(9 * sets[seat], 9 * sets[seat] + 9)))
                   for seat in range(n)]
        steps += [SupplyTurn(s) for s in order] + [EndSupplyRound(-1)]
        ev.append(PostSetupBegan(bool(state.option("drafting")) and n > 1))
        ev.append(StepsChanged(tuple(step_tuple(x) for x in reversed(steps))))
        return ev

    # -- protocol ------------------------------------------------------------------------------

    def to_act(self, state: WMState) -> tuple[int, ...]:
        if state.phase == "over" or not state.stack:
            return ()
        return (state.stack[-1].seat,)

    def is_over(self, state: WMState) -> bool:
        return state.phase == "over"

    def legal_commands(self, state: WMState, seat: int) -> list[Command]:
        if state.phase == "over" or not state.stack or state.stack[-1].seat != seat:
            return []
        return list(top_options(state))

    def decide(self, state: WMState, command: Command) -> list[Event]:
        if state.phase == "over":
            raise IllegalMove(msg("wm.refusal.game_over"))
        if not state.stack:
            raise IllegalMove(msg("wm.refusal.not_set_up"))
        step = state.stack[-1]
        if command.seat != step.seat:
            who, doing = name_of(state, step.seat), step_title(state, step)
            if is_award(command):
                raise IllegalMove(msg("wm.refusal.award_not_your_turn", rule=AWARD_RULE, name=who,
                                      step=doing))
            raise IllegalMove(msg("wm.refusal.turn_order", name=who, step=doing))
        legal = top_options(state)
        if command not in legal:
            raise IllegalMove(explain(state, step, command, legal))
        c = Ctx(state)
        handle(c, step, command)
        advance_flow(c)
        c.finish()
        return c.ev

    def apply(self, state: WMState, event: Event) -> WMState:
        # ``decide`` applies each event as it works out what follows (``Ctx.emit``) and leaves
        # the result on the state it applied it to; the same event object gives the same state.
        # (an event that changes nothing leaves no memo: the one there is for the next event)
        ahead = state.__dict__.get("_ahead")
        if ahead is not None and ahead[0] is event:
            del state.__dict__["_ahead"]
            return ahead[1]
        if event.__class__ is StepsChanged:  # steps are written as tuples (``step_tuple``)
            return evolve(state, "stack", steps_from_tuples(event.steps))
        happened = SETUP.get(event.__class__) or APPLY.get(event.__class__)
        if happened is not None:
            return happened(state, event)
        raise ValueError(f"unknown event {event!r}")

    def view(self, state: WMState, seat: int | None) -> WMState:
        """Hidden: the order of the Experiment deck below its face-up top tile, of the face-down
        Workshop stack, and of the face-up Workshop stack below its top tile; solo: the Security
        Reports of the draw pile (but the two in hand while Call Security gives them roles) and
        those removed unseen; and the seed, from which those orders could be worked out."""
        deck = state.exp_deck[:1] + (EMPTY,) * max(0, len(state.exp_deck) - 1)
        changes: dict[str, Any] = {}
        if state.solo is not None:  # solo §3.4: the draw pile and the cards removed unseen
            changes["solo"] = hidden_reports(state)
        new = evolve_fields(state, exp_deck=deck, **changes,
                            up_stack=state.up_stack[:1] + (EMPTY,) * max(0, len(state.up_stack) - 1),
                            down_stack=(EMPTY,) * len(state.down_stack), seed=0)
        # the options of the top step read nothing hidden (of the stacks only whether the
        # face-up one is empty), so a view keeps those of its state
        opts = state.__dict__.get("_opts")
        if opts is not None:
            new.__dict__["_opts"] = opts
        return new

    def scores(self, state: WMState) -> list[ScoreLine]:
        return final_scores(state)

    def turn_id(self, state: WMState) -> Hashable:
        top = state.stack[-1] if state.stack else None
        return (state.round, state.phase, top.seat if top else None, len(state.stack) and turn_anchor(state))

    def progress_msg(self, state: WMState) -> Msg:
        """The progress line as a message: the round and phase, who acts and what they do. The
        match asks after every command (each log group keeps it as its label), so the messages
        are kept by what they depend on (a game repeats few of them)."""
        if state.phase == "over":
            return msg("wm.progress.over", round=state.round)
        top = state.stack[-1] if state.stack else None
        # (``step_title`` reads the step's kind only)
        key = (state.phase, state.round, bool(state.final_round and state.round == state.final_round),
               name_of(state, top.seat) if top else "", top.kind if top else "")
        said = _PROGRESS.get(key)
        if said is None:
            if len(_PROGRESS) >= 4096:
                _PROGRESS.clear()
            phase, round_, final, who, _kind = key
            head: Any = msg(f"wm.progress.phase.{phase}") if phase in PHASES else phase
            if round_:
                head = msg("wm.progress.round_final" if final else "wm.progress.round",
                           round=round_, phase=head)
            said = _PROGRESS[key] = (msg("wm.progress.step", head=head, name=who,
                                         step=step_title(state, top)) if top else head)
        return said

    def progress(self, state: WMState) -> str:
        return tr(self.progress_msg(state))

    def describe_command(self, state: WMState, command: Command) -> str:
        return describe(state, command)

    def describe_event(self, state: WMState, event: Event) -> Msg | str:
        """The event's log line from the catalogue (``event_words``; "" for those a player does
        not need to read, such as the pending steps). Chance and reveal events say what was dealt
        or turned up (they are also the undo barriers the table names)."""
        return describe_event(state, event)


# -- applying the setup's events ("Game Setup", "Player's Laboratory") --------------------------


def _player(s: WMState, seat: int, key: str, value: Any) -> WMState:
    pl = list(s.pl)
    pl[seat] = evolve(pl[seat], key, value)
    return evolve(s, "pl", tuple(pl))


def _turn_order_drawn(s: WMState, e: TurnOrderDrawn) -> WMState:
    s = evolve_fields(s, turn_order=e.order, initiative=e.order)
    for i, seat in enumerate(e.order):
        s = _player(s, seat, "space", i)
    return s


def _starting_part(s: WMState, e: StartingPartDealt) -> WMState:
    return _player(s, e.seat, "parts", tuple(int(x == e.colour) for x in range(W)))


SETUP: dict[type, Callable[[WMState, Any], WMState]] = {
    ComponentsShuffled: lambda s, e: evolve(s, "chance_n", s.chance_n + 1),
    PostSetupBegan: lambda s, e: evolve(s, "phase", "draft" if e.drafting else "supply"),
    TurnOrderDrawn: _turn_order_drawn,
    WorkshopOfferDealt: lambda s, e: evolve(s, "offer", e.tiles),
    SubsidiesDealt: lambda s, e: evolve(s, "gov_grid", tuple(
        tuple(f"S{e.tiles[3 * c + k]}+" for k in range(3)) for c in range(W))),
    ExperimentDisplayDealt: lambda s, e: evolve(s, "exp_display", e.tiles),
    ExperimentBelowDeck: lambda s, e: evolve(s, "exp_below", e.tile),
    ExperimentDeckDealt: lambda s, e: evolve(s, "exp_deck", e.tiles),
    AssistantPlaced: lambda s, e: evolve(s, "assistant", e.branch),
    StartingPartDealt: _starting_part,
    StartingTileDealt: lambda s, e: _player(s, e.seat, "tiles", ((1, 1, e.tile, False),)),
    WorkshopStacksDealt: lambda s, e: evolve_fields(s, up_stack=e.face_up, down_stack=e.face_down),
    GoalTilesDealt: lambda s, e: _player(s, e.seat, "goals_hand", e.goals),
}


def hidden_reports(s: WMState) -> Any:
    """The Saboteurs as a player sees them (solo §3.1, §3.4-3.6): the draw pile and the cards
    removed by The Clock is Ticking face down (``NO_REPORT``), except the two top cards taken
    in hand by Call Security while their roles are chosen."""
    solo = s.solo
    deck = solo.deck
    shown = 2 if s.stack and s.stack[-1].kind == "solo_security" else 0
    draw = deck.draw[:shown] + (NO_REPORT,) * (len(deck.draw) - min(shown, len(deck.draw)))
    return replace(solo, deck=replace(deck, draw=draw, removed=(NO_REPORT,) * len(deck.removed)))


def turn_anchor(s: WMState) -> int:
    """Depth of the step the current turn started from (the bottom-most step of that seat)."""
    seat = s.stack[-1].seat
    i = len(s.stack) - 1
    while i > 0 and s.stack[i - 1].seat == seat:
        i -= 1
    return i


GAME = WeatherMachine()

# names other modules and tests reach through ``rules``
from .benefits import score  # noqa: E402,F401
from .commands import *  # noqa: E402,F401,F403 - the command classes
from .lab import experiment_end  # noqa: E402,F401
from .options import FREE_MOMENTS, move_gains, step_options  # noqa: E402,F401
from .research import take_award  # noqa: E402,F401
from .scoring import goal_met, metric  # noqa: E402,F401
from .sentences import pay_purpose  # noqa: E402,F401
