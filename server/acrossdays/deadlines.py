"""What the tables do for correspondence play (issue 38), beside ``server.tables.hosting``: seats at many such tables (one
live table at most), their deadlines reckoned before each move is saved, the move the table makes past a deadline
(the game type's timeout move) and who is told, vacations freezing deadlines, and the "your move" queue ('games',
'next', the line at login)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import structlog

from rooms.messages import Delivery, Message, Refusal
from rooms.tables import TableNews, TimedOut
from server.words import posttexts, texts
from server.acrossdays.correspondence import LAPSED_AFTER, Post
from server.notices.awaysummary import AwayItem
from server.notices.notice import MOVE, Notice
from server.store import StoreDown
from server.acrossdays.vacations import Vacations

if TYPE_CHECKING:
    from server.tables.tablehost import TableHost
    from server.tables.livetable import Live
    from server.community.connected import Connected

log = structlog.get_logger()


class Deadlines:
    """The correspondence side of the tables: whose vacations freeze deadlines, and what happens at one."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables
        self.vacations = Vacations(tables)
        """Who is on vacation, until when: their deadlines are frozen."""

    @property
    def now(self) -> float:
        return self.tables.time()

    def away(self, name: str) -> bool:
        """On vacation now: a deadline that falls to them starts frozen."""
        return self.vacations.on(name)

    # -- seats -------------------------------------------------------------------------------------------------------

    def refuse_seat(self, name: str, post: bool, here: Live | None = None) -> None:
        """One live table at a time; correspondence tables up to the setting, whatever else one sits at."""
        seats = [live for live in self.tables.where.seats_of(name) if live is not here]
        if post:
            count = sum(1 for live in seats if live.post is not None)
            if count >= self.tables.correspondence.tables:
                raise Refusal(posttexts.TOO_MANY.format(count=count))
            return
        seated = next((live for live in seats if live.post is None), None)
        if seated is not None:
            raise Refusal((posttexts.SEATED_LIVE if len(seats) > 1 else texts.SEATED_ELSEWHERE).format(
                number=seated.table.number))

    def mine(self, name: str) -> list[Live]:
        """The correspondence tables ``name`` sits at, by number."""
        return [live for live in self.tables.where.seats_of(name) if live.post is not None]

    def busy_at(self, name: str) -> Live | None:
        """The table ``name``'s moves go to now if they are busy there (a live game, or a correspondence table
        waiting on their move): a table opened for them meanwhile (an accepted challenge) does not take it over."""
        live = self.tables.seat_of(name)
        if live is None or (live.post is not None and name not in live.table.play.waiting_on()):
            return None
        return live

    def awaiting(self, name: str) -> list[Live]:
        """The correspondence tables waiting on ``name``'s move, by number."""
        return [live for live in self.mine(name) if name in live.table.play.waiting_on()]

    # -- deadlines ---------------------------------------------------------------------------------------------------

    def reckon(self, live: Live) -> None:
        """Before a move is saved: the deadline it sets (``Post.reckon``), kept with it."""
        if live.post is not None:
            moved = len(live.table.play.events) > live.stored
            live.post.reckon(live.table, self.now, self.away, moved)
            live.table.lapsed = live.post.lapsed(live.table)  # (a move of their own ends a row of missed deadlines)

    @staticmethod
    def record(live: Live) -> dict[str, Any] | None:
        return None if live.post is None else live.post.record()

    async def time_out(self, live: Live) -> None:
        """A deadline passed: the game type's timeout move is made for the player (``TablePlay.timed_out``), the
        missed deadline counted; they are told (here or not), and the others when they may vote them out."""
        post, table = live.post, live.table
        assert post is not None
        name = post.waiting
        missed = 0

        def move() -> TableNews | None:
            nonlocal missed
            news = table.timed_out(live.dice)
            if news is not None and name is not None:
                missed = post.miss(name, table.conduct.moves[name])
                table.lapsed = post.lapsed(table)
            return news

        log.info("table.deadline", table=table.number, waiting_on=name)
        try:
            news = await self.tables.act(live, move)
        except (Refusal, StoreDown) as refusal:
            log.warning("table.deadline_failed", table=table.number, why=str(refusal))
            return
        if news is None or name is None:
            return
        said = next((e.command for e in news.events if isinstance(e, TimedOut)), "")
        text = posttexts.DEADLINE_MISSED_NOTICE.format(number=table.number, game=live.kind.title, move=said)
        tables = self.tables
        if name in tables.presence.players:
            tables.presence.deliver([Delivery(name, Message(text, "deadline", {"table": str(table.number)}))])
        else:
            await tables.notices.notify(name, Notice(MOVE, text, table.number, f"deadline:{live.game_id}:{live.moves}"))
        if missed >= LAPSED_AFTER:
            lapsed = posttexts.LAPSED.format(name=name, count=missed, number=table.number)
            others = [seat for seat in table.audience if seat != name]
            tables.presence.deliver(Delivery(seat, Message(lapsed, "deadline", {"table": str(table.number)})) for seat in others)

    # -- vacations ---------------------------------------------------------------------------------------------------

    async def vacation(self, name: str, until: float | None) -> None:
        """``name`` goes on vacation until ``until`` (None: comes back): each deadline running for them freezes, or
        runs again from where it stood; kept with each table."""
        now = self.now
        for live in self.mine(name):
            post = live.post
            assert post is not None
            async with live.lock:
                changed = post.freeze(name, now) if until is not None else post.thaw(name, now)
                if not changed:
                    continue
                await self.tables.store.set_post(live.game_id, post.record())
                self.tables.clock.arm(live)

    # -- the queue ---------------------------------------------------------------------------------------------------

    def your_move(self, name: str) -> str | None:
        """"It is your move at tables 3 and 7." (None: no table waits on them)."""
        numbers = [str(live.table.number) for live in self.awaiting(name)]
        if not numbers:
            return None
        listed = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
        return posttexts.YOUR_MOVE_AT.format(tables=f"table{'s' if len(numbers) > 1 else ''} {listed}")

    def next_table(self, name: str, current: Live | None) -> Live | None:
        """The next table waiting on ``name``'s move after ``current`` (by number, round again), else None."""
        waiting = self.awaiting(name)
        if not waiting:
            return None
        after = [live for live in waiting if current is None or live.table.number > current.table.number]
        return (after or waiting)[0]

    async def summary(self, session: Connected) -> list[AwayItem]:
        """The login summary's line (``Notices.summaries``): "It is your move at tables 3 and 7."."""
        line = self.your_move(session.player)
        return [] if line is None else [AwayItem("games", None, line)]

    async def back(self, session: Connected, current: Live) -> None:
        """At login: present again at each correspondence table (besides the current one, which ``returned``
        handles)."""
        name = session.player
        for live in self.mine(name):
            if live is current or live.held:
                continue
            try:
                await self.tables.act(live, lambda live=live: live.table.set_absent(name, False))
            except (Refusal, StoreDown):
                continue

    @staticmethod
    def restored(live: Live, stored: dict[str, Any] | None) -> Post | None:
        """A table brought back at start: its correspondence clock as saved (its deadline is set again as it goes
        on, with the others' clocks)."""
        if stored is None:
            return None
        post = Post.of(stored)
        live.table.lapsed = post.lapsed(live.table)
        return post
