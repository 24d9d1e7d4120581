"""Abuse benchmark: ten bystanders talk while one client floods the server; their round trips beside a quiet run.

The server runs as a child process with its real limits: only account creation is lifted, for the bystanders, and
the command burst if a long run needs more than it for their talk (load_bench's lifted command rate and connections
per address are not taken over: with them, a flooder of lines would be allowed a thousand commands a second).
Ten bystanders in one room each ``say`` something five times a second and time the echo. Rounds alternate: a quiet
round, then a round with one flooder, for each kind of flood, and a last quiet round:

- ``lines``: command lines as fast as the socket takes them;
- ``no line end``: bytes that never end a line;
- ``sb payload``: ``IAC SB`` followed by an endless payload;
- ``nop``: ``IAC NOP`` pairs without end;
- ``nop packets``: one ``IAC NOP`` a packet, a packet a millisecond (each telnet packet handed a socket back to the
  portal, and the game process asked for it again at once: a round of frames and a descriptor passed a packet).

A flooder the server cuts off connects again at once (one connection at a time). It runs in a process of its own, as
it would on another machine: in the bystanders' process its work held up the loop that times them, and theirs
slowed the flood. Each kind floods from its own
loopback address (127.0.0.2, 127.0.0.3...): the penalty one kind earns does not make the next kind's flood a mere
string of refusals. Printed per round: bystanders' p50 and p99 (a flood's p99 also as a ratio of the mean p99 of the
quiet rounds just before and after it), answers that never came, how often the flooder was cut off, the server's RSS
before and after, and its CPU time as a share of the round (the figure the machine's noise touches least); then the
worst ratio, the RSS growth, and the machine's load average. Bounded: every round lasts ``--seconds``; loopback only.

    .venv/bin/python benchmarks/abuse_bench.py --seconds 8
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_bench import HOST, Bot, cpu_seconds, free_port, rss_mib, server_environment, spawn, write_world  # noqa: E402
from server.settings import load_settings  # noqa: E402

IAC, SB, NOP = b"\xff", b"\xfa", b"\xf1"
FLOODS: dict[str, bytes] = {
    "lines": b"say flood flood flood flood flood\r\n" * 2000,
    "no line end": b"x" * 65536,
    "sb payload": b"\x18" * 65536,  # after IAC SB TTYPE: a subnegotiation that never ends
    "nop": (IAC + NOP) * 32768,
    "nop packets": IAC + NOP,
}
PACED = {"nop packets": 0.001}
"""Seconds between a flood's writes (the others write as fast as the socket takes them)."""
BYSTANDERS, RATE = 10, 5.0


async def flood(port: int, kind: str, until: float) -> int:
    """Flood until ``until``, connecting again whenever the server hangs up; returns how often it did."""
    cut_off = 0
    address = f"127.0.0.{2 + list(FLOODS).index(kind)}"
    while time.perf_counter() < until:
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(0.05)
            continue
        drain = asyncio.create_task(reader.read(-1))  # the server's answers are read and thrown away
        if kind == "sb payload":
            writer.write(IAC + SB + b"\x18")
        try:
            while time.perf_counter() < until and not drain.done():
                writer.write(FLOODS[kind])
                await asyncio.wait_for(writer.drain(), max(0.01, until - time.perf_counter()))
                if kind in PACED:
                    await asyncio.sleep(PACED[kind])
        except (OSError, TimeoutError):
            pass
        cut_off += drain.done()
        drain.cancel()
        writer.transport.abort()  # close() would first send all the server left unread: the flood would go on
    return cut_off


async def flood_when_told(port: int, kind: str) -> None:
    """The flooder's own process: ready once imported, it floods for the seconds it is sent, then prints how often
    it was cut off."""
    print("ready", flush=True)
    seconds = float(await asyncio.to_thread(sys.stdin.readline))
    print(await flood(port, kind, time.perf_counter() + seconds), flush=True)


async def start_flooder(port: int, kind: str) -> asyncio.subprocess.Process:
    """A flooder in a process of its own, ready to start: in the bystanders' process, its writes (the kernel copying
    each 64 KiB) and reads held up the loop that times them, which a flooder elsewhere never does."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--flood", kind, "--port", str(port),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    await process.stdout.readline()
    return process


async def round_(
    port: int, bots: list[Bot], kind: str | None, seconds: float, pid: int
) -> tuple[list[float], int, int, float, float, float]:
    for bot in bots:
        bot.latencies.clear()
        bot.timeouts = 0
    flooder = await start_flooder(port, kind) if kind else None
    before, cpu = rss_mib(pid), cpu_seconds(pid)
    started = time.perf_counter()
    until = started + seconds
    serial = [0]
    if flooder is not None:
        assert flooder.stdin is not None
        flooder.stdin.write(f"{seconds}\n".encode())
    await asyncio.gather(*(bot.talk(RATE, until, serial) for bot in bots))
    cut_off = int((await flooder.communicate())[0]) if flooder else 0
    await asyncio.sleep(0.5)
    latencies = sorted(t for bot in bots for t in bot.latencies)
    busy = (cpu_seconds(pid) - cpu) / (time.perf_counter() - started)
    return latencies, sum(bot.timeouts for bot in bots), cut_off, before, rss_mib(pid), busy


def percentiles(latencies: list[float]) -> tuple[float, float]:
    if len(latencies) < 2:
        return float("nan"), float("nan")
    q = statistics.quantiles(latencies, n=100)
    return q[49] * 1000, q[98] * 1000


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="abuse-bench-") as tmp:
        workdir = Path(tmp)
        rooms = write_world(workdir / "world.toml", 1)
        port = free_port()
        env = {**server_environment(workdir, workdir / "world.toml", port), "COSMIC_LOG_LEVEL": "error"}
        for lifted in ("COSMIC_LIMITS__COMMAND_RATE", "COSMIC_LIMITS__MAX_CONNECTIONS_PER_ADDRESS"):
            del env[lifted]  # load_bench's, for its bots: the flooder meets the real limits
        plan = [x for kind in FLOODS for x in (None, kind)] + [None]  # each flood between two quiet rounds
        said = int(RATE * args.seconds * len(plan)) + 10  # what each bystander says in the run, and its login
        limits = load_settings().limits
        burst = max(said, limits.command_burst)
        env["COSMIC_LIMITS__COMMAND_BURST"] = str(burst)
        server, _ = await spawn("from server.main import main; main()", env, workdir, port)
        try:
            bots = [Bot(i) for i in range(BYSTANDERS)]
            for bot in bots:
                await bot.connect(port, rooms[0])
            listeners = [asyncio.create_task(bot.listen()) for bot in bots]
            print(f"{BYSTANDERS} bystanders saying something {RATE:g} times a second; {args.seconds:g} s a round; "
                  f"{burst} commands at once, then {limits.command_rate:g} a second, for every connection")
            rounds: list[tuple[str | None, tuple[float, float], int, int, float, float, float]] = []
            loads = os.getloadavg()  # the machine is shared: say how busy it was
            for flooding in plan:
                latencies, lost, cut_off, before, after, busy = await round_(
                    port, bots, flooding, args.seconds, server.pid
                )
                rounds.append((flooding, percentiles(latencies), lost, cut_off, before, after, busy))
            print(f"{'round':<22}{'p50 ms':>8}{'p99 ms':>8}{'p99/quiet':>10}{'lost':>6}{'cut off':>9}"
                  f"{'RSS before':>12}{'RSS after':>11}{'server CPU':>12}")
            worst = 0.0
            for index, (flooding, (p50, p99), lost, cut_off, before, after, busy) in enumerate(rounds):
                ratio = ""
                if flooding:  # against the quiet rounds just before and after: the machine's drift weighs on both
                    beside = statistics.mean([rounds[index - 1][1][1], rounds[index + 1][1][1]])
                    worst = max(worst, p99 / beside)
                    ratio = f"{p99 / beside:.2f}"
                print(f"{'flood: ' + flooding if flooding else 'quiet':<22}{p50:>8.2f}{p99:>8.2f}{ratio:>10}"
                      f"{lost:>6}{cut_off:>9}{before:>10.1f} M{after:>9.1f} M{busy:>11.0%}")
            growth = rounds[-1][5] - rounds[0][4]
            print(f"worst p99/quiet: {worst:.2f} (target <= 2)   RSS growth over the run: {growth:.1f} M (target < 50)")
            print(f"load average (1 min) at the start and the end: {loads[0]:.2f}, {os.getloadavg()[0]:.2f}")
            for listener in listeners:
                listener.cancel()
        finally:
            server.kill()
            await server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each round (at most 60)")
    parser.add_argument("--flood", choices=list(FLOODS), help=argparse.SUPPRESS)  # a flooder's own process
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.flood:
        asyncio.run(flood_when_told(args.port, args.flood))
        return
    if not 1 <= args.seconds <= 60:
        parser.error("--seconds is 1 to 60")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
