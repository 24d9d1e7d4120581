"""Issue 30, finding 1: silent TLS sockets under a low descriptor limit. The server runs as the console script runs it,
in a process of its own limited to ``DESCRIPTORS`` descriptors (systemd's default is 1,024): sockets that never
start their handshake cannot shut others out of telnet, TLS or /health, from one address (its limit) nor from many
(handshakes under way hold half the descriptors at most, the longest waiting given up first); when descriptors do run out (plain connections from many
addresses), the failed accepts are a warning a second at most, never a traceback each (on asyncio's loop: uvloop's
closes the connections it cannot take, and says nothing), and they come back."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import ssl
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from support.servers import self_signed

DESCRIPTORS = 256
HANDSHAKE_TIMEOUT = 3
ROOT = Path(__file__).parents[2]


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


@asynccontextmanager
async def limited_server(tmp_path: Path) -> AsyncIterator[tuple[dict[str, Any], Path]]:
    """The server in its own process, limited to ``DESCRIPTORS`` descriptors: its ports (from its log), its log."""
    cert, key = self_signed(tmp_path)
    log = tmp_path / "server.log"
    env = {**os.environ, "COSMIC_HOST": "127.0.0.1", "COSMIC_PORT": "0", "COSMIC_WEB__HOST": "127.0.0.1",
           "COSMIC_WEB__PORT": "0", "COSMIC_TLS__PORT": "0", "COSMIC_TLS__CERTFILE": str(cert),
           "COSMIC_TLS__KEYFILE": str(key), "COSMIC_TLS__HANDSHAKE_TIMEOUT": str(HANDSHAKE_TIMEOUT),
           "COSMIC_LOG_FORMAT": "json", "COSMIC_PASSWORD_HASH_COST": "1024"}
    with log.open("wb") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.main", "--data-dir", str(tmp_path / "data"), cwd=ROOT, env=env,
            stdout=out, stderr=out, preexec_fn=_limited,
        )
    try:
        started = None
        for _ in range(300):
            started = next((e for e in _events(log) if e.get("event") == "server.started"), None)
            if started is not None:
                break
            await asyncio.sleep(0.1)
        assert started is not None, log.read_text()
        yield started, log
    finally:
        process.terminate()
        await process.wait()


def _events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(errors="replace").splitlines() if line.startswith("{")]


async def _silent(port: int, address: str, count: int) -> list[socket.socket]:
    """``count`` connections from ``address`` that never say anything (no ClientHello)."""
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((address, 0))
        try:
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        except OSError:
            sock.close()
            break
        sockets.append(sock)
    return sockets


async def _banner(port: int, address: str, tls: ssl.SSLContext | None = None) -> None:
    """The server's banner, to its end ('QUIT'), within a few seconds, on a connection from ``address``."""
    async with asyncio.timeout(5):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, local_addr=(address, 0))
        try:
            seen = b""
            while b"QUIT" not in seen:
                chunk = await reader.read(4096)
                assert chunk, seen
                seen += chunk
        finally:
            writer.close()


async def _served(started: dict[str, Any], address: str) -> None:
    """Someone else still gets the telnet banner and /health within a few seconds."""
    async with asyncio.timeout(5):
        await _banner(started["port"], address)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{started['web_port']}/health") as health:
                assert health.status == 200


async def _tls_banner(started: dict[str, Any], address: str) -> None:
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    await _banner(started["tls_port"], address, context)


async def _all_served_beside(silent: list[socket.socket], started: dict[str, Any]) -> None:
    """With the ``silent`` sockets open, someone else is served telnet, /health and TLS; then they close."""
    try:
        await asyncio.sleep(0.5)
        await _served(started, "127.0.0.3")
        await _tls_banner(started, "127.0.0.3")
    finally:
        for sock in silent:
            sock.close()


async def test_silent_tls_sockets_from_one_address_shut_nobody_out(tmp_path: Path) -> None:
    async with limited_server(tmp_path) as (started, log):
        silent = await _silent(started["tls_port"], "127.0.0.2", DESCRIPTORS + 100)
        await _all_served_beside(silent, started)
        refused = [e for e in _events(log) if e.get("event") == "session.refused_at_accept"]
        assert "Traceback" not in log.read_text(errors="replace")
        assert len(refused) <= 5 and sum(e["times"] for e in refused) >= 1  # refused at once, logged once a second


async def test_silent_tls_sockets_from_many_addresses_shut_nobody_out(tmp_path: Path) -> None:
    """Each address within its limit, together more than the process's descriptors: handshakes under way hold half
    of them at most (``admission.HANDSHAKE_SHARE``: past it the one that waited longest is given up), and everyone
    else is served, TLS included."""
    async with limited_server(tmp_path) as (started, log):
        silent = []
        for n in range(DESCRIPTORS // 15):  # 20 from each address (the most it may hold): more than the limit
            silent += await _silent(started["tls_port"], f"127.0.1.{n + 1}", 20)
        await _all_served_beside(silent, started)
        text = log.read_text(errors="replace")
        refused = [e for e in _events(log) if e.get("event") == "session.handshake_given_up"]
        assert refused and len(refused) <= 5 and "Traceback" not in text, text[-2000:]


async def test_descriptors_used_up_come_back_and_accept_errors_are_one_line_a_second(tmp_path: Path) -> None:
    async with limited_server(tmp_path) as (started, log):
        began = time.monotonic()
        silent = []
        for n in range(DESCRIPTORS // 15):  # plain telnet, 20 from each address: more than the limit
            silent += await _silent(started["port"], f"127.0.1.{n + 1}", 20)
        await asyncio.sleep(2.5)
        for sock in silent:  # they leave: their descriptors come back
            sock.close()
        await asyncio.sleep(0.5)
        await _served(started, "127.0.0.3")
        seconds = time.monotonic() - began
        text = log.read_text(errors="replace")
        failed = [e for e in _events(log) if e.get("event") == "server.accept_failed"]
        assert "Traceback" not in text, text[-2000:]
        if started["loop"] == "asyncio":  # asyncio reports each failed accept, and retries
            assert failed and len(failed) <= seconds + 1 and "Too many open files" in failed[0]["error"], text[-2000:]
        else:  # libuv (uvloop) accepts and closes what it has no descriptor for (its reserve one), and reports nothing
            assert not failed, text[-2000:]
