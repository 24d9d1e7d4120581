"""What only SQLite's store has to show: its durable group commit on one dedicated thread (PostgreSQL's is tested in
``test_server_store_backends``)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

from server.store import NameTaken
from server.store.sqlite import SqliteStore
from server.store.sqlite import groupcommit


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
