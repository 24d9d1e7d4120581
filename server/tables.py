"""The live tables: their numbers, the server's dice, the turn timers, saving every move before anyone sees it, and
handing each move's news to the people at the table (each connection renders it in its own style)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from engine import DiceExhausted, DiceSource, Game, LoadedDice, RuleSet, SeededDice, ThrowSyntaxError, parse_throw
from engine.events import event_from_dict, event_to_dict
from rooms.messages import Delivery, Message, Refusal
from rooms.tables import Opened, Sat, Status, Table, TableNews, parse_options
from server import texts
from server.render.board import scoreboard
from server.render.scorehandler import Style, render, rules_summary
from server.results import results
from server.store import Finish

if TYPE_CHECKING:
    from server.app import GameServer
    from server.session import Session

log = structlog.get_logger()
PLAIN = Style(cubes="compact")
"""How table news reads in a message's plain ``text`` (connections render their own)."""


def load_dice(script: Path | None) -> DiceSource:
    """Fair seeded dice, or (loudly) the throws of a script file, one a line, ``#`` comments allowed."""
    if script is None:
        return SeededDice(secrets.randbits(64))
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


@dataclass(slots=True)
class Live:
    """A table being played, with what the server keeps beside it."""

    table: Table
    game_id: int
    stored: int = 0
    """How many of the game's events are saved."""
    moves: int = 0
    """Counts moves, so a timer that fired just before one does not move again."""
    timer: asyncio.TimerHandle | None = None


class Tables:
    """Every open table on the server, by number (numbers are global: ``sit 2`` anywhere in table 2's room)."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.settings = server.settings.tables
        self.dice = load_dice(self.settings.dice_script)
        self.live: dict[int, Live] = {}
        self._opening: set[int] = set()
        """Numbers taken by tables being opened (their first save is on its way)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # -- finding tables ----------------------------------------------------------------------------------------------

    def get(self, number: int) -> Live:
        live = self.live.get(number)
        if live is None:
            raise Refusal(texts.NO_SUCH_TABLE.format(number=number))
        return live

    def in_room(self, room: str) -> list[Live]:
        return [live for live in self.live.values() if live.table.room == room]

    def seat_of(self, name: str) -> Live | None:
        return next((live for live in self.live.values() if live.table.is_seated(name)), None)

    def listeners(self, room: str) -> list[str]:
        """Players and watchers of the tables in ``room``: they hear the room's talk wherever they are."""
        return [name for live in self.in_room(room) for name in live.table.audience]

    # -- life cycle --------------------------------------------------------------------------------------------------

    async def restore(self) -> None:
        """Bring back every table that was open, each game exactly where its last saved event left it; nobody is
        connected yet, so every seated player starts absent. Two open tables stored under one number (a race of
        older releases) both come back, the later one under a new number; finished games a crash left without
        results get them."""
        store = self.server.store
        for finished in await store.finished_without_results():
            game = Game.replay([event_from_dict(e) for e in finished.events])
            await store.finish_game(finished.game_id, Finish(game.state.winner, results(game)))
            log.warning("table.results_repaired", game=finished.game_id)
        for stored in await store.open_tables():
            events = [event_from_dict(e) for e in stored.events]
            number = stored.number
            if number in self.live:
                number = self._free_number()
                await store.renumber_table(stored.game_id, number)
                log.warning("table.renumbered", game=stored.game_id, was=stored.number, table=number)
            table = Table.restore(number, stored.room, RuleSet(**stored.rules), stored.seats, events, stored.bots)
            for name in table.people:
                table.set_absent(name, True)
            self.live[number] = Live(table, stored.game_id, stored=len(events))
            log.info("table.restored", table=number, game=stored.game_id, events=len(events),
                     status=table.status.value, bots=len(table.bots))
        for live in list(self.live.values()):
            await self._bots(live)  # a stop may have come between a person's move and the bots' answers

    def stop(self) -> None:
        for live in self.live.values():
            self._disarm(live)
        for task in self._tasks:
            task.cancel()

    async def open(self, name: str, words: list[str]) -> Live:
        """A new table in the player's room, the player in its first seat."""
        self._refuse_second_seat(name)
        rules = parse_options(words)
        room = self.server.world.location(name).key
        number = self._free_number()
        self._opening.add(number)  # before the await: a second 'table open' meanwhile takes another number
        try:
            game_id = await self.server.store.open_table(number, room, rules.model_dump(mode="json"), [name])
        finally:
            self._opening.discard(number)
        table = Table(number, room, rules, [name])
        live = self.live[number] = Live(table, game_id)
        log.info("table.open", table=number, game=game_id, room=room, by=name)
        opened = texts.TABLE_OPENED.format(who=name, number=number, rules=rules_summary(rules))
        world = self.server.world
        announcement = Message(opened, "table_opened", {"table": str(number), "by": name})
        self.server.deliver(Delivery(p, announcement) for p in world.occupants(room) if p != name)
        self._deliver(TableNews(number, (Opened(name, rules), Sat(name)), table.view()), table.audience)
        return live

    # -- moves -------------------------------------------------------------------------------------------------------

    async def act(self, live: Live, move: Callable[[], TableNews | None]) -> TableNews | None:
        """Make a move at a table and publish it; then the house bots answer, if the table waits on them."""
        heard = live.table.audience  # who leaves still hears themselves leave
        try:
            news = move()
        except DiceExhausted as exhausted:
            log.warning("dice.exhausted", table=live.table.number, why=str(exhausted))
            raise Refusal(texts.DICE_EXHAUSTED.format(why=exhausted)) from None
        if news is None:
            return None
        await self._publish(live, news, heard)
        await self._bots(live)
        return news

    async def _publish(self, live: Live, news: TableNews, heard: list[str]) -> None:
        """Save a move, then show it to everyone at the table (and to who just left it), then close the table or
        restart the clock. What this move did is judged before the save is awaited: meanwhile the table may move on,
        and only the move that ended it may close it, after its own save."""
        live.moves += 1
        self._disarm(live)
        table = live.table
        over = table.status is Status.OVER
        empty = not table.seats and table.status is Status.WAITING
        await self._save(live)
        audience = list(dict.fromkeys([*heard, *table.audience]))
        self._deliver(news, audience)
        if over:
            await self._close(live, texts.TABLE_CLOSED_GAME.format(game=live.game_id), audience)
        elif empty:
            await self._close(live, texts.TABLE_CLOSED_EMPTY, audience)
        else:
            self._arm(live)

    async def _bots(self, live: Live) -> None:
        """House bots move while the table waits on them, each move published like a person's, yielding to the
        other connections between moves."""
        moves = live.table.bot_moves(self.dice)
        while self.live.get(live.table.number) is live:
            await asyncio.sleep(0)
            heard = live.table.audience
            try:
                news = next(moves, None)
            except DiceExhausted as exhausted:
                log.warning("dice.exhausted", table=live.table.number, why=str(exhausted), bot=True)
                return
            if news is None:
                return
            await self._publish(live, news, heard)

    def sit(self, name: str, live: Live) -> Callable[[], TableNews]:
        """``sit`` as a move: nobody sits at two tables at once."""
        self._refuse_second_seat(name, live)
        return lambda: live.table.sit(name)

    def left(self, name: str) -> None:
        """A player's connection is gone: their seat is kept, marked away; a watcher stops watching."""
        self._spawn(self._gone(name))

    async def returned(self, session: Session) -> None:
        """On login: the scoreboard of the player's table, then (to all there) that they are back, and what they may
        do now."""
        name = session.player
        live = self.seat_of(name)
        if live is None:
            return
        view = live.table.view()
        session.tell(scoreboard(view, name, session.style), "table")
        if await self.act(live, lambda: live.table.set_absent(name, False)) is None:  # they were not away
            session.send(Message("", "table", {"table": str(view.table)}, data=TableNews(view.table, (), view)))

    async def _gone(self, name: str) -> None:
        for live in list(self.live.values()):
            table = live.table
            if name in table.watchers:
                await self.act(live, lambda: table.unwatch(name))
            elif table.is_seated(name):
                await self.act(live, lambda: table.set_absent(name, True))

    # -- inside ------------------------------------------------------------------------------------------------------

    def _free_number(self) -> int:
        """The lowest number no table has or is being opened under."""
        taken = self.live.keys() | self._opening
        return next(n for n in range(1, len(taken) + 2) if n not in taken)

    def _refuse_second_seat(self, name: str, here: Live | None = None) -> None:
        seated = self.seat_of(name)
        if seated is not None and seated is not here:
            raise Refusal(texts.SEATED_ELSEWHERE.format(number=seated.table.number))

    async def _save(self, live: Live) -> None:
        """The move's events and the table as it now is; a finished game's results go in the same transaction."""
        table = live.table
        game = table.game
        events = game.events[live.stored :] if game is not None else []
        first, live.stored = live.stored, live.stored + len(events)
        finish = Finish(game.state.winner, results(game)) if game is not None and game.is_over else None
        await self.server.store.save_table(
            live.game_id, table.rules.model_dump(mode="json"), table.seats,
            {name: list(bot.words) for name, bot in table.bots.items()}, table.status.value, first,
            [event_to_dict(e) for e in events], finish,
        )

    async def _close(self, live: Live, why: str, audience: list[str]) -> None:
        """Take the table away (a finished game's results are already saved with its last move)."""
        table = live.table
        del self.live[table.number]
        game = table.game
        if game is None:
            await self.server.store.close_table(live.game_id)
        log.info("table.closed", table=table.number, game=live.game_id, winner=game.state.winner if game else None)
        closed = Message(texts.TABLE_CLOSED.format(number=table.number, why=why), "table_closed",
                         {"table": str(table.number), "game": str(live.game_id)})
        self.server.deliver(Delivery(name, closed) for name in audience)

    def _deliver(self, news: TableNews, audience: Sequence[str]) -> None:
        """One message for the whole audience; each session renders ``data`` for its player in their style."""
        message = Message(render(news, "", PLAIN), "table", {"table": str(news.table)}, data=news)
        self.server.deliver(Delivery(name, message) for name in audience)

    # -- the clock ---------------------------------------------------------------------------------------------------

    def _arm(self, live: Live) -> None:
        """Start the clock on the move the table waits for, unless nobody is there to wait for it."""
        table = live.table
        game = table.game
        if game is None or game.is_over or game.state.turn is None:
            return
        present = [p.name for p in game.state.active if p.name not in table.absent and p.name not in table.bots]
        if not present or all(name in table.bots for name in game.waiting_on()):
            return  # nobody is there to wait for, or only house bots, who move at once
        seconds = self.settings.insurance_window if game.state.turn.window else self.settings.turn_timer
        self._disarm(live)  # an earlier move's publish may have armed it while this one was being saved
        moves = live.moves
        live.timer = asyncio.get_running_loop().call_later(seconds, self._expire, live, moves)

    def _disarm(self, live: Live) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None

    def _expire(self, live: Live, moves: int) -> None:
        self._spawn(self._time_out(live, moves))

    def _spawn(self, work: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _time_out(self, live: Live, moves: int) -> None:
        if live.moves != moves or self.live.get(live.table.number) is not live:
            return
        game = live.table.game
        log.info("table.timed_out", table=live.table.number, player=game.state.current if game else None)
        try:
            await self.act(live, lambda: live.table.timed_out(self.dice))
        except Refusal as refusal:
            log.warning("table.timer_failed", table=live.table.number, why=str(refusal))
