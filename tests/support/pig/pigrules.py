"""Pig's rules, pure: the events, their records, the scripted die and the match as the fold of its events."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from rooms.messages import Refusal

GOAL = 20

@dataclass(frozen=True, slots=True)
class Began:
    players: tuple[str, ...]
    goal: int


@dataclass(frozen=True, slots=True)
class Rolled:
    player: str
    face: int


@dataclass(frozen=True, slots=True)
class Held:
    player: str
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class Left:
    player: str
    why: str


@dataclass(frozen=True, slots=True)
class Won:
    player: str | None


PigEvent = Began | Rolled | Held | Left | Won
EVENTS = {cls.__name__: cls for cls in (Began, Rolled, Held, Left, Won)}


def event_record(event: Any) -> dict[str, Any]:
    return {"type": type(event).__name__, **{k: list(v) if isinstance(v, tuple) else v for k, v in asdict(event).items()}}


def event_from_record(data: dict[str, Any]) -> PigEvent:
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
    return EVENTS[data["type"]](**fields)


class ScriptedDie:
    """The die's faces, in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)

    def roll(self) -> int:
        return self.faces.pop(0)


@dataclass(slots=True)
class Match:
    """A game of Pig: the fold of its events."""

    events: list[PigEvent] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    out: set[str] = field(default_factory=set)
    goal: int = GOAL
    up: str | None = None
    turn: int = 0
    over: bool = False
    winner: str | None = None

    @classmethod
    def replay(cls, events: Iterable[PigEvent]) -> Match:
        match = cls()
        match.fold(list(events))
        return match

    @property
    def is_over(self) -> bool:
        return self.over

    def waiting_on(self) -> tuple[str, ...]:
        return () if self.over or self.up is None else (self.up,)

    def legal_actions(self, name: str) -> tuple[str, ...]:
        return ("roll", "hold") if name == self.up and not self.over else ()

    def why_not(self, name: str, move: str) -> str | None:
        if move not in ("roll", "hold"):
            return "In Pig you 'roll' or 'hold'."
        if name != self.up:
            return f"It is not your turn; it is {self.up}'s."
        return None

    def apply(self, name: str, move: str, die: ScriptedDie) -> list[PigEvent]:
        refusal = self.why_not(name, move)
        if refusal is not None:
            raise Refusal(refusal)
        if move == "hold":
            made: list[PigEvent] = [Held(name, self.turn, self.scores[name] + self.turn)]
        else:
            made = [Rolled(name, die.roll())]
        return self.fold(made)

    def withdraw(self, name: str, why: str) -> list[PigEvent]:
        return self.fold([Left(name, why)])

    def fold(self, made: list[PigEvent]) -> list[PigEvent]:
        """Apply ``made`` and what follows from them (a win); returns every event added."""
        added: list[PigEvent] = []
        for event in made:
            added.append(event)
            self._fold(event)
            finished = self._finished()
            if finished is not None:
                added.append(finished)
                self._fold(finished)
        self.events += added
        return added

    def _finished(self) -> Won | None:
        if self.over:
            return None
        leader = next((p for p in self.players if self.scores[p] >= self.goal), None)
        left = [p for p in self.players if p not in self.out]
        if leader is not None:
            return Won(leader)
        if len(left) < 2 and self.players:
            return Won(left[0] if left else None)
        return None

    def _fold(self, event: PigEvent) -> None:
        if isinstance(event, Began):
            self.players, self.goal = list(event.players), event.goal
            self.scores = {p: 0 for p in self.players}
            self.up = self.players[0]
        elif isinstance(event, Rolled):
            self.turn = 0 if event.face == 1 else self.turn + event.face
            if event.face == 1:
                self._next()
        elif isinstance(event, Held):
            self.scores[event.player] = event.score
            self._next()
        elif isinstance(event, Left):
            self.out.add(event.player)
            if self.up == event.player:
                self._next()
        elif isinstance(event, Won):
            self.over, self.winner, self.up = True, event.player, None

    def _next(self) -> None:
        self.turn = 0
        left = [p for p in self.players if p not in self.out]
        if self.up is None or not left:
            return
        after = self.players[self.players.index(self.up) + 1 :] + self.players
        self.up = next(p for p in after if p not in self.out)
