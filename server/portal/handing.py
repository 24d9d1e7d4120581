"""The portal's side of handing a plain telnet connection's socket to its game process (issue 41, "the hop"; the game
process's side is ``server.portal.handed``): asked for (``WANT``), the socket is handed over (its descriptor on the
hand channel, SCM_RIGHTS, and ``HANDOFF`` on the link) once nothing of it waits here, and the portal neither reads
nor writes it until it is back: handed back (``HANDBACK``), or taken back when the game process's link is lost. The
portal keeps its own descriptor all along: the connection outlives any game process."""

from __future__ import annotations

import asyncio
import os
import socket
from typing import TYPE_CHECKING

import structlog

from server.portal.frames import HANDED, ID, INPUT_WINDOW, FrameLink, Kind, frame

if TYPE_CHECKING:
    from server.portal.children import GameProcess
    from server.portal.portalclient import Client
    from server.settings import Settings

log = structlog.get_logger()


class Handing:
    """Telnet sockets handed to the game process (a part of ``Portal``)."""

    settings: Settings
    clients: dict[int, Client]
    game: GameProcess | None
    ready: asyncio.Event
    handoffs = 0
    """Sockets handed to a game process since the start (``/health``)."""

    def _hands_channel(self, game: GameProcess, link: FrameLink) -> None:
        """``game``'s second connection, its hand channel: the portal only ever sends on it (a descriptor at a time,
        each with its connection's id), from a descriptor of its own (no transport reads it)."""
        assert link.transport is not None
        if self.settings.portal.handoff and game.hands is None:
            game.hands = socket.socket(fileno=os.dup(link.transport.get_extra_info("socket").fileno()))
            game.hands.setblocking(False)
        link.close()

    def _hand(self, game: GameProcess, kind: Kind, ident: int, payload: bytes) -> None:
        """A WANT or HANDBACK frame."""
        client = self.clients.get(ident)
        if kind is Kind.HANDBACK:
            if client is not None and client.handed_to is game:
                left, stamp, held, ended = HANDED.unpack_from(payload)
                self._take_back(client, payload[HANDED.size :], (left, stamp), held, bool(ended))
            return
        why = b"" if client is None else self._refusal(game, client)
        if why is None and client is not None and client.telnet is not None and game.hands is not None:
            fd, (left, stamp) = client.telnet.hand_off()
            try:
                socket.send_fds(game.hands, [ID.pack(ident)], [fd])
            except OSError:  # (a channel full or gone: relayed on, asked again later)
                client.telnet.take_back(b"", None)
                why = b""
            else:
                client.handed_to = game
                self.handoffs += 1
                game.send(Kind.HANDOFF, ident, HANDED.pack(left, stamp, 0, 0))
                return
        game.send(Kind.KEEP, ident, why or b"")

    def _refusal(self, game: GameProcess, client: Client) -> bytes | None:
        """None if ``client``'s socket may go to ``game`` now; else b"never" or b"" (not now)."""
        if not self.settings.portal.handoff or client.telnet is None:
            return b"never"
        if game is not self.game or not self.ready.is_set() or game.hands is None or client.handed_to is not None \
                or client.held is not None or client.unread:
            return b""
        return client.telnet.handable()

    def _take_back(self, client: Client, unparsed: bytes = b"", budget: tuple[float, float] | None = None,
                   held: int = 0, ended: bool = False) -> None:
        """``client``'s socket is the portal's again: read on (after what the game process read and did not parse),
        said what waited for it; or closed, the client gone (``ended``)."""
        client.handed_to = None
        deferred, client.deferred = client.deferred, ()
        if ended or client.telnet is None:
            client.close()
            client.end()
            return
        client.untaken = held
        if held > INPUT_WINDOW:
            client.hold()
        client.telnet.take_back(unparsed, budget)
        for text in deferred:
            client.say(text)

    def _take_all_back(self, game: GameProcess) -> None:
        """``game``'s link is lost (a crash, a kill, the end of a retired one): every socket it held is the portal's
        again, each as it was when handed (its budget, its window)."""
        if game.hands is not None:
            game.hands.close()
            game.hands = None
        for client in list(self.clients.values()):
            if client.handed_to is game:
                self._take_back(client)

    @property
    def handed(self) -> int:
        """Connections whose socket a game process holds now."""
        return sum(client.handed_to is not None for client in self.clients.values())
