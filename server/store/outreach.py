"""What the store keeps to reach players away from the game (issue 39): email addresses and their codes, the queue of
mail and web pushes to send, the push subscriptions, and the notices kept for the login summary and the digest. Plain
records (their SQL is in ``sharedsql``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


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


class OutreachStore(Protocol):
    """Reaching players away from the game (``server.notices``): email addresses and one-use codes, the queue of
    mail and pushes (sent once each, through restarts), push subscriptions, and the notices kept for a player's
    login summary and digest (the records above)."""

    async def email(self, skeleton: str) -> EmailAddress | None: ...

    async def set_email(self, skeleton: str, address: str, token: str, at: float) -> None:
        """A new address for an account, unconfirmed (any earlier one forgotten)."""
        ...

    async def confirm_email(self, skeleton: str) -> None:
        """The address is confirmed, and its confirmation code spent, in one transaction."""
        ...

    async def drop_email(self, skeleton: str) -> None:
        """No address any more (its codes and its queued mail's use of it go with it)."""
        ...

    async def mail_on(self, skeleton: str) -> None:
        """Notification mail again after the unsubscribe link stopped it."""
        ...

    async def unsubscribe(self, token: str) -> str | None:
        """The unsubscribe link of ``token`` used: no more notification mail to its address. The account's skeleton,
        None if the token is no one's."""
        ...

    async def code(self, skeleton: str, purpose: str) -> StoredCode | None: ...

    async def set_code(self, skeleton: str, purpose: str, code_hash: str, expires_at: float) -> None:
        """A new code for ``purpose`` (the earlier one no longer works)."""
        ...

    async def spend_attempt(self, skeleton: str, purpose: str) -> None:
        """A wrong guess at a code, counted before it is checked."""
        ...

    async def drop_code(self, skeleton: str, purpose: str) -> None: ...

    async def reset_password(self, skeleton: str, password_hash: str) -> None:
        """A new password and every code of the account spent, in one transaction (a code cannot be used twice)."""
        ...

    async def queue(self, rows: Sequence[Queued], at: float) -> None:
        """Mail and pushes to send; one whose ``dedup`` was queued before is not queued again."""
        ...

    async def record_notice(self, skeleton: str, at: float, kind: str, text: str, table: int | None, dedup: str | None,
                            rows: Sequence[Queued]) -> bool:
        """A notice kept for the player and what it sends, in one transaction; False (nothing done) if a notice of
        that ``dedup`` was recorded before."""
        ...

    async def due(self, now: float, limit: int) -> list[Outgoing]:
        """Queued mail and pushes due by ``now``, the longest due first."""
        ...

    async def next_due(self) -> float | None:
        """When the next queued one is due (None: nothing is queued)."""
        ...

    async def sent(self, outgoing: int, at: float) -> None: ...

    async def retry(self, outgoing: int, due_at: float, error: str) -> None: ...

    async def give_up(self, outgoing: int, at: float, error: str) -> None: ...

    async def push_subscriptions(self, skeleton: str) -> list[PushSubscription]: ...

    async def push_subscription(self, endpoint: str) -> PushSubscription | None: ...

    async def subscribe_push(self, subscription: PushSubscription, at: float, most: int) -> bool:
        """Keep a browser's subscription (one already kept is renewed); False if the account has ``most``."""
        ...

    async def drop_push(self, endpoint: str) -> None:
        """A subscription the push service says is gone (404, 410), or the player turned off."""
        ...

    async def drop_pushes(self, skeleton: str) -> None: ...

    async def unshown(self, skeleton: str) -> list[StoredNotice]:
        """The notices a player has not been shown yet (at login, nor in a digest), oldest first."""
        ...

    async def mark_shown(self, skeleton: str, upto: int, rows: Sequence[Queued] = (), at: float = 0.0) -> None:
        """Notices up to ``upto`` shown (a login summary, a digest), with the digest's mail queued in the same
        transaction."""
        ...

    async def digest_due(self) -> list[str]:
        """The accounts with unshown notices that asked for a digest and have a confirmed address mail may go to."""
        ...

    async def prune_outreach(self, before: float) -> None:
        """Forget notices, and mail and pushes done with, older than ``before``."""
        ...
