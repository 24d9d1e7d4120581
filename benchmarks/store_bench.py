"""The store's write path against raw sqlite3 doing the same inserts at the same durability and batching.

Each round, ``--tables`` tables each save one move at once (as in one turn of the event loop): the store's
``save_table`` for all of them, awaited together, so they share one group commit; the raw side opens its own database
with the store's settings (WAL, ``synchronous=FULL``) and writes the very same rows in one transaction on the calling
thread. The two alternate (A B, B A, ...) and the ratio store/raw (moves saved per second) is taken pair by pair.
Target: store >= 0.5x raw.

    .venv/bin/python benchmarks/store_bench.py
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.wimpout import Game, RuleSet, SeededDice, event_to_dict  # noqa: E402
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


async def store_round(store: SqliteStore, games: list[int], seq: list[int], moves: list[list[dict[str, object]]]) -> float:
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
        db.executemany("INSERT INTO game_events (game, seq, event) VALUES (?, ?, ?)", rows)  # type: ignore[attr-defined]
        db.execute(  # type: ignore[attr-defined]
            "UPDATE games SET rules = ?, seats = ?, bots = ?, status = ? WHERE id = ?",
            (json.dumps(RULES), json.dumps(SEATS), json.dumps({}), "playing", game),
        )
        seq[i] += len(move)
    db.execute("COMMIT")  # type: ignore[attr-defined]
    return time.perf_counter() - started


async def run(args: argparse.Namespace) -> None:
    moves = sample_moves(args.tables * args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "store")
        await store.open()
        raw_store = SqliteStore(Path(tmp) / "raw")  # the same schema, then written to directly
        await raw_store.open()
        await raw_store.close()
        raw = connect(raw_store.path)
        store_games = [await store.open_table(i + 1, "lobby", RULES, SEATS) for i in range(args.tables)]
        raw_games = list(store_games)
        raw.execute("BEGIN")
        raw.executemany(
            "INSERT INTO games (id, table_number, room, rules, seats, status, opened_at) VALUES (?, ?, ?, ?, ?, ?, 0)",
            [(game, i + 1, "lobby", json.dumps(RULES), json.dumps(SEATS), "waiting") for i, game in enumerate(raw_games)],
        )
        raw.execute("COMMIT")
        store_seq, raw_seq = [0] * args.tables, [0] * args.tables
        ratios, store_rates, raw_rates = [], [], []
        for index in range(args.rounds):
            batch = moves[index * args.tables : (index + 1) * args.tables]
            if index % 2:
                raw_seconds = raw_round(raw, raw_games, raw_seq, batch)
                store_seconds = await store_round(store, store_games, store_seq, batch)
            else:
                store_seconds = await store_round(store, store_games, store_seq, batch)
                raw_seconds = raw_round(raw, raw_games, raw_seq, batch)
            store_rates.append(args.tables / store_seconds)
            raw_rates.append(args.tables / raw_seconds)
            ratios.append(raw_seconds / store_seconds)
        raw.close()
        await store.close()
    print(f"{args.tables} tables saving one move each per round (one group commit), {args.rounds} rounds, "
          f"WAL + synchronous=FULL on both sides")
    print(f"store: {statistics.median(store_rates):,.0f} moves saved/s (median)")
    print(f"raw sqlite3: {statistics.median(raw_rates):,.0f} moves saved/s (median)")
    print(f"store/raw: median {statistics.median(ratios):.2f} (range {min(ratios):.2f} - {max(ratios):.2f})  "
          f"target >= 0.5")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="moves saved together per round (<= 1000)")
    parser.add_argument("--rounds", type=int, default=40, help="rounds (<= 1000)")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 1000))
    args.rounds = max(2, min(args.rounds, 1000))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
