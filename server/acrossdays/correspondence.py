"""Correspondence tables (issue 38): a game played over days, a move whenever one has a minute. Such a table keeps a
``Post`` beside it: the days a move, the deadline of the move it waits on (on the server's clock,
``server.acrossdays.timesource``), frozen while the player it waits on is on vacation, and the deadlines each player missed in a
row. What a table does with it is the hosting's (``server.tables.hosting``, ``server.tables.tableclock``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.numbers import typed_number
from rooms.messages import Refusal
from rooms.tables import Status, Table
from server.words import posttexts, texts

DAY = 86400.0
PACES = ("live", "correspondence")
"""'table open pace=...': live (the turn timer, the default) or correspondence (days a move)."""
MAX_DAYS = 14
LAPSED_AFTER = 2
"""Deadlines missed in a row after which the others may vote a player out ('remove'), which counts as a loss."""


@dataclass(slots=True)
class Post:
    """A correspondence table's clock, kept with the table (``games.correspondence``): it goes through reloads and
    restarts with it."""

    days: int
    waiting: str | None = None
    """Whose move the deadline is for (None: no deadline runs, as before the start)."""
    deadline: float | None = None
    """When that move is due, on the server's clock (None while frozen, or none runs)."""
    frozen: float | None = None
    """Seconds left on the deadline while the player it runs for is on vacation."""
    missed: dict[str, list[int]] = field(default_factory=dict)
    """By player: deadlines missed in a row, and their own moves counted when they last missed one (a move of
    theirs since ends the row)."""
    last: float | None = None
    """When the last move of the game was made (server's clock)."""

    @property
    def seconds(self) -> float:
        return self.days * DAY

    def record(self) -> dict[str, Any]:
        """As stored (JSON)."""
        return {"days": self.days, "waiting": self.waiting, "deadline": self.deadline, "frozen": self.frozen,
                "missed": self.missed, "last": self.last}

    @classmethod
    def of(cls, record: dict[str, Any]) -> Post:
        return cls(int(record["days"]), record.get("waiting"), record.get("deadline"), record.get("frozen"),
                   {name: list(row) for name, row in (record.get("missed") or {}).items()}, record.get("last"))

    def left(self, now: float) -> float | None:
        """Seconds until the deadline (frozen: what is left of it), None when none runs."""
        if self.frozen is not None:
            return self.frozen
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def reckon(self, table: Table, now: float, away: Callable[[str], bool], moved: bool) -> None:
        """The deadline after a move (``moved``: the game went on; else only who sits or is here changed) or at a
        start: a full one for whoever the table now waits on, frozen if they are on vacation (``away``)."""
        if moved:
            self.last = now
        waiting = next((name for name in table.play.waiting_on() if name not in table.bots), None)
        if table.play.timer() != "turn" or table.status is not Status.PLAYING:
            waiting = None
        if waiting is None:
            self.waiting = self.deadline = self.frozen = None
            return
        if waiting == self.waiting and not moved:
            return
        self.waiting = waiting
        if away(waiting):
            self.deadline, self.frozen = None, self.seconds
        else:
            self.deadline, self.frozen = now + self.seconds, None

    def freeze(self, name: str, now: float) -> bool:
        """``name`` goes on vacation: the deadline running for them stops where it is. True if it did."""
        if self.waiting != name or self.deadline is None:
            return False
        self.deadline, self.frozen = None, max(0.0, self.deadline - now)
        return True

    def thaw(self, name: str, now: float) -> bool:
        """``name`` is back from vacation: their frozen deadline runs again from what was left of it."""
        if self.waiting != name or self.frozen is None:
            return False
        self.deadline, self.frozen = now + self.frozen, None
        return True

    def miss(self, name: str, own_moves: int) -> int:
        """``name`` missed the deadline (the table moves for them): how many in a row now."""
        count, moves = self.missed.get(name, [0, -1])
        count = count + 1 if moves == own_moves else 1
        self.missed[name] = [count, own_moves]
        return count

    def lapsed(self, table: Table) -> set[str]:
        """Who missed ``LAPSED_AFTER`` deadlines in a row and has not moved since: the others may vote them out."""
        return {name for name, (count, moves) in self.missed.items()
                if count >= LAPSED_AFTER and table.conduct.moves[name] == moves}


def post_option(words: Sequence[str], default_days: int) -> tuple[Post | None, list[str]]:
    """'table open pace=correspondence days=N': the table's ``Post`` (None: a live table) and the other options."""
    rest = [word for word in words if not word.lower().startswith(("pace=", "days="))]
    paces = [word.partition("=")[2].lower() for word in words if word.lower().startswith("pace=")]
    days = [word.partition("=")[2] for word in words if word.lower().startswith("days=")]
    if any(pace not in PACES for pace in paces):
        raise Refusal(posttexts.PACE_USAGE)
    correspondence = bool(paces) and paces[-1] == "correspondence"
    if days and not correspondence:
        raise Refusal(posttexts.DAYS_LIVE)
    if not correspondence:
        return None, rest
    count = typed_number(days[-1]) if days else default_days
    if count is None or not 1 <= count <= MAX_DAYS:
        raise Refusal(posttexts.DAYS_USAGE.format(most=MAX_DAYS))
    return Post(count), rest


def days(count: float) -> str:
    """``3 days``, ``1 day``, ``1.5 days``: a span counted in days, as players read it."""
    shown = f"{round(count, 1):g}"
    return f"{shown} day{'' if shown == '1' else 's'}"


def span(seconds: float, whole: bool = False) -> str:
    """A deadline's time left or a move's age: in days from a day on, else as ``texts.duration`` says it (``whole``:
    in whole hours, minutes or seconds, for the column of ``games`` at 80 columns: "12 seconds", not "12.1 seconds")."""
    if seconds >= DAY:
        return days(seconds / DAY)
    unit = next((size for size in (3600, 60) if seconds >= size), 1)
    return texts.duration(round(seconds / unit) * unit if whole else seconds)
