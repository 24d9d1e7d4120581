"""Real servers on loopback for tests: settings that make them fast (ephemeral ports, cheap hashing, tiny waits)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from server.app import GameServer
from server.settings import Settings, load_settings


def settings_for(data_dir: Path, **overrides: Any) -> Settings:
    """Settings for a test server: loopback, ephemeral port, cheap hashing, tiny waits; the account named Wizard is
    a wizard."""
    limits = {"idle_timeout": 60, "shutdown_grace": 2, "create_burst": 1000, **overrides.pop("limits", {})}
    web = {"enabled": False, "host": "127.0.0.1", "port": 0, **overrides.pop("web", {})}
    tables = {"bot_pace": 0, **overrides.pop("tables", {})}
    overrides.setdefault("wizards", ["Wizard"])
    return load_settings(
        host="127.0.0.1", port=0, data_dir=data_dir, connect_maxwait=0.05,
        password_hash_cost=1024, limits=limits, web=web, tables=tables, **overrides,
    )


@asynccontextmanager
async def running(settings: Settings) -> AsyncIterator[GameServer]:
    async with GameServer(settings) as server:
        yield server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def console(*args: str) -> tuple[int, str]:
    """``cosmic-wimpout ...`` as the operator runs it: a second process on the same database."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.main", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await process.communicate()
    return await process.wait(), out.decode()


@asynccontextmanager
async def console_server(workdir: Path, port: int, *argv: str) -> AsyncIterator[asyncio.subprocess.Process]:
    """The console program, as operators run it (fair dice unless ``argv`` says otherwise), its data directory in
    ``workdir`` (its store the environment's ``COSMIC_STORE__URL`` when set); killed at the end if still running.
    The web client is off: its fixed port would clash with any other server running."""
    env = {**os.environ, "COSMIC_HOST": "127.0.0.1", "COSMIC_PASSWORD_HASH_COST": "1024",
           "COSMIC_CONNECT_MAXWAIT": "0.05", "COSMIC_LOG_LEVEL": "warning", "COSMIC_WEB__ENABLED": "false",
           "COSMIC_WIZARDS": '["Wiz"]', "COSMIC_TABLES__TURN_TIMER": "600", "COSMIC_LIMITS__CREATE_BURST": "100"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.main", "--port", str(port), "--data-dir", str(workdir / "data"), *argv,
        cwd=workdir, env=env,
    )
    try:
        async with asyncio.timeout(20):
            while True:
                try:
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                    first = await reader.read(1)
                    writer.close()
                    if first:
                        break
                except OSError:
                    pass
                await asyncio.sleep(0.05)
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()


def self_signed(tmp_path: Path) -> tuple[Path, Path]:
    """A certificate for localhost and its key, made with openssl (the TLS port's tests)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
        check=True, capture_output=True,
    )
    return cert, key
