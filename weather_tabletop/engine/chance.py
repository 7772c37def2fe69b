"""Seeded chance for ``decide`` (DESIGN.md: chance outcomes are events).

The generator is the project's own SplitMix64, so a seed gives the same outcomes on every Python
version and platform for as long as saves exist. A game derives a fresh generator from its seed
and a counter kept in its state (bumped by each chance event), draws the outcome in ``decide`` and
records it in an event; ``apply`` and replays never draw.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """A small deterministic generator (SplitMix64)."""

    def __init__(self, seed: int, stream: int = 0) -> None:
        self._x = (seed * 0x9E3779B97F4A7C15 + stream * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & _MASK
        for _ in range(2):
            self.next64()

    def next64(self) -> int:
        self._x = (self._x + 0x9E3779B97F4A7C15) & _MASK
        z = self._x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def die(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A new tuple with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def rng(seed: int, counter: int) -> Rng:
    """The generator for the ``counter``-th chance step of a game with ``seed``."""
    return Rng(seed, counter)
