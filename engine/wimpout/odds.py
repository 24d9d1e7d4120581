"""Exact odds of a throw's outcomes, by enumerating every way the cubes can land (no sampling)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from engine.wimpout.cubes import COMMON_CUBES, COMMON_FACES, SUN_CUBE_FACES, Face, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, score_throw

FLASH = "flash"
"""Not an outcome of its own: a scoring throw that makes a flash (counted besides its outcome)."""


def throw_odds(
    commons: int, sun: bool, rules: RuleSet, clearing: frozenset[Face] = frozenset()
) -> dict[str, Fraction]:
    """Probability of each outcome of throwing ``commons`` common cubes (and the sun cube when ``sun``).

    The key ``flash`` is the probability that the throw makes a flash (when the player has a choice, any option).
    """
    if not 0 <= commons <= COMMON_CUBES or commons + sun == 0:
        raise ValueError(f"a throw is 1 to 5 cubes with at most {COMMON_CUBES} common cubes")
    sun_faces: tuple[Face | None, ...] = SUN_CUBE_FACES if sun else (None,)
    counts = {outcome.value: 0 for outcome in Outcome} | {FLASH: 0}
    total = 0
    for faces in product(COMMON_FACES, repeat=commons):
        for sun_face in sun_faces:
            options = score_throw(Throw(faces, sun_face), rules, clearing)
            counts[options[0].outcome.value] += 1
            counts[FLASH] += any(option.flash is not None for option in options)
            total += 1
    return {name: Fraction(count, total) for name, count in counts.items()}


def odds_table(rules: RuleSet) -> list[dict[str, object]]:
    """Every throw size, with and without the sun cube, fresh and while clearing each flash face."""
    rows: list[dict[str, object]] = []
    clearings: list[frozenset[Face]] = [frozenset()] + [frozenset((face,)) for face in COMMON_FACES]
    for cubes in range(1, COMMON_CUBES + 2):
        for sun in (False, True):
            commons = cubes - sun
            if not 0 <= commons <= COMMON_CUBES:
                continue
            for clearing in clearings:
                odds = throw_odds(commons, sun, rules, clearing)
                rows.append(
                    {
                        "cubes": cubes,
                        "sun": sun,
                        "clearing": [int(face) for face in sorted(clearing)],
                        "odds": {name: p for name, p in odds.items() if p},
                    }
                )
    return rows
