"""Checkable dice at the tables (issue 40), through the portal as players use them: the table shows the commitment at
the start and the server seed at the end, 'verify' recomputes every throw, 'replay N json' exports a game that a few
lines of the standard library alone check from the revealed seeds, and a throw changed in the stored game is named."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support.clients import play_until
from support.independentdice import EVENT_THROWS
from support.portals import portal_server
from support.storedb import database
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")
HEX = r"([0-9a-f]{64})"



async def test_a_game_commits_to_its_dice_reveals_them_and_every_throw_checks(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, \
            account(server, "Bob") as bob:
        await ann.command("@set dice-seed " + "x" * 65, "A dice seed is 1 to 64 printable characters.")
        await ann.command("@set dice-seed", "You have no dice seed of your own")
        await ann.command("@set dice-seed=Lucky Seven", "Your dice seed: 'Lucky Seven'")
        await ann.command("@set !dice-seed", "You have no dice seed of your own")
        await ann.command("@set dice-seed Lucky Seven", "Your dice seed: 'Lucky Seven'")
        await ann.command("@set dice-seed", "Your dice seed: 'Lucky Seven'")
        await ann.command("table open goal=150", "You sit down at table 1.")
        await ann.command("table bot add", "sits down at table 1.")
        shown = await ann.command("start", spaced(rf"dice: sha256 {HEX} \(seeds: Ann 'Lucky Seven', \S+ '[0-9a-f]+'"
                                                  r" \(made\)\)"))
        commitment = re.search(HEX, shown).group(1)  # type: ignore[union-attr]
        await bob.command("watch 1", spaced(rf"dice: sha256 {commitment}"))  # a watcher who comes later too
        await play_until(ann, "Table 1 is closed", moves=2000)
        seed = re.search(spaced(rf"dice: server seed {HEX} \(sha256 {commitment}\)"), ann.text)
        assert seed is not None, ann.text[-3000:]
        assert hashlib.sha256(bytes.fromhex(seed.group(1))).hexdigest() == commitment
        await ann.command("verify 1", spaced(r"Game #1: every throw matches \(\d+ values"))
        await ann.command("dice", spaced(r"Faces thrown by Ann in 1 game of Cosmic Wimpout"))
        await ann.expect(spaced(r"common cubes \(\d+ thrown; fair cubes: 16.7% each face\): 2: \d+ \(\d+\.\d%\)"
                                r" 3: \d+"))
        await ann.expect(spaced(r"chi-square \d+\.\d\d \(5 degrees of freedom\): p = [01]\.\d{3}"))
        await ann.command("dice all 1", spaced(r"Faces thrown by everyone on this server in 1 game"))
        await ann.command("dice Nobody", spaced(r"No finished Cosmic Wimpout games to count the dice of for Nobody"))

        exported = await ann.command("replay 1 json", r'\{\s*"format"[\s\S]*?\n\}\n')
        game = json.loads(exported)
        assert game["dice"]["server_seed"] == seed.group(1) and game["dice"]["seeds"][0]["seed"] == "Lucky Seven"
        path = tmp_path / "game1.json"
        path.write_text(exported)
        done = subprocess.run([sys.executable, "-I", "-c", EVENT_THROWS, str(path)], capture_output=True, text=True,
                              cwd=tmp_path, check=False)
        whole = sum(e["type"] == "Thrown" and len(e["throw"]["commons"]) + (e["throw"]["sun"] is not None) == 5
                    for e in game["events"])  # (a short game has few: it asked for more than 3 and failed once)
        assert done.returncode == 0 and int(done.stdout.split()[1]) == whole >= 1, done.stdout + done.stderr
        done = subprocess.run([sys.executable, "-m", "engine", "verify", str(path)], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0 and "every throw matches" in done.stdout, done.stdout + done.stderr

        with database(server.data_dir) as db:  # a throw of the game with common cubes changed in the store (a
            # throw of the sun cube alone has none: the 3rd throw once was)
            rows = db.execute("SELECT seq, event FROM game_events WHERE game = 1 ORDER BY seq").fetchall()
            seq, event = next((seq, thrown) for seq, event in rows if '"Thrown"' in event
                              and (thrown := json.loads(event))["throw"]["commons"])
            faces = event["throw"]["commons"]
            faces[0] = 10 if faces[0] != 10 else 2
            changed = json.dumps(event).replace("'", "''")
            db.execute(f"UPDATE game_events SET event = '{changed}' WHERE game = 1 AND seq = {seq}")
        await ann.command("verify 1", spaced(rf"Game #1: .*\(event {seq}\): the game has \S+, the seeds give"))
        await ann.command("verify 99", "There is no finished game #99.")


async def test_the_tutorial_says_its_dice_are_scripted(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann:
        await ann.command("tutorial", spaced(r"dice: scripted \(the tutorial's loaded dice\): this game's dice cannot"
                                             r" be checked"))


async def test_a_game_goes_on_after_a_reload_on_the_dice_it_committed_to(tmp_path: Path) -> None:
    """The game process is replaced mid-game ('@reload'): the table, brought back from the store, draws on from its
    stored dice record, and the whole game checks."""
    async with portal_server(tmp_path) as server, account(server, "Wiz") as wiz:
        await wiz.command("table open goal=500", "You sit down at table 1.")
        await wiz.command("table bot add", "sits down at table 1.")
        await wiz.command("start", spaced(rf"dice: sha256 {HEX}"))
        for _ in range(3):
            offered = (await wiz.expect(r"You may: ([^\n]*)\.\n", within=30))[len("You may: "):-2].split(", ")
            wiz.send("stop" if "stop" in offered else offered[0])
        offered = (await wiz.expect(r"You may: ([^\n]*)\.\n", within=30))[len("You may: "):-2].split(", ")
        await wiz.command("@reload", "Reloaded: the game runs the code now on disk.")
        wiz.send("stop" if "stop" in offered else offered[0])
        await play_until(wiz, "Table 1 is closed", moves=2000)
        assert (await server.health())["reloads"] == 1
        await wiz.command("verify 1", spaced(r"Game #1: every throw matches"))
