"""Commands and events to JSON values and back, for the save file and the log.

Only data crosses this boundary: a dataclass becomes ``{"t": ClassName, field: value, ...}`` with
values restricted to None, bool, int, str, lists (decoded as tuples) and nested objects of the
same kind. Decoding accepts only the classes a game declares, checks field names exactly, checks
the type of every field declared ``int``, ``bool`` or ``str`` (JSON ``true`` is not a seat) and
bounds depth; nothing is ever executed.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable, Mapping

MAX_DEPTH = 16


class CodecError(ValueError):
    """A value that is not a well-formed command or event of this game."""


def encode(obj: Any, depth: int = 0) -> Any:
    """A JSON-ready value for a dataclass, tuple, list or scalar."""
    if depth > MAX_DEPTH:
        raise CodecError("value nested too deeply")
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, (tuple, list)):
        return [encode(v, depth + 1) for v in obj]
    if isinstance(obj, frozenset):
        return [encode(v, depth + 1) for v in sorted(obj)]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"t": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name), depth + 1)
        return out
    raise CodecError(f"cannot encode {type(obj).__name__}")


class Codec:
    """Decodes the commands and events of one game from JSON values."""

    def __init__(self, classes: Iterable[type],
                 older: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] | None = None
                 ) -> None:
        """``older``: for a kind whose fields changed, a function from a record written by an
        earlier version to the record of today (a game's ``OLDER_RECORDS``), so its saves still
        read and verify."""
        self._older = dict(older or {})
        self._classes = {cls.__name__: cls for cls in classes}
        self._fields = {
            name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in self._classes.items()
        }
        self._types = {name: tuple(_scalar_type(f.type) for f in dataclasses.fields(cls))
                       for name, cls in self._classes.items()}

    def decode(self, value: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise CodecError("value nested too deeply")
        kind = type(value)
        if kind in _SCALARS:
            return value
        if kind is list:  # scalars inline: most values are, and a call each is the cost
            return tuple([v if type(v) in _SCALARS else self.decode(v, depth + 1) for v in value])
        if kind is dict:
            name = value.get("t")
            names = self._fields.get(name) if isinstance(name, str) else None
            if names is None:
                raise CodecError(f"unknown kind {name!r}")
            if name in self._older and len(value) != len(names) + 1:
                try:
                    value = self._older[name](value)
                except (KeyError, TypeError, ValueError) as exc:
                    raise CodecError(f"bad {name}: {exc}") from None
                if not isinstance(value, dict):
                    raise CodecError(f"bad {name}")
            if len(value) != len(names) + 1 or not all(k in value for k in names):
                given = sorted(set(value) - {"t"})
                raise CodecError(f"{name} has fields {sorted(names)}, got {given}")
            args = [value[k] for k in names]
            for k, v, want in zip(names, args, self._types[name]):
                if want is not None and type(v) not in want:
                    raise CodecError(f"{name}.{k} must be {_TYPE_WORDS[want]}, not {v!r:.40}")
            try:
                return self._classes[name](*[v if type(v) in _SCALARS else self.decode(v, depth + 1)
                                             for v in args])
            except TypeError as exc:  # a dataclass __post_init__ may refuse the values
                raise CodecError(f"bad {name}: {exc}") from None
        raise CodecError(f"unexpected value of type {kind.__name__}")


_SCALARS = frozenset({type(None), bool, int, str})
_TYPES = {"int": (int,), "bool": (bool,), "str": (str,), "int | None": (int, type(None)),
          "str | None": (str, type(None)), "bool | None": (bool, type(None))}
_TYPE_WORDS = {(int,): "a whole number", (bool,): "true or false", (str,): "a text",
               (int, type(None)): "a whole number or null", (str, type(None)): "a text or null",
               (bool, type(None)): "true, false or null"}


def _scalar_type(annotation: Any) -> tuple[type, ...] | None:
    """The exact JSON types a field declared with ``annotation`` accepts (None: not checked)."""
    if isinstance(annotation, type):
        annotation = annotation.__name__
    return _TYPES.get(str(annotation).strip())


def older_records(game: Any) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
    """A game's upgrades of records written by earlier versions (``OLDER_RECORDS`` on the
    game: kind -> function from the old record to today's), none when it has none."""
    older = getattr(game, "OLDER_RECORDS", None)
    return dict(older) if isinstance(older, dict) else {}
