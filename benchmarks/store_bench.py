"""The store's write path against the raw driver doing the same inserts at the same durability and batching, for
each backend: SQLite against raw sqlite3, PostgreSQL against raw psycopg.

Each round, ``--tables`` tables each save one move at once (as in one turn of the event loop): the store's
``save_table`` for all of them, awaited together, so they share one group commit; the raw side opens its own database
with the store's settings (SQLite: WAL, ``synchronous=FULL``; PostgreSQL: ``synchronous_commit = on``, on a cluster
with fsync on) and writes the very same rows with the same statements in one transaction. The two alternate (A B,
B A, ...) and the ratio store/raw (moves saved per second) is taken pair by pair. Target: store >= 0.5x raw.

    .venv/bin/python benchmarks/store_bench.py [--backend sqlite|postgresql|both]

PostgreSQL's side starts a throwaway cluster (``tests/support/pgcluster.py``: initdb in a temporary directory, as the
``postgres`` user when run as root), so it needs PostgreSQL's binaries installed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from engine.wimpout import Game, RuleSet, SeededDice, event_to_dict  # noqa: E402
from server.store import Store, sharedsql  # noqa: E402
from server.store.sqlite import SqliteStore  # noqa: E402
from server.store.sqlite.connection import connect  # noqa: E402

RULES = RuleSet().model_dump(mode="json")
SEATS = ["Ann", "Bob", "Cat"]


def sample_moves(count: int) -> list[list[dict[str, object]]]:
    """Real moves' events (a throw and what it caused), as the tables save them."""
    dice = SeededDice(3)
    game = Game.start(SEATS, RuleSet(), dice)
    moves: list[list[dict[str, object]]] = []
    while len(moves) < count:
        if game.is_over:
            game = Game.start(SEATS, RuleSet(), dice)
        actions = game.legal_actions()
        moves.append([event_to_dict(e) for e in game.apply(game.state.current, actions[-1], dice)])
    return moves


async def store_round(store: Store, games: list[int], seq: list[int], moves: list[list[dict[str, object]]]) -> float:
    started = time.perf_counter()
    await asyncio.gather(*(
        store.save_table(game, RULES, SEATS, {}, "playing", seq[i], move) for i, (game, move) in enumerate(zip(games, moves))
    ))
    for i, move in enumerate(moves):
        seq[i] += len(move)
    return time.perf_counter() - started


def raw_round(db: object, games: list[int], seq: list[int], moves: list[list[dict[str, object]]]) -> float:
    """The same statements as ``SqliteStore.save_table``, the same rows, one transaction for the round."""
    started = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")  # type: ignore[attr-defined]
    for i, (game, move) in enumerate(zip(games, moves)):
        rows = [(game, seq[i] + n, json.dumps(event)) for n, event in enumerate(move)]
        db.executemany(sharedsql.INSERT_EVENT, rows)  # type: ignore[attr-defined]
        db.execute(  # type: ignore[attr-defined]
            sharedsql.SAVE_TABLE, (json.dumps(RULES), json.dumps(SEATS), json.dumps({}), "playing", game),
        )
        seq[i] += len(move)
    db.execute("COMMIT")  # type: ignore[attr-defined]
    return time.perf_counter() - started


async def pg_raw_round(db: Any, games: list[int], seq: list[int], moves: list[list[dict[str, object]]]) -> float:
    """The same statements as ``PostgresStore.save_table`` (psycopg's ``%s``), the same rows, one transaction,
    pipelined as the store's group commit is (without, raw psycopg waits a round trip a statement: 0.4x the store)."""
    started = time.perf_counter()
    async with db.pipeline(), db.transaction():
        for i, (game, move) in enumerate(zip(games, moves)):
            rows = [(game, seq[i] + n, json.dumps(event)) for n, event in enumerate(move)]
            async with db.cursor() as cursor:
                await cursor.executemany(PG_INSERT_EVENT, rows)
            await db.execute(PG_SAVE_TABLE, (json.dumps(RULES), json.dumps(SEATS), json.dumps({}), "playing", game))
            seq[i] += len(move)
    return time.perf_counter() - started


PG_INSERT_EVENT = sharedsql.INSERT_EVENT.replace("?", "%s")
PG_SAVE_TABLE = sharedsql.SAVE_TABLE.replace("?", "%s")


async def compare(args: argparse.Namespace, store: Store, raw_round: Any, raw_games: list[int]) -> list[list[float]]:
    """Alternating rounds of the store and the raw side; each round's rates and the pair's ratio."""
    moves = sample_moves(args.tables * args.rounds)
    store_games = [(await store.open_next_table("lobby", RULES, SEATS))[1] for _ in range(args.tables)]
    store_seq, raw_seq = [0] * args.tables, [0] * args.tables
    ratios, store_rates, raw_rates = [], [], []
    for index in range(args.rounds):
        batch = moves[index * args.tables : (index + 1) * args.tables]
        if index % 2:
            raw_seconds = await raw_round(raw_games, raw_seq, batch)
            store_seconds = await store_round(store, store_games, store_seq, batch)
        else:
            store_seconds = await store_round(store, store_games, store_seq, batch)
            raw_seconds = await raw_round(raw_games, raw_seq, batch)
        store_rates.append(args.tables / store_seconds)
        raw_rates.append(args.tables / raw_seconds)
        ratios.append(raw_seconds / store_seconds)
    return [store_rates, raw_rates, ratios]


def report(title: str, raw_name: str, figures: list[list[float]]) -> None:
    store_rates, raw_rates, ratios = figures
    print(title)
    print(f"  store: {statistics.median(store_rates):,.0f} moves saved/s (median)")
    print(f"  {raw_name}: {statistics.median(raw_rates):,.0f} moves saved/s (median)")
    print(f"  store/raw: median {statistics.median(ratios):.2f} (range {min(ratios):.2f} - {max(ratios):.2f})  "
          f"target >= 0.5")


async def run_postgresql(args: argparse.Namespace) -> None:
    import psycopg

    from support.pgcluster import cluster
    from server.store.postgresql import PostgresStore

    with cluster(durable=True) as made:
        store = PostgresStore(made.create())
        await store.open()
        raw_store = PostgresStore(made.create())  # the same schema, then written to directly
        await raw_store.open()
        raw_games = [(await raw_store.open_next_table("lobby", RULES, SEATS))[1] for _ in range(args.tables)]
        await raw_store.close()
        async with await psycopg.AsyncConnection.connect(raw_store._url, autocommit=True) as raw:
            await raw.execute("SET synchronous_commit = on")
            figures = await compare(args, store, lambda *a: pg_raw_round(raw, *a), raw_games)
        await store.close()
    report(f"PostgreSQL: {args.tables} tables saving one move each per round (one group commit), {args.rounds} rounds, "
           "synchronous_commit = on and fsync on both sides", "raw psycopg", figures)


async def run(args: argparse.Namespace) -> None:
    if args.backend in ("sqlite", "both"):
        await run_sqlite(args)
    if args.backend in ("postgresql", "both"):
        await run_postgresql(args)


async def run_sqlite(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "store")
        await store.open()
        raw_store = SqliteStore(Path(tmp) / "raw")  # the same schema, then written to directly
        await raw_store.open()
        raw_games = [(await raw_store.open_next_table("lobby", RULES, SEATS))[1] for _ in range(args.tables)]
        await raw_store.close()
        raw = connect(raw_store.path)

        async def raw_side(*round_args: Any) -> float:
            return raw_round(raw, *round_args)

        figures = await compare(args, store, raw_side, raw_games)
        raw.close()
        await store.close()
    report(f"SQLite: {args.tables} tables saving one move each per round (one group commit), {args.rounds} rounds, "
           "WAL + synchronous=FULL on both sides", "raw sqlite3", figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="moves saved together per round (<= 1000)")
    parser.add_argument("--rounds", type=int, default=40, help="rounds (<= 1000)")
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 1000))
    args.rounds = max(2, min(args.rounds, 1000))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
