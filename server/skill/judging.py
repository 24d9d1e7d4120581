"""Each rated game judged once, when it ends: every player's decision accuracy and the dice's share of the result
(as 'review' reckons them), kept by the store for 'rating'. Judging reads every decision against the solved tables,
in a worker process of the game's (Cosmic Wimpout's: ``server.wimpout.judgework``), never on the game process's
loop nor in its threads. It runs after the game's end is saved and told: nobody waits on it, and a game that cannot
be judged (more than two players, rules not solved exactly, tables not at hand) is simply not counted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import structlog

from server.store.judged import Judged

if TYPE_CHECKING:
    from rooms.tables import Table
    from server.competition.ratingmodel import FirstTurn
    from server.games.gametypes import Advisers
    from server.store import Store
    from server.ops.storewatch import StoreWatch
    from server.tables.livetable import Live

log = structlog.get_logger()


@runtime_checkable
class Judging(Protocol):
    """A game whose rated games are judged for luck and skill (Cosmic Wimpout, by its solved tables)."""

    def first_turn(self, table: Table) -> FirstTurn | None:
        """Who took the first turn of the table's game, among its seats in order, and its worth (None: not known)."""

    async def judged(self, advisers: Advisers, table: Table) -> list[Judged]:
        """Each player's accuracy and dice share in the table's finished game (a ``ValueError`` says why it cannot
        be)."""


async def judge_rated(advisers: Advisers, store: Store, store_watch: StoreWatch, live: Live) -> None:
    """Judge a rated game that has just ended and keep the judgement (a task of the tables'). A game that cannot be
    judged is logged and not counted; a store that fails keeps it waiting until it works again (saving it twice
    keeps the first)."""
    kind = live.kind
    if not isinstance(kind, Judging):
        return
    try:
        judged = await kind.judged(advisers, live.table)
    except ValueError as why:
        log.info("skill.not_judged", game=live.game_id, why=str(why))
        return
    await store_watch.until_done(lambda: store.save_judged(live.game_id, judged))
    log.info("skill.judged", game=live.game_id,
             accuracy={j.player: round(j.accuracy, 4) for j in judged}, dice={j.player: round(j.dice, 4) for j in judged})
