"""Every command module, imported once: importing a module registers its commands in ``REGISTRY``. A module added to
this package is found here by itself, so adding a command is adding (or editing) one module."""

from __future__ import annotations

import importlib
import pkgutil

import server.commands


def register_all() -> None:
    """Import each module of ``server.commands`` (in name order; those already imported cost nothing)."""
    for module in pkgutil.iter_modules(server.commands.__path__):
        importlib.import_module(f"{server.commands.__name__}.{module.name}")
