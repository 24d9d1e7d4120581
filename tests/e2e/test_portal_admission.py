"""Issue 37: who the portal lets in, as deployed. A trusted proxy's ``X-Forwarded-For`` read from all its lines and
its entries in any form (ports, brackets, zones, IPv4 in IPv6), for bans and per-address limits alike; the /ws
Origin compared with the server's own addresses, not the request's Host (DNS rebinding); and connections that never
log in closed after ``limits.login_timeout``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from support.browsers import open_ws
from support.clients import player
from support.jsonclients import JsonClient
from support.portals import PortalServer, portal_server

BANNED = "Connections from your address are banned from this server."
CROWDED = "Too many connections from your address"


async def first_words(server: PortalServer, forwarded: list[str]) -> str:
    """What a browser behind the proxy (its ``X-Forwarded-For`` lines as given) is told first."""
    connection = await open_ws(server, headers=[("X-Forwarded-For", line) for line in forwarded])  # type: ignore[arg-type]
    try:
        while (said := await connection.message()) is not None:
            if said["type"] == "error" or said.get("kind") == "banner":
                return str(said.get("message") or said.get("text"))
        return ""
    finally:
        await connection.close()


async def test_a_clients_own_forwarded_line_or_form_never_escapes_a_ban(tmp_path: Path) -> None:
    """Behind a trusted proxy that adds a line of its own (not appending to the client's), the client's line came
    first and won; and an address with a port, in brackets, with a zone or as IPv4 in IPv6 was never banned."""
    async with portal_server(tmp_path, COSMIC_WEB__TRUSTED_PROXIES='["127.0.0.1"]') as server, \
            player(server, "Wiz") as wiz:
        await wiz.command("@ban 198.51.100.0/24", "is banned")
        await wiz.command("@ban 2001:db8::/32", "is banned")
        for forwarded in (["203.0.113.5", "198.51.100.7"], ["198.51.100.7:5555"], ["203.0.113.5, [2001:db8::7]:443"],
                          ["2001:db8::7%eth0"], ["::ffff:198.51.100.7"], ["[::ffff:c633:6407]:80"]):
            assert await first_words(server, forwarded) == BANNED, forwarded
        assert "QUIT" in await first_words(server, ["198.51.100.7", "203.0.113.5"])  # the proxy's own word counts


async def test_one_client_in_any_form_is_one_address_for_the_limits(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_WEB__TRUSTED_PROXIES='["127.0.0.1"]',
                             COSMIC_LIMITS__MAX_CONNECTIONS_PER_ADDRESS="1") as server:
        first = JsonClient(await open_ws(server, headers={"X-Forwarded-For": "203.0.113.9"}))
        try:
            await first.expect("message", kind="banner")
            for form in ("203.0.113.9:4000", "::ffff:203.0.113.9", "[::ffff:203.0.113.9]:1"):
                assert (await first_words(server, [form])).startswith(CROWDED), form
        finally:
            await first.connection.close()


async def opens(server: PortalServer, origin: str, host: str | None = None) -> bool:
    """Whether a page at ``origin`` may open /ws (the request's Host as given: a rebound name's)."""
    headers = {"Origin": origin} | ({"Host": host} if host else {})
    async with aiohttp.ClientSession() as http:
        try:
            ws = await http.ws_connect(f"http://127.0.0.1:{server.web.port}/ws", headers=headers)
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 403
            return False
        await ws.close()
        return True


async def test_a_page_at_a_name_rebound_to_the_server_cannot_open_its_websocket(tmp_path: Path) -> None:
    """DNS rebinding: the attacker's name, pointed at the server's address, makes the request's Host the page's own;
    the server's own addresses (as reached, and localhost on loopback) and the configured public ones still may."""
    async with portal_server(tmp_path, COSMIC_WEB__ALLOWED_ORIGINS='["https://play.example.org"]') as server:
        port = server.web.port
        assert not await opens(server, f"http://rebound.example:{port}", f"rebound.example:{port}")
        assert not await opens(server, f"http://127.0.0.2:{port}", f"127.0.0.2:{port}")
        assert not await opens(server, f"https://127.0.0.1:{port}")
        for own in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://LocalHost:{port}/",
                    "https://play.example.org", "https://play.example.org:443"):
            assert await opens(server, own), own


@pytest.mark.parametrize("kind", ["telnet", "web"])
async def test_a_connection_that_never_logs_in_is_closed_after_the_login_timeout(tmp_path: Path, kind: str) -> None:
    async with portal_server(tmp_path, COSMIC_LIMITS__LOGIN_TIMEOUT="3") as server, player(server, "Ann") as ann:
        silent: Any
        if kind == "telnet":
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            async with asyncio.timeout(15):
                said = b""
                while chunk := await reader.read(4096):
                    said += chunk
            writer.close()
            assert b"No login within 3 seconds" in said
        else:
            silent = JsonClient(await open_ws(server))
            try:
                await silent.expect("message", kind="banner")
                farewell = await silent.expect("message", kind="farewell")
                assert farewell["text"].startswith("No login within 3 seconds")
                assert await silent.connection.message() is None
            finally:
                await silent.connection.close()
        await ann.command("say still here", 'You say, "still here"')  # logged in: kept
        assert server.events("session.login_timeout")
