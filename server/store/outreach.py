"""What the store keeps to reach players away from the game (issue 39): email addresses and their codes, the queue of
mail and web pushes to send, the push subscriptions, and the notices kept for the login summary and the digest. Plain
records (their SQL is in ``sharedsql``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EmailAddress:
    """An account's address: it receives nothing but its confirmation code until ``confirmed``."""

    address: str
    confirmed: bool
    token: str
    """The secret of its one-click unsubscribe link."""
    mail_off: bool
    """The unsubscribe link was used: no notification mail (a code the player asks for still goes)."""


@dataclass(frozen=True, slots=True)
class StoredCode:
    """A one-use code (confirmation, password reset): only its hash is kept."""

    code_hash: str
    expires_at: float
    attempts: int


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A mail or a push waiting in the queue (``channel`` ``email`` or ``push``) for ``target`` (an address, a push
    endpoint), its ``payload`` as JSON text made when it was queued."""

    id: int
    channel: str
    recipient: str
    target: str
    payload: str
    created_at: float
    attempts: int


@dataclass(frozen=True, slots=True)
class Queued:
    """A mail or a push to queue: ``dedup`` (if given) is queued once ever (a "your move" once per move)."""

    channel: str
    recipient: str
    target: str
    payload: str
    dedup: str | None = None


@dataclass(frozen=True, slots=True)
class PushSubscription:
    """A browser's push subscription (the Push API's endpoint and keys)."""

    endpoint: str
    skeleton: str
    p256dh: str
    auth: str


@dataclass(frozen=True, slots=True)
class StoredNotice:
    """Something that happened while a player was away, kept for their login summary and their digest."""

    id: int
    at: float
    kind: str
    text: str
    table: int | None


COPIED = (
    ("email_addresses", "skeleton, address, confirmed, token, mail_off, set_at", "skeleton"),
    ("account_codes", "skeleton, purpose, code_hash, expires_at, attempts", "skeleton, purpose"),
    ("outbox", "id, channel, recipient, target, payload, dedup, created_at, due_at, attempts, status, done_at, error",
     "id"),
    ("push_subscriptions", "endpoint, skeleton, p256dh, auth, created_at", "endpoint"),
    ("notices", "id, skeleton, at, kind, text, table_number, dedup, shown", "id"),
)
"""The tables as ``cosmic-wimpout store copy`` carries them (``sharedsql.TABLES``)."""
