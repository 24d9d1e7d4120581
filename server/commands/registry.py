"""The command registry: each command is one small function whose docstring is its help (async if it awaits
anything: most talk does not, and runs without a coroutine).

Adding a command (``sit``, ``roll``, ``@set``...) is registering a function in a module that
``server.commands`` imports; dispatch never changes::

    @command("roll", stage=Stage.PLAYING)
    async def roll(session: Session, args: str) -> None:
        \"\"\"roll

        Roll the five cosmic dice.
        \"\"\"
"""

from __future__ import annotations

import difflib
import enum
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

Handler = Callable[[Any, str], Awaitable[None] | None]
"""A command: called with the session that typed it (``server.session.Session``, which dispatches through this
registry and so is not named here: the registry stays below it) and the words after the command's name; an async
one returns what the session awaits."""
Fallback = Callable[[Any, str], Awaitable[bool]]


CATEGORIES = ("login", "world", "table", "turn", "talk", "records", "general", "account", "building", "admin")
"""The help index's sections in its order: first what a newcomer needs to find and play a game, last what few use."""


POWERS_CATEGORIES = frozenset({"building", "admin"})
"""Commands whose every one reads the player's wizard or builder flag."""


USAGE_WIDTH = 78
"""A usage line fits the help index at 80 columns, indented by two: one of 80 wrapped its last word, '[N]', alone."""


class Stage(enum.Flag):
    """Where a command works: on the login screen, once connected, or both."""

    LOGIN = enum.auto()
    PLAYING = enum.auto()
    ANY = LOGIN | PLAYING


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    handler: Handler
    aliases: tuple[str, ...]
    stage: Stage
    wizard: bool
    category: str
    powers: bool
    """It reads the player's wizard or builder flag: they are read afresh from the store before it runs."""
    at_login: bool
    playing: bool
    """``stage`` as two flags, asked before every command runs (a ``Flag``'s ``in`` is Python, several times as
    dear)."""

    def works(self, logged_in: bool) -> bool:
        """Whether it runs for a session logged in (or not)."""
        return self.playing if logged_in else self.at_login

    @property
    def help(self) -> str:
        """The handler's docstring: a usage line, a blank line, then what it does."""
        return inspect.cleandoc(self.handler.__doc__ or self.name)

    @property
    def usage(self) -> str:
        return self.help.splitlines()[0]


Resolved = tuple[Command, str]
"""A typed line's command and the rest of the line (a bare tuple: one is made for every line)."""


class Registry:
    """Maps typed words (and one-character prefixes like ``"`` and ``:``) to commands."""

    def __init__(self) -> None:
        self._words: dict[str, Command] = {}
        self._prefixes: dict[str, Command] = {}
        self._fallbacks: list[Fallback] = []

    def command(
        self, name: str, *aliases: str, stage: Stage = Stage.PLAYING, wizard: bool = False,
        category: str = "general", powers: bool = False,
    ) -> Callable[[Handler], Handler]:
        """Register the decorated function under ``name`` and ``aliases``. ``powers``: it reads the player's wizard
        or builder flag (wizards' commands and the building and admin categories do, without saying so)."""

        def register(handler: Handler) -> Handler:
            if not handler.__doc__:
                raise TypeError(f"command {name!r} needs a docstring: it is the help text")
            if category not in CATEGORIES:
                raise ValueError(f"command {name!r}: category {category!r} is not one of {CATEGORIES}")
            if len(inspect.cleandoc(handler.__doc__).splitlines()[0]) > USAGE_WIDTH:
                raise ValueError(f"command {name!r}: its usage line is wider than {USAGE_WIDTH} characters")
            reads_powers = powers or wizard or category in POWERS_CATEGORIES
            cmd = Command(name, handler, aliases, stage, wizard, category, reads_powers, Stage.LOGIN in stage,
                          Stage.PLAYING in stage)
            for word in (name, *aliases):
                table = self._prefixes if _is_prefix(word) else self._words
                if word.casefold() in table:
                    raise ValueError(f"command word {word!r} registered twice")
                table[word.casefold()] = cmd
            return handler

        return register

    def fallback(self, handler: Fallback) -> Fallback:
        """Register a handler tried, in order, for input that names no command while playing
        (bare exit names). It returns True if it handled the line."""
        self._fallbacks.append(handler)
        return handler

    @property
    def fallbacks(self) -> tuple[Fallback, ...]:
        return tuple(self._fallbacks)

    def resolve(self, line: str) -> Resolved | None:
        if line[:1] in self._prefixes:
            return self._prefixes[line[:1]], line[1:].strip()
        word, _, rest = line.partition(" ")
        found = self._words.get(word.casefold())
        return None if found is None else (found, rest.strip())

    def find(self, word: str) -> Command | None:
        word = word.strip().casefold()
        return self._prefixes.get(word) or self._words.get(word)

    def suggest(self, word: str, usable: Callable[[Command], bool]) -> str | None:
        """The command word closest to a mistyped ``word`` ('rol' -> 'roll') among those ``usable`` answers True for,
        if one is close enough to be what was meant."""
        words = [w for w, cmd in self._words.items() if len(w) > 1 and usable(cmd)]
        close = difflib.get_close_matches(word.casefold(), words, n=1, cutoff=0.75)
        return close[0] if close else None

    def commands(self) -> list[Command]:
        """Each command once, in registration order."""
        return list({id(c): c for c in [*self._words.values(), *self._prefixes.values()]}.values())


def _is_prefix(word: str) -> bool:
    return len(word) == 1 and not word.isalnum()


REGISTRY = Registry()
command = REGISTRY.command
fallback = REGISTRY.fallback
