"""The game seam holds a second game: Pig (tests/support/pig/), defined and registered from the test tree alone, is
played to the end by two people over real loopback telnet connections, then again with one of them in JSON mode."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bots.reference_bot import Connection
from support.clients import player, telnet_client
from support.jsonclients import JsonClient
from support.pig.pigtype import Pig
from support.pig.pigwire import PigMessage
from server.commands.registry import REGISTRY
from server.games.gametypes import GAME_TYPES
from server.wire.protocol import SERVER_MESSAGE

FACES = [6, 5, 1, 4, 6]
"""Ann rolls 6 and 5 and holds 11; Bob rolls a 1; Ann rolls 4 and 6 and holds 21: she wins."""


@pytest.fixture
def pig(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pig]:
    """Pig registered for one test: the registries are copies, put back afterwards."""
    GAME_TYPES.default  # the built-in games are loaded before the copy
    monkeypatch.setattr(GAME_TYPES, "_types", dict(GAME_TYPES._types))
    monkeypatch.setattr(REGISTRY, "_words", dict(REGISTRY._words))
    game = Pig(FACES)
    GAME_TYPES.register(game)
    yield game


def validated(way: str, line: str) -> None:
    """What a JSON-mode client receives: a Pig table message, or any other message of the protocol."""
    if way == "<":
        if line.startswith('{"type":"table"'):
            PigMessage.model_validate_json(line)
        else:
            SERVER_MESSAGE.validate_json(line)


async def test_two_people_play_pig_over_telnet(make_server, pig: Pig) -> None:
    async with make_server() as server, telnet_client(server) as ann, player(server, "Bob") as bob:
        await ann.command("create Ann secret1", "Obvious exits")
        await ann.command("table open game=pig goal=20", r"You sit down at table 1\.")
        await bob.command("look", r"Table 1: Pig to 20 \(waiting\)\. Seats: Ann\.")
        await bob.command("sit", r"You sit down at table 1\.")
        await ann.command("start", "a game of Pig to 20 begins for Ann, Bob.")
        await ann.expect(r"You may: roll, hold\.")
        await bob.command("roll", "It is not your turn; it is Ann's.")
        await bob.command("keep sun 10", "'keep' is not a move of Pig, the game at table 1.")
        await ann.command("hint", "Pig gives no hints or reviews here.")
        await ann.command("roll", "You roll a 6: turn total 6.")
        await bob.expect("Ann rolls a 6: turn total 6.")
        await ann.command("roll", "You roll a 5: turn total 11.")
        await ann.command("hold", "You hold 11: score 11.")
        await bob.expect(r"You may: roll, hold\.")
        await bob.command("roll", "You roll a 1: the turn is lost.")
        await ann.command("r", "You roll a 4: turn total 4.")
        await ann.command("roll", "You roll a 6: turn total 10.")
        await ann.command("score", "Ann: 11\nBob: 0")
        await bob.command("look Ann", "Ann sits at table 1: score 11, in the game.")
        await ann.command("hold", "You hold 10: score 21.")
        for client in (ann, bob):
            await client.expect(r"\*\*\* Ann wins the game of Pig at table 1! \*\*\*")
            await client.expect(r"Table 1 is closed: the game is over \(game #1")
        await bob.command("help hold", "Pig: bank your turn total")
        await bob.command("history", r"#1 .* Ann, Bob; won by Ann")
        await bob.command("replay 1", r"Game #1:\nPig at table 1: Ann 21, Bob 0\.")
        await bob.command("review 1", "Pig gives no hints or reviews here.")
    assert pig.die.faces == []


async def test_pig_in_json_mode(make_server, pig: Pig) -> None:
    async with make_server() as server, player(server, "Bob") as bob:
        ann = JsonClient(await Connection.open("127.0.0.1", server.port, validated))
        try:
            await ann.command("json", "message", kind="json")
            await ann.command("create Ann secret1", "message", kind="welcome")
            opened = await ann.command("table open game=pig", "table")
            assert opened["state"]["goal"] == 20 and opened["events"] == [{"type": "Sat", "player": "Ann"}]
            await bob.command("sit", r"You sit down at table 1\.")
            sat = await ann.expect("table")
            assert sat["events"] == [{"type": "Sat", "player": "Bob"}] and sat["text"] == "Bob sits down at table 1."
            started = await ann.command("start", "table")
            assert started["events"] == [{"type": "Began", "players": ["Ann", "Bob"], "goal": 20}]
            assert started["you_may"] == ["roll", "hold"] and started["state"]["up"] == "Ann"
            moves: list[dict[str, Any]] = []
            for line in ("roll", "roll", "hold"):
                moves.append(await ann.command(line, "table"))
            assert [m["state"]["turn"] for m in moves] == [6, 11, 0]
            assert moves[-1]["state"]["seats"][0] == {"name": "Ann", "score": 11, "absent": False}
            assert moves[-1]["you_may"] == [] and moves[-1]["state"]["waiting_on"] == ["Bob"]
            await bob.command("roll", "You roll a 1: the turn is lost.")
            bust = await ann.expect("table")
            assert bust["events"] == [{"type": "Rolled", "player": "Bob", "face": 1}] and bust["you_may"] == ["roll", "hold"]
            assert bust["text"] == "Bob rolls a 1: the turn is lost.\nYou may: roll, hold."
            await ann.command("roll", "table")
            await ann.command("roll", "table")
            won = await ann.command("hold", "table")
            assert won["state"]["winner"] == "Ann" and won["state"]["status"] == "over"
            assert [e["type"] for e in won["events"]] == ["Held", "Won"]
            closed = await ann.expect("message", kind="table_closed")
            assert closed["fields"]["status"] == "over"
            await bob.expect(r"\*\*\* Ann wins the game of Pig at table 1! \*\*\*")
        finally:
            await ann.connection.close()


async def test_a_pig_table_open_at_a_restart_comes_back_as_pig(make_server, pig: Pig) -> None:
    """The store records each table's game: a Pig game in play when the server stops is Pig again when it starts on
    the same data (not the default game), and goes on from its last move."""
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open game=pig goal=20", r"You sit down at table 1\.")
        await bob.command("sit", r"You sit down at table 1\.")
        await ann.command("start", "a game of Pig to 20 begins for Ann, Bob.")
        await ann.command("roll", "You roll a 6: turn total 6.")
        await ann.command("roll", "You roll a 5: turn total 11.")
        await ann.command("hold", "You hold 11: score 11.")
    async with make_server() as server:
        assert server.tables.get(1).kind is pig
        async with player(server, "Ann", create=False) as ann, player(server, "Bob", create=False) as bob:
            await ann.command("look", r"Table 1: Pig to 20 \(playing\)\. Seats: Ann, Bob\.")
            await ann.command("score", "Table 1: Pig to 20, playing\nAnn: 11\nBob: 0")
            await bob.command("roll", "You roll a 1: the turn is lost.")
            await ann.command("roll", "You roll a 4: turn total 4.")
            await ann.command("roll", "You roll a 6: turn total 10.")
            await ann.command("hold", "You hold 10: score 21.")
            await bob.expect(r"\*\*\* Ann wins the game of Pig at table 1! \*\*\*")
    assert pig.die.faces == []


async def test_the_table_command_help_lists_each_games_options(make_server, pig: Pig) -> None:
    """'help table' is the generic command's, then each game's own paragraph: its options and house bots."""
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("help table", "'table open game=NAME' opens a table of that game")
        await ann.command("more", r"(?s)Cosmic Wimpout \(game=wimpout\)\. Options: goal=<points> \(500\),.*"
                                  r"'optimal' plays by the solved tables.*Pig \(game=pig\)\. Options")
        await ann.command("help hint", r"(?s)in a game that gives hints.*Cosmic Wimpout: the things you may do are roll")
