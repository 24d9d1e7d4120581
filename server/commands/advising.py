"""Optimal advice: 'hint' at your turn, and 'review' of a finished two-player game."""

from __future__ import annotations

import asyncio

from rooms.advice import review as review_game
from rooms.messages import Message, Refusal
from rooms.wimpout.wimpoutplay import wimpout_play
from server.commands.records import finished_game
from server.commands.registry import command
from server.commands.seating import seated
from server.render.hinttext import hint_text, review_text
from server.session import Session


@command("hint", category="turn")
async def hint(session: Session, args: str) -> None:
    """hint

    At your turn: each thing you may do now (roll, stop, each way the sun can
    score, each pair it can join) with your chance of winning if you do it and
    play perfectly after, best first. Exact for two players under the rules
    the solution covers; otherwise marked as an estimate. A table can play
    without hints: 'table set hints=off' before the game.
    """
    live = seated(session)
    play = wimpout_play(live.table)
    if play.game is not None:
        await session.services.solver.prepare(play.game.rules)
    found = play.hint(session.player)
    session.send(Message(hint_text(found), "hint", {"table": str(found.table)}, data=found))


@command("review", category="records")
async def review(session: Session, args: str) -> None:
    """review <game>

    The decisions of a finished two-player game that lost the most winning
    chance, each with the best choice (game numbers from 'history').
    """
    game, _, events = await finished_game(session, args)
    try:
        mistakes = await asyncio.to_thread(review_game, events)
    except ValueError as why:
        raise Refusal(str(why)) from None
    session.page(review_text(game, mistakes), "records")
