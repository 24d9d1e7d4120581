"""A game of Cosmic Wimpout: legal actions, why an action is refused, and applying one (dice are an input).

``Game`` decides which events an action causes; ``state.evolve`` is the only code that changes the state, so a game
rebuilt from its events (``Game.replay``) equals the live one.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from engine import events as ev
from engine import lastlicks
from engine.actions import ROLL, STOP, Action, Choose, Roll, Stop
from engine.cubes import Face, Throw
from engine.dice import DiceSource
from engine.rules import RuleSet
from engine.scoring import Outcome, Scoring, score_throw
from engine.state import NO_CUBES, REDUCERS, GameState, TurnState, fold, new_state


class StopBlock(Enum):
    """Why a player may not stop now."""

    NOT_THROWN = "not_thrown"
    VOIDED = "voided"
    FUTTLESS = "futtless"
    YMNWTBYM = "ymnwtbym"
    OPENING = "opening"


_ROLL_OR_STOP: tuple[Action, ...] = (ROLL, STOP)


class IllegalAction(ValueError):
    """The action is not allowed now; the message says why, in words for the player."""


def faces_text(faces: Sequence[Face] | frozenset[Face]) -> str:
    return " and ".join(f"{face.label}s" for face in sorted(faces))


class Game:
    """One game: its events, its state (their fold), and the rules of play."""

    def __init__(self, created: ev.GameCreated) -> None:
        self.events: list[ev.Event] = [created]
        self.state: GameState = new_state(created)

    @classmethod
    def start(cls, players: Sequence[str], rules: RuleSet, dice: DiceSource) -> Game:
        """Seat the players, play the roll-off for the first turn (ties throw again), and start that turn."""
        if not players:
            raise IllegalAction("A game needs at least one player.")
        if len(set(players)) != len(players):
            raise IllegalAction("Each player can sit only once.")
        game = cls(ev.GameCreated(tuple(players), rules))
        contenders = tuple(players)
        while len(contenders) > 1:
            faces = dice.roll_off(len(contenders))
            game._emit(ev.RollOff(tuple(zip(contenders, faces))))
            best = max(faces)
            contenders = tuple(name for name, face in zip(contenders, faces) if face == best)
        game._emit(ev.TurnStarted(contenders[0]))
        return game

    @classmethod
    def replay(cls, events: Sequence[ev.Event]) -> Game:
        """Rebuild a game from its stored events."""
        game = cls.__new__(cls)
        game.events = list(events)
        game.state = fold(game.events)
        return game

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)
        REDUCERS[type(event)](self.state, event)  # state.evolve, inlined on the engine's hottest path

    # -- what may be done -------------------------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def is_over(self) -> bool:
        return self.state.over

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        """Everything ``player`` (by default the player whose turn it is) may do now; empty once the game is over."""
        turn = self.state.turn
        if self.state.over or turn is None or (player is not None and player != turn.player):
            return ()
        if turn.options:
            return tuple(Choose(option) for option in turn.options)
        return (ROLL,) if self._stop_block(turn) else _ROLL_OR_STOP

    def why_not(self, player: str, action: Action) -> str | None:
        """None if ``player`` may do ``action`` now, otherwise the reason, as the player should read it."""
        state = self.state
        turn = state.turn
        if turn is None or player != turn.player or state.over:
            return self._not_your_turn(player)
        if isinstance(action, Choose):
            if not turn.options:
                return "There is nothing to choose: your throw scores only one way."
            if action.scoring not in turn.options:
                return "That is not one of the ways your throw can score."
            return None
        if turn.options:
            return "First choose how your throw scores."
        if isinstance(action, Stop):
            block = self._stop_block(turn)
            return None if block is None else self._stop_message(block, turn)
        return None

    def _not_your_turn(self, player: str) -> str:
        state = self.state
        if state.over:
            return "The game is over."
        if not state.has_player(player):
            return "You are not playing in this game."
        if state.player(player).out is not None:
            return f"You are out of this game: you {state.player(player).out}."
        return f"It is not your turn; it is {state.current}'s."

    def may_stop(self) -> bool:
        """Whether the player whose turn it is may stop now."""
        turn = self.state.turn
        return turn is not None and not turn.options and self._stop_block(turn) is None

    def _stop_block(self, turn: TurnState) -> StopBlock | None:
        """The rule that forbids stopping now (RULES.md, "A turn"), most pressing first; None if stopping is allowed."""
        if turn.throws == 0:
            return StopBlock.NOT_THROWN
        if turn.voided:
            return StopBlock.VOIDED
        if turn.clearing:
            return StopBlock.FUTTLESS
        if turn.must_throw_all:
            return StopBlock.YMNWTBYM
        if turn.points < self.state.rules.opening_minimum and not self.state.player(turn.player).in_game:
            return StopBlock.OPENING
        return None

    def _stop_message(self, block: StopBlock, turn: TurnState) -> str:
        if block is StopBlock.NOT_THROWN:
            return "Every turn begins by throwing all five cubes: roll first."
        if block is StopBlock.VOIDED:
            return (
                f"Your throw matched the flash of {faces_text(turn.clearing)} you are clearing, so it does not count"
                " (the Reroll Clause): throw those cubes again."
            )
        if block is StopBlock.FUTTLESS:
            return f"You must clear your flash of {faces_text(turn.clearing)} before you can stop."
        if block is StopBlock.YMNWTBYM:
            return "All five cubes have scored: you may not want to, but you must throw all five again."
        minimum = self.rules.opening_minimum
        return f"You need {minimum} points in one turn to get in the game; you have {turn.points} so far."

    # -- doing it ---------------------------------------------------------------------------------------------------

    def apply(self, player: str, action: Action, dice: DiceSource) -> list[ev.Event]:
        """Do ``action`` for ``player``; returns the events it caused. Raises IllegalAction with the reason."""
        refusal = self.why_not(player, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        first = len(self.events)
        if isinstance(action, Roll):
            self._roll(dice)
        elif isinstance(action, Choose):
            self._score(action.scoring)
        else:
            self._stop()
        return self.events[first:]

    def _roll(self, dice: DiceSource) -> None:
        turn = self.state.turn
        assert turn is not None
        held = turn.held
        if held is NO_CUBES:
            thrown = dice.throw(turn.commons, turn.sun)
        else:
            thrown = dice.throw(turn.commons - len(held.commons), turn.sun and held.sun is None)
            thrown = Throw((*held.commons, *thrown.commons), held.sun if held.sun is not None else thrown.sun)
        self._emit(ev.Thrown(turn.player, thrown))
        options = score_throw(thrown, self.state.rules, turn.clearing)
        outcome = options[0].outcome
        if outcome is Outcome.VOID:
            self._emit(ev.Voided(turn.player, _matched(thrown, turn.clearing), self._held(thrown, turn.clearing)))
        elif outcome is Outcome.WIMPOUT or outcome is Outcome.TRAIN_WRECK:
            self._emit(ev.WimpedOut(turn.player, turn.points, outcome is Outcome.TRAIN_WRECK))
            self._turn_over(turn.player)
        elif len(options) == 1:
            self._score(options[0])
        else:
            self._emit(ev.ChoiceOffered(turn.player, options))

    def _held(self, thrown: Throw, clearing: frozenset[Face]) -> Throw:
        """With reroll_only_matching, the cubes of a void throw that did not match stay on the table."""
        if not self.rules.reroll_only_matching:
            return NO_CUBES
        sun = thrown.sun if thrown.sun is not None and thrown.sun not in clearing else None
        return Throw(tuple(face for face in thrown.commons if face not in clearing), sun)

    def _score(self, scoring: Scoring) -> None:
        turn = self.state.turn
        assert turn is not None
        player = turn.player
        if turn.clearing:
            self._emit(ev.FlashCleared(player, tuple(sorted(turn.clearing))))
        self._emit(ev.Scored(player, scoring, turn.points + scoring.points))
        outcome = scoring.outcome
        if outcome is Outcome.INSTANT_WIN:
            self._emit(ev.GameOver(player, "threw a freight train of 6s: instant winner"))
            return
        if outcome is Outcome.SUPERNOVA:
            self._emit(ev.PlayerOut(player, "threw a Supernova (a freight train of 10s)"))
            self._turn_over(player)
            return
        if scoring.flash is not None:
            self._emit(ev.FlashMade(player, scoring.flash))
        if turn.commons == 0 and not turn.sun:
            self._emit(ev.MustThrowAll(player))

    def _stop(self) -> None:
        turn = self.state.turn
        assert turn is not None
        player = self.state.player(turn.player)
        self._emit(ev.Banked(player.name, turn.points, player.score + turn.points, not player.in_game))
        self._turn_over(player.name)

    def _turn_over(self, name: str) -> None:
        """After a bank, a wimpout or a Supernova: Last Licks, the end of the game, or the next player's turn."""
        state = self.state
        if state.last_licks is not None:
            if state.player(name).out is None:
                for event in lastlicks.after_lick(state, name):
                    self._emit(event)
            ll = state.last_licks
            if not ll.challengers:
                for event in lastlicks.round_over(state, ll):
                    self._emit(event)
            if not state.over:
                self._emit(ev.TurnStarted(state.last_licks.challengers[0]))
            return
        player = state.player(name)
        if player.out is None and self.rules.goal_reached(player.score):
            for event in lastlicks.start(state, name):
                self._emit(event)
            if not state.last_licks.challengers:
                self._emit(ev.GameOver(name, "reached the goal with no one left to challenge"))
            else:
                self._emit(ev.TurnStarted(state.last_licks.challengers[0]))
            return
        following = state.next_after(name)
        if following is None:
            self._emit(ev.GameOver(None, "no player is left in the game"))
        elif self.rules.last_player_wins and len(state.players) > 1 and len(state.active) == 1:
            self._emit(ev.GameOver(following, "is the last player left in the game"))
        else:
            self._emit(ev.TurnStarted(following))


def _matched(thrown: Throw, clearing: frozenset[Face]) -> tuple[Face, ...]:
    return tuple(face for face in thrown.faces if face in clearing)
