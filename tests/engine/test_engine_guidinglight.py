"""The Guiding Light: unanimous approval, expiry, and changes that wait for the next turn."""

from __future__ import annotations

from engine.wimpout import ROLL, STOP, LoadedDice, RuleSet, events as ev
from engine.wimpout.actions import Propose, Vote, Withdraw
from support.positions import kinds, position


def test_adopted_mid_turn_does_not_change_that_turn_but_changes_the_next() -> None:
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100}, "Ann")
    dice = LoadedDice(["10 2 3 4 s6", "5 5 5 s5", "s10", "10 2 3 4 s6", "5 5 5 5 s2"])
    game.apply("Ann", ROLL, dice)
    assert kinds(game.apply("Ann", Propose("fourth_number_scores", "on"), dice)) == ["ProposalMade"]
    events = game.apply("Bob", Vote(1, True), dice)
    assert kinds(events) == ["VoteCast", "ProposalAdopted"]
    assert game.state.rules.fourth_number_scores is False
    events = game.apply("Ann", ROLL, dice)  # four 5s in this turn still score 50: the rule waits
    assert [e.turn_points for e in events if isinstance(e, ev.Scored)] == [60]
    game.apply("Ann", ROLL, dice)
    game.apply("Ann", ROLL, dice)
    events = game.apply("Ann", STOP, dice)
    assert kinds(events)[-2:] == ["RulesChanged", "TurnStarted"]
    assert game.state.rules.fourth_number_scores is True
    events = game.apply("Bob", ROLL, dice)  # the next turn: the fourth 5 scores
    assert [e.scoring.points for e in events if isinstance(e, ev.Scored)] == [55]


def test_before_the_first_throw_a_change_takes_effect_at_once() -> None:
    game = position(RuleSet(), {"Ann": 0, "Bob": 0}, "Ann")
    game.apply("Ann", Propose("goal", "300"), LoadedDice([]))
    events = game.apply("Bob", Vote(1, True), LoadedDice([]))
    assert kinds(events) == ["VoteCast", "ProposalAdopted", "RulesChanged"]
    assert game.state.rules.goal == 300


def test_any_no_defeats_a_proposal() -> None:
    game = position(RuleSet(), {"Ann": 0, "Bob": 0, "Cy": 0}, "Ann")
    game.apply("Ann", Propose("bump", "on"), LoadedDice([]))
    game.apply("Bob", Vote(1, True), LoadedDice([]))
    events = game.apply("Cy", Vote(1, False), LoadedDice([]))
    assert events == [ev.VoteCast(1, "Cy", False), ev.ProposalDefeated(1, "Cy voted no")]
    assert game.state.rules.bump is False and not game.state.proposals


def test_a_proposal_expires_at_the_end_of_the_proposers_next_turn() -> None:
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann")
    dice = LoadedDice(["10 2 3 4 s6"] * 3)
    game.apply("Bob", Propose("bump", "on"), dice)  # during Ann's turn
    game.apply("Ann", ROLL, dice)
    game.apply("Ann", STOP, dice)
    game.apply("Bob", ROLL, dice)
    assert 1 in game.state.proposals
    events = game.apply("Bob", STOP, dice)
    assert ev.ProposalDefeated(1, "it expired at the end of Bob's turn") in events


def test_an_honour_rule_is_recorded_and_shown_with_the_rules() -> None:
    game = position(RuleSet(), {"Ann": 0, "Bob": 0}, "Ann")
    game.apply("Ann", Propose(text="cubes that fall off the table are thrown again"), LoadedDice([]))
    game.apply("Bob", Vote(1, True), LoadedDice([]))
    assert game.state.rules.honour_rules == ("cubes that fall off the table are thrown again",)


def test_refusals_of_the_guiding_light() -> None:
    game = position(RuleSet(bump=True), {"Ann": 0, "Bob": 0}, "Ann")
    assert game.why_not("Ann", Propose("eclipse", "1")) == (
        "Eclipse cannot be played with Bump: you could never land on a score Bump needs."
    )
    assert game.why_not("Ann", Propose("bump", "on")) == "The table already plays with bump on."
    assert game.why_not("Ann", Propose("goal", "7")) == "goal: the goal must be a multiple of 5 from 5 to 100000."
    assert game.why_not("Ann", Propose("hats", "on")).startswith("There is no rule called 'hats'.")
    assert game.why_not("Ann", Vote(3, True)) == "There is no open proposal number 3."
    assert game.why_not("Zed", Propose("kill", "5")) == "You are not playing in this game."
    game.apply("Ann", Propose("kill", "5"), LoadedDice([]))
    assert game.why_not("Ann", Vote(1, True)) == "You have already voted for proposal 1."


SUPERNOVA = "threw a Supernova (a freight train of 10s)"


def test_only_players_still_in_the_game_vote() -> None:
    game = position(RuleSet(), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann")
    game._emit(ev.PlayerOut("Cy", SUPERNOVA))
    game.apply("Ann", Propose("kill", "5"), LoadedDice([]))
    assert game.why_not("Cy", Vote(1, True)) == f"You are out of this game: you {SUPERNOVA}."
    assert kinds(game.apply("Bob", Vote(1, True), LoadedDice([]))) == ["VoteCast", "ProposalAdopted", "RulesChanged"]
    assert game.state.rules.kill == 5


def test_a_player_out_of_the_game_may_still_propose_but_does_not_vote() -> None:
    """RULES.md: any seated player may propose; one who is out does not vote, so everyone still in must say yes."""
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann")
    dice = LoadedDice(["10 10 10 10 s10", "10 2 3 4 s6"])
    assert ev.PlayerOut("Ann", SUPERNOVA) in game.apply("Ann", ROLL, dice)
    assert game.why_not("Ann", Propose("kill", "5")) is None
    assert game.apply("Ann", Propose("kill", "5"), dice) == [ev.ProposalMade(1, "Ann", "kill", "5", "kill 5")]
    assert game.why_not("Ann", Vote(1, True)) == f"You are out of this game: you {SUPERNOVA}."
    assert kinds(game.apply("Bob", Vote(1, True), dice)) == ["VoteCast"]  # Cy, still in, has not said yes
    assert kinds(game.apply("Cy", Vote(1, True), dice)) == ["VoteCast", "ProposalAdopted"]


def test_a_proposal_outlives_its_proposer_going_out() -> None:
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100, "Cy": 100}, "Ann")
    dice = LoadedDice(["10 10 10 10 s10"])
    game.apply("Ann", Propose("bump", "on"), dice)
    events = game.apply("Ann", ROLL, dice)
    assert ev.PlayerOut("Ann", SUPERNOVA) in events and 1 in game.state.proposals
    game.apply("Bob", Vote(1, True), dice)
    assert kinds(game.apply("Cy", Vote(1, True), dice)) == ["VoteCast", "ProposalAdopted"]


def test_a_proposal_of_a_player_who_is_out_expires_with_the_turn_of_the_next_player_still_in() -> None:
    """Nobody plays the out proposer's turns: the first player still in after their seat plays the turn it waits
    for, so a proposal still lasts about a round."""
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100, "Cy": 100}, "Bob")
    dice = LoadedDice(["10 2 3 4 s6"] * 4)
    game._emit(ev.PlayerOut("Ann", SUPERNOVA))
    game.apply("Ann", Propose("bump", "on"), dice)  # during Bob's turn, which therefore does not count
    for player in ("Bob", "Cy"):
        game.apply(player, ROLL, dice)
        game.apply(player, STOP, dice)
    assert 1 in game.state.proposals
    game.apply("Bob", ROLL, dice)
    events = game.apply("Bob", STOP, dice)
    assert ev.ProposalDefeated(1, "it expired at the end of Bob's turn") in events


def test_a_change_already_open_is_not_proposed_twice() -> None:
    game = position(RuleSet(), {"Ann": 0, "Bob": 0, "Cy": 0}, "Ann")
    game.apply("Ann", Propose("bump", "on"), LoadedDice([]))
    game.apply("Ann", Propose(text="no dice on the floor"), LoadedDice([]))
    sent_to_first = "That is already proposed (1, by Ann): 'vote yes 1' to support it."
    assert game.why_not("Bob", Propose("bump", "yes")) == sent_to_first  # the same change, spelled otherwise
    assert game.why_not("Bob", Propose(text="No dice on the floor ")) == (
        "That is already proposed (2, by Ann): 'vote yes 2' to support it."
    )
    assert game.why_not("Bob", Propose("kill", "5")) is None
    game.apply("Bob", Vote(1, False), LoadedDice([]))
    assert game.why_not("Bob", Propose("bump", "on")) is None  # defeated, so it may be proposed again


def test_a_player_going_out_at_the_end_of_a_turn_leaves_a_proposal_approved_by_everyone_still_in() -> None:
    """RULES.md: a change passes by unanimous approval of the players still in the game, and one adopted during a
    game takes effect at the start of the next turn. Bob, who had not voted, fails his Last Lick and is out: everyone
    still in has approved, so bump is in force from Cy's turn on. Before, the proposal stayed open through Cy's whole
    turn (it was settled before the failed lick put Bob out) and bump came a turn late."""
    game = position(RuleSet(goal=200, opening_minimum=0), {"Ann": 180, "Bob": 150, "Cy": 100}, "Ann")
    dice = LoadedDice(["5 5 5 2 s2", "10 s2", "2 3 4 6 s2"])
    game.apply("Ann", ROLL, dice)
    game.apply("Ann", ROLL, dice)
    game.apply("Ann", STOP, dice)  # Ann 240: Last Licks, Bob then Cy
    game.apply("Cy", Propose("bump", "on"), dice)
    game.apply("Ann", Vote(1, True), dice)
    events = game.apply("Bob", ROLL, dice)  # a Train Wreck: Bob did not pass, and is out
    assert kinds(events)[-4:] == ["PlayerOut", "ProposalAdopted", "RulesChanged", "TurnStarted"]
    assert game.state.rules.bump and not game.state.proposals


def test_adopted_at_the_start_of_a_turn_before_its_first_throw_still_waits_for_the_next_turn() -> None:
    """RULES.md: once the game has begun, a change takes effect at the start of the next turn, never inside the turn
    in progress, and a turn is in progress from its start, before its first throw; only before the game's first throw
    does a change take effect at once ('help guiding light' said 'at once if no cube of this turn has been thrown')."""
    game = position(RuleSet(opening_minimum=0), {"Ann": 100, "Bob": 100}, "Ann")
    dice = LoadedDice(["10 2 3 4 s6", "5 5 5 5 s2"])
    game.apply("Ann", ROLL, dice)
    game.apply("Ann", STOP, dice)  # Bob's turn begins
    game.apply("Bob", Propose("fourth_number_scores", "on"), dice)
    assert kinds(game.apply("Ann", Vote(1, True), dice)) == ["VoteCast", "ProposalAdopted"]
    assert game.state.rules.fourth_number_scores is False
    events = game.apply("Bob", ROLL, dice)  # four 5s in this turn still score 50
    assert [e.scoring.points for e in events if isinstance(e, ev.Scored)] == [50]


def test_two_changes_adopted_together_before_the_first_throw_both_take_effect() -> None:
    """Cy's leaving completes two proposals at once, before Ann has thrown: the second builds on the first (it used to
    build on the rules before both, so the table was told bump was adopted and played without it)."""
    game = position(RuleSet(), {"Ann": 0, "Bob": 0, "Cy": 0}, "Ann")
    dice = LoadedDice([])
    game.apply("Ann", Propose("bump", "on"), dice)
    game.apply("Ann", Propose("goal", "300"), dice)
    game.apply("Bob", Vote(1, True), dice)
    game.apply("Bob", Vote(2, True), dice)
    events = game.apply("Cy", Withdraw("Cy", "leaves"), dice)
    assert kinds(events) == ["PlayerOut", "ProposalAdopted", "RulesChanged", "ProposalAdopted", "RulesChanged"]
    assert game.state.rules.bump is True and game.state.rules.goal == 300


def test_open_proposals_and_honour_rules_are_bounded() -> None:
    """Each proposal and honour rule is kept (and saved with the table) until it goes: a player alone with a house bot,
    or before the start, could otherwise grow the table's rules and proposals without end."""
    from engine.wimpout.guidinglight import MAX_HONOUR_RULES, MAX_OPEN_PROPOSALS

    dice = LoadedDice([])
    game = position(RuleSet(), {"Ann": 0, "Bob": 0}, "Ann")
    for goal in range(MAX_OPEN_PROPOSALS):
        assert kinds(game.apply("Ann", Propose("goal", str(100 + 5 * goal)), dice)) == ["ProposalMade"]
    refusal = f"{MAX_OPEN_PROPOSALS} proposals are open already: vote on them first ('rules' lists them)."
    assert game.why_not("Ann", Propose("goal", "5")) == refusal
    game = position(RuleSet(honour_rules=tuple(f"rule {n}" for n in range(MAX_HONOUR_RULES - 1))), {"Ann": 0, "Bob": 0},
                    "Ann")
    game.apply("Ann", Propose(text="no hats"), dice)
    refusal = f"A table keeps at most {MAX_HONOUR_RULES} honour rules (those proposed included)."
    assert game.why_not("Bob", Propose(text="no gloves")) == refusal
    assert game.why_not("Bob", Propose("bump", "on")) is None
