"""The words the server begins its own lines with, which no player may take as a name: a pose by a player called
'The' read "The server is shutting down. Come back later!" (issue 37). Derived from the texts, not listed by hand:
every line of the literal text in the server's code (``server/`` and ``rooms/``: the fixed texts of ``server.words.texts``,
each game's words, the help topics, the world's lines), the built-in world's rooms, every command's help, and the
house bots' names. Left out is
what no player is shown: docstrings (but commands' help), the names of log events and the store's SQL.

A word counts when it begins a line with a capital letter, as the server's sentences do (lower-case literals are
keys and identifiers; the command words a line may start with are ``server.community.names.RESERVED``): ``Table 1 is closed``
gives ``Table``, ``--- Your turn`` gives ``Your``, ``Roll-off for the first turn`` gives ``Roll-off`` and ``Roll``."""

from __future__ import annotations

import ast
import asyncio
import re
import threading
import tomllib
from collections.abc import Collection, Iterable, Iterator
from functools import cache
from pathlib import Path

import rooms
from server.competition.anchors import ANCHORS, anchor_name
from server.commands.registry import CATEGORIES, REGISTRY
from server.community.names import NAME_MAX, NAME_MIN, likeness, name_problem
from server.settings import DEFAULTS

SERVER = Path(__file__).resolve().parents[1]
PACKAGES = (SERVER, Path(rooms.__file__).resolve().parent)
NOT_SHOWN = (SERVER / "store",)
"""Folders whose literals no player is shown (SQL)."""
LOGGING = frozenset({"debug", "info", "warning", "error", "exception", "critical"})
"""Calls whose arguments are a log event's name and fields."""
_WORD = re.compile(r"[\s*•>#:.(\[-]*([A-Z][A-Za-z0-9_-]*)")


def first_words(lines: Iterable[str]) -> Iterator[str]:
    """The word each line begins with, when it begins with a capital, and its first part alone when it is
    hyphenated (``Roll-off``, ``Roll``: a 'Roll' posing '-off ...')."""
    for line in lines:
        found = _WORD.match(line)
        if found is None:
            continue
        word = found.group(1)
        for candidate in {word, word.partition("-")[0]}:
            if NAME_MIN <= len(candidate) <= NAME_MAX:
                yield candidate


class _Literals(ast.NodeVisitor):
    """The text of a module's string literals that begins a line (f-strings: their literal parts at a line's
    start), leaving out docstrings and what log calls are given."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def visit_Expr(self, node: ast.Expr) -> None:
        if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):  # a docstring
            self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if not (isinstance(node.func, ast.Attribute) and node.func.attr in LOGGING):
            self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            self.lines += node.value.split("\n")

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        at_start = True
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                pieces = part.value.split("\n")
                self.lines += pieces if at_start else pieces[1:]
            else:
                self.visit(part)
            at_start = False


def code_lines() -> list[str]:
    """The line-beginning text of every literal in the server's code."""
    literals = _Literals()
    for package in PACKAGES:
        for path in sorted(package.rglob("*.py")):
            if not any(folder in path.parents for folder in NOT_SHOWN):
                literals.visit(ast.parse(path.read_text(), str(path)))
    return literals.lines


def world_lines() -> list[str]:
    """The built-in world's rooms (``server/defaults/world.toml``): their names and descriptions are shown as lines."""
    def strings(value: object) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict | list):
            for item in value.values() if isinstance(value, dict) else value:
                yield from strings(item)

    world = tomllib.loads((DEFAULTS / "world.toml").read_text())
    return [line for text in strings(world) for line in text.splitlines()]


def help_lines() -> list[str]:
    """Every command's help, as 'help' shows it, but its indented lines: examples of what is typed or shown, their
    names made up (``Igor pages from The Cosmic Lobby``); and the help index's headings (``World:``)."""
    helps = [line for command in REGISTRY.commands() for line in command.help.splitlines() if not line.startswith(" ")]
    return helps + [category.capitalize() for category in CATEGORIES]


_WORKING = threading.Lock()
"""Held while the words are worked out: once a process, whoever asks first (the server's thread as it starts)."""


def own_words() -> frozenset[str]:
    """What every word the server begins its lines with reads as (``server.community.names.likeness``), and its house bots'
    names (``Optimal.bot``: 'Optimal'): computed once a process (0.5 - 0.8 s: every module of the server parsed), in
    a thread the server starts once it serves (``server.app``), off the way to the first banner."""
    with _WORKING:
        return _own_words()


@cache
def _own_words() -> frozenset[str]:
    bots = [anchor_name(kind) for kind in ANCHORS]
    return frozenset(likeness(word) for word in first_words([*code_lines(), *world_lines(), *help_lines(), *bots]))


def new_name_problem(name: str, wizards: Collection[str]) -> str | None:
    """Why ``name`` cannot be a new character's (or a renamed one's) name, the server's own words included."""
    return name_problem(name, wizards, own_words())


async def new_name_refused(name: str, wizards: Collection[str]) -> str | None:
    """``new_name_problem`` for a command: one typed while the server still works its words out waits for them in a
    thread, the event loop going on."""
    if not _own_words.cache_info().currsize:
        await asyncio.to_thread(own_words)
    return new_name_problem(name, wizards)


def reserved_in_use(names: Iterable[str], wizards: Collection[str]) -> list[str]:
    """The accounts' names that could not be taken now (made before their word was reserved): they keep them."""
    return [name for name in names if new_name_problem(name, wizards) is not None]
