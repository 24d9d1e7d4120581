"""What the web page is told beside the table (issue 27): how long the turn timer leaves, which it counts down (a
telnet player reads it in the status prompt), and that a server stopping will be back (the page retries)."""

from __future__ import annotations

from support.browsers import web_client
from support.clients import player
from support.tablesetup import dice_script

WEB = {"enabled": True}


async def test_the_turn_timer_is_told_after_the_table_message_it_runs_for(make_server, tmp_path) -> None:
    tables = {"dice_script": dice_script(tmp_path, ["10 2"]), "turn_timer": 120}
    async with make_server(web=WEB, tables=tables) as server, web_client(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command("table open goal=100", "table", table=1)
            await bob.command("sit 1", "You sit down at table 1.")
            ann.send("start")
            await ann.expect("table", where=lambda m: m["you_may"] == ["roll"])
            timer = await ann.expect("message", kind="timer")
            assert timer["text"] == "" and 118 <= int(timer["fields"]["seconds"]) <= 120
            # Bob's prompt counts down instead (2:00 while the loop's clock still reads the turn's start: uvloop's
            # reads the time once a turn of the loop)
            await bob.expect(r"\| (2:00|1:5\d) left\] >")
            bob.send("look")
            await bob.expect("Obvious exits")
            assert "\n\n" not in bob.text.split("Table 1: a game")[-1]  # and no empty line stands for the timer


async def test_a_server_stopping_says_it_will_be_back_and_a_quit_does_not(make_server) -> None:
    async with make_server(web=WEB) as server, web_client(server, "Ann") as ann, web_client(server, "Bob") as bob:
        bob.send("QUIT")
        quit = await bob.expect("message", kind="farewell")
        assert quit["fields"] == {}
        await server.request_shutdown(by="test")
        farewell = await ann.expect("message", kind="farewell")
        assert farewell["fields"] == {"restart": "yes"} and "shutting down" in farewell["text"]
