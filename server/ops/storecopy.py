"""``cosmic-wimpout store copy``: the whole store carried into an empty one, of either backend (SQLite to PostgreSQL
and back), then checked: every table holds as many rows as the source's, no game's events have a hole (their
numbers run from 0 without a gap: a save lost on the way, as an older release's failed save left), and every finished
game's events are the source's and, replayed by the rules, end with the winner stored."""

from __future__ import annotations

from typing import Any

from rooms.messages import counted
from server.games.gametypes import GAME_TYPES
from server.store import Store, StoreError
from server.store.sharedsql import TABLES

SEEDED = {"channels", "channel_members"}
"""Tables a store that was just opened may already hold rows in (its first channels): an empty store's others are."""
GAMES = next(columns for table, columns, _ in TABLES if table == "games").split(", ")


async def copy_store(source: Store, target: Store) -> str:
    """Copy every row of the opened ``source`` into the opened, empty ``target`` in one transaction, verify, and say
    what was done. Raises :class:`StoreError` if the target is not empty or the copy differs."""
    for table, _, _ in TABLES:
        if table not in SEEDED and await target.rows(table):
            raise StoreError(f"{target.where} is not empty (its {table} has rows): copy only into a new database")
    rows = {table: await source.rows(table) for table, _, _ in TABLES}
    await target.load(rows)
    for table, _, _ in TABLES:
        copied = len(await target.rows(table))
        if copied != len(rows[table]):
            raise StoreError(f"the copy's {table} has {copied} rows, the source's {len(rows[table])}")
    _check_sequences(rows["game_events"])
    finished = [dict(zip(GAMES, row)) for row in rows["games"] if row[GAMES.index("status")] == "over"]
    for game in finished:
        await _check_replay(source, target, game)
    total = sum(len(table_rows) for table_rows in rows.values())
    return (f"Copied {source.where} to {target.where}: {total} rows in {len(TABLES)} tables, the same counts, "
            f"{counted(len(finished), 'finished game')} replayed, each to its stored winner.")


def _check_sequences(events: list[tuple[Any, ...]]) -> None:
    """Each game's events numbered 0, 1, 2 ... without a gap (rows of ``game_events``: game, seq, event)."""
    last: dict[int, int] = {}
    for game, seq, _ in sorted(events, key=lambda row: (row[0], row[1])):
        expected = last.get(game, -1) + 1
        if seq != expected:
            raise StoreError(f"game #{game}: its events have a hole (event {expected} is missing, the next is {seq}): "
                             "events were lost, and the game cannot be replayed as it was played")
        last[game] = seq


async def _check_replay(source: Store, target: Store, game: dict[str, Any]) -> None:
    copied, original = await target.game_events(game["id"]), await source.game_events(game["id"])
    if copied != original or copied is None:
        raise StoreError(f"game #{game['id']}: the copy's events differ from the source's")
    try:
        kind = GAME_TYPES[game["game"]]
    except KeyError:
        raise StoreError(f"game #{game['id']}: no way to replay a game of {game['game']}") from None
    if kind.repair(copied.events).winner != game["winner"]:
        raise StoreError(f"game #{game['id']}: its events, replayed, do not end with its winner {game['winner']}")
