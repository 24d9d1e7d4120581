"""kill -9 in the middle of a poker hand: the console server comes back exactly where it was - the same hand, bets,
Warp and whose move, each player's own cards - and shows no one a card they may not see, before or after; then the
game plays on to its end."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bots.reference_bot import Connection
from support.clients import RawClient, player
from support.jsonclients import JsonClient
from support.pokerclients import OVER, check_json_secrecy, play_json, play_telnet, secret_lines, validated
from support.servers import console_server, free_port

SEAT_SCORE = r"(?s)Table 1: New Cosmic Poker, playing\n.*?\nYour hand: [^\n]*\n"
WATCHER_SCORE = r"(?s)Table 1: New Cosmic Poker, playing\n.*?\n\* deals\."
"""The score sheet as a seat sees it (its own hand at the end) and as a watcher does."""


async def json_player(port: int, name: str, create: bool = True) -> JsonClient:
    client = JsonClient(await Connection.open("127.0.0.1", port, validated))
    await client.command("json", "message", kind="json")
    await client.command(f"{'create' if create else 'connect'} {name} secret1", "message", kind="welcome")
    return client


async def move(ann: RawClient, bob: JsonClient, waiting: dict[str, Any], words: str) -> dict[str, Any]:
    """The one the table waits on plays ``words``; Bob's next table message that waits on someone."""
    (ann.send if waiting["state"]["waiting_on"] == ["Ann"] else bob.send)(words)
    return await bob.expect("table", where=lambda m: m["state"]["waiting_on"] != [] and m is not waiting)


async def test_a_poker_game_survives_sigkill_exactly_where_it_was(tmp_path: Path) -> None:
    port = free_port()
    address = SimpleNamespace(port=port)
    async with console_server(tmp_path, port) as process, player(address, "Ann") as ann, player(address, "Cy") as cy:
        bob = await json_player(port, "Bob")
        try:
            await ann.command("table open game=poker bases_to_win=2", r"You sit down at table 1\.")
            await bob.command("sit 1", "table")
            await cy.command("watch 1", r"Cy watches table 1")
            ann.send("start")
            waiting = await bob.expect("table", where=lambda m: m["state"]["waiting_on"] != [])
            waiting = await move(ann, bob, waiting, "in")  # the one who is not the dealer comes in
            waiting = await move(ann, bob, waiting, "check")  # first round: a check, the other to move
            assert waiting["state"]["game"]["phase"] == "betting" and waiting["state"]["game"]["warp"] > 0
            await asyncio.sleep(0.3)  # let the watcher's and Ann's news arrive
            before = {"Ann": await ann.command("score", SEAT_SCORE),
                      "Cy": await cy.command("score 1", WATCHER_SCORE)}
            bob_before = waiting["state"]["game"]
            process.send_signal(signal.SIGKILL)
            await ann.closed()
            await process.wait()
        finally:
            await bob.connection.close()
        seen_before = {"Ann": ann.text, "Cy": cy.text, "Bob": list(bob.received)}
    async with console_server(tmp_path, port):
        async with player(address, "Ann", create=False) as ann, player(address, "Cy", create=False) as cy:
            bob = await json_player(port, "Bob", create=False)
            try:
                await ann.expect(r"back at table 1")
                assert await ann.command("score", SEAT_SCORE) == before["Ann"]
                back = await bob.expect("table", where=lambda m: m["state"]["game"] is not None)
                assert back["state"]["game"] == bob_before
                await cy.command("watch 1", r"Cy watches table 1")
                assert await cy.command("score 1", WATCHER_SCORE) == before["Cy"]
                mover = "Ann" if bob_before["waiting_on"] == ["Ann"] else "Bob"
                (ann.send if mover == "Ann" else bob.send)("check")  # the game goes on from there
                await asyncio.wait_for(asyncio.gather(play_telnet(ann), play_json(bob)), 120)
                await cy.expect(OVER)
            finally:
                await bob.connection.close()
            for text in (seen_before["Cy"], cy.text):
                assert secret_lines(text, owner=False) == [] and "Your hand" not in text
            for text in (seen_before["Ann"], ann.text):
                assert secret_lines(text, owner=True) == []
            check_json_secrecy(seen_before["Bob"] + bob.received, "Bob")
