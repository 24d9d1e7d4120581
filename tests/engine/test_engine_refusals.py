"""Every refusal of a move, in the words a player reads (engine/wimpout/refusals.py): RULES.md "A turn"."""

from __future__ import annotations

import pytest

from engine.wimpout.actions import ROLL, STOP, Choose
from engine.wimpout.dice import LoadedDice
from engine.wimpout.game import Game, IllegalAction
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome
from support.turnplay import CLEAR_4S, ROLL_FIRST, names, opening, reroll_clause, roll, start, stop


# -- why_not: every refusal --------------------------------------------------------------------------------------------


def test_every_refusal_message() -> None:
    game = start(("Ann", "Bob", "Cy"), "10 2 3")
    assert game.why_not("Ann", STOP) == ROLL_FIRST
    assert game.legal_actions() == (ROLL,)
    assert game.why_not("Bob", ROLL) == "It is not your turn; it is Ann's."
    assert game.why_not("Zed", ROLL) == "You are not playing in this game."
    assert game.legal_actions("Bob") == ()
    with pytest.raises(IllegalAction, match="^It is not your turn; it is Ann's.$"):
        game.apply("Bob", ROLL, LoadedDice(["5 2 3 4 s6"]))
    with pytest.raises(IllegalAction, match=f"^{ROLL_FIRST}$"):
        stop(game, "Ann")
    roll(game, "Ann", "5 2 3 4 S")
    options = game.state.turn.options
    assert game.why_not("Ann", ROLL) == "First choose how your throw scores."
    bogus = Choose(type(options[0])(Outcome.SCORE, 999))
    assert game.why_not("Ann", bogus) == "That is not one of the ways your throw can score."
    with pytest.raises(IllegalAction, match="^That is not one of the ways your throw can score.$"):
        game.apply("Ann", bogus, LoadedDice([]))
    game.apply("Ann", Choose(options[0]), LoadedDice([]))
    assert game.why_not("Ann", Choose(options[0])) == "There is nothing to choose now."
    assert game.why_not("Ann", STOP) == opening(game.state.turn.points)
    roll(game, "Ann", "2 3 4")  # wimpout
    # Bob throws a Supernova and is out
    events = roll(game, "Bob", "10 10 10 10 s10")
    assert names(events) == ["Thrown", "Scored", "PlayerOut", "TurnStarted"]
    assert events[2].reason == "threw a Supernova (a freight train of 10s)"
    assert events[3].player == "Cy"
    assert game.why_not("Bob", ROLL) == "You are out of this game: you threw a Supernova (a freight train of 10s)."
    events = roll(game, "Cy", "6 6 6 6 s6")
    assert names(events) == ["Thrown", "Scored", "GameOver"]
    assert (events[2].winner, events[2].reason) == ("Cy", "threw a freight train of 6s: instant winner")
    assert game.state.over and game.state.winner == "Cy" and game.state.current is None
    assert game.why_not("Cy", ROLL) == "The game is over."
    assert game.why_not("Ann", STOP) == "The game is over."
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        roll(game, "Cy", "5 2 3 4 s6")


def test_stop_refusals_in_order_void_before_futtless() -> None:
    game = start()
    roll(game, "Ann", "4 4 4 2 s6")
    assert game.why_not("Ann", STOP) == CLEAR_4S
    roll(game, "Ann", "4 s2")
    assert game.why_not("Ann", STOP) == reroll_clause("4")


def test_starting_a_game_refusals() -> None:
    with pytest.raises(IllegalAction, match="^A game needs at least one player.$"):
        Game.start([], RuleSet(), LoadedDice([]))
    with pytest.raises(IllegalAction, match="^Each player can sit only once.$"):
        Game.start(["Ann", "Ann"], RuleSet(), LoadedDice(["2 3"]))
