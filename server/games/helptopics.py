"""Help on the games themselves ('help sun', 'help topics'): each game type brings its topics (Cosmic Wimpout's are
server.wimpout.gamehelp); commands explain themselves (their docstrings)."""

from __future__ import annotations

import re

from server.funhouse.funwords import ROOM_HELP, TITLES
from server.games.gametypes import GAME_TYPES, Topic


def _key(word: str) -> str:
    """How names are compared: any case, punctuation and spaces ignored (but 1/3/5 keeps its slashes)."""
    return re.sub(r"[^a-z0-9/]", "", word.strip().casefold().removeprefix("the "))


def topics() -> list[Topic]:
    """Every game's topics, the default game's first, then the Funhouse rooms'."""
    rooms = (Topic((TITLES[name], name), text) for name, text in ROOM_HELP.items())
    return [*(topic for game in GAME_TYPES.all() for topic in game.help_topics), *rooms]


def _index() -> dict[str, Topic]:
    index: dict[str, Topic] = {}
    for topic in topics():
        for name in topic.names:
            if index.setdefault(_key(name), topic) is not topic:
                raise ValueError(f"two help topics answer to {name!r}")
    return index


def find_topic(word: str) -> Topic | None:
    """The topic named ``word`` (any of its names; a plural finds the singular)."""
    key = _key(word)
    index = _index()
    return index.get(key) or index.get(key.removesuffix("s")) if key else None


def topic_list() -> str:
    """The topics by their first names, for 'help' and 'help topics'."""
    return ", ".join(topic.names[0] for topic in topics())
