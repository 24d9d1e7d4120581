"""'hand': a player's own cards, in a game with hidden hands (server.games.gametypes.Hands)."""

from __future__ import annotations

from rooms.messages import Refusal
from server.words import texts
from server.commands.registry import command
from server.commands.seating import seated
from server.games.gametypes import Hands
from server.session import Session


@command("hand", category="table")
async def hand(session: Session, args: str) -> None:
    """hand

    Your cards, numbered as your moves name them ('draw 2 5', 'meld 1 3 4'), in
    a game with hidden hands (New Cosmic Poker). Nobody else sees them.
    """
    live = seated(session)
    if not isinstance(live.kind, Hands):
        raise Refusal(texts.NO_HANDS.format(game=live.kind.title, number=live.table.number))
    session.tell(live.kind.hand_text(live.table.view(), session.player, session.style), "table")
