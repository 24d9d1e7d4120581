"""A connection's address as every rule keyed by one reads it (address bans, connections per address, the byte
budget's penalty, command buckets, login throttles): one canonical text a host, whatever form it came in, from the
socket or from a trusted reverse proxy's ``X-Forwarded-For``."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable


def canonical_address(text: str) -> str | None:
    """The address ``text`` names, as one text: a port (``203.0.113.7:4321``, ``[2001:db8::1]:443``), brackets,
    quotes and an IPv6 zone (``fe80::1%eth0``) left out, an IPv4 address carried in IPv6 (``::ffff:203.0.113.7``)
    as itself, IPv6 in its short lower-case form; None if it names none (``unknown``, a name, garbage)."""
    text = text.strip().strip('"')
    if text.startswith("["):  # [v6] or [v6]:port
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:  # v4:port (IPv6 has two colons at least)
        text = text.partition(":")[0]
    text = text.partition("%")[0]  # a zone (scope) is the sender's own interface, not part of the address
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return str(mapped or address)


def forwarded_client(peer: str, forwarded: Iterable[str], trusted: Callable[[str], bool]) -> str:
    """The client's address behind trusted reverse proxies: every ``X-Forwarded-For`` line joined (a proxy may add a
    line of its own rather than append to the client's), read from the right, the first entry that is not a trusted
    proxy. Entries left of it are the client's own word, never believed; an entry that names no address stops the
    reading, and the connection counts as the last proxy's (``peer``)."""
    client = peer
    for entry in reversed(",".join(forwarded).split(",")):
        if not entry.strip():
            continue
        address = canonical_address(entry)
        if address is None:
            return client
        client = address
        if not trusted(address):
            break
    return client
