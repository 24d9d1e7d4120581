"""Loopback servers with loaded dice, and players already sitting at a table (for the table tests)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from support.clients import RawClient, player
from server.app import GameServer


def dice_script(tmp_path: Path, throws: list[str]) -> str:
    path = tmp_path / "dice.txt"
    path.write_text("# throws for this test, in order\n" + "\n".join(throws) + "\n")
    return str(path)


@asynccontextmanager
async def loaded_server(
    make_server: Callable[..., Any], tmp_path: Path, throws: list[str], **tables: Any
) -> AsyncIterator[GameServer]:
    """A server whose dice are ``throws``; turn timers long unless a test asks otherwise."""
    settings = {"dice_script": dice_script(tmp_path, throws), "turn_timer": 600, "insurance_window": 600, **tables}
    async with make_server(tables=settings) as server:
        yield server


@asynccontextmanager
async def seated(server: GameServer, names: list[str], options: str = "", start: bool = True) -> AsyncIterator[list[RawClient]]:
    """Players logged in, the first opening a table in the lobby with ``options``, the others sitting at it."""
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(player(server, name)) for name in names]
        for client in clients:
            await client.command("@set cubes=compact", "Set: cubes=compact")
        await clients[0].command(f"table open {options}".strip(), r"You sit down at table \d+\.")
        for client in clients[1:]:
            await client.command("sit", r"You sit down at table \d+\.")
        if start:
            await clients[0].command("start", "Roll-off for the first turn")
        yield clients


LAST_LICKS_GAME = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6"]
"""Loaded throws to a goal of 100: the first player banks 105 in two rolls, the second goes out in last licks."""


async def play_to_last_licks(ann: RawClient) -> None:
    """The first player's turn of ``LAST_LICKS_GAME``, to last licks (the second player's roll ends the game)."""
    await ann.command("roll", "Turn total: 100")
    await ann.command("roll", "Turn total: 105")
    await ann.command("stop", "LAST LICKS!")


async def scoreboard(client: RawClient, number: int) -> str:
    """The table's scoreboard as 'score' shows it."""
    client.send(f"score {number}")
    return await client.expect(rf"(?s)Table {number}: .*?\n(?=\[T)")
