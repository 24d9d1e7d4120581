"""The bot ladder as the server runs it: accounts flagged as bots ('@set me=bot') whose owner accepted them ('@bot
accept') wait in its queue ('ladder join'); the matchmaker (``rooms.matchmaking``) keeps seating them with bots of a
similar rating (never two of one owner, nor two from one address), the house bots (the anchors) with a bot left
alone, and no bot plays more than ``ladder.daily_cap`` games a day. 'top bots' is the ladder."""

from __future__ import annotations

import asyncio
import calendar
import time
from typing import TYPE_CHECKING, Any

import structlog

from rooms.matchmaking import Contender, ladder_tables
from rooms.messages import Delivery, Message, Refusal
from rooms.tables import TableEnding
from server.words import texts
from server.competition.anchors import ANCHORS, anchor_name, anchor_seat, is_anchor
from server.games.gametypes import GAME_TYPES
from server.tables.livetable import Live
from server.community.names import skeleton
from server.competition.ratingmodel import Rating

if TYPE_CHECKING:
    from rooms.world import World
    from server.community.presence import Presence
    from server.settings import LadderSettings
    from server.store import Store
    from server.tables.hosting import Tables

log = structlog.get_logger()


class Ladder:
    """The bots waiting for a ladder table, the tables being played, and each bot's last table."""

    def __init__(self, settings: LadderSettings, store: Store, world: World, presence: Presence[Any],
                 hosting: Tables) -> None:
        self.settings, self.store, self.world, self.presence, self.hosting = settings, store, world, presence, hosting
        self.waiting: list[str] = []
        self.tables: dict[int, Live] = {}
        """The ladder's games being played, by game id."""
        self.last: dict[str, frozenset[str]] = {}
        """Each bot's last ladder table (a rematch at once is avoided)."""
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self.generation = 0
        """Counts who came in and went out: who ``holds`` is asked again only once it moves (server.portal)."""

    def start(self) -> None:
        self._task = asyncio.create_task(self._keep_seating())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def join(self, name: str) -> None:
        bot = await self.store.bot_account(skeleton(name))
        if bot is None:
            raise Refusal(texts.LADDER_NOT_A_BOT)
        if not bot.accepted:
            raise Refusal(texts.LADDER_NOT_ACCEPTED.format(name=name, owner=bot.owner))
        if await self._capped(name):
            raise Refusal(texts.LADDER_CAPPED.format(name=name, cap=self.settings.daily_cap))
        if name not in self.waiting:
            self.waiting.append(name)
        self.generation += 1
        log.info("ladder.joined", bot=name)  # seated at the next pass: bots joining together may meet

    def leave(self, name: str) -> None:
        if name not in self.waiting:
            raise Refusal(texts.LADDER_NOT_WAITING.format(name=name))
        self.waiting.remove(name)
        self.generation += 1

    def holds(self, name: str) -> bool:
        """Whether ``name`` is in the ladder: waiting for a table, or at one of its tables (it waits again after)."""
        if name in self.waiting:
            return True
        seated = self.hosting.where.live_seat_of(name) if self.tables else None  # (no pass when none play)
        return seated is not None and seated.game_id in self.tables

    def rejoin(self, name: str) -> None:
        """A bot that was in the ladder before a reload or a crash of the game process (server.portal): it waits
        again, where it is (at a table it was seated at, until that game ends); its cap is asked at the next pass."""
        if name not in self.waiting:
            self.waiting.append(name)
            self.generation += 1

    async def pair(self) -> None:
        """One pass of the matchmaker: every waiting bot that is online, at no table and under its cap is seated if
        a table can be made for it."""
        async with self._lock:
            players, tables = self.presence.players, self.hosting
            ready: dict[str, frozenset[str]] = {}
            for name in list(self.waiting):
                bot = await self.store.bot_account(skeleton(name)) if name in players else None
                refused = None
                if bot is not None and not bot.accepted:
                    refused = texts.LADDER_NOT_ACCEPTED.format(name=name, owner=bot.owner)
                elif bot is not None and await self._capped(name):
                    refused = texts.LADDER_CAPPED.format(name=name, cap=self.settings.daily_cap)
                if bot is None or refused is not None:
                    self.waiting.remove(name)
                    self.generation += 1
                    if refused is not None:
                        self._tell(name, refused, "ladder")
                elif tables.where.live_seat_of(name) is None:
                    ready[name] = frozenset({f"owner:{skeleton(bot.owner)}", f"address:{players[name].address}"})
            if not ready:
                return
            waiting = [Contender(name, await self._rating(name), kin) for name, kin in ready.items()]
            busy = {name for live in self.tables.values() for name in live.table.seats}
            anchors = [Contender(name, await self._rating(name)) for name in map(anchor_name, ANCHORS)
                       if name not in busy]
            recent = {frozenset({name, *others}) for name, others in self.last.items() if name in ready}
            for names in ladder_tables(waiting, anchors, self.settings.seats, self.settings.gap, recent):
                await self._seat(names)

    async def _seat(self, names: list[str]) -> None:
        bots = [anchor_seat(name) for name in names if is_anchor(name)]
        people = [name for name in names if not is_anchor(name)]
        try:
            live = await self.hosting.seat(self.world.start, people, bots,
                                                 self.settings.options.split(), self._ended)
        except Refusal as refusal:
            log.warning("ladder.seat_failed", bots=names, why=str(refusal))
            return
        self.tables[live.game_id] = live
        for name in people:
            self.waiting.remove(name)
        log.info("ladder.seated", table=live.table.number, game=live.game_id, bots=names)
        await self.hosting.begin(live)

    async def _ended(self, live: Live, ending: TableEnding) -> None:
        """A ladder game closed: its bots wait again (unless they left), and the matchmaker runs."""
        self.tables.pop(live.game_id, None)
        seated = frozenset(live.table.seats) | (frozenset(r.player for r in live.finish.results)
                                                if live.finish is not None else frozenset())
        for name in seated:
            self.last[name] = seated - {name}
            if not is_anchor(name) and name in self.presence.players and name not in self.waiting:
                self.waiting.append(name)
        await self.pair()

    async def _rating(self, name: str) -> int:
        rating = (await self.store.ratings(name)).get(GAME_TYPES.default.name, Rating())
        return rating.shown

    async def _capped(self, name: str) -> bool:
        midnight = calendar.timegm(time.gmtime()[:3] + (0, 0, 0, 0, 0, 0))
        return await self.store.games_since(name, midnight) >= self.settings.daily_cap

    def _tell(self, name: str, text: str, kind: str, **fields: Any) -> None:
        self.presence.deliver([Delivery(name, Message(text, kind, {"player": name, **fields}))])

    async def _keep_seating(self) -> None:
        while True:
            await asyncio.sleep(self.settings.every)
            try:
                await self.pair()
            except Exception:  # one failed pass must not stop the ladder
                log.exception("ladder.pass_failed")
