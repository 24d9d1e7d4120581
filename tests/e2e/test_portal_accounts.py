"""Issues 36 and 37, accounts, through the portal (the server as operators run it), on each backend: registration
open, by invitation ('@invite', then 'invite <code>' and 'create' at the login screen) or closed; a wizard's
'@rename', everything of the player's following the new name (their games replay under it); a player's '@delete me',
their games kept for the others under a former name nobody can take; and names that read as the server's own lines
refused, while an account that holds one from before keeps it (and the log names it)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from server.community.names import skeleton
from server.community.ownwords import new_name_problem
from server.community.passwords import hash_password
from support.clients import RawClient, loose, paged, play_until, player, raw_client
from support.portals import portal_server
from support.storedb import database

pytestmark = pytest.mark.usefixtures("store_url")
RATING = r"\S+ has no rating[^\n]*\n|Ratings of [^\n]*\n(  [^\n]*\n)*"
BAD_LOGIN = "Either that player does not exist, or has a different password."


async def game_against_a_bot(client: RawClient) -> int:
    """A whole rated game against a house bot, to 100; its game's number."""
    await client.command("@set cubes=compact", "Set: cubes=compact.")
    await client.command("table open goal=100", r"You sit down at table \d+\.")
    await client.command("table bot add", "Robby1.bot sits down")
    client.send("start")
    await play_until(client, r"\*\*\* \S+ WINS the game at table \d+")
    return int((await client.expect(r"'replay (\d+)'"))[len("'replay "):-1])


async def shown(client: RawClient, line: str, pattern: str) -> str:
    """Everything ``line`` brings, screen after screen, until ``pattern``."""
    start = len(client.text)
    await paged(client, line, pattern)
    return client.text[start:]


def names_in_events(data_dir: Path) -> list[str]:
    """Every string held in every stored game event (a player's name, among others)."""
    with database(data_dir) as db:
        rows = db.execute("SELECT event FROM game_events").fetchall()

    def strings(value: Any) -> list[str]:
        if isinstance(value, dict):
            return [s for item in value.values() for s in strings(item)]
        if isinstance(value, list):
            return [s for item in value for s in strings(item)]
        return [value] if isinstance(value, str) else []

    return [s for (event,) in rows for s in strings(json.loads(event) if isinstance(event, str) else event)]


async def test_registration_by_invitation(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_REGISTRATION="invite") as server, player(server, "Wiz") as wiz:
        async with raw_client(server) as ann:
            assert "New characters need a wizard's invitation: 'invite <code>', then 'create'" in ann.text
            await ann.command("create Ann secret1", loose("New characters here need a wizard's invitation"))
            await ann.command("create Ann", "need a wizard's invitation")  # before asking for a password
            made = await wiz.command("@invite =for Ann, from the forum", r"Invitation code \S+:")
            code = made.split()[2].rstrip(":")
            await ann.command("invite ABCD-EFGH", "That invitation code is unknown, used already or too old.")
            await ann.command(f"invite {code.lower().replace('-', '')}", "Invitation accepted")
            await ann.command("create Ann secret1", "Obvious exits")
        async with raw_client(server) as bob:
            await bob.command(f"invite {code}", "That invitation code is unknown, used already or too old.")
            await bob.command("create Bob secret1", "need a wizard's invitation")
        await wiz.command("@invite list", "No invitation is waiting to be used.")
        second = (await wiz.command("@invite", r"Invitation code \S+:")).split()[2].rstrip(":")
        await wiz.command("@invite list", rf"Invitations not used yet \(times UTC\):\n  {second}  by Wiz on ")
        await wiz.command(f"@invite cancel {second}", f"Invitation {second} cancelled.")
        async with raw_client(server) as bob:
            await bob.command(f"invite {second}", "unknown, used already or too old")
        await wiz.command(f"@audit {code}", rf"  \S+ \S+ UTC Ann joined {code}\n  \S+ \S+ UTC Wiz invite {code}: for Ann,")


async def test_registration_closed_leaves_the_configured_wizards_names(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_REGISTRATION="closed") as server:
        async with raw_client(server) as ann:
            assert "New characters are not being made here at the moment" in ann.text
            await ann.command("create Ann secret1", "New characters are not being made on this server at the moment.")
            await ann.command("invite ABCD-EFGH", "New characters are not being made on this server")
        async with player(server, "Wiz") as wiz:
            await wiz.command("@invite", loose("Invitation code"))


async def test_a_rename_carries_the_players_games_mail_ignores_and_record(tmp_path: Path) -> None:
    wizards = {"COSMIC_WIZARDS": '["Wiz", "Boss"]'}
    async with portal_server(tmp_path, **wizards) as server, player(server, "Wiz") as wiz, \
            player(server, "Bob") as bob:
        async with player(server, "Ann") as ann:
            game = await game_against_a_bot(ann)
            await ann.command("ignore Bob", "You are ignoring Bob")
            await wiz.command("@mail Ann=see you at table 2", "You send mail to Ann.")
            await wiz.command("@mute Ann 10=testing", "Ann is muted")
            history = " ".join((await paged(bob, "history Ann", r"#\d+ [^>]*>")).split())
            rating = await bob.command("rating Ann", RATING)
            await wiz.command("@rename Ann=Anna", loose("Ann is connected: they must leave first"))
        await wiz.command("@rename Ann=The", "is a reserved word")
        await wiz.command("@rename Ann=Bob", "That name is already taken.")
        await wiz.command("@rename Ann=B0b", "That name looks too much like Bob")
        await wiz.command("@rename Wiz=Wizzard", "Wiz is a wizard by the server's settings")
        await wiz.command("@rename Ann=Boss", loose("Boss is a wizard's name in the server's settings"))
        await wiz.command("@rename Ann=Anna", loose("Ann is now called Anna: their games, ratings, mail"))
        replay = (await shown(bob, f"replay {game}", r"WINS the game")).partition("Game #")[2]
        assert "Anna" in replay and not re.search(r"\bAnn\b", replay)
        assert " ".join((await paged(bob, "history Anna", r"#\d+ [^>]*>")).split()) == history.replace("Ann", "Anna")
        assert " ".join((await bob.command("rating Anna", RATING)).split()) == " ".join(rating.replace("Ann", "Anna").split())
        await bob.command("history Ann", "There is no player called Ann|Ann has no finished games")
        assert "Ann" not in names_in_events(server.data_dir) and "Anna" in names_in_events(server.data_dir)
        await wiz.command("@whois Anna", r"Muted until [\s\S]*Wiz rename: from Ann\n[\s\S]*Wiz mute")
        async with raw_client(server) as old:
            await old.command("connect Ann secret1", BAD_LOGIN)
        async with player(server, "Anna", create=False) as anna:
            await anna.expect(r"You have 1 unread letter")
            await anna.command("@mail 1", "Mail from Wiz")
            await bob.command("say hello Anna", 'You say, "hello Anna"')
            await anna.command("say anyone?", "You are muted until")  # the mute followed her
            assert "hello Anna" not in anna.text  # and she still ignores Bob
        async with player(server, "Ann") as newcomer:  # the old name is free
            await newcomer.command("history", "Ann has no finished games.")


async def test_a_player_deletes_their_account_and_their_games_stay_for_the_others(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz:
        await wiz.command("@delete me", loose("You are a wizard by the server's settings ('wizards')"))
        async with player(server, "Bob") as bob:
            game = await game_against_a_bot(bob)
            before = await wiz.command("rating Robby1.bot", RATING)
            await bob.command("table open", "You sit down at table")
            await bob.command("@delete me", "You sit at table 1: leave it first.")
            await bob.command("leave", "You leave table 1")
            await bob.command("@delete me", r"This deletes Bob for good[\s\S]*Password:")
            await bob.command("not my password", "Sorry, that is not your current password.")
            await bob.command("@delete me", "Password:")
            await bob.command("secret1", r"Delete Bob for good\? \(yes/no\)")
            await bob.command("no", "Nothing was deleted.")
            await bob.command("@delete me", "Password:")
            await bob.command("secret1", r"Delete Bob for good\? \(yes/no\)")
            bob.send("yes")
            farewell = await bob.closed()
        former = re.search(r"you are now (former\.[0-9a-f]{6})\.", farewell)
        assert former, farewell
        replay = (await shown(wiz, f"replay {game}", r"WINS the game")).partition("Game #")[2]
        assert former[1] in replay and "Bob" not in replay
        assert await wiz.command("rating Robby1.bot", RATING) == before
        assert former[1] not in await shown(wiz, "top", r"No game has been finished|Nobody has a rating|\(people\)[^>]*>")
        await wiz.command("@audit delete", rf"  \S+ \S+ UTC {re.escape(former[1])} delete {re.escape(former[1])}\n")
        assert "Bob" not in names_in_events(server.data_dir) and former[1] in names_in_events(server.data_dir)
        async with raw_client(server) as gone:
            await gone.command("connect Bob secret1", BAD_LOGIN)
            await gone.command(f"create {former[1]} secret1", "Names start with a letter and use only")
        async with player(server, "Bob") as again:  # the name is free
            await again.command("history", "Bob has no finished games.")


async def test_names_that_read_as_the_servers_own_lines_are_refused_and_old_ones_kept(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, raw_client(server) as client:
        for name in ("The", "Bank", "Teacher", "Optimal", "Dealer", "Portal", "Console", "Mail", "T-he", "Mai1"):
            await client.command(f"create {name} secret1", rf"'{name}' is a reserved word; please choose another name\.")
        await client.command("create Ann secret1", "Obvious exits")
        await game_against_a_bot(client)
        await paged(client, "help", "help <command>")
        seen = {found[1] for line in client.text.splitlines() if (found := re.match(r"(?:> )*([A-Z][\w-]+)", line))}
        assert {"Robby1", "Table", "You"} <= seen  # (what a whole game shows)
        assert [word for word in sorted(seen - {"Ann", "Robby1"}) if new_name_problem(word, []) is None] == []
    with database(tmp_path / "data") as db:  # an account a release before this one let be made
        db.execute("INSERT INTO accounts (name, skeleton, password_hash, created_at) VALUES ('Mail', "
                   f"'{skeleton('Mail')}', '{hash_password('secret1', 1024)}', {time.time()})")
    async with portal_server(tmp_path) as server:
        async with asyncio.timeout(30):  # (worked out once the server serves: issue 41)
            while not server.events("accounts.reserved_names"):
                await asyncio.sleep(0.05)
        assert server.events("accounts.reserved_names")[0]["names"] == ["Mail"]
        async with player(server, "Mail", create=False) as mail:
            await mail.command("say I was here first", 'You say, "I was here first"')

