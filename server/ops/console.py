"""Commands for the operator at the server's console, run beside a running server or without one (they open the
store as a second process): ``cosmic-wimpout wizard NAME``, ``cosmic-wimpout backup FILE``, ``cosmic-wimpout store
copy --to URL``."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from server.ops.backups import backup_name, prune
from server.ops.consolewords import BACKUP, RELOAD, STORE_COPY, WIZARD
from server.process.lockfile import PID_FILE, running_pid
from server.community.names import skeleton
from server.community.sanctions import CONSOLE
from server.settings import ConfigError, Settings, load_console_settings
from server.store import Store, StoreError, store_at, store_for
from server.store.backends import backend_for
from server.ops.storecopy import copy_store

T = TypeVar("T")



def wizard(argv: list[str]) -> int | str:
    """Grant wizard powers to an existing account (or take them back): the only way, besides the ``wizards``
    setting, that anyone becomes a wizard. A connected player has them from their next wizard command."""
    parser = _console_parser("cosmic-wimpout wizard", WIZARD)
    parser.add_argument("name", help="the account's exact name (any case)")
    parser.add_argument("--revoke", action="store_true", help="take wizard powers back")
    args = parser.parse_args(argv)
    store = _store(parser, args)
    if isinstance(store, str):
        return store
    granted = _using(parser, store, lambda: _grant(store, args.name, not args.revoke))
    if isinstance(granted, str):
        return granted
    if not granted:
        return f"cosmic-wimpout wizard: there is no account called {args.name}; create it first, then run this again"
    print(f"{args.name} is {'no longer' if args.revoke else 'now'} a wizard.")
    return 0


async def _grant(store: Store, name: str, wizard: bool) -> bool:
    """Grant or take back wizard powers, and keep it in the moderation record ('@audit', '@whois') as done from the
    console."""
    granted = await store.set_wizard(name, wizard)
    account = await store.find(skeleton(name)) if granted else None
    if account is not None:
        await store.record(CONSOLE, "wizard" if wizard else "unwizard", account.name, "")
    return granted


def backup(argv: list[str]) -> int | str:
    """A consistent copy of the whole database (accounts, world, channels, tables, games), taken while the running
    server goes on writing: the copy is the database at one moment."""
    parser = _console_parser("cosmic-wimpout backup", BACKUP)
    parser.add_argument("file", type=Path, help="the copy to write (a new file), or a directory to write it in")
    parser.add_argument("--keep", type=int, metavar="N", help="keep the newest N backups of the directory, no more")
    args = parser.parse_args(argv)
    if args.keep is not None and (args.keep < 1 or not args.file.is_dir()):
        return f"{parser.prog}: --keep takes a number of backups (1 or more) and a directory"
    store = _store(parser, args)
    if isinstance(store, str):
        return store
    to: Path = args.file
    if to.is_dir():
        to = to / backup_name(backend_for(_settings(args).store.url).backup_suffix)
    if to.exists():
        return f"{parser.prog}: {to} exists already; give a new file name"
    if not to.parent.is_dir():
        return f"{parser.prog}: there is no directory {to.parent}"
    failed = _using(parser, store, lambda: store.backup(to))
    if isinstance(failed, str):
        return failed
    print(f"Backed up {store.where} to {to}.")
    if args.keep is not None:
        for old in prune(args.file, args.keep):
            print(f"Removed {old}, past the newest {args.keep}.")
    return 0


def store_copy(argv: list[str]) -> int | str:
    """``store copy``: carry the whole store to an empty one of either backend (SQLite to PostgreSQL and back)."""
    parser = _console_parser("cosmic-wimpout store", STORE_COPY)
    parser.add_argument("action", choices=["copy"], help="what to do with the store")
    parser.add_argument("--to", required=True, metavar="URL", help="the empty store to copy into")
    parser.add_argument("--from", dest="source", metavar="URL", help="the store to copy (default: the configured one)")
    args = parser.parse_args(argv)
    source = _store(parser, args, args.source)
    if isinstance(source, str):
        return source
    try:
        if source.in_use():
            return f"{parser.prog}: a server is running on {source.where}; stop it first (a copy must not miss writes)"
    except StoreError as exc:
        return f"{parser.prog}: {exc}"
    try:
        target = store_at(args.to, _settings(args).data_dir)
    except StoreError as exc:
        return f"{parser.prog}: {exc}"

    async def copy() -> None:
        await target.open()
        try:
            print(await copy_store(source, target))
        finally:
            await target.close()

    failed = _using(parser, source, copy)
    return 0 if failed is None else failed


def _settings(args: argparse.Namespace) -> Settings:
    """The server's settings, as the server reads them, with ``--config`` and ``--data-dir``. Raises ConfigError."""
    overrides = {"data_dir": args.data_dir} if args.data_dir is not None else {}
    return load_console_settings(args.config, **overrides)


def _store(parser: argparse.ArgumentParser, args: argparse.Namespace, url: str | None = None) -> Store | str:
    """The server's store, found as the server finds it (``--config``, ``--data-dir``), or the one at ``url``; not
    opened yet; or why not."""
    try:
        settings = _settings(args)
        store = store_for(settings) if url is None else store_at(url, settings.data_dir)
        if not store.exists():
            return f"{parser.prog}: no database at {store.where} (start the server once, or give --data-dir)"
    except (ConfigError, StoreError) as exc:
        return f"{parser.prog}: {exc}"
    return store


def _using(parser: argparse.ArgumentParser, store: Store, work: Callable[[], Awaitable[T]]) -> T | str:
    """``work`` done on the opened store, which is closed after; or why the store cannot be used."""

    async def run() -> T:
        await store.open()
        try:
            return await work()
        finally:
            await store.close()

    try:
        return asyncio.run(run())
    except StoreError as exc:
        return f"{parser.prog}: {exc}"


def _console_parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--config", type=Path, help="the server's TOML file (default: config/server.toml if present)")
    parser.add_argument("--data-dir", type=Path, help="the server's data directory (default: from the configuration)")
    return parser


def reload(argv: list[str]) -> int | str:
    """Signal the portal running on this data directory to reload its game process: the pid in its pid file, only
    while that file is locked (a server holds it), never a stale file's."""
    parser = _console_parser("cosmic-wimpout reload", RELOAD)
    args = parser.parse_args(argv)
    try:
        settings = _settings(args)
    except ConfigError as exc:
        return f"{parser.prog}: {exc}"
    pid = running_pid(settings.data_dir)
    try:
        if pid is None:
            raise ProcessLookupError
        os.kill(pid, signal.SIGHUP)
    except OSError:
        return f"{parser.prog}: no server is running on {settings.data_dir} (none holds {PID_FILE} there)"
    print(f"Reload asked of the server (pid {pid}); its log says how it went.")
    return 0


CONSOLE_COMMANDS: dict[str, Callable[[list[str]], int | str]] = {
    "wizard": wizard, "backup": backup, "store": store_copy, "reload": reload}
"""``cosmic-wimpout <command> ...``: commands besides running the server (``server.ops.consolewords.CONSOLE_NAMES``)."""
