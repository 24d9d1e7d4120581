"""What a game type says alike of a game kept as its match's events (Cosmic Wimpout's and New Cosmic Poker's: a
``rooms.gameplay.MatchPlay`` at the table, its engine's events turned to and from dicts): an event's record, how a
table's game finished, and the same worked out again from the stored events. A game type takes it as its base, handed
its own functions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from rooms.gameplay import DecidedMatch, MatchPlay
from rooms.tables import Table
from server.store import Finish, Result

G = TypeVar("G", bound=DecidedMatch)


class MatchRecords(Generic[G]):
    """Records and finishes of a game of type ``G``."""

    def __init__(self, play: Callable[[Table], MatchPlay[G]], replay: Callable[[list[Any]], G],
                 from_record: Callable[[dict[str, Any]], Any], to_record: Callable[[Any], dict[str, Any]],
                 results: Callable[[G], list[Result]]) -> None:
        self._play, self._replay, self._from, self._to, self._results = play, replay, from_record, to_record, results

    def event_record(self, event: Any) -> dict[str, Any]:
        return self._to(event)

    def finish(self, table: Table) -> Finish:
        game = self._play(table).game
        assert game is not None  # only a started game finishes
        return self.finished(game)

    def repair(self, events: Sequence[dict[str, Any]]) -> Finish:
        return self.finished(self._replay([self._from(e) for e in events]))

    def finished(self, game: G) -> Finish:
        """The winner and the results (a game that tells more of its end says so here)."""
        return Finish(game.state.winner, self._results(game))
