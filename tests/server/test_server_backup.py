"""'cosmic-wimpout backup FILE' during play, and a fresh server started on the copy with every account, room and
game there - on each storage backend (``store_url``): SQLite's copy of its file put in a new data directory,
PostgreSQL's ``pg_dump`` archive restored by ``pg_restore`` into a new database."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from support.clients import player, raw_client
from support.servers import console, running, settings_for
from server.ops.console import backup
from server.settings import Settings
from server.store.sqlite import FILENAME
from support.tablesetup import dice_script

GAME_THEN_ANOTHER = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6", "10 2", "10 5 2 3 s2", "10 3 s4"]


def restored(copy: Path, store_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> Settings:
    """A server's settings on the backup restored as the backend's note says (``Backend.backup``)."""
    restored = tmp_path / "restored"
    restored.mkdir()
    if not store_url:
        shutil.copy(copy, restored / FILENAME)
        return settings_for(restored)
    cluster = request.getfixturevalue("postgres_cluster")
    url = cluster.create()
    subprocess.run([str(cluster.bin_dir / "pg_restore"), "--no-owner", f"--dbname={url}", str(copy)], check=True)
    return settings_for(restored, store={"url": url})


async def test_a_backup_made_during_play_starts_a_server_with_everything(
        store_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    data, copy = tmp_path / "data", tmp_path / "copy"
    settings = settings_for(data, tables={"dice_script": dice_script(tmp_path, GAME_THEN_ANOTHER), "turn_timer": 600})
    async with running(settings) as server:
        async with player(server, "Wizard") as wiz, player(server, "Ann") as ann, player(server, "Bob") as bob:
            await wiz.command("@dig The Vault=vault,out", "The Vault is dug as #1.")
            await wiz.command("@channel join games", "You join games")
            await ann.command("table open goal=100", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Your turn")
            for line, reply in (("roll", "You throw"), ("roll", "cleared"), ("stop", "bank 105")):
                await ann.command(line, reply)
            await bob.command("roll", "Ann WINS")
            await ann.command("table open goal=100", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Your turn")
            await ann.command("@set cubes=compact", "Set: cubes=compact")
            await ann.command("roll", r"You throw: \[10\] \[5\] \[2\] \[3\] \[s2\]")
            said = await console("backup", str(copy), "--data-dir", str(data))
            assert said == (0, f"Backed up {server.store.where} to {copy}.\n")
            await ann.command("roll", r"You throw: \[10\] \[3\] \[s4\]")  # play goes on after the copy is made
    assert "exists already; give a new file name" in str(backup([str(copy), "--data-dir", str(data)]))
    assert "there is no directory" in str(backup([str(tmp_path / "no" / "x"), "--data-dir", str(data)]))
    if not store_url:
        assert "no database at" in str(backup([str(tmp_path / "x"), "--data-dir", str(tmp_path / "none")]))
    async with running(restored(copy, store_url, tmp_path, request)) as server:
        async with player(server, "Ann", create=False) as ann, player(server, "Bob", create=False) as bob:
            await ann.command("score", r"Table 1: playing, goal 100")
            await ann.expect(r"Ann's turn: 15 points so far\.")  # the copy is the game at the moment it was made
            await ann.command("history", r"#1 .* Ann, Bob; won by Ann")
            await bob.command("vault", "The Vault")
        async with raw_client(server) as client:
            await client.command("connect Wizard secret1", "Welcome back, Wizard.")
            await client.command("@channel list", r"\* games")
