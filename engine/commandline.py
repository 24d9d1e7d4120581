"""What every game's ``python -m engine GAME`` command line shares: wrong usage as an exception (so ``main`` prints one
line and exits 2, never argparse's own exit) and ``--rule NAME=VALUE`` read into options."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """The arguments are wrong: ``main`` says why in one line and exits 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def rule_options(pairs: list[str]) -> dict[str, str]:
    """``--rule NAME=VALUE`` arguments as the options they name."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"--rule takes NAME=VALUE, not '{pair}'")
        options[name] = value
    return options
