"""A whole game of New Cosmic Poker to 5 bases (the default) in JSON mode over loopback: two bots' connections and a
house bot, every line a message of the protocol, each seeing only its own hand."""

from __future__ import annotations

import asyncio

from bots.reference_bot import Connection
from support.clients import WAIT
from support.jsonclients import JsonClient
from support.pokerclients import check_json_secrecy, play_json, validated


async def json_player(port: int, name: str) -> JsonClient:
    client = JsonClient(await Connection.open("127.0.0.1", port, validated))
    await client.command("json", "message", kind="json")
    await client.command(f"create {name} secret1", "message", kind="welcome")
    return client


async def test_two_json_players_and_a_house_bot_play_poker_to_five_bases(make_server) -> None:
    async with make_server() as server:
        ann, bob = await json_player(server.port, "Ann"), await json_player(server.port, "Bob")
        try:
            await ann.command("table open game=poker", "table")
            await bob.command("sit 1", "table")
            await ann.command("table bot add house", "table")
            ann.send("start")
            await asyncio.wait_for(asyncio.gather(play_json(ann), play_json(bob)), 30 * WAIT)
            final = await ann.expect("message", kind="table_closed")
            committed = next(m for m in ann.received if m.get("kind") == "dice")
            checked = await ann.command(f"verify {final['fields']['game']}", "message", kind="verify")
            revealed = [m for m in ann.received if m.get("kind") == "dice" and "server_seed" in m["fields"]]
        finally:
            await ann.connection.close()
            await bob.connection.close()
    assert final["fields"]["status"] == "over"
    assert checked["fields"]["matches"] == "yes" and "every shuffle matches" in checked["text"], checked
    assert revealed and revealed[0]["fields"]["commitment"] == committed["fields"]["commitment"]  # (issue 40)
    over = next(m for m in reversed(ann.received) if m["type"] == "table" and m["state"]["status"] == "over")
    game = over["state"]["game"]
    winner = over["state"]["winner"]
    assert winner in ("Ann", "Bob", "Robby1.bot") and game["over"]
    bases = {seat["name"]: seat["bases"] for seat in game["seats"]}
    still_in = [seat["name"] for seat in game["seats"] if seat["out"] is None]
    assert bases[winner] >= 5 or still_in == [winner]
    assert sum(m["type"] == "table" and any(e["type"] == "HandStarted" for e in m["events"])
               for m in ann.received) >= 5
    check_json_secrecy(ann.received, "Ann")
    check_json_secrecy(bob.received, "Bob")
