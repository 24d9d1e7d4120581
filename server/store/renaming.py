"""A player's name changed in what the store keeps as JSON (a game's seats and events), for both backends: a wizard's
'@rename', and a deleted account's name made its former one ('@delete me'). The columns are ``sharedsql.BY_NAME``'s.

A game's events name its players in these fields (each game's events: ``engine.wimpout.events``,
``engine.poker.happenings``; the Funhouse's name nobody): only there is a string that is the old name changed, so a
card, a face or a rule's words that happen to read like the name stay as they are, and the game replays to the same
end under the new name."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from server.store import sharedsql as sql
from server.store.domain import FORMER

PLAYER_FIELDS = frozenset({
    "player", "players", "seats", "by", "proposer", "leader", "previous", "challengers", "entitled", "winner",
    "dealer", "order", "throws",
})
"""The event fields that hold a player's name, alone or in a list (the roll-off's ``throws`` pairs a name with a
face; poker's ``order`` of a shuffle and ``by`` of a raise hold numbers, left alone)."""


PROSE_FIELDS = frozenset({"reason"})
"""The event fields of the engine's own words, which may name a player within them ("did not pass Ann's 125 in Last
Licks", "Ann voted no"): the name is changed where it stands as a whole word."""


def renamed(value: Any, old: str, new: str, field: str | None = None) -> Any:
    """``value`` (an event, or part of one, as JSON) with ``old`` made ``new`` wherever a player's name is held."""
    if isinstance(value, dict):
        return {key: renamed(item, old, new, key) for key, item in value.items()}
    if isinstance(value, list):
        return [renamed(item, old, new, field) for item in value]
    if isinstance(value, str) and field in PLAYER_FIELDS:
        return new if value == old else value
    if isinstance(value, str) and field in PROSE_FIELDS and old in value:
        return re.sub(rf"(?<![\w.-]){re.escape(old)}(?![\w-])", lambda _: new, value)
    return value


def parsed(value: Any) -> Any:
    """A JSON column's value as Python: SQLite gives its text, PostgreSQL's ``json`` columns what it holds."""
    return json.loads(value) if isinstance(value, str) else value


def seat_pattern(name: str) -> str:
    """What a LIKE finds the games a name sat at by, in their seats' JSON (names need no escaping in JSON)."""
    return f'%"{name}"%'


Statement = tuple[str, tuple[Any, ...]]


def name_statements(old: str, new: str) -> list[Statement]:
    """Every column that holds ``old`` as a player's name made ``new`` (``sharedsql.BY_NAME``)."""
    return [(sql.rename_column(table, column), (new, old)) for table, column in sql.BY_NAME]


def skeleton_statements(old: str, new: str) -> list[Statement]:
    """What an account keeps under its skeleton moved to another one (nothing left under the new one first: no
    account has it, so whatever is there is no one's)."""
    if old == new:
        return []
    cleared = [(sql.clear_column(table, column), (new,)) for table, column in sql.BY_SKELETON]
    return cleared + [(sql.rename_column(table, column), (new, old)) for table, column in sql.BY_SKELETON]


def deletion_statements(skeleton: str, name: str) -> list[Statement]:
    """What goes with a deleted account: the account, what it keeps under its skeleton, and
    ``sharedsql.GONE_WITH_THE_ACCOUNT``."""
    return [(sql.DELETE_ACCOUNT, (skeleton,)),
            *((sql.clear_column(table, column), (skeleton,)) for table, column in sql.BY_SKELETON),
            *((sql.clear_column(table, column), (name,)) for table, column in sql.GONE_WITH_THE_ACCOUNT)]


def game_statements(game_id: int, seats: Any, conduct: Any, events: list[tuple[int, Any]], old: str, new: str
                    ) -> list[Statement]:
    """A game's seats, how each person took part (``conduct``) and the events that name ``old`` rewritten with ``new``
    (none if ``old`` did not sit there)."""
    listed = parsed(seats)
    if old not in listed:
        return []
    changed: list[Statement] = [(sql.SET_SEATS, (json.dumps(renamed(listed, old, new, "seats")), game_id)),
                                (sql.SET_CONDUCT, (json.dumps(conduct_renamed(parsed(conduct), old, new)), game_id))]
    for seq, event in events:
        before = parsed(event)
        after = renamed(before, old, new)
        if after != before:
            changed.append((sql.SET_GAME_EVENT, (json.dumps(after), game_id, seq)))
    return changed


def conduct_renamed(conduct: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A game's ``conduct`` (server.competition.fairplay: own moves and addresses by name, who left) under ``new``; a deleted
    account's address is not kept (``new`` a former name)."""
    moves = {new if name == old else name: count for name, count in conduct.get("moves", {}).items()}
    addresses = {new if name == old else name: at for name, at in conduct.get("addresses", {}).items()
                 if not (name == old and new.startswith(FORMER))}
    left = [new if name == old else name for name in conduct.get("left", [])]
    return {**conduct, "moves": moves, "addresses": addresses, "left": left}


def former_name() -> str:
    """A deleted account's name in what others keep: ``former.`` and a random tag (checked unused by the store)."""
    return FORMER + secrets.token_hex(3)
