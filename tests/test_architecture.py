"""The shape of the code, checked: the layers and groups (import-linter's contracts in pyproject.toml), no import
cycle (not even of type-only imports), the running server built by its entry points alone, server/ grouped, games
apart, one name per module, SQL in the store's backends only, telnet in its transport only, commands served through
their context, and no file too long to read."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("server", "rooms", "engine")
MAX_LINES = 500
SOURCES = ("engine", "rooms", "server", "bots", "benchmarks", "tests")
SPECIAL = {"__init__.py", "__main__.py", "conftest.py"}
MAX_TOP_MODULES = 8
ENTRY_POINTS = {"server.process.running", "server.portal.gameprocess"}


def _files(*folders: str, suffixes: tuple[str, ...] = (".py",)) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*") if p.suffix in suffixes
                  and ".venv" not in p.parts and "__pycache__" not in p.parts)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(*LAYERS, exclude_type_checking_imports=True, cache_dir=None)


def test_import_contracts_hold() -> None:
    """``lint-imports``: server -> rooms -> engine, and the engine and rooms do no I/O of the kinds named."""
    linter = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(linter), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_import_cycle() -> None:
    """Modules import each other in one direction only. Importing ``a.b.c`` runs the packages ``a`` and ``a.b``
    first, so those count as imported too; imports for type checking alone do not (they never run)."""
    graph = _graph()
    cycles = _cycles({m: {package for imported in graph.find_modules_directly_imported_by(m)
                          for package in _with_packages(imported) if not m.startswith(package + ".")}
                      for m in graph.modules})
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(sorted(c)) for c in cycles)


def test_no_import_cycle_even_for_types() -> None:
    """Drawn with the imports made for type checking alone too, the picture of imports has no circle: a module
    below another names it by no import at all (a narrow protocol of what it uses stands in)."""
    graph = grimp.build_graph(*LAYERS, exclude_type_checking_imports=False, cache_dir=None)
    cycles = _cycles({m: {package for imported in graph.find_modules_directly_imported_by(m)
                          for package in _with_packages(imported) if not m.startswith(package + ".")}
                      for m in graph.modules})
    assert not cycles, "import cycles counting type-only imports: " + "; ".join(" -> ".join(sorted(c)) for c in cycles)


def test_only_the_entry_points_import_the_app() -> None:
    """``server.app`` (the running server) is built by the console script's run (``server.process.running``) and
    the portal's game process (``server.portal.gameprocess``); every service below it is handed what it uses."""
    graph = grimp.build_graph(*LAYERS, exclude_type_checking_imports=False, cache_dir=None)
    importers = graph.find_modules_that_directly_import("server.app")
    assert importers <= ENTRY_POINTS, sorted(importers - ENTRY_POINTS)


def test_server_is_grouped() -> None:
    """At most a handful of modules at ``server/``'s top (the app, its entry, settings, logs, the session and the
    commands' services); every package of the project says in its docstring what it holds."""
    top = sorted(p.name for p in (ROOT / "server").glob("*.py"))
    assert len(top) <= MAX_TOP_MODULES, top
    packages = [p for p in _files("engine", "rooms", "server") if p.name == "__init__.py"]
    folders = {p.parent for p in _files("engine", "rooms", "server")}
    assert not [str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()]
    undocumented = [str(p.relative_to(ROOT)) for p in packages if ast.get_docstring(ast.parse(p.read_text())) is None]
    assert not undocumented, undocumented


def test_games_do_not_import_each_other() -> None:
    """Each game's folders (engine/<game>/, rooms/<game>/, server/<game>/) import no other game's."""
    graph = _graph()
    games = {child.rpartition(".")[2] for child in graph.find_children("engine") if graph.find_children(child)}
    assert "wimpout" in games

    def game_of(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if len(parts) > 1 and parts[1] in games else None

    crossings = [f"{importer} imports {imported}" for importer in graph.modules if game_of(importer)
                 for imported in graph.find_modules_directly_imported_by(importer)
                 if game_of(imported) not in (None, game_of(importer))]
    assert not crossings, crossings


def test_module_names_are_unique() -> None:
    names = Counter(p.name for p in _files(*SOURCES) if p.name not in SPECIAL)
    assert not [name for name, n in names.items() if n > 1], [name for name, n in names.items() if n > 1]


def test_no_file_over_the_limit() -> None:
    long = {str(p.relative_to(ROOT)): n for p in _files(*SOURCES, suffixes=(".py", ".js", ".css", ".html"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


@pytest.mark.parametrize(("pattern", "allowed", "what"), [
    (r"^\s*(import sqlite3|from sqlite3 )", "server/store/sqlite/", "sqlite3 outside the SQLite backend"),
    (r"isinstance\([^)]*Telnet", "server/telnet/", "a telnet-specific isinstance outside the telnet transport"),
    (r"\bsession\.server\b", None, "a command reaching through session.server"),
])
def test_each_concern_stays_in_its_place(pattern: str, allowed: str | None, what: str) -> None:
    folders = ("server/commands",) if allowed is None else ("engine", "rooms", "server", "bots")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in _files(*folders)
             if allowed is None or not str(p.relative_to(ROOT)).startswith(allowed)
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if re.search(pattern, line)]
    assert not found, f"{what}: {found}"


def _with_packages(module: str) -> list[str]:
    """``a.b.c`` and the packages its import runs first: ``a``, ``a.b``."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts) + 1)]


def _cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found
