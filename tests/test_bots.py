"""Bots end to end on a real server: two reference bots (raw sockets, JSON lines) play each other, and people play
house bots, which leave with the last person and come back after a restart."""

from __future__ import annotations

import asyncio

from bots.reference_bot import Connection, Player, cautious, run, threshold
from conftest import WAIT
from json_helpers import SEEN, validate


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
