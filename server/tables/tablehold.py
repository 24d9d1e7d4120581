"""Tables held while the store cannot save (issue 36): nothing is ever shown that is not stored, and nothing is stored
with a hole. A move whose save failed is not played: its table goes back to where it was last saved (what a restart
would bring back), everyone at it is told it is held, no clock runs and its house bots wait. Once the store works
again (``server.ops.storewatch``), each held table is read back from the store as it stands there (a commit whose answer
was lost on the way is there too), saved once more, and goes on: everyone told and shown the table, its clock and
its house bots going again."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING

import structlog

from rooms.messages import Message, Refusal
from rooms.tables import TableEnding
from server.words import texts
from server.tables.livetable import Live, Row
from server.tables.restoring import rebuilt
from server.store import StoredTable, StoreDown

if TYPE_CHECKING:
    from server.tables.tablehost import TableHost

log = structlog.get_logger()


class Holds:
    """The tables held, by game id, and the task that sets them going again."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables
        self.held: dict[int, Live] = {}
        self._resuming: asyncio.Task[None] | None = None

    def hold(self, live: Live, audience: Sequence[str], back: bool = True) -> None:
        """``live``'s last save failed (its lock held): back to where it was last saved (``back``; not when only
        its closing failed, after its last move was saved), held, and everyone at it told."""
        tables = self.tables
        tables.clock.stop(live)
        if back:
            self.reset(live, self._as_saved(live))
        if not live.held:
            live.held = True
            self.held[live.game_id] = live
            log.warning("table.held", table=live.table.number, game=live.game_id, events=live.stored,
                        problem=tables.store.trouble.problem)
        tables.tell(live, [self.notice(live, back)], audience)
        if self._resuming is None or self._resuming.done():
            self._resuming = tables.clock.spawn(self._resume())

    @staticmethod
    def notice(live: Live, back: bool = True) -> Message:
        """What everyone at a held table is told (and someone back at it): its last move not played (``back``), or
        its closing not saved."""
        said = (texts.TABLE_HELD if back else texts.TABLE_HELD_CLOSING).format(number=live.table.number)
        return Message(said, "table_held", {"table": str(live.table.number)})

    def reset(self, live: Live, stored: StoredTable) -> None:
        """``live``'s table as ``stored``, its people away unless connected, its watchers still watching (a table
        brought back at start is the same but for who is connected)."""
        old, players = live.table, self.tables.presence.players
        table = rebuilt(live.kind, stored, old.number)
        for name in table.people:
            table.set_absent(name, name not in players)
        for name in old.watchers:
            if name in players and not table.is_seated(name):
                with suppress(Refusal):
                    table.watch(name)
        live.table, live.stored = table, len(stored.events)
        live.row = Row.of(stored)
        if live.learner is not None:
            live.dice, live.teacher = live.kind.lesson(live.learner, table.play.events)
        self.tables.where.changed()

    def _as_saved(self, live: Live) -> StoredTable:
        """The table as its last save left it in the store."""
        table, row = live.table, live.row
        events = [live.kind.event_record(event) for event in table.play.events[: live.stored]]
        return StoredTable(live.game_id, table.number, table.room, row.rules, row.seats, row.status, events, row.bots,
                           live.pace, live.learner, table.game, live.rated, row.conduct)

    async def _resume(self) -> None:
        """Each time the store works again, every held table read back from it and set going."""
        watch, store = self.tables.store_watch, self.tables.store
        while self.held:
            await watch.works()
            held = list(self.held.values())  # (held before the store is read: a table held later may have saved since)
            try:
                stored = {table.game_id: table for table in await store.open_tables()}
            except StoreDown:
                continue
            for live in held:
                await self._go_on(live, stored.get(live.game_id))

    async def _go_on(self, live: Live, stored: StoredTable | None) -> None:
        """A held table as the store holds it, saved once more (else it stays held), then going on: everyone told and
        shown it, its clock and house bots going. ``stored`` None: the store has it closed (its closing was saved
        after all, or the last move ended its game): so is it here."""
        tables = self.tables
        async with live.lock:
            if not live.held:
                return
            if tables.live.get(live.table.number) is not live:
                self._release(live)
                return
            if stored is not None:
                self.reset(live, stored)
                row = live.row
                try:
                    await tables.store.save_table(live.game_id, row.rules, row.seats, row.bots, row.status,
                                                         live.stored, [], conduct=row.conduct)
                except StoreDown:
                    return
            self._release(live)
            log.info("table.resumed", table=live.table.number, game=live.game_id, events=live.stored)
            audience = live.table.audience
            said = texts.TABLE_RESUMED.format(number=live.table.number)
            tables.tell(live, [Message(said, "table_resumed", {"table": str(live.table.number)})], audience)
            ending = live.table.ending() if stored is not None else live.table.ending() or TableEnding.OVER
            if ending is not None:
                with suppress(StoreDown):  # (held again)
                    await tables.close(live, ending, audience)
                return
            tables.deliver(live.table.news(), audience)
            tables.going(live, audience)
        if live.then is not None and not live.table.play.started:  # (a table the server seated: it starts it)
            tables.clock.spawn(tables.begin(live))
        tables.bots_go(live)

    async def settled(self) -> None:
        """Return once no held table is being set going (at once when none is)."""
        if self._resuming is not None and not self._resuming.done():
            await asyncio.wait([self._resuming])

    def _release(self, live: Live) -> None:
        live.held = False
        self.held.pop(live.game_id, None)
