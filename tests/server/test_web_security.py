"""Issue 30's findings on the web port, each shown fixed (docs/server.md, Security): a WebSocket from another page
refused (2), the security headers on every response, no version in `Server`, `/who` the operator's choice (10)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from support.browsers import open_ws, web_url
from support.clients import player
from support.jsonclients import JsonClient

WEB = {"enabled": True}


async def test_a_websocket_from_another_page_is_refused(make_server) -> None:
    """Finding 2: a page elsewhere cannot act from its visitor's address; the server's own page, a reverse proxy's
    public address (``web.allowed_origins``) and a bot (no Origin) can."""
    web = {**WEB, "allowed_origins": ["https://play.example.org"]}
    async with make_server(web=web) as server:
        assert server.web is not None
        own = f"http://127.0.0.1:{server.web.port}"
        for origin in ("http://evil.example", "null", f"http://127.0.0.1:{server.web.port + 1}",
                       "https://play.example.org.evil.example"):
            async with aiohttp.ClientSession() as http:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(web_url(server, "/ws"), headers={"Origin": origin})
            assert refused.value.status == 403, origin
        for headers in ({"Origin": own}, {"Origin": "https://play.example.org"}, {}):
            client = JsonClient(await open_ws(server, headers=headers))
            try:
                await client.expect("message", kind="banner")
            finally:
                await client.connection.close()


async def raw_http(server_port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", server_port)
    writer.write(request)
    try:
        async with asyncio.timeout(10):
            return await reader.read()
    finally:
        writer.close()


def head(response: bytes) -> str:
    return response.partition(b"\r\n\r\n")[0].decode("latin-1").casefold()


async def test_every_response_has_the_security_headers_and_no_version(make_server) -> None:
    """Finding 10: errors included (a missing page, a wrong method, a request aiohttp cannot parse, a refused
    WebSocket, the 503 of a crowded address)."""
    async with make_server(web=WEB, limits={"max_connections_per_address": 1}) as server:
        assert server.web is not None
        port = server.web.port
        answers = [await raw_http(port, f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                        f"{extra}\r\n".encode())
                   for method, path, extra in (
                       ("GET", "/", ""), ("GET", "/nothing-here", ""), ("GET", "/a/b/c", ""), ("POST", "/", ""),
                       ("GET", "/health", ""), ("GET", "/who", ""),
                       ("GET", "/ws", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: http://evil.example\r\n"),
                   )]
        answers.append(await raw_http(port, b"NOT HTTP AT ALL\r\n\r\n"))
        holder = await asyncio.open_connection("127.0.0.1", port)
        try:
            answers.append(await raw_http(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        finally:
            holder[1].close()
    statuses = [answer.split(b" ", 2)[1] for answer in answers]
    assert statuses == [b"200", b"404", b"404", b"405", b"200", b"200", b"403", b"400", b"503"]
    for answer in answers:
        headers = head(answer)
        assert "content-security-policy: default-src 'self'" in headers, headers
        assert "x-content-type-options: nosniff" in headers, headers
        assert "aiohttp" not in headers and "python" not in headers, headers


async def test_who_over_http_is_the_operators_choice(make_server) -> None:
    """Finding 10: ``web.public_who = false`` keeps who is on (and their @doing) to those logged in."""
    async with make_server(web={**WEB, "public_who": False}) as server, player(server, "Ann"):
        async with aiohttp.ClientSession() as http, http.get(web_url(server, "/who")) as who:
            assert who.status == 404
            assert "Ann" not in await who.text()


async def test_an_exit_name_cannot_read_as_two_exits(make_server) -> None:
    """Finding 10: the room's exits are listed with commas, and the page makes a button of each."""
    async with make_server() as server, player(server, "Wizard") as wizard:
        await wizard.command("@dig Den", "Den")
        await wizard.command("@open north, QUIT=Den", "cannot hold ','")
        await wizard.command("@open north=Den", "opened|Opened")
        await wizard.command("@name north=north,QUIT", "cannot hold ','")
        await wizard.command("look", r"Obvious exits: [a-z, ]*, north\n")
