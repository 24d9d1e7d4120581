"""Soak benchmark: how much the server's memory grows per 1,000 games and per 1,000 connections, on a real server.

Starts the server as a child process (as load_bench does: its RSS is its own), then runs two workloads, each in
three windows: a warm-up, then two equal measured windows. The server's RSS (from /proc) is read after each window;
growth that goes on window after window is what a long run accumulates.

- ``games``: ``--tables`` tables of two reference bots (bots/reference_bot.py, JSON lines, ``cautious``) in rooms
  of their own play games to ``--goal`` with fair dice; every ``--session-games`` games both players quit and
  connect again (the same characters), so tables open and close and players come and go all along.
- ``connections``: visitors connect one after another, ``--concurrency`` at a time, each with a name from a pool of
  ``--names`` (new characters at first, returning ones later) or a wrong password (one in ten: a failed login);
  once in, each says something, talks on a channel, pages itself, lists WHO and the tables, opens a table and
  leaves it (it closes), ignores and unignores someone, asks for more help, and quits.

Prints, for each workload, RSS after each window, growth per 1,000 games or connections in each measured window, and
the database's size (with its WAL) per 1,000. Figures, never a pass or fail: a steady run shows the second window's
growth near zero. Bounded: loopback only, at most 200 tables and 100,000 connections, one overall deadline; the server
is always stopped at the end.

    .venv/bin/python benchmarks/soak_bench.py --games 1000 --connections 2000
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_bench import (  # noqa: E402
    HOST, SERVER_CODE, free_port, raise_fd_limit, rss_mib, server_environment, spawn, write_world,
)
from bots.reference_bot import BotError, Connection, Player, cautious, run as play  # noqa: E402
from server.store.sqlite import FILENAME  # noqa: E402

MAX_TABLES, MAX_CONNECTIONS = 200, 100_000
PASSWORD = "soakpass"
Checkpoint = Callable[[str], Awaitable[None]]
"""Called after each window with its name (this script only reads RSS; an experiment may ask the server more)."""


class Games:
    """Tables of two reference bots, each pair quitting and coming back every ``session_games`` games."""

    def __init__(self, port: int, rooms: list[str], goal: int, session_games: int) -> None:
        self.port, self.rooms, self.goal, self.session_games = port, rooms, goal, session_games
        self.finished = 0
        self.failures: list[str] = []

    async def run_until(self, games: int) -> None:
        """Play until ``games`` more games have finished."""
        target = self.finished + games
        tables = [asyncio.create_task(self._table(room, target)) for room in self.rooms]
        await asyncio.gather(*tables)

    async def _table(self, room: str, target: int) -> None:
        while self.finished < target:
            host = Player(f"h{room}", PASSWORD, cautious, f"goal={self.goal}", 2, self.session_games, room)
            sitter = Player(f"s{room}", PASSWORD, cautious, None, 2, self.session_games, room)
            results = await asyncio.gather(self._session(host), self._session(sitter), return_exceptions=True)
            for result in results:
                if isinstance(result, BaseException):
                    self.failures.append(f"{room}: {result!r}")
            self.finished += host.played

    async def _session(self, player: Player) -> None:
        await play(await Connection.open(HOST, self.port), player)


class Visitors:
    """Short visits: log in (or fail to), use the talk and table commands, quit."""

    SCRIPT = (
        "say hello", "+pub hi all", "page {me}=note to self", "WHO", "tables", "table open goal=100", "leave",
        "ignore {other}", "unignore {other}", "@channel list", "help table", "look", "history",
    )

    def __init__(self, port: int, names: int) -> None:
        self.port, self.names = port, names
        self.visits = 0
        self.failures: list[str] = []
        self._serial = itertools.count()

    async def run(self, visits: int, concurrency: int) -> None:
        tasks = itertools.islice(self._serial, visits)

        async def worker() -> None:
            for serial in tasks:
                try:
                    await self._visit(serial)
                except (OSError, BotError, TimeoutError) as error:
                    self.failures.append(f"visit {serial}: {error!r}")
                self.visits += 1

        await asyncio.gather(*(worker() for _ in range(concurrency)))

    async def _visit(self, serial: int) -> None:
        me, other = f"v{serial % self.names}", f"v{(serial + 1) % self.names}"
        wrong = serial % 10 == 9
        connection = await Connection.open(HOST, self.port)
        try:
            connection.send("json")
            connection.send(f"create {me} {PASSWORD}")
            script = [line.format(me=me, other=other) for line in self.SCRIPT] + ["zz-end"]
            async with asyncio.timeout(30):
                while (message := await connection.message()) is not None:
                    if message["type"] == "error" and message["code"] == "name_taken":
                        connection.send(f"connect {me} {'wrong' if wrong else PASSWORD}")
                    elif message["type"] == "error" and message["code"] == "login_failed":
                        break
                    elif message["type"] == "message" and message["kind"] == "welcome":
                        for line in script:
                            connection.send(line)
                    elif message["type"] == "error" and message["code"] == "unknown_command":
                        break
            connection.send("QUIT")
        finally:
            await connection.close()


def database_mib(workdir: Path) -> float:
    data = workdir / "data"
    return sum(path.stat().st_size for path in data.glob(FILENAME + "*")) / 2**20


async def measure(
    name: str, unit: str, windows: list[int], work: Callable[[int], Awaitable[None]], done: Callable[[], int],
    pid: int, workdir: Path, checkpoint: Checkpoint,
) -> None:
    """Run ``work`` for each window's count; print RSS and the database's size after each, and growth per 1,000."""
    readings = []
    for index, count in enumerate(windows):
        started = time.perf_counter()
        await work(count)
        await asyncio.sleep(1)  # closing connections and tables settle
        label = "warm-up" if index == 0 else f"window {index}"
        await checkpoint(f"{name} {label}")
        readings.append((done(), rss_mib(pid), database_mib(workdir)))
        print(f"{name} {label}: {done()} {unit} in all, {time.perf_counter() - started:.0f} s; "
              f"server RSS {readings[-1][1]:.1f} MiB, database {readings[-1][2]:.2f} MiB", flush=True)
    for index, ((before, rss_before, db_before), (after, rss_after, db_after)) in enumerate(
        zip(readings, readings[1:]), 1
    ):
        per = 1000 / max(1, after - before)
        print(f"{name} window {index}: RSS {per * (rss_after - rss_before):+.2f} MiB per 1,000 {unit}, "
              f"database {per * (db_after - db_before):+.3f} MiB per 1,000 {unit}")


async def no_checkpoint(_: str) -> None:
    return None


async def soak(args: argparse.Namespace, code: str = SERVER_CODE, checkpoint: Checkpoint = no_checkpoint) -> None:
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        workdir = Path(tmp)
        rooms = write_world(workdir / "world.toml", args.tables)
        port = free_port()
        env = server_environment(workdir, workdir / "world.toml", port)
        env["COSMIC_LIMITS__LOGIN_FAILURE_BURST"] = env["COSMIC_LIMITS__ADDRESS_FAILURE_BURST"] = str(MAX_CONNECTIONS)
        server, _ = await spawn(code, env, workdir, port)
        print(f"server pid {server.pid}, idle RSS {rss_mib(server.pid):.1f} MiB, database {database_mib(workdir):.2f} MiB")
        try:
            if args.games:
                games = Games(port, rooms, args.goal, args.session_games)
                windows = [max(args.tables, args.games // 4), args.games, args.games]
                await measure("games", "games", windows, games.run_until, lambda: games.finished, server.pid, workdir,
                              checkpoint)
                print(f"games: {len(games.failures)} sessions failed", *games.failures[:3], sep="\n  ")
            if args.connections:
                visitors = Visitors(port, args.names)
                windows = [max(args.names, args.connections // 4), args.connections, args.connections]
                await measure("connections", "connections", windows,
                              lambda count: visitors.run(count, args.concurrency), lambda: visitors.visits,
                              server.pid, workdir, checkpoint)
                print(f"connections: {len(visitors.failures)} visits failed", *visitors.failures[:3], sep="\n  ")
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(server.wait(), 15)
            except TimeoutError:
                server.kill()
                await server.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games in each measured window (0: skip)")
    parser.add_argument("--tables", type=int, default=20, help="tables playing at once")
    parser.add_argument("--goal", type=int, default=50, help="each game's goal (small: short games)")
    parser.add_argument("--session-games", type=int, default=5, help="games before a pair quits and comes back")
    parser.add_argument("--connections", type=int, default=2000, help="visits in each measured window (0: skip)")
    parser.add_argument("--names", type=int, default=200, help="characters the visitors use between them")
    parser.add_argument("--concurrency", type=int, default=20, help="visits at once")
    parser.add_argument("--deadline", type=float, default=1800.0, help="seconds for the whole run at most")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES or not 0 <= args.connections <= MAX_CONNECTIONS:
        parser.error(f"1 to {MAX_TABLES} tables, at most {MAX_CONNECTIONS} connections a window")
    raise_fd_limit(4 * (args.tables + args.concurrency) + 256)
    asyncio.run(asyncio.wait_for(soak(args), args.deadline))


if __name__ == "__main__":
    main()
