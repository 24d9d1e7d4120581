"""SQLite databases made by older releases, from before the schema was numbered, get what is new when the server
opens them, and keep their data (SQLite's alone: PostgreSQL came with numbered migrations, each tested in
``test_server_store_migrations``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from support.clients import player
from support.servers import running, settings_for
from server.community.passwords import hash_password
from server.wimpout.wimpoutresults import TALLY
from server.store import DEFAULT_GAME
from server.store.sqlite import FILENAME, SqliteStore

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
    with sqlite3.connect(tmp_path / FILENAME) as db:
        db.executescript(BEFORE_BOTS)
    store = SqliteStore(tmp_path, {DEFAULT_GAME: TALLY})
    await store.open()
    try:
        [waiting] = await store.open_tables()
        assert waiting.seats == ["Ann"] and waiting.bots == {}
        assert [name for name, _ in await store.top(10)] == ["Ann", "Bob"]
        [game] = await store.history("Bob", 5)
        assert game.winner == "Ann" and not game.bots
    finally:
        await store.close()


BEFORE_COMMUNITY = """
CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, skeleton TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, wizard INTEGER NOT NULL DEFAULT 0, banned INTEGER NOT NULL DEFAULT 0,
    doing TEXT NOT NULL DEFAULT '', created_at REAL NOT NULL, last_seen REAL);
CREATE TABLE preferences (skeleton TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (skeleton, key));
"""


async def test_a_database_from_before_the_community_server_gains_channels_builders_and_its_world(tmp_path: Path) -> None:
    """Accounts made before channels, builders and a stored world: each is on pub, may become a builder, and the
    world is seeded from the world file once."""
    data = tmp_path / "data"
    data.mkdir()
    with sqlite3.connect(data / FILENAME) as db:
        db.executescript(BEFORE_COMMUNITY)
        for name, wizard in (("Wizard", 1), ("Igor", 0)):
            db.execute("INSERT INTO accounts (name, skeleton, password_hash, wizard, created_at) VALUES (?, ?, ?, ?, 0)",
                       (name, name.lower().replace("i", "l"), hash_password("secret1", 1024), wizard))
    async with running(settings_for(data, store={"url": "sqlite:"})) as server:
        async with player(server, "Wizard", create=False) as wizard, player(server, "Igor", create=False) as igor:
            await igor.command("+pub hello again", r'\[pub\] Igor says, "hello again"')
            await wizard.expect(r'\[pub\] Igor says, "hello again"')
            await wizard.command("@set Igor=builder", "Igor may build.")
            await igor.command("@dig Igor's Den", "Igor's Den is dug as #1.")
        assert [room.name for room in server.world.rooms()][0] == "The Cosmic Lobby"
