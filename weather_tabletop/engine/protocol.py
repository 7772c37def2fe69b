"""The game protocol every game implements (DESIGN.md, "The engine: event sourcing").

A game is a module-level object satisfying :class:`Game`. Everything here is pure: no pygame,
no clock, no global random, no I/O.

* A **command** is what a seat asks for: a frozen dataclass derived from :class:`Command`,
  whose first field is ``seat``.
* ``decide(state, command)`` checks the command against the rules and returns the **events** it
  causes, or raises :class:`IllegalMove` naming the rule that forbids it.
* ``apply(state, event)`` folds one event into the state and returns the new state. It must never
  mutate its input: the match keeps old states as snapshots.
* Chance outcomes (shuffles, draws, die rolls) are events with ``chance = True``; their outcome is
  drawn in ``decide`` from :func:`weather_tabletop.engine.chance.rng` seeded by the state, so the
  same seed and commands give the same game, and a replay only applies recorded events.
* Events that show a seat something hidden (drawing a secret marker) have ``reveal = True``.
  Chance and reveal events are undo barriers.
"""

from __future__ import annotations

import unicodedata

from dataclasses import dataclass
from typing import Any, ClassVar, Hashable, Mapping, Protocol, Sequence, TypeVar

from ..i18n import Msg, msg

State = TypeVar("State")


class IllegalMove(Exception):
    """Raised by ``decide`` for a command the rules refuse.

    ``reason`` is one sentence a player understands and names the rule, e.g.
    "Move Figures: at most 2 figures may be on one space (also while passing)."
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Command:
    """Base class of commands. Subclasses are frozen dataclasses whose first field is ``seat``."""

    seat: int


@dataclass(frozen=True)
class Event:
    """Base class of events (frozen dataclasses).

    ``chance``: the event carries the outcome of chance. ``reveal``: it makes hidden information
    known to some seat. Both make the command group that holds them impossible to undo.
    """

    chance: ClassVar[bool] = False
    reveal: ClassVar[bool] = False


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table: a person or a computer player of some level."""

    name: str
    color: str
    kind: str = "person"  # "person" or "computer"
    level: str = "random"  # the computer player's level, ignored for people

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before the first command: game, seats, options, seed."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)


@dataclass(frozen=True)
class OptionSpec:
    """A variant or setting of a game, offered by the setup screen and ``--option KEY=VALUE``."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""

    def parse(self, text: str) -> Any:
        """Turn the command-line text of a value into one of ``choices`` or raise ValueError."""
        for choice in self.choices:
            if str(choice).lower() == text.strip().lower():
                return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise ValueError(f"option {self.key!r} takes one of: {allowed} (got {text!r})")


@dataclass(frozen=True)
class CountOption(OptionSpec):
    """An option of some player counts only (``players``): the setup screen offers it with
    those counts only and the command line refuses it with others (:func:`option_applies`)."""

    players: tuple[int, ...] = (2, 3, 4)


@dataclass(frozen=True)
class ScoreLine:
    """One seat's score: the total and its breakdown by category, in display order."""

    seat: int
    total: int
    breakdown: tuple[tuple[str, int], ...] = ()
    rank: int = 1  # 1 = winner; tied seats share a rank


@dataclass(frozen=True)
class OpponentScore:
    """A game's own opponent (Machines To The Sky's Automa, Weather Machine solo's Saboteurs) as
    the score table shows it: a column beside the seats'. ``name`` and the categories of
    ``breakdown`` are catalogue keys; ``colour`` marks its column as a seat's colour does;
    ``repeats`` is the seats' breakdown entry that already carries its number (left out of the
    seats' columns, which would show it twice); ``wins_ties``: a seat level with it trails it
    (Weather Machine solo §5.2: a tie loses) rather than leads (Machines To The Sky: joint
    victory)."""

    name: str
    total: int
    colour: "Colour"
    breakdown: tuple[tuple[str, int], ...] = ()
    repeats: str = ""
    wins_ties: bool = False


@dataclass(frozen=True)
class Colour:
    """A player colour with the letter shown on its pieces for colour-blind players; ``name``
    is the catalogue key of its name when the game names it its own way (Meteo's "yellow" is
    light yellow), else the app's ``colour.<key>``."""

    key: str
    rgb: tuple[int, int, int]
    letter: str
    name: str = ""

    def label(self) -> Msg:
        """The colour's name, to show."""
        return msg(self.name or f"colour.{self.key}")


class Game(Protocol[State]):
    """What a game module exposes to the engine, the app and the computer players."""

    id: str  # "meteo", "machines-to-the-sky", "weather-machine"
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    colours: tuple[Colour, ...]
    commands: tuple[type[Command], ...]  # every command class (for the save-file codec)
    events: tuple[type[Event], ...]  # every event class

    def initial_state(self, config: GameConfig) -> State:
        """The state before setup: deterministic, no chance."""

    def setup_events(self, state: State) -> list[Event]:
        """The setup's chance events (shuffles, deals), drawn from the state's seed."""

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        """Exactly the commands of ``seat`` that ``decide`` accepts now."""

    def decide(self, state: State, command: Command) -> list[Event]:
        """The events the command causes, or raise IllegalMove."""

    def apply(self, state: State, event: Event) -> State:
        """The state after the event; the input is left unchanged."""

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (None: a spectator); hidden parts replaced by unknowns.

        The seed is hidden too (a view's seed is 0): knowing it would let a computer player
        foresee every die roll and draw by calling ``decide``."""

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may submit a command now (empty when the game is over)."""

    def is_over(self, state: State) -> bool: ...

    def scores(self, state: State) -> list[ScoreLine]:
        """Scores by seat with a per-category breakdown (final once the game is over)."""

    def turn_id(self, state: State) -> Hashable:
        """Identifies the current turn; the undo policy keeps undo within one turn."""

    def progress(self, state: State) -> str:
        """A short line for the turn banner and the saved-games list, e.g. "Round 3"."""

    # Optional, for games whose rules limit the seats' colours (Meteo):
    #   default_colours(players) -> tuple[str, ...]: the colour keys the setup offers first;
    #   check_seats(config) -> str | None: why these seats cannot start a game (names the rule).
    # Optional, for games with an opponent of their own (see :func:`opponent_scores`):
    #   opponent_scores(state) -> tuple[OpponentScore, ...]: its score beside the seats'.
    # Optional, for the setup screen:
    #   setup_note(players, options) -> str | None: a line the players should read before they
    #       start (e.g. the solo objective).
    # Optional, for search players (``weather_tabletop.ai.search``):
    #   determinize(view, seat, rng) -> State: a full state consistent with the view, hidden
    #       parts (other hands, deck orders, the seed) sampled from ``rng``;
    #   evaluate(state, seat) -> float: how good the state is for ``seat``, 0 (lost) to 1 (won).

    def describe_command(self, state: State, command: Command) -> str:
        """One line for the action list and the log, e.g. "Red plays Rain on the plain C4"."""

    def describe_event(self, state: State, event: Event) -> str:
        """One line for the log, said of the state the event is applied to."""


def seat_names(config: GameConfig) -> Sequence[str]:
    return [s.name for s in config.seats]


def default_colours(game: Game, players: int) -> tuple[str, ...]:
    """The colour keys a new game of ``players`` seats starts with."""
    hook = getattr(game, "default_colours", None)
    if hook is not None:
        return tuple(hook(players))
    return tuple(game.colours[i % len(game.colours)].key for i in range(players))


MAX_NAME = 40  # characters in a seat's name


def name_error(name: object) -> str | None:
    """Why ``name`` cannot be a seat's name, or None: 1-40 characters that encode as UTF-8, no
    control or formatting characters (a name must not move the cursor of a terminal or the
    direction of the text around it)."""
    if not isinstance(name, str) or not name.strip():
        return "A seat's name must not be empty."
    if len(name) > MAX_NAME:
        return f"A seat's name has at most {MAX_NAME} characters."
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "A seat's name must be readable text."
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
           and ch != "\u200d" for ch in name):  # a zero-width joiner builds emoji: allowed
        return "A seat's name may not hold control characters."
    return None


def seats_error(game: Game, config: GameConfig) -> str | None:
    """Why ``config``'s seats cannot start a game of ``game``, or None."""
    if not game.min_players <= config.players <= game.max_players:
        return f"{game.title} is played by {game.min_players} to {game.max_players} players."
    if len({s.color for s in config.seats}) < config.players:
        return "Each seat needs its own colour."
    hook = getattr(game, "check_seats", None)
    return hook(config) if hook is not None else None


def opponent_scores(game: Game, state: Any) -> tuple[OpponentScore, ...]:
    """The game's own opponents' scores in ``state`` (none for a game without one): the score
    table gives each a column beside the seats'."""
    hook = getattr(game, "opponent_scores", None)
    return tuple(hook(state)) if hook is not None else ()


def option_applies(spec: Any, players: int) -> bool:
    """Whether ``spec`` is an option of ``players`` players: one naming the counts it applies to
    (``players``, such as Weather Machine's solo options) of those only, any other of all."""
    counts = getattr(spec, "players", None)
    return not counts or players in counts


def options_dict(game: Game, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's options with defaults filled in; unknown keys or values raise ValueError."""
    specs = {o.key: o for o in game.options}
    result = {o.key: o.default for o in game.options}
    for key, value in (given or {}).items():
        if key not in specs:
            known = ", ".join(specs) or "none"
            raise ValueError(f"{game.id} has no option {key!r} (options: {known})")
        if value not in specs[key].choices:
            value = specs[key].parse(str(value))
        result[key] = value
    return result


__all__ = [
    "Colour",
    "Command",
    "Event",
    "Game",
    "GameConfig",
    "IllegalMove",
    "OpponentScore",
    "OptionSpec",
    "ScoreLine",
    "SeatConfig",
    "options_dict",
    "seat_names",
    "default_colours",
    "opponent_scores",
    "seats_error",
]
