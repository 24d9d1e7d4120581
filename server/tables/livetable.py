"""A table being played, with what the server keeps beside it: its game id, its randomness, its clocks, its lock."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from rooms.messages import Message
from rooms.tables import SEATING_EVENTS, Aside, Table, TableNews
from server.games.gametypes import GAME_TYPES, GameType

if TYPE_CHECKING:
    from server.acrossdays.correspondence import Post
    from server.acrossdays.timesource import Alarm
    from rooms.tables import TableEnding
    from server.store import Finish, StoredTable


class Row(NamedTuple):
    """A table's row as last saved: what a table held because the store failed goes back to, with its saved events."""

    rules: dict[str, Any]
    seats: list[str]
    bots: dict[str, list[str]]
    status: str
    conduct: dict[str, Any]
    """How each person took part (``rooms.tables.Conduct`` as saved)."""

    @classmethod
    def of(cls, stored: StoredTable) -> Row:
        return cls(stored.rules, stored.seats, stored.bots, stored.status, stored.conduct)


@dataclass(slots=True)
class Live:
    """A table being played, with what the server keeps beside it."""

    table: Table
    game_id: int
    dice: Any
    """Its game's randomness source (Cosmic Wimpout's dice)."""
    pace: float
    """Seconds a house bot waits before each throw or choice, so people can follow it ('table pace')."""
    row: Row
    """Its seats, house bots, rules and status as last saved."""
    stored: int = 0
    """How many of the game's events are saved."""
    held: bool = False
    """Its last save failed: it stands as last saved, nothing is played there and no clock runs until the store works
    again (server.tables.tablehold)."""
    learner: str | None = None
    """Whose tutorial it is, if it is one."""
    moves: int = 0
    """Counts moves, so a timer that fired just before one does not move again."""
    played: int = 0
    """Counts the moves of its game (not who sat, stood, went or came back): what the away summary tells."""
    timer: asyncio.TimerHandle | None = None
    abandon: asyncio.TimerHandle | None = None
    """Runs while every person seated is away: when it fires the table is closed."""
    teacher: Callable[[TableNews], tuple[Aside, ...]] | None = None
    """The tutorial's notes on each move (server.wimpout.lesson), shown with it after the events they explain."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """One move at a time: each is saved and shown before the next is made."""
    rated: bool = True
    """Its game will be rated (not a tutorial, not opened with ``rated=off``, the dice not scripted)."""
    checked: dict[str, Any] | None = None
    """Its game's dice record (server.tables.tabledice), its server seed secret until the end; None before the start, or for
    a game started before checkable dice."""
    shared_dice: dict[str, Any] | None = None
    """The dice record its game starts on in place of a fresh one: a duplicate event's group's, shared with the
    group's other tables (server.duplicate), sealed until the round is over."""
    predicted: bool = False
    """The players' predicted chances were shown (once, when the game starts)."""
    moved_at: float | None = None
    """When the last move was made (None: not since the server started)."""
    bots: asyncio.Task[None] | None = None
    """The house bots' moves while the table waits on them: a task of its own, so that the person whose move handed
    them the turn may talk, look or type ahead meanwhile (awaited in their command, a bot's paced turn held up all
    of that person's commands for seconds, and the prompt came before what they had typed ahead)."""

    finish: Finish | None = None
    """How its game ended, once it is over and saved (who placed where: an event's points)."""
    unrated: str | None = None
    """Why its game, ended, is not rated after all (too short, or past a daily cap: server.competition.fairplay), told with its
    end."""
    post: Post | None = None
    """A correspondence table's clock (days a move, its deadline); None: a live table (server.acrossdays.correspondence)."""
    alarm: Alarm | None = None
    """A correspondence table's deadline, set on the server's clock."""
    then: Callable[[Live, TableEnding], Awaitable[None]] | None = None
    """What its closing sets going: an event's or the ladder's next pairing (tables the server seats)."""

    @property
    def kind(self) -> GameType:
        """The table's game type."""
        return GAME_TYPES[self.table.game]

    def count(self, news: TableNews) -> None:
        """A move published: counted, and as one of the game's unless it only seated, stood or marked people."""
        self.moves += 1
        if not all(isinstance(event, SEATING_EVENTS) for event in news.events):
            self.played += 1

    def timer_left(self) -> float | None:
        """Seconds until the turn timer runs out, if it is running (the status prompt's countdown)."""
        if self.timer is None:
            return None
        return max(0.0, self.timer.when() - asyncio.get_running_loop().time())

    def timer_message(self) -> Message | None:
        """The turn timer's seconds left as data (kind ``timer``), for the clients that show no status prompt and
        count down themselves (the web page); None while it is not running."""
        left = self.timer_left()
        if left is None:
            return None
        return Message("", "timer", {"table": str(self.table.number), "seconds": str(int(left))})
