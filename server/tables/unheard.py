"""What 'ignore' hides at a table: the words an ignored player put there (a house bot's name they chose, an honour
rule they proposed) read as a neutral stand-in to whoever ignores them, in the news of every move, the scoreboard,
the rules, the table list and the prompt, in text and on the wire alike. The table is the same for everyone: only
what each person is shown is masked, once the table knows who wrote what (``Table.authored``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from rooms.tables import BOT_SUFFIX, Table
from server.words import texts

T = TypeVar("T")


def unheard(table: Table, ignoring: Collection[str]) -> dict[str, str]:
    """Each text at ``table`` written by someone in ``ignoring``, with what stands in for it (a bot's name is
    numbered, as several may sit: names stay distinct, and 'legal' moves keyed by them stay apart)."""
    hidden: dict[str, str] = {}
    bots: dict[str, int] = {}
    for text, author in table.authored.items():
        if author not in ignoring:
            continue
        if text.endswith(BOT_SUFFIX):
            bots[author] = bots.get(author, 0) + 1
            hidden[text] = texts.UNHEARD_BOT.format(author=author, n=bots[author])
        else:
            hidden[text] = texts.UNHEARD_WORDS.format(author=author)
    return hidden


def masked(value: T, hidden: Mapping[str, str]) -> T:
    """``value`` (news, a view, rules: dataclasses, pydantic models, tuples, lists, dicts) with every string that is
    a hidden text replaced by its stand-in; a bot's name inside a longer string too (its ``.bot`` keeps it from
    matching anything else). The same object when nothing in it is hidden."""
    return _mask(value, hidden) if hidden else value


def _mask(value: Any, hidden: Mapping[str, str]) -> Any:
    if type(value) is str:  # not str enums (a cube face): only players' words are hidden
        found = hidden.get(value)
        if found is not None:
            return found
        for text, stand_in in hidden.items():
            if text.endswith(BOT_SUFFIX) and text in value:
                value = value.replace(text, stand_in)
        return value
    if isinstance(value, tuple):
        items = [_mask(item, hidden) for item in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)._make(items) if hasattr(value, "_fields") else type(value)(items)
    if isinstance(value, list):
        return [_mask(item, hidden) for item in value]
    if isinstance(value, dict):
        return {_mask(key, hidden): _mask(item, hidden) for key, item in value.items()}
    if isinstance(value, BaseModel):
        changed = _changed(value, type(value).model_fields, hidden)
        return value.model_copy(update=changed) if changed else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value) if f.init]
        changed = _changed(value, fields, hidden)
        return dataclasses.replace(value, **changed) if changed else value
    return value


def _changed(value: Any, names: Collection[str], hidden: Mapping[str, str]) -> dict[str, Any]:
    """The fields of ``value`` that masking changes, masked."""
    changed = {}
    for name in names:
        before = getattr(value, name)
        after = _mask(before, hidden)
        if after is not before:
            changed[name] = after
    return changed


def as_seen(ignoring: Collection[str], table: Table, value: T) -> T:
    """``value`` (about ``table``) as someone ignoring ``ignoring`` is shown it."""
    return masked(value, unheard(table, ignoring)) if ignoring and table.authored else value
