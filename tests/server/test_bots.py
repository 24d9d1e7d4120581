"""Bots end to end on a real server: two reference bots (raw sockets, JSON lines) play each other, and people play
house bots, which leave with the last person and come back after a restart."""

from __future__ import annotations

import asyncio

from bots.reference_bot import Connection, Player, cautious, poker, run, threshold
from support.clients import WAIT, paged, play_until, player, telnet_client
from support.jsonclients import SEEN, validate


async def test_two_reference_bots_play_whole_games_over_raw_sockets(make_server) -> None:
    async with make_server() as server:
        host = Player("Robo", "secret1", threshold(100), table_options="goal=150", games=2)
        guest = Player("Bobo", "secret1", cautious, games=2)
        async with asyncio.timeout(6 * WAIT):
            finals = await asyncio.gather(
                run(await Connection.open("127.0.0.1", server.port, validate), host),
                run(await Connection.open("127.0.0.1", server.port, validate), guest),
            )
    assert finals[0] == finals[1] and finals[0]["status"] == "over"
    winner = finals[0]["winner"]
    assert winner in ("Robo", "Bobo") and max(s["score"] for s in finals[0]["seats"]) >= 150
    assert host.played == guest.played == 2
    assert {"table", "message"} <= set(SEEN)


async def test_the_reference_bot_plays_poker_to_the_end_against_a_house_bot(make_server) -> None:
    async with make_server() as server:
        pokey = Player("Pokey", "secret1", poker, table_options="game=poker bases_to_win=3", house_bots=("house",))
        async with asyncio.timeout(12 * WAIT):
            final = await run(await Connection.open("127.0.0.1", server.port, validate), pokey)
    game = final["game"]
    assert final["status"] == "over" and final["winner"] in ("Pokey", "Robby1.bot") and game["over"]
    assert [seat["name"] for seat in final["seats"]] == ["Pokey", "Robby1.bot"]
    assert max(seat["bases"] for seat in game["seats"]) >= 3 or any(seat["out"] for seat in game["seats"])
    assert pokey.played == 1


def test_the_poker_strategy_reads_its_hand() -> None:
    def state(hand: list[str], phase: str, high_bet: int = 0, bet: int = 0, lucre: int = 10) -> dict[str, object]:
        seat = {"name": "Pokey", "bet": bet, "lucre": lucre, "state": "in"}
        return {"game": {"you": "Pokey", "hand": hand, "seats": [seat], "phase": phase, "high_bet": high_bet,
                         "options": {}}}

    weak, strong = ["A1", "E", "A7", "F", "R+3", "Kx2", "A40"], ["C", "C", "E", "C", "A4", "F", "A9"]
    assert poker(["check", "fold", "open 1", "open 2"], state(strong, "betting")) == "open 1"
    assert poker(["check", "fold", "open 1", "open 2"], state(weak, "betting")) == "check"
    assert poker(["call", "fold", "raise 1"], state(weak, "betting", high_bet=4, lucre=10)) == "fold"
    assert poker(["call", "fold", "raise 1"], state(weak, "betting", high_bet=2, lucre=10)) == "call"
    assert poker(["fold", "tapout"], state(strong, "betting", high_bet=9, lucre=3)) == "tapout"
    assert poker(["draw", "draw 2", "draw 4", "draw 2 4", "draw 1 2 4"], state(weak, "drawing")) == "draw 2 4"
    assert poker(["meld auto", "meld 1"], state(strong, "showdown")) == "meld auto"




async def test_a_person_on_telnet_plays_two_house_bots_to_the_end(make_server) -> None:
    async with make_server() as server, telnet_client(server) as ann, player(server, "Bob") as bob:
        await ann.command("create Ann secret1", "Obvious exits")
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("table open goal=100", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down at table 1.")
        await ann.command("table bot add Max threshold 100 2", "Max.bot sits down at table 1.")
        await ann.command("table bot add Max", "Max.bot is already at this table.")
        await bob.command("table bot add", "You are not sitting at a table.")
        await ann.command("score", r"Robby1\.bot")
        ann.send("start")
        await play_until(ann, r"\*\*\* \S+ WINS the game at table 1")
        await ann.expect(r"Table 1 is closed: the game is over \(game #1")
        await ann.command("history", r"#1 .*Ann, .*\.bot.*; won by \S+; Ann scored\s+\d+\s+\(with house bots\)")
        await bob.command("stats Max.bot", r"Max\.bot: 1 game, [01] wins?")
        await bob.command("top", r"Player")
        assert ".bot" not in bob.text.rpartition("Player")[2]  # bots play, but the leaderboard is for people


async def test_a_table_is_abandoned_when_its_last_person_leaves(make_server) -> None:
    """A goal no one reaches here: the game is still on when the people leave (the bots never end it)."""
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command("table open", "You sit down at table 1.")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("stand", "Table 1 is closed: everyone left before the game began.")
        await ann.command("table open goal=10000", "You sit down at table 1.")
        await bob.command("sit", "You sit down at table 1.")
        await ann.command("table bot add Zed threshold 300", "Zed.bot sits down")
        await ann.command("start", "Roll-off")
        await bob.command("leave yes", "You are out of the game: you left the table.")
        await ann.expect("Bob leaves table 1.")
        await play_until(ann, "--- Zed")  # the bot plays on while a person does
        await ann.command("leave yes", "You are out of the game: you left the table.")
        await ann.expect(r"Table 1 is closed: nobody is left at it, so game #2 is recorded as abandoned\.")
        await ann.command("tables", "There are no tables open.")
        await paged(ann, "replay 2", "Ann is out of the game: Ann left the table.")
        await ann.command("history", "Ann has no finished games.")  # an abandoned game has no results


async def test_house_bots_come_back_after_a_restart_and_play_on(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("table open goal=500", "You sit down at table 1.")
        await ann.command("table bot add Zed threshold 50 3", "Zed.bot sits down")
        await ann.command("start", "Roll-off")
        await play_until(ann, "Zed.bot throws")
        await ann.expect("--- Your turn")
    async with make_server() as server, player(server, "Ann", create=False) as ann:
        await ann.expect(r"Zed\.bot")  # on the scoreboard shown at login
        await ann.expect("You are back at table 1.")
        await play_until(ann, "Zed.bot throws")
        await ann.expect("--- Your turn")
