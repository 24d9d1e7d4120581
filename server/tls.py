"""TLS for the second listening port: a server context from the configured certificate (e.g. Let's Encrypt's)."""

from __future__ import annotations

import ssl

from server.settings import TlsSettings


def server_context(tls: TlsSettings) -> ssl.SSLContext:
    """Modern defaults (TLS 1.2 or later); the key may sit in the certificate file when ``keyfile`` is empty."""
    assert tls.certfile is not None, "TLS is off without a certificate"
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(tls.certfile, tls.keyfile)
    return context
