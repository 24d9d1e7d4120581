"""Issue 38's whole correspondence game, of Cosmic Wimpout and of New Cosmic Poker, over simulated days, through the
portal as operators run it: moves hours apart (a wizard moves the clock of a server started with ``adjustable_clock``:
nothing waits for real), a reload and a SIGKILL of the game process between moves, one missed deadline (the table
makes the game type's timeout move, and the player is told), a vacation freezing a deadline past its days, and the
end rated in the correspondence pool, not the live one."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from bots.reference_bot import Connection
from support.clients import RawClient, player
from support.jsonclients import JsonClient, validate
from support.portals import PortalServer, portal_server

pytestmark = pytest.mark.slow
OPENING = {"wimpout": "goal=150", "poker": "game=poker bases_to_win=2"}
PREFERRED = ("stop", "check", "call", "in")
"""A plain player's choice among the moves offered: stop when allowed (Wimpout), check or call (poker)."""
DAY = 86400


async def json_player(server: PortalServer, name: str) -> JsonClient:
    client = JsonClient(await Connection.open("127.0.0.1", server.port, validate))
    await client.command("json", "message", kind="json")
    await client.command(f"create {name} secret1", "message", kind="welcome")
    return client


async def games(client: JsonClient) -> dict[str, Any]:
    """The player's 'games' (every table message sent them before it has arrived by then)."""
    return await client.command("games", "games")


def last_table(client: JsonClient) -> dict[str, Any]:
    return next(m for m in reversed(client.received) if m["type"] == "table")


async def to_move(players: dict[str, JsonClient]) -> tuple[str, dict[str, Any]] | None:
    """Who the table waits on and their 'games' row (None once the game is over and its table closed)."""
    rows = (await games(players["Ann"]))["games"]
    if not rows:
        return None
    assert rows[0]["to_move"], (rows, last_table(players["Ann"])["text"], last_table(players["Ann"])["state"])
    name = rows[0]["to_move"][0]
    return name, (await games(players[name]))["games"][0]


async def missed_deadline(wiz: RawClient, client: JsonClient) -> None:
    """The deadline (2 days) passes: the table moves for the player, who is told."""
    await wiz.command("@clock +49h", "clock moved")
    told = await client.expect("message", kind="deadline")
    assert "the table moved for you" in told["text"]


async def vacation_freezes(wiz: RawClient, name: str, players: dict[str, JsonClient]) -> None:
    """Three days on vacation, past a 2-day deadline: it stands frozen, the others see the vacation; back, it runs
    from where it stood."""
    client = players[name]
    other = players["Bob" if name == "Ann" else "Ann"]
    said = await client.command("vacation on", "message", kind="vacation")
    assert "deadlines are frozen" in said["text"]
    await wiz.command("@clock +3d", "clock moved")
    row = (await games(client))["games"][0]
    assert row["yours"] and row["frozen"] and row["deadline"] > DAY
    assert name in (await games(other))["vacations"]
    await client.command("vacation off", "message", kind="vacation")
    row = (await games(client))["games"][0]
    assert row["yours"] and not row["frozen"] and DAY < row["deadline"] <= 2 * DAY


async def crash(server: PortalServer) -> None:
    pid = (await server.health())["game_pid"]
    os.kill(pid, signal.SIGKILL)
    await server.health_when(lambda figures: figures["status"] == "ok" and figures["game_pid"] not in (None, pid))


@pytest.mark.parametrize("game", ["wimpout", "poker"])
async def test_a_correspondence_game_over_days(tmp_path: Path, game: str) -> None:
    env = {"COSMIC_ADJUSTABLE_CLOCK": "true", "COSMIC_RATINGS__MIN_MOVES": "1"}
    async with portal_server(tmp_path, **env) as server, player(server, "Wiz") as wiz:  # type: ignore[arg-type]
        players = {"Ann": await json_player(server, "Ann"), "Bob": await json_player(server, "Bob")}
        try:
            await players["Ann"].command(f"table open pace=correspondence days=2 {OPENING[game]}", "table")
            await players["Bob"].command("sit 1", "table")
            await players["Ann"].command("start", "table")
            done: list[str] = []
            for moves in range(2000):
                found = await to_move(players)
                if found is None:
                    break
                name, row = found
                assert row["table"] == 1 and row["yours"] and row["days"] == 2 and row["deadline"] > DAY - 1
                if moves == 3:
                    await missed_deadline(wiz, players[name])
                    done.append("missed")
                    continue
                if moves == 6:
                    await vacation_freezes(wiz, name, players)
                    done.append("vacation")
                if moves == 2:
                    code, said = await server.console("reload")
                    assert code == 0, said
                    await server.health_when(lambda figures: figures["reloads"] == 1 and figures["status"] == "ok")
                    done.append("reload")
                    continue
                if moves == 9:
                    await crash(server)
                    done.append("kill")
                    continue
                offered = last_table(players[name])["you_may"]
                assert offered, (moves, name, done, row, last_table(players[name])["state"], last_table(players[name])["text"])
                players[name].send(next((word for word in PREFERRED if word in offered), offered[0]))
                await players[name].expect("table")  # (the move made and shown)
                await wiz.command("@clock +5h", "clock moved")  # the next move, hours later
            assert done == ["reload", "missed", "vacation", "kill"]
            rating = await players["Ann"].command("rating Ann", "message", kind="rating")
            fields = rating["fields"]
            assert f"correspondence.rating.{game}" in fields and f"rating.{game}" not in fields, fields
            told = [m["text"] for m in players["Ann"].received if m.get("kind") == "rating_change"]
            assert told and all(", correspondence: " in text for text in told), told  # the pool named at the end
            assert any(e["type"] == "TimedOut" for client in players.values() for m in client.received
                       if m["type"] == "table" for e in m["events"])
        finally:
            for client in players.values():
                await client.connection.close()
