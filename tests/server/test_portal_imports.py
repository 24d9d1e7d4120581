"""What each process of the server loads to start (issue 41: the banner within a second of the command). The portal
holds connections only: it must not load the game, its wire model, the store or the engine (they are the game
process's, loaded again at each reload); the game process loads what its first minute needs, and what it does not
(numba, psycopg, openskill, the solver, aiohttp, web push and mail, Prometheus) when first used. Each is checked in
a fresh interpreter, as the server starts: what an import leaves in ``sys.modules``. No timing here: the time is
``benchmarks/startup_bench.py``'s."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PORTAL = ("server.main", "server.process.running", "server.portal.portalserver", "server.portal.children", "server.telnet.listener",
          "server.telnet.telnetend")
"""The portal's modules as ``cosmic-wimpout`` loads them (the web page's and /metrics' only when they are on)."""
GAME_PROCESS = ("server.main", "server.process.running", "server.portal.gameprocess")
NOT_IN_PORTAL = ("server.app", "server.session", "server.wire.protocol", "server.wire.jsonsink", "server.games.gametypes",
                 "server.store", "server.commands", "server.wimpout", "server.poker", "server.funhouse",
                 "server.outofband.gmcpnews", "rooms.tables", "rooms.gameplay", "engine.gametype", "engine.wimpout",
                 "engine.poker", "engine.funhouse", "aiohttp", "prometheus_client", "openskill", "numba", "psycopg")
"""The game, the wire model, the store and the engine (``engine.numbers``, how a typed number reads, is not the
engine's game), and what only the game process or a setting that is off needs."""
NOT_IN_GAME_START = ("numba", "psycopg", "openskill", "engine.wimpout.optimal.solver", "aiohttp", "pywebpush",
                     "aiosmtplib", "cryptography", "prometheus_client")


def loaded(modules: tuple[str, ...]) -> set[str]:
    """The modules a fresh interpreter holds after importing ``modules``."""
    code = f"import importlib, json, sys\nfor name in {list(modules)!r}:\n    importlib.import_module(name)\n" \
           "print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(done.stdout))


def within(names: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(name for name in names if any(name == p or name.startswith(p + ".") for p in packages))


@pytest.mark.parametrize(("modules", "forbidden"), [(PORTAL, NOT_IN_PORTAL), (GAME_PROCESS, NOT_IN_GAME_START)],
                         ids=["portal", "game process"])
def test_a_process_loads_only_what_its_start_needs(modules: tuple[str, ...], forbidden: tuple[str, ...]) -> None:
    assert within(loaded(modules), forbidden) == []
