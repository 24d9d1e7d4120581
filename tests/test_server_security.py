"""Issue 30's findings on the login, privilege and name paths, each shown fixed (docs/server.md, Security)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import structlog

from conftest import player, raw_client
from server.logs import configure_logging

SECRETS = [f"Sec{n}-unique-pass" for n in range(8)]


@contextmanager
def server_log(fmt: str) -> Iterator[io.StringIO]:
    """Everything the server logs meanwhile, rendered as an operator would see it in ``fmt``."""
    stream = io.StringIO()
    configure_logging(fmt, "debug", stream)
    try:
        yield stream
    finally:
        structlog.reset_defaults()
        logging.getLogger().handlers.clear()


@pytest.mark.parametrize("fmt", ["console", "json"])
async def test_no_password_reaches_the_log_on_any_login_path(make_server, fmt: str) -> None:
    """Finding 8: a name and password swapped, a password alone on the line, a failure inside the login (its
    traceback), and every other path a password takes."""
    first, wrong, swapped, alone, prompted, changed, reset, crashed = SECRETS
    with server_log(fmt) as stream:
        async with make_server() as server:
            async with player(server, "Victim", first) as victim:
                await victim.command(f"@password {first}={changed}", "Password changed.")
            async with player(server, "Wizard", "wizardly1"):
                pass
            async with raw_client(server) as client:
                await client.command(f"connect Victim {wrong}", "different password")
                await client.command(f"connect {swapped} Victim", "different password")
                await client.command(f"connect {alone}", "Password: ")
                await client.command("whatever1", "different password")
                await client.command("create Newbie", "Password: ")
                await client.command(prompted, "again")
                await client.command(prompted, "Obvious exits")
            async with player(server, "Wizard", "wizardly1", create=False) as wizard:
                await wizard.command(f'@newpassword Victim="{reset}"', "password is changed")

            async def broken(key: str) -> None:
                raise RuntimeError("the store failed")

            server.store.find = broken  # type: ignore[method-assign]
            async with raw_client(server) as client:
                await client.command(f"connect Victim {crashed}", "went wrong")
            await asyncio.sleep(0)
    log = stream.getvalue()
    assert "session.login_failed" in log and "command.failed" in log
    for secret in (*SECRETS, "whatever1"):
        assert secret not in log, secret
