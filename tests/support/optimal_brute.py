"""An independent, plain-Python solution of the two-player game for small goals, to check the solver against.

It shares only ``score_throw`` and the model's caps with the solver: every throw is enumerated here, every state is a
dictionary entry, and every cycle (the wimpout hand-over, Last Licks answered, a lone player's wimpout) is closed by
plain value iteration, not by the solver's linear algebra.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import product

from engine.wimpout.cubes import COMMON_FACES, SUN_CUBE_FACES, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, score_throw

Value = tuple[float, float]
"""(the player's chance of winning, the other player's)."""
CLEARS = (None, *COMMON_FACES)
KINDS = [(c, s, f) for c in range(5) for s in (0, 1) if c + s for f in CLEARS]
SETTLE = 1e-12


@cache
def outcomes(rules: RuleSet, commons: int, sun: int, clearing: object) -> tuple[tuple[float, object], ...]:
    """(chance, what happens) for one kind of throw, void throws thrown again (left out, the rest renormalised)."""
    seen: Counter[object] = Counter()
    for faces in product(COMMON_FACES, repeat=commons):
        for sun_face in SUN_CUBE_FACES if sun else (None,):
            options = score_throw(Throw(faces, sun_face), rules, frozenset() if clearing is None else frozenset((clearing,)))
            first = options[0].outcome
            if first is Outcome.VOID:
                continue
            if first in (Outcome.WIMPOUT, Outcome.TRAIN_WRECK, Outcome.INSTANT_WIN, Outcome.SUPERNOVA):
                seen[first.value] += 1
                continue
            moves = []
            for option in options:
                left_c, left_s = commons - len(option.kept.commons), sun - (option.kept.sun is not None)
                must = left_c + left_s == 0
                if must:
                    left_c, left_s = 4, 1
                moves.append((option.points // 5, left_c, left_s, option.flash, must))
            seen[tuple(sorted(set(moves)))] += 1
    total = sum(seen.values())
    return tuple((n / total, what) for what, n in seen.items())


def turn(rules: RuleSet, top: int, bank: Callable[[int], Value], may_stop: Callable[[int], bool],
         wimpout: Value, supernova: Value) -> Value:
    """The value of a turn about to begin; from turn total ``top`` on, ``bank`` no longer changes."""
    rows: dict[int, dict[tuple[object, ...], Value]] = {}

    def at(t: int) -> dict[tuple[object, ...], Value]:
        return rows[min(t, top)]

    def throw(t: int, kind: tuple[object, ...], read: Callable[[int], dict]) -> Value:
        win = other = 0.0
        for chance, what in outcomes(rules, *kind):
            if what == "wimpout" or what == "train_wreck":
                value = wimpout
            elif what == "supernova":
                value = supernova
            elif what == "instant_win":
                value = (1.0, 0.0)
            else:
                value = max((state(t + p, c, s, f, must, read) for p, c, s, f, must in what), key=lambda v: v[0])
            win += chance * value[0]
            other += chance * value[1]
        return win, other

    def state(t: int, c: int, s: int, f: object, must: bool, read: Callable[[int], dict]) -> Value:
        throwing = read(t)[(c, s, f)]
        if f is not None or must or not may_stop(t):
            return throwing
        stop = bank(t)
        return stop if stop[0] >= throwing[0] else throwing

    rows[top] = {kind: bank(top) for kind in KINDS}
    while True:
        new = {kind: throw(top, kind, at) for kind in KINDS}
        change = max(abs(new[k][0] - rows[top][k][0]) + abs(new[k][1] - rows[top][k][1]) for k in KINDS)
        rows[top] = new
        if change < SETTLE:
            break
    for t in range(top - 1, -1, -1):
        rows[t] = {}
        for kind in KINDS:
            rows[t][kind] = throw(t, kind, at)
    return rows[0][(4, 1, None)]


def first_player_wins(rules: RuleSet, deficit_cap: int, lead_cap: int) -> float:
    reach = rules.goal // 5 + rules.goal_must_be_passed
    opening = -(-rules.opening_minimum // 5)
    rechase = rules.last_licks not in ("single", "D")

    chaser = [0.0] * (deficit_cap + 1)
    while True:
        def lick(d: int, old: list[float] = list(chaser)) -> float:
            def bank(t: int) -> Value:
                if t <= d:
                    return 0.0, 1.0
                back = old[min(t - d, deficit_cap)] if rechase else 0.0
                return 1.0 - back, back
            return turn(rules, d + deficit_cap, bank, lambda t: t >= 1, (0.0, 1.0), (0.0, 1.0))[0]
        new = [lick(d) for d in range(deficit_cap + 1)]
        change = max(abs(a - b) for a, b in zip(new, chaser))
        chaser = new
        if change < SETTLE or not rechase:
            break

    alone = [1.0] * reach
    for score in range(reach - 1, -1, -1):
        if rules.last_player_wins:
            break
        def solo_bank(t: int, score: int = score) -> Value:
            return (alone[score + t] if score + t < reach else 1.0), 0.0
        guess = 1.0
        while True:
            value = turn(rules, reach - score, solo_bank, lambda t, score=score: t >= 1 and (score > 0 or t >= opening),
                         (guess, 0.0), (0.0, 0.0))[0]
            if abs(value - guess) < SETTLE:
                break
            guess = value
        alone[score] = value

    win = [[0.0] * reach for _ in range(reach)]
    lose = [[0.0] * reach for _ in range(reach)]
    for total in range(2 * reach - 2, -1, -1):
        pairs = [(i, total - i) for i in range(reach) if 0 <= total - i < reach]
        while True:
            change = 0.0
            for i, j in pairs:
                def pair_bank(t: int, i: int = i, j: int = j) -> Value:
                    if i + t < reach:
                        return lose[j][i + t], win[j][i + t]
                    d = min(i + t - j, lead_cap)
                    return 1.0 - chaser[d], chaser[d]
                top = max(reach - i, lead_cap + j - i)
                a, b = turn(rules, top, pair_bank, lambda t, i=i: t >= 1 and (i > 0 or t >= opening),
                            (lose[j][i], win[j][i]), (0.0, alone[j]))
                change = max(change, abs(a - win[i][j]), abs(b - lose[i][j]))
                win[i][j], lose[i][j] = a, b
            if change < SETTLE:
                break
    return win[0][0]
