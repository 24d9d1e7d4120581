"""Matchpoints, as duplicate bridge scores a board: each result is compared with every other result in the same seat
of the same dice (docs/fairness.md, duplicate events), 2 for each one it beats, 1 for each it ties, 0 for each it
loses to; the top is 2 for each other result. A Cosmic Wimpout result is the game won or not, then the score: a win
beats any loss, and between two wins or two losses the higher score is better. A game abandoned has no result and is
compared with nobody. Pure arithmetic, for any game whose result orders that way."""

from __future__ import annotations

from collections.abc import Sequence

BEAT, TIE = 2, 1
"""Matchpoints for each result beaten and each tied (the European way: whole numbers, top 2 per comparison)."""


def matchpoints(results: Sequence[tuple[bool, int] | None]) -> list[int | None]:
    """Each result's matchpoints against the others in ``results`` (one seat's results across a group's tables, each
    ``(won, score)``, None for a game abandoned: it gets None)."""
    return [None if mine is None else sum(BEAT if mine > other else TIE if mine == other else 0
                                          for j, other in enumerate(results) if other is not None and j != i)
            for i, mine in enumerate(results)]


def top(results: Sequence[tuple[bool, int] | None]) -> int:
    """The most matchpoints one of ``results`` can have: 2 for each other result compared."""
    return BEAT * max(0, sum(result is not None for result in results) - 1)


def percentage(points: int, most: int) -> float:
    """Matchpoints as a share of the top, in percent (50 when there was nobody to compare with, as an average)."""
    return 50.0 if most == 0 else 100.0 * points / most
