"""What a hand is worth in the game: the strong bot weighs its decisions by the chance of winning the game, not by Lucre.

A game is a race to ``bases_to_win`` foreign bases, one to the winner of each hand. ``race`` is each player's chance of
winning that race from the bases they hold if every hand were a fair draw among them (a plain model, but it says what
matters: a base is worth more near the end, and another player's base costs you more when they are near the mark).
Lucre only buys the right to play on; the bot counts it at ``LUCRE_SHARE`` of the first hand's swing a Lucre."""

from __future__ import annotations

from functools import lru_cache

LUCRE_SHARE = 1 / 150
"""A Lucre is worth this share of what winning the first hand of a game is worth (tuned in benchmarks/poker_bots.py)."""


@lru_cache(maxsize=4096)
def race(bases: tuple[int, ...], goal: int) -> tuple[float, ...]:
    """Each player's chance of winning a race to ``goal`` from ``bases`` when every hand goes to one of them at
    random (an even chance each)."""
    if any(held >= goal for held in bases):
        return tuple(1.0 if held >= goal else 0.0 for held in bases)
    players = len(bases)
    total = [0.0] * players
    for winner in range(players):
        after = race(_sorted_gain(bases, winner), goal)
        order = _gain_order(bases, winner)
        for player in range(players):
            total[player] += after[order[player]] / players
    return tuple(total)


def _sorted_gain(bases: tuple[int, ...], winner: int) -> tuple[int, ...]:
    return tuple(sorted(held + (i == winner) for i, held in enumerate(bases)))


def _gain_order(bases: tuple[int, ...], winner: int) -> list[int]:
    """Where each player lands in ``_sorted_gain(bases, winner)`` (ties keep their order)."""
    gained = [held + (i == winner) for i, held in enumerate(bases)]
    ranked = sorted(range(len(bases)), key=lambda i: (gained[i], i))
    place = [0] * len(bases)
    for position, i in enumerate(ranked):
        place[i] = position
    return place


def chances(bases: tuple[int, ...], goal: int) -> tuple[float, ...]:
    """``race`` for players in any order (the cache holds sorted bases)."""
    ordered = sorted(range(len(bases)), key=lambda i: (bases[i], i))
    result = race(tuple(bases[i] for i in ordered), goal)
    found = [0.0] * len(bases)
    for position, i in enumerate(ordered):
        found[i] = result[position]
    return tuple(found)


class Stakes:
    """The worth, to ``me`` (an index), of each way a hand can end: I win it, player j wins it, nobody does; and of
    one Lucre."""

    def __init__(self, bases: tuple[int, ...], goal: int, me: int, lucre_share: float = LUCRE_SHARE) -> None:
        players = len(bases)
        self.none = chances(bases, goal)[me]
        self.won = [chances(tuple(held + (i == j) for i, held in enumerate(bases)), goal)[me] for j in range(players)]
        start = (0,) * players
        first = chances(tuple(int(i == 0) for i in range(players)), goal)
        swing = first[0] - first[1] if players > 1 else 1.0
        self.lucre = lucre_share * swing
        self.start = chances(start, goal)[0]

    def mine(self, j: int) -> float:
        return self.won[j]
