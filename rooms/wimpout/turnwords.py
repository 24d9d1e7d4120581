"""The words people type at a table, and the engine actions they mean (and back: the exact text of each legal
action, which players see as their choices and bots send as they are)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping

from engine.numbers import typed_number
from engine.wimpout import ROLL, STOP, Action, Choose, Game, Scoring, SunUse
from engine.wimpout.actions import INSURE, LET_STAND, Insure, LetStand, Propose, Roll, Stop, Vote
from engine.wimpout.houserules import OPPONENT_THROW_COST, OWN_THROW_COST
from engine.wimpout.state import Proposal
from rooms.messages import Refusal, speech
from rooms.wimpout.rulewords import leading_option

ROLL_WORDS = ("roll", "r", "throw")
STOP_WORDS = ("stop", "s", "bank")
SUN_WORDS = {SunUse.TEN: "keep sun 10", SunUse.FIVE: "keep sun 5", SunUse.REROLL: "reroll sun"}


def choice_text(scoring: Scoring) -> str:
    """``flash 4`` when the player picks the pair the sun joins, else what the sun does."""
    if scoring.sun is SunUse.FLASH or scoring.sun is None:
        return f"flash {scoring.flash.label if scoring.flash is not None else '?'}"
    return SUN_WORDS[scoring.sun]


def command_text(game: Game, player: str, action: Action) -> str:
    """The exact words that do ``action`` for ``player``."""
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, Stop):
        return "stop"
    if isinstance(action, Choose):
        return choice_text(action.scoring)
    if isinstance(action, Insure):
        thrower = game.state.current
        return f"spend {OWN_THROW_COST}" if player == thrower else f"spend {OPPONENT_THROW_COST} {thrower}"
    if isinstance(action, LetStand):
        return "pass"
    raise ValueError(f"no words for {action!r}")


def legal_commands(game: Game, player: str) -> tuple[str, ...]:
    return tuple(command_text(game, player, action) for action in game.legal_actions(player))


def parse_turn(game: Game, player: str, line: str) -> Action:
    """The action meant by a turn command (roll, stop, keep/reroll sun, flash N, spend, pass), or Refusal."""
    words = line.lower().split()
    verb = words[0] if words else ""
    if verb in ROLL_WORDS and len(words) == 1:
        return ROLL
    if verb in STOP_WORDS and len(words) == 1:
        return STOP
    if verb == "pass" and len(words) == 1:
        return LET_STAND
    if verb == "spend":
        return _spend(game, player, words[1:])
    if verb in ("keep", "reroll", "flash"):
        return _choice(game, " ".join(words))
    raise Refusal(f"'{line}' is not a move. {what_you_can_do(game, player)}")


def _choice(game: Game, said: str) -> Action:
    turn = game.state.turn
    options = turn.options if turn is not None else ()
    for option in options:
        if choice_text(option) == said:
            return Choose(option)
    if not options:
        raise Refusal("There is nothing to choose now.")
    choices = " or ".join(choice_text(option) for option in options)
    raise Refusal(f"That is not one of the ways your throw can score: {choices}.")


def _spend(game: Game, player: str, rest: list[str]) -> Action:
    thrower = game.state.current
    usage = f"Type 'spend {OWN_THROW_COST}' to cancel your own throw, or 'spend {OPPONENT_THROW_COST} <player>'."
    amount = typed_number(rest[0]) if rest else None
    if amount is None:
        raise Refusal(usage)
    if amount == OWN_THROW_COST and len(rest) == 1:
        if player != thrower:
            raise Refusal(f"It is {thrower}'s throw: 'spend {OPPONENT_THROW_COST} {thrower}' cancels it.")
        return INSURE
    if amount == OPPONENT_THROW_COST and len(rest) == 2:
        if thrower is None or rest[1] != thrower.lower():
            raise Refusal(f"Only the throw on the table can be cancelled, and it is {thrower}'s.")
        if player == thrower:
            raise Refusal(f"Your own throw costs {OWN_THROW_COST}: 'spend {OWN_THROW_COST}'.")
        return INSURE
    raise Refusal(usage)


def parse_propose(line: str) -> Propose:
    """``propose bump``, ``propose goal 300``, ``propose goal=300`` or ``propose "free text"``."""
    text = line.strip()
    if text[:1] in ('"', "'"):
        try:
            (quoted,) = shlex.split(text)
        except ValueError:
            raise Refusal('Put an honour rule in double quotes: propose "no rolling off the table".') from None
        return Propose(text=speech(quoted))  # no run of spaces to pad a fake line start with
    words = text.replace("=", " ").split()
    if not words:
        raise Refusal('Propose a rule change, e.g. \'propose bump on\', or an honour rule in quotes.')
    name, length = leading_option(words)
    value = " ".join(words[length:]) or "on"
    return Propose(name=name, value=value)


def parse_vote(proposals: Mapping[int, Proposal], line: str) -> Vote:
    """``vote yes`` (the only open proposal) or ``vote no 2``, among the open ``proposals`` (a game's, or a table's
    before its game starts)."""
    words = line.lower().split()
    if not words or words[0] not in ("yes", "no", "y", "n"):
        raise Refusal("Vote with 'vote yes' or 'vote no' (add the proposal's number if several are open).")
    yes = words[0].startswith("y")
    open_numbers = sorted(proposals)
    if len(words) > 1:
        number = typed_number(words[1])
        if number is None:
            raise Refusal(f"'{words[1]}' is not a proposal number.")
        return Vote(number, yes)
    if not open_numbers:
        raise Refusal("There is no proposal to vote on.")
    if len(open_numbers) > 1:
        listed = ", ".join(f"{n} ({proposals[n].text})" for n in open_numbers)
        raise Refusal(f"Several proposals are open: {listed}. Say which, e.g. 'vote yes {open_numbers[0]}'.")
    return Vote(open_numbers[0], yes)


def what_you_can_do(game: Game, player: str) -> str:
    commands = legal_commands(game, player)
    if commands:
        return "You can: " + ", ".join(commands) + "."
    up = game.state.current
    return f"It is {up}'s turn." if up else "The game is over."

