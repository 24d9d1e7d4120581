"""What telnetlib3's writer keeps for every connection, made lighter (issue 28: memory per idle connection). Its
constructor fills five tables with a bound method of its own for each telnet command (about 60, 5 KB a connection)
and builds a table of LINEMODE's special characters (2 KB) that only a LINEMODE client changes. Here the default
handlers are looked up by name when a command arrives, and connections share one character table until a LINEMODE
subnegotiation would change theirs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from telnetlib3 import slc

HANDLER_TABLES = ("_iac_callback", "_slc_callback", "_ext_callback", "_ext_send_callback", "_ext_offer_callback")
"""The writer's tables of handlers, each by command byte."""

SHARED_SLCTAB = slc.generate_slctab(slc.BSD_SLC_TAB)
"""The special characters of every connection that has not negotiated its own (never changed: see ``own_slctab``)."""


class Handlers(dict[bytes, Callable[..., Any]]):
    """A table of handlers: those set on this connection, and the writer's own methods by name for the rest (found
    when a command arrives, at a dictionary lookup's cost). Cleared, as the writer clears its tables when it closes,
    it forgets its writer too."""

    __slots__ = ("owner", "names")

    def __init__(self, owner: object, names: dict[bytes, str]) -> None:
        super().__init__()
        self.owner: object | None = owner
        self.names = names

    def __missing__(self, key: bytes) -> Callable[..., Any]:
        if self.owner is None or key not in self.names:
            raise KeyError(key)
        method: Callable[..., Any] = getattr(self.owner, self.names[key])
        return method

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or (self.owner is not None and key in self.names)

    def get(self, key: bytes, default: Any = None) -> Any:  # type: ignore[override]
        return self[key] if key in self else default

    def clear(self) -> None:
        super().clear()
        self.owner = None


_NAMES: dict[tuple[type, str], dict[bytes, str]] = {}
"""The default handlers' names of each writer class's tables, shared by all its connections."""


def lighten(writer: Any) -> None:
    """Replace a freshly made writer's tables of default handlers with ``Handlers``, and its character table with the
    shared one. A handler that is not one of the writer's own methods stays as it was set."""
    for table in HANDLER_TABLES:
        handlers: dict[bytes, Callable[..., Any]] = getattr(writer, table)
        names = {cmd: func.__name__ for cmd, func in handlers.items() if getattr(func, "__self__", None) is writer}
        shared = _NAMES.setdefault((type(writer), table), names)
        lighter = Handlers(writer, shared if shared == names else names)
        lighter.update((cmd, func) for cmd, func in handlers.items() if cmd not in names)
        setattr(writer, table, lighter)
    writer.slctab = SHARED_SLCTAB
    writer._slc_buffer = []  # (an empty deque is some 700 bytes; this one is only appended to, joined and cleared)


def own_slctab(writer: Any) -> None:
    """Before a LINEMODE subnegotiation (the only thing that changes the table): the writer's own copy, of its own
    definitions too (telnetlib3's would change those of its default table, every connection's)."""
    if writer.slctab is SHARED_SLCTAB:
        writer.slctab = {func: slc.SLC(defined.mask, defined.val) for func, defined in SHARED_SLCTAB.items()}
