"""The server's VAPID key (RFC 8292), which signs every web push so push services know it is this server's: made once
and kept in the data directory, readable by the server's user alone (or the operator's own, named in settings)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from server.ops.privatefiles import private_directory, write_private
from server.settings import Settings

if TYPE_CHECKING:
    from py_vapid import Vapid

log = structlog.get_logger()
KEY_FILE = "vapid.pem"
"""The key made for this server, in ``data_dir`` (``push.private_key`` names another)."""


def push_key(settings: Settings) -> Vapid:
    """The server's key: ``push.private_key``'s, else ``data_dir/vapid.pem``, made now (mode 0600) if there is none."""
    from py_vapid import Vapid  # (cryptography: loaded in the thread that reads the key, off the event loop)

    path = settings.push.private_key or settings.data_dir / KEY_FILE
    if not Path(path).is_file():
        private_directory(Path(path).parent)  # (on PostgreSQL the store makes no data directory)
        key = Vapid()
        key.generate_keys()
        write_private(Path(path), key.private_pem())
        log.info("push.key_made", path=str(path))
    return Vapid.from_file(str(path))


def public_key(key: Vapid) -> str:
    """The public key as the Push API's ``applicationServerKey`` takes it (uncompressed point, base64url)."""
    from cryptography.hazmat.primitives import serialization
    from py_vapid import b64urlencode

    raw = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return str(b64urlencode(raw))
