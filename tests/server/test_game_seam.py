"""The game seam: Cosmic Wimpout's Game and Pig's match keep the engine's Match protocol; the generic table seats,
watches, marks away, votes out and closes a table of a game it knows nothing about (Pig); 'table open game=NAME'
opens the game named, Cosmic Wimpout when none is; a turn verb's help is its game's docstring."""

from __future__ import annotations

import inspect

import pytest

from support.clients import loose, player

from engine.gametype import Match
from engine.wimpout import Game, LoadedDice, RuleSet
from support.pig.pigrules import Match as PigMatch
from support.pig.pigtype import Pig
from rooms.messages import Refusal
from rooms.tables import Absent, RemovalVote, Sat, Status, Stood, Table, TableEnding
from rooms.gameplay import TablePlay
from rooms.wimpout.wimpoutplay import wimpout_table
from server.commands.registry import REGISTRY
from server.games.gametypes import GAME_TYPES, GameType, pick
from server.wimpout import wimpoutverbs


def pig_table(*names: str) -> Table:
    table = Pig(()).new_table(1, "lobby", names[0], ["goal=20"])
    for name in names[1:]:
        table.sit(name)
    return table


def test_every_game_keeps_the_seams_protocols() -> None:
    assert isinstance(Game.start(["Ann", "Bob"], RuleSet(), LoadedDice(["10 2"])), Match)
    assert isinstance(PigMatch(), Match)
    assert isinstance(GAME_TYPES["wimpout"], GameType) and isinstance(Pig(()), GameType)
    assert isinstance(wimpout_table(1, "lobby", RuleSet()).play, TablePlay) and isinstance(pig_table("Ann").play, TablePlay)


def test_the_registry_names_a_game_or_refuses() -> None:
    assert pick(["goal=300"]) == (GAME_TYPES.default, ["goal=300"]) and GAME_TYPES.default.name == "wimpout"
    assert pick(["game=Wimpout", "goal=300"])[0] is GAME_TYPES["wimpout"]
    with pytest.raises(Refusal, match="^There is no game called 'chess' here. The games: wimpout, poker.$"):
        pick(["game=chess"])


def test_seats_and_the_start_are_the_tables_the_rest_the_games() -> None:
    table = pig_table("Ann")
    with pytest.raises(Refusal, match="A game needs at least 2 players"):
        table.start("Ann", None)
    assert table.sit("Bob").events == (Sat("Bob"),) and table.status is Status.WAITING
    with pytest.raises(Refusal, match="^Pig has no house bots.$"):
        table.add_bot("Ann", [])
    table.start("Bob", None)
    assert table.status is Status.PLAYING and table.view().waiting_on == ("Ann",)
    with pytest.raises(Refusal, match="^It is not your turn; it is Ann's.$"):
        table.move("Bob", "roll", None)


def test_an_absent_player_is_voted_out_and_the_game_ends() -> None:
    table = pig_table("Ann", "Bob", "Cy")
    table.start("Ann", None)
    assert table.set_absent("Cy", True).events == (Absent("Cy", True),)  # type: ignore[union-attr]
    first = table.vote_remove("Ann", "cy", None)
    assert first.events == (RemovalVote("Ann", "Cy", ("Bob",)),)
    second = table.vote_remove("Bob", "Cy", None)
    assert second.events[0] == RemovalVote("Bob", "Cy", ()) and not table.play.in_game("Cy")
    news = table.leave("Bob", None)
    assert news.events[0] == Stood("Bob") and table.status is Status.OVER and table.view().winner == "Ann"
    assert table.ending() is TableEnding.OVER


def test_the_last_player_left_wins_and_an_empty_table_closes() -> None:
    table = pig_table("Ann", "Bob")
    table.start("Ann", None)
    assert table.forfeits("Ann") == 0 and table.ending() is None
    table.leave("Ann", None)
    assert table.view().winner == "Bob" and table.ending() is TableEnding.OVER
    empty = pig_table("Ann")
    empty.leave("Ann", None)
    assert empty.ending() is TableEnding.CLOSED


def test_a_turn_verb_is_helped_by_its_games_docstring() -> None:
    roll = REGISTRY.find("roll")
    assert roll is not None and roll.category == "turn" and roll.help == inspect.cleandoc(wimpoutverbs.roll.__doc__ or "")
    assert roll.usage == "roll      or      r" and REGISTRY.find("s") is REGISTRY.find("stop")


async def test_a_table_opens_for_the_game_named_and_wimpout_by_default(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open game=chess", "There is no game called 'chess' here. The games: wimpout, poker.")
        await ann.command("table open game=wimpout goal=300", r"You sit down at table 1\.")
        await bob.command("tables", loose("Table 1 in The Cosmic Lobby: waiting for players (goal 300, Last Licks"))
        await bob.command("table open", r"You sit down at table 2\.")
        await ann.command("tables", loose("Table 2 in The Cosmic Lobby: waiting for players (goal 500, Last Licks"))
