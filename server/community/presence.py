"""Who is logged in, and how words reach them: the one place that knows which session a player is on."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Generic, Protocol

import structlog

from rooms.messages import Delivery, Message
from rooms.world import World
from server.words import posttexts, texts
from server.community.sanctions import describe
from server.ops.storewatch import spared
from server.store import EVERYWHERE, Account, Store

from server.community.connected import Connected, S

log = structlog.get_logger()


class Seating(Protocol):
    """What presence tells the tables (``server.tables.hosting.Tables``) of players coming and going."""

    async def returned(self, session: Connected, quiet: bool = False) -> None: ...

    def left(self, name: str) -> None: ...

    def seated_with(self, name: str) -> set[str]:
        """Who sits at a table with ``name``: told of their leaving by the table."""
        ...


class Presence(Generic[S]):
    """Logged-in sessions by player name: logging in (and taking over an older connection), leaving, moving, and
    delivering what the world and the tables say to each player's connection."""

    def __init__(self, store: Store, world: World, tables: Seating, wizards: Iterable[str]) -> None:
        self.store, self.world, self.tables = store, world, tables
        self.players: dict[str, S] = {}
        """Logged-in sessions by player name, in order of connection."""
        self.max_players = 0
        self._wizards = {w.casefold() for w in wizards}

    def deliver(self, deliveries: Iterable[Delivery]) -> None:
        """Hand each message to its recipient, unless they ignore the one talking."""
        players = self.players
        for recipient, message in deliveries:
            session = players.get(recipient)
            if session is not None and not (session.ignoring and session.ignores(message)):  # (most ignore no one)
                session.send(message)

    async def enter(self, session: S, account: Account, returning: bool = False) -> None:
        """Log a session in as ``account``, taking over any older connection of the same player. Everything is read
        first: from taking the player's place to their arrival nothing awaits, so connections logging in as one
        player at once take over one after another (each had taken the place of none, and played on beside the
        others), and no one finds the player in the world but not connected. ``returning``: the player was connected
        before a reload of the game process (server.portal), and sees no notes, no room and no board again."""
        store, skeleton = self.store, account.skeleton
        options, ignoring = await store.preferences(skeleton), await store.ignored(skeleton)
        channels, restrictions = await store.memberships(skeleton), await store.restrictions(skeleton)
        location = await store.location(skeleton)
        old = self.players.pop(account.name, None)
        session.account, session.doing = account, account.doing
        session.options, session.ignoring, session.channels = options, ignoring, channels
        session.restrictions = restrictions
        session.builder = account.builder
        session.wizard = self.has_powers(account)
        if session.wizard and not returning:
            session.tell(texts.WIZARD_NOTE)
        if (muted := session.silenced(EVERYWHERE)) is not None and not returning:  # muted while away: told now, not at their first word
            session.tell(texts.MUTED.format(why=describe(muted)), "moderation")
        session.connected_at = time.monotonic()
        self.players[account.name] = session
        self.max_players = max(self.max_players, len(self.players))
        if old is not None:
            log.info("session.takeover", name=account.name, address=session.address)
            old.close(texts.TAKEN_OVER)
            self.deliver(self.world.reconnect(account.name))
        elif returning:
            self.world.arrive(account.name, location)  # where they were, unannounced
        else:
            self.deliver(self.world.arrive(account.name, location))
            await spared(self._friends_told(account.name))
        await spared(store.touch([skeleton]))  # (a moment's failure: seen at the next)
        if not returning:  # (a connection taken over after a reload comes from where it came from)
            await spared(store.set_last_address(skeleton, session.address))
        await self.tables.returned(session, quiet=returning)

    async def _friends_told(self, name: str) -> None:
        """Those here who follow ``name`` and chose '@set friends-notify=on' are told they connected."""
        followers = await self.store.followers(name)
        said = Message(posttexts.FRIEND_CONNECTED.format(name=name), "friend_connected", {"friend": name})
        self.deliver(Delivery(other.player, said) for other in list(self.players.values())
                     if other.account is not None and other.account.skeleton in followers
                     and other.options.get("friends-notify") == "on")

    def has_powers(self, account: Account) -> bool:
        """A wizard: the account's stored flag (set from the console), or a configured name, exactly."""
        return account.wizard or account.name.casefold() in self._wizards

    async def read_powers(self, session: S) -> None:
        """The session's wizard and builder flags as stored now, the one place they are read from while a player is
        connected (before each command that reads them): the console (``cosmic-wimpout wizard``, ``--revoke``)
        changes the store from another process."""
        stored = await self.store.find(session.account.skeleton) if session.account else None
        session.wizard = stored is not None and self.has_powers(stored)
        session.builder = stored is not None and stored.builder

    def forget(self, session: S) -> None:
        """Take a closing session's player out of the world at once (so a second @boot or a WHO cannot still see
        them), unless a newer connection took the player over."""
        name = session.name
        if name is not None and self.players.get(name) is session:
            del self.players[name]
            self.deliver(self.world.depart(name, told=self.tables.seated_with(name)))
            self.tables.left(name)

    async def moved(self, name: str) -> None:
        """Keep the room a player has just gone to: they come back there after they leave, and after a restart,
        even one that gave no warning (SIGKILL)."""
        session = self.players.get(name)
        if session is not None and session.account is not None:  # (the store failing: kept at the next move)
            await spared(self.store.set_location(session.account.skeleton, self.world.location(name).key))

    def seen(self) -> list[str]:
        """Every logged-in player's account (to be recorded as seen now)."""
        return [s.account.skeleton for s in self.players.values() if s.account]
