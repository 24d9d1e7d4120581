"""The queue of mail and web pushes, sent by a task of its own so that no move ever waits on a relay or a push
service. Each is queued in the store (in the transaction of the notice it belongs to), sent, then marked sent: a
restart, even SIGKILL, loses none, and sends again only one the relay had taken in the instant before its mark was
saved (the same Message-ID: receiving mailboxes know it for the same mail). A failure is tried again with back-off
(30 s, doubling, at most an hour apart) until ``notify.give_up_after``; a refusal that will not change (an address
the relay refuses, a push subscription gone) is given up at once."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from contextlib import suppress
from email.utils import parseaddr
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import structlog

from server.notices.emails import message
from server.settings import Settings
from server.store.outreach import Outgoing

if TYPE_CHECKING:
    import aiohttp
    from py_vapid import Vapid

    from server.store import Store

log = structlog.get_logger()
BATCH = 20
"""Queued ones read at a time."""
FIRST_RETRY, MOST_RETRY = 30.0, 3600.0
"""Seconds before the first retry, and at most between two (it doubles)."""
IDLE = 30.0
"""Seconds between looks at the queue when nothing wakes the sender (another process may have queued)."""
PUSH_TTL = 24 * 3600
"""Seconds a push service keeps a push for a browser that is off."""


class Permanent(Exception):
    """A send that will never work (retrying is pointless)."""


class Outbox:
    """Sends what the store has queued, oldest due first, one at a time."""

    def __init__(self, settings: Settings, store: Store, vapid: Vapid | None, subject: str) -> None:
        self.settings, self.store, self.vapid, self.subject = settings, store, vapid, subject
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._sending = asyncio.Lock()
        self._http: aiohttp.ClientSession | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    def wake(self) -> None:
        """Something was queued: look now."""
        self._wake.set()

    async def stop(self) -> None:
        """Let a send under way finish (its mark saved: a restart does not send it again), then stop."""
        if self._task is None:
            return
        with suppress(TimeoutError):
            async with asyncio.timeout(self.settings.mail.timeout + 5):
                await self._sending.acquire()
        self._task.cancel()
        with suppress(asyncio.CancelledError):
            await self._task
        self._task = None
        if self._http is not None:
            await self._http.close()

    async def _run(self) -> None:
        while True:
            try:
                due = await self.store.due(time.time(), BATCH)
                for outgoing in due:
                    async with self._sending:
                        await self._send(outgoing)
                if len(due) == BATCH:
                    continue
                following = await self.store.next_due()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the store failing (it is closing): look again later
                log.warning("outbox.failed", why=str(error)[:200])
                following = None
            wait = IDLE if following is None else min(IDLE, max(0.0, following - time.time()))
            self._wake.clear()
            with suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._wake.wait()

    async def _send(self, outgoing: Outgoing) -> None:
        try:
            if outgoing.channel == "email":
                await self._mail(outgoing)
            else:
                await self._push(outgoing)
        except Permanent as refused:
            await self.store.give_up(outgoing.id, time.time(), str(refused)[:500])
            log.info("outbox.refused", id=outgoing.id, channel=outgoing.channel, why=str(refused)[:200])
        except Exception as error:  # the relay or the push service away, slow, or failing for now
            now = time.time()
            why = f"{type(error).__name__}: {error}"[:500]
            if now - outgoing.created_at >= self.settings.notify.give_up_after:
                await self.store.give_up(outgoing.id, now, why)
                log.warning("outbox.given_up", id=outgoing.id, channel=outgoing.channel, why=why[:200])
            else:
                wait = min(MOST_RETRY, FIRST_RETRY * 2 ** outgoing.attempts)
                await self.store.retry(outgoing.id, now + wait, why)
                log.info("outbox.retry", id=outgoing.id, channel=outgoing.channel, wait=wait, why=why[:200])
        else:
            await self.store.sent(outgoing.id, time.time())
            log.info("outbox.sent", id=outgoing.id, channel=outgoing.channel)

    async def _mail(self, outgoing: Outgoing) -> None:
        mail = self.settings.mail
        if not mail.enabled:
            raise Permanent("mail is off")
        letter = message(self.settings, outgoing.id, outgoing.created_at, outgoing.target, outgoing.payload)
        import aiosmtplib  # (loaded by the first mail, not for the server's start)

        try:
            await aiosmtplib.send(  # as bytes: aiosmtplib's own flattening would fold the unsubscribe link
                letter.as_bytes(), sender=parseaddr(mail.from_address)[1], recipients=[outgoing.target], hostname=mail.host, port=mail.port, username=mail.user or None,
                password=mail.password or None, use_tls=mail.security == "tls",
                start_tls=True if mail.security == "starttls" else False, timeout=mail.timeout)
        except aiosmtplib.SMTPRecipientsRefused as refused:
            raise Permanent(str(refused)) from None
        except aiosmtplib.SMTPResponseException as answer:
            if answer.code >= 500:
                raise Permanent(f"{answer.code} {answer.message}") from None
            raise

    async def _push(self, outgoing: Outgoing) -> None:
        subscription = await self.store.push_subscription(outgoing.target)
        if subscription is None or self.vapid is None:
            raise Permanent("no such subscription")
        if not endpoint_allowed(subscription.endpoint, self.settings.push.insecure_endpoints):
            await self.store.drop_push(subscription.endpoint)
            raise Permanent("endpoint not allowed")
        import aiohttp  # (these two load by the first push, not for the server's start)
        from pywebpush import WebPushException, webpush_async

        if self._http is None:
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.settings.mail.timeout))
        info: dict[str, Any] = {"endpoint": subscription.endpoint,
                                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
        try:
            await webpush_async(info, outgoing.payload, vapid_private_key=self.vapid,
                                vapid_claims={"sub": self.subject}, ttl=PUSH_TTL, aiohttp_session=self._http)
        except WebPushException as failed:
            status = getattr(failed.response, "status", None)
            if status in (404, 410):
                await self.store.drop_push(subscription.endpoint)
                log.info("push.subscription_gone", status=status)
                raise Permanent(f"gone ({status})") from None
            if status is not None and 400 <= status < 500 and status != 429:
                raise Permanent(f"refused ({status})") from None
            raise


def endpoint_allowed(endpoint: str, insecure: bool) -> bool:
    """A push service's address: https, at a public host (a subscription names any URL: the server must not be made
    to post to its own network); anything when ``push.insecure_endpoints`` (tests)."""
    parts = urlsplit(endpoint)
    if insecure:
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    if parts.scheme != "https" or not parts.hostname or parts.hostname == "localhost":
        return False
    with suppress(ValueError):
        return ipaddress.ip_address(parts.hostname).is_global
    return True


def push_payload(title: str, body: str, url: str, tag: str) -> str:
    """What the page's service worker shows (sw.js): a title, a line, where a click goes, and a tag (a later notice
    of the same table replaces the last)."""
    return json.dumps({"title": title, "body": body, "url": url, "tag": tag})
