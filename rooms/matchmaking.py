"""The bot ladder's matchmaker, pure: the bots waiting are seated with those nearest their rating, two to four a
table, never at the same table as one they just played when another way exists, nor with a bot of their own owner's
(or from their address: one person's bots could trade wins); a bot left alone plays the house bot (a fixed anchor of
the scale) nearest its rating."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Contender:
    """A bot on the ladder, by its shown rating."""

    name: str
    rating: int
    kin: frozenset[str] = frozenset()
    """What two bots sharing may not share a table for (their owner, their address)."""


def ladder_tables(waiting: Sequence[Contender], anchors: Sequence[Contender], seats: int, gap: int,
                  recent: Collection[frozenset[str]]) -> list[list[str]]:
    """Tables for the waiting bots, best rated first: each table takes the next bots while they are within ``gap``
    of its first, up to ``seats``, and none of kin with one already there (a bot of kin starts the next). A table of exactly the bots of a recent one is split up; a bot left alone gets
    the free anchor nearest its rating that it did not just play (any free anchor, if it played them all)."""
    ordered = sorted(waiting, key=lambda c: (-c.rating, c.name.casefold()))
    groups: list[list[Contender]] = []
    for bot in ordered:
        group = groups[-1] if groups else None
        if (group is not None and len(group) < seats and group[0].rating - bot.rating <= gap
                and not any(bot.kin & other.kin for other in group)):
            group.append(bot)
        else:
            groups.append([bot])
    free = list(anchors)
    tables: list[list[str]] = []
    for group in groups:
        names = [c.name for c in group]
        if len(names) > 1 and frozenset(names) not in recent:
            tables.append(names)
        else:
            tables.extend(_with_anchor(c, free, recent) for c in group)
    return [table for table in tables if len(table) > 1]


def _with_anchor(bot: Contender, free: list[Contender], recent: Collection[frozenset[str]]) -> list[str]:
    """The bot with the nearest free anchor it did not just play (taken from ``free``: an anchor sits at one table at
    a time); alone if none is free."""
    near = sorted(free, key=lambda a: (abs(a.rating - bot.rating), a.name.casefold()))
    fresh = [a for a in near if frozenset((bot.name, a.name)) not in recent] or near
    if not fresh:
        return [bot.name]
    free.remove(fresh[0])
    return [bot.name, fresh[0].name]
