"""Finished games: a player's history, one game replayed, a player's stats, and the leaderboard."""

from __future__ import annotations

import dataclasses
import json
import time

from engine.numbers import typed_number
from rooms.messages import Message, Refusal, counted
from server.words import posttexts, texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.games.gametypes import GAME_TYPES, GameType
from server.tables.ratednews import provisional
from server.competition.ratingmodel import Rating
from server.render.columns import narrowed
from server.session import Session
from server.skill.skillindex import skill_of
from server.store import PlayedGame
from server.store.postal import CORRESPONDENCE, LIVE
from server.tables.tabledice import game_export, unsealed

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
        flag = (texts.WITH_HOUSE_BOTS if g.bots else "") + ("" if g.rated else texts.UNRATED_FLAG)
        lines.append(f"  #{g.game_id}  {when}  {g.players}; won by {g.winner or 'nobody'}; {name} scored {g.score}{flag}")
    session.page("\n".join(lines), "records")


@command("replay", category="records")
async def replay(session: Session, args: str) -> None:
    """replay <game> [json]

    Show every throw and announcement of a finished game (numbers from
    'history'). 'replay <game> json' exports it as JSON, with its dice's
    seeds, for checking elsewhere ('help verify'). A duplicate event's game
    is shown once its round is over (other tables throw the same dice).
    """
    words = args.split()
    game, played = await finished_game(session, words[0] if words[1:] == ["json"] else args)
    await unsealed(session.services.store, game)
    if words[1:] == ["json"]:
        exported = await game_export(session.services.store, game, played)
        session.tell(json.dumps(exported, indent=1), "export", game=str(game))
        return
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
    """top [game] [bots]

    The leaderboards of a game (the first game when none is named): the best
    rated players by their conservative rating, then the most wins. 'top bots'
    lists the bots' ratings: people and bots are rated in one pool, listed
    apart. Only rated games count: not tutorials, nor tables opened with
    'rated=off'.
    """
    words = args.lower().split()
    bots = "bots" in words
    named = [word for word in words if word != "bots"]
    if len(named) > 1:
        raise UsageError
    kind = GAME_TYPES.named(named[0]) if named else GAME_TYPES.default
    store = session.services.store
    board = await store.rating_board(kind.name, bots, TOP_SIZE)
    post = await store.rating_board(kind.name, bots, TOP_SIZE, CORRESPONDENCE)
    leaders = [] if bots else await store.top(TOP_SIZE, kind.name)
    if not board and not post and not leaders:
        raise Refusal(texts.NO_RATED.format(game=kind.title) if bots else texts.NO_LEADERS)
    width = session.sink.width
    parts = [rating_board(kind.title, bots, board, width)] if board else []
    if post:
        parts.append(rating_board(posttexts.IN_CORRESPONDENCE.format(game=kind.title), bots, post, width))
    if leaders:
        parts.append(kind.leaderboard(leaders, width))
    fields = board_fields(kind.name, bots, board)
    fields |= {f"correspondence.{key}": value for key, value in board_fields(kind.name, bots, post).items()
               if key not in ("board", "game")}
    session.page("\n\n".join(parts), "records", **fields)


@command("rating", category="records")
async def rating(session: Session, args: str) -> None:
    """rating [player]

    Your ratings (or another player's), one for each game played rated: the
    conservative figure (mu - 3 sigma, scaled: a newcomer shows 1000), marked
    provisional until enough games make it sure, and the number of rated games.
    Games played over days (correspondence tables) are rated apart from live
    ones: each game has a rating of each pace. Under a rating, where its
    games can be judged (two-player Cosmic Wimpout, by the solved tables):
    the skill index, the decision accuracy of the last rated games against
    the solver (100%: every choice the best), and their luck, how many points
    of winning chance the dice gave (or took) a game, as 'review' reckons.
    """
    name = args.strip() or session.player
    store = session.services.store
    pools = {LIVE: await store.ratings(name), CORRESPONDENCE: await store.ratings(name, CORRESPONDENCE)}
    if not any(pools.values()):
        raise Refusal(texts.NO_RATINGS.format(name=name))
    lines, fields = [texts.RATINGS_OF.format(name=name)], {}
    for pool, ratings in pools.items():
        prefix = "" if pool == LIVE else f"{pool}."
        for game, r in ratings.items():
            title = next((kind.title for kind in GAME_TYPES.all() if kind.name == game), game)
            if pool != LIVE:
                title = posttexts.IN_CORRESPONDENCE.format(game=title)
            lines.append(texts.RATING_LINE.format(game=title, rating=r.shown, provisional=provisional(r),
                                                  games=counted(r.games, "rated game")))
            fields |= {f"{prefix}rating.{game}": str(r.shown), f"{prefix}games.{game}": str(r.games),
                       f"{prefix}provisional.{game}": "yes" if r.provisional else "no", f"{prefix}title.{game}": title}
            index = await skill_of(session.services.store, session.services.settings.ratings.skill_games, name, game,
                                   pool)
            if index is not None:
                lines.append(index.line())
                fields |= index.fields(prefix, game)
    session.send(Message("\n".join(lines), "rating", {"player": name, **fields}))


def rating_board(title: str, bots: bool, board: list[tuple[str, Rating]], width: int) -> str:
    """The best rated, in 80 columns; on a narrower screen, columns as wide as their cells and the last left out."""
    rows = [texts.RATING_ROW.format(place=place, name=name, rating=r.shown, provisional=provisional(r),
                                    games=counted(r.games, "game"))
            for place, (name, r) in enumerate(board, 1)]
    cells = [[f"{place}.", name, r.shown, provisional(r).strip(), counted(r.games, "game")]
             for place, (name, r) in enumerate(board, 1)]
    rows = narrowed(rows, cells, width, right=(0, 2), keep=3, heads=texts.RATING_COLUMNS)
    return "\n".join([texts.RATING_BOARD.format(game=title, whom="bots" if bots else "people"), *rows])


def board_fields(game: str, bots: bool, board: list[tuple[str, Rating]]) -> dict[str, str]:
    """The rating board as fields (JSON mode, the web page's leaderboard): ``player.1``, ``rating.1``... best first."""
    fields = {"board": "bots" if bots else "people", "game": game}
    for place, (name, r) in enumerate(board, 1):
        fields |= {f"player.{place}": name, f"rating.{place}": str(r.shown),
                   f"provisional.{place}": "yes" if r.provisional else "no", f"games.{place}": str(r.games)}
    return fields


def _game_named(args: str) -> tuple[list[str], list[GameType]]:
    """The words before a game's name, and that game; without one, every game."""
    words = args.split()
    if words and words[-1].lower() in {kind.name for kind in GAME_TYPES.all()}:
        return words[:-1], [GAME_TYPES[words[-1].lower()]]
    return words, GAME_TYPES.all()
