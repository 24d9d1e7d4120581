"""Advice read from a solution: each legal choice of the player up, with their chance of winning if they take it and
play perfectly after. Exact for two players under covered rules; otherwise an estimate (see ``estimate_note``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from engine.wimpout.actions import Action, Choose, Roll, Stop
from engine.wimpout.optimal.chance import UNIT, destination, state_of_throw
from engine.wimpout.optimal.positions import Caps, Solution, last_licks_bank, may_stop, opening_units, pair_columns
from engine.wimpout.optimal.turn import WIN, Columns, solve_turn
from engine.wimpout.state import GameState

CACHED_TURNS = 64
"""Turn solutions kept per advisor (one per position a turn can start from)."""
ESTIMATE_NOTE = (
    "an estimate: with more than two players, the two-player tables are read against the strongest opponent"
    " (the leader in Last Licks), which is not exact"
)


@dataclass(frozen=True, slots=True)
class Choice:
    action: Action
    win: float
    """The player's chance of winning after this choice, playing perfectly after."""


@dataclass(frozen=True, slots=True)
class Advice:
    choices: tuple[Choice, ...]
    """Best first."""
    exact: bool

    @property
    def best(self) -> Action:
        return self.choices[0].action


class Advisor:
    """Solves the turns it is asked about from a solution's tables (a few ms each), and keeps the last few."""

    def __init__(self, solution: Solution, exact_rules: bool = True) -> None:
        self.solution = solution
        self.exact_rules = exact_rules
        self._lock = threading.Lock()
        """'review' reads a game in a thread while the table's bots and hints read on the event loop."""
        self._turns: OrderedDict[tuple[str, int, int], tuple[np.ndarray, np.ndarray, int]] = OrderedDict()

    def advise(self, state: GameState, player: str, legal: tuple[Action, ...]) -> Advice | None:
        """The choices among ``legal`` with their chances, or None when the advice does not apply (not the player's
        turn decision, or a rule the tables cannot read, such as an Insurance window)."""
        turn = state.turn
        if turn is None or turn.player != player or turn.window or len(turn.clearing) > 1 or not legal:
            return None
        if not all(isinstance(action, (Roll, Stop, Choose)) for action in legal):
            return None
        key, exact = self._situation(state, player)
        values, bank, turns = self._turn(key)
        t = turn.points // UNIT
        clearing = next(iter(turn.clearing), None)
        choices = []
        for action in legal:
            if isinstance(action, Stop):
                win = bank[min(t, turns), WIN, 0]
            elif isinstance(action, Roll):
                win = values[min(t, turns), state_of_throw((turn.commons, turn.sun, clearing)), WIN, 0]
            else:
                win = self._choose(values, t, turn.commons, turn.sun, action)
            choices.append(Choice(action, float(win)))
        choices.sort(key=lambda choice: -choice.win)
        return Advice(tuple(choices), exact and self.exact_rules)

    def _choose(self, values: np.ndarray, t: int, commons: int, sun: bool, action: Choose) -> float:
        scoring = action.scoring
        row = min(t + scoring.points // UNIT, len(values) - 1)
        return float(values[row, destination(commons, sun, scoring), WIN, 0])

    def _situation(self, state: GameState, player: str) -> tuple[tuple[str, int, int], bool]:
        """What the two-player tables see: my score against the strongest opponent's, a Last Licks deficit, or my
        score alone."""
        me = state.player(player)
        others = [p for p in state.active if p.name != player]
        exact = len(state.players) == 2 or len(others) <= 1
        ll = state.last_licks
        if ll is not None:
            return ("chaser", max(0, (ll.target - me.score) // UNIT), 0), exact and len(others) <= 1
        if not others:
            return ("alone", me.score // UNIT, 0), True
        strongest = max(others, key=lambda p: p.score)
        return ("pair", me.score // UNIT, strongest.score // UNIT), exact

    def _turn(self, key: tuple[str, int, int]) -> tuple[np.ndarray, np.ndarray, int]:
        with self._lock:
            return self._solved_turn(key)

    def _solved_turn(self, key: tuple[str, int, int]) -> tuple[np.ndarray, np.ndarray, int]:
        found = self._turns.get(key)
        if found is None:
            whole = self._columns(*key)
            columns = Columns(whole.bank[:, :1], whole.may_stop, whole.wimpout[:1], whole.supernova[:1])  # WIN only
            found = (solve_turn(self.solution.rules, columns, measure=False).values, columns.bank, len(columns.bank) - 1)
            self._turns[key] = found
            if len(self._turns) > CACHED_TURNS:
                self._turns.popitem(last=False)
        else:
            self._turns.move_to_end(key)
        return found

    def _columns(self, kind: str, a: int, b: int) -> Columns:
        s = self.solution
        rules, caps = s.rules, Caps()
        reach = s.reach
        if kind == "chaser":
            deficit = min(a, caps.deficit)
            turns = deficit + caps.deficit
            nothing = np.zeros((1, 1))
            return Columns(last_licks_bank(rules, s.chaser, turns, np.array([deficit])),
                           may_stop(turns, np.array([True]), 0), nothing, nothing)
        if kind == "alone":
            turns = max(reach - a, 1)
            bank = np.zeros((turns + 1, 2, 1))
            totals = a + np.arange(turns + 1)
            bank[:, WIN, 0] = np.where(totals < reach, s.alone[np.minimum(totals, reach - 1)], 1.0)
            wimpout = np.array([[s.alone[min(a, reach - 1)]], [1.0]])
            return Columns(bank, may_stop(turns, np.array([a > 0]), opening_units(rules)), wimpout, np.zeros((2, 1)))
        mine, theirs = np.array([min(a, reach - 1)]), np.array([min(b, reach - 1)])
        return pair_columns(rules, mine, theirs, s.win, s.lose, s.chaser, s.alone, s.lose[theirs, mine], caps.lead)

