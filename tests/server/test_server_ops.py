"""Operations: secrets kept out of logs and database, configuration, the console script."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import signal
import socket
import sys
from importlib.metadata import version
from pathlib import Path

import aiohttp
import pytest
import structlog

from support.clients import BANNER_END, RawClient, player, raw_client
from server.logs import configure_logging
from server.community.names import skeleton
from server.settings import ConfigError, load_settings
from support.storedb import store_here, stored_bytes

SECRET = "Zq8-unique-passphrase"
NEW_SECRET = "Xy7-another-passphrase"


@pytest.mark.usefixtures("store_url")
async def test_passwords_never_reach_the_log_or_the_database(make_server, tmp_path) -> None:
    stream = io.StringIO()
    configure_logging("json", "debug", stream)
    try:
        async with make_server() as server:
            async with player(server, "Igor", SECRET) as igor:
                await igor.command(f"@password {SECRET}={NEW_SECRET}", "Password changed.")
            async with raw_client(server) as client:
                await client.command(f"connect Igor {SECRET}", "different password")
                await client.command("connect Igor", "Password: ")
                await client.command(NEW_SECRET, "Welcome back")
    finally:
        structlog.reset_defaults()
        logging.getLogger().handlers.clear()
    log = stream.getvalue()
    events = [json.loads(line)["event"] for line in log.splitlines() if line.startswith("{")]
    assert {"account.created", "session.login_failed", "session.login", "account.password_changed"} <= set(events)
    stored = stored_bytes(tmp_path / "data")
    for secret in (SECRET, NEW_SECRET):
        assert secret not in log
        assert secret.encode() not in stored
    assert b"scrypt$" in stored


def test_log_processor_drops_password_fields() -> None:
    stream = io.StringIO()
    configure_logging("json", "info", stream)
    try:
        structlog.get_logger().info("test.event", name="Igor", password=SECRET, new_password=SECRET)
    finally:
        structlog.reset_defaults()
        logging.getLogger().handlers.clear()
    assert json.loads(stream.getvalue()) | {"timestamp": None} == {
        "event": "test.event", "name": "Igor", "level": "info", "timestamp": None
    }


def test_settings_layers_and_clear_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().port == 4201
    config = tmp_path / "server.toml"
    config.write_text("port = 5000\n[limits]\nidle_timeout = 600\n")
    settings = load_settings(config)
    assert (settings.port, settings.limits.idle_timeout, settings.limits.command_burst) == (5000, 600, 500)
    monkeypatch.setenv("COSMIC_LIMITS__COMMAND_RATE", "5")
    assert load_settings(config, port=6000).limits.command_rate == 5
    monkeypatch.setenv("COSMIC_PORT", "not-a-port")
    with pytest.raises(ConfigError, match="port: Input should be a valid integer"):
        load_settings()
    monkeypatch.delenv("COSMIC_PORT")
    monkeypatch.delenv("COSMIC_LIMITS__COMMAND_RATE")
    config.write_text("[limits]\ncommand_rate = -1\nbogus = 1\n")
    with pytest.raises(ConfigError, match=r"(?s)limits.command_rate: Input should be greater than 0.*limits.bogus"):
        load_settings(config)
    config.write_text("port = [\n")
    with pytest.raises(ConfigError, match="server.toml"):
        load_settings(config)
    with pytest.raises(ConfigError, match="config file not found"):
        load_settings(tmp_path / "missing.toml")


def free_ports(count: int) -> list[int]:
    """Ports free now (held open together while chosen, so they differ)."""
    probes = [socket.socket() for _ in range(count)]
    for probe in probes:
        probe.bind(("127.0.0.1", 0))
    ports = [int(probe.getsockname()[1]) for probe in probes]
    for probe in probes:
        probe.close()
    return ports


@pytest.mark.usefixtures("store_url")
async def test_console_script_serves_and_stops_gracefully_on_sigterm(tmp_path: Path) -> None:
    port, web_port = free_ports(2)
    config = tmp_path / "server.toml"
    config.write_text('host = "127.0.0.1"\npassword_hash_cost = 1024\nconnect_maxwait = 0.05\nlog_format = "json"\n'
                      f'[web]\nhost = "127.0.0.1"\nport = {web_port}\n')
    script = Path(sys.executable).parent / "cosmic-wimpout"
    process = await asyncio.create_subprocess_exec(
        str(script), "--config", str(config), "--port", str(port), "--data-dir", str(tmp_path / "data"),
        stderr=asyncio.subprocess.PIPE, cwd=tmp_path, env={**os.environ, "COSMIC_LOG_LEVEL": "info"},
    )
    assert process.stderr is not None
    async with asyncio.timeout(20):
        while b"server.collector" not in (line := await process.stderr.readline()):
            pass
        assert json.loads(line)["frozen"] > 10_000  # the start's objects are out of the collector's way
        client = RawClient(*await asyncio.open_connection("127.0.0.1", port))
        await client.expect(BANNER_END)
        await client.command("create Igor secret1", "Obvious exits")
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{web_port}/health") as health:
            assert (await health.json())["players"] == 1  # the run command serves the web client too
        process.send_signal(signal.SIGTERM)
        assert "The server is shutting down. Come back later!" in await client.closed()
        await client.aclose()
        assert await process.wait() == 0
    store = store_here(tmp_path / "data")  # the store it was told to use has the character
    await store.open()
    try:
        assert (await store.find(skeleton("Igor"))).name == "Igor"  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_console_script_reports_bad_configuration(tmp_path: Path) -> None:
    config = tmp_path / "server.toml"
    config.write_text('log_format = "fancy"\n')
    script = Path(sys.executable).parent / "cosmic-wimpout"
    process = await asyncio.create_subprocess_exec(
        str(script), "--config", str(config), stderr=asyncio.subprocess.PIPE, cwd=tmp_path
    )
    _, err = await asyncio.wait_for(process.communicate(), 20)
    assert process.returncode == 1
    assert b"invalid configuration" in err and b"log_format" in err


async def test_console_script_help_names_the_console_commands(tmp_path: Path) -> None:
    """An operator's first look ('cosmic-wimpout --help') shows how to make the first wizard and take a backup."""
    script = Path(sys.executable).parent / "cosmic-wimpout"
    process = await asyncio.create_subprocess_exec(str(script), "--help", stdout=asyncio.subprocess.PIPE, cwd=tmp_path)
    out, _ = await asyncio.wait_for(process.communicate(), 20)
    assert process.returncode == 0
    assert b"cosmic-wimpout wizard NAME" in out and b"cosmic-wimpout backup FILE" in out


async def test_console_script_says_its_version(tmp_path: Path) -> None:
    """Issue 36 (low): there was no --version."""
    script = Path(sys.executable).parent / "cosmic-wimpout"
    process = await asyncio.create_subprocess_exec(str(script), "--version", stdout=asyncio.subprocess.PIPE, cwd=tmp_path)
    out, _ = await asyncio.wait_for(process.communicate(), 20)
    assert process.returncode == 0
    assert out.decode().strip() == f"cosmic-wimpout {version('cosmic-wimpout')}"
