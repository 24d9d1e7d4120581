"""The best possible line of a daily challenge (``engine.wimpout.soloday``), found exactly once its dice are known:
keyed dice make the k-th throw the same whatever was decided before, so a line is a sequence of decisions and its
score follows. Shown after the day's seed is revealed, never before (it would be the day's answer).

A turn's lines are few (each throw: stop or roll on, and which way a throw scores when it offers a choice), and the
turns meet only through how many throws were made before them and whether the player is still on circles: the best
rest of the day from a turn's start is kept by that key (dynamic programming), so the search is exact in thousands of
turn lines, not the product of ten turns' lines. ``budget`` bounds the moves tried; past it the best line found so
far is returned, marked not exact."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.keyedstream import KeyedStream
from engine.wimpout import events as ev
from engine.wimpout.actions import Action
from engine.wimpout.soloday import SoloDay

BUDGET = 100_000
"""Moves tried at most (a few seconds of a core): 30 random days needed 2,033 at most."""
LONGEST_TURN = 80
"""Throws in one turn a line may make: a turn that lucky is cut there (it ends by a wimpout in a few dozen)."""


@dataclass(frozen=True, slots=True)
class BestLine:
    score: int
    actions: tuple[Action, ...]
    exact: bool


class _Spent(Exception):
    """The budget is spent."""


def best_line(player: str, stream: KeyedStream, budget: int = BUDGET) -> BestLine:
    """The most points the day's dice allow in its turns, and the decisions that make them."""
    search = _Search(budget)
    start = SoloDay.start(player, stream)
    try:
        score, actions = search.rest(start)
        return BestLine(score, actions, True)
    except _Spent:
        return search.greedy(start)


class _Search:
    def __init__(self, budget: int) -> None:
        self.left = budget
        self.kept: dict[tuple[int, int, bool], tuple[int, tuple[Action, ...]]] = {}

    def rest(self, day: SoloDay) -> tuple[int, tuple[Action, ...]]:
        """The most points from this turn's start to the day's end, and how."""
        if day.over:
            return 0, ()
        key = (_thrown(day), day.turn, day.game.state.player(day.player).circles > 0)
        if key in self.kept:
            return self.kept[key]
        best: tuple[int, tuple[Action, ...]] = (-1, ())
        for actions, end in self.turn_lines(day, 0):
            points, after = self.rest(end)
            total = end.score - day.score + points
            if total > best[0]:
                best = (total, actions + after)
        self.kept[key] = best
        return best

    def turn_lines(self, day: SoloDay, throws: int) -> Iterator[tuple[tuple[Action, ...], SoloDay]]:
        """Each way to play this turn to its end, and the day as it leaves it."""
        turn = day.turn
        for action in day.legal():
            self.left -= 1
            if self.left < 0:
                raise _Spent
            after = day.copy()
            events = after.apply(action)
            thrown = throws + sum(1 for event in events if type(event) is ev.Thrown)
            if after.over or after.turn != turn:
                yield (action,), after
            elif thrown <= LONGEST_TURN:
                for rest, end in self.turn_lines(after, thrown):
                    yield (action, *rest), end

    def greedy(self, start: SoloDay) -> BestLine:
        """Past the budget: the best line kept for the day's start if the search got that far, else none."""
        score, actions = self.kept.get((0, 1, True), (start.score, ()))
        return BestLine(score, actions, False)


def _thrown(day: SoloDay) -> int:
    return sum(1 for event in day.game.events if type(event) is ev.Thrown)


def replayed(player: str, stream: KeyedStream, actions: tuple[Action, ...]) -> SoloDay:
    """The day played along a line (to show it throw by throw)."""
    day = SoloDay.start(player, stream)
    for action in actions:
        day.apply(action)
    return day
