"""A game of Cosmic Wimpout: legal actions, why an action is refused, and applying one (dice are an input).

``Game`` decides which events an action causes; ``state.evolve`` is the code that changes the state, so a game
rebuilt from its events (``Game.replay``) equals the live one. One exception, for speed: a scoring step of the turn
(``engine.steps``) sets the position its events fold into, worked out once by folding them (tests/engine/
test_engine_steps.py holds the live state equal to the replayed one at every move). Last Licks, the house rules
between players and the Guiding Light decide in their own modules, the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.wimpout import events as ev
from engine.wimpout import guidinglight, houserules, lastlicks
from engine.wimpout.actions import (
    CLOSE_WINDOW,
    INSURE,
    LET_STAND,
    ROLL,
    STOP,
    Action,
    Choose,
    CloseWindow,
    Insure,
    LetStand,
    Propose,
    Roll,
    Stop,
    Withdraw,
)
from engine.wimpout.cubes import Face, Throw
from engine.wimpout.dice import DiceSource
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, Scoring
from engine.wimpout.refusals import score_block, stop_block, why_not
from engine.wimpout.state import NO_CUBES, REDUCERS, GameState, TurnState, fold, new_state
# the commonest events' reducers: see _emit
from engine.wimpout.state import _banked, _scored, _thrown, _turn_started, _wimped_out
from engine.wimpout.steps import GENERAL_STEP, SCORE, WIMPOUT, Step, keeps, read

_ROLL_OR_STOP: tuple[Action, ...] = (ROLL, STOP)
_ROLL_ONLY: tuple[Action, ...] = (ROLL,)
_VOID, _WIMPOUT, _TRAIN_WRECK, _INSTANT_WIN, _SUPERNOVA = (
    Outcome.VOID, Outcome.WIMPOUT, Outcome.TRAIN_WRECK, Outcome.INSTANT_WIN, Outcome.SUPERNOVA
)
"""Outcomes read on every throw, bound once: an Enum member read from its class costs ~0.15 us in Python 3.11."""
_new = object.__new__
"""The events of nearly every throw and turn are made as a new object of their class with their fields set, not by a
call of the class: in Python 3.11 a class call goes through the generic call path and runs ``__init__`` in an
evaluation loop of its own. The same fields with the same values (tests/engine/test_engine_steps.py compares them
with the general code's)."""
_Thrown, _Scored, _TurnStarted, _Banked, _WimpedOut = ev.Thrown, ev.Scored, ev.TurnStarted, ev.Banked, ev.WimpedOut


class IllegalAction(ValueError):
    """The action is not allowed now; the message says why, in words for the player."""


class Game:
    """One game: its events, its state (their fold), and the rules of play."""

    def __init__(self, created: ev.GameCreated) -> None:
        self.events: list[ev.Event] = [created]
        self.state: GameState = new_state(created)
        self._offered: tuple[Action, ...] = ()
        """The turn's moves as ``legal_actions`` last listed them, or as a move that knew them left them (a new turn, a
        scoring step): while nothing else happens (the log is still ``_offered_at`` long) they are listed again as
        they are, and applying one of them needs no second check."""
        self._offered_at = 0

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
        game._offered, game._offered_at = (), 0
        return game

    def _emit(self, event: ev.Event) -> None:
        """Log ``event`` and fold it into the state. The commonest (Thrown, Scored, TurnStarted, Banked, WimpedOut:
        three in four of a game's events) are logged and folded where they are made, calling their reducer directly:
        this call and its lookup were about 3% of a throw."""
        self.events.append(event)
        REDUCERS[type(event)](self.state, event)  # state.evolve, inlined on the engine's hottest path

    def _emit_all(self, events: list[ev.Event]) -> None:
        for event in events:
            self._emit(event)

    # -- what may be done -------------------------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def is_over(self) -> bool:
        return self.state.over

    def waiting_on(self) -> tuple[str, ...]:
        """Whose decision the game waits for: players who may cancel the throw on the table, else the current one."""
        turn = self.state.turn
        if self.state.over or turn is None:
            return ()
        return turn.window or (turn.player,)

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        """What ``player`` may do to move the game on (by default, whoever it waits for); empty once it is over.

        Proposals and votes of the Guiding Light are always open to players in the game and are not listed.
        """
        if self._offered_at == len(self.events) and (
                player is None or player == self.state.turn.player):  # type: ignore[union-attr]  # see _offered
            return self._offered  # worked out since the last event, while a turn is on
        turn = self.state.turn
        if turn is None:  # between turns, and once the game is over (GameOver ends the turn)
            return ()
        if turn.window:
            if player is None:
                return (INSURE, LET_STAND, CLOSE_WINDOW)
            return (INSURE, LET_STAND) if player in turn.window else ()
        if player is not None and player != turn.player:
            return ()
        if turn.options:
            actions: tuple[Action, ...] = tuple([Choose(option) for option in turn.options])
        else:
            actions = _ROLL_ONLY if stop_block(self.state, turn) else _ROLL_OR_STOP
        self._offered = actions
        self._offered_at = len(self.events)
        return actions

    def why_not(self, player: str | None, action: Action) -> str | None:
        """None if ``player`` may do ``action`` now, otherwise the reason, as the player should read it.

        ``player`` is None for the table itself (the server), which may only close an Insurance window.
        """
        return why_not(self.state, player, action)

    def may_stop(self) -> bool:
        """Whether the player whose turn it is may stop now."""
        turn = self.state.turn
        return turn is not None and not turn.options and not turn.window and stop_block(self.state, turn) is None

    # -- doing it ---------------------------------------------------------------------------------------------------

    def apply(self, player: str | None, action: Action, dice: DiceSource) -> list[ev.Event]:
        """Do ``action`` for ``player``; returns the events it caused. Raises IllegalAction with the reason."""
        events = self.events
        first = len(events)
        turn = self.state.turn
        offered = self._offered
        if (self._offered_at == first and (offered is _ROLL_OR_STOP or offered is _ROLL_ONLY)
                and player == turn.player):  # type: ignore[union-attr]  # a turn is on: see _offered
            # the commonest moves, just listed
            if action is ROLL and turn.held is NO_CUBES:  # type: ignore[union-attr]
                self._throw(turn, dice.throw(turn.commons, turn.sun))  # type: ignore[union-attr,arg-type]
                return events[first:]
            if action is STOP and offered is _ROLL_OR_STOP:
                self._stop()
                return events[first:]
        if not (self._offered_at == first and action in self._offered and turn is not None and player == turn.player):
            refusal = self.why_not(player, action)
            if refusal is not None:
                raise IllegalAction(refusal)
        if action is ROLL or isinstance(action, Roll):
            self._roll(dice)
        elif action is STOP or isinstance(action, Stop):
            self._stop()
        elif isinstance(action, Choose):
            self._score(turn, action.scoring)  # type: ignore[arg-type]  # why_not: a turn is on
        elif isinstance(action, Insure):
            self._cancel_throw(player)  # type: ignore[arg-type]
        elif isinstance(action, LetStand):
            self._emit(ev.InsurancePassed(player))  # type: ignore[arg-type]
            if not turn.window:  # type: ignore[union-attr]  # why_not: a window is open
                self._resolve_throw(turn)  # type: ignore[arg-type]
        elif isinstance(action, CloseWindow):
            self._emit(ev.InsuranceWindowClosed())
            self._resolve_throw(turn)  # type: ignore[arg-type]
        elif isinstance(action, Withdraw):
            self._withdraw(action.player, action.reason)
        elif isinstance(action, Propose):
            self._emit_all(guidinglight.propose(self.state.proposals_made + 1, player, action))  # type: ignore[arg-type]
            self._emit_all(guidinglight.settle(self.state))
        else:
            self._emit_all(guidinglight.vote(player, action.number, action.yes))  # type: ignore[arg-type]
            self._emit_all(guidinglight.settle(self.state))
        return self.events[first:]

    def _withdraw(self, name: str, reason: str) -> None:
        """A player leaves mid-game: their turn (if it is theirs) ends, and the game goes on without them."""
        state = self.state
        turn = state.turn
        ll = state.last_licks
        was_up = turn is not None and turn.player == name
        window = turn.window if turn is not None else ()
        self._emit(ev.PlayerOut(name, reason))
        if was_up:
            self._turn_over(name)
            return
        if state.proposals:
            self._emit_all(guidinglight.settle(state))
        active = state.active
        if not active:
            self._emit(ev.GameOver(None, "no player is left in the game"))
        elif state.plain.last_player_wins and len(active) == 1:
            self._emit(ev.GameOver(active[0].name, "is the last player left in the game"))
        elif ll is not None and ll.leader == name:
            self._emit_all(lastlicks.leader_left(state))
        elif window and not turn.window:  # type: ignore[union-attr]  # they were the last to decide on the throw
            self._resolve_throw(turn)  # type: ignore[arg-type]

    def _roll(self, dice: DiceSource) -> None:
        turn = self.state.turn
        assert turn is not None
        held = turn.held
        if held is NO_CUBES:
            self._throw(turn, dice.throw(turn.commons, turn.sun))
            return
        thrown = dice.throw(turn.commons - len(held.commons), turn.sun and held.sun is None)
        self._throw(turn, Throw((*held.commons, *thrown.commons), held.sun if held.sun is not None else thrown.sun))

    def _throw(self, turn: TurnState, thrown: Throw) -> None:
        """The cubes are on the table: the throw stands, or waits for Insurance decisions."""
        state = self.state
        event = _new(_Thrown)  # ev.Thrown(turn.player, thrown): see _new
        event.player, event.throw = turn.player, thrown
        self.events.append(event)
        _thrown(state, event)
        if state.plain.insurance:
            entitled = houserules.entitled_to_cancel(state)
            if entitled:
                self._emit(ev.InsuranceWindow(turn.player, entitled))
                return
        self._resolve_throw(turn)

    def _cancel_throw(self, by: str) -> None:
        turn = self.state.turn
        assert turn is not None
        self._emit(ev.ThrowCancelled(turn.player, by, houserules.cancel_cost(self.state, by)))

    def _resolve_throw(self, turn: TurnState) -> None:
        """The throw on the table stands: void, wimpout, one scoring, or a choice for the player."""
        thrown = turn.last_throw
        assert thrown is not None
        if turn.at_once:  # a throw of the live cubes: a step of the turn, worked out the first time (engine.steps)
            try:
                step = self.state.scoring.steps[turn.clearing][id(thrown)]
            except KeyError:
                step = self._step(turn, thrown)
            kind = step.kind
            if kind is SCORE:  # _score's events, and the position their fold leads to set from the step
                player = turn.player
                events = self.events
                if step.cleared:
                    events.append(ev.FlashCleared(player, step.cleared))
                points = turn.points + step.points
                scoring = step.scoring
                event = _new(_Scored)  # ev.Scored(player, scoring, points)
                event.player, event.scoring, event.turn_points = player, scoring, points
                events.append(event)
                turn.points = points
                turn.commons, turn.sun, turn.clearing = step.commons, step.sun, step.clearing
                if step.made:
                    for face in step.made:
                        events.append(ev.FlashMade(player, face))
                    turn.clearing_throws = 0
                if step.earns is not None and self.state.plain.insurance:
                    self._emit(ev.InsuranceEarned(player, 1, step.earns))
                if step.must:
                    events.append(ev.MustThrowAll(player))
                    turn.must_throw_all = True
                self._offered_at = len(events)  # the moves that follow are known at once
                self._offered = _ROLL_ONLY if step.blocked or score_block(self.state, turn) else _ROLL_OR_STOP
                return
            if kind is WIMPOUT:
                self._wimp_out(turn, False)
                return
        self._resolve_generally(turn, thrown)

    def _resolve_generally(self, turn: TurnState, thrown: Throw) -> None:
        options = self.state.scoring.scorings(thrown, turn.clearing, turn.at_once)
        outcome = options[0].outcome
        if outcome is _VOID:
            matched = _matched(thrown, turn.clearing)
            self._emit(ev.Voided(turn.player, matched, self._held(thrown, matched)))
            self._clearing_deadline(turn)
        elif outcome is _WIMPOUT or outcome is _TRAIN_WRECK:
            self._wimp_out(turn, outcome is _TRAIN_WRECK)
        elif len(options) == 1:
            self._score(turn, options[0])
        else:
            self._emit(ev.ChoiceOffered(turn.player, options))

    def _step(self, turn: TurnState, thrown: Throw) -> Step:
        """What ``thrown`` does from where ``turn`` stands: played once by the general code on a scratch turn at the
        same position, under the same rules, and read from the events it made (``steps.read``)."""
        if not keeps(thrown):
            return GENERAL_STEP
        scratch = Game(ev.GameCreated((turn.player,), self.state.rules))
        state = scratch.state
        at = state.turn = TurnState(turn.player, commons=turn.commons, sun=turn.sun, clearing=turn.clearing)
        scratch._emit(ev.Thrown(turn.player, thrown))
        first = len(scratch.events)
        scratch._resolve_generally(at, thrown)
        table = self.state.scoring
        made = read(scratch.events[first:], at)
        step = table.steps.setdefault(turn.clearing, {})[id(thrown)] = table.same_steps.setdefault(made.same(), made)
        return step

    def _wimp_out(self, turn: TurnState, train_wreck: bool, killed: bool = False) -> None:
        event = _new(_WimpedOut)  # ev.WimpedOut(turn.player, turn.points, train_wreck, killed)
        event.player, event.points_lost, event.train_wreck, event.killed = turn.player, turn.points, train_wreck, killed
        self.events.append(event)
        _wimped_out(self.state, event)
        if train_wreck:
            self._emit_all(houserules.after_train_wreck(self.state, turn.player))
        self._turn_over(turn.player)

    def _clearing_deadline(self, turn: TurnState) -> None:
        """Kill(n) and Suspend(n): a flash not cleared in n throws wimps out, or puts the turn off (in Last Licks,
        where a lick is one turn, Suspend acts as Kill)."""
        rules = self.state.plain
        suspend = rules.suspend_throws
        if rules.kill and turn.clearing_throws >= rules.kill:
            self._wimp_out(turn, train_wreck=False, killed=True)
        elif suspend and turn.clearing_throws >= suspend:
            if self.state.last_licks is not None:
                self._wimp_out(turn, train_wreck=False, killed=True)
            else:
                self._emit(ev.TurnSuspended(turn.player))
                self._turn_over(turn.player)

    def _held(self, thrown: Throw, matched: tuple[Face, ...]) -> Throw:
        """With reroll_only_matching, the cubes of a void throw that did not match stay on the table."""
        if not self.state.plain.reroll_only_matching:
            return NO_CUBES
        sun = thrown.sun if thrown.sun is not None and thrown.sun not in matched else None
        return Throw(tuple([face for face in thrown.commons if face not in matched]), sun)

    def _score(self, turn: TurnState, scoring: Scoring) -> None:
        player = turn.player
        if turn.clearing:
            self._emit(ev.FlashCleared(player, tuple(sorted(turn.clearing))))
        event = ev.Scored(player, scoring, turn.points + scoring.points)
        self.events.append(event)
        _scored(self.state, event)
        outcome = scoring.outcome
        if outcome is _INSTANT_WIN:
            self._emit(ev.GameOver(player, "threw a freight train of 6s: instant winner"))
            return
        if outcome is _SUPERNOVA:
            self._emit(ev.PlayerOut(player, "threw a Supernova (a freight train of 10s)"))
            self._turn_over(player)
            return
        if scoring.flashes:
            for face in scoring.flashes:
                self._emit(ev.FlashMade(player, face))
        if scoring.special is not None or self.state.plain.insurance:
            earned = houserules.insurance_earned(scoring, turn.at_once, self.state.plain.insurance)
            if earned:
                self._emit(ev.InsuranceEarned(player, 1, earned))
        if turn.commons == 0 and not turn.sun:
            self._emit(ev.MustThrowAll(player))

    def _stop(self) -> None:
        state = self.state
        turn = state.turn
        assert turn is not None
        player = state.by_name[turn.player]
        before = player.score
        rules = state.plain
        filled = player.circles > 0 and turn.points >= rules.opening_minimum
        event = _new(_Banked)  # ev.Banked(player.name, turn.points, before + turn.points, filled)
        event.player, event.points, event.score = player.name, turn.points, before + turn.points
        event.circle_filled = filled
        self.events.append(event)
        _banked(state, event)
        if rules.bump or rules.eclipse == 2:
            self._emit_all(houserules.after_bank(state, player.name, before))
        self._turn_over(player.name)

    def _turn_over(self, name: str) -> None:
        """After a bank, a wimpout, a Supernova or a suspension: proposals settle, then Last Licks, the end of the
        game, or the next player's turn."""
        state = self.state
        if state.proposals:
            self._emit_all(guidinglight.settle(state, turn_ended=name))
        if state.last_licks is not None:
            if state.by_name[name].out is None:
                self._emit_all(lastlicks.after_lick(state, name))
            ll = state.last_licks
            if not ll.challengers:
                self._emit_all(lastlicks.round_over(state, ll))
            if not state.over:
                self._start_turn(state.last_licks.challengers[0])
            return
        player = state.by_name[name]
        if player.out is None and player.score >= state.plain.goal_score:  # RuleSet.goal_reached, a method call less
            self._emit_all(houserules.at_last_licks(state))
            if player.out is None:  # else Recovery Extension 2 put them out: no Last Licks, play goes on
                self._emit_all(lastlicks.start(state, name))
                challengers = state.last_licks.challengers if state.last_licks else ()
                if not challengers:
                    self._emit(ev.GameOver(name, "reached the goal with no one left to challenge"))
                else:
                    self._start_turn(challengers[0])
                return
        following = state.next_after(name)
        if following is None:
            self._emit(ev.GameOver(None, "no player is left in the game"))
        elif state.plain.last_player_wins and len(state.players) > 1 and len(state.active) == 1:
            self._emit(ev.GameOver(following, "is the last player left in the game"))
        else:
            self._start_turn(following)

    def _start_turn(self, name: str) -> None:
        """Rules adopted since the last turn began take effect now; a suspended turn resumes where it stopped.

        Proposals settle again first: what ended the turn may have put a player out (a failed Last Lick, variant D,
        Recovery Extension 2), leaving a proposal approved by everyone still in."""
        state = self.state
        if state.proposals:
            self._emit_all(guidinglight.settle(state))
        if state.adopted_rules is not None:
            self._emit(ev.RulesChanged(state.adopted_rules))
        if name in state.suspended:
            self._emit(ev.TurnResumed(name))
        else:
            event = _new(_TurnStarted)  # ev.TurnStarted(name)
            event.player = name
            self.events.append(event)
            _turn_started(state, event)
            self._offered, self._offered_at = _ROLL_ONLY, len(self.events)  # every turn begins with a throw


def _matched(thrown: Throw, clearing: frozenset[Face]) -> tuple[Face, ...]:
    """The faces that void a clearing throw: those of a flash being cleared, or, when none shows, the Flaming Sun,
    whose only values were faces being cleared (RULES.md, Full House: interpretation 2, "Reroll from Sun Match")."""
    return tuple([face for face in thrown.faces if face in clearing]) or (Face.SUN,)
