"""The state of a game of Weather Machine: frozen dataclasses holding tuples only.

The Workshop is stored as what it holds (counts of Chemicals by type, Machine Parts by colour and
Bots) plus its tile layout. The rulebook lets items "be moved around your Workshop at any time"
("Your Workshop"), so only whether an arrangement exists matters; the rules check that one does
(``rules.workshop_fits``) and a view may draw any such arrangement.

Office cells hold "" (empty), "A" (Award), "C" (Citation) or a Research token "<colour>:<weather>"
with colour G (Government), L (Lab) or R (R&D). Board spaces hold a seat number, ``LATIV`` for
Lativ's Bots, or ``EMPTY``; the spaces of an Extreme Weather tile hold a seat's Breakthrough
marker, ``GOVERNMENT_MARKER`` or ``EMPTY`` (one set of spaces for both kinds of marker).

Pending decisions form a stack (``WMState.stack``): tuples ``(kind, seat, *args)`` whose last
element is on top. A command answers the top step; automatic steps ("fx") run in ``decide``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

EMPTY = -1
LATIV = -2
BLOCKED = -3  # 2-player: the rightmost action space of each main location
GOVERNMENT_MARKER = -4  # a Government marker on a space of an Extreme Weather tile

Step = tuple  # (kind: str, seat: int, *args)


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
    triggers: tuple[str, ...]
    turn_order: tuple[int, ...]
    initiative: tuple[int, ...]
    pl: tuple[PlayerState, ...]
    stack: tuple[Step, ...]
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

    def option(self, key: str, default: object = None) -> object:
        return dict(self.options).get(key, default)

    @property
    def ew_gov(self) -> tuple[int, ...]:
        """[weather]: the Government markers on the top Extreme Weather tile (on its spaces)."""
        return tuple(spaces.count(GOVERNMENT_MARKER) for spaces in self.ew_bt)


_FIELDS: dict[type, tuple[str, ...]] = {cls: tuple(f.name for f in fields(cls))
                                        for cls in (PlayerState, WMState)}


#: what the rules memoize in a state's or a player's ``__dict__``
_MEMOS = ("_opts", "_ahead", "_caps")


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
