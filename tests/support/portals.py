"""The server as operators run it (``python -m server.main``: the portal and its game process), for the tests of
reloads and crashes: its ports, data directory and log, and its figures from ``/health``."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp

from support.servers import free_port

ROOT = Path(__file__).parents[2]


@dataclass
class PortalServer:
    """A running portal: ``port`` and ``web.port`` as a GameServer's (what the clients in tests/support take)."""

    port: int
    web: SimpleNamespace
    data_dir: Path
    log: Path
    process: asyncio.subprocess.Process

    async def health(self) -> dict[str, Any]:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{self.web.port}/health") as answer:
            return await answer.json()  # type: ignore[no-any-return]

    async def health_when(self, ready: Any, wait: float = 30.0) -> dict[str, Any]:
        """``/health`` once ``ready(figures)`` holds."""
        async with asyncio.timeout(wait):
            while not ready(figures := await self.health()):
                await asyncio.sleep(0.1)
        return figures

    async def console(self, *args: str) -> tuple[int, str]:
        """``cosmic-wimpout <args> --data-dir`` this server's, as an operator runs it beside the server."""
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.main", *args, "--data-dir", str(self.data_dir), cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await process.communicate()
        return await process.wait(), out.decode()

    def events(self, name: str) -> list[dict[str, Any]]:
        lines = self.log.read_text(errors="replace").splitlines()
        return [e for e in (json.loads(line) for line in lines if line.startswith("{")) if e.get("event") == name]


@asynccontextmanager
async def portal_server(tmp_path: Path, *args: str, cwd: str | None = None, script: str | None = None,
                        **env: str) -> AsyncIterator[PortalServer]:
    """The console program with its web port, JSON logs in ``tmp_path/server.log``, house bots moving at once (as
    ``make_server``'s do); SIGTERM at the end (SIGKILL if it does not stop). ``script``: run as that console script
    (``cosmic-wimpout``), in ``cwd``, rather than as ``python -m server.main`` in the checkout."""
    port, web_port = free_port(), free_port()
    log = tmp_path / "server.log"
    environment = {**os.environ, "COSMIC_HOST": "127.0.0.1", "COSMIC_PASSWORD_HASH_COST": "1024",
                   "COSMIC_CONNECT_MAXWAIT": "0.05", "COSMIC_LOG_FORMAT": "json", "COSMIC_WEB__HOST": "127.0.0.1",
                   "COSMIC_WEB__PORT": str(web_port), "COSMIC_WIZARDS": '["Wiz"]',
                   "COSMIC_TABLES__TURN_TIMER": "600", "COSMIC_TABLES__BOT_PACE": "0",
                   "COSMIC_LIMITS__CREATE_BURST": "100", **env}
    data_dir = tmp_path / "data"
    with log.open("wb") as out:
        command = [script] if script is not None else [sys.executable, "-m", "server.main"]
        process = await asyncio.create_subprocess_exec(
            *command, "--port", str(port), "--data-dir", str(data_dir), *args,
            cwd=cwd or ROOT, env=environment, stdout=out, stderr=out)
    server = PortalServer(port, SimpleNamespace(port=web_port), data_dir, log, process)
    try:
        async with asyncio.timeout(30):
            while not server.events("server.started"):
                assert process.returncode is None, log.read_text()
                await asyncio.sleep(0.05)
        yield server
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.send_signal(signal.SIGKILL)
        await process.wait()
