"""The rules of events, pure (no clock, no sockets): points by finishing place, the standings' order, the arena's
pairing of whoever waits as tables free up, and the Swiss-by-tables draw of a round from the standings. House bots
take part as entrants; a table always has a person at it (a table of house bots alone would be played to nobody)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

MIN_SEATS, MAX_SEATS = 2, 4
"""An event's tables seat two to four."""


@dataclass(frozen=True, slots=True)
class Standing:
    """An entrant's line in an event's standings."""

    name: str
    points: int = 0
    games: int = 0
    wins: int = 0
    house: bool = False
    """A house bot entered by the wizard: it never waits, and never sits at a table without a person."""

    def scored(self, points: int, won: bool) -> Standing:
        return replace(self, points=self.points + points, games=self.games + 1, wins=self.wins + won)


def place_points(places: Sequence[int]) -> list[int]:
    """Each player's points for their finishing place at one table (1 first, ties share a place): one for every
    player finished below, and one more for first place. Two players: 2 and 0 (an arena's win); four: 4, 2, 1, 0."""
    return [sum(other > mine for other in places) + (mine == 1) for mine in places]


def ranked(standings: Iterable[Standing]) -> list[Standing]:
    """Best first: points, then wins, then fewer games, then the name."""
    return sorted(standings, key=lambda s: (-s.points, -s.wins, s.games, s.name.casefold()))


def arena_tables(waiting: Sequence[Standing], free_bots: Sequence[Standing], seats: int,
                 last_met: Mapping[str, frozenset[str]]) -> list[list[str]]:
    """Tables for the people waiting in an arena, by score: the best with the next best, ``seats`` to a table. A
    table that would seat someone with exactly the players of their last table takes the next table's first player
    instead, when there is one. The last table, if short, is filled with the free house bots nearest in score; a
    person alone with no bot free waits for the next table to free up."""
    people = [s.name for s in ranked(s for s in waiting if not s.house)]
    groups = [people[i:i + seats] for i in range(0, len(people), seats)]
    for i in range(len(groups) - 1):
        if _repeats(groups[i], last_met) and groups[i + 1]:
            groups[i][-1], groups[i + 1][0] = groups[i + 1][0], groups[i][-1]
    points = {s.name: s.points for s in waiting}
    bots = list(free_bots)
    tables = []
    for group in groups:
        if len(group) < seats and bots:
            mean = sum(points[name] for name in group) / len(group)
            bots.sort(key=lambda b: (abs(b.points - mean), b.name.casefold()))
            while len(group) < seats and bots:
                group.append(bots.pop(0).name)
        if len(group) >= MIN_SEATS:
            tables.append(group)
    return tables


def swiss_tables(standings: Sequence[Standing], seats: int,
                 met: Mapping[str, frozenset[str]]) -> list[list[str]]:
    """One Swiss round's tables, drawn from the standings: in order, as many tables as ``seats`` a table needs (sizes
    differing by one at most, never one player alone), no more tables than there are people. Players who met already
    are parted by a swap with the next table when that meets nobody new twice; then house bots are spread so that
    every table has a person."""
    order = [s.name for s in ranked(standings)]
    house = {s.name for s in standings if s.house}
    persons = len(order) - len(house)
    count = min(-(-len(order) // seats), persons, len(order) // MIN_SEATS)
    if count < 1:
        return []
    tables, start = [], 0
    for t in range(count):
        size = len(order) // count + (t < len(order) % count)
        tables.append(order[start:start + size])
        start += size
    for i in range(len(tables) - 1):
        _part(tables[i], tables[i + 1], met)
    for table in tables:
        if all(name in house for name in table):
            donor = next(other for other in tables if sum(name not in house for name in other) > 1)
            person = next(name for name in reversed(donor) if name not in house)
            bot = table[0]
            donor[donor.index(person)], table[0] = bot, person
    return tables


def _repeats(group: Sequence[str], last_met: Mapping[str, frozenset[str]]) -> bool:
    """Someone at ``group`` would sit with exactly the players of their last table."""
    return len(group) > 1 and any(last_met.get(name) == frozenset(group) - {name} for name in group)


def _clashes(table: Sequence[str], met: Mapping[str, frozenset[str]]) -> int:
    return sum(other in met.get(name, frozenset()) for i, name in enumerate(table) for other in table[i + 1:])


def _part(table: list[str], following: list[str], met: Mapping[str, frozenset[str]]) -> None:
    """Swap one player of ``table`` with one of ``following`` if that lowers how many pairs at them met before."""
    before = _clashes(table, met) + _clashes(following, met)
    if before == 0:
        return
    for i in reversed(range(len(table))):
        for j in range(len(following)):
            table[i], following[j] = following[j], table[i]
            if _clashes(table, met) + _clashes(following, met) < before:
                return
            table[i], following[j] = following[j], table[i]
