"""verify: a finished game's dice checked against the seeds revealed at its end (docs/fairness.md)."""

from __future__ import annotations

import asyncio

from engine import verifying
from rooms.messages import Message
from server.commands.records import finished_game
from server.commands.registry import command
from server.session import Session
from server.tabledice import game_export


@command("verify", category="records")
async def verify(session: Session, args: str) -> None:
    """verify <game>

    Check a finished game's dice: every cube thrown, card dealt and first
    dealer is computed again from the server seed revealed at its end (it
    must hash to the 'dice: sha256 ...' shown at its start) and the seated
    players' seeds ('@set dice-seed TEXT' chooses yours). Says 'every throw
    matches', or names the first that does not. 'replay <game> json'
    exports the game to check it yourself ('python -m engine verify FILE',
    or a few lines of any language: docs/fairness.md). Scripted dice (the
    tutorial) say so.
    """
    game, played = await finished_game(session, args)
    exported = await game_export(session.services.store, game, played)
    checked = await asyncio.to_thread(verifying.verify, exported)
    session.send(Message(checked.text, "verify", {"game": str(game), "matches": "yes" if checked.matches else "no"}))
