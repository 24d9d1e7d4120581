"""Backups as the operator's timer takes them and a restore as docs/server.md says, end to end on each store: the
server as it runs (the portal), a game played, ``cosmic-wimpout backup --keep N DIR`` (timestamped files, the oldest
pruned, nothing else in the directory touched), everything wiped, the newest backup restored, and the player logs in
to see their history."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from server.ops.backups import kept
from server.store.sqlite import FILENAME
from support.clients import player
from support.portals import portal_server
from support.tablesetup import LAST_LICKS_GAME, dice_script, play_to_last_licks, seated

pytestmark = [pytest.mark.slow]


async def test_backup_wipe_restore_and_see_your_history(
        store_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    backups = tmp_path / "backups"
    backups.mkdir()
    for stale in ("cosmic-20200101T000000Z", "cosmic-20210101T000000Z"):  # older ones, as the timer left them
        (backups / f"{stale}{'.dump' if store_url else '.sqlite3'}").write_bytes(b"old")
    (backups / "README.txt").write_text("the operator's own note: never pruned")
    script = dice_script(tmp_path, LAST_LICKS_GAME)
    async with portal_server(tmp_path, "--dice-script", script) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):  # type: ignore[arg-type]
            await play_to_last_licks(ann)
            await bob.command("roll", "Table 1 is closed")
            before = await ann.command("history", r"won by Ann[^\n]*")
            code, said = await server.console("backup", "--keep", "2", str(backups))
            assert code == 0, said
    names = sorted(path.name for path in backups.iterdir())
    newest = kept(backups)[-1]
    assert names == sorted(["README.txt", "cosmic-20210101T000000Z" + newest.suffix, newest.name]), names
    assert "Backed up" in said and "Removed" in said and "20200101" in said
    assert newest.stat().st_mode & 0o077 == 0  # the server's user's alone

    data_dir = tmp_path / "data"
    shutil.rmtree(data_dir)  # everything gone: the data directory, and the database
    if not store_url:
        data_dir.mkdir(mode=0o700)
        shutil.copy(newest, data_dir / FILENAME)
    else:
        cluster = request.getfixturevalue("postgres_cluster")
        database = store_url.rpartition("/")[2]
        admin = cluster.url()
        psql = [str(cluster.bin_dir / "psql"), "--no-psqlrc", "-v", "ON_ERROR_STOP=1", admin]
        subprocess.run([*psql, "-c", f"DROP DATABASE {database}"], check=True, capture_output=True)
        subprocess.run([*psql, "-c", f"CREATE DATABASE {database}"], check=True, capture_output=True)
        subprocess.run([str(cluster.bin_dir / "pg_restore"), "--no-owner", f"--dbname={store_url}", str(newest)],
                       check=True, capture_output=True)
    async with portal_server(tmp_path) as server:
        async with player(server, "Ann", create=False) as ann:  # type: ignore[arg-type]
            after = await ann.command("history", r"won by Ann[^\n]*")
    assert after == before
