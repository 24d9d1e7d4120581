"""A restart, graceful (SIGTERM) or not (SIGKILL), in the middle of everything: accounts, built rooms, channels,
tables waiting and games in play, Funhouse runs, and each player's place come back as they were - on each storage
backend (``store_url``)."""

from __future__ import annotations

import asyncio
import signal
from contextlib import AsyncExitStack
from pathlib import Path
from types import SimpleNamespace

import pytest

from support.clients import player
from support.servers import console_server, free_port
from support.tablesetup import scoreboard

pytestmark = pytest.mark.usefixtures("store_url")


FUNHOUSE_BOARD = r"(?s)Magic Mirror\n.*?(?=You may:)"
"""A Magic Mirror board as 'fh look' draws it, dealt (the stacks are shown before that)."""


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
async def test_everything_comes_back_after_a_restart(tmp_path: Path, stop: signal.Signals) -> None:
    port = free_port()
    address = SimpleNamespace(port=port)
    async with console_server(tmp_path, port) as process, AsyncExitStack() as stack:
        wiz, ann, bob, carl, dee, tia = [await stack.enter_async_context(player(address, name))
                                         for name in ("Wiz", "Ann", "Bob", "Carl", "Dee", "Tia")]
        await wiz.command("@dig The Den=den,out", "Exit den opened")
        await wiz.command("den", "The Den")
        await wiz.command("@channel create lounge=Quiet talk", "lounge")
        while True:  # a random deal; one whose first move ends the room (no pair left) is dealt again
            await wiz.command("funhouse room magic-mirror", r"Magic Mirror alone(?s:.*?)You may: [^\n]*\n")
            if "You may:" in await wiz.command("fh top R", r"You may:|The run is over"):
                break
        funhouse_board = await wiz.command("fh look", FUNHOUSE_BOARD)
        await ann.command("@channel join lounge", "lounge")
        await ann.command("@doing rolling along", "rolling along|Doing")
        await ann.command("@set cubes=compact", "Set: cubes=compact")
        await bob.command("@set cubes=compact", "Set: cubes=compact")
        await ann.command("green", "The Green Parlour")
        await bob.command("green", "The Green Parlour")
        await ann.command("table open goal=300 bump", "You sit down at table 1.")
        await bob.command("sit", "You sit down at table 1.")
        await ann.command("start", "Roll-off for the first turn")
        for _ in range(6):  # a few moves by whoever is up
            for client in (ann, bob):
                client.send("roll")
                client.send("stop")
        await asyncio.sleep(0.5)
        await carl.command("blue", "The Blue Parlour")
        await carl.command("table open goal=1000 lastlicks=B", "You sit down at table 2.")
        await carl.command("table pace 3", "wait 3 s")
        await dee.command("blue", "The Blue Parlour")
        await dee.command("sit 2", "You sit down at table 2.")
        await tia.command("garden", "Garden")
        await tia.command("tutorial", r"\[tutorial\] TUTORIAL: you play Teacher\.bot to 100")
        await tia.command("roll", r"\[tutorial\] Cubes that score are set aside")
        before = await scoreboard(carl, 1)
        waiting = await scoreboard(carl, 2)
        process.send_signal(stop)
        await ann.closed()
        await process.wait()
    async with console_server(tmp_path, port):
        async with player(address, "Wiz", create=False) as wiz:
            await wiz.command("look", "The Den")
            await wiz.command("@channel list", r"lounge")
            assert await wiz.command("fh look", FUNHOUSE_BOARD) == funhouse_board  # the run goes on where it was
        async with player(address, "Ann", create=False) as ann, player(address, "Bob", create=False) as bob:
            await ann.expect("You are back at table 1.")
            await bob.expect("You are back at table 1.")
            await ann.command("look", "The Green Parlour")
            await ann.command("@channel list", r"\* lounge")
            await ann.command("WHO", "rolling along")
            async with player(address, "Carl", create=False) as carl, player(address, "Dee", create=False) as dee:
                await dee.expect("You are back at table 2.")
                assert await scoreboard(carl, 1) == before
                assert await scoreboard(carl, 2) == waiting
                await carl.command("look", "The Blue Parlour")
                await carl.command("table pace", "House bots at table 2 wait 3 s before each throw.")
        async with player(address, "Tia", create=False) as tia:
            await tia.expect("You are back at table 3.")
            tia.send("roll")  # the lesson goes on: its next loaded throw, and the note on a rule not met before
            await tia.expect(r"\[tutorial\] A FLASH: three of a face")
            assert "Cubes that score are set aside" not in tia.text  # (said before the restart: not again)


async def test_who_is_connected_is_seen_all_along_not_only_at_login(make_server) -> None:
    """'Last seen' was written at login and at logout only: after a kill, everyone connected showed the time they
    logged in, hours before. Those connected are recorded as seen every time the idle sweep runs."""
    async with make_server(limits={"idle_timeout": 4}) as server, player(server, "Ann") as ann:
        skeleton = server.players["Ann"].account.skeleton
        logged_in = (await server.store.find(skeleton)).last_seen
        async with asyncio.timeout(10):
            while (await server.store.find(skeleton)).last_seen == logged_in:
                ann.send("idle")  # still here (not timed out: its logout would record her as seen)
                await asyncio.sleep(0.2)
        assert "Ann" in server.players
