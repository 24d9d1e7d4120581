"""Rethrows with scripted cubes: the Reroll Clause (void throws, reroll_only_matching), a new flash while clearing, and
the choices a throw offers (RULES.md "A turn")."""

from __future__ import annotations

import pytest

from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP, Choose
from engine.wimpout.cubes import Face, Throw, parse_throw
from engine.wimpout.dice import DiceExhausted, LoadedDice
from engine.wimpout.scoring import Outcome, SunUse

from support.turnplay import names, roll, scored, start, stop


# -- the Reroll Clause ------------------------------------------------------------------------------------------------


def test_void_throws_are_rethrown_and_never_wimp_out() -> None:
    game = start()
    roll(game, "Ann", "4 4 2 3 S")  # flash of 4s with the sun, two cubes left
    assert (game.state.turn.points, game.state.turn.commons, game.state.turn.sun) == (40, 2, False)
    for void in ("4 4", "4 2", "3 4"):  # "4 2" and "3 4" would be wimpouts if they counted
        events = roll(game, "Ann", void)
        assert names(events) == ["Thrown", "Voided"]
        assert game.state.turn.points == 40 and game.state.turn.commons == 2
        assert game.state.turn.held == Throw(())
        assert game.legal_actions() == (ROLL,)
    events = roll(game, "Ann", "2 3")
    assert names(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert (events[1].points_lost, events[1].train_wreck) == (40, False)
    assert game.state.player("Ann").train_wrecks == 0


def test_a_sun_cube_showing_the_flash_number_voids_the_throw() -> None:
    game = start()
    roll(game, "Ann", "4 4 4 2 s6")
    assert (game.state.turn.commons, game.state.turn.sun) == (1, True)
    events = roll(game, "Ann", "5 s4")
    assert names(events) == ["Thrown", "Voided"]
    assert events[1].matched == (Face.FOUR,)


def test_option_reroll_only_matching_keeps_the_other_cubes_on_the_table() -> None:
    game = start(reroll_only_matching=True)
    roll(game, "Ann", "4 4 2 3 S")
    events = roll(game, "Ann", "4 2")
    assert names(events) == ["Thrown", "Voided"]
    assert events[1].held == parse_throw("2")
    assert game.state.turn.held == parse_throw("2")
    with pytest.raises(DiceExhausted):
        roll(game, "Ann", "5 2")  # only the matching cube is thrown again
    events = roll(game, "Ann", "5")
    assert names(events) == ["Thrown", "FlashCleared", "Scored"]
    assert events[0].throw == parse_throw("2 5")
    assert events[2].turn_points == 45
    assert game.state.turn.held == Throw(())


def test_option_reroll_only_matching_holds_the_sun_cube_when_it_did_not_match() -> None:
    game = start(reroll_only_matching=True)
    roll(game, "Ann", "4 4 4 2 s6")
    events = roll(game, "Ann", "4 S")
    assert events[1].held == parse_throw("S")
    events = roll(game, "Ann", "2")
    assert names(events) == ["Thrown", "ChoiceOffered"]
    assert events[0].throw == parse_throw("2 S")
    assert {o.points for o in events[1].options} == {5, 10}  # the sun is the only scorer: it must score


# RULES.md, reroll_only_matching: a Freight Train, a Sampler, a Train Wreck and an Insurance Point need five cubes
# thrown at once; a result completed by rethrowing the matching cubes is never one of them.


def test_option_reroll_only_matching_five_6s_completed_by_a_rethrow_are_a_flash_not_an_instant_win() -> None:
    game = start(reroll_only_matching=True)
    roll(game, "Ann", "5 5 5 10 s10")  # 70, all five set aside: throw all five again, clearing 5s
    assert names(roll(game, "Ann", "6 6 6 5 s6")) == ["Thrown", "Voided"]
    events = roll(game, "Ann", "6")
    assert names(events) == ["Thrown", "FlashCleared", "Scored", "FlashMade"]
    assert events[0].throw == parse_throw("6 6 6 6 s6")
    assert (events[2].scoring.outcome, events[2].scoring.points, events[2].turn_points) == (Outcome.SCORE, 60, 130)
    assert len(events[2].scoring.kept) == 3 and not game.is_over  # two 6s are non-scoring, thrown again
    assert (game.state.turn.commons, game.state.turn.sun) == (1, True)


def test_option_reroll_only_matching_five_10s_completed_by_a_rethrow_are_no_supernova() -> None:
    game = start(reroll_only_matching=True)
    roll(game, "Ann", "4 4 4 5 s10")  # 55, all five set aside, clearing 4s
    roll(game, "Ann", "10 10 10 4 s10")
    events = roll(game, "Ann", "10")
    assert (events[2].scoring.outcome, events[2].scoring.points) == (Outcome.SCORE, 100)  # the other two: nothing
    assert game.state.player("Ann").out is None


def test_option_reroll_only_matching_a_rethrow_that_wimps_out_is_no_train_wreck() -> None:
    game = start(reroll_only_matching=True, ntw=1)
    roll(game, "Ann", "4 4 4 5 s10")
    roll(game, "Ann", "4 2 3 6 s2")
    events = roll(game, "Ann", "3")
    assert names(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert events[1] == ev.WimpedOut("Ann", 55, False)
    assert game.state.player("Ann").out is None and game.state.player("Ann").train_wrecks == 0


def test_option_reroll_only_matching_five_scoring_cubes_completed_by_a_rethrow_earn_no_insurance_point() -> None:
    game = start(reroll_only_matching=True, insurance=True)
    roll(game, "Ann", "6 6 6 5 s5")  # 70, all five set aside, clearing 6s (an Insurance Point, five at once)
    assert game.state.player("Ann").insurance == 1
    roll(game, "Ann", "5 5 10 6 s10")
    events = roll(game, "Ann", "10")
    assert events[0].throw == parse_throw("5 5 10 10 s10")
    assert scored(events).scoring.points == 110 and len(scored(events).scoring.kept) == 5
    assert not [e for e in events if isinstance(e, ev.InsuranceEarned)]
    assert game.state.player("Ann").insurance == 1


def test_option_reroll_only_matching_a_full_house_completed_by_a_rethrow_earns_no_insurance_point() -> None:
    game = start(reroll_only_matching=True, full_house=True)
    roll(game, "Ann", "4 4 4 5 s10")
    roll(game, "Ann", "2 2 6 4 S")
    events = roll(game, "Ann", "6")
    assert scored(events).scoring.points == 80 and scored(events).scoring.flashes == (Face.TWO, Face.SIX)
    assert not [e for e in events if isinstance(e, ev.InsuranceEarned)]


def test_five_at_once_while_clearing_are_still_a_freight_train_and_a_train_wreck() -> None:
    game = start(reroll_only_matching=True, ntw=1)
    roll(game, "Ann", "4 4 4 5 s10")
    assert names(roll(game, "Ann", "2 2 3 6 s6")) == ["Thrown", "WimpedOut", "PlayerOut", "TurnStarted"]
    roll(game, "Bob", "5 5 5 10 s10")
    assert roll(game, "Bob", "6 6 6 6 s6")[-1] == ev.GameOver("Bob", "threw a freight train of 6s: instant winner")


# -- a new flash while clearing ----------------------------------------------------------------------------------------


def test_a_new_flash_thrown_while_clearing_must_itself_be_cleared() -> None:
    game = start()
    roll(game, "Ann", "4 4 4 5 s10")
    events = roll(game, "Ann", "6 6 6 2 s2")
    assert names(events) == ["Thrown", "FlashCleared", "Scored", "FlashMade"]
    assert (events[1].faces, events[2].turn_points, events[3].face) == ((Face.FOUR,), 115, Face.SIX)
    assert game.state.turn.clearing == frozenset({Face.SIX})
    assert game.why_not("Ann", STOP) == "You must clear your flash of 6s before you can stop."
    assert names(roll(game, "Ann", "6 s2")) == ["Thrown", "Voided"]
    assert names(roll(game, "Ann", "4 s10")) == ["Thrown", "FlashCleared", "Scored"]  # 4s no longer matter
    assert game.state.turn.points == 125
    assert stop(game, "Ann")[0].score == 125


# -- choices ---------------------------------------------------------------------------------------------------------


def test_two_pairs_and_a_sun_offers_a_choice_and_the_player_must_choose() -> None:
    game = start()
    events = roll(game, "Ann", "2 2 4 4 S")
    assert names(events) == ["Thrown", "ChoiceOffered"]
    options = game.state.turn.options
    assert {o.flash for o in options} == {Face.TWO, Face.FOUR}
    assert game.legal_actions() == tuple(Choose(o) for o in options)
    assert game.why_not("Ann", ROLL) == "First choose how your throw scores."
    assert game.why_not("Ann", STOP) == "First choose how your throw scores."
    (fours,) = [o for o in options if o.flash is Face.FOUR]
    events = game.apply("Ann", Choose(fours), LoadedDice([]))
    assert names(events) == ["Scored", "FlashMade"]
    assert (events[0].turn_points, events[1].face) == (40, Face.FOUR)
    turn = game.state.turn
    assert (turn.options, turn.commons, turn.sun, turn.clearing) == ((), 2, False, frozenset({Face.FOUR}))


def test_choosing_to_throw_the_sun_again_keeps_it_live() -> None:
    game = start()
    roll(game, "Ann", "5 2 3 4 S")
    (reroll,) = [o for o in game.state.turn.options if o.sun is SunUse.REROLL]
    game.apply("Ann", Choose(reroll), LoadedDice([]))
    turn = game.state.turn
    assert (turn.points, turn.commons, turn.sun) == (5, 3, True)
    assert game.why_not("Ann", Choose(reroll)) == "There is nothing to choose now."


def test_choosing_while_clearing_clears_the_flash() -> None:
    game = start()
    roll(game, "Ann", "4 4 4 2 s6")  # 1 common and the sun left
    roll(game, "Ann", "5 S")
    assert {o.sun for o in game.state.turn.options} == {SunUse.FIVE, SunUse.TEN, SunUse.REROLL}
    assert game.why_not("Ann", STOP) == "First choose how your throw scores."
    (ten,) = [o for o in game.state.turn.options if o.sun is SunUse.TEN]
    events = game.apply("Ann", Choose(ten), LoadedDice([]))
    assert names(events) == ["FlashCleared", "Scored", "MustThrowAll"]
    assert events[1].turn_points == 55
