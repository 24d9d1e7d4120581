"""Cosmic Wimpout's daily challenge and puzzles (server.store.puzzlestore), in PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

from server.store import puzzlesql as sql
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, changed, execute, fetchall, fetchone
from server.store.puzzlestore import BOTS, DailyPlay, PuzzleRow, Solver, board_of, daily_play_of, puzzle_of, solver_of, top_of


class PgPuzzles(PgGroupCommit):
    async def daily_play(self, day: str, player: str) -> DailyPlay | None:
        return daily_play_of(await self._run(lambda db: fetchone(db, sql.DAILY_PLAY, (day, player))))

    async def begin_daily(self, day: str, player: str, events: list[dict[str, Any]], now: float) -> bool:
        return bool(await self._write(lambda db: changed(db, sql.BEGIN_DAILY, (day, player, json.dumps(events), now))))

    async def save_daily(self, day: str, player: str, events: list[dict[str, Any]], score: int,
                         finished: bool) -> None:
        await self._write(lambda db: execute(db, sql.SAVE_DAILY, (json.dumps(events), score, int(finished), day, player)))

    async def daily_board(self, day: str, limit: int) -> list[tuple[str, int, bool]]:
        return board_of(await self._run(lambda db: fetchall(db, sql.DAILY_BOARD, (day, limit))))

    async def add_puzzles(self, puzzles: list[tuple[str, str, list[dict[str, Any]], list[dict[str, Any]], float]],
                          scanned: list[int]) -> None:
        async def add(db: Connection) -> None:
            for key, source, position, choices, rating in puzzles:
                await execute(db, sql.ADD_PUZZLE, (key, source, json.dumps(position), json.dumps(choices), rating))
            for game in scanned:
                await execute(db, sql.SCANNED, (game,))

        await self._write(add)

    async def scanned(self, game: int) -> bool:
        return await self._run(lambda db: fetchone(db, sql.IS_SCANNED, (game,))) is not None

    async def puzzle_count(self, besides: str) -> int:
        row = await self._run(lambda db: fetchone(db, sql.PUZZLE_COUNT, (besides,)))
        return int(row[0]) if row is not None else 0

    async def game_bots(self, game: int) -> set[str]:
        return {str(name) for (name,) in await self._run(lambda db: fetchall(db, sql.GAME_BOTS, (game,)))}

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        return puzzle_of(await self._run(lambda db: fetchone(db, sql.PUZZLE, (puzzle_id,))))

    async def next_puzzle(self, player: str, rating: float) -> int | None:
        row = await self._run(lambda db: fetchone(db, sql.NEXT_PUZZLE, (player, BOTS, rating)))
        return None if row is None else int(row[0])

    async def solver(self, player: str) -> Solver | None:
        return solver_of(await self._run(lambda db: fetchone(db, sql.SOLVER, (player,))))

    async def set_current_puzzle(self, player: str, puzzle_id: int, rating: float) -> None:
        await self._write(lambda db: execute(db, sql.SET_CURRENT, (player, rating, puzzle_id)))

    async def rate_puzzle(self, player: str, puzzle_id: int, answer: str, solved: bool, player_rating: float,
                          puzzle_rating: float, now: float) -> bool:
        async def rate(db: Connection) -> bool:
            if await changed(db, sql.ATTEMPT, (player, puzzle_id, answer, int(solved), now)) != 1:
                return False
            await execute(db, sql.RATE_SOLVER, (player_rating, int(solved), player))
            await execute(db, sql.RATE_PUZZLE, (puzzle_rating, puzzle_id))
            return True

        return bool(await self._write(rate))

    async def puzzle_top(self, limit: int) -> list[tuple[str, float, int, int]]:
        return top_of(await self._run(lambda db: fetchall(db, sql.PUZZLE_TOP, (limit,))))
