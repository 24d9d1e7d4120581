"""A deliberately minimal Cosmic Wimpout simulator: the yardstick the engine's speed is measured against.

Standard rules and official Last Licks only, with the benchmark's policy (take the first scoring offered; stop once
allowed with 150 points or two cubes left); no event log, no ``why_not``, no choices. A throw is the base-6 number of
its cubes' face indexes, and the turn is a walk through a transition table made once: for each state of a turn (the
live cubes and the flash being cleared), what each throw of those cubes scores under the policy and the state it leads
to. It draws from the same generator in the same order as ``engine.SeededDice``, so with the same seed it plays the
very same games as the engine; ``engine_bench.py`` checks that on every game.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product
from math import floor

COMMON = (2, 3, 4, 5, 6, 10)
SUN_CUBE = (2, 1, 4, 5, 6, 10)
"""The sun cube's faces; 1 is the Flaming Sun."""
SUN = 1
GOAL = 500
OPENING = 35
TURN_TARGET = 150
WIMPOUT, VOID, INSTANT_WIN, SUPERNOVA, SCORE = range(5)
WIMPED_OUT, WENT_SUPERNOVA, WON = -1, -2, -3
"""Where a throw can end the turn instead of leading to another state of it."""


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


Transition = tuple[int, int, int]
"""What one throw does: (points, the next state or where the turn ends, live cubes the player may stop with: 0 while
a flash is to be cleared or after all five cubes scored)."""


@cache
def transitions() -> tuple[tuple[range, tuple[Transition, ...]], ...]:
    """Each state of a turn (state 0 is its start: five cubes, no flash) with the cubes it throws and, by the code of
    each throw of them, its transition."""
    index = {(4, True, 0): 0}
    pending = [(4, True, 0)]
    table: dict[int, tuple[range, tuple[Transition, ...]]] = {}
    while pending:
        commons, sun, clearing = key = pending.pop()
        row = []
        for faces in product(*[COMMON] * commons, *[SUN_CUBE] * sun):
            kind, points, kept, sun_kept, flash = first_scoring(faces[:commons], faces[commons] if sun else None, clearing)
            if kind != SCORE:
                end = {VOID: index[key], WIMPOUT: WIMPED_OUT, SUPERNOVA: WENT_SUPERNOVA, INSTANT_WIN: WON}[kind]
                row.append((0, end, 0))
                continue
            left = (commons - kept, sun and not sun_kept, flash)
            all_scored = left[0] == 0 and not left[1]
            if all_scored:
                left = (4, True, flash)  # all five scored: all five are thrown again
            if left not in index:
                index[left] = len(index)
                pending.append(left)
            live = 0 if flash or all_scored else left[0] + left[1]
            row.append((points, index[left], live))
        table[index[key]] = (range(commons + sun), tuple(row))
    return tuple(table[state] for state in range(len(table)))


def play(seed_random: random.Random, players: int = 2) -> tuple[int | None, int]:
    """One game with the benchmark's policy: the winner's seat (None if no one wins) and the number of throws."""
    r = seed_random.random
    states = transitions()
    contenders = list(range(players))
    while len(contenders) > 1:
        faces = [COMMON[floor(r() * 6.0)] for _ in contenders]
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
        points, state, banked = 0, 0, False
        needed = 0 if opened[up] else OPENING
        while True:
            cubes, row = states[state]
            code = 0
            for _ in cubes:
                code = code * 6 + floor(r() * 6.0)
            throws += 1
            gained, state, live = row[code]
            if state < 0:
                break
            points += gained
            if live and points >= needed and (points >= TURN_TARGET or live <= 2):
                banked = True
                break
        if state == WON:
            return up, throws
        if state == WENT_SUPERNOVA:
            out[up] = True
        if banked:
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
