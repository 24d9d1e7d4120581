"""Addresses wizards refuse (``@ban 203.0.113.7``, ``@ban 203.0.113.0/24``), as Evennia's ``ban`` takes an IP beside
a name: kept in the store (they survive a restart) and here, where admission asks of every new connection, telnet,
TLS and the web alike, before anything else is read."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from server.store import AddressBan

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def network_named(word: str) -> Network | None:
    """An address or a network as typed (``203.0.113.7``, ``203.0.113.0/24``, ``2001:db8::/32``), else None (a
    player's name: names hold neither dots nor colons)."""
    if "." not in word and ":" not in word:
        return None
    try:
        return ipaddress.ip_network(word.strip(), strict=False)
    except ValueError:
        return None


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """A connection's address (an IPv4 one carried in IPv6 as itself); None if it is not one ('?': gone)."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped or address


def covers(network: Network, address: str) -> bool:
    """Whether a connection's address is in ``network``."""
    found = _address(address)
    return found is not None and found in network


class AddressBans:
    """The address bans in force, by network."""

    def __init__(self) -> None:
        self._bans: dict[Network, AddressBan] = {}

    def load(self, bans: Iterable[AddressBan]) -> None:
        """The bans as stored (at start)."""
        self._bans = {ipaddress.ip_network(ban.network): ban for ban in bans}

    def add(self, ban: AddressBan) -> None:
        self._bans[ipaddress.ip_network(ban.network)] = ban

    def remove(self, network: Network) -> AddressBan | None:
        return self._bans.pop(network, None)

    def all(self) -> list[AddressBan]:
        return list(self._bans.values())

    def find(self, address: str) -> AddressBan | None:
        """The ban that covers a connection's address, if any (nearly always none, and few bans: a plain loop)."""
        if not self._bans:
            return None
        return next((ban for network, ban in self._bans.items() if covers(network, address)), None)
