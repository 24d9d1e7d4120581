"""Issue 37: a client's input through the portal. A client that floods and hangs up is gone at once (what it sent and
no command read is dropped, as in one process); the game process never holds more than a window of one
connection's unread input (the portal stops reading the client meanwhile, as TCP does); and a reload hands the
input not run yet (waiting on the flood limit) to the next game process instead of dropping it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import aiohttp
import pytest

from server.portal.frames import INPUT_WINDOW, Kind, frame
from server.wire.sink import READ_CHUNK
from support.clients import RawClient, player
from support.portals import PortalServer, portal_server

RELOADING = "The server is reloading; hold on."


async def test_a_client_that_floods_and_hangs_up_is_gone_at_once(tmp_path: Path) -> None:
    """The attacker's first reproduction: 700 'say' lines written at once, then a hang-up. Past the burst (here 50
    commands) the rest would wait on the flood limit for minutes, said to everyone and Bob still in WHO."""
    async with portal_server(tmp_path, COSMIC_LIMITS__COMMAND_BURST="50") as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            bob.send_bytes(b"".join(b"say flood %d\r\n" % n for n in range(700)))
            await bob.writer.drain()
        await ann.expect("Bob has disconnected.")
        await ann.command("who", r"1 player is connected\.")
        await ann.command("say after", 'You say, "after"')
        said_after = ann.text[ann.text.index("Bob has disconnected.") :]
        assert "Bob says" not in said_after
        assert ann.text.count("Bob says") < 700


@pytest.mark.parametrize("handoff", [False, True])
async def test_the_game_process_holds_at_most_a_window_of_a_clients_input(tmp_path: Path, handoff: bool) -> None:
    """600 KiB of commands at once (within the input budget, past the command burst): the portal reads on only as
    the session takes them, so the game process never holds more than a window of them (its /health says the most it
    holds of any one connection). The same once the socket is handed to the game process (issue 41), which then
    reads it on only as the session takes them."""
    async with portal_server(tmp_path, COSMIC_PORTAL__HANDOFF=str(handoff).lower()) as server, \
            player(server, "Bob") as bob:
        if handoff:
            await bob.command("look", "Obvious exits")
            await server.health_when(lambda f: f["handed"] == 1)
        bob.send_bytes(b"say x\r\n" * (600 * 1024 // 7))
        figures = await server.health_when(lambda f: f.get("input_waiting", 0) > INPUT_WINDOW // 2)
        most = figures["input_waiting"]
        for _ in range(20):  # two seconds: without flow control it would grow to the whole 600 KiB by then
            await asyncio.sleep(0.1)
            most = max(most, (await server.health())["input_waiting"])
        assert most <= INPUT_WINDOW + READ_CHUNK
        assert (await server.health())["handed"] == handoff


async def test_a_browser_too_is_read_only_a_window_ahead(tmp_path: Path) -> None:
    """The same through the web page's WebSocket: one frame of 600 KiB of commands (each line of it handed on as the
    session takes the one before), the browser reading what it is sent."""
    async with portal_server(tmp_path) as server, aiohttp.ClientSession() as http, \
            http.ws_connect(f"http://127.0.0.1:{server.web.port}/ws") as ws:
        reading = asyncio.create_task(read_all(ws))
        await ws.send_str("create Bob secret1")
        await ws.send_str("say x\n" * (600 * 1024 // 6))
        figures = await server.health_when(lambda f: f.get("input_waiting", 0) > INPUT_WINDOW // 2)
        most = figures["input_waiting"]
        for _ in range(20):
            await asyncio.sleep(0.1)
            most = max(most, (await server.health())["input_waiting"])
        assert most <= INPUT_WINDOW + READ_CHUNK
        reading.cancel()


async def read_all(ws: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in ws:
        pass


async def said_by(client: RawClient, who: str) -> list[int]:
    return [int(n) for n in re.findall(rf'{who} says, "line (\d+)"', client.text)]


async def test_a_reload_runs_the_commands_waiting_on_the_flood_limit(tmp_path: Path) -> None:
    """60 lines at once with a burst of 10 and 4 commands a second: a reload comes while most of them wait. Every
    one is said once, in order, the rest by the new game process."""
    async with portal_server(tmp_path, COSMIC_LIMITS__COMMAND_BURST="10", COSMIC_LIMITS__COMMAND_RATE="4") as server, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        bob.send_bytes(b"".join(b"say line %d\r\n" % n for n in range(60)))
        await ann.expect('Bob says, "line 12"')
        code, said = await server.console("reload")
        assert code == 0, said
        await ann.expect(RELOADING)
        await ann.expect('Bob says, "line 59"', within=30)
        assert await said_by(ann, "Bob") == list(range(60))


async def stranger(server: PortalServer, sent: bytes) -> bytes:
    """Open the portal's unix socket as someone other than its game process, send ``sent``: what comes back before
    the portal hangs up (within 10 s)."""
    reader, writer = await asyncio.open_unix_connection(str(server.data_dir / "game.sock"))
    writer.write(sent)
    try:
        async with asyncio.timeout(10):
            return await reader.read()
    finally:
        writer.close()


async def test_the_portals_socket_hangs_up_on_bad_hellos_with_a_line_each(tmp_path: Path) -> None:
    """Whoever else opens the game processes' socket (the same user only) and sends a malformed HELLO, a frame of
    another kind or the head of a huge frame is hung up on at once, each logged as one line, never a traceback; the
    players are served all the while."""
    bad = [frame(Kind.HELLO, 0, b"not json"), frame(Kind.HELLO, 0, b'{"pid": "x", "token": 1}'),
           frame(Kind.HELLO, 0, b"[" * 1000), frame(Kind.HELLO, 0, b'{"pid": 1e400, "token": ""}'),
           frame(Kind.HELLO, 0, b'{"pid": 1, "token": "guess"}'), frame(Kind.INPUT, 1, b"say hi\r\n"),
           (60 << 20).to_bytes(4, "big") + bytes([Kind.HELLO]) + bytes(4) + b"x" * 65536, bytes([0, 0, 0, 1, 1, 0, 0, 0, 0])]
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
        for sent in bad:
            assert await stranger(server, sent) == b""
        await ann.command("say still here", 'You say, "still here"')
        assert len(server.events("portal.stranger")) == len(bad)
        assert "Traceback" not in server.log.read_text()
