"""Cosmic Wimpout as a game type: the server's first and default game (``table open`` with no ``game=``)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import structlog

from engine.wimpout import (
    DiceSource, Game, LoadedDice, RuleSet, ThrowSyntaxError, event_from_dict, event_to_dict, parse_throw,
)
from engine.keyedstream import KeyedStream
from engine.wimpout import events as ev
from engine.wimpout.keyeddice import KeyedDice
from rooms.messages import Message, Refusal
from rooms.tables import Aside, Table, TableNews
from rooms.wimpout.advising import judge, review
from rooms.wimpout.wimpoutplay import GAME, restore_table, wimpout_play, wimpout_table
from rooms.wimpout.wimpoutview import Opened, TableView, parse_options
from server.games.matchrecords import MatchRecords
from server.words import texts
from server.tables.fairdice import SystemDice
from server.render.style import Style
from server.competition.ratingmodel import FirstTurn
from server.skill.firstturn import first_turn
from server.store import Finish, Stats, StoredTable
from server.store.judged import Judged
from server.wimpout import gamehelp, lesson, wimpoutverbs, wimpoutwire
from server.wimpout.board import rules_text, scoreboard, table_line
from server.wimpout.eventwords import render_once, rules_summary
from server.wimpout.hinttext import hint_message, review_text
from server.wimpout.replaytext import replay_text
from server.wimpout.standings import leaderboard, stats_text
from server.wimpout.statusprompt import status_prompt
from server.wimpout.wimpoutresults import TALLY, results

if TYPE_CHECKING:
    from pydantic import BaseModel

    from server.games.gametypes import Advisers
    from server.settings import TableSettings

log = structlog.get_logger()


def load_dice(script: Path | None) -> DiceSource:
    """Fair dice from the OS's unpredictable source, or (loudly) the throws of a script file, one a line, ``#``
    comments allowed."""
    if script is None:
        return SystemDice()
    throws = []
    for number, line in enumerate(script.read_text().splitlines(), 1):
        text = line.partition("#")[0].strip()
        if text:
            try:
                throws.append(parse_throw(text))
            except ThrowSyntaxError as error:
                raise ThrowSyntaxError(f"{script}:{number}: {error}") from None
    log.warning("dice.loaded", file=str(script), throws=len(throws))
    return LoadedDice(throws)


class Wimpout(MatchRecords[Game]):
    """Cosmic Wimpout: rules in engine.wimpout, its table adapter in rooms.wimpout, its words and solved tables here."""

    name = GAME
    title = "Cosmic Wimpout"
    package = "Wimpout"
    tally = TALLY
    verbs = wimpoutverbs.VERBS
    message_model = wimpoutwire.TableMessage
    wire_messages = (wimpoutwire.HintMessage,)
    help_topics = gamehelp.TOPICS
    command_help = gamehelp.COMMAND_HELP

    def __init__(self) -> None:
        super().__init__(wimpout_play, Game.replay, event_from_dict, event_to_dict, results)

    def randomness(self, settings: TableSettings) -> DiceSource:
        return load_dice(settings.dice_script)

    def keyed(self, stream: KeyedStream, table: Callable[[], Table], settings: TableSettings) -> DiceSource | None:
        return None if settings.dice_script is not None else KeyedDice(stream, lambda: wimpout_play(table()).game)

    def new_table(self, number: int, room: str, by: str, words: Sequence[str]) -> Table:
        return wimpout_table(number, room, parse_options(words), [by])

    def opened(self, table: Table, by: str) -> tuple[Any, ...]:
        return (Opened(by, wimpout_play(table).rules),)

    def summary(self, table: Table) -> str:
        return rules_summary(wimpout_play(table).rules)

    def restore(self, stored: StoredTable) -> Table:
        events = [event_from_dict(e) for e in stored.events]
        return restore_table(stored.number, stored.room, RuleSet(**stored.rules), stored.seats, events, stored.bots)

    def finished(self, game: Game) -> Finish:
        """The results, and who took the first turn (its worth counts in a two-player game's rating)."""
        played = results(game)
        return Finish(game.state.winner, played, first_turn=first_turn(game, [r.player for r in played]))

    def clock(self, timer: str, settings: TableSettings) -> float:
        """An Insurance window has its own, shorter clock."""
        return settings.insurance_window if timer == "window" else settings.turn_timer

    def lesson(self, learner: str, events: Sequence[Any]) -> tuple[Any, Callable[[TableNews], tuple[Aside, ...]]]:
        """The tutorial's loaded dice (fair once the script no longer fits) and its notes."""
        return lesson.resumed(learner, events, secrets.randbits(64))

    async def before_bot(self, services: Advisers, table: Table, bot: str) -> None:
        """An optimal bot reads the server's solved tables: lend them to its table, and have them read first (in a
        thread)."""
        play = wimpout_play(table)
        if play.bot_plays_optimal(bot) and play.game is not None:
            play.advisors = services.solver.solutions
            await services.solver.prepare(play.game.rules)

    def render(self, news: TableNews, viewer: str, style: Style) -> str:
        return render_once(news, viewer, style)

    def style_tip(self, news: TableNews, style: Style) -> str | None:
        """Under the first throw drawn as cube art."""
        if style.draws_art and any(isinstance(event, ev.Thrown) for event in news.events):
            return texts.CUBES_TIP
        return None

    def scoreboard(self, view: TableView, viewer: str, style: Style) -> str:
        return scoreboard(view, viewer, style)

    def rules_text(self, view: TableView) -> str:
        return rules_text(view)

    def table_line(self, view: TableView, room: str | None = None) -> str:
        return table_line(view, room)

    def status_prompt(self, view: TableView, width: int) -> str:
        return status_prompt(view, width)

    def table_message(self, news: TableNews, viewer: str, text: str) -> BaseModel:
        return wimpoutwire.table_message(news, viewer, text)

    def table_json(self, news: TableNews, viewer: str, text: str) -> str:
        return wimpoutwire.table_json(news, viewer, text)

    def replay_text(self, number: int, events: Sequence[dict[str, Any]], style: Style) -> str:
        return replay_text(number, [event_from_dict(e) for e in events], style)

    def stats_text(self, name: str, stats: Stats) -> str:
        return stats_text(name, stats)

    def leaderboard(self, leaders: Sequence[tuple[str, Stats]], width: int) -> str:
        return leaderboard(leaders, width)

    async def hint(self, services: Advisers, table: Table, player: str) -> Message:
        """The server's solved tables are read first (in a thread), for the first to ask for these rules."""
        play = wimpout_play(table)
        if play.game is not None:
            await services.solver.prepare(play.game.rules)
        return hint_message(play.hint(player, services.solver.solutions))

    async def review(self, services: Advisers, game: int, events: Sequence[dict[str, Any]], viewer: str) -> str:
        """Read in a thread: a review reads every decision of the game against the solved tables (every player's:
        nothing in Cosmic Wimpout is hidden)."""
        played = [event_from_dict(e) for e in events]
        try:
            mistakes = await asyncio.to_thread(review, services.solver.solutions, played)
            judged = await asyncio.to_thread(judge, services.solver.solutions, played)
        except ValueError as why:
            raise Refusal(str(why)) from None
        return review_text(game, mistakes, judged)

    def first_turn(self, table: Table) -> FirstTurn | None:
        game = wimpout_play(table).game
        return None if game is None else first_turn(game, list(table.seats))

    async def judged(self, advisers: Advisers, table: Table) -> list[Judged]:
        """Judged in the solver's judging process (server.wimpout.judgework): a ValueError when its tables are not
        at hand, or the rules are not solved exactly, or the game had more than two players."""
        game = wimpout_play(table).game
        if game is None:
            raise ValueError("The table has no game.")
        return await advisers.solver.judging.judged(list(game.events))


GAME_TYPE = Wimpout()
