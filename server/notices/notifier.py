"""Reaching players away from the game: the one door every notice goes through (``Notices.notify``), and the
triggers that exist today: a live table waiting on a player away for ``notify.move_after`` seconds ("your move",
once a move), a game of theirs over, @mail received; the login summary; the daily digest.

For the rest of the server (issue 38's challenges and correspondence tables), the interface is:

- ``await services.notices.notify(name, Notice(CHALLENGE, "Ann challenges you to ...", key="challenge:12"))``
  keeps the notice for the player's login summary and digest and, if they chose that kind ('@set notify'), queues
  a mail (a confirmed address the unsubscribe link has not stopped) and a push to each browser they subscribed.
  It does nothing for a player who is connected (they are told in the game), and nothing twice for one ``key``.
- ``services.notices.summaries.append(source)``: an ``async source(session) -> list[AwayItem]`` adds lines to the
  login summary ("It is your move at tables 3 and 7").
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from typing import TYPE_CHECKING, Any

import structlog

from rooms.tables import TableEnding
from server.words import texts
from server.community.names import skeleton
from server.notices.awaysummary import AwayItem, SummarySource, summary_message
from server.notices.emails import mail_payload, page_url
from server.notices.notice import DIGEST, MAIL, MOVE, OVER, Notice, chosen
from server.notices.outbox import Outbox, push_payload
from server.notices.pushkeys import public_key, push_key
from server.limits.quotas import HourlyQuota
from server.store.outreach import Queued

if TYPE_CHECKING:
    from py_vapid import Vapid

    from server.community.presence import Presence
    from server.settings import Settings
    from server.store import Store
    from server.tables.hosting import Tables
    from server.tables.livetable import Live
    from server.community.connected import Connected

log = structlog.get_logger()


class Notices:
    """Notices to players away, their summary at login, and the digest; the queue that sends their mail and pushes."""

    def __init__(self, settings: Settings, store: Store, presence: Presence[Any], tables: Tables) -> None:
        self.settings, self.store, self.presence, self.tables = settings, store, presence, tables
        self.vapid: Vapid | None = None
        self.outbox: Outbox | None = None
        self.away: dict[str, float] = {}
        """When each player away left (Unix time); after a restart, when they were last seen."""
        self.summaries: list[SummarySource] = []
        self._left_at: dict[str, tuple[int, int]] = {}
        """The table each player sat at when they left, and how many moves it had made then."""
        self._watches: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._digests: asyncio.Task[None] | None = None
        mail = settings.mail
        self._codes_to = HourlyQuota(mail.per_address_hourly)
        self._codes_for = HourlyQuota(mail.per_account_hourly)

    # -- life cycle --------------------------------------------------------------------------------------------------

    async def open(self) -> None:
        """The push key (made once, in the data directory, which the store has made)."""
        if self.settings.push.enabled:
            self.vapid = await asyncio.to_thread(push_key, self.settings)

    def start(self) -> None:
        settings = self.settings
        subject = settings.push.subject or (f"mailto:{_address(settings.mail.from_address)}"
                                            if settings.mail.from_address else page_url(settings))
        self.outbox = Outbox(settings, self.store, self.vapid, subject)
        self.outbox.start()
        self._digests = asyncio.create_task(self._digest_loop())

    async def stop(self) -> None:
        for task in [*self._watches.values(), *([self._digests] if self._digests else [])]:
            task.cancel()
        self._watches.clear()
        if self.outbox is not None:
            await self.outbox.stop()

    @property
    def push_key(self) -> str | None:
        """The public key browsers subscribe with (None: push is off)."""
        return public_key(self.vapid) if self.vapid is not None else None

    # -- the door ----------------------------------------------------------------------------------------------------

    async def notify(self, name: str, notice: Notice) -> bool:
        """Tell ``name``, who is not connected, of ``notice`` (see the module's docstring). True if it was new."""
        if name in self.presence.players:
            return False
        account = await self.store.find(skeleton(name))
        if account is None or account.name != name:
            return False
        key = account.skeleton
        rows: list[Queued] = []
        if notice.kind in chosen((await self.store.preferences(key)).get("notify")):
            rows = await self._sends(key, notice)
        once = None if notice.key is None else f"{notice.key}:{key}"
        recorded = await self.store.record_notice(key, time.time(), notice.kind, notice.text, notice.table, once, rows)
        if recorded and rows and self.outbox is not None:
            self.outbox.wake()
        if recorded:
            log.info("notice.recorded", player=name, kind=notice.kind, table=notice.table, sends=len(rows))
        return recorded

    async def _sends(self, key: str, notice: Notice) -> list[Queued]:
        """The mail and pushes a notice makes for an account."""
        settings, rows = self.settings, []
        once = (lambda channel: None) if notice.key is None else (lambda channel: f"{notice.key}:{key}:{channel}")
        email = await self.store.email(key)
        if settings.mail.enabled and email is not None and email.confirmed and not email.mail_off:
            subject = texts.NOTICE_SUBJECTS[notice.kind].format(server=settings.server_name, table=notice.table)
            rows.append(Queued("email", key, email.address,
                               mail_payload(settings, subject, [notice.text], email.token, notice.table),
                               once("email")))
        if self.vapid is not None:
            payload = push_payload(settings.server_name, notice.text, page_url(settings, notice.table),
                                   f"table-{notice.table}" if notice.table is not None else notice.kind)
            rows.extend(Queued("push", key, push.endpoint, payload, once(f"push:{push.endpoint}"))
                        for push in await self.store.push_subscriptions(key))
        return rows

    def code_wait(self, key: str, address: str) -> float:
        """0 if a code may be mailed for account ``key`` to ``address`` now (and it is counted), else the seconds
        until one may: ``mail.per_account_hourly`` and ``mail.per_address_hourly`` (nobody's mailbox is flooded
        with codes, and an account's codes cannot be asked for without end)."""
        wait = max(self._codes_for.wait(key), self._codes_to.wait(address.casefold()))
        if wait == 0:
            self._codes_for.count(key)
            self._codes_to.count(address.casefold())
        return wait

    async def queue_mail(self, key: str, address: str, payload: str) -> None:
        """A mail the player asked for (a code), queued to send now."""
        await self.store.queue([Queued("email", key, address, payload)], time.time())
        if self.outbox is not None:
            self.outbox.wake()

    async def unsubscribe(self, token: str) -> bool:
        """The one-click link of a mail: no more notification mail to that address (True if the token is someone's)."""
        key = await self.store.unsubscribe(token)
        if key is not None:
            log.info("email.unsubscribed", account=key)
        return key is not None

    # -- players coming and going ------------------------------------------------------------------------------------

    def left(self, name: str) -> None:
        """A player's connection is gone: they are away from now; the table they sit at may wait on them."""
        self.away[name] = time.time()
        live = self.tables.seat_of(name)
        if live is not None:
            self._left_at[name] = (live.game_id, live.played)

    async def back(self, session: Connected) -> None:
        """A player logged in: no "your move" for them now, and the summary of what happened while they were away."""
        name, account = session.player, session.account
        assert account is not None
        self.away.pop(name, None)
        for watched in [watched for watched in self._watches if watched[0] == name]:
            self._watches.pop(watched).cancel()
        items: list[AwayItem] = []
        live, left = self.tables.seat_of(name), self._left_at.pop(name, None)
        if live is not None and left is not None and left[0] == live.game_id and live.played > left[1]:
            number = live.table.number
            yours = name in live.table.play.waiting_on()
            items.append(AwayItem("moves", number, texts.AWAY_MOVES.format(
                table=number, count=live.played - left[1], s="" if live.played - left[1] == 1 else "s",
                then=texts.AWAY_YOUR_MOVE if yours else ".")))
        stored = await self.store.unshown(account.skeleton)
        items.extend(AwayItem(notice.kind, notice.table, notice.text) for notice in stored)
        for source in self.summaries:
            items.extend(await source(session))
        if stored:
            await self.store.mark_shown(account.skeleton, stored[-1].id)
        if items:
            session.send(summary_message(items))

    # -- the triggers of today ---------------------------------------------------------------------------------------

    def waiting(self, live: Live) -> None:
        """A table moved (or came back at start): each person it now waits on who is away is told "your move" once
        they have been away ``notify.move_after`` seconds, if it still waits on that move then."""
        table = live.table
        players = self.presence.players
        for name in table.play.waiting_on():
            if name in table.bots or name in players or not table.is_seated(name):
                continue
            watched = (name, live.game_id)
            earlier = self._watches.pop(watched, None)
            if earlier is not None:
                earlier.cancel()
            self._watches[watched] = task = asyncio.create_task(self._your_move(live, name, len(table.play.events)))
            task.add_done_callback(lambda done, watched=watched: self._watches.get(watched) is done
                                   and self._watches.pop(watched))

    async def _your_move(self, live: Live, name: str, events: int) -> None:
        since = self.away.get(name)
        if since is None:  # away since before a restart: since they were last seen
            account = await self.store.find(skeleton(name))
            since = self.away.setdefault(name, account.last_seen or time.time() if account else time.time())
        await asyncio.sleep(max(0.0, since + self.settings.notify.move_after - time.time()))
        table = live.table
        if (self.tables.live.get(table.number) is not live or len(table.play.events) != events
                or name not in table.play.waiting_on() or name in self.presence.players):
            return
        others = [seat for seat in table.seats if seat != name]
        text = texts.NOTICE_YOUR_MOVE.format(table=table.number, game=live.kind.title,
                                             others=", ".join(others) or texts.NOTICE_NOBODY)
        with suppress(Exception):  # (the store closing as the server stops: the next start looks again)
            await self.notify(name, Notice(MOVE, text, table.number, f"move:{live.game_id}:{events}"))

    def game_over(self, live: Live, ending: TableEnding) -> None:
        """A table closed with its game over or abandoned: its players away are told."""
        table = live.table
        if not table.play.started or ending is TableEnding.CLOSED:
            return
        winner = table.view().winner
        text = (texts.NOTICE_OVER.format(table=table.number, game=live.kind.title, winner=winner)
                if ending is TableEnding.OVER and winner else
                texts.NOTICE_ABANDONED.format(table=table.number, game=live.kind.title))
        for name in table.seats:
            if name not in table.bots and name not in self.presence.players:
                self.tables.clock.spawn(self.notify(name, Notice(OVER, text, table.number,
                                                                        f"over:{live.game_id}")))

    async def mail_received(self, name: str, sender: str) -> None:
        """@mail came for a player who is not on: in their summary and digest."""
        await self.notify(name, Notice(MAIL, texts.NOTICE_MAIL.format(sender=sender)))

    # -- the digest --------------------------------------------------------------------------------------------------

    async def _digest_loop(self) -> None:
        """At the end of each ``notify.digest_every`` seconds (a day, counted from 00:00 UTC), one mail to each
        player who chose the digest, of the notices they have not been shown."""
        every = self.settings.notify.digest_every
        while True:
            period = int(time.time() // every)
            await asyncio.sleep((period + 1) * every - time.time())
            try:
                await self.send_digests(period)
                await self.store.prune_outreach(time.time() - self.settings.notify.keep_days * 86400)
            except Exception as error:  # the store closing: the next period's digest takes these notices
                log.warning("digest.failed", why=str(error)[:200])

    async def send_digests(self, period: int) -> int:
        """The digest of ``period`` for each player due one (once a period, even across a restart); how many."""
        settings, sent = self.settings, 0
        for key in await self.store.digest_due():
            email, notices = await self.store.email(key), await self.store.unshown(key)
            if email is None or not notices or DIGEST not in chosen((await self.store.preferences(key)).get("notify")):
                continue
            lines = [texts.DIGEST_LINE.format(when=time.strftime("%H:%M", time.gmtime(n.at)), text=n.text)
                     for n in notices]
            payload = mail_payload(settings, texts.DIGEST_SUBJECT.format(server=settings.server_name),
                                   [texts.DIGEST_HEADER, *lines], email.token)
            await self.store.mark_shown(key, notices[-1].id, [Queued("email", key, email.address, payload,
                                                                     f"digest:{key}:{period}")], time.time())
            sent += 1
        if sent and self.outbox is not None:
            self.outbox.wake()
        return sent


def _address(from_address: str) -> str:
    """The bare address of ``Name <address>``."""
    return from_address.rpartition("<")[2].rstrip(">").strip()
