"""Why a player may not do an action now, in words for them: the turn's order, the seat, and each rule that forbids
stopping (RULES.md, "A turn"). ``Game.why_not`` and its legal actions read these; none changes the state."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from engine.wimpout import guidinglight, houserules
from engine.wimpout.actions import Action, Choose, CloseWindow, Insure, LetStand, Propose, Roll, Stop, Withdraw
from engine.wimpout.cubes import Face
from engine.wimpout.state import GameState, TurnState


class StopBlock(Enum):
    """Why a player may not stop now."""

    NOT_THROWN = "not_thrown"
    VOIDED = "voided"
    CANCELLED = "cancelled"
    FUTTLESS = "futtless"
    YMNWTBYM = "ymnwtbym"
    OPENING = "opening"
    ECLIPSE = "eclipse"


_NOT_THROWN, _VOIDED, _CANCELLED, _FUTTLESS, _YMNWTBYM, _OPENING, _ECLIPSE = StopBlock
"""Bound once too: ``legal_actions`` reads one whenever stopping is blocked."""
_TURN_ACTIONS = (Roll, Stop, Choose)


def faces_text(faces: Sequence[Face] | frozenset[Face]) -> str:
    return " and ".join(f"{face.label}s" for face in sorted(faces))


def why_not(state: GameState, player: str | None, action: Action) -> str | None:
    """None if ``player`` may do ``action`` now, otherwise the reason, as the player should read it.

    ``player`` is None for the table itself (the server), which may only close an Insurance window.
    """
    turn = state.turn
    if isinstance(action, _TURN_ACTIONS):
        if turn is None or player != turn.player or state.over:
            return not_your_turn(state, player)
        if turn.window:
            return "Wait: players may still spend Insurance Points to cancel your throw."
        if isinstance(action, Choose):
            if not turn.options:
                return "There is nothing to choose now."
            if action.scoring not in turn.options:
                return "That is not one of the ways your throw can score."
            return None
        if turn.options:
            return "First choose how your throw scores."
        if isinstance(action, Stop):
            block = stop_block(state, turn)
            return None if block is None else stop_message(state, block, turn)
        return None
    if isinstance(action, CloseWindow):
        if state.over or turn is None or not turn.window:
            return "No throw is waiting for Insurance decisions."
        return None
    if isinstance(action, Withdraw):
        if player is not None and player != action.player:
            return "Only the table can remove another player."
        return player_refusal(state, action.player)
    if isinstance(action, Propose):  # RULES.md: a seated player who is out may still propose (not vote)
        return seat_refusal(state, player) or guidinglight.proposal_refusal(
            guidinglight.base(state), state.proposals, action)
    refusal = player_refusal(state, player)
    if refusal is not None:
        return refusal
    assert player is not None
    if isinstance(action, (Insure, LetStand)):
        return houserules.insurance_refusal(state, player)
    return guidinglight.vote_refusal(state.proposals, player, action.number)


def seat_refusal(state: GameState, player: str | None) -> str | None:
    """Why ``player`` cannot take part in the game at all: it is over, or they have no seat in it."""
    if state.over:
        return "The game is over."
    if player is None or not state.has_player(player):
        return "You are not playing in this game."
    return None


def player_refusal(state: GameState, player: str | None) -> str | None:
    refusal = seat_refusal(state, player)
    if refusal is not None:
        return refusal
    assert player is not None
    if state.player(player).out is not None:
        return f"You are out of this game: you {state.player(player).out}."
    return None


def not_your_turn(state: GameState, player: str | None) -> str:
    return player_refusal(state, player) or f"It is not your turn; it is {state.current}'s."


def stop_block(state: GameState, turn: TurnState) -> StopBlock | None:
    """The rule that forbids stopping now (RULES.md, "A turn"), most pressing first; None if stopping is allowed."""
    block = position_block(turn)
    return block if block is not None else score_block(state, turn)


def position_block(turn: TurnState) -> StopBlock | None:
    """What forbids stopping where the turn stands, whatever its points: a throw still owed."""
    if turn.throws == 0:
        return _NOT_THROWN
    if turn.voided:
        return _VOIDED
    if turn.cancelled:
        return _CANCELLED
    if turn.clearing:
        return _FUTTLESS
    if turn.must_throw_all:
        return _YMNWTBYM
    return None


def score_block(state: GameState, turn: TurnState) -> StopBlock | None:
    """What forbids stopping with the turn's points: the opening minimum, or a landing Eclipse forbids."""
    rules = state.plain
    player = state.by_name[turn.player]
    if player.circles and turn.points < rules.opening_minimum:
        return _OPENING
    if rules.eclipse and houserules.eclipse_refusal(state, player.name, player.score + turn.points):
        return _ECLIPSE
    return None


def stop_message(state: GameState, block: StopBlock, turn: TurnState) -> str:
    if block is StopBlock.NOT_THROWN:
        return "Every turn begins by throwing all five cubes: roll first."
    if block is StopBlock.VOIDED:
        return (
            f"Your throw matched the flash of {faces_text(turn.clearing)} you are clearing, so it does not count"
            " (the Reroll Clause): throw those cubes again."
        )
    if block is StopBlock.CANCELLED:
        return "Your throw was cancelled with Insurance Points: throw those cubes again."
    if block is StopBlock.FUTTLESS:
        return f"You must clear your flash of {faces_text(turn.clearing)} before you can stop."
    if block is StopBlock.YMNWTBYM:
        return "All five cubes have scored: you may not want to, but you must throw all five again."
    player = state.player(turn.player)
    if block is StopBlock.ECLIPSE:
        refusal = houserules.eclipse_refusal(state, player.name, player.score + turn.points)
        assert refusal is not None
        return refusal
    rules = state.plain
    minimum = rules.opening_minimum
    if rules.recovery:
        return (
            f"You have {player.circles} open circle(s) (Recovery): you need {minimum} points in this turn to"
            f" stop; you have {turn.points} so far."
        )
    return f"You need {minimum} points in one turn to get in the game; you have {turn.points} so far."
