"""Floods: a connection's input is bounded (the server stops reading it while its queue is full, and forgets what a
client queued once it leaves), and whoever sends more bytes than the budget, telnet negotiation included, is cut
off while everyone else carries on."""

from __future__ import annotations

import asyncio

from telnetlib3.telopt import IAC, NOP, SB, TTYPE

from conftest import RawClient, player, raw_client

MEGABYTE_OF_LINES = b"say flood\r\n" * 95_000  # about 1 MB of commands, far more than the command rate lets run


async def hung_up(client: RawClient) -> str | None:
    """What the server said before hanging up; None if the hang-up was a reset (the kernel drops the flood the server
    left unread, and may drop the goodbye with it)."""
    try:
        return await client.closed()
    except ConnectionResetError:
        return None


async def test_the_server_stops_reading_a_client_whose_queue_is_full(make_server) -> None:
    async with make_server(limits={"command_rate": 2, "command_burst": 3, "input_burst": 10**9}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            for _ in range(64):  # once the server stops reading, the kernel's buffers fill and writing blocks
                igor.send_bytes(MEGABYTE_OF_LINES)
                try:
                    await asyncio.wait_for(igor.writer.drain(), 2)
                except TimeoutError:
                    break
            else:
                raise AssertionError("the server read 64 MB of commands into memory")
            await mara.command("say still fine", 'You say, "still fine"')


async def test_a_departed_clients_queued_commands_are_dropped_at_once(make_server) -> None:
    async with make_server(limits={"command_rate": 2, "command_burst": 3}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            igor.send_bytes(b"".join(b"say queued %d\r\n" % i for i in range(60)))
            await mara.expect('Igor says, "queued 2"')
            igor.writer.transport.abort()
            await mara.expect("Igor has disconnected.")  # within WAIT, not after 30 s of queued commands
            await mara.command("WHO", r"players? (is|are) connected")
            assert "Igor" not in mara.text[mara.text.rindex("Player Name"):]
            assert "queued 40" not in mara.text


async def test_a_negotiation_flood_is_cut_off_and_others_carry_on(make_server) -> None:
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 0}) as server:
        async with player(server, "Mara") as mara:
            for flood in ((IAC + NOP) * 20_000, IAC + SB + TTYPE + b"x" * 40_000, b"x" * 40_000):
                async with raw_client(server) as flooder:
                    flooder.send_bytes(flood)
                    said = await hung_up(flooder)
                    assert said is None or "You sent more than 1024 bytes a second; closing this connection." in said
                await mara.command("say after the flood", 'You say, "after the flood"')


async def test_an_address_cut_off_is_refused_for_a_while(make_server) -> None:
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 600}) as server:
        async with raw_client(server) as flooder:
            flooder.send_bytes((IAC + NOP) * 20_000)
            assert await hung_up(flooder) != ""
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        said = await asyncio.wait_for(reader.read(), 10)
        writer.close()
        assert b"Your address flooded this server a moment ago; try again in a minute." in said
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.0.2", 0))
        try:
            assert b"Welcome to" in await asyncio.wait_for(reader.readuntil(b"Welcome to"), 10)
        finally:
            writer.close()
