"""load_bench.py's ``correspondence`` mode (issue 38): ``--clients`` bots, each sitting at five correspondence tables
at once, every move aimed at its table with ``@N`` over the JSON protocol, as a bot playing many such games does.

The bots are put ten to a room; in each room every bot plays a two-player table with the bots one and two places
along and five places across (the circulant graph C10(1, 2, 5): five tables each, 25 a room; 1,000 bots sit at 2,500
tables). One of each pair opens the table (``table open pace=correspondence goal=G``), the other sits, the opener
starts it; when a game ends the pair opens another. Each bot thinks ``--think`` seconds (0.5x to 1.5x) before each
move, at each table on its own, and each move is timed from its sending to the next message about that table that
reaches the bot (its news). Prints what the ``tables`` mode prints: moves per second, p50/p99, errors, the server's CPU
and RSS, the bots' own lag and the machine's waits."""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import os
import random
import time
from typing import Any

from bots.reference_bot import TABLE_ONLY_EVENTS, Connection, cautious
from benchmarks.botnames import bot_name
from benchmarks.processes import cpu_seconds, print_machine

PER_ROOM = 10
ACROSS = ((1, 2), (2, 2), (5, 1))
"""The pairs of a room, as (places along, how many bots start a pair so): i with i+1 and i+2 (every bot), and with
i+5 (the first five): each bot at five tables."""
UNANSWERED = 10.0
"""Seconds after which a move with no news of its table counts as an error."""


def pairs(room: int) -> list[tuple[int, int]]:
    """Bot indices (opener, guest) of a room's 25 tables."""
    base = room * PER_ROOM
    return [(base + i, base + (i + step) % PER_ROOM) for step, _ in ACROSS
            for i in range(PER_ROOM if step < PER_ROOM // 2 else PER_ROOM // 2)]


class PostalBot:
    """One bot's connection and its tables: answers each table that waits on it, after thinking, with ``@N``."""

    timed: list[tuple[float, float]] = []
    errors: collections.Counter[str] = collections.Counter()
    think = 0.0
    games = 0
    """Games ended at tables the bots opened."""

    def __init__(self, name: str, connection: Connection) -> None:
        self.name, self.connection = name, connection
        self.known: set[int] = set()
        self.sent: dict[int, float] = {}
        """The tables with a move of ours on its way, and when it was sent."""
        self.opened: asyncio.Queue[int] = asyncio.Queue()
        """The numbers of the tables this bot opened, as they come."""
        self.seats: dict[int, int] = {}
        """How many sit at each of our tables (the opener starts once its guest sits)."""
        self.ended: asyncio.Queue[int] = asyncio.Queue()
        self.welcomed = asyncio.Event()
        self.news = asyncio.Event()
        self.tasks: set[asyncio.Task[None]] = set()
        self.dropped = False

    async def listen(self) -> None:
        while (message := await self.connection.message()) is not None:
            self.read(message)
        self.dropped = True

    def read(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "message" and message.get("kind") == "welcome":
            self.welcomed.set()
        elif kind == "message" and message.get("kind") == "table_closed":
            number = int(message["fields"]["table"])
            self.known.discard(number)
            self.sent.pop(number, None)
            if self.seats.pop(number, None) is not None:
                PostalBot.games += 1
                self.ended.put_nowait(number)
        elif kind == "error":
            self.errors[message.get("code", "?")] += 1
        elif kind == "table":
            self.table(message)

    def table(self, message: dict[str, Any]) -> None:
        number, state = message["table"], message["state"]
        seated = [seat["name"] for seat in state["seats"]]
        sent = self.sent.pop(number, None)
        if sent is not None:
            self.timed.append((sent, time.perf_counter() - sent))
        if number not in self.known:
            self.known.add(number)
            if seated == [self.name]:
                self.opened.put_nowait(number)
        if number in self.seats or seated[:1] == [self.name]:
            self.seats[number] = len(seated)
        self.news.set()
        if (message["you_may"] and self.name in state["waiting_on"]
                and any(event["type"] not in TABLE_ONLY_EVENTS for event in message["events"])):
            task = asyncio.create_task(self.move(number, message["you_may"], state))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def move(self, number: int, you_may: list[str], state: dict[str, Any]) -> None:
        if self.think:
            await asyncio.sleep(random.uniform(0.5, 1.5) * self.think)
        if number in self.known:
            self.sent[number] = time.perf_counter()
            self.connection.send(f"{cautious(you_may, state)} @{number}")

    async def until(self, ready: Any) -> None:
        while not ready():
            self.news.clear()
            await self.news.wait()

    def unanswered(self, now: float) -> int:
        late = [number for number, sent in self.sent.items() if now - sent > UNANSWERED]
        for number in late:
            del self.sent[number]
        return len(late)


async def open_table(opener: PostalBot, guest: PostalBot, goal: int) -> None:
    """One correspondence table of the pair: opened, sat at, started (the opener's current table: the one it just
    opened, as moves aimed with '@N' leave it so)."""
    opener.connection.send(f"table open pace=correspondence goal={goal}")
    number = await asyncio.wait_for(opener.opened.get(), 60)
    guest.connection.send(f"sit {number}")
    await asyncio.wait_for(opener.until(lambda: opener.seats.get(number, 0) >= 2), 60)
    opener.connection.send("start")


async def host_room(bots: list[PostalBot], room: int, goal: int, playing: list[int]) -> None:
    """A room's tables opened one after another (an opener's 'start' goes to its current table), then opened again
    as their games end."""
    lock = asyncio.Lock()

    async def pair(opener: PostalBot, guest: PostalBot) -> None:
        while True:
            async with lock:
                await open_table(opener, guest, goal)
            playing[0] += 1
            await opener.ended.get()

    await asyncio.gather(*(pair(bots[a], bots[b]) for a, b in pairs(room)))


async def join(index: int, port: int, room: str, host: str, gate: asyncio.Semaphore) -> PostalBot:
    async with gate:
        connection = await Connection.open(host, port)
        bot = PostalBot(bot_name(index), connection)
        listening = asyncio.create_task(bot.listen())
        bot.tasks.add(listening)
        connection.send("json")
        connection.send(f"create {bot.name} benchpass")
        await asyncio.wait_for(bot.welcomed.wait(), 60)
        connection.send(f"go {room}")
    return bot


async def correspondence_phase(args: argparse.Namespace, port: int, rooms: list[str], pid: int) -> None:
    """Every bot at five correspondence tables, until the duration is up; then the figures."""
    from benchmarks import load_bench as lb

    PostalBot.think = args.think
    gate = asyncio.Semaphore(args.concurrency)
    t0 = time.perf_counter()
    bots = await asyncio.gather(*(join(i, port, rooms[i // PER_ROOM], lb.HOST, gate)
                                  for i in range(len(rooms) * PER_ROOM)))
    playing = [0]
    """Tables started (a pair's next table counts again)."""
    tables = len(rooms) * len(pairs(0))
    hosting = [asyncio.create_task(host_room(bots, room, args.goal, playing)) for room in range(len(rooms))]
    while playing[0] < tables and time.perf_counter() - t0 < lb.MAX_DURATION:
        await asyncio.sleep(0.1)
    t1 = time.perf_counter()
    print(f"logged in: {sum(b.welcomed.is_set() for b in bots)}/{len(bots)}, correspondence tables started: "
          f"{playing[0]}/{tables}, in {t1 - t0:.1f} s")
    PostalBot.timed.clear()
    PostalBot.errors.clear()
    gc.freeze()
    cpu_before, own_before = cpu_seconds(pid), time.process_time()
    waits_before = lb.waited_seconds(pid), lb.waited_seconds(os.getpid()), lb.cpu_pressure()
    lags: list[float] = []
    lagging = asyncio.create_task(lb.loop_lag(lags))
    waited: list[tuple[float, float]] = []
    rss = asyncio.create_task(lb.sample_server(pid, t1 + args.duration, waited))
    games_before = PostalBot.games
    await asyncio.sleep(args.duration)
    elapsed = time.perf_counter() - t1
    cpu, own = cpu_seconds(pid) - cpu_before, time.process_time() - own_before
    waits = [now - before for now, before in zip(
        (lb.waited_seconds(pid), lb.waited_seconds(os.getpid()), lb.cpu_pressure()), waits_before)]
    lagging.cancel()
    games = PostalBot.games - games_before
    unanswered = sum(b.unanswered(time.perf_counter()) for b in bots)
    latencies = sorted(latency for _, latency in PostalBot.timed)
    print(f"correspondence: {len(bots)} bots each at 5 correspondence tables ({tables} tables of 2), goal {args.goal}, "
          f"thinking {args.think:g} s a move, {elapsed:.1f} s with every table playing: {games} games finished, "
          f"{len(latencies) / elapsed:.0f} moves/s")
    lb.print_latencies(latencies)
    errors = dict(PostalBot.errors)
    print(f"errors: {sum(errors.values())} {errors or ''}  unanswered ({UNANSWERED:g} s): {unanswered}  "
          f"disconnects: {sum(b.dropped for b in bots)}")
    print_machine(cpu, own, elapsed, len(latencies), lags, waits)
    print(f"server RSS while playing: peak {await rss:.1f} MiB")
    lb.print_by_wait(PostalBot.timed, waited)
    for task in hosting:
        task.cancel()
    for bot in bots:
        for task in list(bot.tasks):
            task.cancel()
        bot.connection.writer.close()
