"""Issue 30, finding 5: 'ignore' hides every word an ignored player puts before others, not only talk: the honour
rule she proposes and the house bot she names, at a table shared with her (its news, scoreboard, rules, the table
list, on telnet and in JSON alike), her @doing in WHO and 'look', and a muted builder names and describes no room.
One process: what is hidden is worded in the game process (``Presence.deliver``), which the portal only relays
or hands its socket to; the portal's own path is tested in tests/e2e."""

from __future__ import annotations

import json

from support.clients import player
from support.jsonclients import json_client

RUDE = ("Vicsucks", "idiot")


async def test_ignore_hides_an_ignored_players_honour_rule_bot_and_doing(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Mallory") as mal, player(server, "Vic") as vic, player(server, "Ann") as ann:
            await vic.command("ignore Mallory", "You are ignoring Mallory")
            await mal.command("@doing Vic is an idiot", "Doing set.")
            await mal.command("table open", "Table 1")
            await vic.command("sit 1", "You sit down at table 1")
            await ann.command("watch 1", "watching table 1")
            await mal.command("table bot add Vicsucks", r"Vicsucks\.bot sits down")
            await vic.expect(r"Mallory's bot 1 sits down")
            await mal.command('propose "Vic is an idiot"', "idiot")
            await vic.expect(r"\(words of Mallory's, whom you ignore\)")
            await ann.expect("Vic is an idiot")  # the others see what was written
            await vic.command("score", "Mallory's bot 1")
            await vic.command("rules", r"\(words of Mallory's, whom you ignore\)")
            await vic.command("tables", "Mallory's bot 1")
            await vic.command("WHO", "players are connected")
            await vic.command("look Mallory", "Idle")
            await vic.command("vote yes", "adopted")
            await vic.command("rules", r"Honour rule: \"\(words of Mallory's, whom you ignore\)\"")
            for word in RUDE:
                assert word not in vic.text, word
            await ann.command("WHO", "Vic is an idiot")
            await vic.command("unignore Mallory", "You hear Mallory again")
            await vic.command("score", r"Vicsucks\.bot")


async def test_ignore_hides_them_on_the_wire_too(make_server) -> None:
    async with make_server() as server:
        async with json_client(server, "Vic") as vic, player(server, "Mallory") as mal:
            await vic.command("ignore Mallory", "message")
            await mal.command("table open", "Table 1")
            await vic.command("sit 1", "table")
            await mal.command("table bot add Vicsucks", r"Vicsucks\.bot sits down")
            await mal.command('propose "Vic is an idiot"', "idiot")
            await vic.expect("table", where=lambda m: bool(m["state"].get("proposals")))
            await vic.command("start", "table", where=lambda m: m["state"]["status"] == "playing")
            seen = json.dumps(vic.received)
            assert "Mallory's bot 1" in seen
            for word in RUDE:
                assert word not in seen, word


async def test_ignore_hides_them_in_a_rated_games_chances_ratings_and_end(make_server) -> None:
    """What a table says besides its news (the predicted chances, each rating's change, its end with every rating)
    names its players: a house bot named by someone ignored reads as its stand-in there too, text and fields. (Rated
    however short: a bot winning in two turns left it unrated once, with no rating change to read.)"""
    async with make_server(ratings={"min_moves": 0}) as server:
        async with json_client(server, "Vic") as vic, player(server, "Mallory") as mal:
            await vic.command("ignore Mallory", "message")
            await mal.command("table open goal=100", "Table 1")
            await mal.command("table bot add Vicsucks", r"Vicsucks\.bot sits down")
            await vic.command("sit 1", "table")
            await mal.command("stand", "table 1")
            vic.send("start")
            message = await vic.expect("table", where=lambda m: m["state"]["status"] == "playing")
            while message["state"]["status"] != "over":
                if message.get("you_may"):
                    vic.send("stop" if "stop" in message["you_may"] else message["you_may"][0])
                message = await vic.expect("table")
            closed = await vic.expect("message", kind="table_closed")
            said = json.dumps([m for m in vic.received if m.get("kind") in ("rating_chances", "rating_change")])
            assert "rating_chances" in said and "rating_change" in said and "rating.Mallory's bot 1" in closed["fields"]
            assert "Vicsucks" not in said + json.dumps(closed), said


async def test_a_muted_builder_names_and_describes_nothing(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Bob") as bob:
            await wiz.command("@set Bob=builder", "Bob may build.")
            await bob.command("@dig Bobroom", "Bobroom")
            await wiz.command("@mute Bob=spam", "Bob is muted")
            for line in ("@dig Idiots", "@desc here=idiots", "@name here=Idiots", "@open idiots=Bobroom"):
                await bob.command(line, "You are muted")
            await wiz.command("@unmute Bob", "Bob may talk")
            await bob.command("@dig Fine", "Fine")
