"""Tables never get stuck: house bots vote at once, 'leave' works the first time (asking when it forfeits), and a
table with no person left, or everyone away too long, is closed and its game recorded as abandoned, restored tables
included."""

from __future__ import annotations

import asyncio

from support.clients import player
from support.tablesetup import loaded_server, seated


async def test_a_proposal_passes_at_a_table_of_one_person_and_two_house_bots(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2 3"]) as server, player(server, "Ann") as ann:
        await ann.command("table open goal=10000", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("table bot add Zed", "Zed.bot sits down")
        await ann.command("start", "Roll-off")
        await ann.command("propose bump", r"You propose bump on \(proposal 1\)\. Your yes is counted; it needs\s+Robby1\.bot, Zed\.bot to agree\.")
        await ann.expect(r"Robby1\.bot votes yes on proposal 1\.")
        await ann.expect(r"Zed\.bot votes yes on proposal 1\.")
        await ann.expect("Proposal 1 is adopted by everyone")
        await ann.command("propose goal 5000", r"proposal 2")
        await ann.expect("Proposal 2 is adopted by everyone")
        await ann.command("rules", r"Table 1 plays: goal 5000, Last Licks official; Bump\.")  # before a throw: at once


async def test_rules_show_who_has_voted_and_who_has_not(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["5 2 3"]) as server:
        async with seated(server, ["Ann", "Bob", "Cy"]) as (ann, bob, cy):
            await ann.command("propose bump", r"proposal 1")
            await bob.command("vote yes", "You vote yes on proposal 1.")
            await cy.command("rules", r"Proposal 1 by Ann: bump on\. Yes so far: Ann, Bob; still to vote: Cy\.")


async def test_leave_asks_before_it_forfeits_and_works_the_first_time(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["5 2 3"]) as server:
        async with seated(server, ["Ann", "Bob", "Cy"]) as (ann, bob, cy):
            await bob.command("leave", r"Leaving table 1 now forfeits the game: your score of 0 is lost\.\nLeave\? \(yes/no\)")
            await bob.command("no", "You stay at table 1.")
            await bob.command("leave", r"Leave\? \(yes/no\)")
            await bob.command("score", "You stay at table 1.")  # another command: not leaving, and it runs
            await bob.expect(r"Table 1: playing")
            await bob.command("leave", r"Leave\? \(yes/no\)")
            await bob.command("yes", "You leave table 1.")
            await ann.expect("Bob is out of the game: Bob left the table.")
            await bob.command("table open", "You sit down at table 2.")  # one 'leave' was enough
            await cy.command("leave yes", "You leave table 1.")
            await ann.expect(r"You are the only player left in the game: you play on alone\.")


async def test_a_table_is_closed_when_its_last_person_stays_away_with_only_bots(make_server) -> None:
    async with make_server(tables={"abandon_after": 0.2}) as server, player(server, "Bob") as bob:
        async with player(server, "Ann") as ann:
            await ann.command("table open goal=10000", "You sit down at table 1.")
            await ann.command("table bot add", "Robby1.bot sits down")
            await bob.command("watch", "You are now watching table 1.")
            await ann.command("start", "Roll-off")
            await ann.expect("You may: ")
        await bob.expect("Ann has disconnected; their seat is kept.")
        await bob.expect(r"Table 1 is closed: everyone at it was away for 0\.2 seconds, so game #1 is\s+recorded as "
                         r"abandoned\.")
        await bob.command("tables", "There are no tables open.")
        await bob.command("replay 1", "Game #1")


async def test_a_restored_table_with_nobody_back_is_closed(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("table open goal=10000", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("start", "Roll-off")
        await ann.expect("You may: ")
    async with make_server(tables={"abandon_after": 0.2}) as server, player(server, "Bob") as bob:
        for _ in range(200):  # the clock started with the server: Bob may or may not see the table first
            if "no tables open" in await bob.command("tables", r"There are no tables open\.|Table 1 in"):
                break
            await asyncio.sleep(0.05)
        await bob.command("replay 1", "Game #1")  # closed as abandoned: it can be replayed
    async with make_server() as server, player(server, "Ann", create=False) as ann:
        await ann.command("tables", "There are no tables open.")


async def test_time_away_counts_across_restarts_so_a_table_nobody_can_reach_ends(make_server) -> None:
    """Issue 30, finding 12: the time a table's people have been away runs from when they were last seen, not from
    each restart, so restart after restart cannot keep a table "playing" that nobody comes back to."""
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("table open goal=10000", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("start", "Roll-off")
        await ann.expect("You may: ")
    await asyncio.sleep(2.0)  # Ann is gone, and so is the server
    async with make_server(tables={"abandon_after": 2.5, "return_grace": 0.1}) as server, player(server, "Bob") as bob:
        for _ in range(30):  # 1.5 s: the half second left of Ann's 2.5, not the 2.5 of a fresh start
            if "no tables open" in await bob.command("tables", r"There are no tables open\.|Table 1 in"):
                break
            await asyncio.sleep(0.05)
        assert "no tables open" in bob.text
        await bob.command("replay 1", "Game #1")
