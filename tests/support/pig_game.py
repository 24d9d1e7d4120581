"""Pig, a minimal second game, built on the game seam from the test tree alone: players take turns; 'roll' a die
(a 1 ends the turn with nothing, 2-6 add to the turn total), 'hold' banks the turn total; the first to the goal (20)
wins. Its three layers, as a real game would have them in engine/pig/, rooms/pig/ and server/pig/:

- rules (pure): events, the match as their fold, legal moves and why not;
- the table adapter (rooms.gameplay.TablePlay) for the generic table;
- the game type (server.games.gametypes.GameType): tables, storage, words, wire state and the turn verbs.

The die is a script, so every game is the same."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from rooms.messages import Refusal
from rooms.tables import SEATING_EVENTS, Sat, Status, Stood, Table, TableNews
from server.games.gametypes import Move, Verb
from server.games.gametypes import Topic
from server.render.style import Style
from server.store import Finish, Result, Stats, StoredTable, Tally, Total
from server.wire.wiremodel import WireModel

GOAL = 20

# -- rules ------------------------------------------------------------------------------------------------------------


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


# -- the table adapter ------------------------------------------------------------------------------------------------


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


# -- the game type ----------------------------------------------------------------------------------------------------


class PigSeatState(WireModel):
    name: str
    score: int
    absent: bool


class PigState(WireModel):
    table: int
    room: str
    status: Literal["waiting", "playing", "over"]
    goal: int
    seats: list[PigSeatState]
    watchers: list[str]
    up: str | None
    turn: int
    waiting_on: list[str]
    winner: str | None


class PigMessage(WireModel):
    type: Literal["table"] = "table"
    table: int
    events: list[dict[str, Any]]
    state: PigState
    you_may: list[str]
    text: str


def roll(player: str, live: Any, args: str) -> Move:
    """roll

    Pig: roll the die (a 1 ends your turn with nothing).
    """
    return lambda: live.table.move(player, "roll", live.dice)


def hold(player: str, live: Any, args: str) -> Move:
    """hold

    Pig: bank your turn total; the first to the goal wins.
    """
    return lambda: live.table.move(player, "hold", live.dice)


class Pig:
    """Pig as a game type; its die is a script."""

    name = "pig"
    title = "Pig"
    package = "Pig"
    tally = Tally({"points": Total.SUM}, tiebreak="points")
    verbs = (Verb("roll", roll), Verb("hold", hold))
    message_model = PigMessage
    wire_messages = ()
    command_help = {"table": "Pig (game=pig). Options: goal=<points> (20). No house bots."}
    help_topics = (Topic(("pig", "pig game"), "PIG: roll a die; a 1 loses the turn, 'hold' banks it. First to 20 wins."),)

    def __init__(self, faces: Iterable[int]) -> None:
        self.die = ScriptedDie(faces)

    def _table(self, number: int, room: str, goal: int, seats: Sequence[str]) -> Table:
        return Table(number, room, self.name, lambda table: PigPlay(table, goal), seats)

    def randomness(self, settings: Any) -> ScriptedDie:
        return self.die

    def keyed(self, stream: Any, table: Any, settings: Any) -> None:
        """Pig's die is a script: its games say their dice are scripted."""
        return None

    def new_table(self, number: int, room: str, by: str, words: Sequence[str]) -> Table:
        goal = GOAL
        for word in words:
            name, _, value = word.partition("=")
            if name != "goal" or not value.isdigit():
                raise Refusal(f"Pig's only option is goal=N, not '{word}'.")
            goal = int(value)
        return self._table(number, room, goal, [by])

    def opened(self, table: Table, by: str) -> tuple[Any, ...]:
        return ()

    def summary(self, table: Table) -> str:
        return f"Pig to {table.play.goal}"  # type: ignore[attr-defined]

    def restore(self, stored: StoredTable) -> Table:
        table = self._table(stored.number, stored.room, stored.rules["goal"], stored.seats)
        if stored.events:
            table.play.match = Match.replay(event_from_record(e) for e in stored.events)  # type: ignore[attr-defined]
        return table

    def event_record(self, event: Any) -> dict[str, Any]:
        return event_record(event)

    def finish(self, table: Table) -> Finish:
        return self._finish(table.play.match)  # type: ignore[attr-defined]

    def repair(self, events: Sequence[dict[str, Any]]) -> Finish:
        return self._finish(Match.replay(event_from_record(e) for e in events))

    @staticmethod
    def _finish(match: Match) -> Finish:
        results = [Result(p, p == match.winner, match.scores[p], False, {"points": match.scores[p]}) for p in match.players]
        return Finish(match.winner, results)

    def clock(self, timer: str, settings: Any) -> float:
        return float(settings.turn_timer)

    def replay_text(self, number: int, events: Sequence[dict[str, Any]], style: Style) -> str:
        match = Match.replay(event_from_record(e) for e in events)
        return f"Pig at table {number}: " + ", ".join(f"{p} {match.scores[p]}" for p in match.players) + "."

    def stats_text(self, name: str, stats: Stats) -> str:
        return f"{name}: {stats.games} Pig games, {stats.wins} wins, {stats.points} points."

    def leaderboard(self, leaders: Sequence[tuple[str, Stats]], width: int) -> str:
        return "\n".join(f"{rank}. {name} {stats.wins}" for rank, (name, stats) in enumerate(leaders, 1))

    def lesson(self, learner: str, events: Sequence[Any]) -> tuple[Any, Any]:
        raise Refusal("Pig has no tutorial.")

    async def before_bot(self, server: Any, table: Table, bot: str) -> None:
        """Pig has no house bots."""

    def render(self, news: TableNews, viewer: str, style: Style) -> str:
        view: PigView = news.view

        def who(name: str | None, you: str, other: str) -> str:
            return f"You {you}" if name == viewer else f"{name} {other}"

        lines = []
        for event in news.events:
            if isinstance(event, Began):
                lines.append(f"Table {news.table}: a game of Pig to {event.goal} begins for {', '.join(event.players)}.")
            elif isinstance(event, Rolled) and event.face == 1:
                lines.append(f"{who(event.player, 'roll', 'rolls')} a 1: the turn is lost.")
            elif isinstance(event, Rolled):
                lines.append(f"{who(event.player, 'roll', 'rolls')} a {event.face}: turn total {view.turn}.")
            elif isinstance(event, Held):
                lines.append(f"{who(event.player, 'hold', 'holds')} {event.points}: score {event.score}.")
            elif isinstance(event, Left):
                lines.append(f"{event.player} {event.why}.")
            elif isinstance(event, Won):
                lines.append(f"*** {event.player or 'Nobody'} wins the game of Pig at table {news.table}! ***")
            elif isinstance(event, Sat):
                lines.append(f"{who(event.player, 'sit', 'sits')} down at table {news.table}.")
            elif isinstance(event, Stood):
                lines.append(f"{who(event.player, 'leave', 'leaves')} table {news.table}.")
            elif isinstance(event, SEATING_EVENTS):
                lines.append(f"Table {news.table}: {event}.")
        if viewer in view.waiting_on:
            lines.append("You may: " + ", ".join(view.legal[viewer]) + ".")
        return "\n".join(lines)

    def style_tip(self, news: TableNews, style: Style) -> str | None:
        return None

    def scoreboard(self, view: PigView, viewer: str, style: Style) -> str:
        return "\n".join([f"Table {view.table}: Pig to {view.goal}, {view.status.value}",
                          *(f"{seat.name}: {seat.score}" for seat in view.seats)])

    def rules_text(self, view: PigView) -> str:
        return f"Table {view.table} plays Pig: roll a die, a 1 loses the turn; hold banks it; first to {view.goal}."

    def table_line(self, view: PigView, room: str | None = None) -> str:
        where = f" in {room}" if room is not None else ""
        return f"Table {view.table}{where}: Pig to {view.goal} ({view.status.value}). Seats: " + \
            ", ".join(seat.name for seat in view.seats) + "."

    def status_prompt(self, view: PigView, width: int) -> str:
        return f"[T{view.table} Pig {view.up or view.status.value} | turn {view.turn}] >"

    def table_message(self, news: TableNews, viewer: str, text: str) -> PigMessage:
        view: PigView = news.view
        state = PigState(
            table=view.table, room=view.room, status=view.status.value, goal=view.goal,
            seats=[PigSeatState(name=s.name, score=s.score, absent=s.absent) for s in view.seats],
            watchers=list(view.watchers), up=view.up, turn=view.turn, waiting_on=list(view.waiting_on),
            winner=view.winner,
        )
        events = [event_record(event) for event in news.events]
        return PigMessage(table=news.table, events=events, state=state, you_may=list(view.legal.get(viewer, ())),
                          text=text)

    def table_json(self, news: TableNews, viewer: str, text: str) -> str:
        return self.table_message(news, viewer, text).model_dump_json()
