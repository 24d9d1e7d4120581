"""Issue 39's part of the store in SQLite: email addresses and codes, the queue of mail and pushes, push
subscriptions, notices kept for the login summary and the digest."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from server.store import sharedsql as sql
from server.store.outreach import EmailAddress, Outgoing, PushSubscription, Queued, StoredCode, StoredNotice
from server.store.sqlite.groupcommit import GroupCommit


def _queue(db: sqlite3.Connection, rows: Sequence[Queued], at: float) -> None:
    db.executemany(sql.QUEUE, [(r.channel, r.recipient, r.target, r.payload, r.dedup, at, at) for r in rows])


class SqliteOutreach(GroupCommit):
    async def email(self, skeleton: str) -> EmailAddress | None:
        row = await self._run(lambda db: db.execute(sql.EMAIL, (skeleton,)).fetchone())
        return None if row is None else EmailAddress(row[0], bool(row[1]), row[2], bool(row[3]))

    async def set_email(self, skeleton: str, address: str, token: str, at: float) -> None:
        await self._write(lambda db: db.execute(sql.SET_EMAIL, (skeleton, address, token, at)))

    async def confirm_email(self, skeleton: str) -> None:
        def confirm(db: sqlite3.Connection) -> None:
            db.execute(sql.CONFIRM_EMAIL, (skeleton,))
            db.execute(sql.DROP_CODE, (skeleton, "confirm"))

        await self._write(confirm)

    async def drop_email(self, skeleton: str) -> None:
        def drop(db: sqlite3.Connection) -> None:
            db.execute(sql.DROP_EMAIL, (skeleton,))
            db.execute(sql.DROP_CODES, (skeleton,))

        await self._write(drop)

    async def mail_on(self, skeleton: str) -> None:
        await self._write(lambda db: db.execute(sql.MAIL_ON, (skeleton,)))

    async def unsubscribe(self, token: str) -> str | None:
        row = await self._write(lambda db: db.execute(sql.UNSUBSCRIBE, (token,)).fetchone())
        return None if row is None else str(row[0])

    async def code(self, skeleton: str, purpose: str) -> StoredCode | None:
        row = await self._run(lambda db: db.execute(sql.CODE, (skeleton, purpose)).fetchone())
        return None if row is None else StoredCode(*row)

    async def set_code(self, skeleton: str, purpose: str, code_hash: str, expires_at: float) -> None:
        await self._write(lambda db: db.execute(sql.SET_CODE, (skeleton, purpose, code_hash, expires_at)))

    async def spend_attempt(self, skeleton: str, purpose: str) -> None:
        await self._write(lambda db: db.execute(sql.SPEND_ATTEMPT, (skeleton, purpose)))

    async def drop_code(self, skeleton: str, purpose: str) -> None:
        await self._write(lambda db: db.execute(sql.DROP_CODE, (skeleton, purpose)))

    async def reset_password(self, skeleton: str, password_hash: str) -> None:
        def reset(db: sqlite3.Connection) -> None:
            db.execute(sql.SET_PASSWORD, (password_hash, skeleton))
            db.execute(sql.DROP_CODES, (skeleton,))

        await self._write(reset)

    async def queue(self, rows: Sequence[Queued], at: float) -> None:
        await self._write(lambda db: _queue(db, rows, at))

    async def record_notice(self, skeleton: str, at: float, kind: str, text: str, table: int | None, dedup: str | None,
                            rows: Sequence[Queued]) -> bool:
        def record(db: sqlite3.Connection) -> bool:
            if db.execute(sql.RECORD_NOTICE, (skeleton, at, kind, text, table, dedup)).fetchone() is None:
                return False
            _queue(db, rows, at)
            return True

        return await self._write(record)

    async def due(self, now: float, limit: int) -> list[Outgoing]:
        return [Outgoing(*row) for row in await self._run(lambda db: db.execute(sql.DUE, (now, limit)).fetchall())]

    async def next_due(self) -> float | None:
        row = await self._run(lambda db: db.execute(sql.NEXT_DUE).fetchone())
        return None if row is None or row[0] is None else float(row[0])

    async def sent(self, outgoing: int, at: float) -> None:
        await self._write(lambda db: db.execute(sql.SENT, (at, outgoing)))

    async def retry(self, outgoing: int, due_at: float, error: str) -> None:
        await self._write(lambda db: db.execute(sql.RETRY, (due_at, error, outgoing)))

    async def give_up(self, outgoing: int, at: float, error: str) -> None:
        await self._write(lambda db: db.execute(sql.GIVE_UP, (at, error, outgoing)))

    async def push_subscriptions(self, skeleton: str) -> list[PushSubscription]:
        rows = await self._run(lambda db: db.execute(sql.PUSH_SUBSCRIPTIONS, (skeleton,)).fetchall())
        return [PushSubscription(*row) for row in rows]

    async def push_subscription(self, endpoint: str) -> PushSubscription | None:
        row = await self._run(lambda db: db.execute(sql.PUSH_SUBSCRIPTION, (endpoint,)).fetchone())
        return None if row is None else PushSubscription(*row)

    async def subscribe_push(self, subscription: PushSubscription, at: float, most: int) -> bool:
        s = subscription

        def subscribe(db: sqlite3.Connection) -> bool:
            known = db.execute(sql.PUSH_SUBSCRIPTION, (s.endpoint,)).fetchone()
            if known is None and db.execute(sql.COUNT_PUSHES, (s.skeleton,)).fetchone()[0] >= most:
                return False
            db.execute(sql.SUBSCRIBE_PUSH, (s.endpoint, s.skeleton, s.p256dh, s.auth, at))
            return True

        return await self._write(subscribe)

    async def drop_push(self, endpoint: str) -> None:
        await self._write(lambda db: db.execute(sql.DROP_PUSH, (endpoint,)))

    async def drop_pushes(self, skeleton: str) -> None:
        await self._write(lambda db: db.execute(sql.DROP_PUSHES, (skeleton,)))

    async def unshown(self, skeleton: str) -> list[StoredNotice]:
        return [StoredNotice(*row) for row in await self._run(lambda db: db.execute(sql.UNSHOWN, (skeleton,)).fetchall())]

    async def mark_shown(self, skeleton: str, upto: int, rows: Sequence[Queued] = (), at: float = 0.0) -> None:
        def shown(db: sqlite3.Connection) -> None:
            db.execute(sql.SHOWN, (skeleton, upto))
            _queue(db, rows, at)

        await self._write(shown)

    async def digest_due(self) -> list[str]:
        return [row[0] for row in await self._run(lambda db: db.execute(sql.DIGEST_DUE).fetchall())]

    async def prune_outreach(self, before: float) -> None:
        def prune(db: sqlite3.Connection) -> None:
            db.execute(sql.PRUNE_OUTBOX, (before,))
            db.execute(sql.PRUNE_NOTICES, (before,))

        await self._write(prune)
