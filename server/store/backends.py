"""The storage backends the server can use, each declared by where its code lives, and the one that opens the
configured store. Django-style: a backend is one folder under ``server/store/``, imported only when chosen.

To add one (PostgreSQL next): a folder beside ``sqlite/`` holding all its code and SQL, with its own numbered
migrations and a store class that has every method of ``repositories.Store`` (``tests/test_server_store_seam.py``
checks SQLite's that way), a ``Backend`` line here, and ``store_for`` choosing it by the ``store.url`` setting."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from server.settings import Settings
from server.store.domain import Tally
from server.store.repositories import Store


@dataclass(frozen=True, slots=True)
class Backend:
    name: str
    store: str
    """``module:Class`` of its store, built from the data directory and the games' tallies."""


SQLITE = Backend("sqlite", "server.store.sqlite:SqliteStore")
"""The default, with nothing to configure: one file in ``Settings.data_dir``."""


def store_for(settings: Settings, tallies: Mapping[str, Tally] | None = None) -> Store:
    """The configured store, not opened yet; ``tallies`` say how each game type's figures add up (``stats``, ``top``).
    Today always SQLite in the data directory: a ``store.url`` setting will pick a backend here by its scheme."""
    module, name = SQLITE.store.split(":")
    return cast(Store, getattr(importlib.import_module(module), name)(settings.data_dir, tallies))
