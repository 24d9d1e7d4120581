"""A game's events as JSON-ready dicts and back (``{"type": "Scored", ...fields}``): what is stored, replayed and sent
to bots. One codec for every game; each game names its event classes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter


@cache
def _adapter(cls: type) -> TypeAdapter[Any]:
    return TypeAdapter(cls)


E = TypeVar("E")


class EventCodec(Generic[E]):
    """The events of one game (``E``: their union), by class name. A game exports its codec's ``to_dict`` and
    ``from_dict`` as its ``event_to_dict`` and ``event_from_dict``."""

    def __init__(self, kinds: Iterable[type]) -> None:
        self.types: dict[str, type] = {cls.__name__: cls for cls in kinds}

    def to_dict(self, event: E) -> dict[str, Any]:
        """A JSON-ready dict for storage or a bot: ``{"type": "Scored", ...fields}`` (every field, hidden ones
        included)."""
        return {"type": type(event).__name__, **_adapter(type(event)).dump_python(event, mode="json")}

    def from_dict(self, data: dict[str, Any]) -> E:
        """The inverse of ``to_dict``; raises ValueError on an unknown or malformed event."""
        fields = dict(data)
        cls = self.types.get(fields.pop("type", None))
        if cls is None:
            raise ValueError(f"unknown event type {data.get('type')!r}")
        return _adapter(cls).validate_python(fields)  # type: ignore[no-any-return]
