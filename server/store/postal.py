"""What the store keeps for play across days (issue 38) besides the tables themselves: whom each player follows as a
friend, the challenges waiting for an answer, and each player's vacation; and the rating pools. Plain records (their
SQL is in ``postalsql``, both backends run it as written)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

LIVE, CORRESPONDENCE = "live", "correspondence"
POOLS = (LIVE, CORRESPONDENCE)
"""Ratings are kept apart per pace, each game type's: the pool of live tables (every rating from before), and the
pool of correspondence tables."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """One player's offer of a game to another, waiting for 'accept' or 'decline' until ``expires``."""

    id: int
    by: str
    whom: str
    options: str
    """The table's options as the challenger typed them (``game=poker pace=live``...)."""
    at: float
    expires: float


@dataclass(frozen=True, slots=True)
class Vacation:
    """A player's vacation: on since ``since`` until ``until`` (both None when not on one), and the days of it used
    in the calendar year ``year``."""

    name: str
    since: float | None
    until: float | None
    year: int
    used: float


COPIED = (
    ("friends", "skeleton, friend", "skeleton, friend"),
    ("challenges", "id, by, whom, options, at, expires", "id"),
    ("vacations", "skeleton, since, until, year, used", "skeleton"),
)
"""The tables as ``cosmic-wimpout store copy`` carries them (``sharedsql.TABLES``)."""

class PostalStore(Protocol):
    """Friends, challenges and vacations (server.acrossdays.correspondence)."""

    async def friends(self, skeleton: str) -> list[str]:
        """The names an account follows, in order."""
        ...

    async def followers(self, name: str) -> set[str]:
        """The accounts (by skeleton) that follow ``name`` as a friend."""
        ...

    async def set_friend(self, skeleton: str, name: str, friend: bool) -> None: ...

    async def challenges(self, name: str, now: float) -> list[Challenge]:
        """The challenges made by or to ``name`` that have not expired by ``now``, oldest first."""
        ...

    async def challenge(self, number: int) -> Challenge | None: ...

    async def make_challenge(self, by: str, whom: str, options: str, at: float, expires: float) -> int:
        """Keep a new challenge; its number."""
        ...

    async def take_challenge(self, number: int) -> Challenge | None:
        """A challenge answered: gone, and what it was (None if it was gone already)."""
        ...

    async def prune_challenges(self, now: float) -> int:
        """Forget the challenges expired by ``now``; how many."""
        ...

    async def vacation(self, skeleton: str) -> Vacation | None: ...

    async def vacations(self, now: float) -> list[Vacation]:
        """Everyone on vacation at ``now``."""
        ...

    async def set_vacation(self, skeleton: str, since: float | None, until: float | None, year: int,
                           used: float) -> None: ...
