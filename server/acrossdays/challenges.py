"""Challenges (issue 38): one player offers another a game ('challenge NAME [game=...] [options]'); the other
accepts (the table opens in their room, both seated, the game started) or declines. A challenge waits in the store
for its answer up to ``correspondence.challenge_days``; a player away is told through the notices (their login
summary, mail or push as they chose) and finds it in 'games'. Someone who ignores the challenger is never offered
one, and the challenger is not told why."""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

import structlog

from rooms.messages import Delivery, Message, Refusal
from rooms.tables import TableNews
from server.words import posttexts
from server.acrossdays.correspondence import DAY, post_option
from server.games.gametypes import pick, rated_option
from server.community.names import skeleton
from server.notices.notice import CHALLENGE, Notice
from server.store.postal import Challenge

if TYPE_CHECKING:
    from server.acrossdays.timesource import Clock
    from server.community.presence import Presence
    from server.store import Store
    from server.tables.hosting import Tables
    from server.tables.tablehost import TableNotices
    from server.tables.livetable import Live
    from server.settings import CorrespondenceSettings

log = structlog.get_logger()


class Challenges:
    """Making, answering and listing challenges (the store keeps them)."""

    def __init__(self, settings: CorrespondenceSettings, store: Store, time: Clock, presence: Presence[Any],
                 notices: TableNotices, hosting: Tables) -> None:
        self.settings, self.store, self.time, self.presence = settings, store, time, presence
        self.notices, self.hosting = notices, hosting

    async def make(self, by: str, whom: str, options: str) -> Challenge:
        """``by`` challenges ``whom`` to a game of ``options`` (as 'table open' reads them, checked now)."""
        store, now = self.store, self.time()
        target = await store.find(skeleton(whom))
        if target is None or target.name == by:
            raise Refusal(posttexts.CHALLENGE_NOBODY.format(name=whom.strip()))
        words = options.split()
        post, rest = post_option(words, self.settings.days)
        _, rest = rated_option(rest)
        kind, rules = pick(rest)
        kind.new_table(0, "", by, rules)  # options refused now, not at the answer
        mine = [c for c in await store.challenges(by, now) if c.by == by]
        if len(mine) >= self.settings.challenges_open or sum(1 for c in mine if c.at > now - 3600) >= \
                self.settings.challenges_per_hour:
            raise Refusal(posttexts.CHALLENGES_TOO_MANY.format(most=self.settings.challenges_open))
        if by in await store.ignored(target.skeleton):  # refused, and not said why
            raise Refusal(posttexts.CHALLENGE_REFUSED.format(name=target.name))
        expires = now + self.settings.challenge_days * DAY
        number = await store.make_challenge(by, target.name, options.strip(), now, expires)
        made = Challenge(number, by, target.name, options.strip(), now, expires)
        log.info("challenge.made", id=number, by=by, whom=target.name, correspondence=post is not None)
        text = posttexts.CHALLENGED.format(by=by, what=self.what(made), number=number)
        if target.name in self.presence.players:
            fields = {"id": str(number), "by": by, "options": made.options}
            self.presence.deliver([Delivery(target.name, Message(text, "challenge", fields))])
        else:
            await self.notices.notify(target.name, Notice(CHALLENGE, text, None, f"challenge:{number}"))
        return made

    @staticmethod
    def what(challenge: Challenge) -> str:
        return challenge.options or posttexts.DEFAULT_GAME

    async def waiting(self, name: str) -> list[Challenge]:
        """The challenges made by or to ``name`` still waiting for an answer."""
        return await self.store.challenges(name, self.time())

    async def answer(self, name: str, number: int | None, accept: bool) -> tuple[Challenge, Live | None]:
        """``name`` accepts (the table opened, both seated, its game started) or declines a challenge made to
        them (the only one, or the one numbered); the challenger may withdraw theirs with 'decline N'."""
        store = self.store
        offered = [c for c in await self.waiting(name) if c.whom == name or (not accept and c.by == name)]
        if number is not None:
            offered = [c for c in offered if c.id == number]
        if not offered:
            raise Refusal(posttexts.NO_CHALLENGE)
        if number is None and len(offered) > 1:
            raise Refusal(posttexts.WHICH_CHALLENGE.format(numbers=", ".join(str(c.id) for c in offered)))
        challenge = offered[0]
        post, _ = post_option(challenge.options.split(), self.settings.days)
        if accept and post is None and challenge.by not in self.presence.players:
            raise Refusal(posttexts.CHALLENGER_AWAY.format(name=challenge.by))
        if accept:  # both seats first: a table is not opened for a seat refused
            tables = self.hosting
            tables.posts.refuse_seat(name, post is not None)
            tables.posts.refuse_seat(challenge.by, post is not None)
        taken = await store.take_challenge(challenge.id)
        if taken is None:
            raise Refusal(posttexts.NO_CHALLENGE)
        log.info("challenge.answered", id=challenge.id, by=name, accepted=accept)
        live = await self._open(challenge) if accept else None
        said = (posttexts.ACCEPTED if accept else posttexts.DECLINED).format(
            name=name, number=challenge.id, table=live.table.number if live else "")
        other = challenge.by if name == challenge.whom else challenge.whom
        if other in self.presence.players:
            self.presence.deliver([Delivery(other, Message(said, "challenge_answer", {"id": str(challenge.id)}))])
        elif accept:
            await self.notices.notify(other, Notice(CHALLENGE, said, live.table.number if live else None,
                                                           f"accepted:{challenge.id}"))
        return challenge, live

    async def _open(self, challenge: Challenge) -> Live:
        """The accepted challenge's table, in the accepter's room: both seated, its game started. Whoever is busy at
        another table (a live game, or a correspondence table waiting on their move) keeps it as their current one,
        and is told how to reach the new one (``Deadlines.busy_at``) if it is a correspondence table (a live game
        cannot wait: it is their current table at once)."""
        tables = self.hosting
        post, _ = post_option(challenge.options.split(), self.settings.days)
        busy = {name: tables.posts.busy_at(name) for name in (challenge.whom, challenge.by) if post is not None}
        live = await tables.open(challenge.whom, challenge.options.split())
        away = challenge.by not in self.presence.players

        def seated() -> TableNews:
            news = live.table.sit(challenge.by)
            tables.where.make_current(challenge.by, live)
            if away:
                live.table.set_absent(challenge.by, True)
            return news

        await tables.act(live, seated)
        with suppress(Refusal):
            await tables.begin(live)  # on checkable dice, as every game (it began on the bare dice, unverifiable)
        number = live.table.number
        ready = Message(posttexts.TABLE_READY.format(number=number), "table_ready", {"table": str(number)})
        for name, current in busy.items():
            if current is not None:
                tables.where.make_current(name, current)
                self.presence.deliver([Delivery(name, ready)] if name in self.presence.players else [])
        return live
