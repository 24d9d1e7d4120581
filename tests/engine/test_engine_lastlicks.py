"""Last Licks in every variant (RULES.md "Last Licks", the Guide's variants A-D) and leaving the game."""

from __future__ import annotations

import pytest

from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP
from engine.wimpout.dice import LoadedDice
from engine.wimpout.game import Game
from engine.wimpout.rules import RuleSet

# One turn's throws that bank exactly these points (with the opening minimum off).
BANK = {
    5: ["5 2 3 4 s6"],
    10: ["10 2 3 4 s6"],
    15: ["10 5 2 3 s6"],
    20: ["10 10 2 3 s6"],
    25: ["10 10 5 3 s6"],
    30: ["10 10 5 5 s6"],
    35: ["10 5 2 3 s6", "10 10 s2"],
}
WRECK = "2 2 3 4 s6"
SUPERNOVA = "10 10 10 10 s10"
SIXES = "6 6 6 6 s6"
ROLLOFF = {3: "10 2 3", 4: "10 2 3 4"}
NAMES = ("Ann", "Bob", "Cy", "Di")


def start(players: int = 3, **options: object) -> Game:
    rules = {"goal": 25, "opening_minimum": 0, **options}
    return Game.start(list(NAMES[:players]), RuleSet(**rules), LoadedDice([ROLLOFF.get(players, "10 2")]))


def bank(game: Game, player: str, points: int) -> list[ev.Event]:
    assert game.state.current == player
    for throw in BANK[points]:
        game.apply(player, ROLL, LoadedDice([throw]))
    return game.apply(player, STOP, LoadedDice([]))


def throw(game: Game, player: str, cubes: str) -> list[ev.Event]:
    assert game.state.current == player
    return game.apply(player, ROLL, LoadedDice([cubes]))


def wreck(game: Game, player: str) -> list[ev.Event]:
    return throw(game, player, WRECK)


def after(events: list[ev.Event]) -> list[ev.Event]:
    """The events that follow the turn's own ending (Banked / WimpedOut / PlayerOut from a Supernova)."""
    for i, event in enumerate(events):
        if isinstance(event, (ev.Banked, ev.WimpedOut)):
            return events[i + 1 :]
    raise AssertionError(events)


def out(player: str, leader: str, target: int) -> ev.PlayerOut:
    return ev.PlayerOut(player, f"did not pass {leader}'s {target} in Last Licks")


def test_reaching_the_goal_starts_last_licks_in_seating_order() -> None:
    game = start(4)
    events = bank(game, "Ann", 25)
    assert after(events) == [ev.LastLicksStarted("Ann", 25, ("Bob", "Cy", "Di")), ev.TurnStarted("Bob")]
    ll = game.state.last_licks
    assert (ll.leader, ll.target, ll.challengers) == ("Ann", 25, ("Bob", "Cy", "Di"))


def test_last_licks_target_is_the_leaders_score_not_the_goal() -> None:
    game = start()
    assert after(bank(game, "Ann", 30))[0] == ev.LastLicksStarted("Ann", 30, ("Bob", "Cy"))


def test_a_player_already_out_gets_no_last_lick() -> None:
    game = start()
    wreck(game, "Ann")
    throw(game, "Bob", SUPERNOVA)
    wreck(game, "Cy")
    assert after(bank(game, "Ann", 25))[0] == ev.LastLicksStarted("Ann", 25, ("Cy",))


# -- goal_must_be_passed ---------------------------------------------------------------------------------------------


def test_reaching_the_goal_exactly_is_enough_by_default() -> None:
    game = start()
    assert isinstance(after(bank(game, "Ann", 25))[0], ev.LastLicksStarted)


def test_option_goal_must_be_passed_needs_more_than_the_goal() -> None:
    game = start(goal_must_be_passed=True)
    assert after(bank(game, "Ann", 25)) == [ev.TurnStarted("Bob")]
    assert game.state.last_licks is None
    wreck(game, "Bob")
    wreck(game, "Cy")
    assert after(bank(game, "Ann", 5))[0] == ev.LastLicksStarted("Ann", 30, ("Bob", "Cy"))


def test_rules_goal_reached() -> None:
    assert RuleSet(goal=500).goal_reached(500) and not RuleSet(goal=500).goal_reached(495)
    passed = RuleSet(goal=500, goal_must_be_passed=True)
    assert not passed.goal_reached(500) and passed.goal_reached(505)


# -- official and B: seating order; the old leader's lick comes at their seat ----------------------------------------


@pytest.mark.parametrize("variant", ["official", "B"])
def test_official_and_b_with_three_players(variant: str) -> None:
    game = start(last_licks=variant)
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 30)) == [
        ev.LastLickEnded("Bob", True, 25),
        ev.LeaderChanged("Bob", "Ann", 30, ("Cy", "Ann")),
        ev.TurnStarted("Cy"),
    ]
    assert game.state.player("Ann").out is None  # the old leader is not out
    assert after(wreck(game, "Cy")) == [
        ev.LastLickEnded("Cy", False, 30), out("Cy", "Bob", 30), ev.TurnStarted("Ann"),
    ]
    assert after(bank(game, "Ann", 10)) == [
        ev.LastLickEnded("Ann", True, 30),
        ev.LeaderChanged("Ann", "Bob", 35, ("Bob",)),
        ev.TurnStarted("Bob"),
    ]
    assert after(bank(game, "Bob", 5)) == [  # 35 ties 35: not a pass
        ev.LastLickEnded("Bob", False, 35), out("Bob", "Ann", 35), ev.GameOver("Ann", "won Last Licks"),
    ]
    assert game.state.over and game.state.winner == "Ann" and game.legal_actions() == ()


@pytest.mark.parametrize("variant", ["official", "B"])
def test_official_and_b_with_four_players(variant: str) -> None:
    game = start(4, last_licks=variant)
    bank(game, "Ann", 25)
    assert after(wreck(game, "Bob"))[1:] == [out("Bob", "Ann", 25), ev.TurnStarted("Cy")]
    assert after(bank(game, "Cy", 30))[1:] == [ev.LeaderChanged("Cy", "Ann", 30, ("Di", "Ann")), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 35))[1:] == [ev.LeaderChanged("Di", "Cy", 35, ("Ann", "Cy")), ev.TurnStarted("Ann")]
    assert after(bank(game, "Ann", 15))[1:] == [ev.LeaderChanged("Ann", "Di", 40, ("Cy", "Di")), ev.TurnStarted("Cy")]
    assert after(bank(game, "Cy", 5))[1:] == [out("Cy", "Ann", 40), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 5))[1:] == [out("Di", "Ann", 40), ev.GameOver("Ann", "won Last Licks")]
    assert [p.score for p in game.state.players] == [40, 0, 35, 40]


def test_official_when_no_one_passes_the_leader_wins_and_the_rest_are_out() -> None:
    game = start(4)
    bank(game, "Ann", 25)
    wreck(game, "Bob")
    bank(game, "Cy", 20)
    events = bank(game, "Di", 25)
    assert events[-1] == ev.GameOver("Ann", "won Last Licks")
    assert [p.out is None for p in game.state.players] == [True, False, False, False]


# -- A: the old leader duels the new leader at once ---------------------------------------------------------------------


def test_variant_a_with_three_players() -> None:
    game = start(last_licks="A")
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 30))[1:] == [ev.LeaderChanged("Bob", "Ann", 30, ("Ann", "Cy")), ev.TurnStarted("Ann")]
    assert after(bank(game, "Ann", 10))[1:] == [ev.LeaderChanged("Ann", "Bob", 35, ("Bob", "Cy")), ev.TurnStarted("Bob")]
    assert after(bank(game, "Bob", 10))[1:] == [ev.LeaderChanged("Bob", "Ann", 40, ("Ann", "Cy")), ev.TurnStarted("Ann")]
    assert after(wreck(game, "Ann"))[1:] == [out("Ann", "Bob", 40), ev.TurnStarted("Cy")]
    assert after(wreck(game, "Cy"))[1:] == [out("Cy", "Bob", 40), ev.GameOver("Bob", "won Last Licks")]


def test_variant_a_with_four_players() -> None:
    game = start(4, last_licks="A")
    bank(game, "Ann", 25)
    assert after(wreck(game, "Bob"))[1:] == [out("Bob", "Ann", 25), ev.TurnStarted("Cy")]
    assert after(bank(game, "Cy", 30))[1:] == [ev.LeaderChanged("Cy", "Ann", 30, ("Ann", "Di")), ev.TurnStarted("Ann")]
    assert after(wreck(game, "Ann"))[1:] == [out("Ann", "Cy", 30), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 35))[1:] == [ev.LeaderChanged("Di", "Cy", 35, ("Cy",)), ev.TurnStarted("Cy")]
    assert after(bank(game, "Cy", 5))[1:] == [out("Cy", "Di", 35), ev.GameOver("Di", "won Last Licks")]


# -- C: rounds against a fixed target ---------------------------------------------------------------------------------


def test_variant_c_with_three_players() -> None:
    game = start(last_licks="C")
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 30)) == [ev.LastLickEnded("Bob", True, 25), ev.TurnStarted("Cy")]
    assert game.state.last_licks.target == 25  # the target stays for the whole round
    assert after(bank(game, "Cy", 35)) == [
        ev.LastLickEnded("Cy", True, 25),
        ev.LeaderChanged("Cy", "Ann", 35, ("Ann", "Bob")),
        ev.TurnStarted("Ann"),
    ]
    assert after(bank(game, "Ann", 5))[1:] == [out("Ann", "Cy", 35), ev.TurnStarted("Bob")]
    assert after(bank(game, "Bob", 10)) == [
        ev.LastLickEnded("Bob", True, 35),
        ev.LeaderChanged("Bob", "Cy", 40, ("Cy",)),
        ev.TurnStarted("Cy"),
    ]
    assert after(wreck(game, "Cy"))[1:] == [out("Cy", "Bob", 40), ev.GameOver("Bob", "won Last Licks")]


def test_variant_c_with_four_players_a_tie_goes_to_the_first_to_reach_it() -> None:
    game = start(4, last_licks="C")
    bank(game, "Ann", 25)
    bank(game, "Bob", 30)
    assert after(wreck(game, "Cy"))[1:] == [out("Cy", "Ann", 25), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 30))[1:] == [ev.LeaderChanged("Bob", "Ann", 30, ("Di", "Ann")), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 5)) == [ev.LastLickEnded("Di", True, 30), ev.TurnStarted("Ann")]
    assert after(bank(game, "Ann", 5))[1:] == [
        out("Ann", "Bob", 30), ev.LeaderChanged("Di", "Bob", 35, ("Bob",)), ev.TurnStarted("Bob"),
    ]
    assert after(wreck(game, "Bob"))[1:] == [out("Bob", "Di", 35), ev.GameOver("Di", "won Last Licks")]


def test_variant_c_when_everyone_fails_the_leader_wins() -> None:
    game = start(last_licks="C")
    bank(game, "Ann", 25)
    wreck(game, "Bob")
    assert after(bank(game, "Cy", 20))[1:] == [out("Cy", "Ann", 25), ev.GameOver("Ann", "won Last Licks")]


@pytest.mark.parametrize("variant", ["official", "single", "A", "B", "C", "D"])
def test_a_challenger_who_bumps_the_leader_below_them_has_passed(variant: str) -> None:
    """RULES.md: passing is judged after the bank and everything it causes, in every variant."""
    game = start(2, last_licks=variant, bump=True)
    bank(game, "Ann", 25)
    events = bank(game, "Bob", 25)  # lands on Ann's 25: Ann goes back to Bob's 0
    assert after(events)[:2] == [ev.Bumped("Ann", "Bob", 0), ev.LastLickEnded("Bob", True, 0)]
    assert game.state.player("Bob").out is None
    assert ev.LeaderChanged("Bob", "Ann", 25, () if variant in ("single", "D") else ("Ann",)) in events
    if variant in ("single", "D"):
        assert events[-1] == ev.GameOver("Bob", "won Last Licks")
    else:
        assert events[-1] == ev.TurnStarted("Ann")


def test_variant_c_with_bump_the_bumped_leaders_score_is_the_target_for_the_rest_of_the_round() -> None:
    game = start(last_licks="C", bump=True)
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 25))[:2] == [ev.Bumped("Ann", "Bob", 0), ev.LastLickEnded("Bob", True, 0)]
    assert game.state.last_licks.target == 0
    assert after(bank(game, "Cy", 5)) == [
        ev.LastLickEnded("Cy", True, 0),
        ev.LeaderChanged("Bob", "Ann", 25, ("Cy", "Ann")),
        ev.TurnStarted("Cy"),
    ]


# -- D: the passed leader is removed -----------------------------------------------------------------------------------


def test_variant_d_with_three_players() -> None:
    game = start(last_licks="D")
    bank(game, "Ann", 25)
    events = after(bank(game, "Bob", 30))
    assert events[0] == ev.LastLickEnded("Bob", True, 25)
    assert isinstance(events[1], ev.PlayerOut) and events[1].player == "Ann"
    assert events[2:] == [ev.LeaderChanged("Bob", "Ann", 30, ("Cy",)), ev.TurnStarted("Cy")]
    assert game.state.player("Ann").out is not None
    assert after(wreck(game, "Cy"))[1:] == [out("Cy", "Bob", 30), ev.GameOver("Bob", "won Last Licks")]


def test_variant_d_with_four_players() -> None:
    game = start(4, last_licks="D")
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 30))[-2:] == [ev.LeaderChanged("Bob", "Ann", 30, ("Cy", "Di")), ev.TurnStarted("Cy")]
    events = after(bank(game, "Cy", 35))
    assert [type(e).__name__ for e in events] == ["LastLickEnded", "PlayerOut", "LeaderChanged", "TurnStarted"]
    assert events[1].player == "Bob" and events[2] == ev.LeaderChanged("Cy", "Bob", 35, ("Di",))
    assert after(bank(game, "Di", 30))[1:] == [out("Di", "Cy", 35), ev.GameOver("Cy", "won Last Licks")]
    assert [p.out is None for p in game.state.players] == [False, False, True, False]


def test_variant_d_a_removed_leader_is_told_why_in_plain_words() -> None:
    game = start(last_licks="D")
    bank(game, "Ann", 25)
    bank(game, "Bob", 30)
    assert game.why_not("Ann", ROLL) == "You are out of this game: you lost the lead to Bob in Last Licks (no second chance)."


# -- single: one turn each, the highest wins -------------------------------------------------------------------------


def test_single_with_three_players_the_highest_wins_and_failing_does_not_put_out() -> None:
    game = start(last_licks="single")
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 20)) == [ev.LastLickEnded("Bob", False, 25), ev.TurnStarted("Cy")]
    assert game.state.player("Bob").out is None
    assert after(bank(game, "Cy", 30)) == [
        ev.LastLickEnded("Cy", True, 25), ev.LeaderChanged("Cy", "Ann", 30, ()), ev.GameOver("Cy", "won Last Licks"),
    ]


def test_single_a_tie_goes_to_the_earlier() -> None:
    game = start(last_licks="single")
    bank(game, "Ann", 25)
    wreck(game, "Bob")
    assert after(bank(game, "Cy", 25)) == [ev.LastLickEnded("Cy", False, 25), ev.GameOver("Ann", "won Last Licks")]


def test_single_with_four_players_no_second_turn_for_anyone() -> None:
    game = start(4, last_licks="single")
    bank(game, "Ann", 25)
    assert after(bank(game, "Bob", 30))[1:] == [ev.LeaderChanged("Bob", "Ann", 30, ("Cy", "Di")), ev.TurnStarted("Cy")]
    assert after(bank(game, "Cy", 35))[1:] == [ev.LeaderChanged("Cy", "Bob", 35, ("Di",)), ev.TurnStarted("Di")]
    assert after(bank(game, "Di", 35)) == [ev.LastLickEnded("Di", False, 35), ev.GameOver("Cy", "won Last Licks")]


def test_single_when_a_bump_under_one_three_five_drops_the_leader_the_highest_score_still_wins() -> None:
    """RULES.md, single: each other player gets one last turn, then the highest score wins. Ann reaches 500; Bob's
    lick fails but leaves him on 480 (single puts no one out); Cy lands on 300, the space of Ann's 500 under 1/3/5,
    and bumps her back to 260. Cy passed Ann, but Bob's 480 is the highest score: Bob wins. Before, Cy won on 300."""
    from support.positions import position

    game = position(RuleSet(goal=500, last_licks="single", bump=True, one_three_five=True),
                     {"Ann": 440, "Bob": 480, "Cy": 260}, "Ann")
    dice = LoadedDice(["5 5 5 2 s2", "10 s2", WRECK, "10 10 2 3 s6", "10 10 s6"])
    for player, action in [("Ann", ROLL), ("Ann", ROLL), ("Ann", STOP), ("Bob", ROLL), ("Cy", ROLL), ("Cy", ROLL)]:
        game.apply(player, action, dice)  # Ann 500 starts Last Licks; Bob wrecks; Cy throws 40
    events = game.apply("Cy", STOP, dice)
    assert after(events) == [
        ev.Bumped("Ann", "Cy", 260),
        ev.LastLickEnded("Cy", True, 260),
        ev.LeaderChanged("Bob", "Ann", 480, ()),
        ev.GameOver("Bob", "won Last Licks"),
    ]
    assert Game.replay(game.events).state == game.state


# -- Supernova and instant win during Last Licks -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["official", "A", "B", "C", "D", "single"])
def test_supernova_during_last_licks_puts_the_challenger_out(variant: str) -> None:
    game = start(last_licks=variant)
    bank(game, "Ann", 25)
    events = throw(game, "Bob", SUPERNOVA)
    assert [type(e).__name__ for e in events] == ["Thrown", "Scored", "PlayerOut", "TurnStarted"]
    assert events[2] == ev.PlayerOut("Bob", "threw a Supernova (a freight train of 10s)")
    assert events[3] == ev.TurnStarted("Cy")
    events = bank(game, "Cy", 20)
    assert events[-1] == ev.GameOver("Ann", "won Last Licks")


def test_supernova_of_the_last_challenger_ends_last_licks() -> None:
    game = start(2)
    bank(game, "Ann", 25)
    assert throw(game, "Bob", SUPERNOVA)[-1] == ev.GameOver("Ann", "won Last Licks")


def test_supernova_of_the_old_leader_in_a_variant_a_duel() -> None:
    game = start(last_licks="A")
    bank(game, "Ann", 25)
    bank(game, "Bob", 30)
    events = throw(game, "Ann", SUPERNOVA)
    assert events[-2:] == [ev.PlayerOut("Ann", "threw a Supernova (a freight train of 10s)"), ev.TurnStarted("Cy")]
    assert game.state.last_licks.leader == "Bob"


@pytest.mark.parametrize("variant", ["official", "A", "B", "C", "D", "single"])
def test_instant_win_during_last_licks_ends_the_game_at_once(variant: str) -> None:
    game = start(last_licks=variant)
    bank(game, "Ann", 25)
    events = throw(game, "Bob", SIXES)
    assert events[-1] == ev.GameOver("Bob", "threw a freight train of 6s: instant winner")
    assert game.state.winner == "Bob" and game.state.over and game.legal_actions() == ()


# -- leaving the game: the last player, no winner ----------------------------------------------------------------------


def test_last_player_left_plays_on_and_must_still_reach_the_goal() -> None:
    game = start()
    throw(game, "Ann", SUPERNOVA)
    assert throw(game, "Bob", SUPERNOVA)[-1] == ev.TurnStarted("Cy")
    assert after(bank(game, "Cy", 10)) == [ev.TurnStarted("Cy")]
    assert not game.state.over
    assert after(bank(game, "Cy", 15)) == [
        ev.LastLicksStarted("Cy", 25, ()), ev.GameOver("Cy", "reached the goal with no one left to challenge"),
    ]
    assert game.state.winner == "Cy"


def test_option_last_player_wins_at_once() -> None:
    game = start(last_player_wins=True)
    assert throw(game, "Ann", SUPERNOVA)[-1] == ev.TurnStarted("Bob")
    assert throw(game, "Bob", SUPERNOVA)[-1] == ev.GameOver("Cy", "is the last player left in the game")
    assert game.state.winner == "Cy"


def test_option_last_player_wins_with_two_players() -> None:
    game = start(2, last_player_wins=True)
    assert throw(game, "Ann", SUPERNOVA)[-1] == ev.GameOver("Bob", "is the last player left in the game")


def test_option_last_player_wins_does_not_end_a_game_of_one() -> None:
    game = start(1, last_player_wins=True)
    assert after(bank(game, "Ann", 10)) == [ev.TurnStarted("Ann")]


def test_a_game_with_no_winner_when_all_are_out() -> None:
    game = start(2)
    throw(game, "Ann", SUPERNOVA)
    assert throw(game, "Bob", SUPERNOVA)[-1] == ev.GameOver(None, "no player is left in the game")
    assert game.state.over and game.state.winner is None and game.state.current is None
    assert game.legal_actions() == ()


def test_a_game_of_one_supernova_has_no_winner() -> None:
    game = start(1)
    assert throw(game, "Ann", SUPERNOVA)[-1] == ev.GameOver(None, "no player is left in the game")
