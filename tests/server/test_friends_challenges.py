"""Friends and challenges (issue 38): following a player and being told when they connect, a challenge to someone
away found at their next login and in 'games', accepted (the table opens, both seated, the game begun), one declined,
and one to a player who ignores the challenger refused without saying why. In one process (``GameServer`` over
loopback telnet): the portal passes these lines through unchanged."""

from __future__ import annotations

from pathlib import Path

from support.clients import loose, player
from support.servers import running, settings_for


async def test_a_friend_connecting_is_told_to_those_who_asked(tmp_path: Path) -> None:
    async with running(settings_for(tmp_path)) as server:
        async with player(server, "Bob"):
            pass
        async with player(server, "Ann") as ann:
            await ann.command("friend add bob", "Bob is one of your friends now")
            await ann.command("friend add Nobody", "There is no player called Nobody")
            await ann.command("friends", r"Bob +not connected")
            await ann.command("@set friends-notify=on", "friends-notify")
            async with player(server, "Bob", create=False) as bob:
                await ann.expect(r"Your friend Bob has connected\.")
                await bob.command("table open pace=correspondence", "correspondence table")
                await ann.command("friends", r"Bob +on, idle \S+, at table 1")
            await ann.command("friend remove Bob", "Bob is no longer on your friends list")
            await ann.command("friends", "You follow no one yet")


async def test_challenges_offered_away_accepted_declined_and_ignored(tmp_path: Path) -> None:
    async with running(settings_for(tmp_path)) as server:
        async with player(server, "Bob") as bob, player(server, "Cy") as cy:
            await bob.command("ignore Cy", "ignor")
            await cy.command("challenge Bob", r"Bob cannot be challenged now\.")
            await cy.command("challenge Bob game=nosuch", "")
        async with player(server, "Ann") as ann:
            await ann.command("challenge Bob game=poker pace=correspondence days=5",
                              loose("You challenge Bob to a game (game=poker pace=correspondence days=5): challenge 1"))
            async with player(server, "Bob", create=False) as bob:
                await bob.expect(loose("Ann challenges you to a game (game=poker pace=correspondence days=5)"))
                await bob.command("games", loose("#1 from Ann: game=poker pace=correspondence days=5"))
                await bob.command("accept", r"Table 1's rules|table 1")
                await ann.expect(loose("Bob accepts challenge 1: table 1 is open, the game begun."))
                await bob.command("games", r"1 +New Cosmic Poker +Bob, Ann +(you|Ann) ")
                await ann.command("challenge Bob goal=50", "challenge 2")
                await bob.expect(loose("Ann challenges you to a game (goal=50): 'accept 2'"))
                await bob.command("decline 2", r"Bob declines challenge 2\.")
                await ann.expect(r"Bob declines challenge 2\.")
                await bob.command("accept", "No challenge waits for your answer")
                assert "Cy challenges" not in bob.text  # (nor in the summary at login)


async def test_an_accepted_challenge_leaves_the_table_your_move_waits_at_current(tmp_path: Path) -> None:
    """Accepting (or having one's challenge accepted) while a live game, or a correspondence table waiting on your
    move, is your current table keeps it current when the new table is a correspondence one: the new game is announced
    with its '@N', and a plain 'roll' still goes where you were playing. With no such table, or for a live game (which
    cannot wait), the new one becomes current, as a table one opens does."""
    async with running(settings_for(tmp_path)) as server, player(server, "Ann") as ann, \
            player(server, "Bob") as bob, player(server, "Cy") as cy:
        await bob.command("table open", "Table 1's rules")  # a live game, Bob's current table
        await cy.command("sit 1", "You sit down at table 1")
        bob.send("start")
        await bob.expect(r"--- (Your|Cy's) turn")
        await ann.command("challenge Bob pace=correspondence", "challenge 1")
        await bob.command("accept", loose("Table 2 is ready: 'roll @2' (any move with '@2') plays there"))
        assert server.tables.seat_of("Bob").table.number == 1  # type: ignore[union-attr]
        await ann.expect(loose("Bob accepts challenge 1: table 2 is open, the game begun."))
        assert server.tables.seat_of("Ann").table.number == 2  # type: ignore[union-attr]  # (her only table)
        await cy.command("challenge Ann pace=correspondence", "challenge 2")
        waits_on_ann = "Ann" in server.tables.get(2).table.play.waiting_on()
        await ann.command("accept", r"Table 3: a game of Cosmic Wimpout begins")
        if waits_on_ann:
            await ann.expect(loose("Table 3 is ready: 'roll @3'"))
        kept = server.tables.seat_of("Ann").table.number  # type: ignore[union-attr]
        assert kept == (2 if waits_on_ann else 3), (kept, waits_on_ann)
        await ann.command("play 2", "Table 2 is your current table")  # (chosen: a live game takes it over all the same)
        async with player(server, "Dee") as dee:
            await ann.command("challenge Dee goal=50", "challenge 3")
            await dee.command("accept", r"Table 4: a game of Cosmic Wimpout begins")
            await ann.expect(loose("Dee accepts challenge 3: table 4 is open, the game begun."))
            assert server.tables.seat_of("Ann").table.number == 4  # type: ignore[union-attr]
            assert "Table 4 is ready" not in ann.text
