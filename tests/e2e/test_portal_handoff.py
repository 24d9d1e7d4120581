"""Issue 41, "the hop": a plain telnet connection's socket is handed to the game process once negotiated, which reads
and writes it itself; anything telnet hands it back for a moment, and a crash, a kill or a reload of the game process
drops no one (the portal keeps its own descriptor, takes every socket back and hands them to the next process)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from support.clients import loose, player
from support.portals import portal_server

RELOADING = "The server is reloading; hold on."
RESTARTING = "The game stopped unexpectedly; it is starting again. Hold on: you stay connected."


async def test_a_telnet_connection_is_handed_to_the_game_process_and_lines_flow(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        figures = await server.health_when(lambda f: f["handed"] == 2)
        assert figures["handoffs"] >= 2
        await ann.command("say hello there", 'You say, "hello there"')
        await bob.expect('Ann says, "hello there"')
        await bob.command("say and back", 'You say, "and back"')
        await ann.expect('Bob says, "and back"')
        assert (await server.health())["handed"] == 2
