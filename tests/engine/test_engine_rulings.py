"""RULES.md's rulings at their edges, each played out with loaded dice chosen to hit it: several rules meeting in one
throw or one bank (the sun's choices, clearing with a sun, flashes within flashes, specials and YMNWTBYM, Insurance,
Full House, Suspend and Kill, Bump and Eclipse after a Last Lick, Last Licks with three or more players and ties)."""

from __future__ import annotations

from engine.wimpout import ROLL, STOP, Face, Game, LoadedDice, RuleSet, Throw, events as ev, parse_throw
from engine.wimpout.actions import INSURE, LET_STAND, Choose
from engine.wimpout.scoring import Outcome, SunUse
from support.positions import kinds, position

FIVE, TEN, TWO, FOUR, SIX = Face.FIVE, Face.TEN, Face.TWO, Face.FOUR, Face.SIX
BOTH = frozenset({FIVE, TEN})


def roll(game: Game, player: str, *throws: str) -> list[ev.Event]:
    """``player`` rolls each scripted throw in turn."""
    dice = LoadedDice(throws)
    events: list[ev.Event] = []
    for _ in throws:
        events += game.apply(player, ROLL, dice)
    assert dice.remaining == 0
    return events


def stop(game: Game, player: str) -> list[ev.Event]:
    return game.apply(player, STOP, LoadedDice([]))


def choose(game: Game, player: str, use: SunUse, flash: Face | None = None) -> list[ev.Event]:
    (option,) = [o for o in game.state.turn.options if o.sun is use and (flash is None or o.flash is flash)]
    return game.apply(player, Choose(option), LoadedDice([]))


def score(game: Game, name: str) -> int:
    return game.state.player(name).score


# -- the Reroll Clause with a Flaming Sun that can only match (Full House, interpretation 2) --------------------------


def test_full_house_a_lone_sun_while_clearing_5s_and_10s_is_a_sun_match_and_says_so() -> None:
    """RULES.md, Full House: [2 3 4 6 sun] while clearing 5s and 10s is interpretation 2, "Reroll from Sun Match":
    the sun, called 5 or 10, matches a flash being cleared. The void names the sun as the cube that matched."""
    game = position(RuleSet(full_house=True), {"Ann": 100, "Bob": 100}, "Ann")
    roll(game, "Ann", "10 10 5 5 S")
    events = roll(game, "Ann", "2 3 4 6 S")
    assert kinds(events) == ["Thrown", "Voided"]
    assert events[-1].matched == (Face.SUN,)
    assert events[-1].held == Throw(())  # by default every cube just thrown is thrown again
    assert game.legal_actions("Ann") == (ROLL,)


def test_reroll_only_matching_a_sun_match_rethrows_the_sun_and_keeps_the_rest() -> None:
    """RULES.md: reroll_only_matching rethrows only the matching cubes; in a sun match (Full House, interpretation 2)
    the matching cube is the sun. Before, every cube stayed on the table and the next 'throw' threw no cube at all,
    reading the same void again and again until Suspend(10) put the turn off."""
    game = position(RuleSet(full_house=True, reroll_only_matching=True), {"Ann": 100, "Bob": 100}, "Ann")
    roll(game, "Ann", "10 10 5 5 S")
    events = roll(game, "Ann", "2 3 4 6 S")
    assert events[-1].held == parse_throw("2 3 4 6")
    events = roll(game, "Ann", "s2")  # only the sun cube is thrown; read with 2 3 4 6 it is nothing: a wimpout
    assert events[0].throw == parse_throw("2 3 4 6 s2")
    assert kinds(events) == ["Thrown", "WimpedOut", "TurnStarted"]
    assert not events[1].train_wreck  # completed by a rethrow: not five cubes thrown at once


def test_reroll_only_matching_when_every_cube_matched_all_five_are_thrown_at_once_again() -> None:
    """RULES.md: only "a result completed by a rethrow" loses the specials that need five cubes thrown at once. When
    all five cubes of a void throw matched, none stays on the table: the next throw is five cubes thrown at once, so
    five 2s are a Freight Train. Before, it was read as completed by a rethrow (a flash of 2s, 20)."""
    game = position(RuleSet(reroll_only_matching=True), {"Ann": 100, "Bob": 100}, "Ann")
    roll(game, "Ann", "4 4 4 5 s10")  # a flash of 4s, a 5 and a 10: all five set aside, the 4s to clear with five
    events = roll(game, "Ann", "4 4 4 4 s4")
    assert events[-1].held == Throw(())
    events = roll(game, "Ann", "2 2 2 2 s2")
    assert [e.scoring.outcome for e in events if isinstance(e, ev.Scored)] == [Outcome.FREIGHT_TRAIN]
    assert game.state.turn.points == 55 + 200


def test_a_game_read_back_from_storage_after_a_void_throw_still_throws_all_five_at_once() -> None:
    """RULES.md: a wimpout while throwing all five cubes is a Train Wreck. After a void throw of all five (the Reroll
    Clause rethrows them all), a game rebuilt from its stored events (a server restart) read the rethrow as completed
    by a rethrow, so its wimpout was no Train Wreck; the live game said Train Wreck."""
    game = position(RuleSet(), {"Ann": 100, "Bob": 100}, "Ann")
    roll(game, "Ann", "4 4 4 5 s10", "4 2 3 6 s2")
    stored = Game.replay([ev.event_from_dict(ev.event_to_dict(event)) for event in game.events])
    for one in (game, stored):
        (wimpout,) = [e for e in roll(one, "Ann", "2 2 3 6 s6") if isinstance(e, ev.WimpedOut)]
        assert wimpout.train_wreck


def test_reroll_only_matching_insurance_cancelling_a_rethrow_throws_only_those_cubes_again() -> None:
    """RULES.md: 2 IP cancel one's own throw: "throw those cubes again" (the Guide: the roll "is instantly erased").
    With reroll_only_matching the throw is the matching cubes rethrown; the cubes that stayed on the table were not
    thrown and stay. Ann, clearing 4s with five cubes, throws 6 6 6 6 s4 (void: the 6s stay), rethrows the sun cube
    and cancels that throw: she throws the sun cube again, read with the four 6s (no freight train: not at once).
    Before, cancelling threw all five cubes again at once, which could then be a freight train or an instant win."""
    game = position(RuleSet(reroll_only_matching=True, insurance=True), {"Ann": 100, "Bob": 100}, "Ann",
                    insurance={"Ann": 2})
    dice = LoadedDice(["4 4 4 5 s10", "6 6 6 6 s4", "s6", "s2"])

    def throw() -> list[ev.Event]:
        events = game.apply("Ann", ROLL, dice)
        return events + (game.apply("Ann", LET_STAND, dice) if game.state.turn.window else [])

    throw()  # 55, all five set aside: the 4s are cleared with five cubes
    assert throw()[-1].held == parse_throw("6 6 6 6")
    assert kinds(game.apply("Ann", ROLL, dice)) == ["Thrown", "InsuranceWindow"]  # 6 6 6 6 s6
    assert kinds(game.apply("Ann", INSURE, dice)) == ["ThrowCancelled"]
    events = game.apply("Ann", ROLL, dice)  # only the sun cube again
    assert events[0].throw == parse_throw("6 6 6 6 s2")
    assert [e.scoring.points for e in events if isinstance(e, ev.Scored)] == [60]  # a flash of 6s, not an instant win
    assert Game.replay(game.events).state == game.state
