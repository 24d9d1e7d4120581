"""A deliberately minimal Cosmic Wimpout simulator: the yardstick the engine's speed is measured against.

Standard rules and official Last Licks only, no event log, no `why_not`; throws are base-6 codes of the cube indexes
and one precomputed table per kind of throw gives the scoring the benchmark's policy takes (the first the engine
offers). It draws from the same generator in the same order as ``engine.SeededDice``, so with the same seed it plays
the very same games as the engine; ``engine_bench.py`` checks that on every game.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

COMMON = (2, 3, 4, 5, 6, 10)
SUN_CUBE = (2, 1, 4, 5, 6, 10)
"""The sun cube's faces; 1 is the Flaming Sun."""
SUN = 1
GOAL = 500
OPENING = 35
WIMPOUT, VOID, INSTANT_WIN, SUPERNOVA, SCORE = range(5)


def first_scoring(commons: tuple[int, ...], sun: int | None, clearing: int) -> tuple[int, int, int, bool, int]:
    """The first way a throw scores, written from RULES.md: (kind, points, commons kept, sun kept, flash face or 0)."""
    if clearing and (clearing in commons or sun == clearing):
        return VOID, 0, 0, False, 0
    faces = (*commons, sun) if sun not in (None, SUN) else commons
    size = len(commons) + (sun is not None)
    if size == 5 and len(set(faces)) == 1 and len(faces) == 5:
        face = faces[0]
        kind = INSTANT_WIN if face == 6 else SUPERNOVA if face == 10 else SCORE
        return kind, 100 * face if kind == SCORE else 0, 4, True, 0
    points, kept, sun_kept, flash = 0, 0, False, 0
    rest = list(commons)
    triples = [face for face in set(faces) if faces.count(face) >= 3]
    pairs = sorted(face for face in set(commons) if commons.count(face) == 2)
    if triples:
        flash = triples[0]
        points = 10 * flash
        if sun == flash and faces.count(flash) == 3:
            sun_kept, sun = True, None
            in_commons = 2
        else:
            in_commons = 3
            if faces.count(flash) == 4 and sun == flash:
                sun = None  # the fourth face is on the sun cube: non-scoring, thrown again
        for _ in range(in_commons):
            rest.remove(flash)
        kept = in_commons
        if faces.count(flash) == 4 and flash in rest:
            rest.remove(flash)  # a common cube is the non-scoring fourth
    elif sun == SUN and pairs:
        flash = pairs[0]
        points = 10 * flash
        rest.remove(flash)
        rest.remove(flash)
        kept, sun_kept, sun = 2, True, None
    numbers = [face for face in rest if face in (5, 10)]
    points += sum(numbers)
    kept += len(numbers)
    if sun in (5, 10):
        points += sun
        sun_kept = True
    if sun == SUN:
        value = 5 if clearing == 10 else 10
        return SCORE, points + value, kept, True, flash
    if not kept and not sun_kept:
        return WIMPOUT, 0, 0, False, 0
    return SCORE, points, kept, sun_kept, flash


@cache
def table(commons: int, sun: bool, clearing: int) -> tuple[tuple[int, int, int, bool, int], ...]:
    """Every throw of ``commons`` common cubes (and the sun cube), indexed by the base-6 code of its cube faces."""
    cubes = [COMMON] * commons + [SUN_CUBE] * sun
    return tuple(
        first_scoring(faces[:commons], faces[commons] if sun else None, clearing) for faces in product(*cubes)
    )


def play(seed_random: random.Random, players: int = 2) -> tuple[int | None, int]:
    """One game with the benchmark's policy: the winner's seat (None if no one wins) and the number of throws."""
    r = seed_random.random
    contenders = list(range(players))
    while len(contenders) > 1:
        faces = [COMMON[int(r() * 6)] for _ in contenders]
        best = max(faces)
        contenders = [seat for seat, face in zip(contenders, faces) if face == best]
    up = contenders[0]
    scores = [0] * players
    opened = [False] * players
    out = [False] * players
    leader = -1
    challengers: list[int] = []
    throws = 0
    while True:
        points, commons, sun, clearing, stop = 0, 4, True, 0, False
        while True:
            lookup = table(commons, sun, clearing)
            code = 0
            for _ in range(commons + sun):
                code = code * 6 + int(r() * 6)
            throws += 1
            kind, gained, kept, sun_kept, flash = lookup[code]
            if kind == VOID:
                continue  # the Reroll Clause: the same cubes again
            if kind == WIMPOUT:
                break
            if kind == INSTANT_WIN:
                return up, throws
            if kind == SUPERNOVA:
                out[up] = True
                break
            points += gained
            clearing = flash
            commons -= kept
            sun = sun and not sun_kept
            if commons == 0 and not sun:
                commons, sun = 4, True
                continue
            if clearing or (points < OPENING and not opened[up]):
                continue
            if points >= 150 or commons + sun <= 2:
                stop = True
                break
        if stop:
            scores[up] += points
            opened[up] = True
        if leader >= 0:  # official Last Licks
            if not out[up]:
                if scores[up] > scores[leader]:
                    leader = up
                    challengers = [(up + step) % players for step in range(1, players)]
                    challengers = [seat for seat in challengers if not out[seat]]
                else:
                    out[up] = True
            challengers = [seat for seat in challengers if seat != up and not out[seat]]
            if not challengers:
                return leader, throws
            up = challengers[0]
            continue
        if not out[up] and scores[up] >= GOAL:
            leader = up
            challengers = [(up + step) % players for step in range(1, players)]
            challengers = [seat for seat in challengers if not out[seat]]
            if not challengers:
                return leader, throws
            up = challengers[0]
            continue
        following = [(up + step) % players for step in range(1, players + 1)]
        following = [seat for seat in following if not out[seat]]
        if not following:
            return None, throws
        up = following[0]
