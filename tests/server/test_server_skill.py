"""Ratings that know about luck (issue 40): each rated game is judged when it ends (every decision against the
solved tables, the dice's share of the result as 'review' reckons it) and kept, so that 'rating' shows, beside the
rating, a skill index and the luck of the last rated games, in text and in JSON; through the portal, on both
stores."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from support.clients import RawClient, play_until
from support.jsonclients import json_client
from support.portals import portal_server
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")
QUICK = {"COSMIC_RATINGS__MIN_MOVES": "0"}
"""A game to 100 can end before a person made three moves (then it is not rated: test_server_fairplay); the house
bot moves at once (at its default second a throw, a long turn outlasted the test's ten seconds a wait)."""
SKILL = spaced(r"skill (\d+\.\d)% \(decision accuracy against the solver, (\d+) decisions\), luck ([+-]\d+\.\d) points"
               r" of winning chance a game from the dice: the last (\d+) judged games?")


async def rated_game(ann: RawClient, number: int) -> None:
    await ann.command("table open goal=100", f"You sit down at table {number}.")
    await ann.command("table bot add", "Robby1.bot sits down")
    ann.send("start")
    await play_until(ann, rf"\*\*\* \S+ WINS the game at table {number}")
    await ann.expect(rf"Table {number} is closed: the game is over")


async def judged(client: RawClient, name: str, games: int) -> re.Match[str]:
    """The skill line under ``name``'s rating once ``games`` of their games are judged (judging follows the end)."""
    async with asyncio.timeout(30):
        while True:
            shown = await client.command(f"rating {name}", rf"Ratings of {re.escape(name)}:[^>]*\n> ")
            found = re.search(SKILL, shown)
            if found is not None and int(found[4]) == games:
                return found
            await asyncio.sleep(0.2)


async def test_rating_shows_skill_and_luck_after_rated_games(tmp_path: Path) -> None:
    async with portal_server(tmp_path, **QUICK) as server, account(server, "Ann") as ann, \
            account(server, "Bob") as bob:
        await rated_game(ann, 1)
        ann_line, bot_line = await judged(bob, "Ann", 1), await judged(bob, "Robby1.bot", 1)
        assert 0 <= float(ann_line[1]) <= 100 and int(ann_line[2]) >= 0
        assert float(ann_line[3]) == -float(bot_line[3])  # what the dice gave one, they took from the other
        mark = len(ann.text)
        await ann.command("review 1", spaced(r"Robby1\.bot: accuracy [\s\S]*? the dice moved it"))
        review = ann.text[mark:]
        said = re.search(spaced(r"Ann: accuracy (\d+\.\d)% over (\d+) decision\(s\),[\s\S]*? the dice moved it"
                                r" ([+-]\d+\.\d) points"), review)
        assert said is not None and said.groups() == ann_line.groups()[:3]  # as 'review' reckons, the same game
        await rated_game(ann, 1)
        await judged(ann, "Ann", 2)
        await ann.command("table open goal=100 rated=off", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        ann.send("start")
        await play_until(ann, r"\*\*\* \S+ WINS the game at table 1")
        await ann.expect("Table 1 is closed: the game is over")
        assert int((await judged(ann, "Ann", 2))[4]) == 2  # an unrated game is not judged


async def test_rating_in_json_mode_carries_skill_and_luck(tmp_path: Path) -> None:
    async with portal_server(tmp_path, **QUICK) as server, json_client(server, "Ann") as ann:  # type: ignore[arg-type]
        await ann.command("table open goal=100", "table")
        await ann.command("table bot add", "table")
        ann.send("start")
        message = await ann.expect("table")
        while message["state"]["status"] != "over":
            if message.get("you_may"):
                ann.send("stop" if "stop" in message["you_may"] else message["you_may"][0])
            message = await ann.expect("table")
        await ann.expect("message", kind="table_closed")
        async with asyncio.timeout(30):
            while "skill.wimpout" not in (fields := (await ann.command("rating", "message", kind="rating"))["fields"]):
                await asyncio.sleep(0.2)
        assert fields["judged.wimpout"] == "1" and 0 <= float(fields["skill.wimpout"]) <= 1
        assert -1 <= float(fields["luck.wimpout"]) <= 1 and int(fields["decisions.wimpout"]) >= 0
        assert fields["rating.wimpout"] and fields["player"] == "Ann"
