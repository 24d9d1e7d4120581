"""Ratings over loopback: rated games against a house bot give 'rating NAME' and a place in 'top' (with the chances
told at the start and each rating's change at the end); a tutorial played to the end, a table opened with
rated=off are never rated and never reach 'stats' or 'top' ('history' marks them). Games
on scripted dice: tests/server/test_server_tables.py. On each storage backend (``store_url``)."""

from __future__ import annotations

import re

import pytest

from support.clients import play_until, player
from support.jsonclients import json_client
from test_tutorial import MOVES

pytestmark = pytest.mark.usefixtures("store_url")


async def _play_a_bot(ann, number: int, options: str = "goal=100") -> None:
    await ann.command(f"table open {options}", f"You sit down at table {number}.")
    await ann.command("table bot add", "Robby1.bot sits down")
    ann.send("start")
    await play_until(ann, rf"\*\*\* \S+ WINS the game at table {number}")
    await ann.expect(rf"Table {number} is closed: the game is over")


async def test_rated_games_against_a_house_bot_give_a_rating_and_a_place_in_top(make_server) -> None:
    # A game to 100 can end before Ann made ratings.min_moves moves (then it is not rated: test_server_fairplay).
    async with make_server(ratings={"min_moves": 0}) as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await bob.command("rating Ann", "Ann has no rating yet")
        await ann.command("table open goal=100", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        ann.send("start")
        await play_until(ann, r"\*\*\* \S+ WINS the game at table 1")
        # Newcomers both, but the first turn is worth 54.7% at goal 100 (the solver's figure: server.skill.firstturn)
        said = re.search(r"Table 1, predicted chances of\s+winning: Ann (\d+)%, Robby1\.bot (\d+)%\s+\((\S+) has\s+the"
                         r"\s+first\s+turn\)\.", ann.text)
        assert said is not None
        ann_chance, first = int(said[1]), said[3]
        assert first in ("Ann", "Robby1.bot") and ann_chance == (55 if first == "Ann" else 45) and int(said[2]) == 100 - ann_chance
        await ann.expect(r"Ann's rating in Cosmic Wimpout: 1000 -> \d+ \([+-]\d+\) \(provisional\)\.")
        await ann.expect(r"Robby1\.bot's rating in Cosmic Wimpout: 1000 -> \d+")
        await ann.expect("Table 1 is closed: the game is over")
        await _play_a_bot(ann, 1)
        await bob.command("rating Ann", r"Ratings of Ann:\n  Cosmic Wimpout: \d+ \(provisional\), 2 rated games")
        await bob.command("top", r"Ratings in Cosmic Wimpout \(people\)[^\n]*\n   1\. Ann +\d+ \(provisional\)  2 games")
        assert ".bot" not in bob.text.rpartition("(people)")[2]  # people and bots are listed apart
        await bob.command("top wimpout bots", r"\(bots\)[^\n]*\n   1\. Robby1\.bot +\d+")
        await bob.command("stats Ann", r"Ann: 2 games")
        await bob.command("top nosuchgame", "There is no game called 'nosuchgame' here")
        await bob.command("rating Robby1.bot", r"Cosmic Wimpout: \d+ \(provisional\), 2 rated games")


async def test_a_tutorial_played_to_the_end_is_not_rated_and_never_reaches_top_or_stats(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("tutorial", r"TUTORIAL: you play Teacher\.bot to 100")
        for line, reply in MOVES:
            await ann.command(line, reply)
        await ann.expect("Table 1 is closed: the game is over")
        assert "rating in" not in ann.text and "predicted chances" not in ann.text
        await ann.command("rating", "Ann has no rating yet")
        await ann.command("stats", "Ann has no finished games.")
        await ann.command("top", "No game has been finished yet.")
        await ann.command("top bots", "Nobody has a rating in Cosmic Wimpout yet.")
        await ann.command("history", r"#1 .*Ann, Teacher\.bot; won by Ann; Ann scored \d+ \(with house\s+bots\) \(unrated\)")


async def test_a_table_opened_rated_off_is_not_rated(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("table open rated=maybe", "rated= takes on or off")
        await _play_a_bot(ann, 1, "goal=100 rated=off")
        assert "rating in" not in ann.text and "predicted chances" not in ann.text
        await ann.command("stats", "Ann has no finished games.")
        await ann.command("history", r"#1 [\s\S]*\(unrated\)")



async def test_ratings_in_json_mode(make_server) -> None:
    # (a game to 100 can end before Ann made ratings.min_moves moves: then it is not rated)
    async with make_server(ratings={"min_moves": 0}) as server, json_client(server, "Ann") as ann:
        await ann.command("table open goal=100", "table")
        await ann.command("table bot add", "table")
        ann.send("start")
        chances = await ann.expect("message", kind="rating_chances")
        first = chances["fields"]["first"]  # who took the first turn: worth 54.7% at goal 100 between equals
        odds = ("0.547", "0.453") if first == "Ann" else ("0.453", "0.547")
        assert chances["fields"] == {"table": "1", "chance.Ann": odds[0], "chance.Robby1.bot": odds[1],
                                     "rating.Ann": "1000", "rating.Robby1.bot": "1000", "provisional.Ann": "yes",
                                     "provisional.Robby1.bot": "yes", "first": first}
        assert not [m for m in ann.received if m.get("you_may")]  # the chances come before the start's news
        message = await ann.expect("table")  # the start
        while message["state"]["status"] != "over":
            if message.get("you_may"):
                ann.send("stop" if "stop" in message["you_may"] else message["you_may"][0])
            message = await ann.expect("table")
        change = await ann.expect("message", kind="rating_change", where=lambda m: m["fields"]["player"] == "Ann")
        assert change["fields"]["before"] == "1000" and change["fields"]["games"] == "1"
        assert change["fields"]["provisional"] == "yes" and change["fields"]["game"] == "wimpout"
        closed = await ann.expect("message", kind="table_closed")  # the game's end carries every change
        assert closed["fields"]["rating.Ann"] == change["fields"]["rating"]
        assert closed["fields"]["change.Ann"] == change["fields"]["change"] and "change.Robby1.bot" in closed["fields"]
        rating = await ann.command("rating", "message", kind="rating")
        assert rating["fields"]["rating.wimpout"] == change["fields"]["rating"]
        board = await ann.command("top", "message", kind="records")
        assert board["fields"]["board"] == "people" and board["fields"]["player.1"] == "Ann"
        assert board["fields"]["rating.1"] == change["fields"]["rating"] and board["fields"]["games.1"] == "1"
