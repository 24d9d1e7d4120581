"""The commands are those of the modules the catalog names, never a stray module's (issue 36, item 7: an upgrade
built from a stale ``build/`` installed a module the release does not have, and the catalog, importing every module it
found, registered its command)."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

import server.commands
from server.commands import catalog
from server.commands.registry import REGISTRY


def test_a_stray_module_beside_the_commands_registers_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "straycommand.py").write_text(
        "from server.commands.registry import command\n\n"
        "@command('strayword')\nasync def stray(session, args):\n    '''strayword\n\n    Left by a stale build.\n    '''\n")
    monkeypatch.setattr(server.commands, "__path__", [*server.commands.__path__, str(tmp_path)])
    catalog.register_all()
    assert REGISTRY.resolve("strayword") is None


def test_every_module_of_the_commands_package_is_named_in_the_catalog() -> None:
    found = {module.name for module in pkgutil.iter_modules(server.commands.__path__)}
    assert found == set(catalog.MODULES) | set(catalog.HELPERS)
    assert list(catalog.MODULES) == sorted(catalog.MODULES)
