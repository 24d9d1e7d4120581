"""The bot ladder over loopback: two reference-bot accounts flag themselves as bots of a person's ('@set me=bot'),
who accepts them ('@bot accept'), join the ladder and get games from the matchmaker (with a house anchor: they have
one owner), are rated as bots ('top bots'), stop at the daily cap; a new version starts a new rating."""

from __future__ import annotations

import asyncio

from bots.reference_bot import Connection, Player, cautious, run, threshold
from support.clients import WAIT, player
from support.jsonclients import validate

LADDER = {"options": "goal=100", "seats": 2, "gap": 1000, "daily_cap": 2, "every": 0.2}


async def test_two_reference_bots_join_the_ladder_and_get_games(make_server) -> None:
    async with make_server(ladder=LADDER) as server, player(server, "Ann") as ann:
        for name in ("Robo", "Bobo"):  # flagged, and accepted by their owner, before they play the ladder
            async with player(server, name) as bot:
                await bot.command("@set me=bot owner=Ann version=1", "is a bot now")
            await ann.command(f"@bot accept {name}", f"You accept {name} as your bot")
        robo = Player("Robo", "secret1", threshold(100), games=2, ladder=("Ann", "1"))
        bobo = Player("Bobo", "secret1", cautious, games=2, ladder=("Ann", "1"))
        async with asyncio.timeout(6 * WAIT):
            await asyncio.gather(run(await Connection.open("127.0.0.1", server.port, validate), robo),
                                 run(await Connection.open("127.0.0.1", server.port, validate), bobo))
        assert robo.played == bobo.played == 2
        board = await ann.command("top bots", r"\(bots\)[^\n]*(\n +\d\. [^\n]*)+")
        assert "Robo " in board and "Bobo " in board and ".bot" in board  # the bots and the anchors they met
        await ann.command("top", "No game has been finished yet")  # bot accounts are not people
        await ann.command("rating Robo", r"Cosmic Wimpout: \d+ \(provisional\), 2 rated games")
        seated = [line for line in server.services.ladder.last.items() if line[0] in ("Robo", "Bobo")]
        assert len(seated) == 2 and all(len(others) == 1 for _, others in seated)

        again = Player("Robo", "secret1", cautious, games=1, ladder=("Ann", "1"))
        connection = await Connection.open("127.0.0.1", server.port, validate)
        for line in again.greet():
            connection.send(line)
        refused = None
        while refused is None:
            message = await connection.message()
            for line in again.react(message):
                connection.send(line)
            if message["type"] == "error" and "ladder games today" in message["message"]:
                refused = message["message"]
        assert "Robo has played 2 ladder games today" in refused
        connection.send("@set me=bot owner=Ann version=2")
        while "ratings start again" not in (message := await connection.message()).get("text", ""):
            pass
        connection.send("rating")
        while (message := await connection.message())["type"] != "error":
            pass
        assert "Robo has no rating yet" in message["message"]
        await connection.close()


async def test_only_a_bot_account_plays_the_ladder_and_its_owner_is_a_person(make_server) -> None:
    async with make_server(ladder=LADDER) as server, player(server, "Ann") as ann, player(server, "Robo") as robo:
        await robo.command("ladder join", "Only an account flagged as a bot plays the ladder")
        await robo.command("@set me=bot owner=Nobody version=1", "There is no player called Nobody")
        await robo.command("@set me=bot owner=Robo version=1", "A bot's owner is a person")
        await robo.command("@set me=bot version=1", "Usage: @set me=bot owner=")
        await robo.command("@set me=bot owner=Ann version=1", r"Robo is a bot now \(owner Ann, version 1\)")
        await robo.command("ladder", r"The ladder: 0 waiting \(none\)")
        await robo.command("ladder leave", "Robo is not in the ladder's queue.")
        await robo.command("@set me=!bot", "Robo is no longer flagged as a bot.")
        await ann.command("ladder dance", "Usage: ladder")
