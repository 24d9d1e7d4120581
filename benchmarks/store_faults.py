"""The crash campaign's store fault (``crash_campaign.py --kill store``, issue 36): no kill, but the store failing
under a running server (the console program: its portal and game process) while tables of reference bots play, then
working again, ``--trials`` times. SQLite: the data directory on a small tmpfs (``--disk``, root only: ``mount``) is
filled to the last byte, then freed; PostgreSQL: the cluster is stopped (``pg_ctl stop -m fast``: every connection
ended, new ones refused), then started again. Each fault lasts a random while (``--min-run`` to ``--max-run``).

Figures (every one must be 0): the crash campaign's five (the database read once, with the server stopped at the end:
what each table's host was shown is compared with what is stored), the connections dropped, and:

- tables that never went on: tables whose host saw no new game event within ``PLAY_WAIT`` of the store working again
  (a held table that stayed held, a house of bots waiting for ever);
- games with a hole: games whose stored events are not numbered 0, 1, 2 ... without a gap;
- /health wrong: faults during which ``/health`` did not answer 503 within ``HEALTH_WAIT``, or after which it did not
  answer 200 again within ``RECOVERY_WAIT``.

    sudo .venv/bin/python benchmarks/crash_campaign.py --kill store --tables 30 --trials 10 [--store postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp

from benchmarks.crash_campaign import (DROPPED, FIGURES, PLAY_WAIT, Host, examined, seat_bots, set_up, shown,
                                       trial_due, wind_down)
from benchmarks.load_bench import HOST, SERVER_CODE, free_port, spawn
from benchmarks.stores import reading
from support.storefaults import Fault, Stopped, small_disk, why_no_small_disk

NEVER_WENT_ON, HOLES, HEALTH = "tables that never went on", "games with a hole", "/health wrong"
STORE_FIGURES = (*(f for f in FIGURES if f != "games never resumed"), DROPPED, NEVER_WENT_ON, HOLES, HEALTH)
"""(No start comes after a fault: "tables that never went on" stands for "games never resumed".)"""
HEALTH_WAIT = 15.0
"""Seconds for ``/health`` to say 503 once the store fails (a write must fail first: the bots write all the time)."""
RECOVERY_WAIT = 90.0
"""Seconds for it to say 200 once the store works (its retries wait 1, 2, 4 ... 30 s)."""


def why_not(store: str) -> str | None:
    """Why this fault cannot be made here, if it cannot."""
    return why_no_small_disk() if store == "sqlite" else None


@contextmanager
def failing(data_dir: Path, cluster: Any, size: str) -> Iterator[Fault]:
    """The fault for the store: SQLite's data directory on a small disk, or the PostgreSQL cluster stopped."""
    if cluster is not None:
        yield Stopped(cluster)
        return
    with small_disk(data_dir, size) as disk:
        try:
            yield disk
        finally:
            disk.mend()


async def health_is(port: int, status: int, wait: float) -> bool:
    """Whether ``/health`` answers ``status`` within ``wait`` seconds."""
    until = time.monotonic() + wait
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < until:
            try:
                async with http.get(f"http://{HOST}:{port}/health") as answer:
                    if answer.status == status:
                        return True
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
    return False


async def went_on(hosts: list[Host], wait: float) -> int:
    """How many hosts saw no new game event within ``wait`` seconds."""
    before = [shown([host]) for host in hosts]
    until = time.monotonic() + wait
    while time.monotonic() < until:
        if all(shown([host]) > seen for host, seen in zip(hosts, before)):
            break
        await asyncio.sleep(0.1)
    return sum(shown([host]) <= seen for host, seen in zip(hosts, before))


def holes(url: str, data_dir: Path) -> int:
    """Games whose stored events are not numbered 0, 1, 2 ... without a gap."""
    with reading(url, data_dir) as db:
        rows = db.execute("SELECT game, COUNT(*), MAX(seq) FROM game_events GROUP BY game").fetchall()
    return sum(1 for _, count, last in rows if last != count - 1)


async def store_fault_campaign(args: argparse.Namespace, url: str, cluster: Any) -> Counter[str]:
    """``--kill store``: one server; its store made to fail and work again ``--trials`` times while the bots play."""
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter({figure: 0 for figure in STORE_FIGURES})
    deadline = time.monotonic() + args.deadline
    with tempfile.TemporaryDirectory(prefix="crash-campaign-") as tmp:
        workdir = Path(tmp)
        with failing(workdir / "data", cluster, args.disk) as fault:
            rooms, port, env, hosts = set_up(workdir, args)
            web = free_port()
            env = {**env, "COSMIC_WEB__ENABLED": "true", "COSMIC_WEB__HOST": HOST, "COSMIC_WEB__PORT": str(web)}
            server, _ = await spawn(SERVER_CODE, env, workdir, port)
            bots = seat_bots(rooms, hosts, port)
            moves = 0
            try:
                for trial in range(args.trials):
                    if not await trial_due(trial, deadline, hosts, rng, args):
                        break
                    fault.fail()
                    try:
                        reported = await health_is(web, 503, HEALTH_WAIT)
                        await asyncio.sleep(rng.uniform(args.min_run, args.max_run))
                    finally:
                        fault.mend()
                    recovered = await health_is(web, 200, RECOVERY_WAIT)
                    totals[HEALTH] += (not reported) + (not recovered)
                    stuck = await went_on(hosts, PLAY_WAIT)
                    totals[NEVER_WENT_ON] += stuck
                    total = shown(hosts)
                    print(f"trial {trial + 1}: {total - moves} game events shown since the last fault; /health "
                          f"{'503' if reported else 'not 503'} then {'200' if recovered else 'not 200'}; "
                          f"{stuck} tables did not go on", flush=True)
                    moves = total
                totals[DROPPED] = sum(bot.done() for bot in bots)
            finally:
                await wind_down(bots, server)
            found = examined(url, workdir, hosts)
            found[HOLES] = holes(url, workdir / "data")
        for figure, count in found.items():
            totals[figure] = max(totals[figure], count)
        finished = sum(len(h.finished) for h in hosts)
        print(f"{args.tables} tables, {args.trials} store faults: {moves} game events shown, {finished} games finished")
    return totals
