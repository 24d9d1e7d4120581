"""Issue 36, item 2: a move that cannot be saved is not played. The server as operators run it (the portal and its
game process), its store made to fail in the middle of a game against a house bot: SQLite's data directory on a
2 MiB tmpfs filled to the last byte, or PostgreSQL's database refusing every connection. The player whose move failed
is told it was not played, everyone at the table that it is held (no clock, the house bot waiting, nothing shown that
is not stored), ``/health`` answers 503 with the store's trouble; once the store works again the table goes on by
itself, ``/health`` is 200 again, and the stored game has no hole in its events. On SQLite the held table also goes
through a reload and a restart of the server while the disk is still full."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from support.clients import RawClient, loose, player
from support.jsonclients import JsonClient, json_client
from support.portals import PortalServer, portal_server
from support.storedb import database
from support.storefaults import Fault, store_fault, why_no_small_disk
from support.tablesetup import scoreboard

from bots.reference_bot import Connection, Message, Player, cautious, run

pytestmark = pytest.mark.slow

HELD = loose("Table 1 is held: the server cannot save right now, so the last move was not played.")
NOT_PLAYED = loose("Your move was not played (the server could not save it).")
STILL_HELD = loose("Table 1 is held until the server can save again")
GOES_ON = loose("Table 1 goes on: the server can save again.")
RECOVERY = 90.0
"""Seconds at most for the table to go on once the store works again (its retries wait 1, 2, 4 ... 30 s)."""


@contextmanager
def failing_store(tmp_path: Path, store_url: str) -> Iterator[Fault]:
    if not store_url and (reason := why_no_small_disk()):
        pytest.skip(reason)
    with store_fault(tmp_path / "data", store_url) as fault:
        yield fault


async def health(server: PortalServer) -> tuple[int, dict[str, Any]]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{server.web.port}/health") as answer:
        return answer.status, await answer.json()


async def health_until(server: PortalServer, status: int, wait: float = RECOVERY) -> dict[str, Any]:
    async with asyncio.timeout(wait):
        while (found := await health(server))[0] != status:
            await asyncio.sleep(0.2)
    return found[1]


def stored_sequence(tmp_path: Path) -> list[int]:
    with database(tmp_path / "data") as db:
        return [seq for (seq,) in db.execute("SELECT seq FROM game_events WHERE game = 1 ORDER BY seq")]


@asynccontextmanager
async def at_a_table(server: PortalServer, fresh: bool = True) -> AsyncIterator[tuple[RawClient, JsonClient]]:
    """Ann at table 1 against a house bot (a new game, unless not ``fresh``), Bob watching in JSON mode; Ann to
    throw first in her turn."""
    async with player(server, "Ann", create=fresh) as ann, json_client(server) as bob:
        await bob.command("create Bob secret1" if fresh else "connect Bob secret1", "message", kind="welcome")
        if fresh:
            await ann.command("@set cubes=compact", "Set: cubes=compact")
            await ann.command("table open goal=500", r"You sit down at table 1\.")
            await ann.command("table bot add", r"Robby1\.bot sits down")
            await ann.command("start", "Roll-off")
        await ann.expect(r"You may: roll\.\n")  # (her turn; or, back at the table, what she may do there)
        await bob.command("watch 1", "table", where=lambda m: "Bob" in m["state"]["watchers"])
        yield ann, bob


async def fails_and_goes_on(server: PortalServer, fault: Fault, ann: RawClient, bob: JsonClient) -> None:
    """Ann's roll while the store fails is not played and the table is held; once mended, it goes on."""
    before = await scoreboard(ann, 1)
    fault.fail()
    ann.send("roll")
    await ann.expect(HELD)
    await ann.expect(NOT_PLAYED)
    held = await bob.expect("message", kind="table_held")
    assert held["fields"]["table"] == "1"
    status, figures = await health(server)
    assert status == 503 and figures["status"] == "store_failing", figures
    assert figures["store"]["problem"] and figures["store"]["failures"] >= 1, figures
    assert await scoreboard(ann, 1) == before  # the move was not played
    ann.send("roll")
    await ann.expect(STILL_HELD)
    seen = len(bob.received)
    await asyncio.sleep(2)  # no clock and no house bot moves meanwhile
    await bob.command("look", "message", kind="room")  # (what came meanwhile is read first)
    assert not [m for m in bob.received[seen:] if m["type"] == "table"]
    assert await scoreboard(ann, 1) == before

    fault.mend()
    await ann.expect(GOES_ON, within=RECOVERY)
    await bob.expect("message", kind="table_resumed")
    figures = await health_until(server, 200)
    assert figures["status"] == "ok" and figures["store"]["problem"] is None, figures
    await ann.command("roll", "You throw")
    await bob.expect("table", where=lambda m: any(e["type"] == "Thrown" for e in m["events"]))


async def test_a_move_that_cannot_be_saved_is_not_played(tmp_path: Path, store_url: str) -> None:
    with failing_store(tmp_path, store_url) as fault:
        async with portal_server(tmp_path) as server:
            async with at_a_table(server) as (ann, bob):
                await fails_and_goes_on(server, fault, ann, bob)
            failed, recovered = server.events("store.failed"), server.events("store.recovered")
            assert len(failed) >= 1 and len(recovered) >= 1 and failed[0]["problem"], failed
            assert server.events("table.held") and server.events("table.resumed")
            assert not server.events("command.failed")
        seqs = stored_sequence(tmp_path)
        assert seqs == list(range(len(seqs))), seqs  # no hole


async def test_a_held_table_survives_a_reload_and_a_restart(tmp_path: Path) -> None:
    """SQLite's full disk: a reload while the table is held brings it back as stored, held again as soon as it must
    save (Ann, handed to the new game process, is back at it); a stop while the disk is full loses nothing, and after
    a restart the table is where it was stored and goes on."""
    with failing_store(tmp_path, "") as fault:
        async with portal_server(tmp_path) as server:
            async with at_a_table(server) as (ann, bob):
                before = await scoreboard(ann, 1)
                fault.fail()
                ann.send("roll")
                await ann.expect(NOT_PLAYED)
                code, said = await server.console("reload")
                assert code == 0, said
                await ann.expect("The server is reloading")
                await ann.expect(HELD)
                await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "store_failing")
                assert await scoreboard(ann, 1) == before
                ann.send("roll")
                await ann.expect(STILL_HELD)
        assert server.process.returncode == 0, server.log.read_text()[-3000:]
        fault.mend()
        async with portal_server(tmp_path) as server:
            async with at_a_table(server, fresh=False) as (ann, bob):
                assert await scoreboard(ann, 1) == before
                await fails_and_goes_on(server, fault, ann, bob)
        seqs = stored_sequence(tmp_path)
        assert seqs == list(range(len(seqs))), seqs


FUNHOUSE_BOARD = r"(?s)Magic Mirror.*?You may: [^\n]*\n"


async def test_a_funhouse_move_that_cannot_be_saved_is_not_played(tmp_path: Path, store_url: str) -> None:
    """A Funhouse run is saved after every move too: one the store cannot save is not played, and the run is where
    it was stored once the store works again."""
    with failing_store(tmp_path, store_url) as fault:
        async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
            await ann.command("funhouse room magic-mirror", r"Magic Mirror alone(?s:.*?)You may: [^\n]*\n")
            board = await ann.command("fh look", FUNHOUSE_BOARD)
            fault.fail()
            await ann.command("fh top R", NOT_PLAYED)
            fault.mend()
            await health_until(server, 200)
            assert await ann.command("fh look", FUNHOUSE_BOARD) == board
            await ann.command("fh top R", r"You may:|The run is over")


NOT_SAVED = loose("The server cannot use its database right now, so that was not done and nothing of it was kept.")


@pytest.mark.parametrize("mode", [(), ("--one-process",)], ids=["portal", "one-process"])
async def test_health_says_the_store_fails_and_recovers_by_itself(tmp_path: Path, store_url: str,
                                                                 mode: tuple[str, ...]) -> None:
    """``/health`` answers 503 with the store's problem once a write fails (the player whose command it was told it
    was not done), and 200 again by itself once the store works (nobody writing meanwhile), when that player is told
    so; ``store.failed`` and ``store.recovered`` are logged once each."""
    with failing_store(tmp_path, store_url) as fault:
        async with portal_server(tmp_path, *mode) as server, player(server, "Ann") as ann:
            status, figures = await health(server)
            assert status == 200 and figures["status"] == "ok" and figures["store"]["problem"] is None, figures
            fault.fail()
            await ann.command("@doing away for a bit", NOT_SAVED)
            figures = await health_until(server, 503, 15)
            assert figures["status"] == "store_failing" and figures["store"]["failing_for"] is not None, figures
            fault.mend()
            figures = await health_until(server, 200)
            assert figures["status"] == "ok" and figures["store"]["problem"] is None, figures
            assert figures["store"]["failures"] >= 1, figures
            await ann.expect(loose("The server can save again: what it could not do a moment ago may be tried again."))
            await ann.command("@doing back", "Doing set.")
            assert len(server.events("store.failed")) == 1 and len(server.events("store.recovered")) == 1


async def test_a_bot_whose_start_was_not_saved_starts_once_the_store_works(tmp_path: Path, store_url: str) -> None:
    """Found by the store-fault campaign (its 'tables that never went on'): the reference bot's 'start' at its full
    table was not saved, and once the store worked again it sent 'table open' (refused: it sits at a table) rather
    than 'start' again, and waited for ever. Two reference bots over raw sockets; the store fails as the host
    starts, and is mended a moment later."""
    failed: list[str] = []

    class Host(Player):
        def _table(self, message: Message) -> list[str]:
            lines = super()._table(message)
            if lines == ["start"] and not failed:
                failed.append("start")
                fault.fail()
                asyncio.get_running_loop().call_later(1.0, fault.mend)
            return lines

    with failing_store(tmp_path, store_url) as fault:
        async with portal_server(tmp_path) as server:
            host = Host("Robo", "secret1", cautious, table_options="goal=100")
            guest = Player("Bobo", "secret1", cautious)
            async with asyncio.timeout(RECOVERY + 60):
                finals = await asyncio.gather(run(await Connection.open("127.0.0.1", server.port), host),
                                              run(await Connection.open("127.0.0.1", server.port), guest))
            assert server.events("store.recovered")
    assert failed and finals[0]["status"] == finals[1]["status"] == "over" and host.played == guest.played == 1
