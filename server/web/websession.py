"""A browser's session in the game process (the page's WebSocket is the portal's, or ``server.web.websocket``'s in
one process): kept apart from the WebSocket's code, so that the game process does not load aiohttp."""

from __future__ import annotations

from server.render.style import Style
from server.session import Session


class WebSession(Session):
    """A browser's session. The page draws the cubes, so the words it gets are the screen reader's: its log and its
    live region read the same."""

    transport = "web"

    @property
    def style(self) -> Style:
        return Style(cubes="compact", screenreader=True, width=self.sink.width)

