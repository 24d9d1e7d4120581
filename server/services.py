"""What a command may use, handed to every session: the commands' explicit context, in place of the whole server."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple

from server.community.addressbans import AddressBans
from server.community.connected import S
from server.ops.figures import Commands, GameFigures, PortalFigures
from server.acrossdays.timesource import Clock

if TYPE_CHECKING:
    from rooms.world import World
    from server.funhouse.funplay import Funhouse
    from server.competition.botladder import Ladder
    from server.acrossdays.challenges import Challenges
    from server.community.holds import Holds
    from server.tables.hosting import Tables
    from server.notices.notifier import Notices
    from server.community.presence import Presence
    from server.limits.quotas import Quotas
    from server.limits.ratelimit import CommandBuckets, LoginThrottle
    from server.settings import Settings
    from server.wimpout.solving import Solver
    from server.store import Channel, Store
    from server.competition.tournaments import Tournaments


RECALL_MAX = 50
"""Lines each channel keeps for '@channel recall'."""


class Recalled(NamedTuple):
    """A line said on a channel, kept for '@channel recall'."""

    at: float
    who: str
    line: str


@dataclass(slots=True)
class Services(Generic[S]):
    """The store, the world, who is here, the tables, the Funhouse runs, the events and the bot ladder, the solver, the channels, the limits on logins and commands,
    the clock and the way to stop: a command reaches these and nothing else, so it can be run against them with no
    socket (tests/support/harness.py)."""

    settings: Settings
    store: Store
    world: World
    presence: Presence[S]
    tables: Tables
    solver: Solver
    login_throttle: LoginThrottle
    command_buckets: CommandBuckets
    quotas: Quotas
    shutdown: Callable[[str], Any]
    """Begin a graceful shutdown, saying who asked."""
    funhouse: Funhouse
    """Each player's Funhouse run."""
    events: Tournaments
    """The running events (arenas, Swiss events)."""
    ladder: Ladder
    """The bot ladder's queue and matchmaker."""
    notices: Notices
    """Reaching players away from the game: mail, web push, the login summary (server.notices)."""
    holds: Holds
    """Who a wizard has just removed, kept out a while (read at start; ``@boot`` and ``@ban`` add)."""
    challenges: Challenges | None = None
    """Challenges to a game, made and answered (server.acrossdays.challenges; set once the server is made)."""
    reload: Callable[[str], Any] | None = None
    """Ask the portal for a reload, saying which wizard asked (None: the server runs in one process)."""
    holder_figures: Callable[[], Awaitable[PortalFigures | None]] | None = None
    """The figures of the process holding the connections (``@stats``): the portal's, asked for; or this one's."""
    channels: dict[str, Channel] = field(default_factory=dict)
    channel_history: dict[str, deque[Recalled]] = field(default_factory=dict)
    """Each channel's last lines (RECALL_MAX), since the server started."""
    address_bans: AddressBans = field(default_factory=AddressBans)
    """The addresses wizards refuse (read at start; ``@ban <address>`` adds one)."""
    clock: Clock = field(default_factory=Clock)
    """Unix time now as the server counts it (what commands that date things read; correspondence deadlines):
    the system's, moved forward only on a server started with ``adjustable_clock`` (server.acrossdays.timesource)."""
    started: float = field(default_factory=time.time)
    """When the server started ('uptime', MSSP's UPTIME)."""
    commands: Commands = field(default_factory=Commands)
    """Every command run: how many, how long (``/metrics``, ``@stats``)."""
    unsaved: set[str] = field(default_factory=set)
    """Players told that something was not done because the store failed: told again once it works."""

    def figures(self) -> GameFigures:
        """This game process's figures now (``/metrics``, ``@stats``)."""
        tables: dict[str, dict[str, int]] = {}
        for live in self.tables.live.values():
            by_status = tables.setdefault(live.table.game, {})
            status = live.table.status.value
            by_status[status] = by_status.get(status, 0) + 1
        store = self.store
        return GameFigures(
            players=len(self.presence.players), commands=self.commands.latency,
            commands_per_second=self.commands.per_second(), tables=tables, commits=store.commits.latency,
            commit_failures=store.commits.failures, solves=self.solver.under_way)
