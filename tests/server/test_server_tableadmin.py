"""Wizards and tables: @table list, @table close (the game recorded as abandoned), @table kick; and anyone at a table
sending a house bot away with 'table bot remove'."""

from __future__ import annotations

import pytest

from support.clients import loose, player
from support.storedb import database
from support.tablesetup import loaded_server, seated

pytestmark = pytest.mark.usefixtures("store_url")

THROWS = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6"]
WITH_A_BOT = ["10 5 2", "10 10 10 3 s4"]


async def test_a_wizard_lists_and_closes_tables(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, THROWS) as server:
        async with player(server, "Wizard") as wiz, seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await ann.expect("--- Your turn")
            await ann.command("roll", "You throw")
            async with player(server, "Cy") as cy:
                await cy.command("go green", "The Green Parlour")
                await cy.command("table open", "You sit down at table 2.")
                await cy.command("@table list", "Permission denied.")
                await cy.command("@table close 1", "Permission denied.")
                await wiz.command("@table list", loose("Table 1 in The Cosmic Lobby: playing; seats: Ann, Bob; watching: nobody; last move:"))
                await wiz.expect(r"\s\d{4}-\d\d-\d\d \d\d:\d\d UTC \(\d+s ago\)\.")
                await wiz.expect(loose("Table 2 in The Green Parlour: waiting; seats: Cy; watching: nobody; last move:"))
                await wiz.expect(r"\s\d{4}-\d\d-\d\d \d\d:\d\d UTC")
                await wiz.command("@table close 2", r"Table 2 is closed \(no game had begun\)\.")
                await cy.expect("Table 2 is closed: Wizard closed it.")
            await wiz.command("@table list", r"seats: Ann, Bob \(away\)|seats: Ann, Bob;")
            await wiz.command("@table close 1", r"Table 1 is closed; its game is recorded as abandoned\.")
            for client in (ann, bob):
                await client.expect(r"Table 1 is closed: Wizard closed it, so game #1 is recorded as abandoned\.")
            await ann.command("score", "You are neither sitting at nor watching a table|There is no table")
            await wiz.command("@table list", "There are no tables open.")
            await wiz.command("@table close 1", "There is no table 1: 'tables' lists them.")
            await wiz.command("@table close one", "There is no table one")
            await wiz.command("@table close ²", "There is no table [²2]: ")
            await wiz.command("@table close #", "There is no table #: ")
            await wiz.command("@table kick # Ann", "There is no table #: ")
            await wiz.command("@table shut 1", r"Usage: @table list \| @table close <table>")
            await wiz.command("@whois Ann", "No moderation actions.")
    with database(tmp_path / "data") as db:
        assert db.execute("SELECT status, winner FROM games ORDER BY id").fetchall() == [("abandoned", None), ("closed", None)]
        assert db.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)
        assert db.execute("SELECT action, target FROM moderation ORDER BY id").fetchall() == [
            ("table_close", "table 2"), ("table_close", "table 1")]


async def test_a_wizard_removes_a_player_or_a_watcher_from_a_table(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 5 2", *THROWS[1:]]) as server:
        async with player(server, "Wizard") as wiz, seated(server, ["Ann", "Bob", "Cy"], "goal=100") as (ann, bob, cy):
            async with player(server, "Dee") as dee:
                await dee.command("watch 1", "You are now watching table 1.")
                await wiz.command("@table kick 1 dee", "You remove Dee from table 1.")
                await dee.expect("You are no longer watching table 1.")
            await ann.expect("--- Your turn")
            await wiz.command("@table kick 1 cy", "You remove Cy from table 1.")
            await ann.expect("Cy was removed by Wizard")
            await wiz.command("@table kick 1 Cy", "Cy is not at table 1.")
            await wiz.command("@table kick 9 Ann", "There is no table 9")
            await bob.command("@table kick 1 Ann", "Permission denied.")
            await wiz.command("@whois Cy", r"Wizard table_kick: table 1")
            await ann.command("score", "Ann")
            assert "Cy" not in (await ann.command("score", r"Bob.*\n"))


async def test_anyone_at_the_table_sends_a_house_bot_away(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, WITH_A_BOT) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100", start=False) as (ann, bob):
            await ann.command("table bot add", "Robby1.bot sits down at table 1.")
            await ann.command("table bot add Max", "Max.bot sits down at table 1.")
            await bob.command("table bot remove robby1", "Robby1.bot leaves table 1.")
            await ann.command("table bot remove Max.bot", "Max.bot leaves table 1.")
            await ann.command("table bot remove Max", "There is no house bot called Max at table 1.")
            await ann.command("table bot remove", r"Usage: table open\|set")
            async with player(server, "Cy") as cy:
                await cy.command("table bot remove Robby1", "You are not sitting at a table.")
            await ann.command("table bot add Max", "Max.bot sits down at table 1.")
            await ann.command("start", "Roll-off for the first turn")
            await bob.command("table bot remove max", "Max.bot was sent away by Bob")
            await ann.command("score", "Bob")
            await ann.command("table bot remove max", "There is no house bot called max at table 1.")
