"""Ratings that cannot be farmed or dodged (issue 37, findings 2 and 3), through the portal as the attacker ran it:
two accounts of one's own, the second leaving at once, gave the first a rated win (30 in four minutes: 1000 -> 1718);
hanging up on a house bot when losing left the game unrated; rated games between the same accounts had no cap."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from support.clients import RawClient, play_until, raw_client
from server.competition.ratingmodel import Rating
from server.store import Finish, Result
from server.store.domain import rating_changes
from support.portals import PortalServer, portal_server

pytestmark = pytest.mark.usefixtures("store_url")
RATING = r"Cosmic Wimpout: (\d+) \(provisional\), (\d+) rated games?"


@asynccontextmanager
async def account(server: PortalServer, name: str, address: str = "127.0.0.1",
                  create: bool = True) -> AsyncIterator[RawClient]:
    async with raw_client(server, address) as client:  # type: ignore[arg-type]
        await client.command(f"{'create' if create else 'connect'} {name} secret1", "Obvious exits")
        await client.command("@set cubes=compact", "Set: cubes=compact.")
        yield client


def spaced(pattern: str) -> str:
    """``pattern`` with each space matching any run of white space (the server wraps lines at 80 columns)."""
    return pattern.replace(" ", r"\s+")


async def moves(client: RawClient, count: int) -> None:
    """``count`` moves of a plain player's: stop when allowed, else the first thing offered."""
    for _ in range(count):
        seen = await client.expect(r"You may: ([^\n]*)\.\n", within=30)
        offered = seen[len("You may: "): -2].split(", ")
        client.send("stop" if "stop" in offered else offered[0])


async def until_left(host: RawClient, guest: RawClient, number: int, own_moves: int,
                     meanwhile: Callable[[], Awaitable[None]] | None = None) -> None:
    """``host`` opens table ``number``, ``guest`` sits, the game starts, both play until ``host`` has made
    ``own_moves`` moves, then ``guest`` leaves it (then ``meanwhile`` runs) and ``host`` plays on alone to its end."""
    await host.command("table open goal=200", f"You sit down at table {number}.")
    await guest.command(f"sit {number}", f"You sit down at table {number}.")
    host.send("start")
    guest_plays = asyncio.create_task(moves(guest, 10_000))
    try:
        await moves(host, own_moves)
    finally:
        guest_plays.cancel()
    await asyncio.sleep(0.3)  # the host's last move answered
    await guest.command("leave yes", "You are out of the game")
    if meanwhile is not None:
        await meanwhile()
    await play_until(host, f"Table {number} is closed")


async def test_a_second_account_leaving_at_once_gives_the_first_no_rated_win(tmp_path: Path) -> None:
    """The attacker's reproduction: two accounts from one address, 'table open goal=5', the second sits, 'start',
    the second 'leave yes', the first finishes alone. It was a rated win."""
    async with portal_server(tmp_path) as server, account(server, "Farmer") as farmer, \
            account(server, "Sock") as sock:
        await farmer.command("table open goal=5", "You sit down at table 1.")
        await sock.command("sit 1", "You sit down at table 1.")
        await farmer.command("start", r"predicted chances")
        await sock.command("leave yes", "Farmer plays on alone")
        await play_until(farmer, "Table 1 is closed")
        assert "Farmer's rating in" not in farmer.text
        await farmer.command("rating Farmer", "Farmer has no rating yet")
        await farmer.command("stats Farmer", r"Farmer has no finished games|Farmer: 1 games?, 0 wins")
        board = await farmer.command("top", r"Ratings in Cosmic Wimpout \(people\)[\s\S]*Novas\n(.*\n){2}")
        assert "Farmer" not in board.partition("(people)")[2].partition("Wins")[0]  # Sock alone has a rating: lower
        assert re.search(r"\d\. Farmer +0 +1 ", board)  # a game, no win


async def test_leaving_is_a_loss_for_the_leaver_and_no_win_for_whoever_stays(tmp_path: Path) -> None:
    """Bob's leaving counts after a reload (each table keeps who left it with its seats)."""
    async with portal_server(tmp_path) as server, account(server, "Ann", "127.0.0.2") as ann, \
            account(server, "Bob", "127.0.0.3") as bob:

        async def reload() -> None:
            code, said = await server.console("reload")
            assert code == 0, said
            await ann.expect("The server is reloading; hold on.")
            await server.health_when(lambda figures: figures["reloads"] == 1 and figures["status"] == "ok")

        await until_left(ann, bob, 1, 3, reload)
        assert re.search(r"Bob's rating in Cosmic Wimpout: 1000 -> (\d+) \(-\d+\)", ann.text), ann.text[-2000:]
        assert "Ann's rating in" not in ann.text
        await ann.command("rating Ann", "Ann has no rating yet")
        await ann.command("stats Ann", r"Ann: 1 games?\b")
        assert not re.search(r"Ann: 1 games?, 1 wins?", ann.text)
        await ann.command("rating Bob", RATING)


async def test_hanging_up_on_house_bots_is_a_loss_after_the_grace(tmp_path: Path) -> None:
    """Against one house bot, and against two (then the table was abandoned even after 'leave yes')."""
    async with portal_server(tmp_path, COSMIC_TABLES__ABANDON_AFTER="1") as server:
        async with account(server, "Ann") as ann:
            await ann.command("table open goal=500", "You sit down at table 1.")
            await ann.command("table bot add", "Robby1.bot sits down")
            ann.send("start")
            await moves(ann, 1)
        async with account(server, "Watcher", "127.0.0.4") as watcher:
            await watcher.command("watch 1", "watching table 1")
            await watcher.expect("Table 1 is closed", within=30)
            await watcher.command("rating Ann", r"Cosmic Wimpout: \d+ \(provisional\), 1 rated game\b")
        async with account(server, "Ann", create=False) as ann:
            await ann.command("table open goal=500", "You sit down at table 1.")
            await ann.command("table bot add", "Robby1.bot sits down")
            await ann.command("table bot add", "Robby2.bot sits down")
            ann.send("start")
            await moves(ann, 1)
            await ann.command("leave yes", r"Ann's rating in Cosmic Wimpout: \d+ -> \d+ \(-\d+\)")
            await ann.expect("Table 1 is closed")
            await ann.command("rating Ann", r"Cosmic Wimpout: \d+ \(provisional\), 2 rated games")


async def test_rated_games_between_two_accounts_or_one_address_are_capped_a_day_and_flagged(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_RATINGS__PAIR_DAILY_CAP="1", COSMIC_RATINGS__ADDRESS_DAILY_CAP="1") \
            as server, account(server, "Ann", "127.0.0.5") as ann, account(server, "Bob", "127.0.0.5") as bob, \
            account(server, "Cy", "127.0.0.5") as cy, account(server, "Wiz", "127.0.0.6") as wiz:
        await until_left(ann, bob, 1, 3)
        assert re.search(r"Bob's rating in Cosmic Wimpout: 1000 -> \d+", ann.text)
        await until_left(ann, bob, 1, 3)
        assert re.search(r"Game \d+ is not rated: Ann and Bob have played 1 rated games together today \(UTC\),"
                         r"\s+the\s+most\s+a\s+day\.", ann.text)
        await until_left(ann, cy, 1, 3)
        assert re.search(r"Game \d+ is not rated: accounts from one address have played 1 rated games\s+together",
                         ann.text)
        await cy.command("rating Cy", "Cy has no rating yet")
        await bob.command("rating Bob", r"Cosmic Wimpout: \d+ \(provisional\), 1 rated game\b")
        whois = await wiz.command("@whois Bob", r"Moderation:\n(.*\n)+> ")
        assert len(re.findall(r"\(server\) rating_capped: game \d+: Game \d+ is not rated: Ann\s+and Bob", whois)) == 1
        await wiz.command("@whois Cy", r"\(server\) rating_capped: game \d+: Game \d+ is not rated:\s+accounts\s+from")


async def test_the_ladder_takes_a_bot_its_owner_accepted_and_never_pairs_two_of_one_owner(tmp_path: Path) -> None:
    """Any account could name anyone as its bot's owner, and the ladder paired two bots of one owner: one could
    lose to the other on purpose."""
    ladder = {"COSMIC_LADDER__EVERY": "0.2", "COSMIC_LADDER__GAP": "1000", "COSMIC_LADDER__OPTIONS": "goal=500"}
    async with portal_server(tmp_path, **ladder) as server, account(server, "Ann") as ann, \
            account(server, "Robo", "127.0.0.7") as robo, account(server, "Bobo", "127.0.0.8") as bobo:
        await robo.command("@set me=bot owner=Ann version=1",
                           spaced(r"Robo is a bot now \(owner Ann, version 1\): rated apart from people; the ladder"
                                  r" seats it once Ann accepts it"))
        await ann.expect(r"Robo names you as its owner")
        await robo.command("ladder join", spaced(r"Robo's owner Ann has not accepted it"))
        await ann.command("@bot", r"Bots naming you as their owner:\n  Robo: not accepted")
        await bobo.command("@bot accept Robo", "Robo does not name you as its owner.")
        await ann.command("@bot accept Robo", "You accept Robo as your bot")
        await robo.command("@set me=bot owner=Ann version=2", spaced(r"version 2\): rated apart from people; 'ladder join'"))
        await bobo.command("@set me=bot owner=Ann version=1", r"Bobo is a bot now")
        await ann.command("@bot accept Bobo", "You accept Bobo as your bot")
        await ann.command("@bot", r"Robo: accepted")
        await robo.command("ladder join", "Robo waits for a ladder table")
        await bobo.command("ladder join", "Bobo waits for a ladder table")
        await robo.expect(r"You sit down at table \d", within=20)
        await bobo.expect(r"You sit down at table \d", within=20)
        tables = await ann.command("tables", r"Table 1 [\s\S]*Table 2 [^\n]*\n[^\n]*\n")
        assert not re.search(r"Robo.*Bobo|Bobo.*Robo", tables), tables
        assert len(re.findall(r"\w+\.bot", tables)) == 2, tables
        await ann.command("@bot refuse Robo", "Robo is not accepted as your bot")


async def test_a_poker_player_leaving_loses_to_the_house_bots(tmp_path: Path) -> None:
    """Every game with ratings: New Cosmic Poker's too."""
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann:
        await ann.command("table open game=poker", "You sit down at table 1.")
        await ann.command("table bot add", r"sits down")
        await ann.command("table bot add", r"sits down")
        ann.send("start")
        await ann.expect(r"predicted chances")
        await ann.command("leave yes", spaced(r"Ann's rating in New Cosmic Poker: 1000 -> \d+ \(-\d+\)"))
        await ann.command("rating Ann", r"New Cosmic Poker: \d+ \(provisional\), 1 rated game\b")


def test_whoever_left_loses_to_the_field_and_those_who_stayed_are_rated_among_themselves() -> None:
    def result(name: str, won: bool, score: int, left: bool = False) -> Result:
        return Result(name, won, score, False, {}, left)

    strong = Rating(30.0, 3.0, 20)
    before = [Rating(), strong, Rating()]
    three = Finish("Ann", [result("Ann", True, 300), result("Bob", False, 250), result("Cy", False, 290, left=True)])
    changes = {c.player: c for c in rating_changes(three, before)}
    assert changes["Cy"].after.mu < Rating().mu  # last, whatever his score
    assert changes["Ann"].after == rating_changes(Finish("Ann", list(three.results[:2])), before[:2])[0].after
    alone = Finish("Ann", [result("Ann", False, 300), result("Bob", False, 0, left=True)])
    assert [c.player for c in rating_changes(alone, [Rating(), strong])] == ["Bob"]  # nothing handed to Ann
    abandoned = Finish(None, [result("Robby1.bot", False, 30), result("Robby2.bot", False, 0),
                              result("Ann", False, 200, left=True)])
    assert [c.player for c in rating_changes(abandoned, [Rating()] * 3)] == ["Ann"]
    everyone = Finish(None, [result("Ann", False, 0, left=True), result("Bob", False, 0, left=True)])
    assert rating_changes(everyone, [Rating(), Rating()]) == []
