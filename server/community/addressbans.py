"""Addresses wizards refuse (``@ban 203.0.113.7``, ``@ban 203.0.113.0/24``), as Evennia's ``ban`` takes an IP beside
a name: kept in the store (they survive a restart) and here, where admission asks of every new connection, telnet,
TLS and the web alike, before anything else is read."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the portal admits connections without the store)
    from server.store import AddressBan

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


Address = ipaddress.IPv4Address | ipaddress.IPv6Address
MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
"""IPv4 addresses carried in IPv6 (``::ffff:203.0.113.7``): a dual-stack socket names IPv4 clients so."""


def plain(network: Network) -> Network:
    """A network as IPv4 when it is one carried in IPv6 (``::ffff:203.0.113.0/120`` is ``203.0.113.0/24``), else as
    it is: a ban and a connection's address are compared the same way whichever way either was written."""
    if isinstance(network, ipaddress.IPv6Network) and network.subnet_of(MAPPED):
        return ipaddress.IPv4Network((int(network.network_address) & 0xFFFFFFFF, network.prefixlen - 96))
    return network


def plain_address(text: str) -> Address | None:
    """A connection's address as ``ipaddress`` reads it, an IPv4 one carried in IPv6 as itself; None if it is not
    one ('?': gone)."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    return address.ipv4_mapped or address if isinstance(address, ipaddress.IPv6Address) else address


def network_named(word: str) -> Network | None:
    """An address or a network as typed (``203.0.113.7``, ``203.0.113.0/24``, ``2001:db8::/32``,
    ``::ffff:203.0.113.7``: the IPv4 address), else None (a player's name: names hold neither dots nor colons)."""
    if "." not in word and ":" not in word:
        return None
    try:
        return plain(ipaddress.ip_network(word.strip(), strict=False))
    except ValueError:
        return None


def covers(network: Network, address: str) -> bool:
    """Whether a connection's address is in ``network``."""
    found = plain_address(address)
    return found is not None and found in plain(network)


class AddressBans:
    """The address bans in force, by network."""

    def __init__(self) -> None:
        self._bans: dict[Network, AddressBan] = {}

    def load(self, bans: Iterable[AddressBan]) -> None:
        """The bans as stored (at start)."""
        self._bans = {plain(ipaddress.ip_network(ban.network)): ban for ban in bans}

    def add(self, ban: AddressBan) -> None:
        self._bans[plain(ipaddress.ip_network(ban.network))] = ban

    def remove(self, network: Network) -> AddressBan | None:
        return self._bans.pop(plain(network), None)

    def all(self) -> list[AddressBan]:
        return list(self._bans.values())

    def find(self, address: str) -> AddressBan | None:
        """The ban that covers a connection's address, if any (nearly always none, and few bans: a plain loop)."""
        if not self._bans:
            return None
        return next((ban for network, ban in self._bans.items() if covers(network, address)), None)
