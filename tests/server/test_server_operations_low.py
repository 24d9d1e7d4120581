"""Issue 36's low findings an operator met: a missing TLS certificate named neither file, 'tables.pruned tables=-1'
on PostgreSQL, 'store copy' copied from a store a running server writes to, MSSP's status took any word, and a
wizard's '@table close' said "(closed)"."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest

from server.settings import ConfigError, load_settings
from support.clients import player
from support.portals import portal_server
from support.servers import free_port

SCRIPT = Path(sys.executable).parent / "cosmic-wimpout"


async def test_a_missing_tls_certificate_names_the_files(tmp_path: Path) -> None:
    env = {**os.environ, "COSMIC_TLS__CERTFILE": str(tmp_path / "nowhere.pem"), "COSMIC_WEB__ENABLED": "false",
           "COSMIC_HOST": "127.0.0.1"}
    process = await asyncio.create_subprocess_exec(
        str(SCRIPT), "--port", str(free_port()), "--data-dir", str(tmp_path / "data"), cwd=tmp_path, env=env,
        stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 1
    assert f"tls.certfile {tmp_path / 'nowhere.pem'}" in err.decode() and "tls.keyfile" in err.decode()


@pytest.mark.usefixtures("store_url")
async def test_pruning_says_how_many_tables_it_deleted(make_server) -> None:
    async with make_server() as server, player(server, "Bea") as bea:
        await bea.command("table open", "You sit down at table 1.")
        await bea.command("leave", "Table 1 is closed")
        assert await server.store.prune_closed(time.time() + 10) == 1


@pytest.mark.slow
async def test_store_copy_refuses_a_store_a_running_server_writes_to(store_url: str, tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server:
        code, said = await server.console("store", "copy", "--to", f"sqlite:{tmp_path / 'copy'}")
        assert code == 1 and "a server is running on" in said and "stop it first" in said, said
        assert not (tmp_path / "copy").exists()
    code, said = await server.console("store", "copy", "--to", f"sqlite:{tmp_path / 'copy'}")
    assert code == 0, said


def test_mssp_status_takes_only_mssps_words() -> None:
    assert load_settings(mssp={"status": "Open Beta"}).mssp.status == "Open Beta"
    with pytest.raises(ConfigError, match="mssp.status"):
        load_settings(mssp={"status": "Beta-ish"})
