"""New Cosmic Poker as a game type (``table open game=poker``): rules in engine.poker, its table adapter in
rooms.poker, its words, wire message, help, verbs and results here."""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.poker import PokerGame, PokerOptions, SeededShuffle, event_for, event_from_dict, event_to_dict, open_event
from engine.keyedstream import KeyedStream
from engine.poker.botkinds import bot_move
from engine.poker.happenings import GameCreated
from engine.poker.keyedshuffle import KeyedShuffle
from engine.poker.review import review, summarise
from rooms.messages import Message, Refusal
from rooms.poker.pokerplay import GAME, poker_play, poker_table, restore_table
from rooms.poker.pokerview import PokerOpened, PokerView, parse_options
from rooms.tables import Aside, Table, TableNews
from server.games.matchrecords import MatchRecords
from server.poker import pokerboard, pokerhelp, pokerreview, pokerverbs, pokerwire, pokerwords
from server.poker.pokerresults import TALLY, results
from server.render.style import Style
from server.store import Stats, StoredTable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from server.games.gametypes import Advisers
    from server.settings import TableSettings


THOUGHTFUL = ("strong",)
"""The house bots whose moves take long enough to work out in a thread."""


class Poker(MatchRecords[PokerGame]):
    """New Cosmic Poker: the server's second game."""

    name = GAME
    title = pokerwords.TITLE
    package = "Poker"
    tally = TALLY
    verbs = pokerverbs.VERBS
    message_model = pokerwire.PokerMessage
    wire_messages = ()
    help_topics = pokerhelp.TOPICS
    command_help = pokerhelp.COMMAND_HELP

    def __init__(self) -> None:
        super().__init__(poker_play, PokerGame.replay, event_from_dict, event_to_dict, results)

    def randomness(self, settings: TableSettings) -> SeededShuffle:
        """Shuffles from a private generator seeded by the OS's unpredictable source (the order never leaves the
        server: only the stored events hold it)."""
        return SeededShuffle(secrets.randbits(128))

    def keyed(self, stream: KeyedStream, table: Callable[[], Table], settings: TableSettings) -> KeyedShuffle:
        return KeyedShuffle(stream, lambda: poker_play(table()).game)

    def new_table(self, number: int, room: str, by: str, words: Sequence[str]) -> Table:
        return poker_table(number, room, parse_options(words), [by])

    def opened(self, table: Table, by: str) -> tuple[Any, ...]:
        return (PokerOpened(by, poker_play(table).options.changed),)

    def summary(self, table: Table) -> str:
        return pokerboard.summary(poker_play(table).options)

    def restore(self, stored: StoredTable) -> Table:
        events = [event_from_dict(e) for e in stored.events]
        return restore_table(stored.number, stored.room, PokerOptions.model_validate(stored.rules), stored.seats,
                             events, stored.bots)

    def clock(self, timer: str, settings: TableSettings) -> float:
        return settings.turn_timer

    def lesson(self, learner: str, events: Sequence[Any]) -> tuple[Any, Callable[[TableNews], tuple[Aside, ...]]]:
        raise Refusal(pokerwords.NO_TUTORIAL)

    async def before_bot(self, services: Advisers, table: Table, bot: str) -> None:
        """The strong bot thinks for tens of milliseconds a move: it works its move out in a thread, from a copy of
        what its seat knows, so that the table's others are not kept waiting (the table plays it if the game is
        still where it was; its randomness from the OS's unpredictable source)."""
        play = poker_play(table)
        plan = play.plan(bot)
        if plan is None or plan[0] not in THOUGHTFUL:
            return
        kind, moment, seat = plan
        move = await asyncio.to_thread(bot_move, kind, seat, random.Random(secrets.randbits(64)))
        play.planned_move(bot, moment, move)

    def render(self, news: TableNews, viewer: str, style: Style) -> str:
        return pokerwords.render(news, viewer, style)

    def style_tip(self, news: TableNews, style: Style) -> str | None:
        return None

    def scoreboard(self, view: PokerView, viewer: str, style: Style) -> str:
        return pokerboard.scoreboard(view, viewer, style)

    def hand_text(self, view: PokerView, player: str, style: Style) -> str:
        return pokerboard.hand_text(view, player, style)

    def rules_text(self, view: PokerView) -> str:
        return pokerboard.rules_text(view)

    def table_line(self, view: PokerView, room: str | None = None) -> str:
        return pokerboard.table_line(view, room)

    def status_prompt(self, view: PokerView, width: int) -> str:
        return pokerboard.status_prompt(view, width)

    def table_message(self, news: TableNews, viewer: str, text: str) -> BaseModel:
        return pokerwire.table_message(news, viewer, text)

    def table_json(self, news: TableNews, viewer: str, text: str) -> str:
        return pokerwire.table_message(news, viewer, text).model_dump_json()

    def replay_text(self, number: int, events: Sequence[dict[str, Any]], style: Style) -> str:
        """Told as a watcher saw it (hands only as exposed at the showdown), or with every hand when the table chose
        ``replay_hands=all`` before the game (its first event holds the options)."""
        played = [event_from_dict(e) for e in events]
        teaching = bool(played) and isinstance(played[0], GameCreated) and played[0].options.replay_hands == "all"
        shown = [open_event(event) if teaching else event_for(event, None) for event in played]
        lines = [pokerwords.event_line(data, "", number, style) for data in shown]
        return "\n".join(line for line in lines if line is not None)

    async def hint(self, services: Advisers, table: Table, player: str) -> Message:
        """No hints at a poker table: the strong bot's reading of your hand would play it for you."""
        raise Refusal(pokerreview.NO_HINTS)

    async def review(self, services: Advisers, game: int, events: Sequence[dict[str, Any]], viewer: str) -> str:
        """Weighed in a thread (each decision is a Monte Carlo of its own): the viewer's own decisions, or
        everyone's in a game played with ``replay_hands=all`` (its hands are public)."""
        played = [event_from_dict(e) for e in events]
        created = played[0] if played else None
        if not isinstance(created, GameCreated):
            raise Refusal(pokerreview.NO_DECISIONS.format(game=game))
        everyone = created.options.replay_hands == "all"
        if not everyone and viewer not in created.seats:
            raise Refusal(pokerreview.NOT_YOURS.format(game=game))
        players = list(created.seats) if everyone else [viewer]
        weighed = await asyncio.to_thread(review, played, players, game)
        return pokerreview.review_text(game, weighed, summarise(weighed, players))

    def stats_text(self, name: str, stats: Stats) -> str:
        return pokerboard.stats_text(name, stats)

    def leaderboard(self, leaders: Sequence[tuple[str, Stats]], width: int) -> str:
        return pokerboard.leaderboard(leaders, width)


GAME_TYPE = Poker()
