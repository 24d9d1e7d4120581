"""The game process's own work for a line, without sockets: a ``GameLink`` fed the portal's INPUT frames for
logged-in sessions saying something (as ``server_bench``'s clients do, each alone in its room), its output caught
where the portal would read it. Prints the CPU per ``say`` (process time, the best of several runs). With another
tree (a git worktree of an earlier commit) the two are measured in turns, each run a process of its own, and the
ratio is printed: what a change to the game's path for a line saved, without the noise of the sockets, the portal's
process and the clients' (``server_bench`` measures all of those together; ``server_ab`` the same against a tree).

    .venv/bin/python benchmarks/gamepath_bench.py
    git worktree add --detach /tmp/before <commit>
    .venv/bin/python benchmarks/gamepath_bench.py --against /tmp/before
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from botnames import bot_name

ROOT = Path(__file__).resolve().parents[1]
BATCH = 12
"""INPUT frames a read of the link brings (``server_bench``'s load: about a dozen lines a turn of the game loop)."""


class Portal:
    """The portal's end of the link: what the game process writes, read as frames; its echoes counted."""

    def __init__(self, head: Any, kinds: Any) -> None:
        self._head, self._kinds = head, kinds
        self.echoes = 0
        self.ready = False

    def write(self, data: bytes) -> None:
        at = 0
        while at < len(data):
            length, kind, _ = self._head.unpack_from(data, at)
            if kind == self._kinds.READY:
                self.ready = True
            elif kind in (self._kinds.OUT, self._kinds.MULTI):
                self.echoes += data.count(b"You say", at, at + 4 + length)
            at += 4 + length

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass


async def until(done: Any, seconds: float = 60.0) -> None:
    async with asyncio.timeout(seconds):
        while not done():
            await asyncio.sleep(0.01)


async def measure(clients: int, rounds: int, runs: int) -> float:
    """This process's CPU per ``say`` (microseconds, the best of ``runs``), on the tree first on ``sys.path``."""
    import logging

    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    from server.app import GameServer
    from server.portal.frames import HEAD, Kind, data, frame
    from server.portal.gameside import GameLink
    from server.settings import Settings

    server = GameServer(Settings())
    link = GameLink(server, "")
    portal = Portal(HEAD, Kind)
    link.frames.connection_made(portal)  # type: ignore[arg-type]  # (the portal's end: frames written to it)
    feed = link.frames.data_received
    feed(frame(Kind.OPEN, 0, data({"port": 0, "tls_port": None})))
    await until(lambda: portal.ready)
    terminal = {"width": 80, "rows": 24, "terminal": [True, False, False], "local": [1, 3], "remote": []}
    for ident in range(1, clients + 1):
        feed(frame(Kind.ATTACH, ident, data({
            "kind": "telnet", "address": "127.0.0.1", "resume": {"name": None, "json": False, "watching": None},
            "fresh": True, "agreed": [], "oob": [], "state": terminal})))
        feed(frame(Kind.INPUT, ident, f"create {bot_name(ident)} benchpass\r\n".encode()))
    await until(lambda: len(server.players) == clients)
    for ident in range(1, clients + 1):
        feed(frame(Kind.INPUT, ident, f"go t{ident - 1}\r\n".encode()))
    world_of = server.services.world
    await until(lambda: all(world_of.location(bot_name(i)).key == f"t{i - 1}" for i in range(1, clients + 1)))

    async def talk(rounds: int) -> None:
        """Every session says something, ``BATCH`` frames a read, and each hears itself, ``rounds`` times."""
        portal.echoes = 0
        for serial in range(rounds):
            for first in range(1, clients + 1, BATCH):
                feed(b"".join(frame(Kind.INPUT, ident, f"say bench{ident}-{serial}\r\n".encode())
                              for ident in range(first, min(clients + 1, first + BATCH))))
                await asyncio.sleep(0)
            while portal.echoes < (serial + 1) * clients:
                await asyncio.sleep(0)

    await talk(max(1, rounds // 10))  # warm
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        await talk(rounds)
        best = min(best, (time.process_time() - started) / (rounds * clients))
    return best * 1e6


def child(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(args.tree))
    import server.session

    assert Path(server.session.__file__).is_relative_to(args.tree), "measuring another tree than asked"
    try:
        from server.process.eventloop import run
        from server.process.running import GC_YOUNG_THRESHOLD
    except ImportError:  # a tree from before issue 42's packages (1532fae and earlier)
        from server.eventloop import run  # type: ignore[no-redef]
        from server.main import GC_YOUNG_THRESHOLD  # type: ignore[no-redef]
    from server.settings import Settings

    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])  # as the game process collects

    us = run(measure(args.clients, args.rounds, args.runs), Settings().event_loop)
    print(json.dumps({"us_per_say": us}))


def one_run(tree: Path, world: Path, args: argparse.Namespace) -> float:
    """One measurement of ``tree``, in a process of its own on a fresh data directory."""
    with tempfile.TemporaryDirectory() as data_dir:
        env = {**os.environ, "COSMIC_DATA_DIR": data_dir, "COSMIC_WORLD_FILE": str(world),
               "COSMIC_PASSWORD_HASH_COST": "1024", "COSMIC_WEB__ENABLED": "false",
               "COSMIC_LIMITS__MAX_CONNECTIONS_PER_ADDRESS": str(args.clients + 10),
               "COSMIC_LIMITS__CREATE_BURST": str(args.clients + 10),
               "COSMIC_LIMITS__COMMAND_BURST": "1000000", "COSMIC_LIMITS__COMMAND_RATE": "1000000"}
        done = subprocess.run(
            [sys.executable, __file__, "--child", "--tree", str(tree), "--clients",
             str(args.clients), "--rounds", str(args.rounds), "--runs", str(args.runs)],
            env=env, cwd=data_dir, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"measuring {tree} failed:\n{done.stderr}")
    return float(json.loads(done.stdout.splitlines()[-1])["us_per_say"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, help="another tree (a git worktree) to measure in turns with this one")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=1000, help="says of every session a run")
    parser.add_argument("--runs", type=int, default=4, help="runs a process (its best is kept)")
    parser.add_argument("--turns", type=int, default=4, help="processes of each tree, in turns")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.clients = max(1, min(args.clients, 500))
    if args.child:
        child(args)
        return
    from load_bench import write_world

    trees = {"now": ROOT} if args.against is None else {"before": args.against.resolve(), "now": ROOT}
    figures: dict[str, list[float]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        world = Path(tmp) / "world.toml"
        write_world(world, args.clients)
        for _ in range(args.turns):
            for name, tree in trees.items():
                figures[name].append(one_run(tree, world, args))
    for name, values in figures.items():
        print(f"{name:>6} ({trees[name]}): {statistics.median(values):.2f} us a say (processes' best: "
              f"{', '.join(f'{v:.2f}' for v in values)})")
    if args.against is not None:
        pairs = [now / before for before, now in zip(figures["before"], figures["now"])]
        print(f"now/before: {statistics.median(pairs):.3f} (range {min(pairs):.3f} - {max(pairs):.3f}), "
              f"{args.clients} sessions, {args.rounds} says each a run, the best of {args.runs} runs a process")


if __name__ == "__main__":
    main()
