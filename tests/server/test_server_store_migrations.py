"""Each backend's numbered migrations: a new database ends at the latest version, a database at each older one
upgrades to the schema of a new one and keeps its games' figures, and one newer than this release is refused
untouched (SQLite's from ``PRAGMA user_version``, then PostgreSQL's from ``schema_version``). Results are kept per
game type: another game's own figures round-trip with no change to the schema, on each backend (``store_url``)."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from server.ops.console import wizard
from server.wimpout.wimpoutresults import TALLY
from server.store import DEFAULT_GAME, Finish, NewerDatabase, Result, Store, Tally, Total, store_at
from server.store.postgresql import PostgresStore, pgschema
from server.store.sqlite import FILENAME, SqliteStore
from server.store.sqlite.schema import LATEST, MIGRATIONS
from support.storedb import database

if TYPE_CHECKING:
    from support.pgcluster import Cluster

PIG = Tally({"turns": Total.SUM, "best_turn": Total.MAX}, tiebreak="best_turn")
"""A second game type's figures, as its folder would declare them."""
TALLIES = {DEFAULT_GAME: TALLY, "pig": PIG}
OLD_GAME = """
INSERT INTO games (id, table_number, room, rules, seats, status, opened_at, ended_at, winner)
    VALUES (1, 1, 'lobby', '{"goal": 100}', '["Ann", "Bob"]', 'over', 0, 1, 'Ann');
INSERT INTO games (id, table_number, room, rules, seats, status, opened_at)
    VALUES (2, 2, 'lobby', '{}', '["Ann"]', 'waiting', 2);
INSERT INTO results (game, player, won, score, best_turn, freight_trains, train_wrecks, supernovas, bot)
    VALUES (1, 'Ann', 1, 105, 105, 2, 0, 1, 0), (1, 'Bob', 0, 40, 35, 0, 1, 0, 0);
"""
"""A finished and an open game as a release before results per game type kept them."""
OLD_GAME_PER_GAME = OLD_GAME.replace(
    "results (game, player, won, score, best_turn, freight_trains, train_wrecks, supernovas, bot)",
    "results (game, player, won, score, bot, figures)",
).replace(
    "(1, 'Ann', 1, 105, 105, 2, 0, 1, 0), (1, 'Bob', 0, 40, 35, 0, 1, 0, 0)",
    """(1, 'Ann', 1, 105, 0, '{"best_turn": 105, "freight_trains": 2, "train_wrecks": 0, "supernovas": 1}'),"""
    """ (1, 'Bob', 0, 40, 0, '{"best_turn": 35, "freight_trains": 0, "train_wrecks": 1, "supernovas": 0}')""",
)
"""The same games as a release with results per game type (schema version 3) kept them."""


def columns(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's columns (name, type, not null, default, key), which a migrated database must share with a new one."""
    with closing(sqlite3.connect(path)) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: sorted(row[1:] for row in db.execute(f"PRAGMA table_info({table})")) for table in tables}


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return int(db.execute("PRAGMA user_version").fetchone()[0])


def database_at(data: Path, version: int) -> Path:
    """A database as the release at ``version`` left it, with ``OLD_GAME`` in it (version 0: the last release before
    versions were numbered, with every column of its day; from version 3 on, the game was written before it and
    migrated by the releases since)."""
    data.mkdir(parents=True)
    path = data / FILENAME
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("BEGIN")
        for migration in MIGRATIONS[:2]:  # OLD_GAME's schema (results with Cosmic Wimpout's columns)...
            migration.apply(db)
        if version < 3:
            for statement in OLD_GAME.split(";"):
                db.execute(statement)
        for migration in MIGRATIONS[2:version]:  # ...and what the releases after it made of it
            migration.apply(db)
        if version >= 3:  # the same games as a release with results per game type wrote them
            for statement in OLD_GAME_PER_GAME.split(";"):
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {version}")
        db.execute("COMMIT")
    return path


async def opened(data: Path, url: str = "") -> Store:
    store = store_at(url, data, TALLIES)
    await store.open()
    return store


async def assert_the_old_games_are_kept(store: Store) -> None:
    """``OLD_GAME``'s figures, history and waiting table, as the store reads them after the migrations."""
    ann = await store.stats("Ann")
    assert (ann.games, ann.wins, ann.figures) == (
        1, 1, {"best_turn": 105, "freight_trains": 2, "train_wrecks": 0, "supernovas": 1})
    assert [(name, s.best_turn, s.train_wrecks) for name, s in await store.top(10)] == [("Ann", 105, 0), ("Bob", 35, 1)]
    [game] = await store.history("Bob", 5)
    assert (game.game_id, game.players, game.winner, game.score) == (1, "Ann, Bob", "Ann", 40)
    [waiting] = await store.open_tables()
    assert (waiting.number, waiting.seats, waiting.game) == (2, ["Ann"], DEFAULT_GAME)


def schema_of(data: Path, url: str = "") -> dict[str, list[tuple[Any, ...]]]:
    """Every table's columns (name, type, not null, default, ...) on either backend."""
    if not url:
        return columns(data / FILENAME)
    with database(data, url) as db:
        rows = db.execute("SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name "
                          "FROM information_schema.columns WHERE table_schema = 'public'").fetchall()
    found: dict[str, list[tuple[Any, ...]]] = {}
    for table, *column in rows:
        found.setdefault(table, []).append(tuple(column))
    return {table: sorted(found[table]) for table in sorted(found)}


async def test_a_new_database_ends_at_the_latest_version(tmp_path: Path) -> None:
    store = await opened(tmp_path)
    await store.close()
    assert user_version(tmp_path / FILENAME) == LATEST == len(MIGRATIONS)
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))
    store = await opened(tmp_path)  # opening again applies nothing twice
    await store.close()
    assert user_version(tmp_path / FILENAME) == LATEST


@pytest.mark.parametrize("version", range(LATEST))
async def test_a_database_at_each_older_version_upgrades_and_keeps_its_figures(tmp_path: Path, version: int) -> None:
    path = database_at(tmp_path / "old", version)
    store = await opened(tmp_path / "old")
    try:
        await assert_the_old_games_are_kept(store)
    finally:
        await store.close()
    assert user_version(path) == LATEST
    new = await opened(tmp_path / "new")
    await new.close()
    assert columns(path) == columns(tmp_path / "new" / FILENAME)


async def test_a_database_newer_than_the_release_is_refused_untouched(tmp_path: Path) -> None:
    path = database_at(tmp_path / "data", 0)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    before = columns(path)
    store = SqliteStore(tmp_path / "data", TALLIES)
    with pytest.raises(NewerDatabase, match=rf"schema version {LATEST + 1}, newer than this release knows \(up to {LATEST}\)"):
        await store.open()
    await store.close()
    assert user_version(path) == LATEST + 1 and columns(path) == before


async def test_the_console_refuses_a_newer_database_and_says_why(store_url: str, tmp_path: Path) -> None:
    if store_url:
        await (await opened(tmp_path, store_url)).close()
        with database(tmp_path, store_url) as db:
            db.execute(f"UPDATE schema_version SET version = {pgschema.LATEST + 1}")
    else:
        with closing(sqlite3.connect(database_at(tmp_path / "data", 0))) as db:
            db.execute(f"PRAGMA user_version = {LATEST + 1}")
    said = await asyncio.to_thread(wizard, ["Ann", "--data-dir", str(tmp_path / "data")])
    assert isinstance(said, str) and said.startswith("cosmic-wimpout wizard: the database ") and "newer" in said


async def test_a_second_game_types_figures_round_trip_without_a_schema_change(store_url: str, tmp_path: Path) -> None:
    store = await opened(tmp_path, store_url)
    schema = schema_of(tmp_path, store_url)
    try:
        _, pig = await store.open_next_table("lobby", {"goal": 50}, ["Ann", "Bob"], game="pig")
        _, wimpout = await store.open_next_table("lobby", {}, ["Ann"])
        assert [(t.game_id, t.game) for t in await store.open_tables()] == [(pig, "pig"), (wimpout, DEFAULT_GAME)]
        finish = Finish("Bob", [Result("Ann", False, 30, False, {"turns": 4, "best_turn": 30}),
                                Result("Bob", True, 52, False, {"turns": 4, "best_turn": 40})])
        await store.save_table(pig, {"goal": 50}, ["Ann", "Bob"], {}, "over", 0, [{"type": "Rolled"}], finish)
        _, again = await store.open_next_table("lobby", {"goal": 50}, ["Ann"], game="pig")
        await store.save_table(again, {}, ["Ann"], {}, "over", 0, [], Finish("Ann", [
            Result("Ann", True, 50, False, {"turns": 2, "best_turn": 26})]))
        _, alone = await store.open_next_table("lobby", {}, ["Cy"], game="pig")
        await store.save_table(alone, {}, ["Cy"], {}, "over", 0, [], Finish("Cy", [
            Result("Cy", True, 50, False, {"turns": 3, "best_turn": 20})]))
        ann = await store.stats("Ann", "pig")
        assert (ann.games, ann.wins, ann.figures) == (2, 1, {"turns": 6, "best_turn": 30})
        assert ann.turns == 6
        assert [(name, s.wins, s.best_turn) for name, s in await store.top(10, "pig")] == [
            ("Bob", 1, 40), ("Cy", 1, 20), ("Ann", 1, 30)]  # wins, then win rate, then the best turn
        assert (await store.stats("Ann")).games == 0  # Cosmic Wimpout's record is apart
        assert [g.game_id for g in await store.history("Ann", 5)] == [again, pig]
    finally:
        await store.close()
    assert schema_of(tmp_path, store_url) == schema


# -- PostgreSQL's ----------------------------------------------------------------------------------------------------


async def pg_database_at(url: str, version: int) -> None:
    """A PostgreSQL database as a release at ``version`` left it (1: the first, SQLite's schema 3), with
    ``OLD_GAME`` in it."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(url) as db:
        await db.execute("CREATE TABLE schema_version (version integer NOT NULL)")
        await db.execute("INSERT INTO schema_version VALUES (%s)", (version,))
        for migration in pgschema.MIGRATIONS[:version]:
            await migration.apply(db)
        for statement in OLD_GAME_PER_GAME.split(";"):
            if statement.strip():
                await db.execute(statement)  # type: ignore[arg-type]


async def test_postgresql_migrations_end_at_the_latest_and_refuse_a_newer_database(postgres_cluster: Cluster) -> None:
    url = postgres_cluster.create()
    assert not PostgresStore(url).exists()
    for _ in range(2):  # opening again applies nothing twice
        store = PostgresStore(url)
        await store.open()
        await store.close()
        assert store.exists()
        assert pg_version(url) == pgschema.LATEST == len(pgschema.MIGRATIONS)
    assert [m.version for m in pgschema.MIGRATIONS] == list(range(1, pgschema.LATEST + 1))
    with database(Path(), url) as db:
        db.execute(f"UPDATE schema_version SET version = {pgschema.LATEST + 1}")
    before = schema_of(Path(), url)
    with pytest.raises(NewerDatabase, match=f"schema version {pgschema.LATEST + 1}, newer than this release knows"):
        await PostgresStore(url).open()
    assert pg_version(url) == pgschema.LATEST + 1 and schema_of(Path(), url) == before


def pg_version(url: str) -> int:
    with database(Path(), url) as db:
        return int(db.execute("SELECT version FROM schema_version").fetchone()[0])


@pytest.mark.parametrize("version", range(1, pgschema.LATEST))
async def test_a_postgresql_database_at_each_older_version_upgrades_and_keeps_its_figures(
        postgres_cluster: Cluster, version: int) -> None:
    old, new = postgres_cluster.create(), postgres_cluster.create()
    await pg_database_at(old, version)
    store = await opened(Path(), old)
    try:
        await assert_the_old_games_are_kept(store)
    finally:
        await store.close()
    assert pg_version(old) == pgschema.LATEST
    await (await opened(Path(), new)).close()
    assert schema_of(Path(), old) == schema_of(Path(), new)
