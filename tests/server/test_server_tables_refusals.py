"""Every refusal a player can meet at a table reaches them as a clear message, and the connection goes on."""

from __future__ import annotations

import re
from contextlib import AsyncExitStack

from support.clients import RawClient, player
from support.tablesetup import loaded_server, seated


async def refused(client: RawClient, line: str, message: str) -> None:
    """``line`` is answered with exactly ``message`` (however the 80 columns wrap it)."""
    await client.command(line, re.escape(message).replace(r"\ ", r"\s+"))


async def test_refusals_finding_a_table(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, []) as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob:
            await refused(ann, "sit", "There is no table in this room: 'table open' opens one, 'tables' lists them all.")
            await refused(ann, "score", "There is no table in this room: 'table open' opens one, 'tables' lists them all.")
            await refused(ann, "tables", "There are no tables open. 'table open' opens one in the room you are in.")
            await refused(ann, "table", "Usage: table open|set [options] | table bot add|remove [name] | table pace [N]")
            await refused(ann, "table open goal=7", "goal: the goal must be a multiple of 5 from 5 to 100000.")
            await refused(ann, "table open lastlicks=Z", "last_licks is one of official, single, A, B, C, D, not 'Z'.")
            await refused(ann, "stand", "You are not sitting at a table.")
            await refused(ann, "start", "You are not sitting at a table.")
            await refused(ann, "roll", "You are not sitting at a table.")
            await refused(ann, "propose bump", "You are not sitting at a table.")
            await refused(ann, "vote yes", "You are not sitting at a table.")
            await refused(ann, "leave", "You are neither sitting at nor watching a table.")
            await refused(ann, "unwatch", "You are neither sitting at nor watching a table.")
            await ann.command("table open", "You sit down at table 1.")
            await refused(ann, "table open", "You are sitting at table 1: 'leave' it first.")
            await refused(ann, "sit", "You are already sitting at table 1.")
            await refused(ann, "watch", "You are sitting at table 1: you see everything already.")
            await refused(ann, "start", "A game needs at least 2 players sitting at the table: wait for someone to "
                                        "'sit 1', or 'table bot add' seats a house bot.")
            await refused(ann, "roll", "The game at table 1 has not started yet.")
            await refused(ann, "propose goal 500", "The table already plays with goal 500.")
            await refused(ann, "vote yes", "There is no proposal to vote on.")
            await bob.command("table open", "You sit down at table 2.")
            await refused(bob, "sit 1", "You are sitting at table 2: 'leave' it first.")
            await bob.command("stand", "Table 2 is closed: everyone left before the game began.")
            await bob.command("watch", "You are now watching table 1.")
            await refused(bob, "watch 1", "You are already watching table 1.")
            await refused(bob, "unwatch 2", "You are not watching table 2.")
            await refused(bob, "table set bump", "You are not sitting at a table.")
            await refused(bob, "sit 9", "There is no table 9: 'tables' lists them.")
            await refused(bob, "sit nine", "There is no table nine: 'tables' lists them.")
            await bob.command("go green", "The Green Parlour")
            await refused(bob, "sit 1", "Table 1 is in The Cosmic Lobby: go there to sit.")
            await refused(bob, "watch 1", "Table 1 is in The Cosmic Lobby: go there to watch.")
            await bob.command("lobby", "The Cosmic Lobby")
            async with player(server, "Cy") as cy:
                await cy.command("table open", "You sit down at table 2.")
                await refused(bob, "sit", "There are several tables here (1, 2): say which, e.g. 'sit 1'.")
            await refused(bob, "@set cubes=pretty", "Usage: @set cubes=art|compact | screenreader=on|off|auto | color=on|off|auto "
                                                    "| prompt=on|off | pager=on|off|<rows> | [!]haven")
            assert not re.search(r"@set\s*\n", bob.text)  # at 80 columns no form is cut from its '@set'
            await refused(bob, "replay", "Usage: replay <game>")
            await refused(bob, "replay 99", "There is no finished game #99.")
            await refused(bob, "stats", "Bob has no finished games.")
            await refused(bob, "history Zed", "Zed has no finished games.")
            await refused(bob, "top", "No game has been finished yet.")


async def test_refusals_at_a_full_or_started_table(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with AsyncExitStack() as stack:
            names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
            people = [await stack.enter_async_context(player(server, name)) for name in names]
            await people[0].command("table open", "You sit down at table 1.")
            for person in people[1:8]:
                await person.command("sit", "You sit down at table 1.")
            await refused(people[8], "sit", "Table 1 is full (8 seats).")
            for person in people[2:8]:
                await person.command("stand", "You leave table 1.")
            await people[1].command("start", "Roll-off for the first turn")
            await refused(people[2], "sit", "The game at table 1 has started; you can 'watch 1'.")
            await refused(people[0], "start", "The game at table 1 has already started.")
            await refused(people[0], "stand", "The game is on: 'leave' leaves the game (your score is lost), or play on.")
            await refused(people[0], "table set goal=100",
                          "The game has started: rules now change by the Guiding Light ('propose').")
            await refused(people[0], "vote remove Zed", "Zed is not playing at table 1.")


async def test_refusals_of_moves(make_server, tmp_path) -> None:
    throws = ["10 2", "2 3 4 6 S", "10 10 10 3"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await refused(ann, "stop", "Every turn begins by throwing all five cubes: roll first.")
            await refused(bob, "roll", "It is not your turn; it is Ann's.")
            await refused(ann, "keep sun 10", "There is nothing to choose now.")
            await refused(ann, "pass", "This table does not play with Insurance Points.")
            await ann.command("roll", "You may: keep sun 10, keep sun 5.")
            await refused(ann, "keep sun 7", "That is not one of the ways your throw can score: keep sun 10 or keep sun 5.")
            await refused(ann, "flash 4", "That is not one of the ways your throw can score: keep sun 10 or keep sun 5.")
            await refused(ann, "roll", "First choose how your throw scores.")
            await ann.command("keep sun 10", "You may: roll.")
            await refused(ann, "stop", "You need 35 points in one turn to get in the game; you have 10 so far.")
            await refused(ann, "spend", "Type 'spend 2' to cancel your own throw, or 'spend 4 <player>'.")
            await refused(bob, "spend 2", "It is Ann's throw: 'spend 4 Ann' cancels it.")
            await refused(bob, "spend 4 Cy", "Only the throw on the table can be cancelled, and it is Ann's.")
            await refused(ann, "spend 4 Ann", "Your own throw costs 2: 'spend 2'.")
            await refused(ann, "spend 2", "This table does not play with Insurance Points.")
            await ann.command("roll", "A flash of 10s: it must be cleared")
            await refused(ann, "stop", "You must clear your flash of 10s before you can stop.")
            await refused(ann, "propose", "Usage: propose <rule> [value]      or      propose \"free text\"")
            await refused(ann, 'propose "no dice off the table', 'Put an honour rule in double quotes: propose "no rolling off the table".')
            await refused(ann, "propose nonsense on", "There is no table option called 'nonsense'. The options")
            await refused(ann, "vote maybe", "Vote with 'vote yes' or 'vote no' (add the proposal's number if several are open).")
            await refused(ann, "vote yes", "There is no proposal to vote on.")
            await refused(ann, "vote yes x", "'x' is not a proposal number.")
            await ann.command("propose bump", "(proposal 1)")
            await ann.command('propose "no dice off the table"', "(proposal 2)")
            await refused(bob, "vote yes", "Several proposals are open: 1 (bump on), 2 (\"no dice off the table\"). "
                                           "Say which, e.g. 'vote yes 1'.")
            await refused(ann, "roll", "The loaded dice have run out (the loaded dice have no throw left for 1 common "
                                       "cube(s)); nothing happened. Ask the server's operator for more throws.")
            await ann.command("score", r"> Ann +0 ")  # nothing was lost: the turn waits where it was
            await ann.expect("Ann's turn: 110 points so far.")
