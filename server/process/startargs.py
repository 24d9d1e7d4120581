"""The server's command line (``cosmic-wimpout [--config FILE] [--port N] [--data-dir DIR] ...``) and the settings
it names: read by the console script at start, and again by the portal before each reload (server.portal.vetting),
so that both read the configuration the same way."""

from __future__ import annotations

import argparse
import textwrap
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files
from pathlib import Path
from typing import Any

from server.ops.consolewords import CONSOLE_USAGE
from server.settings import DEFAULT_CONFIG, Settings, load_console_settings

CODEBASE = "cosmic-wimpout"
"""What the server is, for ``--version`` and MUD listings (MSSP's CODEBASE)."""


@cache
def release() -> str:
    """The commit and its date a release was built from (docs/upgrade.sh builds from ``git archive``, which writes them
    into server/release.txt: .gitattributes); empty in a checkout. The version number alone is the same for every
    release, so it cannot say which one is installed."""
    stamp = files("server").joinpath("release.txt").read_text().strip()
    return "" if stamp.startswith("$Format") else stamp


def codebase() -> str:
    """What ``--version`` and MSSP's CODEBASE say: e.g. "cosmic-wimpout 0.1.0 (84fff89 2026-11-29)"."""
    built = f" ({stamp})" if (stamp := release()) else ""
    try:
        return f"{CODEBASE} {version(CODEBASE)}{built}"
    except PackageNotFoundError:  # running from a checkout that was not installed
        return CODEBASE + built


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    commands = "\n".join(f"  cosmic-wimpout {usage}\n{_indented(text)}" for usage, text in CONSOLE_USAGE)
    parser = argparse.ArgumentParser(
        prog="cosmic-wimpout", description="Run the Cosmic Wimpout MUCK server.",
        epilog=f"console commands (each takes --config, --data-dir and --help):\n{commands}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--config", type=Path, help=f"a server TOML file over the built-in defaults (default: {DEFAULT_CONFIG} if present)"
    )
    parser.add_argument("--port", type=int, help="port to listen on (default 4201)")
    parser.add_argument("--data-dir", type=Path, help="directory for the SQLite database (default ./data)")
    parser.add_argument(
        "--dice-script", type=Path, help="take the cubes' throws from this file, one a line, in order (demos, tests)"
    )
    parser.add_argument(
        "--one-process", action="store_true",
        help="run without a portal: listeners and game in one process (no reload; a crash drops every connection)",
    )
    parser.add_argument("--version", action="version", version=codebase(), help="say the installed release and stop")
    parser.add_argument("--portal-socket", help=argparse.SUPPRESS)  # a game process the portal started
    return parser.parse_args(argv)


def _indented(text: str) -> str:
    return "\n".join(textwrap.wrap(text, 78, initial_indent=" " * 6, subsequent_indent=" " * 6))


def settings_of(args: argparse.Namespace) -> Settings:
    """The settings the command line names: ``--config`` (or the default file) under its own options. Raises
    ConfigError."""
    overrides: dict[str, Any] = {k: v for k, v in {"port": args.port, "data_dir": args.data_dir}.items() if v is not None}
    if args.dice_script is not None:
        overrides["tables"] = {"dice_script": args.dice_script}
    return load_console_settings(args.config, **overrides)
