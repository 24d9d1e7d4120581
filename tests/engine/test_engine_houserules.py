"""The house rules of the Guide (seeds/000_...), each played out on its own examples."""

from __future__ import annotations

import pytest

from engine.wimpout import ROLL, STOP, Face, Game, IllegalAction, LoadedDice, RuleSet, Throw, events as ev
from engine.wimpout.actions import CLOSE_WINDOW, INSURE, LET_STAND
from engine.wimpout.scoring import Outcome, Special, score_throw
from support.positions import kinds, position

TEN, FIVE, SUN = Face.TEN, Face.FIVE, Face.SUN
CIRCLE_OPEN = "had a circle open when Last Licks was due (Recovery Extension 2)"


def play(game: Game, player: str, *throws: str, stop: bool = True) -> list[ev.Event]:
    """``player`` rolls each scripted throw in turn (and stops at the end)."""
    dice = LoadedDice(throws)
    events: list[ev.Event] = []
    for _ in throws:
        events += game.apply(player, ROLL, dice)
    if stop:
        events += game.apply(player, STOP, dice)
    return events


def forty(game: Game, player: str) -> list[ev.Event]:
    """Four throws of one 10 each, then stop: exactly 40 points."""
    return play(game, player, "10 2 3 4 s6", "10 2 3 s6", "10 2 s6", "10 s6")


def score(game: Game, name: str) -> int:
    return game.state.player(name).score


# -- Bump ---------------------------------------------------------------------------------------------------------


def test_bump_the_guides_example_40_gains_75_and_sends_115_back() -> None:
    game = position(RuleSet(bump=True), {"Ann": 40, "Bob": 115}, "Ann")
    events = play(game, "Ann", "5 5 5 2 s2", "10 s2", "s10", "5 2 3 4 s6")
    assert [e.points for e in events if isinstance(e, ev.Banked)] == [75]
    assert ev.Bumped("Bob", "Ann", 40) in events
    assert (score(game, "Ann"), score(game, "Bob")) == (115, 40)


def test_without_bump_landing_on_a_score_changes_nothing() -> None:
    game = position(RuleSet(), {"Ann": 40, "Bob": 115}, "Ann")
    events = play(game, "Ann", "5 5 5 2 s2", "10 s2", "s10", "5 2 3 4 s6")
    assert not any(isinstance(e, ev.Bumped) for e in events)
    assert score(game, "Bob") == 115


def test_one_three_five_with_bump_the_guides_example_260_and_100() -> None:
    game = position(RuleSet(bump=True, one_three_five=True), {"Ann": 260, "Bob": 100}, "Ann")
    events = forty(game, "Ann")
    assert ev.Bumped("Bob", "Ann", 260) in events
    assert (score(game, "Ann"), score(game, "Bob")) == (300, 260)


def test_bump_without_one_three_five_does_not_treat_300_as_100() -> None:
    game = position(RuleSet(bump=True), {"Ann": 260, "Bob": 100}, "Ann")
    forty(game, "Ann")
    assert score(game, "Bob") == 100


# -- Insurance Points ------------------------------------------------------------------------------------------------


def test_insurance_own_throw_the_guides_280_with_three_cubes() -> None:
    game = position(
        RuleSet(insurance=True), {"Ann": 100, "Bob": 100}, "Ann", insurance={"Ann": 2},
        turn_points=280, kept=Throw((TEN, FIVE)),
    )
    dice = LoadedDice(["3 4 s2", "5 3 s2"])
    events = game.apply("Ann", ROLL, dice)
    assert kinds(events) == ["Thrown", "InsuranceWindow"]
    assert events[-1] == ev.InsuranceWindow("Ann", ("Ann",))
    assert game.why_not("Ann", STOP) == "Wait: players may still spend Insurance Points to cancel your throw."
    assert kinds(game.apply("Ann", INSURE, dice)) == ["ThrowCancelled"]
    assert game.why_not("Ann", STOP) == "Your throw was cancelled with Insurance Points: throw those cubes again."
    events = game.apply("Ann", ROLL, dice)
    assert kinds(events) == ["Thrown", "Scored"]  # Ann has no points left to spend: no window
    game.apply("Ann", STOP, dice)
    assert score(game, "Ann") == 100 + 285
    assert game.state.player("Ann").insurance == 0


def test_insurance_opponent_throw_the_guides_380_clearing_tens() -> None:
    game = position(
        RuleSet(insurance=True), {"Ann": 100, "Bob": 100}, "Bob", insurance={"Ann": 4},
        turn_points=380, kept=Throw((TEN, TEN, TEN), SUN), clearing=TEN,
    )
    dice = LoadedDice(["5", "3"])
    events = game.apply("Bob", ROLL, dice)
    assert events[-1] == ev.InsuranceWindow("Bob", ("Ann",))
    assert game.legal_actions("Ann") == (INSURE, LET_STAND)
    assert game.legal_actions("Bob") == ()
    assert game.apply("Ann", INSURE, dice) == [ev.ThrowCancelled("Bob", "Ann", 4)]
    events = game.apply("Bob", ROLL, dice)
    assert ev.WimpedOut("Bob", 380, False) in events
    assert score(game, "Bob") == 100
    assert game.state.current == "Ann"


def test_insurance_let_stand_and_window_closed_resolve_the_throw() -> None:
    game = position(RuleSet(insurance=True), {"Ann": 100, "Bob": 100}, "Ann", insurance={"Ann": 2, "Bob": 4})
    dice = LoadedDice(["10 2 3 4 s6", "10 2 3 s6"])
    assert game.apply("Ann", ROLL, dice)[-1] == ev.InsuranceWindow("Ann", ("Ann", "Bob"))
    assert game.apply("Ann", LET_STAND, dice) == [ev.InsurancePassed("Ann")]
    events = game.apply("Bob", LET_STAND, dice)
    assert kinds(events) == ["InsurancePassed", "Scored"]
    game.apply("Ann", ROLL, dice)
    assert kinds(game.apply(None, CLOSE_WINDOW, dice)) == ["InsuranceWindowClosed", "Scored"]
    assert game.state.turn.points == 20


def test_insurance_refusals() -> None:
    scores = {"Ann": 100, "Bob": 100, "Cy": 100, "Di": 100}
    game = position(RuleSet(insurance=True), scores, "Ann", insurance={"Bob": 3, "Cy": 4, "Di": 4})
    dice = LoadedDice(["10 2 3 4 s6"])
    assert game.why_not("Bob", INSURE) == "There is no throw on the table to cancel right now."
    game.apply("Ann", ROLL, dice)
    assert game.why_not("Bob", INSURE) == "Cancelling an opponent's throw costs 4 Insurance Points; you have 3."
    game.apply("Cy", LET_STAND, dice)
    assert game.why_not("Cy", INSURE) == "You have already let this throw stand."
    assert game.why_not("Ann", ROLL) == "Wait: players may still spend Insurance Points to cancel your throw."
    assert RuleSet().insurance is False
    plain = position(RuleSet(), {"Ann": 100, "Bob": 100}, "Ann", insurance={"Bob": 4})
    assert plain.why_not("Bob", INSURE) == "This table does not play with Insurance Points."


def test_fresh_insurance_points_cannot_be_spent_in_the_turn_they_were_earned() -> None:
    game = position(RuleSet(insurance=True), {"Ann": 100, "Bob": 100}, "Ann", insurance={"Ann": 1})
    dice = LoadedDice(["4 4 4 10 s10", "2 3 6 6 s2"])
    events = game.apply("Ann", ROLL, dice)
    assert ev.InsuranceEarned("Ann", 1, "all five cubes scored in one throw") in events
    assert game.state.player("Ann").insurance == 2
    events = game.apply("Ann", ROLL, dice)  # a train wreck: no window, as one of the two points is fresh
    assert kinds(events)[:2] == ["Thrown", "WimpedOut"]
    assert ev.WimpedOut("Ann", 60, True) in events
    assert game.state.player("Ann").insurance == 2  # kept after the wimpout


def test_no_insurance_point_for_a_cosmic_sampler() -> None:
    game = position(RuleSet(insurance=True, cosmic_sampler=True), {"Ann": 100, "Bob": 100}, "Ann")
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s5"]))
    assert any(isinstance(e, ev.Scored) and e.scoring.special is Special.COSMIC_SAMPLER for e in events)
    assert not any(isinstance(e, ev.InsuranceEarned) for e in events)


def test_insurance_cannot_be_spent_in_last_licks() -> None:
    game = position(RuleSet(insurance=True, goal=200), {"Ann": 180, "Bob": 100}, "Ann")
    forty(game, "Ann")
    assert game.state.last_licks is not None
    game._emit(ev.InsuranceEarned("Bob", 4, "earlier"))
    events = game.apply("Bob", ROLL, LoadedDice(["10 2 3 4 s6"]))
    assert not any(isinstance(e, ev.InsuranceWindow) for e in events)
    assert game.why_not("Bob", INSURE) == "Insurance Points cannot be spent during Last Licks."


# -- Cosmic Sampler -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("throw", ["2 3 4 6 s5", "2 3 4 6 s10", "2 4 6 5 S", "2 4 6 10 S", "3 4 6 10 s2"])
def test_cosmic_sampler_scores_its_points_with_all_five_cubes(throw: str) -> None:
    from engine.wimpout import parse_throw

    (scoring,) = score_throw(parse_throw(throw), RuleSet(cosmic_sampler=True))
    assert (scoring.points, len(scoring.kept), scoring.special) == (50, 5, Special.COSMIC_SAMPLER)
    (twenty_five,) = score_throw(parse_throw(throw), RuleSet(cosmic_sampler=True, sampler_points=25))
    assert twenty_five.points == 25


@pytest.mark.parametrize("throw", ["2 3 4 6 S", "6 4 3 2 S"])
def test_the_sun_may_be_the_cosmic_samplers_5_or_10(throw: str) -> None:
    """RULES.md: [2 3 4 6 sun] is a Sampler (the sun as its 5 or 10), a choice with no difference, so not offered."""
    from engine.wimpout import parse_throw

    (scoring,) = score_throw(parse_throw(throw), RuleSet(cosmic_sampler=True))
    assert (scoring.points, len(scoring.kept), scoring.special) == (50, 5, Special.COSMIC_SAMPLER)
    off = score_throw(parse_throw(throw), RuleSet())
    assert sorted(option.points for option in off) == [5, 10]  # without the Sampler the lone sun must score


def test_cosmic_sampler_is_off_by_default_and_never_a_way_out_of_a_flash() -> None:
    from engine.wimpout import parse_throw

    assert score_throw(parse_throw("2 3 4 6 s5"), RuleSet())[0].points == 5
    clearing = score_throw(parse_throw("2 3 4 6 s5"), RuleSet(cosmic_sampler=True), frozenset({Face.TWO}))
    assert clearing[0].outcome is Outcome.VOID


def test_cosmic_sampler_brings_ymnwtbym() -> None:
    game = position(RuleSet(cosmic_sampler=True), {"Ann": 100, "Bob": 100}, "Ann")
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s5"]))
    assert kinds(events)[-1] == "MustThrowAll"


# -- Full House and Suspend -------------------------------------------------------------------------------------------


def test_full_house_10_10_5_5_sun_scores_both_flashes_and_an_ip_then_both_must_clear_at_once() -> None:
    game = position(RuleSet(full_house=True), {"Ann": 100, "Bob": 100}, "Ann")
    dice = LoadedDice(["10 10 5 5 S", "2 3 4 6 s10", "2 3 4 6 S", "2 2 2 3 s4"])
    events = game.apply("Ann", ROLL, dice)
    assert kinds(events) == ["Thrown", "Scored", "FlashMade", "FlashMade", "InsuranceEarned", "MustThrowAll"]
    assert game.state.turn.points == 150
    assert game.state.turn.clearing == {Face.FIVE, Face.TEN}
    assert kinds(game.apply("Ann", ROLL, dice))[-1] == "Voided"  # a 10 shows
    assert kinds(game.apply("Ann", ROLL, dice))[-1] == "Voided"  # [2 3 4 6 sun]: interpretation 2, reroll
    events = game.apply("Ann", ROLL, dice)  # a flash of 2s without a 5 or 10: both flashes cleared, a new one made
    assert ev.FlashCleared("Ann", (Face.FIVE, Face.TEN)) in events
    assert events[-1] == ev.FlashMade("Ann", Face.TWO)
    assert game.state.turn.points == 170


def test_full_house_2_3_4_6_sun_while_clearing_both_is_a_reroll_not_a_wimpout_or_a_sampler() -> None:
    from engine.wimpout import parse_throw

    rules = RuleSet(full_house=True, cosmic_sampler=True)
    (scoring,) = score_throw(parse_throw("2 3 4 6 S"), rules, frozenset({Face.FIVE, Face.TEN}))
    assert scoring.outcome is Outcome.VOID


def test_full_house_brings_suspend_10_and_a_suspended_turn_resumes_where_it_stopped() -> None:
    rules = RuleSet(full_house=True)
    assert rules.suspend_throws == 10 and RuleSet(full_house=True, suspend=3).suspend_throws == 3
    game = position(rules, {"Ann": 100, "Bob": 100}, "Ann")
    dice = LoadedDice(["10 10 5 5 S"] + ["10 2 3 4 s6"] * 10 + ["10 2 3 4 s6", "2 3 4 s2"])
    game.apply("Ann", ROLL, dice)
    for _ in range(9):
        assert kinds(game.apply("Ann", ROLL, dice))[-1] == "Voided"
    events = game.apply("Ann", ROLL, dice)
    assert kinds(events)[-2:] == ["TurnSuspended", "TurnStarted"]
    assert game.state.current == "Bob"
    game.apply("Bob", ROLL, dice)
    events = game.apply("Bob", STOP, dice)
    assert events[-1] == ev.TurnResumed("Ann")
    turn = game.state.turn
    assert (turn.player, turn.points, turn.clearing, turn.clearing_throws) == ("Ann", 150, {FIVE, TEN}, 0)
    assert game.why_not("Ann", STOP) == "You must clear your flash of 5s and 10s before you can stop."


def test_kill_wimps_out_after_n_throws_that_do_not_clear() -> None:
    game = position(RuleSet(kill=2), {"Ann": 100, "Bob": 100}, "Ann")
    dice = LoadedDice(["4 4 4 2 s2", "4 s6", "4 s6"])
    game.apply("Ann", ROLL, dice)
    assert kinds(game.apply("Ann", ROLL, dice))[-1] == "Voided"
    events = game.apply("Ann", ROLL, dice)
    assert ev.WimpedOut("Ann", 40, False, killed=True) in events
    assert game.state.current == "Bob"


# -- Eclipse --------------------------------------------------------------------------------------------------------


def test_eclipse_1_a_score_another_player_holds_is_off_limits() -> None:
    game = position(RuleSet(eclipse=1), {"Ann": 40, "Bob": 20}, "Bob")
    play(game, "Bob", "10 2 3 4 s6", "10 2 3 s6", stop=False)
    assert game.why_not("Bob", STOP) == "You cannot stop on 40: Ann is there (Eclipse). Keep throwing."
    assert game.legal_actions("Bob") == (ROLL,)
    play(game, "Bob", "10 2 s6")
    assert score(game, "Bob") == 50


def test_eclipse_2_the_guides_boston_board_220_and_420() -> None:
    game = position(RuleSet(eclipse=2, eclipse_beam=200), {"Ann": 220, "Bob": 400}, "Bob")
    events = play(game, "Bob", "10 2 3 4 s6", "10 2 3 s6")
    assert ev.Eclipsed("Ann", "Bob", 215) in events
    assert (score(game, "Ann"), score(game, "Bob")) == (215, 420)


def test_eclipse_2_escaping_onto_an_eclipsed_score_goes_back_again() -> None:
    game = position(RuleSet(eclipse=2, eclipse_beam=200), {"Ann": 220, "Bob": 400, "Cy": 415}, "Bob")
    events = play(game, "Bob", "10 2 3 4 s6", "10 2 3 s6")
    eclipsed = [(e.player, e.by, e.score) for e in events if isinstance(e, ev.Eclipsed)]
    assert eclipsed == [("Ann", "Bob", 215), ("Ann", "Cy", 210)]  # 215 is under Cy's 415: back again


def test_eclipse_2_whoever_the_escaper_now_eclipses_drops_too() -> None:
    game = position(RuleSet(eclipse=2, eclipse_beam=200), {"Ann": 220, "Bob": 400, "Cy": 15}, "Bob")
    events = play(game, "Bob", "10 2 3 4 s6", "10 2 3 s6")
    eclipsed = [(e.player, e.by, e.score) for e in events if isinstance(e, ev.Eclipsed)]
    assert eclipsed == [("Ann", "Bob", 215), ("Cy", "Ann", 10)]


def test_eclipse_2_with_one_three_five_escaping_onto_300_while_someone_holds_100_goes_back_again() -> None:
    """The Guide's 1/3/5 makes 100, 300 and 500 one space for Eclipse 1 and 2; "If the score you escape to is also
    eclipsed by someone else - go back again." Cy stops on 505, eclipsing Bob's 305 from up the beam: Bob escapes to
    300, the space Ann holds at 100, so Bob goes back again to 295, and Ann, whom he never stood over, keeps 100.
    Before, Bob stayed on 300 and eclipsed Ann down to 95."""
    game = position(RuleSet(eclipse=2, one_three_five=True, goal=1000), {"Ann": 100, "Bob": 305, "Cy": 445}, "Cy")
    events = play(game, "Cy", "5 5 5 2 s2", "10 s2")
    eclipsed = [(e.player, e.by, e.score) for e in events if isinstance(e, ev.Eclipsed)]
    assert eclipsed == [("Bob", "Cy", 300), ("Bob", "Ann", 295)]
    assert (score(game, "Ann"), score(game, "Bob"), score(game, "Cy")) == (100, 295, 505)


def test_eclipse_2_a_score_down_the_beam_from_a_player_is_off_limits() -> None:
    game = position(RuleSet(eclipse=2, eclipse_beam=200), {"Ann": 420, "Bob": 200}, "Bob")
    play(game, "Bob", "10 2 3 4 s6", "10 2 3 s6", stop=False)
    assert game.why_not("Bob", STOP) == "You cannot stop on 220: it is on Ann's beam, below 420 (Eclipse). Keep throwing."


def test_eclipse_and_bump_cannot_be_combined() -> None:
    from engine.wimpout import RuleError

    with pytest.raises(RuleError, match="Eclipse cannot be played with Bump"):
        RuleSet.from_options({"eclipse": "1", "bump": "on"})


# -- (n)TW and Recovery -----------------------------------------------------------------------------------------------


def test_ntw_ejects_on_the_nth_train_wreck_and_the_game_can_end_with_no_winner() -> None:
    game = position(RuleSet(ntw=1), {"Ann": 100, "Bob": 100}, "Ann")
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert ev.PlayerOut("Ann", "had 1 Train Wrecks (1TW)") in events
    events = game.apply("Bob", ROLL, LoadedDice(["2 3 4 6 s4"]))
    assert events[-1] == ev.GameOver(None, "no player is left in the game")
    assert game.is_over and game.state.winner is None


def test_ntw_with_a_lone_survivor_who_must_still_reach_the_goal() -> None:
    game = position(RuleSet(ntw=2, goal=300), {"Ann": 100, "Bob": 100}, "Ann")
    game._emit(ev.WimpedOut("Ann", 0, True))  # an earlier Train Wreck
    game._emit(ev.TurnStarted("Ann"))
    game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert game.state.current == "Bob" and not game.is_over
    forty(game, "Bob")
    assert game.state.current == "Bob"  # alone, Bob plays on toward the goal


def test_ntw_with_recovery_is_allowed_with_a_warning() -> None:
    rules = RuleSet.from_options({"ntw": "3", "recovery": "on"})
    assert rules.warnings == ("(n)TW together with Recovery is not recommended by the Guide.",)


def test_recovery_a_train_wreck_adds_a_circle_to_clear_with_35() -> None:
    game = position(RuleSet(recovery=True), {"Ann": 100, "Bob": 100}, "Ann")
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert ev.CircleAdded("Ann", 1) in events
    forty(game, "Bob")
    play(game, "Ann", "10 2 3 4 s6", stop=False)
    assert game.why_not("Ann", STOP) == (
        "You have 1 open circle(s) (Recovery): you need 35 points in this turn to stop; you have 10 so far."
    )
    events = play(game, "Ann", "10 2 3 s6", "10 2 s6", "10 s6")
    assert ev.Banked("Ann", 40, 140, True) in events
    assert game.state.player("Ann").in_game


def test_recovery_circles_stack_and_clear_one_at_a_time() -> None:
    game = position(RuleSet(recovery=True), {"Ann": 0, "Bob": 100}, "Ann")
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert ev.CircleAdded("Ann", 2) in events  # the opening circle and one for the wreck


def test_recovery_extension_1_four_open_circles_is_terminal() -> None:
    game = position(RuleSet(recovery=True, recovery_ext1=True), {"Ann": 0, "Bob": 100}, "Ann")
    game._emit(ev.CircleAdded("Ann", 3))
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert ev.PlayerOut("Ann", "was terminally wrecked (Recovery)") in events


def test_recovery_extension_1_seven_wrecks_is_terminal() -> None:
    game = position(RuleSet(recovery=True, recovery_ext1=True), {"Ann": 100, "Bob": 100}, "Ann")
    for _ in range(6):
        game._emit(ev.WimpedOut("Ann", 0, True))  # earlier Train Wrecks
    game._emit(ev.TurnStarted("Ann"))
    events = game.apply("Ann", ROLL, LoadedDice(["2 3 4 6 s2"]))
    assert ev.PlayerOut("Ann", "was terminally wrecked (Recovery)") in events


def test_recovery_extension_2_an_open_circle_at_last_licks_is_ejected() -> None:
    rules = RuleSet(recovery=True, recovery_ext2=True, goal=200)
    game = position(rules, {"Ann": 180, "Bob": 100, "Cy": 100}, "Ann")
    game._emit(ev.CircleAdded("Bob", 1))
    events = forty(game, "Ann")
    assert ev.PlayerOut("Bob", CIRCLE_OPEN) in events
    assert ev.LastLicksStarted("Ann", 220, ("Cy",)) in events


def test_recovery_extension_2_ejects_the_player_who_reaches_the_goal_with_a_circle_open() -> None:
    """RULES.md: the one who reached the goal is ejected too, and Last Licks does not begin; play goes on."""
    rules = RuleSet(recovery=True, recovery_ext2=True, goal=200)
    game = position(rules, {"Ann": 150, "Bob": 100, "Cy": 100}, "Ann")
    for _ in range(2):  # two Train Wrecks: two circles open
        assert ev.CircleAdded("Ann", game.state.player("Ann").circles + 1) in play(game, "Ann", "2 3 4 6 s2", stop=False)
        forty(game, "Bob")
        forty(game, "Cy")
    events = play(game, "Ann", "5 5 5 2 s2", "10 s2")  # 60 fills one circle; one is still open at 210
    assert ev.Banked("Ann", 60, 210, True) in events
    assert kinds(events)[-2:] == ["PlayerOut", "TurnStarted"]
    assert events[-2:] == [ev.PlayerOut("Ann", CIRCLE_OPEN), ev.TurnStarted("Bob")]
    assert game.state.last_licks is None
    events = forty(game, "Bob")  # 220: the next to reach the goal with no circle open starts Last Licks
    assert ev.LastLicksStarted("Bob", 220, ("Cy",)) in events


def test_house_rules_are_all_off_by_default() -> None:
    rules = RuleSet()
    assert not any(
        (rules.bump, rules.insurance, rules.cosmic_sampler, rules.one_three_five, rules.ntw, rules.recovery,
         rules.eclipse, rules.full_house, rules.suspend, rules.kill)
    )


def test_illegal_actions_raise_with_the_reason() -> None:
    game = position(RuleSet(), {"Ann": 100, "Bob": 100}, "Ann")
    with pytest.raises(IllegalAction, match="It is not your turn; it is Ann's."):
        game.apply("Bob", ROLL, LoadedDice([]))


# -- Leaving ---------------------------------------------------------------------------------------------------------


def test_a_player_who_leaves_on_their_turn_loses_it_and_play_goes_on() -> None:
    from engine.wimpout.actions import Withdraw

    game = position(RuleSet(), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann")
    play(game, "Ann", "10 2 3 4 s6", stop=False)
    events = game.apply("Ann", Withdraw("Ann", "left the table"), LoadedDice([]))
    assert kinds(events) == ["PlayerOut", "TurnStarted"]
    assert game.state.current == "Bob"
    assert game.why_not("Bob", Withdraw("Cy", "x")) == "Only the table can remove another player."
    events = game.apply(None, Withdraw("Cy", "was removed by the table"), LoadedDice([]))
    assert events == [ev.PlayerOut("Cy", "was removed by the table")]
    assert game.state.current == "Bob"


def test_the_last_decider_of_an_insurance_window_leaving_lets_the_throw_stand() -> None:
    from engine.wimpout.actions import Withdraw

    game = position(RuleSet(insurance=True), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann", insurance={"Cy": 4})
    game.apply("Ann", ROLL, LoadedDice(["10 2 3 4 s6"]))
    events = game.apply(None, Withdraw("Cy", "was removed by the table"), LoadedDice([]))
    assert kinds(events) == ["PlayerOut", "Scored"]


def test_the_leader_leaving_last_licks_hands_the_lead_to_the_best_score_left() -> None:
    from engine.wimpout.actions import Withdraw

    game = position(RuleSet(goal=200), {"Ann": 180, "Bob": 100, "Cy": 150}, "Ann")
    forty(game, "Ann")
    events = game.apply(None, Withdraw("Ann", "left the table"), LoadedDice([]))
    assert events[-1] == ev.LeaderChanged("Cy", "Ann", 150, ("Bob",))  # Bob, taking his lick, now must pass 150
    events = forty(game, "Bob")
    assert ev.LastLickEnded("Bob", False, 150) in events  # 140 does not pass 150
    assert events[-1] == ev.GameOver("Cy", "won Last Licks")
