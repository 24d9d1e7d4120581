"""An address in any form a socket or a proxy gives it is one text (server.limits.netaddress), and a trusted proxy's
``X-Forwarded-For`` is read from the right, past the trusted proxies, never from what a client wrote itself."""

from __future__ import annotations

import pytest

from server.limits.netaddress import canonical_address, forwarded_client


@pytest.mark.parametrize(("given", "address"), [
    ("203.0.113.7", "203.0.113.7"), (" 203.0.113.7 ", "203.0.113.7"), ("203.0.113.7:4321", "203.0.113.7"),
    ('"203.0.113.7"', "203.0.113.7"), ("[2001:DB8:0::1]:443", "2001:db8::1"), ("[2001:db8::1]", "2001:db8::1"),
    ("2001:db8:0:0:0:0:0:1", "2001:db8::1"), ("fe80::1%eth0", "fe80::1"), ("[fe80::1%25eth0]:80", "fe80::1"),
    ("::ffff:203.0.113.7", "203.0.113.7"), ("[::ffff:cb00:7107]:9", "203.0.113.7"), ("::1", "::1"),
    ("unknown", None), ("", None), ("_hidden", None), ("example.org", None), ("010.0.0.1", None), ("[::1", None),
    ("1.2.3.4:5:6", None),
])
def test_an_address_in_any_form_is_one_text(given: str, address: str | None) -> None:
    assert canonical_address(given) == address


def trusted(address: str) -> bool:
    return address in {"10.0.0.1", "10.0.0.2"}


@pytest.mark.parametrize(("lines", "client"), [
    (["203.0.113.5"], "203.0.113.5"),
    (["198.51.100.1", "203.0.113.5"], "203.0.113.5"),  # the client's own line first, the proxy's after: the proxy's
    (["198.51.100.1, 203.0.113.5"], "203.0.113.5"),
    (["203.0.113.5, 10.0.0.2"], "203.0.113.5"),  # past a second trusted proxy
    (["[2001:db8::5]:443"], "2001:db8::5"),
    (["garbage"], "10.0.0.1"), (["203.0.113.5, garbage"], "10.0.0.1"), ([" , "], "10.0.0.1"), ([], "10.0.0.1"),
    (["10.0.0.2"], "10.0.0.2"),
])
def test_the_client_behind_trusted_proxies_is_read_from_the_right(lines: list[str], client: str) -> None:
    assert forwarded_client("10.0.0.1", lines, trusted) == client
