"""Commands for the operator at the server's console, run beside a running server or without one (they open the
database as a second process): ``cosmic-wimpout wizard NAME``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from server.settings import ConfigError, load_console_settings
from server.store import Store, connect, set_wizard


def wizard(argv: list[str]) -> int | str:
    """Grant wizard powers to an existing account (or take them back): the only way, besides the ``wizards``
    setting, that anyone becomes a wizard. A connected player has them from their next wizard command."""
    parser = argparse.ArgumentParser(
        prog="cosmic-wimpout wizard",
        description="Make an account a wizard (or, with --revoke, not); works whether or not the server is running.",
    )
    parser.add_argument("name", help="the account's exact name (any case)")
    parser.add_argument("--revoke", action="store_true", help="take wizard powers back")
    parser.add_argument("--config", type=Path, help="the server's TOML file (default: config/server.toml if present)")
    parser.add_argument("--data-dir", type=Path, help="the server's data directory (default: from the configuration)")
    args = parser.parse_args(argv)
    overrides = {"data_dir": args.data_dir} if args.data_dir is not None else {}
    try:
        settings = load_console_settings(args.config, **overrides)
    except ConfigError as exc:
        return f"cosmic-wimpout wizard: {exc}"
    path = settings.data_dir / Store.FILENAME
    if not path.is_file():
        return f"cosmic-wimpout wizard: no database at {path} (start the server once, or give --data-dir)"
    with closing(connect(path)) as db:
        if not set_wizard(db, args.name, not args.revoke):
            return f"cosmic-wimpout wizard: there is no account called {args.name}; create it first, then run this again"
    print(f"{args.name} is {'no longer' if args.revoke else 'now'} a wizard.")
    return 0


CONSOLE_COMMANDS: dict[str, Callable[[list[str]], int | str]] = {"wizard": wizard}
"""``cosmic-wimpout <command> ...``: commands besides running the server."""
