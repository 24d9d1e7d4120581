"""What the store keeps of each rated game's judgement (server.skill): each player's decision accuracy and the dice's
share, judged once when the game ends, so that 'rating' reads a player's last games' figures without reading the
games again. Its own protocol (its SQL, the same in both backends: ``server.store.judgedsql``), beside
``server.store.repositories``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

COPIED = (("judged_games", "game, player, decisions, accuracy, dice", "game, player"),)
"""The table as ``cosmic-wimpout store copy`` carries it (``sharedsql.TABLES``)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One player's judgement in one rated game."""

    player: str
    decisions: int
    """Their decisions that had more than one choice."""
    accuracy: float
    """The mean share of the best choice's winning chance their choices kept (1: every one optimal)."""
    dice: float
    """How much the dice moved their chance of winning over the game, from its start to its result (-1 to 1)."""


class SkillStore(Protocol):
    """Each rated game's judgement, kept when it ends (server.skill.judging) and read by 'rating'."""

    async def save_judged(self, game_id: int, judged: Sequence[Judged]) -> None:
        """Kept once: a game judged again (another process, a retry) keeps its first judgement."""
        ...

    async def last_judged(self, player: str, game: str, pool: str, limit: int) -> list[Judged]:
        """The player's newest ``limit`` judged games of a game type in a pool, newest first."""
        ...
