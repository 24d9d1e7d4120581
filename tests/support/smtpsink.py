"""A real SMTP server on loopback (aiosmtpd, in a thread of its own as operators' relays are elsewhere), keeping every
mail it accepted, parsed, for the tests of outgoing mail (server.notices)."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from support.clients import WAIT
from support.servers import free_port


class Sink:
    """Accepts every mail; ``delay`` seconds before each answer to its DATA, and a mail whose sender hung up meanwhile
    is not kept (the relay never said it took it: the sender must send it again)."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.mails: list[EmailMessage] = []
        self.receiving = threading.Event()
        """Set when a mail's DATA has come (whether it is kept or not)."""
        self._lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.receiving.set()
        if self.delay:
            await asyncio.sleep(self.delay)
            if server.transport is None or server.transport.is_closing():
                return "451 gone"
        mail = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._lock:
            self.mails.append(mail)  # type: ignore[arg-type]
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [mail for mail in self.mails if mail["To"] == address]

    async def wait_for(self, address: str, count: int = 1, within: float = WAIT) -> list[EmailMessage]:
        """The first ``count`` mails to ``address``, once there are that many (more may have come meanwhile: a digest
        due every few seconds on a loaded machine)."""
        async with asyncio.timeout(within):
            while len(found := self.to(address)) < count:
                await asyncio.sleep(0.05)
        return found[:count]


@contextmanager
def smtp_sink(delay: float = 0.0) -> Iterator[tuple[Sink, dict[str, str]]]:
    """The sink, listening, and the environment that points a server at it."""
    sink, port = Sink(delay), free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, {"COSMIC_MAIL__HOST": "127.0.0.1", "COSMIC_MAIL__PORT": str(port), "COSMIC_MAIL__SECURITY": "none",
                     "COSMIC_MAIL__FROM_ADDRESS": "Cosmic Wimpout <noreply@play.example.org>",
                     "COSMIC_WEB__PUBLIC_URL": "https://play.example.org/"}
    finally:
        controller.stop()


CODE = re.compile(r"\b([2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5})\b")
"""A code as mailed (server.notices.codes: ten symbols of 32, in two halves)."""


def code_in(mail: EmailMessage) -> str:
    found = CODE.search(text_of(mail))
    assert found, text_of(mail)
    return found.group(1)


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())
