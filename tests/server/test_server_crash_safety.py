"""Nothing is lost when commands race or the server dies: table numbers, finished games' results, durable saves."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

from support.clients import RawClient, player
from server.store import NameTaken
from server.store.sqlite import FILENAME, SqliteStore
from server.store.sqlite import groupcommit
from support.tablesetup import loaded_server, seated

LAST_LICKS_GAME = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6"]


async def play_to_last_licks(ann: RawClient) -> None:
    await ann.command("roll", "Turn total: 100")
    await ann.command("roll", "Turn total: 105")
    await ann.command("stop", "LAST LICKS!")


async def test_two_tables_opened_at_the_same_moment_get_two_numbers(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob, player(server, "Cy") as cy:
            ann.send("table open")
            bob.send("table open")
            numbers = {await ann.expect(r"You sit down at table \d+"), await bob.expect(r"You sit down at table \d+")}
            assert numbers == {"You sit down at table 1", "You sit down at table 2"}
            await cy.command("tables", r"Table 1 .*\n(.*\n)*Table 2 ")


async def test_two_stored_tables_under_one_number_both_come_back(make_server, tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "data")  # what the race of older releases left behind
    await store.open()
    await store.open_table(1, "lobby", {}, ["Ann"])
    await store.open_table(1, "lobby", {}, ["Bob"])
    await store.close()
    async with make_server() as server:
        async with player(server, "Cy") as cy:
            await cy.command("tables", r"Table 1 .*\n(.*\n)*Table 2 ")
    store = SqliteStore(tmp_path / "data")
    await store.open()
    try:
        assert sorted((t.number, t.seats) for t in await store.open_tables()) == [(1, ["Ann"]), (2, ["Bob"])]
    finally:
        await store.close()


async def test_a_finished_game_without_results_is_repaired_at_start(make_server, tmp_path: Path) -> None:
    async with loaded_server(make_server, tmp_path, LAST_LICKS_GAME) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await play_to_last_licks(ann)
            await bob.command("roll", r"Table 1 is closed: the game is over \(game #1")
    with sqlite3.connect(tmp_path / "data" / FILENAME) as db:  # as a kill between two transactions left it
        db.execute("DELETE FROM results")
    async with make_server() as server:
        async with player(server, "Cy") as cy:
            await cy.command("history Ann", r"#1 .* Ann, Bob; won by Ann; Ann scored 105")
            await cy.command("history Bob", r"#1 .* Ann, Bob; won by Ann; Bob scored \d+ \(unrated\)")  # scripted dice


async def test_a_game_is_over_only_together_with_its_results(make_server, tmp_path: Path) -> None:
    """The last move and the results are one transaction: no moment shows the game over without them."""
    async with loaded_server(make_server, tmp_path, LAST_LICKS_GAME) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await play_to_last_licks(ann)
            seen: list[tuple[str, int]] = []

            def look() -> None:
                with closing(sqlite3.connect(server.store.path)) as db:
                    seen.extend(db.execute(
                        "SELECT g.status, (SELECT COUNT(*) FROM results r WHERE r.game = g.id) FROM games g"
                    ).fetchall())

            async def watch() -> None:
                while True:
                    look()
                    await asyncio.sleep(0)

            watching = asyncio.create_task(watch())
            await bob.command("roll", r"Table 1 is closed")
            watching.cancel()
            look()
            assert ("over", 0) not in seen and seen[-1] == ("over", 2), seen[-3:]


async def test_durable_group_commit(tmp_path: Path) -> None:
    """Every commit is synced (synchronous=FULL); the writes of one loop turn share one transaction, and one that
    fails is undone alone."""
    store = SqliteStore(tmp_path)
    await store.open()
    try:
        commits: list[str] = []
        await store._run(lambda db: db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None))
        assert await store._run(lambda db: db.execute("PRAGMA synchronous").fetchone()) == (2,)
        outcomes = await asyncio.gather(
            store.create("Igor", "lgor", "hash"), store.create("IGOR", "lgor", "hash"),
            *(store.create(f"Bot{i}", f"bot{i}", "hash") for i in range(30)), return_exceptions=True,
        )
        assert isinstance(outcomes[1], NameTaken) and outcomes[0].name == "Igor"
        assert len(commits) == 1
        assert None not in [await store.find(f"bot{i}") for i in range(30)]
    finally:
        await store.close()


async def test_a_commit_follows_the_one_on_its_way_without_the_event_loop(tmp_path: Path) -> None:
    """Writes handed over while a commit is being made are committed by the thread as soon as it ends, together:
    an event loop too busy to hear of the first commit does not hold up the next."""
    store = SqliteStore(tmp_path)
    await store.open()
    try:
        commits: list[str] = []
        await store._run(lambda db: db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None))
        started, release, next_started = threading.Event(), threading.Event(), threading.Event()
        first = asyncio.create_task(store._write(lambda db: (started.set(), release.wait(10), "first")[-1]))
        assert await asyncio.to_thread(started.wait, 10)
        later = [asyncio.create_task(store._write(lambda db: (next_started.set(), "later")[-1]))]
        await asyncio.sleep(0)
        later.append(asyncio.create_task(store._write(lambda db: "last")))  # another turn's write
        for _ in range(100):
            if len(store._handed) == 2:
                break
            await asyncio.sleep(0)
        release.set()
        assert next_started.wait(10)  # the event loop blocked here: the thread went on alone
        assert await asyncio.gather(first, *later) == ["first", "later", "last"]
        assert len(commits) == 2
    finally:
        await store.close()


async def test_no_cursor_leaves_the_database_thread(tmp_path: Path, monkeypatch) -> None:
    """A write's cursor is closed on the database thread: freed on the event loop, it reset its statement there while
    the thread could be running the same cached statement for the next write (``touch`` failed with 'bad parameter or
    other API misuse' about once in a thousand logins under load: the soak benchmark's games)."""
    handed: list[object] = []
    settle = groupcommit._settle
    monkeypatch.setattr(groupcommit, "_settle", lambda batch, outcomes: (
        handed.extend(value for value, _ in outcomes), settle(batch, outcomes))[-1])
    store = SqliteStore(tmp_path)
    await store.open()
    try:
        account = await store.create("Igor", "lgor", "hash")
        await asyncio.gather(
            store.touch([account.skeleton]), store.set_location(account.skeleton, "lobby"),
            store.set_preference(account.skeleton, "cubes", "compact"), store.set_ignored(account.skeleton, "Ann", True),
            store.set_member("games", account.skeleton, True), store.record("Wiz", "mute", "Igor", ""),
            store.set_doing(account.skeleton, "rolling"), store.close_table(1, "closed"),
        )
        assert handed[1:] and not [value for value in handed if isinstance(value, sqlite3.Cursor)], handed
    finally:
        await store.close()
