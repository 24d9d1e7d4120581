"""Ratings that cannot be farmed or dodged (issue 37, findings 2 and 3). With two accounts of one's own, one sat, the
game started, the second left, and the first finished alone: a rated win, 30 of them in four minutes (1000 -> 1718,
first on 'top'); against a house bot, hanging up when losing left the table abandoned, and unrated.

Now a game is rated only when every person still in it made at least ``ratings.min_moves`` turn moves of their own
(the turn timer's for them are not theirs; house bots need none) or left it after its start. Leaving (or being voted
out, or staying away past ``tables.abandon_after`` while house bots are in the game) is a loss for the leaver, rated
against everyone still in it, and a win for nobody: those who stayed are rated among themselves only, and a win
because everyone else left is no win in 'stats' and 'top'. Rated games between two accounts, or between accounts
that connected from one address, are capped per UTC day at tables people opened (the ladder and events pair players
themselves); past a cap a game is not rated, the players are told why, and wizards find it in the moderation
record (``rating_capped``)."""

from __future__ import annotations

import calendar
import time
from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

import structlog

from rooms.tables import Conduct
from server.words import texts
from server.community.names import skeleton
from server.store import Finish

if TYPE_CHECKING:
    from server.settings import RatingSettings
    from server.tables.tablehost import TableHost
    from server.tables.livetable import Live

log = structlog.get_logger()
ACTOR = "(server)"
"""Who the moderation record says flagged a capped game."""
PAIR, ADDRESS = "pair:", "address:"
"""What a rated game is counted under for the daily caps: each pair of accounts in it, each address two shared."""


def conduct_record(conduct: Conduct) -> dict[str, Any]:
    """How each person took part, as stored with the table."""
    return {"moves": dict(conduct.moves), "left": list(conduct.left), "addresses": dict(conduct.addresses)}


def conduct_from(record: dict[str, Any]) -> Conduct:
    """A table's conduct as stored (empty for a table stored before there was any)."""
    return Conduct(Counter(record.get("moves", {})), list(record.get("left", [])), dict(record.get("addresses", {})))


def judged(live: Live, finish: Finish, min_moves: int) -> tuple[Finish, str | None]:
    """``finish`` as it is rated: those who left it marked (a loss each), a win nobody else stayed to contest made
    no win, and no rating at all when a person still in it made fewer than ``min_moves`` moves; with why not."""
    table = live.table
    conduct = table.conduct
    results = [replace(r, left=True) if r.player in conduct.left else r for r in finish.results]
    stayed = [r for r in results if not r.left]
    if len(stayed) == 1 and len(results) > 1 and stayed[0].won:
        results = [replace(r, won=False) if r is stayed[0] else r for r in results]
    finish = replace(finish, results=results)
    short = [r.player for r in stayed if r.player not in table.bots and conduct.moves[r.player] < min_moves]
    if not short or not finish.rated:
        return finish, None
    log.info("rating.too_short", table=table.number, game=live.game_id, players=short, moves=min_moves)
    why = texts.UNRATED_SHORT.format(game=live.game_id, players=", ".join(short), most=min_moves)
    return replace(finish, rated=False), why


class FairPlay:
    """The daily caps, asked of the store as each rated game ends, and where each person connected from."""

    def __init__(self, settings: RatingSettings, tables: TableHost) -> None:
        self.settings, self.tables = settings, tables
        self._flagged: set[tuple[str, str, float]] = set()
        """Caps already flagged to the wizards today, with the players (once a day: the games past it are not
        counted, so each would be flagged again)."""

    def started(self, live: Live) -> None:
        """The game at ``live`` has started: note where each person connected from (the address cap)."""
        conduct, players = live.table.conduct, self.tables.presence.players
        if conduct.addresses:
            return
        for name in live.table.people:
            session = players.get(name)
            if session is not None:
                conduct.addresses[name] = session.address

    async def judge(self, live: Live, finish: Finish) -> Finish:
        """How a game that ended is rated (``judged``, then the daily caps); the players are told why, if not."""
        finish, why = judged(live, finish, self.settings.min_moves)
        if not self.settings.first_turn:  # (the first turn's worth left out of rating updates)
            finish = replace(finish, first_turn=None)
        if finish.rated and live.then is None:
            finish, why = await self._capped(live, finish)
        live.unrated = why
        return finish

    async def bots_flagged(self, finish: Finish) -> Finish:
        """Accounts flagged as bots ('@set me=bot') are rated and listed as bots, apart from people."""
        store = self.tables.store
        results = [replace(r, bot=True) if not r.bot and await store.bot_account(skeleton(r.player)) else r
                   for r in finish.results]
        return replace(finish, results=results)

    async def forfeits(self, live: Live, finish: Finish) -> Finish | None:
        """What an abandoned game rates: those who left it, each a loss to those still in it (house bots playing
        on), when it would have been rated; None when nobody left it or nobody stayed in it."""
        finish = replace(finish, winner=None)
        if not any(r.player in live.table.conduct.left for r in finish.results):
            return None
        finish = await self.judge(live, finish)
        return finish if finish.rated and not all(r.left for r in finish.results) else None

    async def _capped(self, live: Live, finish: Finish) -> tuple[Finish, str | None]:
        """Past a daily cap a game is not rated (flagged to the wizards once a cap a day); else it counts."""
        people = [r.player for r in finish.results if r.player not in live.table.bots]
        addresses = Counter(live.table.conduct.addresses[name] for name in people
                            if name in live.table.conduct.addresses)
        whats = [f"{PAIR}{a}|{b}" for a, b in combinations(sorted(map(skeleton, people)), 2)]
        whats += [f"{ADDRESS}{address}" for address, count in sorted(addresses.items()) if count > 1]
        if not whats:
            return finish, None
        midnight = calendar.timegm(time.gmtime()[:3] + (0, 0, 0, 0, 0, 0))
        counted = await self.tables.store.meetings_since(whats, midnight)
        over = [what for what in whats if counted[what] >= self._cap(what)]
        if not over:
            return replace(finish, meetings=tuple(whats)), None
        said = texts.UNRATED_CAPPED[over[0].startswith(ADDRESS)]
        why = said.format(game=live.game_id, players=" and ".join(people), cap=self._cap(over[0]))
        log.warning("rating.capped", table=live.table.number, game=live.game_id, players=people, caps=over)
        fresh = {(what, " ".join(sorted(people)), midnight) for what in over} - self._flagged
        if fresh:
            self._flagged = {flag for flag in self._flagged if flag[2] == midnight} | fresh
            for name in people:
                await self.tables.store.record(ACTOR, "rating_capped", name, f"game {live.game_id}: {why}")
        return replace(finish, rated=False), why

    def _cap(self, what: str) -> int:
        return self.settings.address_daily_cap if what.startswith(ADDRESS) else self.settings.pair_daily_cap
