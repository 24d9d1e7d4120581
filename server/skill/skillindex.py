"""A player's skill index and luck over their last rated games, from the judgements kept when each ended: what
'rating' and the web page show beside a rating (read, never recomputed from the games)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from server.skill.skilltexts import SKILL_LINE
from server.store.judged import Judged

if TYPE_CHECKING:
    from server.store import Store


@dataclass(frozen=True, slots=True)
class SkillIndex:
    games: int
    """The judged games it covers (at most ``ratings.skill_games``)."""
    decisions: int
    accuracy: float
    """Decision accuracy: each decision's share of the best choice's winning chance kept, averaged over every
    decision of those games (a game of many decisions counts for more than a short one)."""
    luck: float
    """The dice's share: how much the dice moved the player's chance of winning, on average a game (-1 to 1)."""

    def line(self) -> str:
        return SKILL_LINE.format(accuracy=100 * self.accuracy, decisions=self.decisions, luck=100 * self.luck,
                                       games=self.games, s="" if self.games == 1 else "s")

    def fields(self, prefix: str, game: str) -> dict[str, str]:
        """As JSON mode and the web page read them: ``skill.wimpout`` (accuracy, 0 to 1), ``luck.wimpout`` (the mean
        dice share a game, -1 to 1), ``judged.wimpout`` (games), ``decisions.wimpout``."""
        return {f"{prefix}skill.{game}": f"{self.accuracy:.4f}", f"{prefix}luck.{game}": f"{self.luck:+.4f}",
                f"{prefix}judged.{game}": str(self.games), f"{prefix}decisions.{game}": str(self.decisions)}


def skill_index(judged: Sequence[Judged]) -> SkillIndex | None:
    """The index of these games; None without any."""
    if not judged:
        return None
    decisions = sum(j.decisions for j in judged)
    accuracy = sum(j.accuracy * j.decisions for j in judged) / decisions if decisions else 1.0
    return SkillIndex(len(judged), decisions, accuracy, sum(j.dice for j in judged) / len(judged))


async def skill_of(store: Store, last: int, player: str, game: str, pool: str) -> SkillIndex | None:
    """The player's index over their ``last`` judged games of a game type in a pool (``ratings.skill_games``)."""
    return skill_index(await store.last_judged(player, game, pool, last))
