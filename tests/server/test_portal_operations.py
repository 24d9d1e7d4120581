"""What an operator meets running the default server (the portal and its game process, as the console script starts
it): a store that cannot be opened, a second server on the same data directory, MUD listings' MSSP, the code a game
process runs (issue 36, items 1, 3, 4 and 6)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import sys
from pathlib import Path

import pytest
from telnetlib3.mud import mssp_decode
from telnetlib3.telopt import DO, DONT, IAC, MSSP

from support.portals import portal_server
from support.servers import free_port
from support.wire import wire_client

pytestmark = pytest.mark.slow

SCRIPT = Path(sys.executable).parent / "cosmic-wimpout"


def newer_database(data_dir: Path) -> None:
    """A SQLite database a newer release upgraded (``PRAGMA user_version = 99``)."""
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / "cosmic.sqlite3") as db:
        db.execute("PRAGMA user_version = 99")


async def start(tmp_path: Path, *args: str, **env: str) -> asyncio.subprocess.Process:
    """The console script on ``tmp_path/data``, its web port on, stderr piped."""
    environment = {key: value for key, value in os.environ.items() if key != "COSMIC_STORE__URL"}  # (SQLite's)
    environment.update({"COSMIC_HOST": "127.0.0.1", "COSMIC_WEB__HOST": "127.0.0.1",
                        "COSMIC_WEB__PORT": str(free_port()), "COSMIC_CONNECT_MAXWAIT": "0.05", **env})
    return await asyncio.create_subprocess_exec(
        str(SCRIPT), "--port", str(free_port()), "--data-dir", str(tmp_path / "data"), *args, cwd=tmp_path,
        env=environment, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


@pytest.mark.parametrize("log_format", ["console", "json"])
async def test_a_store_that_cannot_be_opened_stops_the_server_at_once_with_one_clear_line(
        tmp_path: Path, log_format: str) -> None:
    """Item 1: it hung for five minutes (OPEN_WAIT) with /health saying 200 "starting", deaf to SIGTERM, and printed
    'Task exception was never retrieved' with a traceback."""
    newer_database(tmp_path / "data")
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)  # (the unit's Type=notify: never told it is ready)
    systemd.bind(str(tmp_path / "notify.sock"))
    systemd.setblocking(False)
    process = await start(tmp_path, COSMIC_LOG_FORMAT=log_format, NOTIFY_SOCKET=str(tmp_path / "notify.sock"))
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    with pytest.raises(BlockingIOError):
        systemd.recv(4096)
    text = err.decode()
    assert "Traceback" not in text and "never retrieved" not in text
    failed = [line for line in text.splitlines() if "schema version 99" in line]
    assert len(failed) == 1, text
    if log_format == "json":
        assert all(json.loads(line) for line in text.splitlines())
        assert json.loads(failed[0])["event"] == "server.failed"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_a_server_whose_store_is_still_opening(tmp_path: Path, signum: signal.Signals) -> None:
    """Item 1: SIGTERM and SIGINT were put off until the game process served, or failed. A store that keeps it
    waiting: a PostgreSQL address where something accepts and never answers (given up after CONNECT_TIMEOUT, 10 s;
    told to stop a second after its start, the server stops as asked, never reaching that)."""
    silent = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = silent.sockets[0].getsockname()[1]
    try:
        process = await start(tmp_path, COSMIC_LOG_FORMAT="json",
                              COSMIC_STORE__URL=f"postgresql://cosmic@127.0.0.1:{port}/wimpout")
        assert process.stderr is not None
        async with asyncio.timeout(30):
            while b"portal.game_started" not in await process.stderr.readline():
                pass
        await asyncio.sleep(1.0)
        process.send_signal(signum)
        _, err = await asyncio.wait_for(process.communicate(), 30)
    finally:
        silent.close()
    events = [json.loads(line)["event"] for line in err.decode().splitlines()]
    assert "portal.stopped" in events and "server.failed" not in events, events
    assert process.returncode == 0  # stopped as asked


async def test_mssp_answers_crawlers_once_the_game_process_serves(tmp_path: Path) -> None:
    """Item 3: a crawler connecting after the start got nothing back for its DO MSSP (the portal relayed the option
    before the terminal's state that says it is on)."""
    async with portal_server(tmp_path) as server:
        await server.health_when(lambda figures: figures["status"] == "ok")
        async with wire_client(server, frozenset({MSSP}), banner=False) as crawler:  # type: ignore[arg-type]
            variables = mssp_decode(await asyncio.wait_for(crawler.subnegotiation(MSSP), 10))
            crawler.send_bytes(IAC + DONT + MSSP + IAC + DO + MSSP)  # refreshing on a long-lived connection
            again = mssp_decode(await asyncio.wait_for(crawler.subnegotiation(MSSP, seen=1), 10))
    assert variables["NAME"] == "Cosmic Wimpout" and variables["PORT"] == str(server.port)
    assert again["NAME"] == "Cosmic Wimpout"


async def test_a_second_server_on_the_same_data_directory_refuses_to_start_and_touches_nothing(
        tmp_path: Path) -> None:
    """Item 4: a second server started, served the same database, unlinked the first's game.sock, and on exit deleted
    its portal.pid: the first's reloads and crash restarts then failed."""
    async with portal_server(tmp_path) as first:
        before = {path.name: path.stat().st_ino for path in first.data_dir.iterdir()}
        second = await start(tmp_path)
        _, err = await asyncio.wait_for(second.communicate(), 30)
        assert second.returncode == 1
        assert "already" in err.decode() and str(first.process.pid) in err.decode()
        assert {path.name: path.stat().st_ino for path in first.data_dir.iterdir()} == before
        code, said = await first.console("reload")
        assert code == 0, said
        await first.health_when(lambda figures: figures["reloads"] == 1)


async def test_reload_signals_only_this_data_directorys_portal(tmp_path: Path) -> None:
    """Issue 37: 'cosmic-wimpout reload' sent SIGHUP to whatever pid a stale portal.pid named."""
    bystander = await asyncio.create_subprocess_exec(sys.executable, "-c", "import time; time.sleep(60)")
    try:
        data_dir = tmp_path / "data"
        data_dir.mkdir()
        (data_dir / "portal.pid").write_text(f"{bystander.pid}\n")
        process = await asyncio.create_subprocess_exec(
            str(SCRIPT), "reload", "--data-dir", str(data_dir), cwd=tmp_path, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT)
        out, _ = await asyncio.wait_for(process.communicate(), 20)
        assert process.returncode == 1 and b"no server is running" in out
        await asyncio.sleep(0.2)
        assert bystander.returncode is None
    finally:
        bystander.kill()
        await bystander.wait()


async def test_the_game_process_runs_the_installed_code_not_the_working_directorys(tmp_path: Path) -> None:
    """Item 6: the game process was 'python -m server.main', which put the working directory first on its path:
    a checkout there (the unit's WorkingDirectory) ran instead of the installed package."""
    stray = tmp_path / "server"
    stray.mkdir()
    (stray / "__init__.py").write_text("raise SystemExit('the stray checkout ran')\n")
    async with portal_server(tmp_path, cwd=str(tmp_path), script=str(SCRIPT)) as server:
        figures = await server.health_when(lambda figures: figures["status"] == "ok")
    assert figures["game_pid"] and "stray" not in server.log.read_text()
