"""Bounded caches: the least recently used entry goes first once a cache is past its bound.

Issue 27: the app's memory grew from 297 to 625 MB in 25 minutes of play. The caches of
rendered text and art were emptied only when they held 2000 entries, and a text surface of a
log line at 1920x1080 is 40-100 KB, so a cache could hold 200 MB of pixels before it was
emptied (and then everything a frame needs was rendered again at once). These caches keep
what recent frames used, up to a number of entries and, for surfaces, a number of pixel bytes;
a frame's needs (a few hundred texts, a board's pieces) fit well inside either bound.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, Iterator, TypeVar

import pygame

V = TypeVar("V")

#: pixel bytes a surface cache keeps by default (the texts and pieces of a few screens)
SURFACE_BYTES = 48 * 1024 * 1024


def surface_bytes(surf: pygame.Surface) -> int:
    """The bytes of ``surf``'s pixels (a subsurface counts as its own size: an upper bound)."""
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class LRU(Generic[V]):
    """A mapping of at most ``limit`` entries, and at most ``max_bytes`` by ``weigh`` (when
    given), forgetting the least recently read or written entry first. It reads like a dict
    (``get``, ``[]``, ``in``, ``pop``, ``len``, iteration over keys) so a module-level
    ``dict`` cache can be swapped for one without changing its callers."""

    def __init__(self, limit: int, max_bytes: int | None = None,
                 weigh: Callable[[V], int] | None = None) -> None:
        self.limit = max(1, limit)
        self.max_bytes = max_bytes
        self._weigh = weigh
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[Hashable]:
        return iter(list(self._items))

    def get(self, key: Hashable, default: V | None = None) -> V | None:
        try:
            value = self._items[key]
        except KeyError:
            return default
        self._items.move_to_end(key)
        return value

    def __getitem__(self, key: Hashable) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: Hashable, value: V) -> None:
        if key in self._items:
            self._forget(key)
        self._items[key] = value
        size = self._weigh(value) if self._weigh is not None else 0
        self._sizes[key] = size
        self.bytes += size
        while len(self._items) > self.limit or (
                self.max_bytes is not None and self.bytes > self.max_bytes and len(self._items) > 1):
            self._forget(next(iter(self._items)))

    def __delitem__(self, key: Hashable) -> None:
        if key not in self._items:
            raise KeyError(key)
        self._forget(key)

    def pop(self, key: Hashable, default: V | None = None) -> V | None:
        if key not in self._items:
            return default
        value = self._items[key]
        self._forget(key)
        return value

    def clear(self) -> None:
        self._items.clear()
        self._sizes.clear()
        self.bytes = 0

    def _forget(self, key: Hashable) -> None:
        del self._items[key]
        self.bytes -= self._sizes.pop(key, 0)


def surfaces(limit: int = 2000, max_bytes: int = SURFACE_BYTES) -> "LRU[pygame.Surface]":
    """An LRU of surfaces bounded by count and by pixel bytes."""
    return LRU(limit, max_bytes, surface_bytes)
