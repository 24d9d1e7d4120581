"""A database made before house bots gets their columns when the server opens it, and keeps its data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from server.store import Store

BEFORE_BOTS = """
CREATE TABLE games (id INTEGER PRIMARY KEY, table_number INTEGER NOT NULL, room TEXT NOT NULL, rules TEXT NOT NULL,
    seats TEXT NOT NULL, status TEXT NOT NULL, opened_at REAL NOT NULL, ended_at REAL, winner TEXT);
CREATE TABLE results (game INTEGER NOT NULL REFERENCES games (id), player TEXT NOT NULL COLLATE NOCASE,
    won INTEGER NOT NULL, score INTEGER NOT NULL, best_turn INTEGER NOT NULL, freight_trains INTEGER NOT NULL,
    train_wrecks INTEGER NOT NULL, supernovas INTEGER NOT NULL, PRIMARY KEY (game, player));
INSERT INTO games VALUES (1, 1, 'lobby', '{"goal": 100}', '["Ann", "Bob"]', 'over', 0, 1, 'Ann');
INSERT INTO games VALUES (2, 1, 'lobby', '{"goal": 100}', '["Ann"]', 'waiting', 2, NULL, NULL);
INSERT INTO results VALUES (1, 'Ann', 1, 105, 105, 0, 0, 0), (1, 'Bob', 0, 0, 0, 0, 1, 0);
"""


async def test_an_older_database_gains_the_bot_columns(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    with sqlite3.connect(tmp_path / Store.FILENAME) as db:
        db.executescript(BEFORE_BOTS)
    store = Store(tmp_path)
    await store.open()
    try:
        [waiting] = await store.open_tables()
        assert waiting.seats == ["Ann"] and waiting.bots == {}
        assert [name for name, _ in await store.top(10)] == ["Ann", "Bob"]
        [game] = await store.history("Bob", 5)
        assert game.winner == "Ann" and not game.bots
    finally:
        await store.close()
