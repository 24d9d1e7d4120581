"""Tables without a network: seats, watchers, starting, moves by typed words, and every refusal's message."""

from __future__ import annotations

import re

import pytest

from engine.wimpout import LoadedDice, RuleSet
from rooms.messages import Refusal
from rooms.wimpout.rulewords import option_names
from rooms.tables import Absent, RemovalVote, Sat, Status, Table, TableNews, TimedOut
from rooms.wimpout.wimpoutplay import restore_table, wimpout_table
from rooms.wimpout.wimpoutview import ProposalView, PutToTable, parse_options
from rooms.wimpout.turnwords import parse_propose
from engine.wimpout import events as ev


def table_of(*names: str, **rules: object) -> Table:
    return wimpout_table(1, "lobby", RuleSet(**rules), names)


def refused(message: str):  # type: ignore[no-untyped-def]
    return pytest.raises(Refusal, match=f"^{re.escape(message)}$")


def started(*names: str, script: tuple[str, ...] = (), **rules: object) -> tuple[Table, LoadedDice]:
    """A table whose game has begun with the first named player up (the roll-off is scripted)."""
    table = table_of(*names, **rules)
    rolloff = " ".join(["10"] + ["2"] * (len(names) - 1))
    dice = LoadedDice((rolloff, *script))
    table.start(names[0], dice)
    return table, dice


def test_options_as_typed() -> None:
    rules = parse_options(["goal=300", "lastlicks=B", "bump", "ntw=3"])
    assert (rules.goal, rules.last_licks, rules.bump, rules.ntw) == (300, "B", True, 3)
    with refused("goal: the goal must be a multiple of 5 from 5 to 100000."):
        parse_options(["goal=7"])
    with refused("Eclipse cannot be played with Bump: you could never land on a score Bump needs."):
        parse_options(["bump", "eclipse=1"])


def test_sitting_standing_and_watching() -> None:
    table = table_of("Ann")
    news = table.sit("Bob")
    assert news.events == (Sat("Bob"),) and news.view.status is Status.WAITING
    with refused("You are already sitting at table 1."):
        table.sit("Bob")
    table.watch("Cy")
    assert table.audience == ["Ann", "Bob", "Cy"]
    with refused("You are already watching table 1."):
        table.watch("Cy")
    with refused("You are sitting at table 1: you see everything already."):
        table.watch("Ann")
    table.unwatch("Cy")
    with refused("You are not watching table 1."):
        table.unwatch("Cy")
    table.stand("Bob")
    with refused("You are not sitting at table 1."):
        table.stand("Bob")


def test_a_full_table_refuses_a_ninth_seat() -> None:
    table = table_of(*(f"P{i}" for i in range(8)))
    with refused("Table 1 is full (8 seats)."):
        table.sit("Zed")


def test_start_needs_two_seated_players_and_a_seated_starter() -> None:
    table = table_of("Ann")
    with refused("Only a player sitting at table 1 can start its game."):
        table.start("Bob", LoadedDice([]))
    with refused("A game needs at least 2 players sitting at the table: wait for someone to 'sit 1', or "
                 "'table bot add' seats a house bot."):
        table.start("Ann", LoadedDice([]))
    table.sit("Bob")
    news = table.start("Ann", LoadedDice(["6 10"]))
    assert [type(e).__name__ for e in news.events] == ["GameCreated", "RollOff", "TurnStarted"]
    assert news.view.up == "Bob" and news.view.legal == {"Ann": (), "Bob": ("roll",)}
    with refused("The game at table 1 has already started."):
        table.start("Ann", LoadedDice([]))
    with refused("The game at table 1 has started; you can 'watch 1'."):
        table.sit("Cy")
    with refused("The game is on: 'leave' leaves the game (your score is lost), or play on."):
        table.stand("Ann")


def test_turn_words_and_the_engines_reasons() -> None:
    table, dice = started("Ann", "Bob", script=("4 4 4 2 s6", "2 S"))
    with refused("It is not your turn; it is Ann's."):
        table.move("Bob", "roll", dice)
    with refused("Every turn begins by throwing all five cubes: roll first."):
        table.move("Ann", "stop", dice)
    with refused("'dance' is not a move. You can: roll."):
        table.move("Ann", "dance", dice)
    with refused("There is nothing to choose now."):
        table.move("Ann", "keep sun 10", dice)
    news = table.move("Ann", "r", dice)
    assert news.view.legal["Ann"] == ("roll",)
    assert news.view.stop_refusal == "You must clear your flash of 4s before you can stop."
    with refused("You must clear your flash of 4s before you can stop."):
        table.move("Ann", "s", dice)
    news = table.move("Ann", "roll", dice)  # a lone sun while clearing 4s: it must score, 10 or 5
    assert news.view.legal["Ann"] == ("keep sun 10", "keep sun 5")
    with refused("That is not one of the ways your throw can score: keep sun 10 or keep sun 5."):
        table.move("Ann", "reroll sun", dice)
    news = table.move("Ann", "keep sun 10", dice)
    assert news.view.turn_points == 50 and news.view.legal["Ann"] == ("roll", "stop")


def test_the_sun_pair_choice_is_typed_as_flash_n() -> None:
    table, dice = started("Ann", "Bob", script=("4 4 6 6 S",))
    news = table.move("Ann", "roll", dice)
    assert news.view.legal["Ann"] == ("flash 4", "flash 6")
    news = table.move("Ann", "flash 6", dice)
    assert news.view.turn_points == 60 and news.view.clearing == (6,)


def test_insurance_words() -> None:
    table, dice = started("Ann", "Bob", script=("10 2 3 4 s6",), insurance=True)
    game = table.play.game
    assert game is not None
    game._emit(ev.InsuranceEarned("Bob", 4, "earlier"))
    news = table.move("Ann", "roll", dice)
    assert news.view.legal == {"Ann": (), "Bob": ("spend 4 Ann", "pass")}
    with refused("It is Ann's throw: 'spend 4 Ann' cancels it."):
        table.move("Bob", "spend 2", dice)
    with refused("Only the throw on the table can be cancelled, and it is Ann's."):
        table.move("Bob", "spend 4 Cy", dice)
    with refused("Your own throw costs 2: 'spend 2'."):
        table.move("Ann", "spend 4 ann", dice)
    with refused("Type 'spend 2' to cancel your own throw, or 'spend 4 <player>'."):
        table.move("Ann", "spend lots", dice)
    news = table.move("Bob", "spend 4 ann", dice)
    assert [type(e).__name__ for e in news.events] == ["ThrowCancelled"]


def test_the_guiding_light_at_a_table() -> None:
    table, dice = started("Ann", "Bob", "Cy")
    table.play.propose("Bob", "goal 300", dice)
    table.play.propose("Cy", '"no hats at the table"', dice)
    with refused("Several proposals are open: 1 (goal 300), 2 (\"no hats at the table\"). Say which, e.g. 'vote yes 1'."):
        table.play.vote("Ann", "yes", dice)
    with refused("Vote with 'vote yes' or 'vote no' (add the proposal's number if several are open)."):
        table.play.vote("Ann", "maybe", dice)
    table.play.vote("Ann", "yes 1", dice)
    news = table.play.vote("Cy", "yes 1", dice)
    assert news.view.rules.goal == 300  # before the first throw: at once
    news = table.play.vote("Ann", "no 2", dice)
    assert news.view.proposals == ()


def test_parse_propose_forms() -> None:
    assert parse_propose("bump") == parse_propose("bump on")
    assert parse_propose("goal=300").value == "300"
    assert parse_propose('"roll on the carpet"').text == "roll on the carpet"
    with refused("Put an honour rule in double quotes: propose \"no rolling off the table\"."):
        parse_propose('"unfinished')


def test_set_rules_before_the_game_only() -> None:
    table = table_of("Ann")
    table.add_bot("Ann", [])  # a house bot is not a person: the lone opener still sets up the table
    news = table.play.set_options("Ann", ["goal=300", "bump"])
    assert news.view.rules.goal == 300 and news.view.rules.bump and table.play.rules.goal == 300
    with refused("Only a player sitting at table 1 can set its rules."):
        table.play.set_options("Cy", ["goal=100"])
    table.start("Ann", LoadedDice(["10 2"]))
    with refused("The game has started: rules now change by the Guiding Light ('propose')."):
        table.play.set_options("Ann", ["goal=100"])


def kinds(news: TableNews) -> list[str]:
    return [type(event).__name__ for event in news.events]


def test_the_guiding_light_before_the_start() -> None:
    """RULES.md: a change passes only by every player's approval; before the game starts it takes effect at once."""
    table, dice = table_of("Ann", "Bob"), LoadedDice([])
    with refused("There is no proposal to vote on."):
        table.play.vote("Bob", "yes", dice)
    news = table.play.propose("Ann", "goal 300", dice)
    assert news.events == (ev.ProposalMade(1, "Ann", "goal", "300", "goal 300"),) and table.play.rules.goal == 500
    assert news.view.proposals == (ProposalView(1, "Ann", "goal 300", ("Ann",), ("Bob",)),)
    with refused("That is already proposed (1, by Ann): 'vote yes 1' to support it."):
        table.play.propose("Bob", "goal=300", dice)
    with refused("You have already voted for proposal 1."):
        table.play.vote("Ann", "yes", dice)
    with refused("There is no open proposal number 7."):
        table.play.vote("Bob", "yes 7", dice)
    with refused("There is no table option called 'hats'. The options (name=value, or the name alone to switch a rule "
                 f"on; 'help options' says what each does): {option_names()}."):
        table.play.propose("Bob", "hats on", dice)
    with refused("Only a player sitting at table 1 can vote on its rules."):
        table.play.vote("Cy", "yes", dice)
    news = table.play.vote("Bob", "yes", dice)
    assert kinds(news) == ["VoteCast", "ProposalAdopted", "RulesChanged"]
    assert table.play.rules.goal == 300 and news.view.rules.goal == 300 and news.view.proposals == ()
    with refused("The table already plays with goal 300."):
        table.play.propose("Bob", "goal 300", dice)
    table.play.propose("Bob", '"no hats at the table"', dice)
    news = table.play.vote("Ann", "no", dice)
    assert news.events[-1] == ev.ProposalDefeated(2, "Ann voted no") and table.play.rules.honour_rules == ()


def test_table_set_with_others_seated_is_put_to_them() -> None:
    table, dice = table_of("Ann", "Bob"), LoadedDice([])
    with refused("goal: the goal must be a multiple of 5 from 5 to 100000."):
        table.play.set_options("Bob", ["bump", "goal=7"])
    assert table.play.proposals == {}
    news = table.play.set_options("Bob", ["goal=100", "bump"])
    assert news.events[0] == PutToTable("Bob", (1, 2)) and kinds(news)[1:] == ["ProposalMade", "ProposalMade"]
    assert table.play.rules == RuleSet() and [p.text for p in news.view.proposals] == ["goal 100", "bump on"]
    table.play.vote("Ann", "yes 1", dice)
    news = table.play.vote("Ann", "yes 2", dice)
    assert table.play.rules.goal == 100 and table.play.rules.bump and news.view.rules == table.play.rules


def test_a_house_bot_votes_before_the_start_as_in_the_game() -> None:
    table, dice = table_of("Ann"), LoadedDice([])
    table.add_bot("Ann", [])
    table.play.propose("Ann", "bump", dice)
    assert table.bot_to_move() == ("Robby1.bot", False)
    news = table.bot_move(dice)
    assert kinds(news) == ["VoteCast", "ProposalAdopted", "RulesChanged"] and table.play.rules.bump
    assert table.bot_to_move() is None


def test_whoever_sits_votes_and_whoever_stands_no_longer_holds_a_change_up() -> None:
    table, dice = table_of("Ann", "Bob"), LoadedDice([])
    table.play.propose("Ann", "goal 300", dice)
    table.sit("Cy")
    news = table.play.vote("Bob", "yes", dice)
    assert table.play.rules.goal == 500 and news.view.proposals[0].waiting == ("Cy",)
    news = table.play.vote("Cy", "yes", dice)
    assert table.play.rules.goal == 300
    table.play.propose("Ann", "bump", dice)
    table.play.vote("Bob", "yes", dice)
    news = table.stand("Cy")
    assert kinds(news) == ["Stood", "ProposalAdopted", "RulesChanged"] and table.play.rules.bump


def test_proposals_open_at_the_start_lapse() -> None:
    table, dice = table_of("Ann", "Bob"), LoadedDice(["10 2"])
    table.play.propose("Ann", "bump", dice)
    news = table.start("Bob", dice)
    assert news.events[0] == ev.ProposalDefeated(1, "the game started") and ev.ProposalDefeated not in map(type, table.play.events)
    assert table.play.game is not None and not table.play.game.rules.bump and news.view.proposals == ()
    assert table.play.proposals == {}


def test_absence_and_removal_by_the_table() -> None:
    table, dice = started("Ann", "Bob", "Cy")
    with refused("Bob is here: only an absent player can be voted out."):
        table.vote_remove("Ann", "Bob", dice)
    with refused("Zed is not playing at table 1."):
        table.vote_remove("Ann", "Zed", dice)
    assert table.set_absent("Bob", True).events == (Absent("Bob", True),)
    assert table.set_absent("Bob", True) is None
    news = table.vote_remove("Ann", "bob", dice)
    assert news.events == (RemovalVote("Ann", "Bob", ("Cy",)),)
    news = table.vote_remove("Cy", "Bob", dice)
    assert ev.PlayerOut("Bob", "was removed by the table while away") in news.events
    assert news.view.legal.get("Bob") is None


def test_leaving_during_a_game_is_leaving_the_game() -> None:
    table, dice = started("Ann", "Bob", "Cy")
    news = table.leave("Ann", dice)
    assert ev.PlayerOut("Ann", "left the table") in news.events and news.view.up == "Bob"


def test_the_timer_stops_for_a_player_who_may_stop_and_otherwise_throws() -> None:
    table, dice = started("Ann", "Bob", script=("10 2 3 4 s6", "10 5 5 2 s2"), opening_minimum=0)
    news = table.timed_out(dice)
    assert news is not None and news.events[0] == TimedOut("Ann", "roll")
    news = table.timed_out(dice)
    assert news is not None and news.events[0] == TimedOut("Ann", "stop")
    assert news.view.up == "Bob"


def test_a_restored_table_is_the_same_table() -> None:
    table, dice = started("Ann", "Bob", script=("10 2 3 4 s6",))
    table.move("Ann", "roll", dice)
    assert table.play.game is not None
    again = restore_table(1, "lobby", table.play.rules, table.seats, table.play.game.events)
    assert again.view() == table.view()


def test_house_bots_sit_play_through_the_engine_and_vote_yes_at_once() -> None:
    from engine.wimpout import SeededDice

    table = table_of("Ann", goal=200)
    assert table.add_bot("Ann", ["threshold", "100"]).events == (Sat("Robby1.bot"),)
    assert table.add_bot("Ann", ["Zed", "cautious"]).events == (Sat("Zed.bot"),)
    with refused("Zed.bot is already at this table."):
        table.add_bot("Ann", ["Zed"])
    with refused(
        "A bot plays 'cautious' (stops as soon as it may), 'threshold N [K]' (throws on under N points with K cubes)"
        " or 'optimal' (by the solved tables of the game)."
    ):
        table.add_bot("Ann", ["Max", "reckless"])
    with refused("A bot's name is up to 12 letters and digits, starting with a letter."):
        table.add_bot("Ann", ["R2.D2"])
    with refused("Only a player sitting at table 1 can add a bot."):
        table.add_bot("Robby1.bot", [])
    dice = SeededDice(4)
    table.start("Ann", dice)
    assert [seat.bot for seat in table.view().seats] == [False, True, True]
    for _ in range(3):
        while (news := table.bot_move(dice)) is not None:
            assert not news.view.waiting_on or news.view.waiting_on[0] != "Robby1.bot" or not table.play.game.is_over
        if table.view().up == "Ann":
            table.move("Ann", "roll", dice)
    table.play.propose("Ann", "bump", dice)
    assert table.bot_to_move() == ("Robby1.bot", False)
    votes = [table.bot_move(dice), table.bot_move(dice)]
    assert [type(e).__name__ for e in votes[1].events] == ["VoteCast", "ProposalAdopted"]
    assert [p.yes for p in votes[0].view.proposals] == [("Ann", "Robby1.bot")]
    assert [p.waiting for p in votes[0].view.proposals] == [("Zed.bot",)]
    news = table.leave("Ann", dice)
    assert news.view.status is Status.PLAYING and table.deserted and table.seats == ["Robby1.bot", "Zed.bot"]


def test_bots_leave_a_waiting_table_when_its_people_stand() -> None:
    table = table_of("Ann")
    table.add_bot("Ann", [])
    news = table.leave("Ann", LoadedDice([]))
    assert table.seats == [] and [type(e).__name__ for e in news.events] == ["Stood", "Stood"]
