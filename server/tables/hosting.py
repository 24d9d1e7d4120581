"""The live tables of every game: their numbers, opening and closing them, bringing them back after a restart,
saving every move before anyone sees it, handing each move's news to the people at the table (each connection renders
it in its own style), the house bots' moves. A game's own part is its game type's (server.games.gametypes)."""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import structlog

from engine.gametype import RandomnessExhausted
from rooms.messages import Delivery, Message, Refusal
from rooms.tables import Sat, Table, TableEnding, TableNews
from server.words import texts
from server.competition.fairplay import FairPlay, conduct_record
from server.games.gametypes import GAME_TYPES, GameType, pick, rated_option
from server.acrossdays.correspondence import post_option
from server.acrossdays.deadlines import Deadlines
from server.tables.livetable import Live, Row
from server.tables.ratednews import closing_fields, predicted, rated, seated_ratings
from server.tables.restoring import restore
from server.skill.judging import judge_rated
from server.store import StoreDown
from server.ops.storewatch import StoreWatch, spared
from server.tables.tabledice import revealed, start as start_game
from server.tables.tablehold import Holds
from server.tables.tableclock import TableClock
from server.tables.unheard import as_seen
from server.tables.whereabouts import Whereabouts

if TYPE_CHECKING:
    from rooms.world import World
    from server.acrossdays.timesource import Clock
    from server.community.connected import Connected
    from server.community.presence import Presence
    from server.games.gametypes import Advisers
    from server.settings import Settings
    from server.store import RatingChange, Store
    from server.tables.tablehost import TableNotices

log = structlog.get_logger()
CLOSED_WHY = {TableEnding.OVER: texts.TABLE_CLOSED_GAME, TableEnding.CLOSED: texts.TABLE_CLOSED_EMPTY,
              TableEnding.ABANDONED: texts.TABLE_ABANDONED}
"""Why a table went, when no one closed it on purpose."""
MAX_BOT_MOVES = 10_000
"""A guard for one burst of house-bot moves (a game of bots alone always ends, but not inside one burst)."""


class Tables:
    """Every open table on the server, by number (numbers are global: ``sit 2`` anywhere in table 2's room)."""

    def __init__(self, settings: Settings, store: Store, world: World, store_watch: StoreWatch, time: Clock) -> None:
        self.settings, self.correspondence = settings.tables, settings.correspondence
        self.store, self.world, self.store_watch, self.time = store, world, store_watch, time
        self.presence: Presence[Any]  # these three are made after the tables (``serve``)
        self.notices: TableNotices
        self.advisers: Advisers
        self._randomness: dict[str, Any] = {}
        """Each game type's randomness source, made once (one script of loaded dice runs across tables)."""
        for kind in GAME_TYPES.all():
            self.randomness(kind)  # now: a script that cannot be read stops the start
        self.live: dict[int, Live] = {}
        self.clock = TableClock(self.settings, self._time_out, self._abandon, time)
        self.posts = Deadlines(self)  # (correspondence play: many seats, deadlines, vacations, the "your move" queue)
        self.where = Whereabouts(self.live)
        """Who sits at or follows which table (``seat_of``, ``followed``)."""
        self.fair = FairPlay(settings.ratings, self)
        """How each game that ends is rated (server.competition.fairplay)."""
        self.holds = Holds(self)
        """The tables held while the store cannot save."""

    def serve(self, presence: Presence[Any], notices: TableNotices, advisers: Advisers) -> None:
        """What the tables use that is made after them: who is on, the notices, the games' advisers."""
        self.presence, self.notices, self.advisers = presence, notices, advisers

    # -- finding tables ----------------------------------------------------------------------------------------------

    def randomness(self, kind: GameType) -> Any:
        """``kind``'s randomness source on this server (the tables of a game share it)."""
        found = self._randomness.get(kind.name)
        if found is None:
            found = self._randomness[kind.name] = kind.randomness(self.settings)
        return found

    @property
    def dice(self) -> Any:
        """The default game's randomness (Cosmic Wimpout's dice: fair, or a ``--dice-script``)."""
        return self.randomness(GAME_TYPES.default)

    def get(self, number: int) -> Live:
        live = self.live.get(number)
        if live is None:
            raise Refusal(texts.NO_SUCH_TABLE.format(number=number))
        return live

    def in_room(self, room: str) -> list[Live]:
        return [live for live in self.live.values() if live.table.room == room]

    def seat_of(self, name: str) -> Live | None:
        """The table ``name`` plays at now (``Whereabouts.seat_of``: one may sit at many correspondence tables)."""
        return self.where.seat_of(name)

    def followed(self, name: str) -> Live | None:
        """The table ``name`` sits at, else the first one they watch (asked for every status prompt)."""
        return self.where.followed(name)

    def furniture(self, room: str) -> list[str]:
        """The tables in a room and who sits at them, for ``look``."""
        return [live.kind.table_line(live.table.view())
                for live in sorted(self.in_room(room), key=lambda live: live.table.number)]

    # -- life cycle --------------------------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Bring back every table that was open (server.tables.restoring)."""
        await restore(self)

    def stop(self) -> None:
        """The server stops: no clock runs, and nothing more is saved (a restart marks everyone away anyway)."""
        for live in self.live.values():
            self.clock.stop(live)
        self.clock.cancel()

    async def open(self, name: str, words: list[str]) -> Live:
        """A new table in the player's room, the player in its first seat (``pace=correspondence``: days a move)."""
        post, words = post_option(words, self.correspondence.days)
        self.posts.refuse_seat(name, post is not None)
        rated, words = rated_option(words)
        kind, options = pick(words)
        room = self.world.location(name).key
        table = kind.new_table(0, room, name, options)  # first: options refused, no number is taken
        row = Row(table.play.options_record(), [name], {}, table.status.value, {})
        rated = rated and self._fair
        # the database picks the number, in the same transaction as the table (processes sharing it never clash)
        number, game_id = await self.store.open_next_table(room, row.rules, row.seats, kind.name, row.bots,
                                                                  rated, None if post is None else post.record())
        table.number = number
        live = self.live[number] = Live(table, game_id, self.randomness(kind), self.settings.bot_pace, row,
                                        moved_at=time.time(), rated=rated, post=post)
        if post is not None:
            table.lapsed = set()
        self.where.make_current(name, live)
        log.info("table.open", table=number, game=game_id, room=room, by=name)
        opened = texts.TABLE_OPENED.format(who=name, number=number, rules=kind.summary(table))
        world = self.world
        announcement = Message(opened, "table_opened", {"table": str(number), "by": name})
        self.presence.deliver(Delivery(p, announcement) for p in world.occupants(room) if p != name)
        self.deliver(table.news(*kind.opened(table, name), Sat(name)), table.audience)
        return live

    async def seat(self, room: str, people: Sequence[str], bots: Sequence[Sequence[str]], words: list[str],
                   then: Callable[[Live, TableEnding], Awaitable[None]]) -> Live:
        """A table the server sets up (an event's, the ladder's): ``people`` seated (none seated elsewhere), the
        house bots (each its name and strategy's words) beside them; ``begin`` starts its game. ``then`` runs when
        it closes."""
        for name in people:
            self.posts.refuse_seat(name, False)
        kind, options = pick(words)
        first = people[0]
        table = kind.new_table(0, room, first, options)
        for name in people[1:]:
            table.sit(name)
        for bot in bots:
            table.add_bot(first, bot)
        row = Row(table.play.options_record(), list(table.seats), self._bot_words(table), table.status.value, {})
        number, game_id = await self.store.open_next_table(room, row.rules, row.seats, kind.name, row.bots,
                                                                  self._fair)
        table.number = number
        live = self.live[number] = Live(table, game_id, self.randomness(kind), self.settings.bot_pace, row,
                                        moved_at=time.time(), then=then, rated=self._fair)
        self.where.changed()
        log.info("table.seated", table=number, game=game_id, room=room, seats=table.seats)
        self.deliver(table.news(*kind.opened(table, first), *(Sat(name) for name in table.seats)), table.audience)
        return live

    async def begin(self, live: Live) -> None:
        """Start the game of a table the server set up (``seat``): now, or when it goes on if the store cannot save
        its start (it is held)."""
        with suppress(StoreDown):
            await start_game(self, live, live.table.people[0])

    async def teach(self, live: Live, learner: str) -> None:
        """Make a table ``learner``'s tutorial: loaded dice, and notes on each rule the first time it matters."""
        was = live.dice, live.rated
        live.dice, live.teacher = live.kind.lesson(learner, ())  # at once: nobody sits at it meanwhile
        live.rated, live.learner = False, learner
        try:
            await self.store.set_learner(live.game_id, learner)
        except StoreDown:  # an ordinary table, as stored
            (live.dice, live.rated), live.teacher, live.learner = was, None, None
            raise

    async def set_pace(self, live: Live, seconds: float) -> None:
        """How long the house bots at a table wait before a throw or a choice ('table pace')."""
        await self.store.set_pace(live.game_id, seconds)
        live.pace = seconds

    # -- moves -------------------------------------------------------------------------------------------------------

    async def act(self, live: Live, move: Callable[[], TableNews | None]) -> TableNews | None:
        """Make a move at a table and publish it; then the house bots answer, if the table waits on them. A move the
        store cannot save raises ``StoreDown`` (the table held: server.tables.tablehold)."""
        async with live.lock:
            if self.live.get(live.table.number) is not live:
                raise Refusal(texts.TABLE_GONE.format(number=live.table.number))
            if live.held:
                raise Refusal(texts.TABLE_STILL_HELD.format(number=live.table.number))
            heard = live.table.audience  # who leaves still hears themselves leave
            try:
                news = move()
            except RandomnessExhausted as exhausted:
                log.warning("dice.exhausted", table=live.table.number, why=str(exhausted))
                raise Refusal(texts.DICE_EXHAUSTED.format(why=exhausted)) from None
            if news is None:
                return None
            await self._publish(live, news, heard)
        self.bots_go(live)
        return news

    def bots_go(self, live: Live) -> None:
        """The house bots answer, if the table waits on them (a task: their turn is not the mover's command)."""
        if live.bots is None or live.bots.done():  # one at a time: two would halve the pace
            live.bots = self.clock.spawn(self.bots_move(live))

    async def _publish(self, live: Live, news: TableNews, heard: list[str]) -> None:
        """Save a move, then show it to everyone at the table (and to who just left it), then close the table or
        restart the clock. What this move did is judged before the save is awaited, and only the move that ended
        the table may close it, after its own save. A move that cannot be saved is not played: the table is held
        where it was last saved, and ``StoreDown`` raised with the words for the mover."""
        live.count(news)
        live.moved_at = time.time()
        self.clock.disarm(live)
        self.posts.reckon(live)
        table = live.table
        now_heard = table.audience
        if now_heard != heard:
            self.where.changed()
        if table.play.started and not table.conduct.addresses:
            self.fair.started(live)
        ending = table.ending()
        audience = list(dict.fromkeys([*heard, *now_heard]))
        try:
            changes = await self._save(live, ending)
        except StoreDown as down:
            self.holds.hold(live, audience)
            raise StoreDown(down.problem, texts.MOVE_NOT_PLAYED) from down
        if live.teacher is not None:
            news = replace(news, asides=live.teacher(news))
        self.tell(live, await spared(predicted(self.store, live, self.fair.settings.first_turn)) or [], audience)
        self.deliver(news, audience)
        self.tell(live, rated(live, changes), audience)
        if changes and ending is TableEnding.OVER:  # (judged for 'rating' after the end is told: server.skill)
            self.clock.spawn(judge_rated(self.advisers, self.store, self.store_watch, live))
        if ending is not None:
            with suppress(StoreDown):  # (its move saved and shown, its closing not: held until it can be)
                await self.close(live, ending, audience, changes=changes)
        else:
            self.going(live, audience)

    def going(self, live: Live, audience: Sequence[str]) -> None:
        """A table that waits on its next move: its clocks run (and clients counting down are told)."""
        self.clock.mind_absence(live)
        self.clock.arm(live)
        self.notices.waiting(live)
        timer = live.timer_message()
        if timer is not None:
            self.presence.deliver(Delivery(name, timer) for name in audience)

    async def _abandon(self, live: Live) -> None:
        """Every person at the table stayed away past ``abandon_after``: the table is closed, its game abandoned."""
        async with live.lock:
            if self.live.get(live.table.number) is not live or not live.table.unattended:
                return
            started = live.table.play.started
            if started:  # not back within the grace: they left it (a loss, if house bots play on: server.competition.fairplay)
                live.table.conduct.left += [name for name in live.table.people if name not in live.table.conduct.left]
            why = (texts.TABLE_ABANDONED_AWAY if started else texts.TABLE_CLOSED_AWAY).format(
                game=live.game_id, time=texts.duration(self.settings.abandon_after))
            with suppress(StoreDown):  # (held: its clocks run again once the store works)
                await self.close(live, TableEnding.ABANDONED if started else TableEnding.CLOSED, live.table.audience,
                                 why)

    async def close_by(self, live: Live, wizard: str) -> TableEnding:
        """A wizard closes a table: a game in play is recorded as abandoned, a table not started is just closed.
        Returns how it ended."""
        async with live.lock:
            if self.live.get(live.table.number) is not live:
                raise Refusal(texts.TABLE_GONE.format(number=live.table.number))
            ending = TableEnding.ABANDONED if live.table.play.started else TableEnding.CLOSED
            why = (texts.TABLE_CLOSED_BY if ending is TableEnding.CLOSED else texts.TABLE_ABANDONED_BY).format(
                by=wizard, game=live.game_id)
            await self.close(live, ending, live.table.audience, why)
            return ending

    async def bots_move(self, live: Live) -> None:
        """House bots move while the table waits on them, each move published like a person's; a throw or a choice
        after the table's pause (people can follow it), a vote at once."""
        for _ in range(MAX_BOT_MOVES):
            due = live.table.bot_to_move()
            if due is None or self.live.get(live.table.number) is not live or live.held:
                return
            bot, paced = due
            if paced:
                await live.kind.before_bot(self.advisers, live.table, bot)
            await asyncio.sleep(live.pace if paced else 0)
            async with live.lock:
                if self.live.get(live.table.number) is not live or live.held:
                    return
                heard = live.table.audience
                try:
                    news = live.table.bot_move(live.dice)
                except RandomnessExhausted as exhausted:
                    log.warning("dice.exhausted", table=live.table.number, why=str(exhausted), bot=True)
                    return
                if news is None:
                    return
                try:
                    await self._publish(live, news, heard)
                except StoreDown:  # (held: they move again once it goes on)
                    return

    def sit(self, name: str, live: Live) -> Callable[[], TableNews]:
        """``sit`` as a move: nobody sits at two tables at once, nor at someone's tutorial (it is open, not started,
        for a moment: 'sit' then would join the lesson, on its loaded dice)."""
        self.posts.refuse_seat(name, live.post is not None, live)
        if live.teacher is not None and not live.table.is_seated(name):
            raise Refusal(texts.TUTORIAL_TABLE.format(number=live.table.number))

        def move() -> TableNews:
            news = live.table.sit(name)
            self.where.make_current(name, live)  # (a watcher who sits is heard as before, so ``_publish`` would not see it)
            return news

        return move

    def left(self, name: str) -> None:
        """A player's connection is gone: their seat is kept, marked away; a watcher stops watching."""
        self.notices.left(name)
        self.clock.spawn(self._gone(name))

    def seated_with(self, name: str) -> set[str]:
        return {other for live in self.where.seats_of(name) for other in live.table.audience}

    async def returned(self, session: Connected, quiet: bool = False) -> None:
        """On login: the scoreboard of the player's table (not when ``quiet``: back after a reload, their screen
        shows it), then (to all there) that they are back, and what they may do now."""
        name = session.player
        live = self.seat_of(name)
        if live is None:
            return
        await self.posts.back(session, live)
        if not quiet and (ratings := await spared(seated_ratings(self.store, live))) is not None:
            session.send(ratings)

        def board() -> None:
            if not quiet:  # the board shows them back
                session.tell(live.kind.scoreboard(session.view_of(live.table), name, session.style), "table")

        if live.held:
            board()
            session.send(self.holds.notice(live))
            return

        def back() -> TableNews | None:
            news = live.table.set_absent(name, False)
            board()
            return news

        try:
            news = await self.act(live, back)
        except StoreDown:  # (the table held now, and they are told so with everyone at it)
            return
        if news is None:  # they were not away
            view = live.table.view()
            session.send(Message("", "table", {"table": str(view.table)}, data=live.table.news()))
            timer = live.timer_message()
            if timer is not None:
                session.send(timer)

    async def _gone(self, name: str) -> None:
        """Each table in turn, each move awaiting its save: meanwhile the player may be back (nothing more is noted:
        marked away, they could be voted out while connected) and a table may close (nothing to note there)."""
        for live in list(self.live.values()):
            table = live.table

            def away(table: Table = table) -> TableNews | None:
                if name in self.presence.players:
                    return None
                return table.unwatch(name) if name in table.watchers else table.set_absent(name, True)

            if name in table.watchers or table.is_seated(name):
                with suppress(Refusal, StoreDown):  # the table closed meanwhile, or is held (absence is not kept)
                    await self.act(live, away)

    # -- inside ------------------------------------------------------------------------------------------------------

    @property
    def _fair(self) -> bool:
        """The dice are the server's fair ones (games on a ``--dice-script`` are never rated)."""
        return self.settings.dice_script is None

    async def _save(self, live: Live, ending: TableEnding | None) -> list[RatingChange]:
        """The move's events and the table as it now is; a finished game's results and the new ratings go in the same
        transaction (an abandoned game has none). Returns the ratings' changes. What is saved counts as saved only
        once the store has it (a failed save is not half counted: the next would leave a hole)."""
        table, kind = live.table, live.kind
        events = table.play.events[live.stored :]
        finish = kind.finish(table) if ending is TableEnding.OVER else None
        if finish is not None and not (live.rated and self._fair):
            finish = replace(finish, rated=False)
        if finish is not None:
            finish = await self.fair.judge(live, await self.fair.bots_flagged(finish))
        row = Row(table.play.options_record(), list(table.seats), self._bot_words(table),
                  ending.value if ending is TableEnding.ABANDONED else table.status.value, conduct_record(table.conduct))
        changes = await self.store.save_table(live.game_id, *row[:4], live.stored,
                                                     [kind.event_record(e) for e in events], finish, row.conduct,
                                                     self.posts.record(live))
        live.stored, live.row = live.stored + len(events), row
        if finish is not None:
            live.finish = finish
        return changes

    @staticmethod
    def _bot_words(table: Table) -> dict[str, list[str]]:
        """The table's house bots as saved: by name, the words of their strategy."""
        return {name: list(bot.words) for name, bot in table.bots.items()}

    async def close(self, live: Live, ending: TableEnding, audience: list[str], why: str | None = None,
                    changes: Sequence[RatingChange] = ()) -> None:
        """Take the table away (a finished game's results are already saved with its last move) and say why (with
        the rating changes of a rated game, as fields). A closing the store cannot save raises ``StoreDown``, the
        table held as it is (under its lock)."""
        table = live.table
        if ending is not TableEnding.OVER:
            forfeits = None
            if ending is TableEnding.ABANDONED and live.rated and self._fair:
                forfeits = await self.fair.forfeits(live, await self.fair.bots_flagged(live.kind.finish(table)))
            try:
                changes = await self.store.close_table(live.game_id, ending.value, forfeits)
            except StoreDown:
                self.holds.hold(live, audience, back=False)
                raise
            self.tell(live, rated(live, changes), audience)
        if self.live.get(table.number) is live:  # (its game over and saved, the database may have given the number
            del self.live[table.number]  # to a table opened since: that one stays)
        self.where.closed(live)
        self.clock.stop(live)
        if why is None:
            why = CLOSED_WHY[ending].format(game=live.game_id)
        log.info("table.closed", table=table.number, game=live.game_id, status=ending.value,
                 winner=table.view().winner)
        closed = Message(texts.TABLE_CLOSED.format(number=table.number, why=why), "table_closed",
                         {"table": str(table.number), "game": str(live.game_id), "status": ending.value,
                          **closing_fields(changes)})
        self.tell(live, [*revealed(live), closed], audience)
        self.notices.game_over(live, ending)
        if live.then is not None:  # (an event's count of its game, the next pairing: done once the store lets it)
            then = live.then
            self.clock.spawn(self.store_watch.until_done(lambda: then(live, ending)))

    def tell(self, live: Live, messages: Sequence[Message], audience: Sequence[str]) -> None:
        """Messages about ``live``'s table (its players' chances and ratings, its end) to its audience, each person
        shown them as they are shown the table: the words of someone they ignore masked (``server.tables.unheard``), as
        in its news."""
        players = self.presence.players
        self.presence.deliver(
            Delivery(name, as_seen(players[name].ignoring, live.table, message) if name in players else message)
            for message in messages for name in audience)

    def deliver(self, news: TableNews, audience: Sequence[str]) -> None:
        """One message for the whole audience; each session renders ``data`` for its player in their style."""
        message = Message("", "table", {"table": str(news.table)}, data=news)
        self.presence.deliver(Delivery(name, message) for name in audience)

    # -- when a clock runs out ----------------------------------------------------------------------------------------

    async def _time_out(self, live: Live, moves: int) -> None:
        if live.moves != moves or self.live.get(live.table.number) is not live:
            return
        if live.post is not None:
            await self.posts.time_out(live)
            return
        log.info("table.timed_out", table=live.table.number, waiting_on=live.table.play.waiting_on())
        try:
            await self.act(live, lambda: live.table.timed_out(live.dice))
        except (Refusal, StoreDown) as refusal:
            log.warning("table.timer_failed", table=live.table.number, why=str(refusal))
