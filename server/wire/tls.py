"""TLS for the second listening port: a server context from the configured certificate (e.g. Let's Encrypt's), and
the client's first bytes handed to the handshake when the loop read them before it began."""

from __future__ import annotations

import asyncio
import ssl

from server.settings import TlsSettings


def server_context(tls: TlsSettings) -> ssl.SSLContext:
    """Modern defaults (TLS 1.2 or later); the key may sit in the certificate file when ``keyfile`` is empty."""
    assert tls.certfile is not None, "TLS is off without a certificate"
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(tls.certfile, tls.keyfile)
    except (OSError, ssl.SSLError) as exc:  # (it said "[Errno 2] No such file or directory", naming neither file)
        key = tls.keyfile or "(in the certificate file)"
        raise OSError(f"TLS: cannot load tls.certfile {tls.certfile} with tls.keyfile {key}: "
                      f"{exc.strerror or exc.reason or exc}") from None
    return context


def hand_on_early(transport: asyncio.BaseTransport, early: bytes) -> None:
    """Give the TLS protocol ``loop.start_tls`` put on ``transport`` the bytes read before it was there (a ClientHello:
    uvloop starts reading once a protocol's ``connection_made`` returns, even if it paused). Called once that protocol
    is connected; it is an ``asyncio.BufferedProtocol`` in both loops, fed as the transport would feed it."""
    if transport.is_closing():
        return
    tls = transport.get_protocol()
    rest = memoryview(early)
    while rest:
        buffer = memoryview(tls.get_buffer(len(rest)))  # type: ignore[attr-defined]
        size = min(len(buffer), len(rest))
        buffer[:size] = rest[:size]
        tls.buffer_updated(size)  # type: ignore[attr-defined]
        rest = rest[size:]
