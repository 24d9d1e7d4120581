"""The project's server against itself as it was: this tree's server and another tree's (a git worktree of an earlier
commit), with the bare telnetlib3 server beside them, driven by ``server_bench``'s harness in interleaved rounds (the
order rotating). Prints each server's CPU per ``say`` (user and system apart) and the ratios taken round by round:
what a change saved, measured in one run, whatever the machine's load did meanwhile.

    git worktree add --detach /tmp/before <commit>
    .venv/bin/python benchmarks/server_ab.py /tmp/before
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
from pathlib import Path

from load_bench import SERVER_CODE, Bot, free_port, raise_fd_limit, server_environment, spawn, with_children, write_world
from server_bench import Running, measure, spread, start, stop

NAMES = ("before", "now", "telnetlib3")


def user_and_system(pid: int) -> tuple[float, float]:
    """CPU seconds the process and its children (a portal's game process) have spent in user and in system mode so
    far."""
    user = system = 0
    for each in with_children(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:  # (a child that just ended)
            continue
        user, system = user + int(fields[11]), system + int(fields[12])
    tick = os.sysconf("SC_CLK_TCK")
    return user / tick, system / tick


async def start_before(tree: Path, workdir: Path, world: Path) -> Running:
    """The project's server with ``tree``'s packages first on the path."""
    workdir.mkdir()
    port = free_port()
    env = {**server_environment(workdir, world, port), "PYTHONPATH": str(tree.resolve())}
    env.pop("COSMIC_LIMITS__TABLES_PER_HOUR")  # a setting of later releases (an older tree refuses it); 'say' opens none
    process, _ = await spawn(SERVER_CODE, env, workdir, port)
    return Running("project", process, port)


async def run(args: argparse.Namespace) -> dict[str, list[tuple[float, float]]]:
    """Per name, each round's user and system CPU per command (microseconds)."""
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in NAMES}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        world = workdir / "world.toml"
        rooms = write_world(world, args.clients)
        servers = [
            await start_before(args.before, workdir / "before", world),
            (await start("project", workdir / "now", world))[0],
            (await start("telnetlib3", workdir / "telnetlib3", world))[0],
        ]
        try:
            for server in servers:
                server.bots = [Bot(index) for index in range(args.clients)]
                await asyncio.gather(*(bot.connect(server.port, room) for bot, room in zip(server.bots, rooms)))
            for index in range(args.rounds):
                turn = index % len(servers)
                for name, server in zip(NAMES[turn:] + NAMES[:turn], servers[turn:] + servers[:turn]):
                    user, system = user_and_system(server.process.pid)
                    measured = await measure(server, args.duration)
                    after = user_and_system(server.process.pid)
                    commands = max(1, measured.commands)
                    figures[name].append((1e6 * (after[0] - user) / commands, 1e6 * (after[1] - system) / commands))
        finally:
            for server in servers:
                await stop(server)
    return figures


def report(args: argparse.Namespace, figures: dict[str, list[tuple[float, float]]]) -> None:
    print(f"{args.clients} logged-in clients per server, each saying in a closed loop; "
          f"{args.rounds} interleaved rounds of {args.duration:g} s; before = {args.before}")
    totals = {name: [user + system for user, system in rounds] for name, rounds in figures.items()}
    for name, rounds in figures.items():
        print(f"{name:>10}: CPU {statistics.median(totals[name]):.1f} us/command "
              f"(user {statistics.median(u for u, _ in rounds):.1f}, system {statistics.median(s for _, s in rounds):.1f})")
    for a, b in (("now", "before"), ("before", "telnetlib3"), ("now", "telnetlib3")):
        print(f"{a}/{b}: CPU per command {spread([x / y for x, y in zip(totals[a], totals[b])])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path, help="a tree of the project as it was (e.g. a git worktree)")
    parser.add_argument("--clients", type=int, default=50, help="logged-in clients per server (at most 500)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--duration", type=float, default=3.0, help="seconds each server talks per round (<= 30)")
    args = parser.parse_args()
    if not (args.before / "server" / "main.py").is_file():
        parser.error(f"{args.before} holds no server/main.py")
    args.clients = max(1, min(args.clients, 500))
    args.rounds = max(1, min(args.rounds, 20))
    args.duration = max(0.5, min(args.duration, 30.0))
    raise_fd_limit(6 * args.clients + 256)
    deadline = args.rounds * (3 * args.duration + 30) + 120
    report(args, asyncio.run(asyncio.wait_for(run(args), deadline)))


if __name__ == "__main__":
    main()
