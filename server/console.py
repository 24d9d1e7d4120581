"""Commands for the operator at the server's console, run beside a running server or without one (they open the
database as a second process): ``cosmic-wimpout wizard NAME``, ``cosmic-wimpout backup FILE``."""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from server.settings import ConfigError, load_console_settings
from server.store import Store, connect, set_wizard


WIZARD = "Make an account a wizard (or, with --revoke, not); works whether or not the server is running."
BACKUP = (f"Copy the database to FILE, consistently, while the server runs (or not). To restore, stop the server and "
          f"put the copy in the data directory as {Store.FILENAME}.")


def wizard(argv: list[str]) -> int | str:
    """Grant wizard powers to an existing account (or take them back): the only way, besides the ``wizards``
    setting, that anyone becomes a wizard. A connected player has them from their next wizard command."""
    parser = _console_parser("cosmic-wimpout wizard", WIZARD)
    parser.add_argument("name", help="the account's exact name (any case)")
    parser.add_argument("--revoke", action="store_true", help="take wizard powers back")
    args = parser.parse_args(argv)
    path = _database(parser, args)
    if not isinstance(path, Path):
        return path
    with closing(connect(path)) as db:
        if not set_wizard(db, args.name, not args.revoke):
            return f"cosmic-wimpout wizard: there is no account called {args.name}; create it first, then run this again"
    print(f"{args.name} is {'no longer' if args.revoke else 'now'} a wizard.")
    return 0


def backup(argv: list[str]) -> int | str:
    """A consistent copy of the whole database (accounts, world, channels, tables, games), taken with SQLite's online
    backup: the running server goes on writing meanwhile, and the copy is the database at one moment."""
    parser = _console_parser("cosmic-wimpout backup", BACKUP)
    parser.add_argument("file", type=Path, help="the copy to write (a new file)")
    args = parser.parse_args(argv)
    path = _database(parser, args)
    if not isinstance(path, Path):
        return path
    if args.file.exists():
        return f"{parser.prog}: {args.file} exists already; give a new file name"
    if not args.file.parent.is_dir():
        return f"{parser.prog}: there is no directory {args.file.parent}"
    with closing(connect(path)) as source, closing(sqlite3.connect(args.file)) as copy:
        source.backup(copy)
    print(f"Backed up {path} to {args.file}.")
    return 0


def _database(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Path | str:
    """The server's database file, found as the server finds it (``--config``, ``--data-dir``); or why not."""
    overrides = {"data_dir": args.data_dir} if args.data_dir is not None else {}
    try:
        settings = load_console_settings(args.config, **overrides)
    except ConfigError as exc:
        return f"{parser.prog}: {exc}"
    path = settings.data_dir / Store.FILENAME
    if not path.is_file():
        return f"{parser.prog}: no database at {path} (start the server once, or give --data-dir)"
    return path


def _console_parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--config", type=Path, help="the server's TOML file (default: config/server.toml if present)")
    parser.add_argument("--data-dir", type=Path, help="the server's data directory (default: from the configuration)")
    return parser


CONSOLE_COMMANDS: dict[str, Callable[[list[str]], int | str]] = {"wizard": wizard, "backup": backup}
"""``cosmic-wimpout <command> ...``: commands besides running the server."""
CONSOLE_USAGE = (("wizard NAME", WIZARD), ("backup FILE", BACKUP))
"""What ``cosmic-wimpout --help`` says of them: an operator's first look must find how to make the first wizard."""
