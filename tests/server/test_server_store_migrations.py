"""The SQLite store's numbered migrations: a new database ends at the latest version, a database at each older one
upgrades and keeps its games' figures, and one newer than this release is refused untouched. Results are kept per
game type: another game's own figures round-trip with no change to the schema."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from server.console import wizard
from server.wimpout.wimpoutresults import TALLY
from server.store import DEFAULT_GAME, Finish, NewerDatabase, Result, Tally, Total
from server.store.sqlite import FILENAME, SqliteStore
from server.store.sqlite.schema import LATEST, MIGRATIONS

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


async def opened(data: Path) -> SqliteStore:
    store = SqliteStore(data, TALLIES)
    await store.open()
    return store


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
        ann = await store.stats("Ann")
        assert (ann.games, ann.wins, ann.figures) == (
            1, 1, {"best_turn": 105, "freight_trains": 2, "train_wrecks": 0, "supernovas": 1})
        assert [(name, s.best_turn, s.train_wrecks) for name, s in await store.top(10)] == [("Ann", 105, 0), ("Bob", 35, 1)]
        [game] = await store.history("Bob", 5)
        assert (game.game_id, game.players, game.winner, game.score) == (1, "Ann, Bob", "Ann", 40)
        [waiting] = await store.open_tables()
        assert (waiting.number, waiting.seats, waiting.game) == (2, ["Ann"], DEFAULT_GAME)
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


def test_the_console_refuses_a_newer_database_and_says_why(tmp_path: Path) -> None:
    path = database_at(tmp_path / "data", 0)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    said = wizard(["Ann", "--data-dir", str(tmp_path / "data")])
    assert isinstance(said, str) and said.startswith("cosmic-wimpout wizard: the database ") and "newer" in said


async def test_a_second_game_types_figures_round_trip_without_a_schema_change(tmp_path: Path) -> None:
    store = await opened(tmp_path)
    schema = columns(tmp_path / FILENAME)
    try:
        pig = await store.open_table(1, "lobby", {"goal": 50}, ["Ann", "Bob"], game="pig")
        wimpout = await store.open_table(2, "lobby", {}, ["Ann"])
        assert [(t.game_id, t.game) for t in await store.open_tables()] == [(pig, "pig"), (wimpout, DEFAULT_GAME)]
        finish = Finish("Bob", [Result("Ann", False, 30, False, {"turns": 4, "best_turn": 30}),
                                Result("Bob", True, 52, False, {"turns": 4, "best_turn": 40})])
        await store.save_table(pig, {"goal": 50}, ["Ann", "Bob"], {}, "over", 0, [{"type": "Rolled"}], finish)
        again = await store.open_table(1, "lobby", {"goal": 50}, ["Ann"], game="pig")
        await store.save_table(again, {}, ["Ann"], {}, "over", 0, [], Finish("Ann", [
            Result("Ann", True, 50, False, {"turns": 2, "best_turn": 26})]))
        alone = await store.open_table(3, "lobby", {}, ["Cy"], game="pig")
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
    assert columns(tmp_path / FILENAME) == schema
