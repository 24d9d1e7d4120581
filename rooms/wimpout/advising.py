"""Optimal advice at tables, pure: the ``hint`` a player asks for, the ``review`` of a finished game, and the
``optimal`` house bot, each reading the solved tables from the ``Advisors`` the server gives them (it reads the shipped
tables, caches solved ones and asks for solves: server.wimpout.solutions). Rules the solution does not cover (house
rules between players, reroll_only_matching) are advised from the covered rules nearest them, as an estimate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from engine.wimpout import Game, RuleSet
from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP, Action, Choose
from engine.wimpout.optimal.coverage import NotCovered, check_covered, exactly_covered, model_rules
from engine.wimpout.state import GameState, evolve
from engine.wimpout.strategies import threshold
from rooms.wimpout.turnwords import command_text

if TYPE_CHECKING:
    from engine.wimpout.optimal.choices import Advisor

FALLBACK = threshold(300)
"""How the optimal bot plays while no table is available for its rules (yet)."""


class Advisors(Protocol):
    """Where the solved tables come from (the server's, read from its files or solved on demand): an advisor for a
    table's rules, or None while none is available (a solve is then asked for, once)."""

    def advisor(self, rules: RuleSet) -> Advisor | None: ...

    def pending(self, rules: RuleSet) -> bool:
        """A solve of these rules' tables is under way."""

    def progress(self, rules: RuleSet) -> int | None:
        """How far that solve is, in percent (None: not reported yet)."""


@dataclass(frozen=True, slots=True)
class HintChoice:
    command: str
    win: float


@dataclass(frozen=True, slots=True)
class Hint:
    """What ``hint`` tells a player: each legal choice with their chance of winning, best first."""

    table: int
    player: str
    choices: tuple[HintChoice, ...]
    exact: bool
    note: str = ""


def hint(advisors: Advisors, game: Game, table: int, player: str) -> Hint | None:
    """The hint for ``player`` now, or None when the tables are not available for these rules (yet)."""
    advisor = advisors.advisor(game.rules)
    if advisor is None:
        return None
    advice = advisor.advise(game.state, player, game.legal_actions(player))
    if advice is None:
        return Hint(table, player, (), True)
    choices = tuple(HintChoice(command_text(game, player, c.action), c.win) for c in advice.choices)
    from engine.wimpout.optimal.choices import ESTIMATE_NOTE

    note = "" if advice.exact else (ESTIMATE_NOTE if advisor.exact_rules else "an estimate: these rules are not solved exactly")
    return Hint(table, player, choices, advice.exact, note)


def optimal(advisors: Advisors | None, state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
    """The optimal house bot: the best choice by the solved tables, or a fixed threshold while they are not there
    (or no server has lent the table its tables)."""
    advisor = advisors.advisor(state.rules) if advisors is not None else None
    advice = advisor.advise(state, player, legal) if advisor is not None else None
    return advice.best if advice is not None else FALLBACK(state, player, legal)


def hint_unavailable(advisors: Advisors, rules: RuleSet) -> str:
    """Why there is no hint for these rules now."""
    if advisors.pending(rules):
        done = advisors.progress(rules)
        return ("The optimal tables for this table's rules are being solved" + ("" if done is None else f" ({done}% done)")
                + ": the table is told when they are ready.")
    try:
        check_covered(model_rules(rules))
    except NotCovered:
        return "There are no optimal tables for this table's rules (the solution covers goals from 100 to 1000)."
    return ("The optimal tables for this table's rules are not solved yet, and the server is busy solving others: "
            "ask again in a few minutes.")


@dataclass(frozen=True, slots=True)
class Mistake:
    """One decision of a finished game: what was done, what was best, and the chance of winning it cost."""

    player: str
    score: int
    opponent_score: int
    turn_points: int
    cubes: int
    done: str
    done_win: float
    best: str
    best_win: float

    @property
    def cost(self) -> float:
        return self.best_win - self.done_win


def review(advisors: Advisors, events: list[ev.Event], worst: int = 5) -> list[Mistake]:
    """The decisions of a finished two-player game where the choice made lost the most winning chance, worst first.

    Raises ValueError when the game cannot be reviewed exactly (not two players, or rules without exact tables)."""
    created = events[0]
    if not isinstance(created, ev.GameCreated) or len(created.players) != 2:
        raise ValueError("Only two-player games can be reviewed (the solution is exact for two players).")
    game = Game.replay(events[:1])
    found: list[Mistake] = []
    for event in events[1:]:
        decided = _decision(game, event)
        if decided is not None:
            player, action = decided
            legal = game.legal_actions(player)
            advisor = advisors.advisor(game.rules) if len(legal) > 1 else None
            if len(legal) > 1 and (advisor is None or not exactly_covered(game.rules)):
                raise ValueError(hint_unavailable(advisors, game.rules) if advisor is None
                                 else "These rules are not solved exactly, so the game cannot be reviewed.")
            advice = advisor.advise(game.state, player, legal) if advisor is not None else None
            if advice is not None:
                done = next(c for c in advice.choices if c.action == action)
                best = advice.choices[0]
                turn = game.state.turn
                assert turn is not None
                other = next(p for p in game.state.players if p.name != player)
                found.append(Mistake(
                    player, game.state.player(player).score, other.score, turn.points, turn.commons + turn.sun,
                    command_text(game, player, action), done.win, command_text(game, player, best.action), best.win,
                ))
        game.events.append(event)
        evolve(game.state, event)
    found.sort(key=lambda mistake: -mistake.cost)
    return [mistake for mistake in found[:worst] if mistake.cost > 1e-9]


def _decision(game: Game, event: ev.Event) -> tuple[str, Action] | None:
    """The player's decision that ``event`` records, if it records one: a throw, a stop, or a choice of scoring."""
    turn = game.state.turn
    if turn is None or turn.window:
        return None
    if isinstance(event, ev.Thrown) and not turn.options:
        return turn.player, ROLL
    if isinstance(event, ev.Banked) and event.player == turn.player:
        return turn.player, STOP
    if isinstance(event, ev.Scored) and turn.options:
        return turn.player, Choose(event.scoring)
    return None
