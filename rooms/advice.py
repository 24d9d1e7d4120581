"""Optimal advice at tables: the solved tables for a table's rules (shipped with the package, cached, or being
solved), the ``hint`` a player asks for, and the ``optimal`` house bot.

The tables for the default rules at goals 300 and 500 ship in ``engine/wimpout/optimal/data``. Other covered rule sets are
solved on demand by whoever sets ``Solutions.request`` (the server, in a worker process) and read back from
``Solutions.cache_dir``. Rules the solution does not cover (house rules between players, reroll_only_matching) are
advised from the covered rules nearest them, as an estimate.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from engine.wimpout import Game, RuleSet
from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP, Action, Choose
from engine.wimpout.optimal.coverage import COVERED_LAST_LICKS, NotCovered, check_covered
from engine.wimpout.state import GameState, evolve

if TYPE_CHECKING:
    from engine.wimpout.optimal.choices import Advisor
from engine.wimpout.strategies import threshold
from rooms.wimpout.turnwords import command_text

SHIPPED_GOALS = (300, 500)
MODEL_OPTIONS = (
    "goal", "opening_minimum", "goal_must_be_passed", "sun_completes_freight_train", "fourth_number_scores",
    "last_player_wins",
)
"""The options the solution depends on (with the Last Licks variant, by what it means for two players)."""
FALLBACK = threshold(300)
"""How the optimal bot plays while no table is available for its rules (yet)."""


def model_rules(rules: RuleSet) -> RuleSet:
    """The covered rules nearest ``rules``: the options the solution reads, every other option at its default."""
    values = {name: getattr(rules, name) for name in MODEL_OPTIONS}
    values["last_licks"] = "official" if COVERED_LAST_LICKS[rules.last_licks] == "rechase" else "single"
    return RuleSet(**values)


def exactly_covered(rules: RuleSet) -> bool:
    try:
        check_covered(rules)
    except NotCovered:
        return False
    return True


def table_file(rules: RuleSet) -> str:
    """The cache file of a covered rule set."""
    key = json.dumps(model_rules(rules).model_dump(), sort_keys=True)
    return f"optimal-{hashlib.sha256(key.encode()).hexdigest()[:16]}.cwopt"


KEPT_ADVISORS = 8
"""Solved tables kept in memory, the latest used (about 1 MiB each at goal 500): each covered rule set a player asks a
hint for is another, and a table can ask for any goal from 100 to 1000 (others are read again from their file)."""


@dataclass
class Solutions:
    """The solved tables this process has read (the latest ``KEPT_ADVISORS``), by covered rules, and where more come
    from."""

    cache_dir: Path | None = None
    request: Callable[[RuleSet], bool] | None = None
    """Ask for a solve of these (covered) rules; the answer is a file in ``cache_dir``, then ``loaded`` is called.
    False: declined for now (the solver is busy), asked again when next needed."""

    def __post_init__(self) -> None:
        self._advisors: OrderedDict[RuleSet, Advisor] = OrderedDict()
        self._estimates: dict[RuleSet, Advisor] = {}
        """Beside each kept advisor, one for rules it covers only nearly."""
        self._asked: set[RuleSet] = set()
        """Solves asked for and not read yet."""
        self._lock = threading.Lock()
        """Read on the event loop and in threads ('review', the server's first reading of a rule set's tables)."""

    def advisor(self, rules: RuleSet) -> Advisor | None:
        """The advisor for ``rules`` (exact or not), or None while no table is available (a solve is then asked
        for, once)."""
        model = model_rules(rules)
        try:
            check_covered(model)
        except NotCovered:
            return None
        found = self.at_hand(model)
        if found is None:
            found = self._load(model)
        if found is None:
            if model not in self._asked and self.request is not None and self.request(model):
                self._asked.add(model)
            return None
        if exactly_covered(rules):
            return found
        from engine.wimpout.optimal.choices import Advisor

        with self._lock:
            estimate = self._estimates.get(model)
            if estimate is None or estimate.solution is not found.solution:
                estimate = self._estimates[model] = Advisor(found.solution, exact_rules=False)
            return estimate

    def at_hand(self, model: RuleSet) -> Advisor | None:
        """The advisor of covered rules ``model`` if it is in memory (it is then the latest used)."""
        with self._lock:
            found = self._advisors.get(model)
            if found is not None:
                self._advisors.move_to_end(model)
            return found

    def pending(self, rules: RuleSet) -> bool:
        return model_rules(rules) in self._asked

    def failed(self, rules: RuleSet) -> None:
        """A solve asked for did not finish: the tables are asked for again the next time they are needed."""
        with self._lock:
            self._asked.discard(model_rules(rules))

    def loaded(self, rules: RuleSet) -> bool:
        """A solve has finished: read its file; True if the table is now available."""
        return self._load(model_rules(rules)) is not None

    def _load(self, model: RuleSet) -> Advisor | None:
        from engine.wimpout.optimal.choices import Advisor
        from engine.wimpout.optimal.packing import from_bytes
        from engine.wimpout.optimal.turn import layout

        data = None
        if model == model_rules(RuleSet(goal=model.goal)) and model.goal in SHIPPED_GOALS:
            data = (resources.files("engine.wimpout.optimal") / "data" / f"goal{model.goal}.cwopt").read_bytes()
        elif self.cache_dir is not None and (self.cache_dir / table_file(model)).is_file():
            data = (self.cache_dir / table_file(model)).read_bytes()
        if data is None:
            return None
        advisor = Advisor(from_bytes(data))
        layout(model)  # the chance tables, built once per way of scoring
        with self._lock:
            self._advisors[model] = advisor
            self._asked.discard(model)
            while len(self._advisors) > KEPT_ADVISORS:
                dropped, _ = self._advisors.popitem(last=False)
                self._estimates.pop(dropped, None)
        return advisor


SOLUTIONS = Solutions()
"""This process's solved tables (the server gives it a cache directory and a way to solve)."""


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


def hint(game: Game, table: int, player: str) -> Hint | None:
    """The hint for ``player`` now, or None when the tables are not available for these rules (yet)."""
    advisor = SOLUTIONS.advisor(game.rules)
    if advisor is None:
        return None
    advice = advisor.advise(game.state, player, game.legal_actions(player))
    if advice is None:
        return Hint(table, player, (), True)
    choices = tuple(HintChoice(command_text(game, player, c.action), c.win) for c in advice.choices)
    from engine.wimpout.optimal.choices import ESTIMATE_NOTE

    note = "" if advice.exact else (ESTIMATE_NOTE if advisor.exact_rules else "an estimate: these rules are not solved exactly")
    return Hint(table, player, choices, advice.exact, note)


def optimal(state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
    """The optimal house bot: the best choice by the solved tables, or a fixed threshold while they are not there."""
    advisor = SOLUTIONS.advisor(state.rules)
    advice = advisor.advise(state, player, legal) if advisor is not None else None
    return advice.best if advice is not None else FALLBACK(state, player, legal)


def hint_unavailable(rules: RuleSet) -> str:
    """Why there is no hint for these rules now."""
    if SOLUTIONS.pending(rules):
        return "The optimal tables for this table's rules are being solved: the table is told when they are ready."
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


def review(events: list[ev.Event], worst: int = 5) -> list[Mistake]:
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
            advisor = SOLUTIONS.advisor(game.rules) if len(legal) > 1 else None
            if len(legal) > 1 and (advisor is None or not exactly_covered(game.rules)):
                raise ValueError(hint_unavailable(game.rules) if advisor is None
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
