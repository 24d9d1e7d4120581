"""Nothing is lost when commands race or the server dies: table numbers, finished games' results - on each storage
backend (``store_url``). Each backend's durable group commit is tested with it (``test_server_store_sqlite``,
``test_server_store_backends``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from support.clients import player
from support.storedb import database, store_here
from support.tablesetup import LAST_LICKS_GAME, loaded_server, play_to_last_licks, seated

pytestmark = pytest.mark.usefixtures("store_url")
TWO_UNDER_ONE_NUMBER = """INSERT INTO games (table_number, room, rules, seats, status, opened_at)
    VALUES (1, 'lobby', '{}', '["Ann"]', 'waiting', 0), (1, 'lobby', '{}', '["Bob"]', 'waiting', 1)"""
"""What the race of older releases left behind: two waiting tables numbered 1."""


async def test_two_tables_opened_at_the_same_moment_get_two_numbers(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob, player(server, "Cy") as cy:
            ann.send("table open")
            bob.send("table open")
            numbers = {await ann.expect(r"You sit down at table \d+"), await bob.expect(r"You sit down at table \d+")}
            assert numbers == {"You sit down at table 1", "You sit down at table 2"}
            await cy.command("tables", r"Table 1 .*\n(.*\n)*Table 2 ")


async def test_two_stored_tables_under_one_number_both_come_back(make_server, tmp_path: Path) -> None:
    store = store_here(tmp_path / "data")
    await store.open()  # (a new database)
    await store.close()
    with database(tmp_path / "data") as db:
        db.execute(TWO_UNDER_ONE_NUMBER)
    async with make_server() as server:
        async with player(server, "Cy") as cy:
            await cy.command("tables", r"Table 1 .*\n(.*\n)*Table 2 ")
    store = store_here(tmp_path / "data")
    await store.open()
    try:
        assert sorted((t.number, t.seats) for t in await store.open_tables()) == [(1, ["Ann"]), (2, ["Bob"])]
    finally:
        await store.close()


async def test_a_finished_game_without_results_is_repaired_at_start(make_server, tmp_path: Path) -> None:
    async with loaded_server(make_server, tmp_path, LAST_LICKS_GAME) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await play_to_last_licks(ann)
            await bob.command("roll", r"Table 1 is closed: the game is over \(game #1")
    with database(tmp_path / "data") as db:  # as a kill between two transactions left it
        db.execute("DELETE FROM results")
    async with make_server() as server:
        async with player(server, "Cy") as cy:
            await cy.command("history Ann", r"#1 .* Ann, Bob; won by Ann; Ann scored 105")
            await cy.command("history Bob", r"#1 .* Ann, Bob; won by Ann; Bob scored \d+ \(unrated\)")  # scripted dice


async def test_a_game_is_over_only_together_with_its_results(make_server, tmp_path: Path) -> None:
    """The last move and the results are one transaction: no moment shows the game over without them."""
    async with loaded_server(make_server, tmp_path, LAST_LICKS_GAME) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await play_to_last_licks(ann)
            seen: list[tuple[str, int]] = []

            def look() -> None:
                with database(tmp_path / "data") as db:
                    seen.extend(db.execute(
                        "SELECT g.status, (SELECT COUNT(*) FROM results r WHERE r.game = g.id) FROM games g"
                    ).fetchall())

            async def watch() -> None:
                while True:
                    look()
                    await asyncio.sleep(0)

            watching = asyncio.create_task(watch())
            await bob.command("roll", r"Table 1 is closed")
            watching.cancel()
            look()
            assert ("over", 0) not in seen and seen[-1] == ("over", 2), seen[-3:]
