"""Pig as a game type (``server.games.gametypes.GameType``): its tables, their storage and records, gathering its
words, wire model, help and verbs from their modules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rooms.messages import Refusal
from rooms.tables import Table, TableNews
from server.render.style import Style
from server.store import Finish, Result, Stats, StoredTable, Tally, Total

from support.pig import pighelp, pigverbs, pigwords
from support.pig.pigplay import PigPlay, PigView
from support.pig.pigrules import GOAL, Match, ScriptedDie, event_from_record, event_record
from support.pig.pigwire import PigMessage, table_message


class Pig:
    """Pig as a game type; its die is a script."""

    name = "pig"
    title = "Pig"
    package = "Pig"
    tally = Tally({"points": Total.SUM}, tiebreak="points")
    verbs = pigverbs.VERBS
    message_model = PigMessage
    wire_messages = ()
    command_help = pighelp.COMMAND_HELP
    help_topics = pighelp.TOPICS

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
        return pigwords.render(news, viewer)

    def style_tip(self, news: TableNews, style: Style) -> str | None:
        return None

    def scoreboard(self, view: PigView, viewer: str, style: Style) -> str:
        return pigwords.scoreboard(view)

    def rules_text(self, view: PigView) -> str:
        return pigwords.rules_text(view)

    def table_line(self, view: PigView, room: str | None = None) -> str:
        return pigwords.table_line(view, room)

    def status_prompt(self, view: PigView, width: int) -> str:
        return pigwords.status_prompt(view)

    def table_message(self, news: TableNews, viewer: str, text: str) -> PigMessage:
        return table_message(news, viewer, text)

    def table_json(self, news: TableNews, viewer: str, text: str) -> str:
        return self.table_message(news, viewer, text).model_dump_json()
