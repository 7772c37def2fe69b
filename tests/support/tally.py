"""Tally: a small test-only game that exercises every part of the engine protocol.

Seats take turns. On a turn a seat may Take 1-3 tokens from the pile (plain, undoable), Draw a
secret card from the shuffled deck (chance and a reveal), Roll the die (chance), and then EndTurn
(after at least one action). When a turn ends with the pile empty the game is over; a seat scores
its tokens, its cards and its rolls.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from weather_tabletop.engine.chance import Rng, rng
from weather_tabletop.engine.protocol import (Colour, Command, Event, GameConfig, IllegalMove,
                                              OptionSpec, ScoreLine)

HIDDEN = -1


@dataclass(frozen=True)
class Take(Command):
    n: int


@dataclass(frozen=True)
class Draw(Command):
    pass


@dataclass(frozen=True)
class Roll(Command):
    pass


@dataclass(frozen=True)
class EndTurn(Command):
    pass


@dataclass(frozen=True)
class Shuffled(Event):
    chance = True
    deck: tuple[int, ...]


@dataclass(frozen=True)
class Took(Event):
    seat: int
    n: int


@dataclass(frozen=True)
class Drew(Event):
    chance = True
    reveal = True
    seat: int


@dataclass(frozen=True)
class Rolled(Event):
    chance = True
    seat: int
    face: int


@dataclass(frozen=True)
class TurnEnded(Event):
    seat: int


@dataclass(frozen=True)
class TallyState:
    seed: int
    chance_n: int
    players: int
    pile: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    rolls: tuple[int, ...]
    current: int
    turn_no: int
    acted: bool
    over: bool


class Tally:
    id = "tally"
    title = "Tally (test game)"
    min_players = 1
    max_players = 4
    options = (OptionSpec("pile", "Tokens in the pile", (10, 30, 100000), 30),)
    colours = (Colour("red", (200, 60, 60), "R"), Colour("blue", (60, 90, 200), "B"),
               Colour("green", (60, 160, 80), "G"), Colour("yellow", (220, 190, 40), "Y"))
    commands = (Take, Draw, Roll, EndTurn)
    events = (Shuffled, Took, Drew, Rolled, TurnEnded)

    def initial_state(self, config: GameConfig) -> TallyState:
        n = config.players
        return TallyState(config.seed, 0, n, int(config.option("pile", 30)), (), ((),) * n,
                          (0,) * n, (0,) * n, 0, 0, False, False)

    def setup_events(self, state: TallyState) -> list[Event]:
        deck = rng(state.seed, state.chance_n).shuffled(tuple(range(1, 21)))
        return [Shuffled(deck)]

    def legal_commands(self, state: TallyState, seat: int) -> list[Command]:
        if state.over or seat != state.current:
            return []
        out: list[Command] = [Take(seat, n) for n in range(1, min(3, state.pile) + 1)]
        if state.deck:
            out.append(Draw(seat))
        out.append(Roll(seat))
        if state.acted:
            out.append(EndTurn(seat))
        return out

    def decide(self, state: TallyState, command: Command) -> list[Event]:
        if state.over:
            raise IllegalMove("The game is over.")
        if command.seat != state.current:
            raise IllegalMove("Turns: only the current seat may act.")
        if isinstance(command, Take):
            if not 1 <= command.n <= min(3, state.pile):
                raise IllegalMove("Take: 1 to 3 tokens, no more than the pile holds.")
            return [Took(command.seat, command.n)]
        if isinstance(command, Draw):
            if not state.deck:
                raise IllegalMove("Draw: the deck is empty.")
            return [Drew(command.seat)]
        if isinstance(command, Roll):
            return [Rolled(command.seat, rng(state.seed, state.chance_n).die())]
        if isinstance(command, EndTurn):
            if not state.acted:
                raise IllegalMove("End turn: act at least once first.")
            return [TurnEnded(command.seat)]
        raise IllegalMove("Unknown command.")

    def apply(self, state: TallyState, event: Event) -> TallyState:
        if isinstance(event, Shuffled):
            return replace(state, deck=event.deck, chance_n=state.chance_n + 1)
        if isinstance(event, Took):
            tokens = list(state.tokens)
            tokens[event.seat] += event.n
            return replace(state, pile=state.pile - event.n, tokens=tuple(tokens), acted=True)
        if isinstance(event, Drew):
            hands = list(state.hands)
            hands[event.seat] = hands[event.seat] + (state.deck[0],)
            return replace(state, deck=state.deck[1:], hands=tuple(hands), acted=True,
                           chance_n=state.chance_n + 1)
        if isinstance(event, Rolled):
            rolls = list(state.rolls)
            rolls[event.seat] += event.face
            return replace(state, rolls=tuple(rolls), acted=True, chance_n=state.chance_n + 1)
        if isinstance(event, TurnEnded):
            return replace(state, current=(state.current + 1) % state.players,
                           turn_no=state.turn_no + 1, acted=False, over=state.pile == 0)
        raise ValueError(f"unknown event {event!r}")

    def view(self, state: TallyState, seat: int | None) -> TallyState:
        hands = tuple(h if i == seat else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
        return replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck), seed=0)

    def determinize(self, view: TallyState, seat: int, rng: Rng) -> TallyState:
        """Unknown cards are dealt at random from those not seen by ``seat``."""
        seen = {c for c in view.hands[seat]}
        unseen = list(rng.shuffled([c for c in range(1, 21) if c not in seen]))
        hands = []
        for i, hand in enumerate(view.hands):
            if i == seat:
                hands.append(hand)
            else:
                hands.append(tuple(unseen.pop() for _ in hand))
        deck = tuple(unseen.pop() for _ in view.deck)
        return replace(view, hands=tuple(hands), deck=deck, seed=rng.next64() & 0xFFFFFFFF)

    def to_act(self, state: TallyState) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def is_over(self, state: TallyState) -> bool:
        return state.over

    def scores(self, state: TallyState) -> list[ScoreLine]:
        totals = [state.tokens[i] + sum(state.hands[i]) + state.rolls[i] for i in range(state.players)]
        return [ScoreLine(i, totals[i], (("tokens", state.tokens[i]), ("cards", sum(state.hands[i])),
                                         ("rolls", state.rolls[i])),
                          1 + sum(t > totals[i] for t in totals)) for i in range(state.players)]

    def turn_id(self, state: TallyState) -> int:
        return state.turn_no

    def progress(self, state: TallyState) -> str:
        return f"Turn {state.turn_no + 1}, pile {state.pile}"

    def describe_command(self, state: TallyState, command: Command) -> str:
        name = f"Seat {command.seat + 1}"
        if isinstance(command, Take):
            return f"{name} takes {command.n} token{'s' if command.n > 1 else ''}"
        return f"{name} {type(command).__name__.lower().replace('endturn', 'ends the turn')}s"

    def describe_event(self, state: TallyState, event: Event) -> str:
        if isinstance(event, Shuffled):
            return "The deck is shuffled."
        if isinstance(event, Drew):
            return f"Seat {event.seat + 1} draws a secret card."
        if isinstance(event, Rolled):
            return f"Seat {event.seat + 1} rolls a {event.face}."
        if isinstance(event, Took):
            return f"Seat {event.seat + 1} takes {event.n}."
        return f"Seat {event.seat + 1} ends the turn."


GAME = Tally()
