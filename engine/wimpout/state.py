"""The state of a game, and ``evolve``: the one place where an event changes it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.wimpout import events as ev
from engine.wimpout.cubes import COMMON_CUBES, Face, Throw
from engine.wimpout.rules import PlainRules, RuleSet
from engine.wimpout.scoring import Scoring
from engine.wimpout.throws import ScoringTable, scoring_table

NO_CUBES = Throw(())


@dataclass(slots=True)
class PlayerState:
    name: str
    score: int = 0
    circles: int = 1
    """Open circles (Recovery's word): turns of the opening minimum still owed. The first is the Opening Roll."""
    out: str | None = None
    """Why the player left the game, or None while still in it."""
    train_wrecks: int = 0
    insurance: int = 0

    @property
    def in_game(self) -> bool:
        """Past the Opening Roll, with no circle open."""
        return self.circles == 0


@dataclass(slots=True)
class TurnState:
    player: str
    points: int = 0
    commons: int = COMMON_CUBES
    """Common cubes to throw next (the live cubes)."""
    sun: bool = True
    """Whether the sun cube is among the cubes to throw next."""
    clearing: frozenset[Face] = frozenset()
    must_throw_all: bool = False
    voided: bool = False
    held: Throw = NO_CUBES
    """reroll_only_matching: the cubes of a void throw that stay on the table, read with the next throw; they stay
    until it scores (a throw cancelled with Insurance Points is erased, and only its cubes are thrown again)."""
    options: tuple[Scoring, ...] = ()
    throws: int = 0
    last_throw: Throw | None = None
    at_once: bool = True
    """Whether the throw on the table was thrown all at once, not completed by rethrowing only the matching cubes of
    a void throw (reroll_only_matching): only a throw at once can be a Train Wreck or earn an Insurance Point."""
    clearing_throws: int = 0
    """Throws made to clear the current flash (Suspend(n) and Kill(n) count them)."""
    window: tuple[str, ...] = ()
    """Insurance: players who may still cancel the throw on the table; it waits for them."""
    cancelled: bool = False
    """The last throw was cancelled with Insurance Points: the same cubes are thrown again."""
    insurance_earned: int = 0
    """Insurance Points earned this turn (not to be spent in it)."""


@dataclass(slots=True)
class LastLicks:
    leader: str
    target: int
    """The score to pass: the leader's, also after Bump or Eclipse sent the leader back."""
    challengers: tuple[str, ...]
    """Who still gets a Last Lick against ``target``, in the order they play (the first is up)."""
    passed: tuple[str, ...] = ()
    """Variant C: who has beaten this round's target so far."""


@dataclass(slots=True)
class Proposal:
    """A Guiding Light proposal still open for votes."""

    number: int
    proposer: str
    name: str
    value: str
    text: str
    yes: tuple[str, ...]
    expires_with: str | None = None
    """Whose turn, begun after the proposal was made, ends it when it ends (see ``GameState.turn_taker``)."""


@dataclass(slots=True)
class GameState:
    rules: RuleSet
    players: list[PlayerState]
    turn: TurnState | None = None
    last_licks: LastLicks | None = None
    over: bool = False
    winner: str | None = None
    suspended: dict[str, TurnState] = field(default_factory=dict)
    """Suspend(n): turns put off, by player, until play comes back to them."""
    proposals: dict[int, Proposal] = field(default_factory=dict)
    proposals_made: int = 0
    adopted_rules: RuleSet | None = None
    """Rules adopted during a turn, in force from the start of the next one."""
    thrown_yet: bool = False
    """Whether any cube has been thrown in the game (before that, adopted rules take effect at once)."""
    plain: PlainRules = field(init=False, repr=False, compare=False)
    """``rules`` as plain values (``RuleSet.plain``): what the engine reads during play."""
    scoring: ScoringTable = field(init=False, repr=False, compare=False)
    """How throws score under ``rules`` (``engine.throws``)."""
    by_name: dict[str, PlayerState] = field(default_factory=dict, repr=False, compare=False)
    """The players by name (``player(name)`` without the call, where the engine looks one up on every move)."""
    _after: dict[str, tuple[PlayerState, ...]] = field(default_factory=dict, repr=False, compare=False)
    """By player: everyone in seating order from the next seat round to the player's own (the seats never change)."""

    def __post_init__(self) -> None:
        _in_force(self, self.rules)
        players = self.players
        self.by_name.update((p.name, p) for p in players)
        self._after.update((p.name, (*players[seat + 1 :], *players[: seat + 1])) for seat, p in enumerate(players))

    def player(self, name: str) -> PlayerState:
        return self.by_name[name]

    def has_player(self, name: str) -> bool:
        return name in self.by_name

    def seat_order_after(self, name: str) -> tuple[str, ...]:
        """The other players still in the game, in seating order starting after ``name``."""
        return tuple([p.name for p in self._after[name][:-1] if p.out is None])

    def turn_taker(self, name: str) -> str | None:
        """Who plays the turns of ``name``'s seat: ``name`` while in the game, else the next player still in."""
        return name if self.by_name[name].out is None else self.next_after(name)

    def next_after(self, name: str) -> str | None:
        """Whose turn follows ``name``'s outside Last Licks (``name`` again when playing alone), None if no one's."""
        for candidate in self._after[name]:
            if candidate.out is None:
                return candidate.name
        return None

    @property
    def active(self) -> list[PlayerState]:
        """Players still in the game, in seating order."""
        return [p for p in self.players if p.out is None]

    @property
    def current(self) -> str | None:
        return None if self.over or self.turn is None else self.turn.player


def new_state(created: ev.GameCreated) -> GameState:
    return GameState(rules=created.rules, players=[PlayerState(name) for name in created.players])


def fold(events: list[ev.Event]) -> GameState:
    """Rebuild a game's state from its events alone."""
    if not events or not isinstance(events[0], ev.GameCreated):
        raise ValueError("a game's events begin with GameCreated")
    state = new_state(events[0])
    for event in events[1:]:
        evolve(state, event)
    return state


def evolve(state: GameState, event: ev.Event) -> None:
    """Fold one event into the state, in place."""
    REDUCERS[type(event)](state, event)


def _nothing(state: GameState, event: ev.Event) -> None:
    """Events that only tell (the roll-off, a choice offered) and change nothing a rule reads."""


def _game_created(state: GameState, event: ev.GameCreated) -> None:
    raise ValueError("GameCreated can only be a game's first event")


def _turn_started(state: GameState, event: ev.TurnStarted) -> None:
    state.turn = TurnState(event.player)
    if state.proposals:
        _proposals_turn_begins(state, event.player)


def _turn_resumed(state: GameState, event: ev.TurnResumed) -> None:
    turn = state.suspended.pop(event.player)
    turn.clearing_throws = 0
    turn.voided = False
    state.turn = turn
    _proposals_turn_begins(state, event.player)


def _proposals_turn_begins(state: GameState, player: str) -> None:
    """A proposal lives until the end of its proposer's next turn, or (once they are out) of their seat's next turn."""
    for proposal in state.proposals.values():
        if proposal.expires_with is None and state.turn_taker(proposal.proposer) == player:
            proposal.expires_with = player


def _turn_suspended(state: GameState, event: ev.TurnSuspended) -> None:
    state.suspended[event.player] = state.turn  # type: ignore[assignment]
    state.turn = None


def _thrown(state: GameState, event: ev.Thrown) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.throws += 1
    turn.last_throw = event.throw
    turn.must_throw_all = turn.voided = turn.cancelled = False
    state.thrown_yet = True
    if turn.clearing:
        turn.clearing_throws += 1
    turn.at_once = turn.held is NO_CUBES


def _voided(state: GameState, event: ev.Voided) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.voided = True
    # No cube stays on the table (every cube matched, or the Reroll Clause rethrows them all) is NO_CUBES, the identity
    # ``_thrown`` and the roll check: also for an event read back from storage, whose empty ``held`` is a copy.
    turn.held = event.held if len(event.held) else NO_CUBES


def _choice_offered(state: GameState, event: ev.ChoiceOffered) -> None:
    state.turn.options = event.options  # type: ignore[union-attr]


def _flash_cleared(state: GameState, event: ev.FlashCleared) -> None:
    state.turn.clearing = frozenset()  # type: ignore[union-attr]


def _scored(state: GameState, event: ev.Scored) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    kept = event.scoring.kept
    turn.points = event.turn_points
    turn.commons -= len(kept.commons)
    turn.sun = turn.sun and kept.sun is None
    turn.options = ()
    turn.held = NO_CUBES


def _flash_made(state: GameState, event: ev.FlashMade) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.clearing = turn.clearing | {event.face}
    turn.clearing_throws = 0


def _must_throw_all(state: GameState, event: ev.MustThrowAll) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.commons, turn.sun, turn.must_throw_all = COMMON_CUBES, True, True


def _wimped_out(state: GameState, event: ev.WimpedOut) -> None:
    if event.train_wreck:
        state.player(event.player).train_wrecks += 1
    state.turn = None


def _banked(state: GameState, event: ev.Banked) -> None:
    player = state.by_name[event.player]
    player.score = event.score
    if event.circle_filled:
        player.circles -= 1
    state.turn = None


def _player_out(state: GameState, event: ev.PlayerOut) -> None:
    state.player(event.player).out = event.reason
    state.suspended.pop(event.player, None)
    turn = state.turn
    if turn is not None:
        if turn.player == event.player:
            state.turn = None
        elif event.player in turn.window:
            turn.window = tuple(name for name in turn.window if name != event.player)
    ll = state.last_licks
    if ll is not None:
        ll.challengers = tuple(name for name in ll.challengers if name != event.player)
        ll.passed = tuple(name for name in ll.passed if name != event.player)


def _last_licks_started(state: GameState, event: ev.LastLicksStarted) -> None:
    state.last_licks = LastLicks(event.leader, event.target, event.challengers)


def _last_lick_ended(state: GameState, event: ev.LastLickEnded) -> None:
    ll = state.last_licks
    assert ll is not None
    ll.challengers = tuple(name for name in ll.challengers if name != event.player)
    if event.passed:
        ll.passed = (*ll.passed, event.player)


def _leader_changed(state: GameState, event: ev.LeaderChanged) -> None:
    state.last_licks = LastLicks(event.leader, event.target, event.challengers)


def _insurance_earned(state: GameState, event: ev.InsuranceEarned) -> None:
    state.player(event.player).insurance += event.points
    if state.turn is not None and state.turn.player == event.player:
        state.turn.insurance_earned += event.points


def _insurance_window(state: GameState, event: ev.InsuranceWindow) -> None:
    state.turn.window = event.entitled  # type: ignore[union-attr]


def _insurance_passed(state: GameState, event: ev.InsurancePassed) -> None:
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.window = tuple(name for name in turn.window if name != event.player)


def _insurance_window_closed(state: GameState, event: ev.InsuranceWindowClosed) -> None:
    state.turn.window = ()  # type: ignore[union-attr]


def _throw_cancelled(state: GameState, event: ev.ThrowCancelled) -> None:
    state.player(event.by).insurance -= event.cost
    turn: TurnState = state.turn  # type: ignore[assignment]  # a turn event comes during a turn
    turn.window = ()
    turn.cancelled = True
    turn.last_throw = None
    if turn.clearing:
        turn.clearing_throws -= 1


def _bumped(state: GameState, event: ev.Bumped) -> None:
    _sent_back(state, event.player, event.score)


def _eclipsed(state: GameState, event: ev.Eclipsed) -> None:
    _sent_back(state, event.player, event.score)


def _sent_back(state: GameState, player: str, score: int) -> None:
    """Bump or Eclipse moved a player back; a Last Licks leader so moved is passed at the new score (RULES.md)."""
    state.player(player).score = score
    ll = state.last_licks
    if ll is not None and ll.leader == player:
        ll.target = score


def _circle_added(state: GameState, event: ev.CircleAdded) -> None:
    state.player(event.player).circles = event.circles


ProposalEvent = ev.ProposalMade | ev.VoteCast | ev.ProposalAdopted | ev.ProposalDefeated


def record_proposal(proposals: dict[int, Proposal], event: ProposalEvent) -> None:
    """The open proposals after one Guiding Light event: a game's, or a table's before its game starts."""
    if isinstance(event, ev.ProposalMade):
        proposals[event.number] = Proposal(
            event.number, event.proposer, event.name, event.value, event.text, (event.proposer,)
        )
    elif isinstance(event, ev.VoteCast):
        proposal = proposals[event.number]
        if event.yes:
            proposal.yes = (*proposal.yes, event.player)
    else:
        del proposals[event.number]


def _proposal_made(state: GameState, event: ev.ProposalMade) -> None:
    state.proposals_made = event.number
    record_proposal(state.proposals, event)


def _proposal_event(state: GameState, event: ev.VoteCast | ev.ProposalDefeated) -> None:
    record_proposal(state.proposals, event)


def _proposal_adopted(state: GameState, event: ev.ProposalAdopted) -> None:
    record_proposal(state.proposals, event)
    state.adopted_rules = event.rules


def _rules_changed(state: GameState, event: ev.RulesChanged) -> None:
    _in_force(state, event.rules)
    state.adopted_rules = None


def _in_force(state: GameState, rules: RuleSet) -> None:
    """``rules`` take effect, with what the engine derives from them once."""
    state.rules = rules
    state.plain = rules.plain
    state.scoring = scoring_table(rules)


def _game_over(state: GameState, event: ev.GameOver) -> None:
    state.over = True
    state.winner = event.winner
    state.turn = None


REDUCERS: dict[type, Callable[[GameState, Any], None]] = {
    ev.GameCreated: _game_created,
    ev.RollOff: _nothing,
    ev.TurnStarted: _turn_started,
    ev.Thrown: _thrown,
    ev.Voided: _voided,
    ev.ChoiceOffered: _choice_offered,
    ev.FlashCleared: _flash_cleared,
    ev.Scored: _scored,
    ev.FlashMade: _flash_made,
    ev.MustThrowAll: _must_throw_all,
    ev.WimpedOut: _wimped_out,
    ev.Banked: _banked,
    ev.PlayerOut: _player_out,
    ev.LastLicksStarted: _last_licks_started,
    ev.LastLickEnded: _last_lick_ended,
    ev.LeaderChanged: _leader_changed,
    ev.TurnSuspended: _turn_suspended,
    ev.TurnResumed: _turn_resumed,
    ev.InsuranceEarned: _insurance_earned,
    ev.InsuranceWindow: _insurance_window,
    ev.InsurancePassed: _insurance_passed,
    ev.InsuranceWindowClosed: _insurance_window_closed,
    ev.ThrowCancelled: _throw_cancelled,
    ev.Bumped: _bumped,
    ev.Eclipsed: _eclipsed,
    ev.CircleAdded: _circle_added,
    ev.ProposalMade: _proposal_made,
    ev.VoteCast: _proposal_event,
    ev.ProposalAdopted: _proposal_adopted,
    ev.ProposalDefeated: _proposal_event,
    ev.RulesChanged: _rules_changed,
    ev.GameOver: _game_over,
}
