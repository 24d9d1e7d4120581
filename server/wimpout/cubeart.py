"""The cubes on screen: the Guide's ASCII faces side by side, a compact line, or words for a screen reader."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.wimpout import Face, Throw
from server.render.colour import GREEN, RESET

Marker = Callable[[int, str], str]
"""Dresses the text of the cube at an index (in the order shown: common cubes, then the sun cube), e.g. in colour."""


def unmarked(index: int, text: str) -> str:
    return text

FACE_ART: dict[Face, tuple[str, str, str]] = {
    Face.TWO: ("| @     |", "|       |", "|     @ |"),
    Face.THREE: ("|   ^   |", "|       |", "| ^   ^ |"),
    Face.FOUR: ("| \\   / |", "|       |", "| /   \\ |"),
    Face.FIVE: ("| .---- |", "| `---. |", "| ----' |"),
    Face.SIX: ("| *   * |", "| *   * |", "| *   * |"),
    Face.TEN: ("| . .-. |", "| | | | |", "| ' `-' |"),
    Face.SUN: ("| /.+.\\ |", "| +|*|+ |", "| \\`+'/ |"),
}
TOP, BOTTOM = ".-------.", "`-------'"
CUBE_WIDTH = len(TOP) + 1
FACE_WORDS: dict[Face, str] = {
    Face.TWO: "2", Face.THREE: "3", Face.FOUR: "4", Face.FIVE: "5", Face.SIX: "6", Face.TEN: "10",
    Face.SUN: "the Flaming Sun",
}


def _faces(throw: Throw) -> list[tuple[Face, bool]]:
    """Each cube's face, and whether it is the sun cube (it comes last)."""
    return [(face, False) for face in throw.commons] + ([(throw.sun, True)] if throw.sun is not None else [])


def compact(throw: Throw, mark: Marker = unmarked) -> str:
    """``[4] [4] [4] [4] [sun]``; the sun cube showing a number is ``[s5]``."""
    return " ".join(
        mark(i, "[sun]" if face is Face.SUN else f"[{'s' if sun_cube else ''}{int(face)}]")
        for i, (face, sun_cube) in enumerate(_faces(throw))
    )


def art(throw: Throw, width: int = 80, mark: Marker = unmarked) -> list[str]:
    """The Guide's cube faces, side by side, as many to a row as ``width`` allows; the sun cube is labelled."""
    cubes = _faces(throw)
    per_row = max(1, min(len(cubes), (width + 1) // CUBE_WIDTH))  # (no space after the last)
    lines: list[str] = []
    for start in range(0, len(cubes), per_row):
        row = cubes[start : start + per_row]
        lines.append(" ".join(mark(start + i, TOP) for i in range(len(row))))
        for part in range(3):
            lines.append(" ".join(mark(start + i, FACE_ART[face][part]) for i, (face, _) in enumerate(row)))
        lines.append(" ".join(mark(start + i, BOTTOM) for i in range(len(row))))
        if any(sun_cube and face is not Face.SUN for face, sun_cube in row):
            labels = (("sun cube" if sun_cube else "").center(len(TOP)) for _, sun_cube in row)
            lines.append(" ".join(labels).rstrip())
    return lines


def spoken(throw: Throw) -> str:
    """Plain words: ``4, 4, 4, 4, and the sun cube showing 5``."""
    words = [FACE_WORDS[face] for face in throw.commons]
    if throw.sun is Face.SUN:
        words.append("the Flaming Sun")
    elif throw.sun is not None:
        words.append(f"the sun cube showing {FACE_WORDS[throw.sun]}")
    if len(words) <= 2:
        return " and ".join(words)  # "4 and 4": a comma before the "and" of a pair reads as a pause
    return ", ".join(words[:-1]) + ", and " + words[-1]


def scoring_cubes(thrown: Throw, kept: Throw) -> Marker:
    """Marks in green the thrown cubes that scored (``kept``), the others as they are."""
    wanted = Counter(kept.commons)
    scored = []
    for face in thrown.commons:
        scored.append(wanted[face] > 0)
        wanted[face] -= 1
    if thrown.sun is not None:
        scored.append(kept.sun is not None)
    return lambda index, text: f"{GREEN}{text}{RESET}" if scored[index] else text
