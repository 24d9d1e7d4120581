"""The seam between a table and its game: what a game type's table adapter does for the generic ``rooms.tables.Table``
(seats, watchers, absence, house bots as seats), which knows no game. Each game has its adapter in its own folder
(rooms/wimpout/); the table hands it every game-specific question and move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from engine.gametype import Match

if TYPE_CHECKING:
    from rooms.tablenews import Status, TableNews


class HouseBot(Protocol):
    """A house bot's way of playing, from the words it was added with (stored with the table)."""

    @property
    def words(self) -> tuple[str, ...]: ...


class SeatView(Protocol):
    """What every game shows of a seat ('look <player>' reads it), beside its own figures."""

    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def in_game(self) -> bool:
        """Past the game's opening (Cosmic Wimpout's opening minimum), or simply playing."""
    @property
    def absent(self) -> bool: ...
    @property
    def bot(self) -> bool: ...


class TableView(Protocol):
    """What every game's view of a table has (each adds its own: scores, cubes, a pot...)."""

    @property
    def table(self) -> int: ...
    @property
    def room(self) -> str: ...
    @property
    def status(self) -> Status: ...
    @property
    def seats(self) -> Sequence[SeatView]: ...
    @property
    def watchers(self) -> tuple[str, ...]: ...
    @property
    def waiting_on(self) -> tuple[str, ...]: ...
    @property
    def legal(self) -> dict[str, tuple[str, ...]]:
        """Each seat's legal moves as the exact text to type (what JSON sends as ``you_may``)."""
    @property
    def winner(self) -> str | None: ...


@runtime_checkable
class TablePlay(Protocol):
    """A game at one table: its options before the start, its match once started, and every move of it."""

    bot_kinds: tuple[str, ...]
    """The words naming a house bot's way of playing ('table bot add [name] KIND ...')."""
    seats: int
    """How many may sit at the table (people and house bots): the game's most players."""

    @property
    def started(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def abandoned(self) -> bool:
        """Over with no winner (everyone left): the table is abandoned, not finished."""

    @property
    def events(self) -> Sequence[Any]:
        """The match's events so far (what is saved), none before the start."""

    def options_record(self) -> dict[str, Any]:
        """The table's options as stored."""

    def start(self, dice: Any) -> TableNews:
        """The match begins with everyone seated (the table checked the seats)."""

    def move(self, name: str, line: str, dice: Any) -> TableNews:
        """A typed move of the game's own (roll, stop, hold, ...)."""

    def set_options(self, name: str, words: Sequence[str]) -> TableNews:
        """'table set' before the start: at once for someone alone at the table, else by everyone seated agreeing."""

    def in_game(self, name: str) -> bool:
        """``name`` still plays (not out of the match)."""

    def players_in(self) -> list[str]: ...

    def withdraw(self, name: str | None, target: str, why: str, dice: Any, *before: Any) -> TableNews:
        """``target`` leaves the match (``name``: who asked, None for the table itself)."""

    def forfeits(self, name: str) -> int | None:
        """What ``name`` would lose by leaving now, if anything."""

    def waiting_on(self) -> tuple[str, ...]: ...

    def seats_changed(self) -> list[Any]:
        """Someone stood up before the start: what that settles (one vote fewer may be all a change waited for)."""

    def house_bot(self, words: Sequence[str]) -> HouseBot: ...

    def bot_to_move(self) -> tuple[str, bool] | None:
        """The house bot the table waits on, and whether its move is paced (a throw) or at once (a vote)."""

    def bot_move(self, dice: Any) -> TableNews | None: ...

    def timed_out(self, dice: Any) -> TableNews | None:
        """The turn timer ran out: the table moves for whoever it waited on."""

    def timer(self) -> str | None:
        """Which clock runs now ('turn', or a game's own, e.g. 'window'), None when none should."""

    def view(self) -> TableView:
        """The table as it stands, for everyone at it: it may hold what only some may see (a poker hand), which the
        game type's words and wire message then show each viewer only their own of."""


class Outcome(Protocol):
    """What a match's state says of its end."""

    @property
    def winner(self) -> str | None: ...


class DecidedMatch(Match, Protocol):
    """A match whose state names its winner (None while playing, or when everyone left)."""

    @property
    def state(self) -> Outcome: ...


M = TypeVar("M", bound=DecidedMatch)


class MatchPlay(Generic[M]):
    """What a table adapter says of its match alike for every game: none before the start, then the match (its
    events, its end, whom it waits on). A game's adapter adds its options, moves, bots and view."""

    game: M | None

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def abandoned(self) -> bool:
        """Over with no winner (everyone left): the table is abandoned, not finished."""
        return self.game is not None and self.game.state.winner is None

    @property
    def events(self) -> Sequence[Any]:
        return self.game.events if self.game is not None else ()

    def waiting_on(self) -> tuple[str, ...]:
        return self.game.waiting_on() if self.game is not None else ()

    def _game(self) -> M:
        assert self.game is not None  # the table refuses game moves before the start
        return self.game
