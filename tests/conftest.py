"""Fixtures for every test: a fresh server on a temporary data directory. What tests share besides fixtures is in
the ``support`` package (servers, clients, loaded dice, the in-memory harness, the referee, Pig)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server.process.eventloop import loop_factory
from support.servers import running, settings_for

pytest_plugins = ("support.pgcluster",)
"""A throwaway PostgreSQL cluster for the store tests that run on both backends (skipped where PostgreSQL is not
installed)."""


@pytest.fixture
def make_server(tmp_path: Path) -> Callable[..., Any]:
    """``async with make_server(limits={...}) as server``: a fresh server on a temp data dir."""
    return lambda **overrides: running(settings_for(tmp_path / "data", **overrides))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--loop", choices=("uvloop", "asyncio"), default="uvloop",
                     help="the event loop of the tests and of the servers they start (the server's event_loop setting)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--loop") == "asyncio":  # servers started as processes, too (uvloop is their default)
        os.environ["COSMIC_EVENT_LOOP"] = "asyncio"


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> dict[str, Callable[[], Any]]:
    """Each test's loop: the one the server runs on (uvloop where installed), unless ``--loop asyncio``."""
    factory = loop_factory(config.getoption("--loop"))
    return {"uvloop": factory} if factory is not None else {"asyncio": asyncio.new_event_loop}
