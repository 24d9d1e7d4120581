"""Issue 30's abuse caps: tables opened, rooms dug and descriptions set per player an hour (limits.*_per_hour), each
refused past its cap with how long to wait; a refused or mistyped attempt costs nothing, and wizards build freely."""

from __future__ import annotations

import asyncio

from support.clients import player

CAPS = {"tables_per_hour": 2, "rooms_per_hour": 2, "descriptions_per_hour": 2}


async def test_tables_rooms_and_descriptions_are_capped_per_player_an_hour(make_server) -> None:
    async with make_server(limits=CAPS) as server:
        async with player(server, "Wizard") as wiz, player(server, "Bea") as bea, player(server, "Cy") as cy:
            await bea.command("table open goal=nonsense", "goal")  # refused: not counted
            for number in (1, 1):
                await bea.command("table open", f"You sit down at table {number}.")
                await bea.command("leave", f"Table {number} is closed")
            await bea.command("table open", r"You have opened 2 tables within the hour, the most one player may: "
                                            r"try\s+again\s+in\s+1\s+hour\.")
            await cy.command("table open", "You sit down at table 1.")  # others are not held up
            await wiz.command("@set bea=builder", "Bea may build.")
            await bea.command("@dig Nook", "Nook is dug as #1.")
            await bea.command("@dig Nook", "There is already a room called Nook")  # refused: not counted
            await bea.command("@dig Loft", "Loft is dug as #2.")
            await bea.command("@dig Attic", r"You have dug 2 rooms within the hour, the most one player may")
            await bea.command("@desc Nook=Cosy.", "Description of Nook set.")
            await bea.command("@desc Loft=Dusty.", "Description of Loft set.")
            await bea.command("@desc Loft=Dustier.", r"You have described rooms 2 times within the hour")
            for room in ("Hall", "Porch", "Attic"):
                await wiz.command(f"@dig {room}", f"{room} is dug as")
                await wiz.command(f"@desc {room}=Built by a wizard.", f"Description of {room} set.")


async def test_tables_closed_before_any_game_are_deleted_once_old(make_server) -> None:
    """Opening and leaving tables in a loop grew the database without end: those rows go after a while."""
    async with make_server() as server, player(server, "Bea") as bea:
        await bea.command("table open", "You sit down at table 1.")
        await bea.command("leave", "Table 1 is closed")
        assert len(await server.store.rows("games")) == 1
    await asyncio.sleep(1.0)
    async with make_server(tables={"prune_closed_after": 1.0}) as server, player(server, "Bea", create=False) as bea:
        assert await server.store.rows("games") == []
        await bea.command("table open", "You sit down at table 1.")
        await bea.command("leave", "Table 1 is closed")
        assert len(await server.store.rows("games")) == 1  # closed just now: kept
