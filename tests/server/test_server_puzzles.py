"""Issue 40's daily challenge and puzzles of Cosmic Wimpout, played end to end through the portal as operators run it,
in telnet and in JSON mode, across a reload and a SIGKILL of the game process: the daily's dice committed by their
sha256, one attempt a day, its seed and best line revealed the next day (a wizard moves the clock of a server started
with ``adjustable_clock``), its board closed then; puzzles graded by the solved tables, both ratings moved, 'puzzle
top', and no puzzle during a rated game one plays in."""

from __future__ import annotations

import asyncio
import hashlib
import re
from pathlib import Path

import pytest
from support.clients import RawClient, play_until, player
from support.jsonclients import JsonClient
from support.portals import PortalServer, portal_server
from test_correspondence_days import crash, json_player
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")
HEX = r"([0-9a-f]{64})"
ENV = {"COSMIC_ADJUSTABLE_CLOCK": "true"}


async def reload(server: PortalServer, times: int) -> None:
    code, said = await server.console("reload")
    assert code == 0, said
    await server.health_when(lambda figures: figures["reloads"] == times and figures["status"] == "ok")


async def play_daily_telnet(ann: RawClient, server: PortalServer) -> int:
    """Ann's daily over telnet, stopping when she may, with a reload of the game process after her third move."""
    said = await ann.command("daily start", r"You may: ([^\n]*) \(type")
    for move in range(300):
        offered = re.search(r"You may: (.*?) \(type", said.replace("\n", " ")).group(1).split(", ")  # type: ignore[union-attr]
        if move == 3:
            await reload(server, 1)
        ann.send(f"daily {'stop' if 'stop' in offered else offered[0]}")
        said = await ann.expect(r"You may: [^\n]* \(type|is over: \d+ points")
        if "is over" in said:
            return int(re.search(r"(\d+) points", said).group(1))  # type: ignore[union-attr]
    raise AssertionError("the daily did not end")


async def play_daily_json(bob: JsonClient, server: PortalServer) -> int:
    """Bob's daily in JSON mode, always throwing on (unlike Ann), with a SIGKILL of the game process midway."""
    shown = await bob.command("daily start", "message", kind="daily")
    for move in range(400):
        fields = shown["fields"]
        if fields["over"] == "yes":
            return int(fields["score"])
        if move == 5:
            await crash(server)
            await server.health_when(lambda figures: figures["status"] == "ok" and figures["game_pid"])
        offered = fields["you_may"].split(",")
        shown = await bob.command(f"daily {'roll' if 'roll' in offered else offered[0]}", "message", kind="daily")
    raise AssertionError("the daily did not end")


async def test_the_daily_challenge_end_to_end(tmp_path: Path) -> None:
    async with portal_server(tmp_path, **ENV) as server, player(server, "Wiz") as wiz, \
            account(server, "Ann") as ann:  # type: ignore[arg-type]
        bob = await json_player(server, "Bob")
        try:
            told = await ann.command("daily", spaced(rf"daily start.*\s+The day's dice: sha256 {HEX}"))
            commitment = re.search(HEX, told).group(1)  # type: ignore[union-attr]
            shown = await bob.command("daily", "message", kind="daily")
            assert commitment in shown["text"]  # the same dice for everyone
            ann_score = await play_daily_telnet(ann, server)
            bob_score = await play_daily_json(bob, server)
            await ann.command("daily start", spaced("played the daily challenge of .* already: one attempt a day"))
            refused = await bob.command("daily best", "error")
            assert "not revealed yet" in refused["message"]
            hidden = await bob.command("daily replay Ann", "error")  # others' moves, hidden until the reveal
            assert "not revealed yet" in hidden["message"] and "You throw" not in hidden["message"]
            own = await bob.command("daily replay Bob", "message", kind="records")
            assert "Bob's daily challenge of" in own["text"] and "You throw" in own["text"]
            board = await ann.command("daily top", spaced(r"Daily challenge \S+:\n(.*\n){2}"))
            assert re.search(rf"Ann\s+{ann_score}", board) and re.search(rf"Bob\s+{bob_score}", board), board

            await wiz.command("@clock +1d", "clock moved")
            await ann.command("@set pager=off", "Set: pager=off.")  # the best line can be longer than a screen
            await ann.command("daily top yesterday", r"\(closed\)")
            best = await ann.command("daily best yesterday", spaced(rf"its seed was {HEX} \(sha256 {commitment}\)"
                                                                     r"\.\s+The best possible line: \d+ points"))
            seed = re.search(HEX, best).group(1)  # type: ignore[union-attr]
            assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
            assert int(re.search(r"line: (\d+) points", best).group(1)) >= max(ann_score, bob_score)  # type: ignore[union-attr]
            await ann.expect(r"Turn 10: ")
            await ann.command("daily best 2001-01-01", spaced("Nobody has played the daily challenge of 2001-01-01"))
            await ann.command("daily top soon", spaced("'soon' is not a day"))
            shown = await bob.command("daily replay Ann yesterday", "message", kind="records")
            assert "Ann's daily challenge of" in shown["text"] and f"{ann_score} points" in shown["text"]
            fresh = await bob.command("daily", "message", kind="daily")
            assert commitment not in fresh["text"]  # a new day, new dice
        finally:
            await bob.connection.close()


async def test_puzzles_end_to_end(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann:  # type: ignore[arg-type]
        bob = await json_player(server, "Bob")
        try:
            await ann.command("table open goal=100", "You sit down at table 1.")
            await ann.command("table bot add cautious", "sits down at table 1")
            await ann.command("start", "You may")
            await ann.command("puzzle", spaced("Not while your rated game at table 1 is on"))
            await ann.command("leave", r"Leave\? \(yes/no\)")
            await ann.command("yes", r"\n")

            shown = await ann.command("puzzle", spaced(r"Puzzle #(\d+) \(rating 1500; yours 1500\), from a game"
                                                       r" between house bots.*\n(.*\n)+?What is best\? .*\n"))
            number = re.search(r"#(\d+)", shown).group(1)  # type: ignore[union-attr]
            await reload(server, 1)
            again = await ann.command("puzzle", r"Puzzle #(\d+)")
            assert again == f"Puzzle #{number}"  # the same puzzle waits across the reload
            await ann.command("puzzle jump", spaced("'jump' is not one of the choices"))
            await ann.command("puzzle stop", spaced(r"(Right|Not so): [\s\S]*?Your puzzle rating: 1500 -> \d+"))
            await ann.command("puzzle stop", "You have no puzzle waiting")

            puzzle = await bob.command("puzzle", "message", kind="puzzle")
            choices = puzzle["fields"]["you_may"].split(",")
            await crash(server)
            await server.health_when(lambda figures: figures["status"] == "ok" and figures["game_pid"])
            graded = await bob.command(f"puzzle {choices[-1]}", "message", kind="puzzle")
            assert graded["fields"]["puzzle"] == puzzle["fields"]["puzzle"] and graded["fields"]["solved"] in ("yes", "no")
            assert "chance" in graded["text"]
            top = await ann.command("puzzle top", r"Puzzle ratings:\n.*\n.*\n")
            assert "Ann" in top and "Bob" in top, top
        finally:
            await bob.connection.close()


async def reckless(client: RawClient, end: str) -> None:
    """Throw on whenever allowed (a player who never stops: the mistakes puzzles are made of), until ``end``."""
    while True:
        seen = await client.expect(rf"You may: ([^\n]*)\.\n|{end}", within=60)
        if not seen.startswith("You may: "):
            return
        offered = seen[len("You may: "): -2].split(", ")
        client.send("roll" if "roll" in offered else offered[0])


async def test_puzzles_come_from_real_games_once_there_are_some(tmp_path: Path) -> None:
    """Two people play at goal 100, one of them never stopping; a third then gets a puzzle from that game (from the
    reckless player's decisions), not from the bot games."""
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, account(server, "Bob") as bob:
        for attempt in range(1, 4):  # a table's number comes free once its game is over: it may be 1 each time
            opened = await ann.command("table open goal=100", r"You sit down at table \d+\.")
            number = int(re.findall(r"\d+", opened)[0])
            await bob.command(f"sit {number}", f"You sit down at table {number}.")
            ann.send("start")
            careful = asyncio.create_task(play_until(bob, "WINS the game"))
            await reckless(ann, "WINS the game")
            await careful
            async with account(server, f"Cy{attempt}") as cy:
                puzzle = spaced(r"Puzzle #\d+ \(rating 1500; yours 1500\), from (?s:.*?) What")
                shown = await cy.command("puzzle", puzzle)
                if "from game #" in shown:
                    assert "house bots" not in shown
                    return
        raise AssertionError("three games without a puzzle from them")


async def test_a_correspondence_game_keeps_neither_the_daily_nor_puzzles_from_its_players(tmp_path: Path) -> None:
    """Found trying it by hand: a player at a correspondence table (a move due in days) was told to stand up to so
    much as see the daily. A live table's seat keeps the daily's play (one game at a time), not 'daily' itself."""
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, \
            account(server, "Bob") as bob:  # type: ignore[arg-type]
        await ann.command("table open pace=correspondence days=3 goal=100", "You sit down at table 1.")
        await bob.command("sit 1", "You sit down at table 1.")
        await ann.command("start", "a game of Cosmic Wimpout begins")
        await bob.command("daily", spaced(r"The day's dice: sha256 [0-9a-f]{64}"))
        await bob.command("daily start", r"You may: [^\n]* \(type")
        await bob.command("puzzle", spaced(r"Puzzle #\d+ .*"))
        await ann.command("table open goal=100", "You sit down at table 2.")
        await ann.command("daily", spaced(r"The day's dice: sha256 [0-9a-f]{64}"))
        await ann.command("daily start", spaced("You sit at table 2: one game at a time"))
