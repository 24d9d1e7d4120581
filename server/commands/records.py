"""Finished games: a player's history, one game replayed, a player's stats, and the leaderboard."""

from __future__ import annotations

import dataclasses
import time

from engine.wimpout import Event, event_from_dict
from engine.wimpout.numbers import typed_number
from rooms.messages import Refusal
from server import texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.render.replay import replay_text
from server.session import Session

HISTORY_SIZE, TOP_SIZE = 20, 10
TOP_ROW = "{rank:>3}. {name:<16} {wins:>5} {games:>6} {best:>9} {trains:>7} {wrecks:>7} {novas:>6}"


@command("history", category="records")
async def history(session: Session, args: str) -> None:
    """history [player]

    Your finished games (or another player's), newest first: game number, when,
    who played, who won, and the final score. 'replay <game>' tells one again.
    """
    name = args.strip() or session.player
    games = await session.services.store.history(name, HISTORY_SIZE)
    if not games:
        raise Refusal(texts.NO_GAMES.format(name=name))
    lines = [f"Games of {name}:"]
    for g in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.ended_at))
        flag = texts.WITH_HOUSE_BOTS if g.bots else ""
        lines.append(f"  #{g.game_id}  {when}  {g.players}; won by {g.winner or 'nobody'}; {name} scored {g.score}{flag}")
    session.page("\n".join(lines), "records")


@command("replay", category="records")
async def replay(session: Session, args: str) -> None:
    """replay <game>

    Show every throw and announcement of a finished game (numbers from
    'history').
    """
    game, number, events = await finished_game(session, args)
    style = dataclasses.replace(session.style, cubes="compact")
    session.page(f"Game #{game}:\n" + replay_text(number, events, style), "records")


async def finished_game(session: Session, args: str) -> tuple[int, int, list[Event]]:
    """The game numbered in ``args`` (as 'history' shows it): its number, its table's number, and its events."""
    word = args.strip().lstrip("#")
    game = typed_number(word)
    if game is None:
        raise UsageError
    found = await session.services.store.game_events(game)
    if found is None:
        raise Refusal(texts.NO_SUCH_GAME.format(game=word))
    number, stored = found
    return game, number, [event_from_dict(e) for e in stored]


@command("stats", category="records")
async def stats(session: Session, args: str) -> None:
    """stats [player]

    Your record (or another player's): games, wins, best turn, freight trains,
    train wrecks and Supernovas.
    """
    name = args.strip() or session.player
    s = await session.services.store.stats(name)
    if not s.games:
        raise Refusal(texts.NO_GAMES.format(name=name))
    session.tell(f"{name}: {s.games} games, {s.wins} wins, best turn {s.best_turn}, {s.freight_trains} freight "
                 f"trains, {s.train_wrecks} train wrecks, {s.supernovas} Supernovas.", "records")


@command("top", category="records")
async def top(session: Session, args: str) -> None:
    """top

    The leaderboard: the players with the most wins (house bots are not on it).
    """
    leaders = await session.services.store.top(TOP_SIZE)
    if not leaders:
        raise Refusal(texts.NO_LEADERS)
    header = TOP_ROW.format(rank="", name="Player", wins="Wins", games="Games", best="Best turn", trains="Trains",
                            wrecks="Wrecks", novas="Novas")
    rows = [
        TOP_ROW.format(rank=rank, name=name, wins=s.wins, games=s.games, best=s.best_turn, trains=s.freight_trains,
                       wrecks=s.train_wrecks, novas=s.supernovas)
        for rank, (name, s) in enumerate(leaders, 1)
    ]
    session.page("\n".join([header, *rows]), "records")
