"""What a move at a table tells: the table's status, how it ended, the seating events beside the game's own, the
asides for one player, and the news of one move as a whole (``TableNews``). Apart from ``rooms.tables`` so that the
game adapters' seam (``rooms.gameplay``), which the tables use, can name them without importing the tables back."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple


class Status(str, Enum):
    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


class TableEnding(str, Enum):
    """How a table closes: its game finished, its game left by every person in it, or emptied before the start."""

    OVER = "over"
    ABANDONED = "abandoned"
    CLOSED = "closed"


# -- what happens at a table besides the game's own events -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sat:
    player: str


@dataclass(frozen=True, slots=True)
class Stood:
    player: str


@dataclass(frozen=True, slots=True)
class Watching:
    player: str
    watching: bool


@dataclass(frozen=True, slots=True)
class Absent:
    """A seated player lost their connection (``absent``) or came back."""

    player: str
    absent: bool


@dataclass(frozen=True, slots=True)
class RemovalVote:
    voter: str
    target: str
    needed: tuple[str, ...]
    """Who still has to agree."""


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The turn timer ran out and the table moved for the player."""

    player: str
    command: str


SEATING_EVENTS = (Sat, Stood, Watching, Absent, RemovalVote, TimedOut)


class Aside(NamedTuple):
    """Words for one player right after one of a move's events (the tutorial's notes): they read it where it
    belongs, before what comes next and before what they may do."""

    after: int
    """The index of the event in ``TableNews.events``."""
    to: str
    text: str


@dataclass(frozen=True, slots=True)
class TableNews:
    """One move at a table: what happened, in order, and the table as it now stands (``game``: its game type)."""

    table: int
    game: str
    events: tuple[Any, ...]
    view: Any
    asides: tuple[Aside, ...] = ()
