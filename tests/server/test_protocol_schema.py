"""The committed JSON Schema of the bot protocol is the one the server's models give."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from server.wire.protocol import ErrorCode, main, schema_text

COMMITTED = Path(__file__).parents[2] / "docs" / "protocol.schema.json"


def test_the_committed_schema_is_current() -> None:
    assert COMMITTED.read_text() == schema_text(), "run: python -m server.wire.protocol schema > docs/protocol.schema.json"


def test_the_schema_command_prints_it(capsys) -> None:
    assert main(["protocol", "schema"]) == 0
    assert capsys.readouterr().out == COMMITTED.read_text()
    assert main(["protocol"]) == 2


def test_the_bot_guide_lists_every_error_code() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    assert [code for code in get_args(ErrorCode) if f"`{code}`" not in guide] == []
