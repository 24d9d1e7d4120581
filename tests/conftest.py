"""Fixtures for every test: a fresh server on a temporary data directory. What tests share besides fixtures is in
the ``support`` package (servers, clients, loaded dice, the in-memory harness, the referee, Pig)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from support.servers import running, settings_for

pytest_plugins = ("support.pgcluster",)
"""A throwaway PostgreSQL cluster for the store tests that run on both backends (skipped where PostgreSQL is not
installed)."""


@pytest.fixture
def make_server(tmp_path: Path) -> Callable[..., Any]:
    """``async with make_server(limits={...}) as server``: a fresh server on a temp data dir."""
    return lambda **overrides: running(settings_for(tmp_path / "data", **overrides))
