"""The game explains itself: help topics found by any of their names, 'rules' in plain words, a bad option listed
with its meaning, 'more' paging long output at the client's height, 'look' at tables and players, and a player
coming back where they left."""

from __future__ import annotations

import re

from support.clients import paged, player, telnet_client
from engine.wimpout import RuleSet
from rooms.wimpout.rulewords import OPTIONS, summary_names
from server.games.helptopics import find_topic
from server.wimpout.gamehelp import TOPICS


def test_every_name_of_every_topic_finds_it() -> None:
    for topic in TOPICS:
        for name in topic.names:
            assert find_topic(name) is topic and find_topic(f"  {name.upper()} ") is topic, name
            assert name.startswith("the ") or find_topic(f"the {name}") is topic, name
    assert find_topic("flashes") is find_topic("flash") and find_topic("nonsense") is None


def test_every_table_option_has_plain_words() -> None:
    assert set(OPTIONS) == set(RuleSet.model_fields) - {"honour_rules"}
    assert summary_names(RuleSet(hints=False, recovery=True, recovery_ext2=True, kill=4)) == [
        "Recovery", "Recovery Extension 2", "Kill 4", "no Hints"]


def test_help_guiding_light_says_when_an_adopted_change_takes_effect() -> None:
    """RULES.md: at the start of the next turn, never inside the turn in progress; at once only before the game
    starts (the engine: before its first throw). It said 'at once if no cube of this turn has been thrown yet', but
    a turn is in progress from its start (tests/test_engine_guidinglight.py plays it)."""
    text = " ".join(find_topic("guiding light").text.split())
    assert "It starts with the next turn (at once before the game's first throw)." in text


def test_eclipse_2_and_variant_b_are_told_as_the_guide_has_them() -> None:
    """Eclipse 2 closes the scores radiating out from a player, below them on their beam; stopping up the beam is
    allowed (the Guide's 420 over 220) and eclipses them. Variant B's old leader is 'not immediately affected' and
    gets a lick when their seat comes round. The topics said Eclipse 2 closes every score on the beam, 'rules' said
    'nor on its beam', and variant B said the old leader is not affected at all."""
    eclipse = " ".join(find_topic("eclipse").text.split())
    assert "Variant 2 also closes the scores below it on its beam" in eclipse
    assert "stop up the beam from someone (420 over their 220) and they drop 5 points" in eclipse
    assert OPTIONS["eclipse"].meaning(2) == (
        "you may not stop on a score another player holds nor below it on its beam; eclipsed from up the beam, you"
        " drop 5 points."
    )
    variant_b = " ".join(find_topic("variant b").text.split())
    assert "the old leader is not affected at once: their lick against the new leader comes when their seat comes" \
        " round." in variant_b


async def test_a_help_topic_is_found_by_each_of_its_names(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        for word in ("sun", "flaming sun", "The Flaming Sun", "wild"):
            await ann.command(f"help {word}", "THE FLAMING SUN is wild")
        for word in ("ymnwtbym", "you may not want to but you must", "throw all five"):
            await ann.command(f"help {word}", "YOU MAY NOT WANT TO, BUT YOU MUST")
        for word in ("1/3/5", "135", "one three five"):
            await ann.command(f"help {word}", r"1/3/5 \(house rule")
        for word in ("ntw", "(n)TW"):
            await ann.command(f"help {word}", r"\(n\)TW \(house rule 'ntw=3'\)")
        await ann.command("help flash", r"A FLASH is three cubes[\s\S]*The command:\nflash <face>")
        await ann.command("help propose", r"A proposal not agreed by\s+the end of your\s+next turn expires")
        await ann.command("help hats", 'There is no help on "hats". Type "help" for the commands, "help topics"')
        await ann.command("help topics", r"Topics \(type \"help <topic>\"\): how to play, cubes, scoring")


async def test_rules_explain_each_option_in_plain_words(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("table open goal=300 recovery recovery_ext1 bump", "You sit down at table 1.")
        await ann.command("rules", r"Table 1 plays: goal 300, Last Licks official; Bump, Recovery, Recovery\s+Extension\s+1\.")
        await ann.expect("Goal: the first to 300 points starts Last Licks.")
        await ann.expect("Bump: land exactly on someone's score")
        await ann.expect("Recovery Extension 1: four open circles or seven Train Wrecks and you are out.")
        await ann.expect("Before the game starts")
        assert "recovery_ext1" not in ann.text.rpartition("table open")[2].partition("\n")[2]
        await ann.command("table set hats", r"There is no table option called 'hats'\. The options")
        await ann.expect(r"recovery_ext2, eclipse, eclipse_beam, full_house, suspend, kill, hints\.")
        assert "-- " not in ann.text.rpartition("table set hats")[2]  # one short refusal, no pages of options
        await paged(ann, "help options", r"bump: land exactly on someone's score")
        await paged(ann, "more", r"kill=5: a flash not cleared in 5 throws is a wimpout\.")
        await ann.expect(r"hints=on\|off: players may ask 'hint'")  # as the others: the default's meaning


async def test_options_go_by_their_help_topic_names(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open cosmic sampler 1/3/5", "You sit down at table 1.")
        await ann.command("rules", r"Table 1 plays: .*Cosmic Sampler.*1/3/5")
        await bob.command("sit 1", "You sit down at table 1.")
        await ann.command("propose full house", r"\(proposal 1\)")
        await bob.command("propose last licks=B", r"\(proposal 2\)")
        await bob.command("propose insurance points", r"\(proposal 3\)")


async def test_more_pages_long_output_at_the_clients_height(make_server) -> None:
    async with make_server() as server, telnet_client(server, rows=12) as ann:
        await ann.command("create Ann secret1", "Obvious exits")
        await ann.command("@set prompt=off", "Set: prompt=off.")
        ann.send("help")
        page = await ann.expect(r"Commands[\s\S]*?-- \d+ more lines: type 'more' --")
        assert len(page.splitlines()) == 11  # ten lines and the note: the twelfth row is for typing
        left = int(re.search(r"-- (\d+) more", page).group(1))
        for _ in range(left // 10 + 1):
            ann.send("more")
        await ann.expect(r"The game \(type \"help <topic>\"")
        await ann.command("more", "There is nothing more to show.")


async def test_the_pager_is_turned_off_or_given_a_height(make_server) -> None:
    async with make_server() as server, telnet_client(server, rows=12) as ann:
        await ann.command("create Ann secret1", "Obvious exits")
        await ann.command("@set prompt=off", "Set: prompt=off.")
        await ann.command("@set pager=off", "Set: pager=off.")
        ann.send("help")
        whole = await ann.expect(r"Commands[\s\S]*?The game \(type \"help <topic>\"")
        assert "more lines" not in whole
        await ann.command("@set pager=20", "Set: pager=20.")
        ann.send("help")
        page = await ann.expect(r"Commands[\s\S]*?-- \d+ more lines: type 'more' --")
        assert len(page.splitlines()) == 19
        await ann.command("@set pager=3", "Usage: @set")
        await ann.command("@set", "pager=20")


async def test_a_text_one_line_longer_than_the_screen_is_not_paged_for_that_line(make_server) -> None:
    async with make_server() as server:
        async with telnet_client(server, rows=200) as tall:
            await tall.command("create Ann secret1", "Obvious exits")
            await tall.command("@set prompt=off", "Set: prompt=off.")
            tall.send("help")
            whole = (await tall.command("say end", r"Commands[\s\S]*?\n(?=You say)")).splitlines()
        async with telnet_client(server, rows=len(whole) + 1) as ann:  # the text fills the screen's rows but one
            await ann.command("connect Ann secret1", "Obvious exits")
            ann.send("help")
            shown = await ann.command("say end", r"Commands[\s\S]*?\n(?=You say)")
            assert "more line" not in shown and shown.splitlines()[-1] == whole[-1]


async def test_look_shows_tables_and_players_and_a_player_comes_back_where_they_left(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command("table open goal=300", "You sit down at table 1.")
            await ann.command("table bot add", "Robby1.bot sits down")
            await bob.command("look", r"Players here: Ann\nTable 1: waiting for players \(goal 300, Last Licks "
                                      r"official\)\. Seats: Ann,\s+Robby1\.bot\.\nObvious exits")
            await bob.command("@doing rolling dice", "Doing set.")
            await ann.command("look bob", r"Bob \(rolling dice\)\nBob is not at a table\.\nIdle \d+s\.")
            await bob.command("look ann", r"Ann\nAnn sits at table 1: score 0, not in the game yet\.\nIdle")
            await bob.command("look robby1", r"Robby1\.bot: a house bot playing at table 1 \(score 0\)")
            await bob.command("look zed", "I don't see zed here.")
            await bob.command("green", "The Green Parlour")
            await ann.command("look bob", "I don't see bob here.")
        await ann.expect("Bob has disconnected.|Ann")  # Bob left from the Green Parlour
        async with player(server, "Bob", create=False) as bob:
            assert "The Green Parlour" in bob.text
