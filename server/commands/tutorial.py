"""tutorial: learn the game by playing a short scripted game against a house bot."""

from __future__ import annotations

from server.commands.registry import command
from server.session import Session
from server.tables.tabledice import start
from rooms.wimpout.wimpoutplay import GAME
from server.wimpout.lesson import GOAL, TEACHER


@command("tutorial", "learn", category="table")
async def tutorial(session: Session, args: str) -> None:
    """tutorial      or      learn

    Play a short game against a house bot (Teacher.bot) at a table of your
    own, with loaded dice: the game stops at each rule the first time it
    matters to say what happened and why. 'leave yes' ends it.
    """
    tables, name = session.services.tables, session.player
    live = await tables.open(name, [f"game={GAME}", f"goal={GOAL}"])
    await tables.teach(live, name)
    await tables.act(live, lambda: live.table.add_bot(name, [TEACHER, "cautious"]))
    await start(tables, live, name)
