"""Issue 39's part of the store in PostgreSQL: email addresses and codes, the queue of mail and pushes, push
subscriptions, notices kept for the login summary and the digest."""

from __future__ import annotations

from collections.abc import Sequence

from server.store import sharedsql as sql
from server.store.outreach import EmailAddress, Outgoing, PushSubscription, Queued, StoredCode, StoredNotice
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, executemany, fetchall, fetchone


async def _queue(db: Connection, rows: Sequence[Queued], at: float) -> None:
    if rows:
        await executemany(db, sql.QUEUE, [(r.channel, r.recipient, r.target, r.payload, r.dedup, at, at) for r in rows])


class PgOutreach(PgGroupCommit):
    async def email(self, skeleton: str) -> EmailAddress | None:
        row = await self._run(lambda db: fetchone(db, sql.EMAIL, (skeleton,)))
        return None if row is None else EmailAddress(row[0], bool(row[1]), row[2], bool(row[3]))

    async def set_email(self, skeleton: str, address: str, token: str, at: float) -> None:
        await self._write(lambda db: execute(db, sql.SET_EMAIL, (skeleton, address, token, at)))

    async def confirm_email(self, skeleton: str) -> None:
        async def confirm(db: Connection) -> None:
            await execute(db, sql.CONFIRM_EMAIL, (skeleton,))
            await execute(db, sql.DROP_CODE, (skeleton, "confirm"))

        await self._write(confirm)

    async def drop_email(self, skeleton: str) -> None:
        async def drop(db: Connection) -> None:
            await execute(db, sql.DROP_EMAIL, (skeleton,))
            await execute(db, sql.DROP_CODES, (skeleton,))

        await self._write(drop)

    async def mail_on(self, skeleton: str) -> None:
        await self._write(lambda db: execute(db, sql.MAIL_ON, (skeleton,)))

    async def unsubscribe(self, token: str) -> str | None:
        row = await self._write(lambda db: fetchone(db, sql.UNSUBSCRIBE, (token,)))
        return None if row is None else str(row[0])

    async def code(self, skeleton: str, purpose: str) -> StoredCode | None:
        row = await self._run(lambda db: fetchone(db, sql.CODE, (skeleton, purpose)))
        return None if row is None else StoredCode(row[0], float(row[1]), int(row[2]))

    async def set_code(self, skeleton: str, purpose: str, code_hash: str, expires_at: float) -> None:
        await self._write(lambda db: execute(db, sql.SET_CODE, (skeleton, purpose, code_hash, expires_at)))

    async def spend_attempt(self, skeleton: str, purpose: str) -> None:
        await self._write(lambda db: execute(db, sql.SPEND_ATTEMPT, (skeleton, purpose)))

    async def drop_code(self, skeleton: str, purpose: str) -> None:
        await self._write(lambda db: execute(db, sql.DROP_CODE, (skeleton, purpose)))

    async def reset_password(self, skeleton: str, password_hash: str) -> None:
        async def reset(db: Connection) -> None:
            await execute(db, sql.SET_PASSWORD, (password_hash, skeleton))
            await execute(db, sql.DROP_CODES, (skeleton,))

        await self._write(reset)

    async def queue(self, rows: Sequence[Queued], at: float) -> None:
        await self._write(lambda db: _queue(db, rows, at))

    async def record_notice(self, skeleton: str, at: float, kind: str, text: str, table: int | None, dedup: str | None,
                            rows: Sequence[Queued]) -> bool:
        async def record(db: Connection) -> bool:
            if await fetchone(db, sql.RECORD_NOTICE, (skeleton, at, kind, text, table, dedup)) is None:
                return False
            await _queue(db, rows, at)
            return True

        return await self._write(record)

    async def due(self, now: float, limit: int) -> list[Outgoing]:
        rows = await self._run(lambda db: fetchall(db, sql.DUE, (now, limit)))
        return [Outgoing(int(row[0]), *row[1:5], float(row[5]), int(row[6])) for row in rows]

    async def next_due(self) -> float | None:
        row = await self._run(lambda db: fetchone(db, sql.NEXT_DUE))
        return None if row is None or row[0] is None else float(row[0])

    async def sent(self, outgoing: int, at: float) -> None:
        await self._write(lambda db: execute(db, sql.SENT, (at, outgoing)))

    async def retry(self, outgoing: int, due_at: float, error: str) -> None:
        await self._write(lambda db: execute(db, sql.RETRY, (due_at, error, outgoing)))

    async def give_up(self, outgoing: int, at: float, error: str) -> None:
        await self._write(lambda db: execute(db, sql.GIVE_UP, (at, error, outgoing)))

    async def push_subscriptions(self, skeleton: str) -> list[PushSubscription]:
        return [PushSubscription(*row) for row in await self._run(lambda db: fetchall(db, sql.PUSH_SUBSCRIPTIONS,
                                                                                        (skeleton,)))]

    async def push_subscription(self, endpoint: str) -> PushSubscription | None:
        row = await self._run(lambda db: fetchone(db, sql.PUSH_SUBSCRIPTION, (endpoint,)))
        return None if row is None else PushSubscription(*row)

    async def subscribe_push(self, subscription: PushSubscription, at: float, most: int) -> bool:
        s = subscription

        async def subscribe(db: Connection) -> bool:
            known = await fetchone(db, sql.PUSH_SUBSCRIPTION, (s.endpoint,))
            count = await fetchone(db, sql.COUNT_PUSHES, (s.skeleton,))
            if known is None and count is not None and count[0] >= most:
                return False
            await execute(db, sql.SUBSCRIBE_PUSH, (s.endpoint, s.skeleton, s.p256dh, s.auth, at))
            return True

        return await self._write(subscribe)

    async def drop_push(self, endpoint: str) -> None:
        await self._write(lambda db: execute(db, sql.DROP_PUSH, (endpoint,)))

    async def drop_pushes(self, skeleton: str) -> None:
        await self._write(lambda db: execute(db, sql.DROP_PUSHES, (skeleton,)))

    async def unshown(self, skeleton: str) -> list[StoredNotice]:
        rows = await self._run(lambda db: fetchall(db, sql.UNSHOWN, (skeleton,)))
        return [StoredNotice(int(row[0]), float(row[1]), row[2], row[3], row[4]) for row in rows]

    async def mark_shown(self, skeleton: str, upto: int, rows: Sequence[Queued] = (), at: float = 0.0) -> None:
        async def shown(db: Connection) -> None:
            await execute(db, sql.SHOWN, (skeleton, upto))
            await _queue(db, rows, at)

        await self._write(shown)

    async def digest_due(self) -> list[str]:
        return [row[0] for row in await self._run(lambda db: fetchall(db, sql.DIGEST_DUE))]

    async def prune_outreach(self, before: float) -> None:
        async def prune(db: Connection) -> None:
            await execute(db, sql.PRUNE_OUTBOX, (before,))
            await execute(db, sql.PRUNE_NOTICES, (before,))

        await self._write(prune)
