"""How a game process's connections to the portal's unix socket are heard (a part of ``Portal``): each proves
itself at its first frame (HELLO with its pid and token) as its link or its hand channel (server.portal.handing);
anyone else is hung up on."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import structlog

from server.portal.children import hello_of, unproven
from server.portal.frames import MAX_FRAME, MAX_HELLO, PROTOCOL, FrameLink, Kind
from server.words import texts

if TYPE_CHECKING:
    from server.portal.children import GameProcess

log = structlog.get_logger()


class Linking:
    """The game processes' links and hand channels (a part of ``Portal``)."""

    game: GameProcess | None
    _starting: list[GameProcess]
    outdated: str | None

    if TYPE_CHECKING:  # (the portal's own)
        def _from_game(self, game: GameProcess, kind: Kind, ident: int, payload: bytes) -> None: ...

        def _lost(self, game: GameProcess) -> None: ...

        def _hands_channel(self, game: GameProcess, link: FrameLink) -> None: ...

    def _linked(self) -> FrameLink:
        """A game process connecting to the unix socket: heard once it proves itself (HELLO with its token); anyone
        else is hung up on at their first frame (at its head, if it is too big for a hello), in a line of the log."""
        link = FrameLink(lambda kind, ident, payload: self._hello(link, kind, payload), lambda: unproven(link))
        link.limit = MAX_HELLO
        return link

    def _hello(self, link: FrameLink, kind: Kind, payload: bytes) -> None:
        said = hello_of(payload) if kind is Kind.HELLO else None
        games = [*self._starting, self.game] if said and said[3] == "hands" and self.game else self._starting
        game = next((g for g in games if said and (g.pid, g.token) == said[:2]), None)
        if game is not None and said and said[2] != PROTOCOL:
            self.outdated = game.failure = texts.OUTDATED_PORTAL.format(game=said[2], portal=PROTOCOL)
            log.error("portal.outdated", pid=game.pid, protocol=said[2], portal_protocol=PROTOCOL)
            game.kill()
        if game is None or game.failure is not None:
            link.refused = f"a {kind.name} frame" if kind is not Kind.HELLO else "an unknown pid or token" if said \
                else "a malformed hello"
            link.close()
            return
        if said[3] == "hands":
            self._hands_channel(game, link)
            return
        game.link, link.limit = link, MAX_FRAME
        link.handler = partial(self._from_game, game)
        link.lost = lambda: self._lost(game)
        game.hello.set()
