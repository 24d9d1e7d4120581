"""The turn state machine with scripted cubes: RULES.md "A turn" and "Starting, order, goal"."""

from __future__ import annotations

import pytest

from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP, Choose
from engine.wimpout.cubes import Face, parse_throw
from engine.wimpout.dice import DiceExhausted, LoadedDice
from engine.wimpout.game import Game, IllegalAction
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, SunUse

from support.turnplay import CLEAR_4S, ROLL_FIRST, YMNWTBYM, names, opening, reroll_clause, roll, start, stop


# -- the Imaginary Roll of the official rules (002_), step by step -----------------------------------------------------


def test_the_imaginary_roll_step_by_step() -> None:
    dice = LoadedDice(["10 2", "4 4 4 4 s5", "4", "10", "6 6 2 3 S", "6 3", "5 10", "2 2 3 4 s6"])
    game = Game.start(["Ann", "Bob"], RuleSet(), dice)
    assert game.state.current == "Ann"

    # 4 4 4 4 + a 5: "That's 45 points - the fourth matching face is non-scoring."
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "Scored", "FlashMade"]
    assert events[0].throw == parse_throw("4 4 4 4 s5")
    assert (events[1].scoring.points, events[1].turn_points, events[2].face) == (45, 45, Face.FOUR)
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun, turn.clearing) == (45, 1, False, frozenset({Face.FOUR}))
    # "According to the Futless Rule you must roll the non-scoring cube."
    assert game.why_not("Ann", STOP) == CLEAR_4S
    assert game.legal_actions() == (ROLL,)

    # "If you roll a four, the Reroll Clause says you must reroll that cube."
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "Voided"]
    assert events[1].matched == (Face.FOUR,)
    assert game.state.turn.voided and game.state.turn.points == 45 and game.state.turn.commons == 1
    assert game.why_not("Ann", STOP) == reroll_clause("4")

    # "Say you roll a ten, that would give you 55 points. ... you Must roll all five dice."
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "FlashCleared", "Scored", "MustThrowAll"]
    assert events[1].faces == (Face.FOUR,)
    assert events[2].turn_points == 55
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun, turn.clearing, turn.must_throw_all) == (55, 4, True, frozenset(), True)
    assert game.why_not("Ann", STOP) == YMNWTBYM

    # "The Flaming Sun Rule says you have to make this a 60 point flash"
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "Scored", "FlashMade"]
    assert (events[1].scoring.points, events[1].scoring.sun, events[2].face) == (60, SunUse.FLASH, Face.SIX)
    assert events[1].scoring.kept == parse_throw("6 6 S")
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun) == (115, 2, False)  # the two and the three are thrown again
    assert game.why_not("Ann", STOP) == "You must clear your flash of 6s before you can stop."

    # "... (without rolling a six - reroll clause)"
    assert names(game.apply("Ann", ROLL, dice)) == ["Thrown", "Voided"]
    assert game.why_not("Ann", STOP) == reroll_clause("6")

    # "Say you roll a five and a ten - that would give you 75 points - but you must roll them all again"
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "FlashCleared", "Scored", "MustThrowAll"]
    assert events[2].scoring.points == 15
    assert events[2].turn_points == 130  # 75 for this flash and its clearing, on top of the 55 that stayed
    assert game.why_not("Ann", STOP) == YMNWTBYM

    # "This Cosmic Wimpout is a classic Train Wreck and you lose all your points for the turn."
    events = game.apply("Ann", ROLL, dice)
    assert names(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert (events[1].player, events[1].points_lost, events[1].train_wreck) == ("Ann", 130, True)
    assert events[2].player == "Bob"
    ann = game.state.player("Ann")
    assert (ann.score, ann.train_wrecks, ann.in_game) == (0, 1, False)
    assert dice.remaining == 0


# -- opening minimum -------------------------------------------------------------------------------------------------


def test_opening_minimum_must_be_reached_in_one_turn() -> None:
    game = start()
    roll(game, "Ann", "10 10 5 3 s6")
    assert game.state.turn.points == 25
    assert game.why_not("Ann", STOP) == opening(25)
    assert game.legal_actions("Ann") == (ROLL,)
    with pytest.raises(IllegalAction, match="^You need 35 points in one turn to get in the game; you have 25 so far.$"):
        stop(game, "Ann")
    roll(game, "Ann", "10 s2")
    assert game.state.turn.points == 35
    assert game.why_not("Ann", STOP) is None
    assert set(game.legal_actions("Ann")) == {ROLL, STOP}
    events = stop(game, "Ann")
    assert names(events) == ["Banked", "TurnStarted"]
    assert (events[0].player, events[0].points, events[0].score) == ("Ann", 35, 35)
    assert game.state.player("Ann").in_game

    # Bob wrecks; once in, Ann may bank 5.
    roll(game, "Bob", "2 2 3 4 s6")
    roll(game, "Ann", "5 2 3 4 s6")
    assert game.why_not("Ann", STOP) is None
    events = stop(game, "Ann")
    assert (events[0].points, events[0].score) == (5, 40)


def test_a_player_not_in_who_wimps_out_is_still_not_in() -> None:
    game = start()
    roll(game, "Ann", "10 10 5 3 s6")
    roll(game, "Ann", "2 s2")
    assert not game.state.player("Ann").in_game
    roll(game, "Bob", "2 2 3 4 s6")
    roll(game, "Ann", "10 10 2 3 s6")
    assert game.why_not("Ann", STOP) == opening(20)


@pytest.mark.parametrize(("minimum", "points", "allowed"), [(0, 5, True), (50, 45, False), (50, 60, True)])
def test_option_opening_minimum(minimum: int, points: int, allowed: bool) -> None:
    game = start(opening_minimum=minimum)
    throws = {5: ["5 2 3 4 s6"], 45: ["4 4 4 2 s6", "5 s2"], 60: ["5 5 5 2 s6", "10 s2"]}[points]
    for throw in throws:
        roll(game, "Ann", throw)
    assert game.state.turn.points == points
    assert game.why_not("Ann", STOP) == (None if allowed else opening(points, minimum))


# -- You May Not Want To But You Must ---------------------------------------------------------------------------------


def test_ymnwtbym_over_several_throws_without_a_flash() -> None:
    game = start()
    roll(game, "Ann", "10 5 2 3 s6")
    assert (game.state.turn.points, game.state.turn.commons, game.state.turn.sun) == (15, 2, True)
    roll(game, "Ann", "10 5 s2")
    assert (game.state.turn.points, game.state.turn.commons, game.state.turn.sun) == (30, 0, True)
    events = roll(game, "Ann", "s10")
    assert names(events) == ["Thrown", "Scored", "MustThrowAll"]
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun, turn.must_throw_all) == (40, 4, True, True)
    assert game.why_not("Ann", STOP) == YMNWTBYM
    assert game.legal_actions() == (ROLL,)
    events = roll(game, "Ann", "5 2 3 4 s6")  # five cubes are thrown: a 4-cube line would not match
    assert game.state.turn.points == 45 and not game.state.turn.must_throw_all
    assert game.why_not("Ann", STOP) is None
    assert stop(game, "Ann")[0].score == 45


def test_ymnwtbym_all_five_thrown_again_can_train_wreck_and_lose_everything() -> None:
    game = start()
    roll(game, "Ann", "10 10 5 5 s6")
    roll(game, "Ann", "s10")
    with pytest.raises(DiceExhausted):
        roll(game, "Ann", "2 3")  # the game asks for all five cubes
    events = roll(game, "Ann", "2 3 4 6 s2")
    assert names(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert (events[1].points_lost, events[1].train_wreck) == (40, True)


def test_a_freight_train_sets_all_five_aside_so_all_five_are_thrown_again() -> None:
    game = start()
    events = roll(game, "Ann", "2 2 2 2 s2")
    assert names(events) == ["Thrown", "Scored", "MustThrowAll"]
    assert (events[1].scoring.outcome, events[1].turn_points) == (Outcome.FREIGHT_TRAIN, 200)
    assert game.why_not("Ann", STOP) == YMNWTBYM


# -- a flash that uses the last cubes: YMNWTBYM and the Futtless Rule together ------------------------------------------


def test_a_flash_with_the_last_cubes_must_be_cleared_with_all_five() -> None:
    game = start()
    roll(game, "Ann", "10 5 2 3 s6")
    events = roll(game, "Ann", "6 6 s6")
    assert names(events) == ["Thrown", "Scored", "FlashMade", "MustThrowAll"]
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun, turn.clearing, turn.must_throw_all) == (
        75, 4, True, frozenset({Face.SIX}), True,
    )
    assert game.why_not("Ann", STOP) == "You must clear your flash of 6s before you can stop."
    events = roll(game, "Ann", "6 2 3 4 s2")  # a 6 among all five: void, all five again
    assert names(events) == ["Thrown", "Voided"]
    assert (game.state.turn.commons, game.state.turn.sun) == (4, True)
    events = roll(game, "Ann", "2 2 3 4 s5")
    assert names(events) == ["Thrown", "FlashCleared", "Scored"]
    assert (events[2].turn_points, game.state.turn.commons, game.state.turn.sun) == (80, 4, False)
    assert game.why_not("Ann", STOP) is None
    assert stop(game, "Ann")[0].score == 80


def test_a_flash_with_the_last_cubes_then_a_wreck_while_clearing_is_a_train_wreck() -> None:
    game = start()
    roll(game, "Ann", "4 4 4 5 s10")
    assert game.state.turn.clearing == frozenset({Face.FOUR}) and game.state.turn.must_throw_all
    events = roll(game, "Ann", "2 3 6 6 s2")
    assert names(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert (events[1].points_lost, events[1].train_wreck) == (55, True)
    assert game.state.player("Ann").train_wrecks == 1


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


# -- the roll-off and the order of play ---------------------------------------------------------------------------------


def test_roll_off_highest_starts_ten_is_highest() -> None:
    game = Game.start(["Ann", "Bob", "Cy"], RuleSet(), LoadedDice(["6 10 5"]))
    assert names(game.events) == ["GameCreated", "RollOff", "TurnStarted"]
    assert game.events[1].throws == (("Ann", Face.SIX), ("Bob", Face.TEN), ("Cy", Face.FIVE))
    assert game.state.current == "Bob"


def test_roll_off_ties_for_highest_throw_again_only_the_tied() -> None:
    dice = LoadedDice(["6 6 2 6", "4 4 3", "5 10"])
    game = Game.start(["Ann", "Bob", "Cy", "Di"], RuleSet(), dice)
    rolloffs = [e for e in game.events if isinstance(e, ev.RollOff)]
    assert [tuple(name for name, _ in r.throws) for r in rolloffs] == [
        ("Ann", "Bob", "Cy", "Di"), ("Ann", "Bob", "Di"), ("Ann", "Bob"),
    ]
    assert game.state.current == "Bob"
    assert dice.remaining == 0


def test_a_lower_tie_does_not_throw_again() -> None:
    dice = LoadedDice(["2 2 5"])
    game = Game.start(["Ann", "Bob", "Cy"], RuleSet(), dice)
    assert game.state.current == "Cy" and dice.remaining == 0


def test_one_player_needs_no_roll_off() -> None:
    game = Game.start(["Ann"], RuleSet(), LoadedDice([]))
    assert names(game.events) == ["GameCreated", "TurnStarted"] and game.state.current == "Ann"
    roll(game, "Ann", "2 2 3 4 s6")
    assert game.state.current == "Ann"


def test_play_goes_round_the_table_in_seating_order_from_the_starter() -> None:
    game = start(("Ann", "Bob", "Cy"), "2 3 10")
    order = []
    for _ in range(4):
        order.append(game.state.current)
        roll(game, game.state.current, "2 2 3 4 s6")
    assert order == ["Cy", "Ann", "Bob", "Cy"]
    assert [p.train_wrecks for p in game.state.players] == [1, 1, 2]


def test_supernova_player_leaves_and_play_skips_them() -> None:
    game = start(("Ann", "Bob", "Cy"), "10 2 3")
    roll(game, "Ann", "10 10 5 5 s6")
    roll(game, "Ann", "s5")
    roll(game, "Ann", "10 10 10 10 s10")
    assert game.state.player("Ann").out is not None and game.state.player("Ann").score == 0
    roll(game, "Bob", "2 2 3 4 s6")
    roll(game, "Cy", "2 2 3 4 s6")
    assert game.state.current == "Bob"


def test_loaded_dice_refuse_a_throw_of_the_wrong_cubes() -> None:
    dice = LoadedDice(["4 4", "4 s2"])
    with pytest.raises(DiceExhausted, match="is not 1 common cube"):
        dice.throw(1, False)
    assert dice.throw(2, False) == parse_throw("4 4")
    with pytest.raises(DiceExhausted):
        dice.throw(1, False)
    assert dice.throw(1, True) == parse_throw("4 s2")
    with pytest.raises(DiceExhausted, match="no throw left"):
        dice.throw(1, True)
