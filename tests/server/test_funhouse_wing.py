"""The Funhouse wing over loopback sockets: a whole run through the six rooms over telnet, watched by another player;
the daily layout the same for two players (JSON mode, the board as data with ``you_may``); a run going on after a
restart where it was; the best runs and each player's first daily run; the wing added to an older world."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from engine.funhouse import ROOMS, FunRun
from rooms.loader import load_world_file
from server.funhouse.funboard import draw
from server.ops.worldwings import missing_wings
from server.funhouse.funwords import TITLES
from server.settings import DEFAULTS
from support.clients import player, telnet_client
from support.harness import Typist, in_memory
from support.funpositions import positions
from support.jsonclients import json_client

MOVES_A_ROOM = 6
"""Moves a test makes in a room before it stops there (Barrels and Whack-a-Dummy have no end of their own)."""


def next_move(run: FunRun, made: dict[str, int]) -> str:
    """The first move offered other than 'stop', until the room has had its share of moves."""
    assert run.room is not None
    room = run.room.name
    made[room] = made.get(room, 0) + 1
    offered = [move for move in run.legal_moves() if move != "stop"]
    return "stop" if made[room] > MOVES_A_ROOM or not offered else offered[0]


async def test_a_whole_run_through_the_six_rooms_over_telnet_watched_by_another(make_server) -> None:
    async with make_server() as server, telnet_client(server) as ann, player(server, "Bob") as bob:
        ann.send("create Ann secret1")
        await ann.expect("Obvious exits")
        await ann.command("go funhouse", "Funhouse 1: Slide Jam")
        await bob.command("go funhouse", "Funhouse 1: Slide Jam")
        ann.send("funhouse")
        await ann.expect(r"A Funhouse run begins \(run #1\)")
        await ann.expect(r"Slide Jam +board: 24 tiles, \d+ points\r?\nL: 0 families")
        await bob.expect("Ann's Funhouse board:\nSlide Jam")
        live = await server.services.funhouse.current("Ann")
        assert live is not None
        made: dict[str, int] = {}
        while not live.run.is_over:
            ann.send(f"fh {next_move(live.run, made)}")
            await ann.expect(r"You may:|The run is over")
        await asyncio.gather(*server.services.funhouse.searching)  # the best of each room, searched beside play
        await ann.command("fh look", "You have no Funhouse run under way")  # (what was told before it has arrived)
        for name in ROOMS:  # the last room's search may end after the run: its line comes when it does
            best = rf"{TITLES[name]}: you scored \d+\. The best this setup allowed: (at most )?\d"
            if not re.search(best, ann.text):
                await ann.expect(best)
        assert all(made[name] >= 1 for name in ROOMS)
        await bob.expect("Ann's Funhouse board:\nThe run is over")
        total = live.run.state.total
        await ann.command("funhouse history", rf"#1  \S+ \S+  Ann  six rooms: total {total}")
        await ann.command("funhouse top", rf"#1  \S+ \S+  Ann  six rooms: total {total}")
        await ann.command("funhouse replay 1", r"Slide Jam: \d+ \(\d+ moves: ")


async def test_the_daily_run_gives_two_players_one_layout_as_data(make_server) -> None:
    async with make_server() as server, json_client(server, "Ann") as ann, json_client(server, "Bob") as bob:
        ann.send("funhouse daily")
        mine = await ann.expect("funhouse", player="Ann")
        bob.send("funhouse daily")
        theirs = await bob.expect("funhouse", player="Bob")
        assert mine["board"] == theirs["board"] and mine["room"] == "slide-jam" and mine["board"]["points"] == 60
        assert "stop" in mine["you_may"] and mine["you_may"] == theirs["you_may"]
        assert mine["text"].startswith("Slide Jam") and not mine["over"]
        ann.send(f"fh {mine['you_may'][0]}")
        moved = await ann.expect("funhouse", player="Ann")
        assert moved["board"] != mine["board"] and moved["run"] == mine["run"]
        await ann.command("fh take a1 a1 a1 L up", "error", code="refused", message="A family is three different tiles.")


@pytest.mark.usefixtures("store_url")
async def test_a_run_goes_on_after_a_restart_where_it_was(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        ann.send("funhouse room barrels")
        await ann.expect(r"Roll Out the Barrels alone")
        for move in ("start 0 1", "restart 1 0"):
            await ann.command(f"fh {move}", "You may:")
        live = await server.services.funhouse.current("Ann")
        assert live is not None
        before = live.run.room.view() if live.run.room else None
    async with make_server() as server, player(server, "Ann", create=False) as ann:
        await ann.command("fh look", r"Roll Out the Barrels\n")
        again = await server.services.funhouse.current("Ann")
        assert again is not None and again.run_id == live.run_id
        assert again.run.room is not None and again.run.room.view() == before
        await ann.command("fh stop", "Roll Out the Barrels: you scored")
        assert (await server.services.store.fun_run(live.run_id)).total == again.run.state.total  # type: ignore[union-attr]


@pytest.mark.usefixtures("store_url")
async def test_the_daily_board_counts_each_players_first_daily_run(tmp_path: Path) -> None:
    async with in_memory(tmp_path / "data") as services:
        ann, bob = Typist(services), Typist(services)
        await ann.type("create Ann secret1")
        await bob.type("create Bob secret2")
        assert "No finished Funhouse runs on the daily layout" in await ann.type("funhouse top daily")
        for typist, stops in ((ann, 6), (bob, 6), (ann, 6)):
            await typist.type("funhouse daily")
            for _ in range(stops):
                await typist.type("fh stop")
        board = await bob.type("funhouse top daily")
        assert board.count("  Ann  daily") == 1 and board.count("  Bob  daily") == 1
        assert "#1 " in board and "#2 " in board and "#3 " not in board
        assert "no room 'attic'" in await ann.type("funhouse room attic")
        assert "funhouse [new|daily" in await ann.type("funhouse dance")
        assert "funhouse [new|daily" in await ann.type("funhouse daily twice")
        assert "Slide Jam, room 1." in await ann.type("help slide jam")
        assert "Trampo-Land, room 6." in await ann.type("help trampo-land")


def test_every_board_fits_80_columns_in_ascii() -> None:
    """Random legal play through many seeded runs: every position each room shows is drawn within 80 columns."""
    for view in positions(40, random.Random(24), 25):
        text = draw(view)
        assert text.isascii() and max(len(line) for line in text.split("\n")) <= 80, text


def test_an_older_world_gets_the_wing_and_the_lobbys_door_once() -> None:
    seed = load_world_file(DEFAULTS / "world.toml")
    old = {room.key: room for room in seed.rooms() if not room.key.startswith("funhouse-")}
    lobby = old["lobby"]
    old["lobby"] = type(lobby)(lobby.key, lobby.name, lobby.description,
                               tuple(way for way in lobby.exits if way.name != "funhouse"))
    added = missing_wings(old, seed)["funhouse"]
    assert [room.key for room in added] == [f"funhouse-{name}" for name in ROOMS] + ["lobby"]
    assert added[-1].find_exit("funhouse").destination == "funhouse-slide-jam"  # type: ignore[union-attr]
    assert missing_wings({**old, **{room.key: room for room in added}}, seed) == {}


async def test_one_game_at_a_time_a_seat_holds_the_funhouse_run(make_server) -> None:
    """Seated at a table of any game, a player sits at no other (poker or Cosmic Wimpout), and neither starts nor
    moves a Funhouse run (its board and the records still show); the run waits, untouched, and goes on once they
    leave. A run under way does not keep them from a seat: a run has no clock, and an unfinished one is never ended."""
    seated = r"You are sitting at table 1: your Funhouse run waits until you 'leave' it\."
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open game=poker bases_to_win=1", r"You sit down at table 1\.")
        await bob.command("sit 1", r"You sit down at table 1\.")
        await ann.command("start", r"a game of New Cosmic Poker begins")
        for line in ("funhouse", "funhouse new", "funhouse daily", "funhouse room catwalk"):
            await ann.command(line, seated)
        await ann.command("table open", r"You are sitting at table 1: 'leave' it first\.")
        assert await server.services.funhouse.current("Ann") is None
        await bob.command("leave yes", r"Table 1 is closed")
        await ann.expect(r"Table 1 is closed")
        await ann.command("funhouse room barrels", r"Roll Out the Barrels alone")
        live = await server.services.funhouse.current("Ann")
        assert live is not None
        events = list(live.run.events)
        await ann.command("table open", r"You sit down at table 1\.")
        await ann.command("fh start 0 1", seated)
        await ann.command("funhouse new", seated)
        await bob.command("table open game=poker", r"You sit down at table 2\.")
        await bob.command("sit 1", r"You are sitting at table 2: 'leave' it first\.")
        await bob.command("stand", r"Table 2 is closed")
        await ann.command("fh look", r"Roll Out the Barrels\n")
        await ann.command("funhouse", r"Your run #1 is under way")
        assert await server.services.funhouse.current("Ann") is live and live.run.events == events
        await ann.command("stand", r"Table 1 is closed")
        await ann.command("fh start 0 1", "You may:")


async def test_a_world_from_before_the_poker_parlour_and_the_funhouse_gets_both(make_server, tmp_path: Path) -> None:
    """Issue 36, item 9: an old database got the Funhouse wing but not the Poker Parlour ('go poker': "You can't go
    that way"). A world seeded from the first world file (no poker room, no funhouse), then the server upgraded."""
    first = (DEFAULTS / "world.toml").read_text()
    first = first[:first.index("# The Funhouse wing")]  # (its rooms, all after this line)
    first = first.replace(FIRST_WORLD_POKER_ROOM, "").replace(FIRST_WORLD_DOORS, "")
    old_world = tmp_path / "first-world.toml"
    old_world.write_text(first)
    async with make_server(world_file=old_world) as server, player(server, "Ann") as ann:
        await ann.command("go poker", "You can't go that way")
    async with make_server() as server, player(server, "Ann", create=False) as ann:
        await ann.command("go poker", "The Cosmic Poker Parlour")
        await ann.command("go lobby", "The Cosmic Lobby")
        await ann.command("go funhouse", "Slide Jam")


FIRST_WORLD_DOORS = '''[[rooms.lobby.exits]]
name = "poker"
aliases = ["cosmic poker", "poker parlour"]
to = "poker"

[[rooms.lobby.exits]]
name = "funhouse"
aliases = ["fun", "f"]
to = "funhouse-slide-jam"
'''
FIRST_WORLD_POKER_ROOM = '''[rooms.poker]
name = "The Cosmic Poker Parlour"
description = """Felt the colour of deep space, a Warp of polished brass in the middle of each table and a stack of \\
challenge decks by the door. 'table open game=poker' deals a game of New Cosmic Poker; 'help poker' tells the rules."""

[[rooms.poker.exits]]
name = "lobby"
aliases = ["out"]
to = "lobby"
'''
