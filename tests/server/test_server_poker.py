"""New Cosmic Poker over loopback: two people (one at a telnet terminal, one in JSON mode) and a house bot play a
whole game while a watcher looks on, and nothing anyone receives holds a card they may not see; a game survives a
restart with its hands; the records show poker apart from Cosmic Wimpout."""

from __future__ import annotations

import asyncio

from telnetlib3.mud import gmcp_decode
from telnetlib3.telopt import GMCP

from bots.reference_bot import Connection
from support.clients import paged, player
from support.jsonclients import JsonClient
from support.pokerclients import OVER, check_json_secrecy, play_json, play_telnet, secret_lines, validated
from support.wire import wire_client

async def test_two_people_and_a_house_bot_play_poker_to_the_end_and_nobody_sees_a_hidden_card(make_server) -> None:
    async with (make_server() as server, player(server, "Ann") as ann, player(server, "Cy") as cy,
                wire_client(server, frozenset({GMCP})) as dee):
        dee.gmcp('Core.Supports.Set ["Char 1", "Poker 1"]')
        await dee.command("create Dee secret1", "Obvious exits")
        bob = JsonClient(await Connection.open("127.0.0.1", server.port, validated))
        try:
            await bob.command("json", "message", kind="json")
            await bob.command("create Bob secret1", "message", kind="welcome")
            await ann.command("table open game=poker bases_to_win=1", r"You sit down at table 1\.")
            await bob.command("sit 1", "table")
            await ann.command("table bot add house", r"Robby1\.bot sits down at table 1\.")
            await cy.command("watch 1", r"Cy watches table 1")
            await dee.command("watch 1", r"Dee watches table 1")
            await ann.command("start", r"a game of New Cosmic Poker begins for Ann, Bob, Robby1\.bot")
            await asyncio.wait_for(asyncio.gather(play_telnet(ann), play_json(bob)), 120)
            await cy.expect(OVER)
            await dee.expect(OVER)
            await ann.command("stats", r"Ann: 1 New Cosmic Poker games, [01] wins")
            await ann.command("stats Ann wimpout", "Ann has no finished games")
            await ann.command("top poker", r"New Cosmic Poker:\n +\. Player +Wins")
            await paged(ann, "replay 1", OVER)
            replayed = ann.text[ann.text.rindex("Game #1:"):]
            assert "exposes" in replayed and secret_lines(replayed, owner=False) == []
            await ann.command("history", r"#1 .*Ann, Bob, Robby1\.bot; won by")
        finally:
            await bob.connection.close()
        assert secret_lines(cy.text, owner=False) == []
        assert b"Your hand" not in cy.raw
        assert secret_lines(ann.text, owner=True) == []
        check_json_secrecy(bob.received, "Bob")
        gmcp = [gmcp_decode(payload) for option, payload in dee.subnegotiations if option == GMCP]
        tables = [data for name, data in gmcp if name == "Poker.Table"]
        assert tables and any(e["type"] == "GameOver" for t in tables for e in t["events"])
        check_json_secrecy(tables, None)
        assert secret_lines(dee.text, owner=False) == []


def test_the_secrecy_checks_can_fail() -> None:
    assert secret_lines("Bob is dealt A8 C Kx2.", owner=False) and secret_lines("Your hand: 1:C", owner=False)
    assert secret_lines("Ann exposes A0 A10 A20: triad 20.", owner=False) == []
    dealt = {"type": "table", "events": [{"type": "Dealt", "player": "Ann", "cards": [3]}], "state": {"game": None}}
    try:
        check_json_secrecy([dealt], "Bob")
    except AssertionError:
        return
    raise AssertionError("Ann's dealt cards went unnoticed")


async def test_a_poker_game_survives_a_restart_hands_included(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open game=poker", r"You sit down at table 1\.")
        await bob.command("sit", r"You sit down at table 1\.")
        await ann.command("start", r"New Cosmic Poker begins")
        await asyncio.sleep(0.2)
        before = {name: await client.command("hand", r"Your hand: [^\n]*\n") for name, client in
                  (("Ann", ann), ("Bob", bob))}
    async with make_server() as server:
        async with player(server, "Ann", create=False) as ann, player(server, "Bob", create=False) as bob:
            await ann.command("look", r"Table 1: New Cosmic Poker \(playing\)")
            for name, client in (("Ann", ann), ("Bob", bob)):
                assert await client.command("score", r"Your hand: [^\n]*\n") == before[name]


async def test_the_poker_parlour_and_exits_named_like_poker_verbs(make_server) -> None:
    """'out' and 'in' are poker moves and exits' aliases: away from a poker table they still take the exit."""
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("poker", r"The Cosmic Poker Parlour\n")
        await ann.command("out", r"The Cosmic Lobby\n")
        await ann.command("garden", r"The Moon Garden\n")
        await ann.command("in", r"The Cosmic Lobby\n")
        await ann.command("call", "You are not")
        await ann.command("poker", r"The Cosmic Poker Parlour\n")
        await ann.command("table open game=poker bet_limit=none", r"You sit down at table 1\.")
        await ann.command("table set lowball high_low", "Lowball and high_low cannot be played together")
        await ann.command("table set bases_to_win=2", r"plays New Cosmic Poker: bases_to_win=2, bet_limit=none\.")
        await ann.command("rules", r"(?s)first to 2\s+foreign bases;.*bet limit none")
        await ann.command("out", r"The game at table 1 has not started yet\.")
        await ann.command("hand", r"You hold no cards at table 1")
