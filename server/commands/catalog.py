"""Every command module, imported once: importing a module registers its commands in ``REGISTRY``. The modules are
named here, not found by listing the package's folder: a stray file there (one a stale ``build/`` left in an
installed copy, an editor's backup, a module of another release) must not register a command (issue 36, item 7).
A new command module is added to ``MODULES`` (``tests/server/test_command_catalog.py`` checks none is left out)."""

from __future__ import annotations

import importlib

MODULES = (
    "account", "acrossdays", "addresses", "admin", "advice", "building", "channels", "checking", "competing",
    "friendship", "funhouse", "gameverbs", "hands", "help", "jsonmode", "login", "mailbox", "moderation", "movement",
    "options", "oversight", "puzzling", "records", "recovery", "registration", "seating", "serverinfo", "serverstats",
    "tableadmin", "talk", "turnqueue", "tutorial", "who",
)
"""The modules of ``server.commands`` that register commands, in name order."""
HELPERS = ("args", "catalog", "registry")
"""Its modules that register none (what the commands share)."""


def register_all() -> None:
    """Import each command module (those already imported cost nothing)."""
    for name in MODULES:
        importlib.import_module(f"{__package__}.{name}")
