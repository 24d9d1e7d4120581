"""Load benchmark: many raw-socket clients on loopback log in and talk to a real server.

Starts the server as a child process (so its RSS is its own), connects ``--clients`` bots
that ignore telnet negotiation, spreads them over generated parlours (a handful per room,
like players at tables), then has ``--talkers`` of them ``say`` something ``--rate`` times a
second for ``--duration`` seconds, timing each until the speaker sees its own echo.
Prints connections held, commands per second, p50/p99 round trip and the server's RSS.

Bounded: at most 5,000 clients and 120 s of talk, loopback only, one overall deadline;
the server is always stopped at the end.

    .venv/bin/python benchmarks/load_bench.py --clients 2000 --talkers 500
"""

from __future__ import annotations

import argparse
import asyncio
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

HOST = "127.0.0.1"
MAX_CLIENTS, MAX_DURATION = 5000, 120.0
ROOT = Path(__file__).resolve().parents[1]


class Bot:
    """One raw-socket player; remembers when it said what, and when it heard it back."""

    def __init__(self, index: int) -> None:
        self.name = f"bot{index}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.buffer = b""
        self.expected: tuple[bytes, float] | None = None
        self.latencies: list[float] = []
        self.got: asyncio.Event = asyncio.Event()

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
                raise ConnectionError(f"{self.name}: closed while waiting for {marker!r}")
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
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - started)))


def write_world(path: Path, rooms: int) -> list[str]:
    keys = [f"t{i}" for i in range(rooms)]
    parts = ['start = "lobby"\n\n[rooms.lobby]\nname = "Lobby"\ndescription = "Where everyone arrives."\n']
    parts += [f'[[rooms.lobby.exits]]\nname = "{k}"\nto = "{k}"\n' for k in keys]
    for k in keys:
        parts.append(f'[rooms.{k}]\nname = "Table {k}"\ndescription = "A table."\n')
        parts.append(f'[[rooms.{k}.exits]]\nname = "lobby"\nto = "lobby"\n')
    path.write_text("\n".join(parts))
    return keys


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def raise_fd_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


async def start_server(workdir: Path, world: Path, port: int) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "COSMIC_HOST": HOST,
        "COSMIC_PORT": str(port),
        "COSMIC_DATA_DIR": str(workdir / "data"),
        "COSMIC_WORLD_FILE": str(world),
        "COSMIC_LOG_LEVEL": "warning",
        "COSMIC_PASSWORD_HASH_COST": "1024",  # login storm of thousands; real cost is 16384
        "COSMIC_LIMITS__MAX_CONNECTIONS_PER_ADDRESS": str(MAX_CLIENTS + 10),
        "PYTHONPATH": str(ROOT),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from server.main import main; main()", cwd=workdir, env=env
    )
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection(HOST, port)
            writer.close()
            return process
        except OSError:
            await asyncio.sleep(0.05)
    process.kill()
    raise RuntimeError("server did not start")


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as probe:
        probe.bind((HOST, 0))
        port = probe.getsockname()[1]
        probe.close()
        workdir = Path(tmp)
        keys = write_world(workdir / "world.toml", max(1, args.clients // args.per_room))
        server = await start_server(workdir, workdir / "world.toml", port)
        print(f"server pid {server.pid} on {HOST}:{port}, idle RSS {rss_mib(server.pid):.1f} MiB")
        bots = [Bot(i) for i in range(args.clients)]
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
            joined = await asyncio.gather(*(join(b, keys[i % len(keys)]) for i, b in enumerate(bots)))
            login_time = time.perf_counter() - t0
            live = [b for b, ok in zip(bots, joined) if ok]
            listeners = [asyncio.create_task(b.listen()) for b in live]
            print(f"connected and logged in: {len(live)}/{args.clients} in {login_time:.1f} s "
                  f"({len(live) / login_time:.0f} logins/s); server RSS {rss_mib(server.pid):.1f} MiB")

            talkers = live[: args.talkers]
            serial = [0]
            until = time.perf_counter() + args.duration
            t1 = time.perf_counter()
            await asyncio.gather(*(b.talk(args.rate, until, serial) for b in talkers))
            talk_time = time.perf_counter() - t1
            latencies = sorted(x for b in talkers for x in b.latencies)
            held = sum(1 for b in live if b.writer and not b.writer.is_closing() and not b.reader.at_eof())
            peak_rss = rss_mib(server.pid)
            print(f"connections held during talk: {held}")
            print(f"talk: {len(talkers)} clients x {args.rate:g} say/s for {talk_time:.1f} s: "
                  f"{len(latencies)} answered of {serial[0]} sent, {len(latencies) / talk_time:.0f} commands/s")
            if latencies:
                q = statistics.quantiles(latencies, n=100)
                print(f"round trip: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, "
                      f"max {latencies[-1] * 1000:.1f} ms")
            print(f"server RSS after talk: {peak_rss:.1f} MiB "
                  f"({peak_rss * 1024 / max(1, held):.0f} KiB per connection incl. baseline)")
            for b in live:
                b.writer.close()  # type: ignore[union-attr]
            for task in listeners:
                task.cancel()
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(server.wait(), 15)
            except TimeoutError:
                server.kill()
            print(f"server exit status {server.returncode}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=2000)
    parser.add_argument("--talkers", type=int, default=500)
    parser.add_argument("--rate", type=float, default=1.0, help="commands per second per talker")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of talk")
    parser.add_argument("--per-room", type=int, default=8, help="players per parlour")
    parser.add_argument("--concurrency", type=int, default=100, help="logins in flight at once")
    args = parser.parse_args()
    args.clients = max(1, min(args.clients, MAX_CLIENTS))
    args.talkers = max(0, min(args.talkers, args.clients))
    args.duration = max(1.0, min(args.duration, MAX_DURATION))
    args.rate = max(0.1, min(args.rate, 10.0))
    raise_fd_limit(2 * args.clients + 256)  # our sockets; the server inherits the same limit
    deadline = args.clients / 20 + args.duration + 120
    asyncio.run(asyncio.wait_for(run(args), deadline))


if __name__ == "__main__":
    main()
