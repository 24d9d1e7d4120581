"""Dice are an input to the engine: a seeded source for play, a loaded (scripted) one for tests and demos."""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import floor
from typing import Protocol

from engine.gametype import RandomnessExhausted
from engine.wimpout.cubes import COMMON_FACES, Face, Throw, format_throw, parse_throw
from engine.wimpout.throws import every_throw


class DiceSource(Protocol):
    def throw(self, commons: int, sun: bool) -> Throw:
        """Throw ``commons`` common cubes, and the sun cube when ``sun``."""
        ...

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        """Throw one common cube for each of ``cubes`` players (who goes first)."""
        ...


class SeededDice:
    """Fair cubes from a private, seeded generator (no global random state)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed).random
        self._throws = every_throw()

    def throw(self, commons: int, sun: bool) -> Throw:
        """One draw per cube, common cubes first; the throw is the one built for its code (engine.throws). A face's
        index is ``floor(r() * 6.0)``, the same number as ``int(r() * 6)`` (r() is never negative), computed by the
        interpreter's fast cases: float times float, and a one-argument builtin function (``int`` is a class call).
        The draws are written out for each number of cubes, the first cube the highest digit: a loop over the cubes
        cost a sixth of the throw."""
        r = self._random
        cubes = commons + sun
        if cubes == 5:
            code = (((floor(r() * 6.0) * 6 + floor(r() * 6.0)) * 6 + floor(r() * 6.0)) * 6 + floor(r() * 6.0)) * 6 \
                + floor(r() * 6.0)
        elif cubes == 4:
            code = ((floor(r() * 6.0) * 6 + floor(r() * 6.0)) * 6 + floor(r() * 6.0)) * 6 + floor(r() * 6.0)
        elif cubes == 3:
            code = (floor(r() * 6.0) * 6 + floor(r() * 6.0)) * 6 + floor(r() * 6.0)
        elif cubes == 2:
            code = floor(r() * 6.0) * 6 + floor(r() * 6.0)
        else:
            code = floor(r() * 6.0) if cubes else 0
        return self._throws[commons][sun][code]

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        r = self._random
        return tuple([COMMON_FACES[floor(r() * 6.0)] for _ in range(cubes)])


class DiceExhausted(RandomnessExhausted):
    """A loaded source has no throw left, or its next throw is not the cubes the game asked for."""


class LoadedDice:
    """Throws taken in order from a script such as ``["6 2", "4 4 4 4 s5", "10"]`` (the roll-off is a line too)."""

    def __init__(self, script: Iterable[str | Throw]) -> None:
        self._throws = [item if isinstance(item, Throw) else parse_throw(item) for item in script]
        self._next = 0

    @property
    def remaining(self) -> int:
        return len(self._throws) - self._next

    def _take(self, commons: int, sun: bool, what: str) -> Throw:
        if self._next >= len(self._throws):
            raise DiceExhausted(f"the loaded dice have no throw left for {what}")
        throw = self._throws[self._next]
        if len(throw.commons) != commons or (throw.sun is not None) != sun:
            raise DiceExhausted(f"loaded throw '{format_throw(throw)}' is not {what}")
        self._next += 1
        return throw

    def throw(self, commons: int, sun: bool) -> Throw:
        return self._take(commons, sun, f"{commons} common cube(s){' and the sun cube' if sun else ''}")

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        return self._take(cubes, False, f"a roll-off of {cubes} common cube(s)").commons
