"""Puzzles of Cosmic Wimpout: found in the newest stored games (``rooms.wimpout.puzzlepicks`` says which decisions
make one), or, while the store holds too few real games, in games between house bots played on seeded dice; each
player gets the unplayed puzzle whose rating is nearest theirs, and an answer moves both ratings as in Elo (the
puzzle is the opponent: solving a hard one gains much, failing an easy one costs much, as chess sites rate puzzles)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import structlog

from engine.wimpout import RuleSet, event_from_dict, event_to_dict
from engine.wimpout import events as ev
from engine.wimpout.optimal.coverage import exactly_covered, model_rules
from rooms.wimpout.puzzlepicks import Pick, bot_game, picks
from server.store import Store
from server.store.puzzlestore import BOTS
from server.wimpout.solutions import SHIPPED_GOALS, Solutions, table_file

if TYPE_CHECKING:
    from engine.wimpout.optimal.choices import Advisor
    from server.wimpout.solving import Solver

log = structlog.get_logger()

GAMES_READ = 50
"""The newest stored games read for puzzles each time a player needs one (each is read once)."""
ENOUGH_REAL = 10
"""Puzzles from real games below which the bot games fill in (once)."""
BOT_GAMES = 12
"""Bot games played for the fallback (seeds 1 to 12: the same puzzles on every server)."""
START_RATING = 1500.0
PLAYER_K, PUZZLE_K = 32.0, 16.0
"""How far one answer moves a player's rating, and a puzzle's (played by many, it moves less)."""

_stocking: set[int] = set()
"""Stores being read for puzzles now (by id): one reading a store at a time."""

Row = tuple[str, str, list[dict[str, Any]], list[dict[str, Any]], float]


class OnHand:
    """The server's solved tables as puzzles read them: only those already read (``ready`` reads them), never a
    solve asked for (a puzzle is not worth minutes of a core, nor the asking player's hourly quota of solves); a
    game whose rules change to unsolved ones mid-game is left out."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.solutions: Solutions = solver.solutions

    def advisor(self, rules: RuleSet) -> Advisor | None:
        return self.solutions.at_hand(model_rules(rules)) if exactly_covered(rules) else None

    def pending(self, rules: RuleSet) -> bool:
        return False

    def progress(self, rules: RuleSet) -> int | None:
        return None

    async def ready(self, rules: RuleSet) -> bool:
        """The tables of ``rules`` read (in a thread) if they are shipped or were solved here before."""
        model = model_rules(rules)
        shipped = model == model_rules(RuleSet(goal=model.goal)) and model.goal in SHIPPED_GOALS
        if not exactly_covered(rules) or not (shipped or (self.solver.directory / table_file(model)).is_file()):
            return False
        return await asyncio.to_thread(self.solutions.advisor, rules) is not None


def source_text(source: str) -> str:
    return "a game between house bots (this server has too few stored games yet)" if source == BOTS else source


def _row(key: str, source: str, position: list[dict[str, Any]], pick: Pick) -> Row:
    choices = [{"command": command, "win": win} for command, win in pick.choices]
    return key, source, position[:pick.length], choices, START_RATING


async def stock(store: Store, solver: Solver) -> None:
    """Read the newest stored games not read yet for puzzles; then, if real ones are still too few, the bot games."""
    if id(store) in _stocking:
        return
    _stocking.add(id(store))
    tables = OnHand(solver)
    try:
        await _read_games(store, tables)
        if await store.puzzle_count(BOTS) < ENOUGH_REAL and not await store.scanned(0) and \
                await tables.ready(RuleSet()):
            rows = await asyncio.to_thread(_bot_rows, tables)
            await store.add_puzzles(rows, [0])  # game 0: the bot games are played
            log.info("puzzles.from_bots", puzzles=len(rows))
    finally:
        _stocking.discard(id(store))


def _bot_rows(tables: OnHand) -> list[Row]:
    rows = []
    for seed in range(1, BOT_GAMES + 1):
        events = bot_game(seed)
        position = [event_to_dict(event) for event in events]
        rows += [_row(f"bots/{seed}/{pick.length}", BOTS, position, pick) for pick in picks(tables, events)]
    return rows


async def _read_games(store: Store, tables: OnHand) -> None:
    for game in await store.recent_games("wimpout", GAMES_READ):
        if await store.scanned(game):
            continue
        played = await store.game_events(game)
        events = [event_from_dict(event) for event in played.events] if played is not None else []
        created = events[0] if events else None
        if not isinstance(created, ev.GameCreated) or len(created.players) != 2 or not exactly_covered(created.rules):
            await store.add_puzzles([], [game])
            continue
        if not await tables.ready(created.rules):
            continue  # not solved here (yet): read again when they are
        humans = frozenset(created.players) - await store.game_bots(game)
        try:
            found = await asyncio.to_thread(lambda: list(picks(tables, events, humans)))
        except ValueError:
            found = []
        assert played is not None
        await store.add_puzzles([_row(f"game/{game}/{pick.length}", f"game #{game}", played.events, pick)
                                 for pick in found], [game])
        log.info("puzzles.read", game=game, puzzles=len(found))


def rated(player: float, puzzle: float, solved: bool) -> tuple[float, float]:
    """Both ratings after an answer (Elo: the expected score from the difference, each moved by its own K)."""
    expected = 1 / (1 + 10 ** ((puzzle - player) / 400))
    change = (1.0 if solved else 0.0) - expected
    return player + PLAYER_K * change, puzzle - PUZZLE_K * change
