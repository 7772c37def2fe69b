"""Game-agnostic engine: the game protocol, the match (log, undo/redo, snapshots), storage and
chance. Never imports pygame."""

from .protocol import (Colour, Command, Event, Game, GameConfig, IllegalMove, OptionSpec,
                       ScoreLine, SeatConfig, options_dict)
from .match import Group, Match, StaleCommand

__all__ = ["Colour", "Command", "Event", "Game", "GameConfig", "Group", "IllegalMove", "Match",
           "OptionSpec", "ScoreLine", "SeatConfig", "StaleCommand", "options_dict"]
