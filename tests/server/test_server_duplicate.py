"""A duplicate-dice event end to end through the portal (issue 40): four players (three over telnet, one a JSON bot)
in two rounds of two tables; the tables of a round throw the same dice, so the same decisions give identical games
(round 1) and a different decision the same later throws (round 2); the game process is killed in the middle of round
1 and the event goes on; a table's end does not reveal the dice its group's other table still throws; each round ends
with the results by seat, in matchpoints, and the seeds revealed; 'verify' checks every game; 'event 1' shows it all
again."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from support.clients import RawClient, play_until
from support.independentdice import EVENT_THROWS
from support.jsonclients import JsonClient, json_client
from support.portals import PortalServer, portal_server
from test_server_fairplay import account, spaced

pytestmark = [pytest.mark.usefixtures("store_url"), pytest.mark.slow]
HEX = r"[0-9a-f]{64}"
ASIDES = {"Absent", "Watching", "Sat", "Opened"}
"""Table news that is no move: the board shown again (someone away after a restart) asks nothing new."""
ENV = {"COSMIC_EVENTS__SEATS": "2"}


def plain(offered: list[str]) -> str:
    """A plain player's move (as ``play_until``'s): stop when allowed, else the first thing offered."""
    return "stop" if "stop" in offered else offered[0]


def bold(offered: list[str]) -> str:
    """Throws on whenever it may."""
    return "roll" if "roll" in offered else offered[0]


async def json_play(client: JsonClient, name: str, choose: Callable[[list[str]], str], start: int) -> None:
    """Play ``name``'s moves from the table messages (those received from ``start`` on first) until the game is
    over."""
    last = next((m for m in reversed(client.received[start:]) if m["type"] == "table"), None)
    while last is None or last["state"]["status"] != "over":
        if last is not None and last["you_may"] and last["state"]["waiting_on"] == [name]:
            client.send(choose(last["you_may"]))
        last = await client.expect("table", where=lambda m: {e["type"] for e in m["events"]} - ASIDES != set())


async def crash(server: PortalServer) -> None:
    pid = (await server.health())["game_pid"]
    os.kill(pid, signal.SIGKILL)
    await server.health_when(lambda figures: figures["status"] == "ok" and figures["game_pid"] not in (None, pid))


def draws(export: dict[str, Any]) -> dict[str, int]:
    """The export's cube values by address (revealed: the round is over)."""
    assert export["dice"]["server_seed"]
    return {d["address"]: d["value"] for d in export["draws"]}


def anonymous(export: dict[str, Any]) -> str:
    """A game's events with each player named by seat, to compare games of different people."""
    text = json.dumps(export["events"])
    for seat, name in enumerate(export["events"][0]["players"]):
        text = re.sub(rf"\b{name}\b", f"seat{seat}", text)
    return text


async def exported(client: RawClient, game: int) -> dict[str, Any]:
    return json.loads(await client.command(f"replay {game} json", r'\{\s*"format"[\s\S]*?\n\}\n'))


async def test_a_duplicate_event_end_to_end_across_a_killed_game_process(tmp_path: Path) -> None:
    async with portal_server(tmp_path, **ENV) as server, account(server, "Wiz") as wiz, \
            account(server, "Ann") as ann, account(server, "Bob") as bob, account(server, "Cy") as cy, \
            json_client(server, "Dan") as dan:  # type: ignore[arg-type]
        await ann.command("event duplicate 2", "Only wizards open, start or stop events.")
        await wiz.command("event duplicate 2 goal=150 none", spaced(r"opens event 1, a duplicate event of 2 rounds"))
        for client in (ann, bob, cy):
            await client.command("event join", "You play from the next round on")
        await dan.command("event join", "message", kind="event_joined")
        await wiz.command("event start 1", "")

        # round 1: Ann and Bob at table 1, Cy and Dan at table 2, one group on the same dice
        await ann.expect(r"Event 1, round 1: you play at table 1 \(Ann, Bob\)")
        await cy.expect(r"Event 1, round 1: you play at table 2 \(Cy, Dan\)")
        group = await ann.expect(spaced(r"your table is in a group of 2 tables of 2 \(games #1, #2\)"))
        assert group
        one = await ann.expect(spaced(rf"dice: sha256 ({HEX}) \(seeds: Ann '[0-9a-f]+' \(made\), Bob '[0-9a-f]+'"
                                      r" \(made\), Cy '[0-9a-f]+' \(made\), Dan '[0-9a-f]+' \(made\)\)"))
        two = await cy.expect(spaced(rf"dice: sha256 ({HEX})"))
        assert re.search(HEX, one)[0] == re.search(HEX, two)[0]  # type: ignore[index]
        mark = cy._seen  # (what Cy's play reads from: his first 'You may' may come before the refusal)
        await cy.command("watch 1", spaced(r"Table 1 throws the same dice as yours \(a duplicate event's group\)"))
        cy._seen = mark
        # table 1 plays to its end; table 2 waits on Dan (Cy plays whenever it is his turn)
        cy_plays = asyncio.create_task(play_until(cy, r"\*\*\* \S+ WINS the game at table 2"))
        await asyncio.gather(play_until(ann, r"\*\*\* \S+ WINS the game at table 1"),
                             play_until(bob, r"\*\*\* \S+ WINS the game at table 1"))
        await ann.expect("Table 1 is closed")
        assert "dice: server seed" not in ann.text  # table 2 still throws those cubes
        await ann.command("verify 1", spaced(r"Game #1 cannot be checked: its server seed is revealed when round 1 of"
                                             r" event 1 is over"))
        await ann.command("dice Ann 1", spaced(r"Game #1 cannot be replayed yet: its server seed is revealed"))
        await ann.command("dice Ann", spaced("No finished Cosmic Wimpout games to count the dice of for Ann."))
        for replay in ("replay 1", "replay 1 json"):  # (to anyone: its throws are Cy's and Dan's to come)
            await ann.command(replay, spaced(r"Game #1 cannot be replayed yet: its server seed is revealed when round 1"
                                            r" of event 1 is over"))
        await dan.expect("table", where=lambda m: m["state"]["waiting_on"] == ["Dan"])
        start = len(dan.received) - 1
        await crash(server)  # in the middle of round 1: table 2 comes back, game 1 is counted with the round
        await json_play(dan, "Dan", plain, start)
        await cy_plays
        results = await dan.expect("message", kind="event_results")
        start = len(dan.received)
        fields = results["fields"]
        assert fields["round"] == "1" and fields["over"] == "yes"
        assert {fields[f"matchpoints.{n}"] for n in range(1, 5)} == {"1"}, results["text"]  # equal decisions: ties
        assert {fields[f"top.{n}"] for n in range(1, 5)} == {"2"}
        revealed = await ann.expect(spaced(rf"Event 1, round 1 is over: its dice are revealed, server seed ({HEX})"))
        await ann.expect(spaced(r"for games #1, #2: 'verify GAME' checks every throw"))
        first, second = await exported(wiz, 1), await exported(wiz, 2)  # (Wiz plays no round: nothing of his missed)
        assert first["dice"]["server_seed"] == re.search(spaced(rf"server seed ({HEX})"), revealed)[1]  # type: ignore[index]
        assert anonymous(first) == anonymous(second)  # the same decisions: identical games
        path = tmp_path / "game2.json"  # a few lines of the standard library recompute a group's throws too
        path.write_text(json.dumps(second))
        done = subprocess.run([sys.executable, "-I", "-c", EVENT_THROWS, str(path)], capture_output=True, text=True,
                              cwd=tmp_path, check=False)
        assert done.returncode == 0 and int(done.stdout.split()[1]) >= 1, done.stdout + done.stderr
        for game in (1, 2):
            await wiz.command(f"verify {game}", spaced(rf"Game #{game}: every throw matches"))
        standings = await wiz.command("event standings 1", r"Event 1 \(duplicate event, round 2 of 2\) standings:(\n[^\n]*){4}")
        assert len(re.findall(r" 50 points  1 games", standings)) == 4, standings  # ties: half the top each

        # round 2: the same dice for both tables again; Dan throws on where Cy stopped at round 1's table
        round2 = [await c.expect(r"Event 1, round 2: you play at table (\d+) \(([^)]*)\)") for c in (ann, bob, cy)]
        tables = {re.search(r"table (\d+)", line)[1] for line in round2}  # type: ignore[index]
        assert len(tables) == 2
        await asyncio.gather(play_until(ann, r"\*\*\* \S+ WINS the game at table \d+"),
                             play_until(bob, r"\*\*\* \S+ WINS the game at table \d+"),
                             play_until(cy, r"\*\*\* \S+ WINS the game at table \d+"),
                             json_play(dan, "Dan", bold, start))
        over = await dan.expect("message", kind="event_over")
        assert over["fields"]["event"] == "1"
        third, fourth = await exported(wiz, 3), await exported(wiz, 4)
        assert third["dice"]["commitment"] == fourth["dice"]["commitment"]
        offered = [m["you_may"] for m in dan.received[start:] if m["type"] == "table"]
        # Dan's decisions parted the games, unless no stop was ever offered to him (nor so to his seat at the other)
        assert anonymous(third) != anonymous(fourth) or not any("stop" in moves for moves in offered)
        a, b = draws(third), draws(fourth)
        shared = a.keys() & b.keys()
        assert shared and all(a[address] == b[address] for address in shared)  # the same later throws
        page = await ann.command("event 1", spaced(r"Event 1 \(duplicate event, over\) standings:"))
        assert page
        await ann.expect(spaced(r"Event 1, round 1, tables of 2 \(dice sha256 "))
        await ann.expect(spaced(r"Event 1, round 2, tables of 2 \(dice sha256 "))
        await ann.command("events", spaced(r"Event 1: duplicate event, over; 4 entrants"))
        for game in (3, 4):
            await ann.command(f"verify {game}", spaced(rf"Game #{game}: every throw matches"))
