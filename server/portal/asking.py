"""What the portal asks its game process, and what it answers with both processes' figures: ``/health`` (its own
figures with the game process's), ``/who``, ``/metrics``, a mail's unsubscribe link. A QUERY frame by number, its
ANSWER awaited a moment (none while no game process serves)."""

from __future__ import annotations

import asyncio
import os
import time
from typing import TYPE_CHECKING, Any

from server.ops.figures import Figures, GameFigures, PortalFigures, transports
from server.portal.frames import QUERY_WAIT, Kind, frame

if TYPE_CHECKING:
    from server.portal.children import GameProcess
    from server.portal.portalclient import Client


class Asking:
    """The portal's questions to its game process (a part of ``Portal``)."""

    game: GameProcess | None
    ready: asyncio.Event
    clients: dict[int, Client]
    reloads: int
    started: float
    stopping: bool
    restarts: int
    handoffs: int
    handed: int
    _next_ident: int
    _answers: dict[int, asyncio.Future[dict[str, Any]]]

    async def _ask(self, question: str) -> dict[str, Any] | None:
        game = self.game
        if game is None or not self.ready.is_set():
            return None
        ident = self._next_ident
        self._next_ident += 1
        answer = self._answers[ident] = asyncio.get_running_loop().create_future()
        assert game.link is not None
        game.link.send(frame(Kind.QUERY, ident, question.encode()))
        try:
            return await asyncio.wait_for(answer, QUERY_WAIT)
        except TimeoutError:
            return None
        finally:
            self._answers.pop(ident, None)

    def holder_figures(self) -> PortalFigures:
        """The connections, the reloads and the restarts (server.ops.figures)."""
        return PortalFigures(connections=transports(client.transport for client in self.clients.values()),
                             reloads=self.reloads, restarts=self.restarts, game_up=self.ready.is_set())

    async def figures(self) -> Figures:
        """Both processes' figures (``/metrics``): the game process's asked for (None while none serves)."""
        game = await self._ask("figures")
        return (GameFigures.of_json(game) if game is not None else None), self.holder_figures()

    async def who(self) -> dict[str, Any]:
        return await self._ask("who") or {"players": [], "max": 0}

    async def unsubscribe(self, token: str) -> bool | None:
        """A mail's unsubscribe link, asked of the game process (None: none is serving now)."""
        answer = await self._ask(f"unsubscribe {token}")
        return None if answer is None else bool(answer["done"])

    async def health(self) -> dict[str, Any]:
        figures = await self._ask("health") or {
            "status": "starting", "players": sum(c.name is not None for c in self.clients.values()),
            "connections": len(self.clients), "tables": None}
        game = self.game
        if self.stopping:
            figures["status"] = "stopping"
        return {**figures, "portal_pid": os.getpid(), "game_pid": game.pid if game else None,
                "portal_uptime": int(time.monotonic() - self.started),
                "game_uptime": game.uptime() if game else None, "reloads": self.reloads,
                "handed": self.handed, "handoffs": self.handoffs}
