"""The referee: a second scorer of one throw, written from /work/shared/RULES.md alone and deliberately simple.

It imports nothing from the engine, so that the engine can be checked against it on every throw
(tests/test_referee.py samples, benchmarks/referee_full.py compares them all). Where RULES.md leaves a choice, the
referee takes the one docs/rulings.md records, marked "rulings.md" below.

A face is 2, 3, 4, 5, 6 or 10, or "S" for the Flaming Sun. A throw is the common cubes' faces and the sun cube's face
(None when the sun cube was not thrown). A way to score is a ``Way``; a throw has one or more (the player chooses).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

SUN = "S"
Face = int | str
NUMBERS = (5, 10)
FLASH_FACES = (2, 3, 4, 5, 6, 10)


@dataclass(frozen=True)
class Options:
    """The options of RULES.md that change how one throw scores."""

    sun_completes_freight_train: bool = False
    fourth_number_scores: bool = False
    sampler_points: int = 0
    """The Cosmic Sampler's points; 0 when the table does not play it."""
    full_house: bool = False


class Way(NamedTuple):
    outcome: str
    """score, freight_train, instant_win, supernova, wimpout, train_wreck or void."""
    points: int = 0
    kept: tuple[int, ...] = ()
    """The common cubes set aside, sorted."""
    kept_sun: Face | None = None
    """The sun cube's face if it is set aside."""
    flashes: tuple[int, ...] = ()
    sun_use: str | None = None
    """What the Flaming Sun face did: flash, 5, 10 or reroll (None when no Flaming Sun was free to choose)."""
    special: str | None = None
    """cosmic_sampler or full_house."""


VOID = Way("void")


class Cube(NamedTuple):
    sun_cube: bool
    face: Face


def ways(
    commons: tuple[int, ...],
    sun: Face | None,
    options: Options,
    clearing: frozenset[int] = frozenset(),
    at_once: bool = True,
) -> list[Way]:
    """Every legal way the throw scores while clearing flashes of ``clearing``. ``at_once`` is False when the throw was
    completed by rethrowing only the matching cubes (reroll_only_matching): then it is not "five cubes thrown at once".
    """
    cubes = [Cube(False, face) for face in commons] + ([Cube(True, sun)] if sun is not None else [])
    real = [cube.face for cube in cubes if cube.face != SUN]
    flaming_sun = len(real) < len(cubes)
    five_at_once = at_once and len(cubes) == 5

    # Reroll Clause: a clearing throw with any cube showing a face being cleared does not count (a sun never does).
    if any(face in clearing for face in real):
        return [VOID]
    # Freight Train: five of a face thrown at once (the sun completes one only with the option).
    if five_at_once and len(set(real)) == 1 and (not flaming_sun or options.sun_completes_freight_train):
        return [_freight_train(int(real[0]), commons, sun)]
    # Cosmic Sampler: 5 or 10 with one each of 2, 3, 4, 6; the sun may stand for the 3 or for the 5 or 10.
    if options.sampler_points and five_at_once and not clearing and _sampler(real, flaming_sun):
        return [Way("score", options.sampler_points, tuple(sorted(commons)), sun, special="cosmic_sampler")]

    found: list[Way] = []
    for start in _flash_readings(cubes, options):
        found += _numbers_and_sun(start, clearing, five_at_once)
    return found


class _Start(NamedTuple):
    """A flash read from the throw (or none), and the cubes left to be read as numbers or a free sun."""

    points: int
    kept: list[Cube]
    flashes: tuple[int, ...]
    sun_use: str | None
    special: str | None
    rest: list[Cube]


def _flash_readings(cubes: list[Cube], options: Options) -> list[_Start]:
    counts = Counter(cube.face for cube in cubes if cube.face != SUN)
    flaming_sun = any(cube.face == SUN for cube in cubes)
    kinds = [face for face, count in counts.items() if count >= 3]
    pairs = sorted(int(face) for face, count in counts.items() if count == 2)
    if kinds:
        # Three of a face are a flash; a fourth (or fifth, read with cubes that stayed) is non-scoring, unless the
        # option lets a fourth 5 or 10 score. rulings.md: the sun cube showing that face is the non-scoring one.
        face = int(kinds[0])
        same = sorted((cube for cube in cubes if cube.face == face), key=lambda cube: cube.sun_cube)
        scoring = 4 if len(same) == 4 and options.fourth_number_scores and face in NUMBERS else 3
        kept = same[:scoring]
        points = 10 * face + face * (scoring - 3)
        rest = [cube for cube in cubes if cube.face != face]
        return [_Start(points, kept, (face,), None, None, rest)]
    if flaming_sun and len(pairs) == 2 and options.full_house:
        # Full House: two pairs and a sun score both flashes.
        return [_Start(10 * (pairs[0] + pairs[1]), cubes, tuple(pairs), "flash", "full_house", [])]
    if flaming_sun and pairs:
        # The Flaming Sun Rule: the sun must complete a pair into a flash; with two pairs, the player chooses.
        return [
            _Start(
                10 * pair,
                [cube for cube in cubes if cube.face in (pair, SUN)],
                (pair,),
                "flash",
                None,
                [cube for cube in cubes if cube.face not in (pair, SUN)],
            )
            for pair in pairs
        ]
    return [_Start(0, [], (), None, None, cubes)]


def _numbers_and_sun(start: _Start, clearing: frozenset[int], five_at_once: bool) -> list[Way]:
    """Every 5 and 10 left scores; a free Flaming Sun may score 5 or 10 (never a face being cleared) or be thrown
    again, and must score when it is the only scorer."""
    points, kept = start.points, list(start.kept)
    for cube in start.rest:
        if cube.face in NUMBERS:
            points += int(cube.face)
            kept.append(cube)
    free_sun = [cube for cube in start.rest if cube.face == SUN]

    def way(points: int, kept: list[Cube], sun_use: str | None) -> Way:
        commons = tuple(sorted(int(cube.face) for cube in kept if not cube.sun_cube))
        sun = next((cube.face for cube in kept if cube.sun_cube), None)
        return Way("score", points, commons, sun, start.flashes, sun_use, start.special)

    if not free_sun:
        if kept:
            return [way(points, kept, start.sun_use)]
        return [Way("train_wreck" if five_at_once else "wimpout")]
    found = [way(points + value, kept + free_sun, str(value)) for value in NUMBERS if value not in clearing]
    if kept:
        found.append(way(points, kept, "reroll"))
    # RULES.md (Full House, interpretation 2): a lone sun whose only values are faces being cleared: throw again.
    return found or [VOID]


def _freight_train(face: int, commons: tuple[int, ...], sun: Face | None) -> Way:
    outcome = {6: "instant_win", 10: "supernova"}.get(face, "freight_train")
    points = 100 * face if outcome == "freight_train" else 0
    return Way(outcome, points, tuple(sorted(commons)), sun)


def _sampler(real: list[Face], flaming_sun: bool) -> bool:
    for stand_in in (3, 5, 10) if flaming_sun else (None,):
        faces = sorted(int(face) for face in [*real, stand_in] if face is not None)
        if faces in ([2, 3, 4, 5, 6], [2, 3, 4, 6, 10]):
            return True
    return False
