"""help comes from each command's own docstring, for every command."""

from __future__ import annotations

import re

import pytest

from support.clients import paged, player, raw_client
from server.commands.registry import REGISTRY, USAGE_WIDTH, Registry, Stage

async def test_help_for_every_command_is_its_docstring(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard:  # the first account: sees everything
            for cmd in REGISTRY.commands():
                wizard.send(f"help {cmd.name}")
                await wizard.expect(re.escape(cmd.usage))
                await wizard.expect(re.escape(cmd.help.splitlines()[2]))


async def test_help_lists_what_can_be_used_now(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard"):
            pass
        async with raw_client(server) as visitor:
            await visitor.command("help", "Commands")
            await visitor.expect("connect <playername> <password>")
            await visitor.expect("create <playername> <password>")
            await visitor.expect(r"The game \(type .help <topic>.\): ")
            assert "WHO" in visitor.text and "say <message>" not in visitor.text
            assert "tutorial" not in visitor.text  # it needs a character: offered once logged in
        async with player(server, "Igor") as igor:
            await paged(igor, "help", "to learn by playing")
            assert "say <message>" in igor.text and "@shutdown" not in igor.text
            assert "'tutorial' to learn by playing" in igor.text
            await igor.command("help @shutdown", 'There is no help on "@shutdown"')
            await igor.command("help nonsense", 'There is no help on "nonsense"')
            await igor.command('help "', r"say <message>")


def test_every_command_has_usage_and_description() -> None:
    for cmd in REGISTRY.commands():
        lines = cmd.help.splitlines()
        assert len(lines) >= 3 and lines[1] == "" and lines[2], cmd.name
        assert cmd.stage & Stage.ANY


def test_a_usage_line_must_fit_the_help_index_at_80_columns() -> None:
    """Indented by two in the index: a usage of 80 characters wrapped its last word ('[N]') onto a line of its own."""
    async def wide(session: object, args: str) -> None: ...
    wide.__doc__ = "table " + "x" * (USAGE_WIDTH - 5) + "\n\nToo wide for the index."
    with pytest.raises(ValueError, match="usage line is wider"):
        Registry().command("wide", category="table")(wide)  # type: ignore[arg-type]
    assert all(len(cmd.usage) <= USAGE_WIDTH for cmd in REGISTRY.commands())
