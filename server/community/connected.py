"""A logged-in connection as the services below the commands see it: what presence, moderation and the tables read
and set of a player's session. ``server.session.Session`` is one; it is named here as a protocol because the session
holds the services (``server.services``), which hold presence, which holds sessions: naming the class would draw that
circle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from rooms.gameplay import TableView
    from rooms.messages import Message
    from rooms.tables import Table
    from server.render.style import Style
    from server.store import Account, Restriction


class Connected(Protocol):
    """A player's connection: who it is, what they chose, and how words reach them."""

    address: str
    account: Account | None
    wizard: bool
    builder: bool
    doing: str
    options: dict[str, str]
    ignoring: set[str]
    channels: set[str]
    restrictions: dict[str, Restriction]
    connected_at: float

    @property
    def name(self) -> str | None: ...

    @property
    def player(self) -> str: ...

    @property
    def style(self) -> Style: ...

    def tell(self, text: str, kind: str = "info", **fields: str) -> None: ...

    def send(self, message: Message) -> None: ...

    def close(self, farewell: str | None = None, **fields: str) -> None: ...

    def ignores(self, message: Message) -> bool: ...

    def silenced(self, scope: str) -> Restriction | None: ...

    def view_of(self, table: Table) -> TableView: ...


S = TypeVar("S", bound=Connected)
"""The sessions presence keeps and the services' presence holds (``server.session.Session``, which neither names)."""
