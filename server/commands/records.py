"""Finished games: a player's history, one game replayed, a player's stats, and the leaderboard."""

from __future__ import annotations

import dataclasses
import time

from engine.numbers import typed_number
from rooms.messages import Refusal
from server import texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.gametypes import GAME_TYPES, GameType
from server.session import Session
from server.store import PlayedGame

HISTORY_SIZE, TOP_SIZE = 20, 10


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
    game, played = await finished_game(session, args)
    style = dataclasses.replace(session.style, cubes="compact")
    text = GAME_TYPES.of_stored(played).replay_text(played.table, played.events, style)
    session.page(f"Game #{game}:\n" + text, "records")


async def finished_game(session: Session, args: str) -> tuple[int, PlayedGame]:
    """The game numbered in ``args`` (as 'history' shows it): its number, and the game as stored."""
    word = args.strip().lstrip("#")
    game = typed_number(word)
    if game is None:
        raise UsageError
    found = await session.services.store.game_events(game)
    if found is None:
        raise Refusal(texts.NO_SUCH_GAME.format(game=word))
    return game, found


@command("stats", category="records")
async def stats(session: Session, args: str) -> None:
    """stats [player] [game]

    Your record (or another player's) in each game played: games, wins, and
    the game's own figures (Cosmic Wimpout: best turn, freight trains, train
    wrecks and Supernovas). Name a game ('stats poker') for that one alone.
    """
    words, kinds = _game_named(args)
    name = " ".join(words) or session.player
    lines = []
    for kind in kinds:
        s = await session.services.store.stats(name, kind.name)
        if s.games:
            lines.append(kind.stats_text(name, s))
    if not lines:
        raise Refusal(texts.NO_GAMES.format(name=name))
    session.tell("\n".join(lines), "records")


@command("top", category="records")
async def top(session: Session, args: str) -> None:
    """top [game]

    The leaderboard: the players with the most wins (house bots are not on it),
    of Cosmic Wimpout or of the game named ('top poker').
    """
    words, kinds = _game_named(args)
    if words:
        raise UsageError
    kind = kinds[0] if len(kinds) == 1 else GAME_TYPES.default
    leaders = await session.services.store.top(TOP_SIZE, kind.name)
    if not leaders:
        raise Refusal(texts.NO_LEADERS)
    session.page(kind.leaderboard(leaders), "records")


def _game_named(args: str) -> tuple[list[str], list[GameType]]:
    """The words before a game's name, and that game; without one, every game."""
    words = args.split()
    if words and words[-1].lower() in {kind.name for kind in GAME_TYPES.all()}:
        return words[:-1], [GAME_TYPES[words[-1].lower()]]
    return words, GAME_TYPES.all()
