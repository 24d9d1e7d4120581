"""A small crash campaign (benchmarks/crash_campaign.py): a real server SIGKILLed at random moments while tables of
reference bots play (a poker table among the Cosmic Wimpout ones) loses nothing it showed, leaves no finished game
without results, resumes every open table, and keeps a database that passes its engine's integrity check and
replays - on each storage backend."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import pytest

from support.pgcluster import BACKENDS, unavailable
from support.storefaults import why_no_small_disk

pytestmark = pytest.mark.slow

CAMPAIGN = Path(__file__).resolve().parents[2] / "benchmarks" / "crash_campaign.py"


@pytest.mark.parametrize("store", BACKENDS)
async def test_a_few_kills_lose_nothing(store: str) -> None:
    if store == "postgresql" and unavailable():
        pytest.skip(unavailable())
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(CAMPAIGN), "--tables", "3", "--trials", "3", "--max-run", "1.5", "--seed", "7",
        "--poker-tables", "1",
        "--store", store,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), 300)
    assert await process.wait() == 0, out.decode()
    figures = json.loads(out.decode().strip().splitlines()[-1])
    assert len(figures) == 5 and set(figures.values()) == {0}, out.decode()
    assert "3 SIGKILLs" in out.decode()
    assert re.search(r"at 1 poker tables: [1-9]\d* game events shown", out.decode())


async def test_a_few_kills_of_the_game_process_lose_nothing_and_drop_no_one() -> None:
    """Issue 25: the portal stays up, its game process is SIGKILLed; every bot keeps its connection and plays on."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(CAMPAIGN), "--tables", "3", "--trials", "3", "--max-run", "1.5", "--seed", "7",
        "--kill", "game", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), 300)
    assert await process.wait() == 0, out.decode()
    figures = json.loads(out.decode().strip().splitlines()[-1])
    assert len(figures) == 6 and set(figures.values()) == {0}, out.decode()
    assert "3 SIGKILLs of the game process" in out.decode()


@pytest.mark.parametrize("store", BACKENDS)
async def test_a_few_store_faults_lose_nothing_and_every_table_goes_on(store: str) -> None:
    """Issue 36: the store fails under the running server (SQLite's disk full, PostgreSQL stopped) and works again;
    nothing shown is missing, no game has a hole, every table goes on, /health says 503 then 200."""
    reason = unavailable() if store == "postgresql" else why_no_small_disk()
    if reason:
        pytest.skip(reason)
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(CAMPAIGN), "--tables", "3", "--trials", "2", "--max-run", "1.5", "--seed", "7",
        "--kill", "store", "--store", store, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), 300)
    assert await process.wait() == 0, out.decode()
    figures = json.loads(out.decode().strip().splitlines()[-1])
    assert len(figures) == 8 and set(figures.values()) == {0}, out.decode()
    assert "3 tables, 2 store faults" in out.decode()
