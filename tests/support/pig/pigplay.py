"""Pig at a table: the adapter (``rooms.gameplay.TablePlay``) the generic table hands every game question to, and
the view it shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rooms.messages import Refusal
from rooms.tables import Status, Table, TableNews

from support.pig.pigrules import Began, Match


@dataclass(frozen=True, slots=True)
class PigSeat:
    name: str
    score: int
    absent: bool
    in_game: bool = True
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PigView:
    table: int
    room: str
    status: Status
    goal: int
    seats: tuple[PigSeat, ...]
    watchers: tuple[str, ...]
    up: str | None
    turn: int
    waiting_on: tuple[str, ...]
    legal: dict[str, tuple[str, ...]]
    winner: str | None


class PigPlay:
    """Pig at one table (no house bots, no rules to vote on)."""

    bot_kinds: tuple[str, ...] = ()
    seats = 8

    def __init__(self, table: Table, goal: int) -> None:
        self.table, self.goal = table, goal
        self.match: Match | None = None

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def is_over(self) -> bool:
        return self.match is not None and self.match.over

    @property
    def abandoned(self) -> bool:
        return self.match is not None and self.match.winner is None

    @property
    def events(self) -> Sequence[Any]:
        return self.match.events if self.match is not None else ()

    def options_record(self) -> dict[str, Any]:
        return {"goal": self.goal}

    def _match(self) -> Match:
        assert self.match is not None
        return self.match

    def start(self, dice: Any) -> TableNews:
        self.match = Match()
        return self.table.news(*self.match.fold([Began(tuple(self.table.seats), self.goal)]))

    def move(self, name: str, line: str, dice: Any) -> TableNews:
        return self.table.news(*self._match().apply(name, line.strip().lower(), dice))

    def set_options(self, name: str, words: Sequence[str]) -> TableNews:
        raise Refusal("Pig's goal is set when its table opens.")

    def in_game(self, name: str) -> bool:
        return self.match is not None and name in self.match.players and name not in self.match.out

    def players_in(self) -> list[str]:
        return [p for p in self.match.players if p not in self.match.out] if self.match else []

    def withdraw(self, name: str | None, target: str, why: str, dice: Any, *before: Any) -> TableNews:
        return self.table.news(*before, *self._match().withdraw(target, why))

    def forfeits(self, name: str) -> int | None:
        return self._match().scores[name] if self.in_game(name) else None

    def waiting_on(self) -> tuple[str, ...]:
        return self.match.waiting_on() if self.match else ()

    def seats_changed(self) -> list[Any]:
        return []

    def house_bot(self, words: Sequence[str]) -> Any:
        raise Refusal("Pig has no house bots.")

    def bot_to_move(self) -> tuple[str, bool] | None:
        return None

    def bot_move(self, dice: Any) -> TableNews | None:
        return None

    def timed_out(self, dice: Any) -> TableNews | None:
        up = self.match.up if self.match else None
        return None if up is None else self.table.news(*self._match().apply(up, "hold", dice))

    def timer(self) -> str | None:
        return "turn" if self.match is not None and not self.match.over else None

    def view(self) -> PigView:
        table, match = self.table, self.match
        scores = match.scores if match else {}
        seats = tuple(PigSeat(name, scores.get(name, 0), name in table.absent) for name in table.seats)
        return PigView(
            table.number, table.room, table.status, self.goal, seats, tuple(table.watchers),
            match.up if match else None, match.turn if match else 0, self.waiting_on(),
            {name: match.legal_actions(name) for name in match.players} if match else {}, match.winner if match else None,
        )
