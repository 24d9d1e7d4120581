"""Cosmic Wimpout's daily challenge and puzzles (server.store.puzzlestore), in SQLite."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from server.store import puzzlesql as sql
from server.store.puzzlestore import BOTS, DailyPlay, PuzzleRow, Solver, board_of, daily_play_of, puzzle_of, solver_of, top_of
from server.store.sqlite.groupcommit import GroupCommit


class SqlitePuzzles(GroupCommit):
    async def daily_play(self, day: str, player: str) -> DailyPlay | None:
        return daily_play_of(await self._run(lambda db: db.execute(sql.DAILY_PLAY, (day, player)).fetchone()))

    async def begin_daily(self, day: str, player: str, events: list[dict[str, Any]], now: float) -> bool:
        def begin(db: sqlite3.Connection) -> bool:
            return db.execute(sql.BEGIN_DAILY, (day, player, json.dumps(events), now)).rowcount == 1

        return bool(await self._write(begin))

    async def save_daily(self, day: str, player: str, events: list[dict[str, Any]], score: int,
                         finished: bool) -> None:
        await self._write(lambda db: db.execute(sql.SAVE_DAILY, (json.dumps(events), score, int(finished), day, player)))

    async def daily_board(self, day: str, limit: int) -> list[tuple[str, int, bool]]:
        return board_of(await self._run(lambda db: db.execute(sql.DAILY_BOARD, (day, limit)).fetchall()))

    async def add_puzzles(self, puzzles: list[tuple[str, str, list[dict[str, Any]], list[dict[str, Any]], float]],
                          scanned: list[int]) -> None:
        def add(db: sqlite3.Connection) -> None:
            for key, source, position, choices, rating in puzzles:
                db.execute(sql.ADD_PUZZLE, (key, source, json.dumps(position), json.dumps(choices), rating))
            for game in scanned:
                db.execute(sql.SCANNED, (game,))

        await self._write(add)

    async def scanned(self, game: int) -> bool:
        return await self._run(lambda db: db.execute(sql.IS_SCANNED, (game,)).fetchone()) is not None

    async def puzzle_count(self, besides: str) -> int:
        return int((await self._run(lambda db: db.execute(sql.PUZZLE_COUNT, (besides,)).fetchone()))[0])

    async def game_bots(self, game: int) -> set[str]:
        return {str(name) for (name,) in await self._run(lambda db: db.execute(sql.GAME_BOTS, (game,)).fetchall())}

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        return puzzle_of(await self._run(lambda db: db.execute(sql.PUZZLE, (puzzle_id,)).fetchone()))

    async def next_puzzle(self, player: str, rating: float) -> int | None:
        row = await self._run(lambda db: db.execute(sql.NEXT_PUZZLE, (player, BOTS, rating)).fetchone())
        return None if row is None else int(row[0])

    async def solver(self, player: str) -> Solver | None:
        return solver_of(await self._run(lambda db: db.execute(sql.SOLVER, (player,)).fetchone()))

    async def set_current_puzzle(self, player: str, puzzle_id: int, rating: float) -> None:
        await self._write(lambda db: db.execute(sql.SET_CURRENT, (player, rating, puzzle_id)))

    async def rate_puzzle(self, player: str, puzzle_id: int, answer: str, solved: bool, player_rating: float,
                          puzzle_rating: float, now: float) -> bool:
        def rate(db: sqlite3.Connection) -> bool:
            if db.execute(sql.ATTEMPT, (player, puzzle_id, answer, int(solved), now)).rowcount != 1:
                return False
            db.execute(sql.RATE_SOLVER, (player_rating, int(solved), player))
            db.execute(sql.RATE_PUZZLE, (puzzle_rating, puzzle_id))
            return True

        return bool(await self._write(rate))

    async def puzzle_top(self, limit: int) -> list[tuple[str, float, int, int]]:
        return top_of(await self._run(lambda db: db.execute(sql.PUZZLE_TOP, (limit,)).fetchall()))
