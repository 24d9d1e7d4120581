"""Chance is an input: every die roll, coin cast and shuffle of a run comes from its one seed, through a fixed,
documented algorithm, so a run replays from its seed and its commands on any platform and any Python.

Each room and purpose (``setup``, ``lay``, ``play``) draws from its own stream, so a choice in one room never shifts
another room's draws. A stream is Python's Mersenne Twister (``random.Random``, whose algorithm and integer seeding are
fixed by the language) seeded with the first 8 bytes of SHA-256 of ``"funhouse:<seed>:<room>:<purpose>"``, read
big-endian. Each draw takes exactly one ``random()`` call: a die face is ``floor(r * 6)`` (0 null .. 5), a cast coin
lands value-up when ``r < 0.5``, and a shuffle is Fisher-Yates from the last place down, each place taking
``floor(r * (i + 1))``. The streams' positions are counted, so a run restored from its events draws on where it was.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from math import floor
from typing import Protocol, TypeVar

T = TypeVar("T")


class Draws(Protocol):
    """What a room may draw: each call is one draw of the stream."""

    def roll(self) -> int:
        """A die: 0 (null) to 5, each 1/6."""
        ...

    def cast(self) -> bool:
        """A coin: True when it lands value-up (1/2)."""
        ...

    def below(self, n: int) -> int:
        """A uniform integer from 0 to n - 1 (one place of a shuffle)."""
        ...


class Recorded(Draws, Protocol):
    """Draws that write down what they drew (the move's event carries it)."""

    record: list[int]


class Chance(Protocol):
    """A run's randomness: a stream of draws for each room and purpose, from a position on (``SeededChance`` from a
    seed; ``keyedchance.KeyedChance`` from a committed server seed and the player's)."""

    def draws(self, room: str, purpose: str, position: int = 0) -> Recorded: ...


def shuffled(items: Sequence[T], draws: Draws) -> list[T]:
    """A uniform shuffle: Fisher-Yates, one draw per place."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = draws.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


class Stream:
    """One seeded stream of draws, counting how many it has given."""

    def __init__(self, seed: int, room: str, purpose: str, position: int = 0) -> None:
        digest = hashlib.sha256(f"funhouse:{seed}:{room}:{purpose}".encode()).digest()
        self._random: Callable[[], float] = random.Random(int.from_bytes(digest[:8], "big")).random
        self.position = 0
        while self.position < position:
            self.next()

    def next(self) -> float:
        self.position += 1
        return self._random()


class RecordingDraws:
    """Draws from a stream, each written down as a small integer so an event can carry them and replay them."""

    def __init__(self, stream: Stream) -> None:
        self._stream = stream
        self.record: list[int] = []

    def _keep(self, drawn: int) -> int:
        self.record.append(drawn)
        return drawn

    def roll(self) -> int:
        return self._keep(floor(self._stream.next() * 6.0))

    def cast(self) -> bool:
        return bool(self._keep(int(self._stream.next() < 0.5)))

    def below(self, n: int) -> int:
        return self._keep(floor(self._stream.next() * n))


class DrawsExhausted(RuntimeError):
    """Loaded draws ran out: the events replayed do not belong together."""


class LoadedDraws:
    """Draws taken in order from a list (an event's record, or a test's script): die faces 0-5, casts 1/0."""

    def __init__(self, script: Sequence[int]) -> None:
        self._script = list(script)
        self._next = 0
        self.record = self._script

    def _take(self) -> int:
        if self._next >= len(self._script):
            raise DrawsExhausted("no draw left in the script")
        self._next += 1
        return self._script[self._next - 1]

    def roll(self) -> int:
        return self._take()

    def cast(self) -> bool:
        return bool(self._take())

    def below(self, n: int) -> int:
        return self._take()


class SeededChance:
    """A run's randomness: its seed, and the streams made from it (kept, so each draws on from where it was)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[tuple[str, str], Stream] = {}

    def draws(self, room: str, purpose: str, position: int = 0) -> RecordingDraws:
        """Draws from ``room``'s ``purpose`` stream, starting at ``position`` (the draws it has given so far)."""
        stream = self._streams.get((room, purpose))
        if stream is None or stream.position != position:
            stream = self._streams[(room, purpose)] = Stream(self.seed, room, purpose, position)
        return RecordingDraws(stream)
