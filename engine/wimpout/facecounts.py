"""How often each face came up, against what fair cubes give: the answer to "are my dice cold?" for anyone curious.
Each cube is counted once a throw it was thrown (cubes left on the table from a void throw are not thrown again), the
roll-off's too (``keyeddice.draws``, which reads them off the stored events). A fair cube shows each of its six faces
1/6 of the time; Pearson's chi-square over the six faces (5 degrees of freedom) says how surprising the counts are."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.keyedstream import Draw
from engine.wimpout.keyeddice import COMMON_LABELS, SUN_LABELS

FACES = 6
CUBES = {"common": COMMON_LABELS, "sun": SUN_LABELS}
"""Each kind of cube and its faces' names, in the order a draw's value indexes them."""


@dataclass(slots=True)
class FaceCounts:
    """Faces thrown, by kind of cube (``common``, ``sun``): six counts each."""

    counts: dict[str, list[int]] = field(default_factory=lambda: {kind: [0] * FACES for kind in CUBES})

    def add(self, draws: Iterable[Draw], seat: int | None = None) -> None:
        """Count the cubes among ``draws`` (those of ``seat`` alone, if given)."""
        for draw in draws:
            if draw.cube in self.counts and (seat is None or draw.seat == seat):
                self.counts[draw.cube][draw.value] += 1

    def thrown(self, kind: str) -> int:
        return sum(self.counts[kind])


def chi_square(counts: Sequence[int]) -> float:
    """Pearson's statistic of ``counts`` against equal chances for each face."""
    total = sum(counts)
    if total == 0:
        return 0.0
    expected = total / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def p_value(statistic: float, faces: int = FACES) -> float:
    """The chance that fair cubes give a statistic at least this large: the chi-square survival function with
    ``faces - 1`` degrees of freedom, odd (5 for a cube), in closed form (erfc and a short series)."""
    degrees = faces - 1
    if degrees % 2 != 1:
        raise ValueError("closed form for an odd number of degrees of freedom")
    x = statistic
    if x <= 0:
        return 1.0
    term, series = 1.0, 0.0
    for j in range(1, (degrees - 1) // 2 + 1):
        series += term
        term *= x / (2 * j + 1)
    return min(1.0, math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * series)
