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
