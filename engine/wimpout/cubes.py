"""The five cubes: four common cubes and the sun cube, and a throw of some of them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from engine.numbers import typed_number


class Face(IntEnum):
    """A face of a cube. The Flaming Sun replaces the 3 on the sun cube."""

    SUN = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    TEN = 10

    @property
    def label(self) -> str:
        return "sun" if self is Face.SUN else str(int(self))


COMMON_FACES: tuple[Face, ...] = (Face.TWO, Face.THREE, Face.FOUR, Face.FIVE, Face.SIX, Face.TEN)
SUN_CUBE_FACES: tuple[Face, ...] = (Face.TWO, Face.SUN, Face.FOUR, Face.FIVE, Face.SIX, Face.TEN)
COMMON_CUBES = 4
ALL_CUBES = COMMON_CUBES + 1


@dataclass(frozen=True, slots=True)
class Throw:
    """The faces of the cubes thrown together: common cubes, and the sun cube if it was thrown."""

    commons: tuple[Face, ...]
    sun: Face | None = None

    @property
    def faces(self) -> tuple[Face, ...]:
        return self.commons if self.sun is None else (*self.commons, self.sun)

    def __len__(self) -> int:
        return len(self.commons) + (self.sun is not None)

    def __str__(self) -> str:
        return format_throw(self)


class ThrowSyntaxError(ValueError):
    """A throw written by a person or a script could not be read."""


def parse_throw(words: str | list[str] | tuple[str, ...]) -> Throw:
    """Read a throw such as ``4 4 4 4 s5``: common cubes as numbers, the sun cube marked ``s`` (``S`` is the sun face)."""
    if isinstance(words, str):
        words = words.replace(",", " ").split()
    commons: list[Face] = []
    sun: Face | None = None
    for word in words:
        if word in ("S", "sun", "SUN", "Sun"):
            face, on_sun_cube = Face.SUN, True
        elif word[:1] in ("s", "S") and typed_number(word[1:]) is not None:
            face, on_sun_cube = _face(word[1:], SUN_CUBE_FACES, word), True
        elif typed_number(word) is not None:
            face, on_sun_cube = _face(word, COMMON_FACES, word), False
        else:
            raise ThrowSyntaxError(f"'{word}' is not a cube face (use 2 3 4 5 6 10, and s2 s4 s5 s6 s10 or S for the sun cube)")
        if on_sun_cube:
            if sun is not None:
                raise ThrowSyntaxError("there is only one sun cube in a throw")
            sun = face
        else:
            commons.append(face)
    if len(commons) > COMMON_CUBES:
        raise ThrowSyntaxError(f"there are only {COMMON_CUBES} common cubes")
    if not commons and sun is None:
        raise ThrowSyntaxError("a throw needs at least one cube")
    return Throw(tuple(commons), sun)


def _face(digits: str, allowed: tuple[Face, ...], word: str) -> Face:
    value = int(digits)
    for face in allowed:
        if face == value:
            return face
    names = " ".join(face.label for face in allowed if face is not Face.SUN)
    raise ThrowSyntaxError(f"'{word}': that cube has no {value} (its numbers are {names})")


def format_throw(throw: Throw) -> str:
    """The inverse of parse_throw."""
    words = [str(int(face)) for face in throw.commons]
    if throw.sun is not None:
        words.append("S" if throw.sun is Face.SUN else f"s{int(throw.sun)}")
    return " ".join(words)
