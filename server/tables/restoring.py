"""The tables brought back at start: every table the store holds open, each game exactly where its last saved event
left it (after a graceful stop, a reload or a ``kill -9``)."""

from __future__ import annotations

import time
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING

import structlog

from rooms.tables import Table
from server.competition.fairplay import conduct_from
from server.games.gametypes import GAME_TYPES, GameType
from server.tables.livetable import Live, Row
from server.community.names import skeleton
from server.store import StoredTable, StoreDown
from server.tables.tabledice import restored as restored_dice

if TYPE_CHECKING:
    from server.tables.tablehost import TableHost

log = structlog.get_logger()


async def restore(tables: TableHost) -> None:
    """Bring back every table that was open, each game exactly where its last saved event left it; nobody is
    connected yet, so every seated player starts absent. Two open tables stored under one number (a race of older
    releases) both come back, the later one under a new number; finished games a crash left without results get
    them. A table nobody comes back to is closed as any other is (held if the store cannot save that)."""
    store, settings = tables.store, tables.settings
    await tables.posts.vacations.load()  # (first: a deadline falling to someone on vacation starts frozen)
    for finished in await store.finished_without_results():
        await store.finish_game(finished.game_id, GAME_TYPES.of_stored(finished).repair(finished.events))
        log.warning("table.results_repaired", game=finished.game_id)
    for stored in await store.open_tables():
        number = stored.number
        if number in tables.live:
            number = next(n for n in range(1, len(tables.live) + 2) if n not in tables.live)
            await store.renumber_table(stored.game_id, number)
            log.warning("table.renumbered", game=stored.game_id, was=stored.number, table=number)
        kind = GAME_TYPES.of_stored(stored)
        table = rebuilt(kind, stored, number)
        for name in table.people:
            table.set_absent(name, True)
        pace = settings.bot_pace if stored.pace is None else stored.pace
        events = table.play.events
        live = tables.live[number] = Live(table, stored.game_id, tables.randomness(kind), pace,
                                          Row.of(stored),
                                          stored=len(events), rated=stored.rated and stored.learner is None,
                                          predicted=table.play.started, learner=stored.learner)
        table.advice = not live.rated
        if stored.learner is not None:
            live.dice, live.teacher = live.kind.lesson(stored.learner, events)
        live.post = tables.posts.restored(live, stored.post)
        await restored_dice(tables, live)
        log.info("table.restored", table=number, game=stored.game_id, events=len(events),
                 status=table.status.value, bots=len(table.bots))
    tables.where.changed()  # (the seats of the tables brought back)
    for live in list(tables.live.values()):
        ending = live.table.ending()
        if ending is not None:
            with suppress(StoreDown):  # (held: closed once the store works again)
                await tables.close(live, ending, [])
            continue
        tables.clock.mind_absence(live, await _away(tables, live))
        if live.post is not None:  # (a live table's turn timer waits for someone back: a deadline does not)
            tables.clock.arm(live)
        tables.notices.waiting(live)
        await tables.bots_move(live)  # a stop may have come between a person's move and the bots' answers


def rebuilt(kind: GameType, stored: StoredTable, number: int) -> Table:
    """The table ``stored`` as numbered ``number``: its game the fold of its events, how each person took part as
    saved (at start, and for a table held while the store failed)."""
    table = kind.restore(replace(stored, number=number))
    table.conduct = conduct_from(stored.conduct)
    return table


async def _away(tables: TableHost, live: Live) -> float:
    """How long a restored table's people have been gone: since the last of them was seen (every 30 s while
    connected), so restarts do not start its time to be abandoned again (issue 30, finding 12: tables whose players
    could not come back stayed "playing" through restart after restart)."""
    accounts = [await tables.store.find(skeleton(name)) for name in live.table.people]
    seen = [account.last_seen for account in accounts if account is not None and account.last_seen is not None]
    return time.time() - max(seen) if seen and len(seen) == len(live.table.people) else 0.0
