"""Checkpoint lines of a save file: where continuing a long game starts (issue 16).

A checkpoint records the match at one version so that opening a game reads the file's header and
tail only. It holds the state after the *base*, the last active group that no undo can reach (see
:func:`base_index`; else the setup), the active groups from the base on, and the redo stack::

    {"kind": "checkpoint", "n": <version>, "base": <index>, "state": <state>,
     "groups": [<group>, ...], "undone": [<group>, ...], "prev": <sum of the line before>}

A checkpoint is written before the group line it precedes once enough has happened since the
last one, and only when the groups above the base are few (a casual game with no chance for a
long stretch simply has no checkpoint there). ``verify`` replays from the start and requires
every checkpoint to be exactly the one the replayed match gives, so a forged one is refused.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from ..i18n import Msg
from .codec import Codec, encode, older_records
from .match import Group, Match
from .protocol import Command, Game

EVERY_LINES = 200  # a checkpoint at the first chance after this many lines ...
EVERY_EVENTS = 2000  # ... or this many events ...
EVERY_BYTES = 256 * 1024  # ... or this many bytes since the last one
MOST_GROUPS = 64  # groups above the base plus the redo stack, at most


def group_body(group: Group) -> dict[str, Any]:
    """The saved form of one log group (``label`` and ``over`` are for people reading the file
    and the saved-games list; loading recomputes both)."""
    body: dict[str, Any] = {"n": group.n, "kind": group.kind, "label": label_value(group.label),
                            "over": group.over}
    if group.seat is not None:
        body["seat"] = group.seat
    if group.command is not None:
        body["cmd"] = encode(group.command)
    if group.kind in ("setup", "command"):
        body["events"] = encode(group.events)
    return body


def label_value(label: Any) -> Any:
    """A group's label as saved: a message as its key and parameters (no prose in the file), a
    text (a game without messages) as it is."""
    if isinstance(label, Msg):
        return {"key": label.key, "params": {k: label_value(v) for k, v in label.params}}
    if isinstance(label, (tuple, list)):
        return [label_value(v) for v in label]
    return label


def label_from(value: Any, depth: int = 0) -> Any:
    """A saved label back as a message (or a text); anything malformed gives ""."""
    if isinstance(value, str) or depth > 6:
        return value if isinstance(value, str) else ""
    if isinstance(value, list):
        return tuple(label_from(v, depth + 1) for v in value)
    if isinstance(value, dict) and isinstance(value.get("key"), str) and \
            isinstance(value.get("params", {}), dict):
        return Msg(value["key"], tuple((str(k), label_from(v, depth + 1))
                                       for k, v in value.get("params", {}).items()))
    return value if isinstance(value, (int, bool)) and depth else ""


def decode_group(codec: Codec, body: dict[str, Any]) -> Group:
    """A group (without its turn, label and end flag) from its saved form; raises ValueError."""
    kind, seat, n = body.get("kind"), body.get("seat"), body.get("n")
    if kind not in ("setup", "command", "undo", "redo"):
        raise ValueError(f"unknown entry kind {kind!r}")
    if type(n) is not int or (seat is not None and type(seat) is not int):
        raise ValueError("bad entry number or seat")
    command = codec.decode(body["cmd"]) if "cmd" in body else None
    events = codec.decode(body.get("events", []))
    if command is not None and not isinstance(command, Command):
        raise ValueError("not a command")
    if not isinstance(events, tuple):
        raise ValueError("events are not a list")
    return Group(n, kind, seat, command, events)


def state_codec(game: Game, state: Any) -> Codec:
    """Decodes states of ``game``: the dataclasses of the module the state class lives in."""
    module = sys.modules[type(state).__module__]
    classes = [v for v in vars(module).values()
               if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == module.__name__]
    return Codec((*classes, *game.commands, *game.events), older_records(game))


def base_index(match: Match) -> int:
    """The last active group no undo can reach: the last with a chance or reveal event or, when
    undo stays within a turn (not the casual table), the last that ended its turn (the group
    above it, or the state now, is of another turn)."""
    top = match.top
    start = match.depth - len(top)
    for i in range(len(top) - 1, -1, -1):
        group = top[i]
        if group.barrier is not None:
            return start + i
        if not match.casual and group.kind == "command":
            after = top[i + 1].turn if i + 1 < len(top) else match.game.turn_id(match.state)
            if after != group.turn:
                return start + i
    return start if match.restored_at else 0


def body(match: Match, previous: str) -> dict[str, Any] | None:
    """The checkpoint of ``match`` now, or None when too many groups could still be undone."""
    base = base_index(match)
    undone = list(match.undone)
    if match.depth - 1 - base + len(undone) > MOST_GROUPS:
        return None
    groups = match.groups_from(base)
    return {"kind": "checkpoint", "n": match.version, "base": base,
            "state": encode(match.snapshot_before(base)),
            "groups": [group_body(g) for g in groups],
            "undone": [group_body(g) for g in undone], "prev": previous}


def restore(match_args: dict[str, Any], game: Game, codec: Codec, saved: dict[str, Any]) -> Match:
    """The match a checkpoint records; raises ValueError (or CodecError) when it is malformed."""
    version, base = saved.get("n"), saved.get("base")
    groups_raw, undone_raw = saved.get("groups"), saved.get("undone")
    if type(version) is not int or type(base) is not int or not 0 <= base < version:
        raise ValueError("bad checkpoint position")
    if not isinstance(groups_raw, list) or not isinstance(undone_raw, list) or not groups_raw \
            or len(groups_raw) - 1 + len(undone_raw) > MOST_GROUPS:
        raise ValueError("bad checkpoint groups")
    initial = game.initial_state(match_args["config"])
    state = state_codec(game, initial).decode(saved.get("state"))
    if type(state) is not type(initial):
        raise ValueError("the checkpoint's state is not a state of this game")
    groups = [decode_group(codec, g) for g in groups_raw if isinstance(g, dict)]
    undone = [decode_group(codec, g) for g in undone_raw if isinstance(g, dict)]
    if len(groups) != len(groups_raw) or len(undone) != len(undone_raw):
        raise ValueError("bad checkpoint groups")
    if any(g.kind not in ("setup", "command") for g in groups + undone):
        raise ValueError("a checkpoint holds only played groups")
    return Match.restore(game, match_args["config"], casual=match_args["casual"], version=version,
                         base=base, base_state=state, groups=groups, undone=undone)


def due(lines: int, events: int, size: int) -> bool:
    """Whether enough was written since the last checkpoint to write another."""
    return lines >= EVERY_LINES or events >= EVERY_EVENTS or size >= EVERY_BYTES
