"""Load benchmark: many raw-socket clients on loopback log in and talk, or play, on a real server.

Starts the server as a child process (so its RSS is its own), connects bots that ignore
telnet negotiation and spreads them over generated parlours. Two modes:

- ``talk`` (default): ``--clients`` bots, a handful per room; ``--talkers`` of them ``say``
  something ``--rate`` times a second for ``--duration`` seconds, each timed until the speaker
  sees its own echo. Prints connections held, commands per second, p50/p99 round trip, errors (no echo in 10 s)
  and disconnects, the server's CPU per command, RSS.
- ``tables``: ``--tables`` tables, one per room, with two, three and four players in turn; the
  players are the reference bot (bots/reference_bot.py: JSON lines, its own telnet stripping, the
  ``cautious`` strategy), exactly as bot authors run it: at each table one opens (``--goal``), the
  others sit, and they play real games with fair dice, a new game as soon as one ends, measured
  for ``--duration`` seconds once every table is playing. ``--think`` gives each bot a thinking time before each
  move (0 by default: every bot moves at once, so the machine is saturated and latency is a queue). Prints games
  per minute, moves per second, p50/p99 from a move sent to the next message received, the errors answering a move
  and the disconnects, the server's CPU (per move) and RSS, and the bots' own CPU and event loop lag. How long the
  server's and the bots' event loops waited for a core (other processes on the machine) is printed too, and the
  latencies of the seconds in which the server's loop hardly waited apart from the others.
- ``correspondence``: ``--clients`` bots (ten a room), each at five correspondence tables of two, every move aimed
  with ``@N``, ``--think`` seconds before each (benchmarks/correspondence_load.py); prints what ``tables`` prints.

Bounded: at most 5,000 clients and 120 s of talk, loopback only, one overall deadline;
the server is always stopped at the end.

    .venv/bin/python benchmarks/load_bench.py --clients 2000 --talkers 500
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import os
import random
import resource
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
MAX_CLIENTS, MAX_DURATION = 5000, 120.0
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots.reference_bot import TABLE_ONLY_EVENTS, BotError, Connection, Player, cautious, run as play  # noqa: E402
from benchmarks.processes import cpu_seconds, rss_mib, with_children  # noqa: E402,F401  (what other benchmarks import from here)
from benchmarks.processes import print_cpu, print_machine  # noqa: E402
from benchmarks.stores import STORES, configured  # noqa: E402
from server.process.running import GC_YOUNG_THRESHOLD  # noqa: E402
from benchmarks.correspondence_load import PER_ROOM as POSTAL_PER_ROOM, correspondence_phase  # noqa: E402
from benchmarks.botnames import bot_name  # noqa: E402


class Bot:
    """One raw-socket player; remembers when it said what, and when it heard it back."""

    def __init__(self, index: int) -> None:
        self.name = bot_name(index)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.buffer = b""
        self.expected: tuple[bytes, float] | None = None
        self.latencies: list[float] = []
        self.got: asyncio.Event = asyncio.Event()
        self.timeouts = 0
        self.dropped = False

    async def connect(self, port: int, room: str) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, port)
        await self.wait_for(b"leaves.")
        self.send(f"create {self.name} benchpass")
        await self.wait_for(b"Obvious exits")
        self.send(f"go {room}")
        await self.wait_for(b"Obvious exits")

    def send(self, line: str) -> None:
        assert self.writer is not None
        self.writer.write(line.encode() + b"\r\n")

    async def wait_for(self, marker: bytes) -> None:
        assert self.reader is not None
        while marker not in self.buffer:
            data = await self.reader.read(65536)
            if not data:
                raise ConnectionError(f"{self.name}: closed waiting for {marker!r} after {self.buffer[-300:]!r}")
            self.buffer += data
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker) :]

    async def listen(self) -> None:
        """Read until closed, timing our own echoes; keep only a short tail of text."""
        assert self.reader is not None
        while data := await self.reader.read(65536):
            self.buffer = (self.buffer + data)[-8192:]
            if self.expected and self.expected[0] in self.buffer:
                self.latencies.append(time.perf_counter() - self.expected[1])
                self.buffer, self.expected = b"", None
                self.got.set()
        self.dropped = True

    async def talk(self, rate: float, until: float, serial: list[int]) -> None:
        await asyncio.sleep(random.uniform(0, 1 / rate))  # spread the talkers over the second
        while time.perf_counter() < until:
            started = time.perf_counter()
            serial[0] += 1
            token = f"t{serial[0]}"
            self.got.clear()
            self.expected = (f'You say, "{token}"'.encode(), started)
            self.send(f"say {token}")
            try:
                await asyncio.wait_for(self.got.wait(), 10)
            except TimeoutError:
                self.expected = None
                self.timeouts += 1
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - started)))


SETUP = ("json", "create ", "connect ", "go ", "sit", "table open", "QUIT")
"""Lines that are not moves: logging in, and finding a table (a 'sit' may wait for a table to open)."""


class TimedConnection(Connection):
    """The reference bot's connection, timing each move (each line but SETUP's) until the next message."""

    timed: list[tuple[float, float]] = []
    """When each move was sent, and its latency."""
    logged_in: list[float] = []
    """When each bot was welcomed: the measurement starts once all are."""
    errors: collections.Counter[str] = collections.Counter()
    """Error messages the server sent in answer to a move, by code (counted from the start of the measurement)."""
    playing: set[int] = set()
    """Tables seen playing: the measurement starts once every table has begun its game."""
    disconnects = 0
    """Connections the server closed while the bot still meant to play."""
    think = 0.0
    """Mean seconds a bot thinks before a move (0: it moves at once)."""

    def send(self, line: str) -> None:
        super().send(line)
        if line.startswith("create "):
            self.name = line.split()[1]
        if not line.startswith(SETUP):
            self.sent_at = getattr(self, "sent_at", 0.0) or time.perf_counter()

    async def message(self) -> dict[str, Any] | None:
        message = await super().message()
        moving = getattr(self, "sent_at", 0.0)
        if message is not None and message.get("kind") == "timer":
            return message  # the clock's news after a table message, already on its way before the move was sent
        if message is not None and moving:
            self.timed.append((moving, time.perf_counter() - moving))
            self.sent_at = 0.0
        if message is None:
            TimedConnection.disconnects += 1
        elif message.get("kind") == "welcome":
            self.logged_in.append(time.perf_counter())
        elif message.get("type") == "table" and message["state"]["status"] == "playing":
            self.playing.add(message["table"])
        elif message.get("type") == "error" and moving:  # not a 'sit' before the table opened: the bot expects those
            self.errors[message.get("code", "?")] += 1
        if message is not None and self.think and self.moves_on(message):  # after the timing: the server's time is not the bot's
            await asyncio.sleep(random.uniform(0.5, 1.5) * self.think)
        return message

    def moves_on(self, message: dict[str, Any]) -> bool:
        """Whether the reference bot will answer this message with a move (its own test, in Player._table)."""
        return bool(
            message.get("type") == "table" and message["you_may"] and self.name in message["state"]["waiting_on"]
            and any(event["type"] not in TABLE_ONLY_EVENTS for event in message["events"])
        )


def write_world(path: Path, rooms: int) -> list[str]:
    keys = [f"t{i}" for i in range(rooms)]
    parts = ['start = "lobby"\n\n[rooms.lobby]\nname = "Lobby"\ndescription = "Where everyone arrives."\n']
    parts += [f'[[rooms.lobby.exits]]\nname = "{k}"\nto = "{k}"\n' for k in keys]
    for k in keys:
        parts.append(f'[rooms.{k}]\nname = "Table {k}"\ndescription = "A table."\n')
        parts.append(f'[[rooms.{k}.exits]]\nname = "lobby"\nto = "lobby"\n')
    path.write_text("\n".join(parts))
    return keys


def raise_fd_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def server_environment(workdir: Path, world: Path, port: int) -> dict[str, str]:
    """The project server's settings for a benchmark: loopback, its own data directory, limits lifted for bots."""
    return {
        **os.environ,
        "COSMIC_HOST": HOST,
        "COSMIC_PORT": str(port),
        "COSMIC_DATA_DIR": str(workdir / "data"),
        "COSMIC_WORLD_FILE": str(world),
        "COSMIC_LOG_LEVEL": "warning",
        "COSMIC_PASSWORD_HASH_COST": "1024",  # login storm of thousands; real cost is 131072
        "COSMIC_LIMITS__MAX_CONNECTIONS_PER_ADDRESS": str(MAX_CLIENTS + 10),
        "COSMIC_LIMITS__COMMAND_RATE": "1000",  # table bots move with no thinking time; people type slower
        "COSMIC_LIMITS__CREATE_BURST": str(MAX_CLIENTS + 10),  # every bot makes its character from one address
        "COSMIC_LIMITS__TABLES_PER_HOUR": "1000000",  # a host bot opens a table a game, thousands of games an hour
        "COSMIC_WEB__ENABLED": "false",  # telnet only (and no clash on the web client's fixed port)
        "PYTHONPATH": str(ROOT),
    }


SERVER_CODE = "from server.main import main; main()"


async def spawn(code: str, env: dict[str, str], cwd: Path, port: int) -> tuple[asyncio.subprocess.Process, float]:
    """Start ``python -c code`` and wait until it serves a connection: accepts it and sends its first byte (telnet
    negotiation, or a bare server's banner). A listening socket alone is not enough (the kernel completes the
    handshake before the server's loop has even run). Returns the process and the seconds to that first byte."""
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", code, cwd=cwd, env=env)
    for _ in range(2000):
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            await asyncio.sleep(0.005)
            continue
        try:
            first = await asyncio.wait_for(reader.read(1), 30)
        finally:
            writer.close()
        if first:
            return process, time.perf_counter() - started
        await asyncio.sleep(0.005)  # closed without a word: not serving yet
    process.kill()
    raise RuntimeError("server did not start")


async def start_server(workdir: Path, world: Path, port: int, one_process: bool = False) -> asyncio.subprocess.Process:
    """The server as operators run it (the portal and its game process), or in one process (``--one-process``)."""
    code = "from server.main import main; main(['--one-process'])" if one_process else SERVER_CODE
    process, _ = await spawn(code, server_environment(workdir, world, port), workdir, port)
    return process


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def waited_seconds(pid: int) -> float:
    """Seconds the process's main thread (an event loop's) has spent ready to run but waiting for a core."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def cpu_pressure() -> float:
    """Seconds for which some task on the machine was waiting for a core (Linux PSI; 0 where it is not kept)."""
    try:
        some = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except OSError:
        return 0.0
    return int(some.rsplit("total=", 1)[1]) / 1e6


async def loop_lag(lags: list[float]) -> None:
    """How late this process's event loop wakes from a short sleep: the bots' own delay in every latency measured."""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - started - 0.01)


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        workdir = Path(tmp)
        sizes = [2 + i % 3 for i in range(args.tables)] if args.mode == "tables" else []
        clients = sum(sizes) or args.clients
        per_room = POSTAL_PER_ROOM if args.mode == "correspondence" else args.per_room
        rooms = len(sizes) or max(1, clients // per_room)
        keys = write_world(workdir / "world.toml", rooms)
        server = await start_server(workdir, workdir / "world.toml", port, args.one_process)
        print(f"server pid {server.pid} on {HOST}:{port}, idle RSS {rss_mib(server.pid):.1f} MiB")
        if args.mode != "talk":
            try:
                await (tables_phase(args, port, keys, sizes, server.pid) if args.mode == "tables"
                       else correspondence_phase(args, port, keys, server.pid))
            finally:
                await stop_server(server)
            return
        bots = [Bot(i) for i in range(clients)]
        homes = [keys[i % len(keys)] for i in range(clients)]
        gate = asyncio.Semaphore(args.concurrency)

        async def join(bot: Bot, room: str) -> bool:
            async with gate:
                try:
                    await bot.connect(port, room)
                    return True
                except (OSError, ConnectionError) as exc:
                    print(f"  {bot.name}: {exc}")
                    return False

        try:
            t0 = time.perf_counter()
            joined = await asyncio.gather(*(join(b, home) for b, home in zip(bots, homes)))
            login_time = time.perf_counter() - t0
            live = [b for b, ok in zip(bots, joined) if ok]
            print(f"connected and logged in: {len(live)}/{clients} in {login_time:.1f} s "
                  f"({len(live) / login_time:.0f} logins/s); server RSS {rss_mib(server.pid):.1f} MiB")
            await talk_phase(args, live, server.pid)
            for b in live:
                b.writer.close()  # type: ignore[union-attr]
        finally:
            await stop_server(server)


async def stop_server(server: asyncio.subprocess.Process) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(server.wait(), 15)
    except TimeoutError:
        server.kill()
    print(f"server exit status {server.returncode}")


async def talk_phase(args: argparse.Namespace, live: list[Bot], pid: int) -> None:
    listeners = [asyncio.create_task(b.listen()) for b in live]
    talkers = live[: args.talkers]
    serial = [0]
    until = time.perf_counter() + args.duration
    t1, cpu_before = time.perf_counter(), cpu_seconds(pid)
    await asyncio.gather(*(b.talk(args.rate, until, serial) for b in talkers))
    talk_time, cpu = time.perf_counter() - t1, cpu_seconds(pid) - cpu_before
    latencies = sorted(x for b in talkers for x in b.latencies)
    held = sum(1 for b in live if b.writer and not b.writer.is_closing() and not b.reader.at_eof())  # type: ignore[union-attr]
    peak_rss = rss_mib(pid)
    print(f"connections held during talk: {held}")
    print(f"talk: {len(talkers)} clients x {args.rate:g} say/s for {talk_time:.1f} s: "
          f"{len(latencies)} answered of {serial[0]} sent, {len(latencies) / talk_time:.0f} commands/s")
    print_latencies(latencies)
    print(f"errors (no echo within 10 s): {sum(b.timeouts for b in talkers)}  "
          f"disconnects: {sum(b.dropped for b in live)}")
    print_cpu(cpu, talk_time, len(latencies), "say")
    print(f"server RSS after talk: {peak_rss:.1f} MiB "
          f"({peak_rss * 1024 / max(1, held):.0f} KiB per connection incl. baseline)")
    for task in listeners:
        task.cancel()


async def tables_phase(args: argparse.Namespace, port: int, rooms: list[str], sizes: list[int], pid: int) -> None:
    """Every seat a reference bot (its own Connection, Player and run loop), until the duration is up."""
    hosts: list[Player] = []
    failures: list[str] = []
    TimedConnection.think = args.think
    gate = asyncio.Semaphore(args.concurrency)

    async def seat(name: str, room: str, size: int, host: bool) -> None:
        player = Player(name, "benchpass", cautious, f"goal={args.goal}" if host else None, size, 10**9, room)
        hosts.extend([player] * host)
        try:
            async with gate:
                connection = await TimedConnection.open(HOST, port)
            await play(connection, player)
        except (OSError, ConnectionError, BotError) as exc:
            failures.append(f"{name}: {exc!r}")

    bots = [seat(f"b{room}s{i}", room, size, i == 0)
            for room, size in zip(rooms, sizes) for i in range(size)]
    t0 = time.perf_counter()
    playing = asyncio.gather(*bots)
    while len(TimedConnection.playing) < len(rooms) and time.perf_counter() - t0 < MAX_DURATION:
        await asyncio.sleep(0.1)
    t1, games_before = time.perf_counter(), sum(host.played for host in hosts)
    print(f"logged in: {len(TimedConnection.logged_in)}/{len(bots)}, tables playing: "
          f"{len(TimedConnection.playing)}/{len(rooms)}, in {t1 - t0:.1f} s")
    TimedConnection.timed.clear()
    TimedConnection.errors.clear()
    TimedConnection.disconnects, failed_before = 0, len(failures)
    gc.freeze()  # the bots' state lives to the end: their collections would count in the latencies
    cpu_before, own_before = cpu_seconds(pid), time.process_time()
    waits_before = waited_seconds(pid), waited_seconds(os.getpid()), cpu_pressure()
    lags: list[float] = []
    lagging = asyncio.create_task(loop_lag(lags))
    waited: list[tuple[float, float]] = []
    rss = asyncio.create_task(sample_server(pid, t1 + args.duration, waited))
    try:
        async with asyncio.timeout(args.duration):
            await playing
    except TimeoutError:
        pass
    elapsed = time.perf_counter() - t1
    cpu, own = cpu_seconds(pid) - cpu_before, time.process_time() - own_before
    waits = [now - before for now, before in zip((waited_seconds(pid), waited_seconds(os.getpid()), cpu_pressure()),
                                                 waits_before)]
    lagging.cancel()
    games = sum(host.played for host in hosts) - games_before
    latencies = sorted(latency for _, latency in TimedConnection.timed)
    print(f"tables: {len(sizes)} tables of 2-4 players ({sum(sizes)} reference bots), goal {args.goal}, "
          f"thinking {args.think:g} s a move, "
          f"{elapsed:.1f} s with everyone in: {games} games finished, {games * 60 / elapsed:.0f} games/min, "
          f"{len(latencies) / elapsed:.0f} moves/s")
    print_latencies(latencies)
    errors = dict(TimedConnection.errors)
    print(f"errors: {sum(errors.values())} {errors or ''}  disconnects: {TimedConnection.disconnects}  "
          f"bots failed: {len(failures) - failed_before}")
    for failure in failures[failed_before:][:5]:
        print(f"  {failure}")
    print_machine(cpu, own, elapsed, len(latencies), lags, waits)
    print(f"server RSS while playing: peak {await rss:.1f} MiB")
    print_by_wait(TimedConnection.timed, waited)


async def sample_server(pid: int, until: float, waited: list[tuple[float, float]]) -> float:
    """The server's peak RSS; and each second, how long its loop has waited for a core so far."""
    peak = 0.0
    while time.perf_counter() < until:
        peak = max(peak, rss_mib(pid))
        waited.append((time.perf_counter(), waited_seconds(pid)))
        await asyncio.sleep(1)
    return peak


QUIET = 0.2
"""A second in which the server's loop waited for a core less than this part of the time: other processes on the
machine left it (nearly) enough (its own bots and SQLite thread make it wait some 10%)."""


def print_by_wait(timed: list[tuple[float, float]], waited: list[tuple[float, float]]) -> None:
    """The latencies of moves sent in quiet seconds apart from the others: what other processes on the machine add."""
    parts: dict[bool, tuple[list[float], list[float]]] = {True: ([], []), False: ([], [])}
    for (start, before), (end, after) in zip(waited, waited[1:]):
        seconds, latencies = parts[(after - before) / (end - start) < QUIET]
        seconds.append(end - start)
        latencies.extend(latency for sent, latency in timed if start <= sent < end)
    for quiet, (seconds, latencies) in parts.items():
        if len(latencies) >= 2:
            q = statistics.quantiles(latencies, n=100)
            print(f"moves sent while the server's loop waited for a core {'under' if quiet else 'over'} "
                  f"{100 * QUIET:.0f}% of the second: {len(latencies)} in {sum(seconds):.0f} s, p50 {q[49] * 1000:.1f} ms, "
                  f"p99 {q[98] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms")


def print_latencies(latencies: list[float]) -> None:
    if len(latencies) >= 2:
        q = statistics.quantiles(latencies, n=100)
        print(f"round trip: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=("talk", "tables", "correspondence"), default="talk")
    parser.add_argument("--one-process", action="store_true", help="the server without its portal (issue 25)")
    parser.add_argument("--tables", type=int, default=200, help="tables mode: tables playing at once")
    parser.add_argument("--goal", type=int, default=200, help="tables mode: each game's goal")
    parser.add_argument("--think", type=float, default=0.0,
                        help="tables mode: mean seconds a bot thinks before each move (0.5x to 1.5x; 0: none)")
    parser.add_argument("--clients", type=int, default=2000, help="talk: clients; correspondence: bots (tens)")
    parser.add_argument("--talkers", type=int, default=500)
    parser.add_argument("--rate", type=float, default=1.0, help="commands per second per talker")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of talk")
    parser.add_argument("--per-room", type=int, default=8, help="players per parlour")
    parser.add_argument("--concurrency", type=int, default=100, help="logins in flight at once")
    parser.add_argument("--store", choices=STORES, default="sqlite",
                        help="the server's storage backend (postgresql: a throwaway cluster, benchmarks/stores.py)")
    args = parser.parse_args()
    args.clients = max(1, min(args.clients, MAX_CLIENTS))
    args.tables = max(1, min(args.tables, MAX_CLIENTS // 4))
    args.talkers = max(0, min(args.talkers, args.clients))
    args.duration = max(1.0, min(args.duration, MAX_DURATION))
    args.rate = max(0.1, min(args.rate, 10.0))
    clients = 3 * args.tables if args.mode == "tables" else args.clients
    raise_fd_limit(2 * clients + 256)  # our sockets; the server inherits the same limit
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])  # a thousand bots' objects, as the server's
    deadline = clients / 20 + args.duration + 120
    with configured(args.store):
        asyncio.run(asyncio.wait_for(run(args), deadline))


if __name__ == "__main__":
    main()
