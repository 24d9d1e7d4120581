"""A server runs for months: what each connection, game and name leaves behind is let go when it ends, or capped.
(benchmarks/soak_bench.py measures the growth as figures; these tests pin each structure that grew.)"""

from __future__ import annotations

import asyncio
import gc

import pytest

from support.clients import player, raw_client
from server.app import GameServer
from server.telnet.telnetserver import MuckTelnetServer

pytestmark = pytest.mark.slow


async def settled(server: GameServer) -> None:
    """Until every connection the server served has ended."""
    async with asyncio.timeout(10):
        while server.connections or server.players:
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # the transports' last callbacks


def protocols(server: GameServer) -> int:
    """telnetlib3 protocol objects of this server still alive."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, MuckTelnetServer) and o.host is server)


async def test_closed_connections_leave_no_protocol_behind(make_server) -> None:
    """telnetlib3 queued each connection for Server.wait_for_client (which a MUCK never calls), up to 1,000 of them
    closed or not, each with its reader, writer and any MCCP2 compressor: ~19 KiB a connection in the soak benchmark."""
    async with make_server() as server:
        for i in range(12):
            async with player(server, f"Visitor{i}") as client:
                client.send("QUIT")
                await client.closed()
        for _ in range(8):
            async with raw_client(server):
                pass
        await settled(server)
        async with raw_client(server):  # telnetlib3's list of connections forgets closed ones when one comes
            assert protocols(server) == 1
