"""The project's server against bare servers, driven by the same client harness in the same run.

Three servers, each its own process: the project's server, a bare asyncio line echo server and a bare telnetlib3 echo
server (the same telnetlib3 options as the project's). The harness is the load benchmark's raw-socket bot: it logs in
(``create``, ``go`` to a room of its own, so a ``say`` reaches the speaker only, as an echo does) and then says
something, waits for ``You say, "..."`` and says the next thing, for ``--duration`` seconds. The servers take turns
(interleaved rounds, the order rotating) and each round's figures are compared pair by pair: commands/s, p50/p99
round trip and the server's CPU per command (from /proc), reported as the median and range of the per-round ratios.
Startup is measured the same way: from spawning the process until it serves a connection (accepts it and sends its
first byte), the kinds interleaved, after one untimed start of each kind, with a fourth kind beside them: the bare
telnetlib3 server after one pydantic-settings model, a structlog line and a SQLite database opened (the floor of a
start on the project's named stack). Every server runs
from compiled bytecode, as an installed server does (pip compiles a package's modules when it installs them; an
editable install writes them at its first start): the cache is the run's own (``PYTHONPYCACHEPREFIX``), so
``PYTHONDONTWRITEBYTECODE`` in the environment would otherwise have the project's modules compiled from source at
every start, and the libraries' not.
From the command to the banner (issue 41) is ``startup_bench``'s measure, run in the same run after these rounds
and reported beside them.
Memory per idle connection (``--idle N``): each kind started in turn, its RSS with no connection, then with ``N``
connections that say nothing (each has read what the server sent, and answers no telnet negotiation), after the
servers' negotiation waits are over; the difference divided by ``N``.
Targets (issue 41): CPU per ``say`` through the portal <= 1.1x the bare telnetlib3 server (the median of three runs'
medians); memory per idle connection <= 20 KB, both processes (1,000 connections); the banner within 1 s.

    .venv/bin/python benchmarks/server_bench.py
    .venv/bin/python benchmarks/server_bench.py --idle 1000   # memory per idle connection, each kind in turn
    .venv/bin/python benchmarks/server_bench.py --profile server.prof   # the project's server alone, under cProfile
"""

from __future__ import annotations

import argparse
import asyncio
import pstats
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from load_bench import (
    HOST,
    SERVER_CODE,
    Bot,
    cpu_seconds,
    free_port,
    raise_fd_limit,
    rss_mib,
    server_environment,
    spawn,
    stop_server,
    with_children,
    write_world,
)

UVLOOP = "telnetlib3-uvloop"
KINDS = ("project", "one-process", "telnetlib3", "asyncio", UVLOOP)
"""The project's server as operators run it (the portal and its game process: issue 25; CPU and memory are both
processes'), the same in one process (``--one-process``), and the bare servers: the baselines on the standard
library's loop, as issue 28 defines them, and besides them, to show how much of a ratio is the loop, the bare
telnetlib3 server on uvloop, the loop the project's server runs on where installed (``event_loop``;
``COSMIC_EVENT_LOOP=asyncio`` in the environment runs it on the standard one)."""
ONE_PROCESS_CODE = "from server.main import main; main(['--one-process'])"
PAIRS = (("project", "telnetlib3"), ("project", "asyncio"), ("one-process", "telnetlib3"), ("project", "one-process"),
         ("project", UVLOOP), ("one-process", UVLOOP))
FLOOR = "telnetlib3+stack"
"""Started in the startup rounds only: the bare telnetlib3 server after one pydantic-settings model, a structlog line
and a SQLite database opened, the least a start on the project's named stack can cost."""


def bare_code(kind: str, port: int) -> str:
    """The bare baselines import nothing but asyncio and telnetlib3 (and uvloop, the one on uvloop)."""
    loop = "uvloop" if kind == UVLOOP else "asyncio"
    return (
        f"import {loop}, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import bare_servers; "
        f"{loop}.run(bare_servers.BARE[{kind.removesuffix('-uvloop')!r}]({HOST!r}, {port}))"
    )


@dataclass
class Running:
    kind: str
    process: asyncio.subprocess.Process
    port: int
    bots: list[Bot] = field(default_factory=list)


def profiled_code(stats: Path) -> str:
    """The project's server under cProfile, its figures written to ``stats`` when it stops."""
    return f"import cProfile; from server.main import main; cProfile.run('main()', {str(stats.resolve())!r})"


async def start(kind: str, workdir: Path, world: Path, profile: Path | None = None) -> tuple[Running, float]:
    """One server of ``kind`` (the project's on a fresh data directory), its bytecode cached beside ``workdir``; the
    seconds until it served its first connection."""
    workdir.mkdir()
    port = free_port()
    env = server_environment(workdir, world, port)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(workdir.parent / "bytecode")
    if kind == "one-process":
        code = ONE_PROCESS_CODE
    elif kind != "project":
        code = bare_code(kind, port)
    else:
        code = SERVER_CODE if profile is None else profiled_code(profile)
    process, accepted = await spawn(code, env, workdir, port)
    return Running(kind, process, port), accepted


async def closed_loop(bot: Bot, until: float, latencies: list[float]) -> int:
    """Say, wait for the echo, say again, until ``until``; returns the errors (no echo in 10 s, or a closed line)."""
    serial = 0
    while time.perf_counter() < until:
        serial += 1
        started = time.perf_counter()
        bot.send(f"say {bot.name}-{serial}")
        try:
            await asyncio.wait_for(bot.wait_for(f'You say, "{bot.name}-{serial}"'.encode()), 10)
        except (TimeoutError, ConnectionError):
            return 1
        latencies.append(time.perf_counter() - started)
    return 0


@dataclass
class Round:
    commands: int
    seconds: float
    cpu: float
    errors: int
    p50: float
    p99: float

    @property
    def rate(self) -> float:
        return self.commands / self.seconds

    @property
    def cpu_per_command(self) -> float:
        return self.cpu / max(1, self.commands)


async def measure(server: Running, duration: float) -> Round:
    latencies: list[float] = []
    cpu_before, started = cpu_seconds(server.process.pid), time.perf_counter()
    errors = await asyncio.gather(*(closed_loop(bot, started + duration, latencies) for bot in server.bots))
    seconds, cpu = time.perf_counter() - started, cpu_seconds(server.process.pid) - cpu_before
    q = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [float("nan")] * 99
    return Round(len(latencies), seconds, cpu, sum(errors), q[49], q[98])


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} (range {min(values):.2f} - {max(values):.2f})"


def cpu_spent(pid: int) -> float:
    """CPU seconds all the threads of the process and its children (a portal's game process) have run, to the
    nanosecond (/proc's schedstat; its stat counts ticks)."""
    return sum(int((task / "schedstat").read_text().split()[0])
               for each in with_children(pid) for task in Path(f"/proc/{each}/task").iterdir()) / 1e9


@dataclass
class Startup:
    seconds: float  # spawn to the first byte served
    cpu: float  # the server's CPU seconds by then: what the wall clock measures, less the waits for a core


async def startups(rounds: int, workdir: Path, world: Path) -> dict[str, list[Startup]]:
    """Each kind from spawn to the first connection served, the kinds interleaved, after one untimed start of each
    (which compiles its modules); each server is stopped at once."""
    kinds = (*KINDS, FLOOR)
    for kind in kinds:
        await stop((await start(kind, workdir / f"startup-{kind}-first", world))[0])
    measured: dict[str, list[Startup]] = {kind: [] for kind in kinds}
    for index in range(rounds):
        for kind in kinds:
            server, served = await start(kind, workdir / f"startup-{kind}-{index}", world)
            measured[kind].append(Startup(served, cpu_spent(server.process.pid)))
            await stop(server)
    return measured


async def stop(server: Running) -> None:
    for bot in server.bots:
        if bot.writer is not None:
            bot.writer.close()
    if server.kind in ("project", "one-process"):
        await stop_server(server.process)
    else:
        server.process.terminate()
        await server.process.wait()


async def idle_memory(server: Running, connections: int) -> tuple[float, float]:
    """The server's RSS (MiB) with no connection and with ``connections`` idle ones, each settled."""
    before = await settled(server.process.pid)
    held = [await asyncio.open_connection(HOST, server.port) for _ in range(connections)]
    drains = [asyncio.create_task(drain(reader)) for reader, _ in held]
    await asyncio.sleep(5)  # negotiation waits over, greetings sent
    after = rss_mib(server.process.pid)
    for task in drains:
        task.cancel()
    for _, writer in held:
        writer.close()
    return before, after


async def settled(pid: int, most: float = 60.0) -> float:
    """The RSS (MiB) once it has not grown for two seconds: a start's work done (the game process works out the
    server's own words in a thread once it serves: some 20 MiB, a second or more on a loaded machine)."""
    await asyncio.sleep(2)
    last, waited = rss_mib(pid), 2.0
    while waited < most:
        await asyncio.sleep(2)
        now, waited = rss_mib(pid), waited + 2
        if now - last < 0.25:
            return now
        last = now
    return last


async def drain(reader: asyncio.StreamReader) -> None:
    while await reader.read(4096):
        pass


async def idle(connections: int, workdir: Path, world: Path) -> None:
    """Memory per idle connection of each kind, one server at a time."""
    print(f"RSS with {connections:,} idle connections minus RSS with none, each kind alone")
    for kind in KINDS:
        server, _ = await start(kind, workdir / f"idle-{kind}", world)
        try:
            before, after = await idle_memory(server, connections)
        finally:
            await stop(server)
        per = (after - before) * 1024 * 1024 / connections
        print(f"{kind:>10}: {before:.1f} -> {after:.1f} MiB, {per / 1000:.1f} KB ({per / 1024:.1f} KiB) per connection")
    print("target (issue 41): at most 20 KB per idle connection, both processes (Evennia 5.0.1: 25.8 KB)")


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        world = workdir / "world.toml"
        rooms = write_world(world, args.clients)
        if args.idle:
            await idle(args.idle, workdir, world)
            return
        if args.profile is not None:
            await profile(args, workdir, world, rooms)
            return
        boot = await startups(args.rounds, workdir, world)
        from startup_bench import run as banner_rounds  # (it imports this module's bare_code)

        banners = await banner_rounds(args.rounds)
        servers = [(await start(kind, workdir / kind, world))[0] for kind in KINDS]
        try:
            for server in servers:
                server.bots = [Bot(index) for index in range(args.clients)]
                await asyncio.gather(*(bot.connect(server.port, room) for bot, room in zip(server.bots, rooms)))
            results: dict[str, list[Round]] = {kind: [] for kind in KINDS}
            for index in range(args.rounds):
                turn = index % len(servers)
                for server in servers[turn:] + servers[:turn]:
                    results[server.kind].append(await measure(server, args.duration))
        finally:
            for server in servers:
                await stop(server)
    report(args, results, boot)
    report_banners(banners)


async def profile(args: argparse.Namespace, workdir: Path, world: Path, rooms: list[str]) -> None:
    """The project's server alone under cProfile, for the same load; prints its hottest functions."""
    server, _ = await start("project", workdir / "project", world, args.profile)
    try:
        server.bots = [Bot(index) for index in range(args.clients)]
        await asyncio.gather(*(bot.connect(server.port, room) for bot, room in zip(server.bots, rooms)))
        measured = [await measure(server, args.duration) for _ in range(args.rounds)]
    finally:
        await stop(server)
    print(f"{sum(r.commands for r in measured):,} commands under cProfile; stats in {args.profile}")
    pstats.Stats(str(args.profile)).sort_stats("tottime").print_stats(30)


def report(args: argparse.Namespace, results: dict[str, list[Round]], boot: dict[str, list[Startup]]) -> None:
    print(f"{args.clients} logged-in clients per server, each saying in a closed loop; "
          f"{args.rounds} interleaved rounds of {args.duration:g} s")
    for kind in KINDS:
        rounds = results[kind]
        print(f"{kind:>10}: {statistics.median(r.rate for r in rounds):,.0f} commands/s, "
              f"p50 {1000 * statistics.median(r.p50 for r in rounds):.2f} ms, "
              f"p99 {1000 * statistics.median(r.p99 for r in rounds):.2f} ms, "
              f"CPU {1e6 * statistics.median(r.cpu_per_command for r in rounds):.0f} us/command, "
              f"errors {sum(r.errors for r in rounds)}, "
              f"startup {1000 * statistics.median(b.seconds for b in boot[kind]):.0f} ms "
              f"({1000 * statistics.median(b.cpu for b in boot[kind]):.0f} ms CPU)")
    for kind, bare in PAIRS:
        pairs = list(zip(results[kind], results[bare]))
        print(f"{kind}/{bare}: CPU per command {spread([p.cpu_per_command / b.cpu_per_command for p, b in pairs])}, "
              f"commands/s {spread([p.rate / b.rate for p, b in pairs])}, "
              f"p99 {spread([p.p99 / b.p99 for p, b in pairs])}, "
              f"startup {spread([p.seconds / b.seconds for p, b in zip(boot[kind], boot[bare])])} "
              f"(CPU {spread([p.cpu / b.cpu for p, b in zip(boot[kind], boot[bare])])})")
    floor = list(zip(boot[FLOOR], boot["telnetlib3"]))
    print(f"{FLOOR}/telnetlib3 (the floor of a start on the named stack): "
          f"startup {spread([f.seconds / b.seconds for f, b in floor])} "
          f"(CPU {spread([f.cpu / b.cpu for f, b in floor])})")
    print(f"targets (issue 41): CPU per say <= 1.1x bare telnetlib3 (the median of three runs); (the baselines on asyncio's "
          f"loop; {UVLOOP}: the same bare server on uvloop, an extra line, no target)")


def report_banners(banners: dict[str, list[float]]) -> None:
    """From the command to the banner (``startup_bench``: a client polling from the start; the web page on)."""
    bare = banners["telnetlib3"]
    line = ", ".join(f"{kind} {statistics.median(seconds):.2f} s" for kind, seconds in banners.items())
    ratios = "; ".join(f"{kind}/telnetlib3 {spread([a / b for a, b in zip(banners[kind], bare)])}"
                       for kind in banners if kind != "telnetlib3")
    print(f"to the banner (median of {len(bare)} interleaved starts): {line}; {ratios}; target (issue 41): the "
          "banner within 1 s through the portal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=50, help="logged-in clients per server (at most 500)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=float, default=3.0, help="seconds each server talks per round (<= 30)")
    parser.add_argument("--profile", type=Path, help="run only the project's server, under cProfile, stats to this file")
    parser.add_argument("--idle", type=int, default=0, help="measure only memory per idle connection, with this many (<= 4000)")
    args = parser.parse_args()
    args.idle = max(0, min(args.idle, 4000))
    args.clients = max(1, min(args.clients, 500))
    args.rounds = max(1, min(args.rounds, 20))
    args.duration = max(0.5, min(args.duration, 30.0))
    raise_fd_limit(6 * max(args.clients, args.idle) + 256)
    deadline = args.rounds * (3 * args.duration + 45) + 180  # (the banner rounds: some 15 s a round)
    asyncio.run(asyncio.wait_for(run(args), deadline))


if __name__ == "__main__":
    main()
