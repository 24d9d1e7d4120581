"""Optimal advice at tables, pure: the ``hint`` a player asks for, the ``review`` of a finished game, and the
``optimal`` house bot, each reading the solved tables from the ``Advisors`` the server gives them (it reads the shipped
tables, caches solved ones and asks for solves: server.wimpout.solutions). Rules the solution does not cover (house
rules between players, reroll_only_matching) are advised from the covered rules nearest them, as an estimate.
"""

from __future__ import annotations

from collections.abc import Iterator
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
    from engine.wimpout.optimal.choices import Advice, Advisor

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


@dataclass(frozen=True, slots=True)
class Judgement:
    """Luck told apart from skill, for one player of a finished two-player game. Their chance of winning moved from
    ``start`` to the result (1 or 0) by their own decisions (``-given_up``), their opponent's (the chance the opponent
    gave up is theirs) and the dice: ``dice`` is the sum of its moves on throws nobody chose (and on decisions with
    one choice)."""

    player: str
    decisions: int
    """Decisions with more than one choice."""
    given_up: float
    """The winning chance their decisions gave up against the optimal policy, added up."""
    accuracy: float
    """The mean, over their decisions, of the chance the choice made kept of the best one's (1: all optimal)."""
    start: float
    dice: float


@dataclass(slots=True)
class Decided:
    game: Game
    player: str
    action: Action
    legal: tuple[Action, ...]
    advice: Advice | None


def advised(advisors: Advisors, events: list[ev.Event]) -> Iterator[Decided]:
    """Each decision of a finished two-player game with its advice (None where the tables give none), the game as it
    stood before it. Raises ValueError when the game cannot be reviewed exactly."""
    _two_players(events)
    game = Game.replay(events[:1])
    for event in events[1:]:
        decided = _decision(game, event)
        if decided is not None:
            player, action = decided
            legal = game.legal_actions(player)
            advisor = advisors.advisor(game.rules)
            if len(legal) > 1 and (advisor is None or not exactly_covered(game.rules)):
                raise ValueError(hint_unavailable(advisors, game.rules) if advisor is None
                                 else "These rules are not solved exactly, so the game cannot be reviewed.")
            advice = advisor.advise(game.state, player, legal) if advisor is not None else None
            yield Decided(game, player, action, legal, advice)
        game.events.append(event)
        evolve(game.state, event)


def review(advisors: Advisors, events: list[ev.Event], worst: int = 5) -> list[Mistake]:
    """The decisions of a finished two-player game where the choice made lost the most winning chance, worst first.

    Raises ValueError when the game cannot be reviewed exactly (not two players, or rules without exact tables)."""
    found: list[Mistake] = []
    for d in advised(advisors, events):
        if d.advice is not None and len(d.legal) > 1:
            game, player = d.game, d.player
            done = next(c for c in d.advice.choices if c.action == d.action)
            best = d.advice.choices[0]
            turn = game.state.turn
            assert turn is not None
            other = next(p for p in game.state.players if p.name != player)
            found.append(Mistake(
                player, game.state.player(player).score, other.score, turn.points, turn.commons + turn.sun,
                command_text(game, player, d.action), done.win, command_text(game, player, best.action), best.win,
            ))
    found.sort(key=lambda mistake: -mistake.cost)
    return [mistake for mistake in found[:worst] if mistake.cost > 1e-9]


def judge(advisors: Advisors, events: list[ev.Event]) -> list[Judgement]:
    """Each player's accuracy and the dice's share of a finished two-player game (in the order they sat).

    Raises ValueError as ``review`` does, or when the game is not over."""
    first, second = _two_players(events)
    kept: dict[str, list[float]] = {first: [], second: []}
    given_up = {first: 0.0, second: 0.0}
    dice = 0.0
    start: float | None = None
    after: float | None = None
    """The first player's chance of winning after the last decision advised."""
    game: Game | None = None
    for d in advised(advisors, events):
        game = d.game
        if d.advice is None:
            continue
        done = next(c for c in d.advice.choices if c.action == d.action).win
        best = d.advice.choices[0].win
        mine = d.player == first
        if start is None:
            start = best if mine else 1 - best
        if after is not None:
            dice += (best if mine else 1 - best) - after
        after = done if mine else 1 - done
        if len(d.legal) > 1:
            kept[d.player].append(done / best if best > 0 else 1.0)
            given_up[d.player] += best - done
    if game is None or start is None or after is None or game.state.winner is None:
        raise ValueError("Only a finished game with decisions can be judged.")
    dice += (1.0 if game.state.winner == first else 0.0) - after
    return [
        Judgement(player, len(kept[player]), given_up[player],
                  sum(kept[player]) / len(kept[player]) if kept[player] else 1.0,
                  start if player == first else 1 - start, dice if player == first else -dice)
        for player in (first, second)
    ]


def _two_players(events: list[ev.Event]) -> tuple[str, str]:
    created = events[0]
    if not isinstance(created, ev.GameCreated) or len(created.players) != 2:
        raise ValueError("Only two-player games can be reviewed (the solution is exact for two players).")
    first, second = created.players
    return first, second


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
