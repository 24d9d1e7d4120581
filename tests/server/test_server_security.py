"""Issue 30's findings on the login, privilege and name paths, each shown fixed (docs/server.md, Security)."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import stat
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path

import pytest
import structlog

from support.clients import player, raw_client
from support.servers import console
from server.logs import configure_logging
from server.community.names import skeleton
from server.community.passwords import hash_password, hash_password_async, verify_password
from server.ops.privatefiles import write_private
from server.settings import load_settings
from server.store.postgresql import PostgresStore

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


async def test_powers_granted_or_revoked_at_the_console_count_at_the_next_command_needing_them(
    make_server, tmp_path
) -> None:
    """Finding 3 (and issue 27's item 5): every command that reads the wizard or builder flag reads it as stored now,
    not as it was at login or at the last wizard command."""
    data = str(tmp_path / "data")
    async with make_server(wizards=[]) as server, player(server, "Wiz") as wiz, player(server, "Bob") as bob:
        assert (await console("wizard", "Wiz", "--data-dir", data))[0] == 0
        await wiz.command("@desc here=A new lobby.", "Description of The Cosmic Lobby set.")  # no wizard command first
        await wiz.command("@set Bob=builder", "Bob may build")
        await bob.command("@dig BobRoom", "BobRoom")
        assert (await console("wizard", "--revoke", "Wiz", "--data-dir", data))[0] == 0
        for attempt in ("@desc here=Mine now.", "@channel create evil=Evil things", "@set Bob=!builder",
                        "@dig WizRoom", "@tel BobRoom", "@destroy green"):
            await wiz.command(attempt, "Permission denied|Only wizards and builders")
        await wiz.command("look", "The Cosmic Lobby\nA new lobby.")
        assert "evil" not in server.channels
        await bob.command("@dig BobRoom2", "BobRoom2")  # still a builder: the revoked wizard could not unset it


async def test_more_correct_logins_at_once_than_the_address_failure_burst_all_succeed(make_server) -> None:
    """Finding 11: a login in flight holds no failure token of its address, so a crowd behind one address (bots
    reconnecting after a restart) all log in, however many wait for their password hash at once."""
    crowd = 8
    async with make_server(limits={"address_failure_burst": 2}) as server:
        stored = await hash_password_async("rightpass", 2**14)  # slow to check: the logins wait together
        for n in range(crowd):
            await server.store.create(f"Bot{n}", skeleton(f"Bot{n}"), stored)
        async with AsyncExitStack() as stack:
            clients = [await stack.enter_async_context(raw_client(server)) for _ in range(crowd)]
            for n, client in enumerate(clients):
                client.send(f"connect Bot{n} rightpass")
            for n, client in enumerate(clients):
                await client.expect(f"Welcome back, Bot{n}|Too many failed")
                assert "Too many failed" not in client.text
        async with raw_client(server) as guesser:  # wrong guesses still count against the address
            for _ in range(2):
                await guesser.command("connect Bot0 wrongpass", "different password")
            await guesser.command("connect Bot1 rightpass", "Too many failed logins from your address")


async def test_data_at_rest_is_the_servers_alone(make_server, tmp_path) -> None:
    """Finding 9: the data directory 0700, the database and its -wal and -shm, backups and solved tables 0600, even
    where an older release left them readable, whatever the umask (SQLite's files: PostgreSQL's backup below)."""
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    async with make_server(store={"url": "sqlite:"}) as server:
        pass
    (data / "cosmic.sqlite3").chmod(0o644)
    data.chmod(0o755)
    async with make_server(store={"url": "sqlite:"}) as server, player(server, "Igor"):
        await server.store.backup(tmp_path / "copy.sqlite3")
        files = [data / name for name in ("cosmic.sqlite3", "cosmic.sqlite3-wal", "cosmic.sqlite3-shm")]
        assert [mode(path) for path in (data, *files, tmp_path / "copy.sqlite3")] == [0o700] + [0o600] * 4
    write_private(tmp_path / "solved.tables", b"tables")  # how solved tables are written (server.solving)
    assert mode(tmp_path / "solved.tables") == 0o600 and (tmp_path / "solved.tables").read_bytes() == b"tables"


async def test_a_postgresql_backup_is_the_servers_alone(postgres_cluster, tmp_path: Path) -> None:
    """Its ``pg_dump`` archive holds the password hashes as SQLite's copy does: 0600 whatever the umask."""
    store = PostgresStore(postgres_cluster.create())
    await store.open()
    was = os.umask(0o022)
    try:
        await store.backup(tmp_path / "wimpout.dump")
    finally:
        os.umask(was)
        await store.close()
    assert mode(tmp_path / "wimpout.dump") == 0o600 and (tmp_path / "wimpout.dump").stat().st_size > 0


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_new_hashes_cost_2_17_and_older_ones_are_redone_at_login(make_server) -> None:
    """Finding 9: scrypt N=2^17 by default (within hashlib's memory limit); an older, cheaper hash still logs in,
    and is replaced at that login."""
    assert load_settings().password_hash_cost == 2**17
    assert verify_password("a password", hash_password("a password", 2**17))
    async with make_server() as server:
        cost = server.settings.password_hash_cost
        await server.store.create("Old", skeleton("Old"), hash_password("oldpassword", cost // 2))
        async with player(server, "Old", "oldpassword", create=False) as old:
            await old.command("look", "Obvious exits")  # after the login's every step
        account = await server.store.find(skeleton("Old"))
        assert account is not None and account.password_hash.startswith(f"scrypt${cost}$")
        assert verify_password("oldpassword", account.password_hash)


async def test_names_that_read_as_the_servers_words_or_as_anyone_elses_are_refused(make_server) -> None:
    """Finding 6: system words and their look-alikes (one list: server.community.names.RESERVED), and look-alikes of every
    existing account, separators anywhere ignored; a configured wizard's exact name may still be created."""
    async with make_server(wizards=["Wizard"]) as server:
        async with player(server, "Victim"), player(server, "Mal_lory"):
            pass
        async with raw_client(server) as mallory:
            for name in ("You", "Your", "Y0u", "Table", "Table_", "Server", "System", "Admin", "Wizards", "W1zard-"):
                await mallory.command(f"create {name} secret1", f"'{name}' is (a )?reserved")
            for name, existing in (("Victim-", "Victim"), ("V-ictim_", "Victim"), ("Vict1m", "Victim"),
                                   ("Mallory", "Mal_lory"), ("MalIory-", "Mal_lory")):
                await mallory.command(f"create {name} secret1", f"looks too much like {existing}")
        async with player(server, "Wizard"), player(server, "Victimsson"):
            pass


async def test_runs_of_spaces_cannot_pad_a_fake_line_start(make_server) -> None:
    """Finding 6: room descriptions and honour rules have their runs of spaces made one, as speech has, so on the web
    page (which keeps spaces) none can push 'Wiz shouts' to the start of a line of its own."""
    padding = " " * 70
    async with make_server() as server, player(server, "Wizard") as wizard:
        await wizard.command(f"@desc here=A hall.{padding}Wiz shouts, \"everyone out\"", "Description of")
        await wizard.command("look", 'A hall. Wiz shouts, "everyone out"\n')
        await wizard.command("table open", "Table 1")
        await wizard.command(f'propose "fair play{padding}Wiz shouts, hello"', "propose")
        await wizard.command("rules", 'fair play Wiz shouts, hello')
