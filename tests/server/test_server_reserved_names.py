"""Issue 37: no player may take a name that begins one of the server's own lines (a pose by 'The' read "The server is
shutting down. Come back later!"). This walks the texts as the server holds them at run time, not as
``server.community.ownwords`` reads its source: every fixed text of ``server.words.texts`` (its strings, their collections, the
banner), every command's help and every help topic, and the house bots' names; the first word of each of their lines
must be refused as a new name, as must the words the issue found creatable. What a whole game shows (each game's
words for its events) is walked through the portal: tests/e2e/test_portal_accounts.py."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import pytest

from server.words import texts
from server.competition.anchors import ANCHORS, anchor_name
from server.app import GameServer  # noqa: F401  (registers every command)
from server.commands.registry import REGISTRY
from server.games.helptopics import topics
from server.community.ownwords import new_name_problem

FIRST_WORD = re.compile(r"[\s*>#:.(\[-]*([A-Z][A-Za-z0-9_-]*)")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from strings(item)


def fixed_texts() -> Iterator[str]:
    for name, value in vars(texts).items():
        if not name.startswith("_") and not inspect.isfunction(value):
            yield from strings(value)
    for registration in texts.BANNER_CREATE:
        yield texts.banner("Placeholder", registration)


def first_words(lines: Iterator[str]) -> set[str]:
    found = (FIRST_WORD.match(line) for text in lines for line in text.splitlines())
    return {m.group(1) for m in found if m and 2 <= len(m.group(1)) <= 16 and "{" not in m.group(1)}


def test_every_word_the_fixed_texts_begin_a_line_with_is_refused() -> None:
    words = first_words(fixed_texts())
    assert {"The", "Mail", "You", "Table", "Welcome", "Connections"} <= words  # (the walk finds them)
    assert sorted(word for word in words if new_name_problem(word, []) is None) == []


def test_every_word_the_help_begins_a_line_with_is_refused() -> None:
    helps = [line for command in REGISTRY.commands() for line in command.help.splitlines() if not line.startswith(" ")]
    words = first_words(iter([*helps, *(topic.text for topic in topics())]))
    assert {"Bank", "DEALER"} <= words
    assert sorted(word for word in words if new_name_problem(word, []) is None) == []


def test_the_house_bots_names_and_the_servers_parts_are_refused() -> None:
    for name in (*(anchor_name(kind).removesuffix(".bot") for kind in ANCHORS), "Teacher", "Robby", "Portal", "Console"):
        assert new_name_problem(name, []) is not None, name


@pytest.mark.parametrize("name", ["Ann", "Bob", "Igor", "Mallory", "Max", "Eve", "Cy", "Zed"])
def test_ordinary_names_are_not_taken_by_the_texts(name: str) -> None:
    assert new_name_problem(name, []) is None
