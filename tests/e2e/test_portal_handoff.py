"""Issue 41, "the hop": a plain telnet connection's socket is handed to the game process once negotiated, which reads
and writes it itself; anything telnet hands it back for a moment, and a crash, a kill or a reload of the game process
drops no one (the portal keeps its own descriptor, takes every socket back and hands them to the next process)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from telnetlib3.mud import gmcp_decode
from telnetlib3.telopt import GMCP, NAWS

from server.portal.handed import REHAND_AFTER
from server.words.texts import FLOODED_LATELY, QUIT, RELOADED, RELOADING
from support.clients import RawClient, loose, player
from support.portals import PortalServer, portal_server
from support.wire import wire_client

INPUT_FLOOD = "You sent more than"
RESTARTING = "The game stopped unexpectedly; it is starting again. Hold on: you stay connected."


async def handed_again(server: PortalServer, first: dict[str, Any], one: RawClient, other: RawClient) -> None:
    """Both clients' sockets handed to the next game process once they type, and their talk flowing."""
    await one.command("look", "Obvious exits")
    await other.command("look", "Obvious exits")
    again = await server.health_when(lambda f: f["handed"] == 2)
    assert again["handoffs"] >= first["handoffs"] + 2
    await other.command("say still here", 'You say, "still here"')
    await one.expect("says, \"still here\"")


@pytest.mark.parametrize("handoff", [True, False])
async def test_a_telnet_connection_is_handed_to_the_game_process_and_lines_flow(tmp_path: Path, handoff: bool) -> None:
    """Handed over once negotiated (``portal.handoff``); with the setting off, relayed as before."""
    async with portal_server(tmp_path, COSMIC_PORTAL__HANDOFF=str(handoff).lower()) as server, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("look", "Obvious exits")
        await bob.command("look", "Obvious exits")
        if handoff:
            assert (await server.health_when(lambda f: f["handed"] == 2))["handoffs"] >= 2
        await ann.command("say hello there", 'You say, "hello there"')
        await bob.expect('Ann says, "hello there"')
        await bob.command("say and back", 'You say, "and back"')
        await ann.expect('Bob says, "and back"')
        figures = await server.health()
        assert (figures["handed"], figures["handoffs"] > 0) == ((2, True) if handoff else (0, False))


async def test_a_resize_and_gmcp_mid_session_are_the_portals_and_the_socket_comes_back(tmp_path: Path) -> None:
    """Anything telnet (an IAC byte) hands the socket back to the portal with what was read, which parses it as
    before: a NAWS resize narrows the text, GMCP packages asked for mid-session reach the client; then it is handed
    over again at its first line ``REHAND_AFTER`` later."""
    async with portal_server(tmp_path) as server, \
            wire_client(server, frozenset({NAWS, GMCP})) as client, player(server, "Bob") as bob:  # type: ignore[arg-type]
        client.naws(120, 40)
        client.gmcp('Core.Hello {"client": "TestClient", "version": "1.0"}')
        await client.command("create Ann secret1", "Obvious exits")
        await client.command("look", "Obvious exits")
        before = (await server.health_when(lambda f: f["handed"] == 2))["handoffs"]
        long = " ".join(["word"] * 14)  # 69 characters: one line at 120 columns, wrapped at 40
        await bob.command(f"say {long}", "You say")
        await client.expect(f'Bob says, "{long}"')
        client.naws(40, 24)
        client.gmcp('Core.Supports.Set ["Comm 1"]')
        await client.command("look", "Obvious exits")
        seen = len([s for s in client.subnegotiations if s[0] == GMCP])
        await bob.command(f"say {long}", "You say")
        said = await client.expect(r'Bob says, "word[^"]*"')
        assert "\n" in said and all(len(line) <= 40 for line in said.splitlines())
        for at in range(seen, seen + 20):
            name, data = gmcp_decode(await client.subnegotiation(GMCP, at))
            if name == "Comm.Channel.Text":
                assert data["talker"] == "Bob"
                break
        else:
            raise AssertionError("no Comm.Channel.Text after the client asked for it")
        await asyncio.sleep(REHAND_AFTER)  # (a socket that came back is asked for again this long after)
        await client.command("look", "Obvious exits")
        await server.health_when(lambda f: f["handed"] == 2 and f["handoffs"] > before)


async def test_a_killed_game_process_drops_no_one_handed_and_the_next_takes_them_again(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("look", "Obvious exits")
        await bob.command("look", "Obvious exits")
        first = await server.health_when(lambda f: f["handed"] == 2)
        os.kill(first["game_pid"], signal.SIGKILL)
        await ann.expect(loose(RESTARTING))
        ann.send("say typed meanwhile")  # while no game process serves: it waits in the portal
        await bob.expect(loose(RESTARTING))
        back = await server.health_when(lambda f: f["game_pid"] not in (None, first["game_pid"]) and f["status"] == "ok")
        assert back["portal_pid"] == first["portal_pid"]
        await ann.expect('You say, "typed meanwhile"')
        await bob.expect('Ann says, "typed meanwhile"')
        await handed_again(server, first, ann, bob)


async def test_a_wizards_reload_takes_every_socket_back_and_hands_them_on(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz, player(server, "Ann") as ann:
        await wiz.command("look", "Obvious exits")
        await ann.command("look", "Obvious exits")
        first = await server.health_when(lambda f: f["handed"] == 2)
        wiz.send("@reload")
        await ann.expect(RELOADING)
        ann.send("say typed meanwhile")
        await wiz.expect(RELOADING)
        await wiz.expect(RELOADED)
        reloaded = await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "ok")
        assert reloaded["game_pid"] != first["game_pid"]
        await wiz.expect('Ann says, "typed meanwhile"')
        await handed_again(server, first, ann, wiz)


async def test_quit_gets_its_farewell_and_a_hang_up_is_seen(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command("look", "Obvious exits")
            await bob.command("look", "Obvious exits")
            await server.health_when(lambda f: f["handed"] == 2)
            bob.send("quit")
            await bob.expect(QUIT)
            assert "Come back later!" in await bob.closed() + bob.text
            await ann.expect("Bob has disconnected.")
        await server.health_when(lambda f: f["connections"] == 1 and f["handed"] == 1)
        ann.writer.close()  # a hang-up, seen by the game process reading her socket
        await server.health_when(lambda f: f["connections"] == 0 and f["handed"] == 0)


async def test_a_flooding_client_handed_over_is_charged_and_cut_off_as_before(tmp_path: Path) -> None:
    """What the game process reads of a handed socket is charged to the connection's byte budget: past it, the
    portal (handed the socket back with what went over) cuts the client off, and its address is refused a while."""
    async with portal_server(tmp_path, COSMIC_LIMITS__INPUT_BURST="20000") as server, player(server, "Bob") as bob:
        await bob.command("look", "Obvious exits")
        await server.health_when(lambda f: f["handed"] == 1)
        bob.send_bytes(b"say x\r\n" * (60 * 1024 // 7))
        await bob.expect(INPUT_FLOOD)
        await bob.closed()
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        try:  # (held unread a while, not hung up on at once)
            async with asyncio.timeout(10):
                told = b""
                while FLOODED_LATELY.encode() not in told:
                    told += await reader.read(1024)
        finally:
            writer.close()


async def test_telnet_bytes_sent_again_and_again_do_not_move_the_socket_each_time(tmp_path: Path) -> None:
    """A socket handed back for telnet bytes is not asked for again until ``REHAND_AFTER`` has passed: a client
    sending IAC NOP every few milliseconds (each a round of frames and a descriptor passed, some five times what
    relaying the bytes costs) moves its socket a few times, not once a packet, and still plays."""
    async with portal_server(tmp_path) as server, player(server, "Bob") as bob:
        await bob.command("look", "Obvious exits")
        before = (await server.health_when(lambda f: f["handed"] == 1))["handoffs"]
        for _ in range(40):
            bob.send_bytes(b"\xff\xf1")  # IAC NOP
            await asyncio.sleep(0.02)
        await bob.command("look", "Obvious exits")
        moved = (await server.health())["handoffs"] - before
        assert moved <= 2, f"the socket was handed over {moved} times for 40 telnet packets"
        await asyncio.sleep(REHAND_AFTER)
        await bob.command("look", "Obvious exits")
        await server.health_when(lambda f: f["handed"] == 1)
