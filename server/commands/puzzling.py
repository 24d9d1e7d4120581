"""Cosmic Wimpout alone: the daily challenge and puzzles (server.puzzles)."""

from __future__ import annotations

import asyncio

from engine.wimpout import Game
from engine.wimpout import event_from_dict
from engine.wimpout import events as ev
from engine.wimpout.optimal.bestline import BestLine, best_line, replayed
from engine.wimpout.soloday import TURNS, SoloDay
from rooms.messages import Refusal
from rooms.wimpout.turnwords import ROLL_WORDS, STOP_WORDS, command_text, parse_turn
from server.commands.args import UsageError
from server.commands.registry import command
from server.funhouse.funplay import revealed
from server.puzzles import dailyplay, puzzlebank
from server.puzzles import puzzlewords as words
from server.session import Session
from server.tables.tabledice import stream_of
from server.store.puzzlestore import PuzzleRow
from server.wimpout.cubeart import compact, spoken

BOARD_SIZE = 10
KEPT_LINES = 8
BEST_LINES: dict[str, BestLine] = {}
"""The best lines searched, by day (the newest ``KEPT_LINES``): a day's is searched once a process, whoever asks."""


@command("daily", category="general")
async def daily(session: Session, args: str) -> None:
    """daily [start | <move> | top [day] | best [day] | replay <player> [day]]

    The daily challenge of Cosmic Wimpout: the most points in ten turns,
    alone, on the day's dice (the same for everyone: the k-th throw of the
    day shows the same cubes whoever throws it). 'daily' shows today's
    challenge and the sha256 of its secret seed, 'daily start' begins your
    one attempt of the day, then 'daily roll', 'daily stop', 'daily keep sun
    10', 'daily flash 4' play it. 'daily top [day]' lists a day's board
    (today's scores only: others' moves stay hidden). At 00:00 UTC the day
    closes: 'daily best yesterday' (or a date, 2026-11-28) shows its seed
    and the best possible line its dice allowed, and 'daily replay <player>
    yesterday' anyone's moves (your own at any time). Not played while you
    sit at a live table (a correspondence game waits for you meanwhile).
    """
    word, _, rest = args.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    store, now = session.services.store, session.services.clock()
    if word == "top":
        await daily_top(session, dailyplay.day_of(now, rest))
    elif word == "best":
        await daily_best(session, dailyplay.day_of(now, rest))
    elif word == "replay" and rest:
        name, _, day = rest.partition(" ")
        await daily_replay(session, name, dailyplay.day_of(now, day))
    else:
        day = dailyplay.day_of(now)
        if word == "":
            solo = await dailyplay.current(store, day, session.player)
            dice = await dailyplay.day_dice(store, day)
            commitment = words.COMMITTED.format(commitment=dice["commitment"])
            if solo is None:
                session.tell(words.NOT_STARTED.format(day=day, turns=TURNS) + "\n" + commitment, "daily", day=day)
            else:
                tell_daily(session, day, solo, [], commitment)
        elif word == "start" and not rest:
            unseated(session)
            dice = await dailyplay.day_dice(store, day)
            solo = await dailyplay.begin(store, day, session.player, now)
            tell_daily(session, day, solo, solo.game.events[1:],
                       words.COMMITTED.format(commitment=dice["commitment"]))
        else:
            solo = await dailyplay.current(store, day, session.player)
            if solo is None:
                raise Refusal(words.NO_CHALLENGE)
            if solo.over:
                raise Refusal(words.FINISHED.format(day=day, score=solo.score))
            unseated(session)
            line = args.strip()
            try:
                action = parse_turn(solo.game, session.player, line)
            except Refusal:
                raise Refusal(words.NOT_A_MOVE.format(line=line, moves=moves_text(solo))) from None
            events = await dailyplay.move(store, day, solo, action, now)
            tell_daily(session, day, solo, events)


def unseated(session: Session) -> None:
    """One game at a time (as the Funhouse's runs): the daily is not played from a live table's seat (a
    correspondence table waits days for a move: its players play the daily meanwhile)."""
    seated = session.services.tables.where.live_seat_of(session.player)
    if seated is not None:
        raise Refusal(words.SEATED.format(number=seated.table.number))


def moves_text(solo: SoloDay) -> str:
    moves = [command_text(solo.game, solo.player, action) for action in solo.legal()]
    return words.YOU_MAY.format(moves=", ".join(moves), first=moves[0]) if moves else ""


def tell_daily(session: Session, day: str, solo: SoloDay, events: list[ev.Event], head: str = "") -> None:
    lines = [head] if head else []
    lines += [line for event in events if (line := event_line(event, session.style.screenreader))]
    turn = solo.game.state.turn
    if solo.over:
        lines.append(words.FINISHED.format(day=day, score=solo.score))
    else:
        in_turn = words.IN_TURN.format(points=turn.points, cubes=turn.commons + turn.sun) if turn and turn.throws else ""
        lines.append(words.STATUS.format(day=day, turn=solo.turn, turns=TURNS, score=solo.score, turn_points=in_turn))
        lines.append(moves_text(solo))
    moves = ",".join(command_text(solo.game, solo.player, action) for action in solo.legal())
    session.tell("\n".join(lines), "daily", day=day, turn=str(min(solo.turn, TURNS)), score=str(solo.score),
                 over="yes" if solo.over else "no", you_may=moves)


def event_line(event: ev.Event, screenreader: bool) -> str:
    """The daily's events in a line each (the player's own: 'you'); those not told are ''."""
    if isinstance(event, ev.Thrown):
        return words.THROWN.format(throw=spoken(event.throw) if screenreader else compact(event.throw))
    return words.DAILY_EVENTS.get(type(event).__name__, "").format(e=event)


async def daily_top(session: Session, day: str) -> None:
    board = await session.services.store.daily_board(day, BOARD_SIZE)
    if not board:
        raise Refusal(words.NO_BOARD.format(day=day))
    closed = words.BOARD_CLOSED if revealed(day, session.services.clock()) else ""
    lines = [words.BOARD_HEAD.format(day=day, closed=closed)]
    lines += [words.BOARD_LINE.format(rank=rank, player=player, score=score,
                                      unfinished="" if done else words.UNFINISHED)
              for rank, (player, score, done) in enumerate(board, 1)]
    session.page("\n".join(lines), "records")


async def daily_best(session: Session, day: str) -> None:
    """After the reveal: the day's seed and the best line its dice allowed (searched in a thread)."""
    if not revealed(day, session.services.clock()):
        raise Refusal(words.NOT_REVEALED.format(day=day))
    dice = await session.services.store.dice(dailyplay.DICE_KIND, day)  # never made for a day gone by
    if dice is None:
        raise Refusal(words.NO_BOARD.format(day=day))
    stream = stream_of(dice)
    best = BEST_LINES.get(day)
    if best is None:
        best = BEST_LINES[day] = await asyncio.to_thread(best_line, session.player, stream)
        while len(BEST_LINES) > KEPT_LINES:
            del BEST_LINES[next(iter(BEST_LINES))]
    lines = [words.REVEALED.format(day=day, seed=dice["server_seed"], commitment=dice["commitment"]),
             words.BEST_LINE.format(exact="" if best.exact else words.NOT_EXACT, score=best.score)]
    lines += best_turns(replayed(session.player, stream, best.actions))
    session.page("\n".join(lines), "daily", day=day, best=str(best.score))


async def daily_replay(session: Session, name: str, day: str) -> None:
    """A player's daily moves: their own at any time, anyone's once the day's seed is revealed."""
    if name.lower() != session.player.lower() and not revealed(day, session.services.clock()):
        raise Refusal(words.NOT_REVEALED.format(day=day))
    play = await session.services.store.daily_play(day, name)
    if play is None:
        raise Refusal(words.NO_PLAY.format(player=name, day=day))
    events = [event_from_dict(event) for event in play.events]
    lines = [words.REPLAY_HEAD.format(player=name, day=day, score=play.score,
                                      unfinished="" if play.finished else words.UNFINISHED)]
    lines += [line for event in events[1:] if (line := event_line(event, session.style.screenreader))]
    session.page("\n".join(lines), "records")


def best_turns(solo: SoloDay) -> list[str]:
    """The best line turn by turn: each throw's cubes and each decision."""
    lines: list[str] = []
    moves: list[str] = []
    turn = 0
    for event in solo.game.events[1:]:
        if isinstance(event, ev.TurnStarted):
            turn += 1
            moves = []
        elif isinstance(event, ev.Thrown):
            moves.append(compact(event.throw))
        elif isinstance(event, ev.Scored) and moves:
            moves[-1] += f" ({event.scoring.points})"
        elif isinstance(event, ev.Banked):
            lines.append(words.BEST_TURN.format(turn=turn, moves=", ".join(moves), points=f"banked {event.points}"))
        elif isinstance(event, ev.WimpedOut):
            lines.append(words.BEST_TURN.format(turn=turn, moves=", ".join(moves), points="wimpout"))
    return lines


@command("puzzle", category="general")
async def puzzle(session: Session, args: str) -> None:
    """puzzle [<choice> | top]

    Cosmic Wimpout puzzles: a decision from a stored game where most players
    go wrong (the best choice keeps at least 5 points more of winning chance
    than the one made, and 3 more than any other), graded by the solved
    tables. 'puzzle' shows yours (a new one when you have answered), 'puzzle
    roll', 'puzzle stop', 'puzzle keep sun 10', 'puzzle flash 4' answer it:
    you are told the chance of winning after each choice, and your puzzle
    rating and the puzzle's move (Elo, from 1500). One answer a puzzle.
    'puzzle top' lists the best puzzle ratings. Not during a rated game you
    play in.
    """
    answer = " ".join(args.lower().split())
    if answer == "top":
        await puzzle_top(session)
        return
    no_rated_game(session)
    store, player = session.services.store, session.player
    solver = await store.solver(player)
    rating = solver.rating if solver is not None else puzzlebank.START_RATING
    current = solver.current if solver is not None else None
    if not answer:
        if current is None:
            await puzzlebank.stock(store, session.services.solver)
            current = await store.next_puzzle(player, rating)
            if current is None:
                raise Refusal(words.NO_PUZZLES)
            await store.set_current_puzzle(player, current, rating)
        row = await store.puzzle(current)
        assert row is not None
        tell_puzzle(session, row, rating)
        return
    if current is None or (row := await store.puzzle(current)) is None:
        raise Refusal(words.NO_CURRENT)
    await grade(session, row, rating, answer)


def no_rated_game(session: Session) -> None:
    """No puzzle (the solver's chances) for a player in a rated live game under way: the advice-free rule of 'hint'.
    A puzzle is a finished game's position, never theirs: a correspondence game's days do not keep it from them."""
    live = session.services.tables.where.live_seat_of(session.player)
    if live is not None and live.rated and live.table.play.started and not live.table.play.is_over:
        raise Refusal(words.AT_RATED_TABLE.format(number=live.table.number))


def commands_of(row: PuzzleRow) -> list[str]:
    return [str(choice["command"]) for choice in row.choices]


def tell_puzzle(session: Session, row: PuzzleRow, rating: float) -> None:
    game = Game.replay([event_from_dict(event) for event in row.position])
    turn = game.state.turn
    assert turn is not None
    me = game.state.player(turn.player)
    other = next(p for p in game.state.players if p.name != turn.player)
    thrown = next(event for event in reversed(game.events) if isinstance(event, ev.Thrown))
    flash = words.PUZZLE_FLASH.format(face=turn.clearing[0].label) if turn.clearing else ""
    throw = spoken(thrown.throw) if session.style.screenreader else compact(thrown.throw)
    choices = commands_of(row)
    text = "\n".join([
        words.PUZZLE_HEAD.format(id=row.id, rating=row.rating, yours=rating, source=puzzlebank.source_text(row.source),
                                 goal=game.rules.goal),
        words.PUZZLE_SCORES.format(score=me.score, opponent=other.score),
        words.PUZZLE_TURN.format(points=turn.points, cubes=turn.commons + turn.sun, flash=flash, throw=throw),
        words.PUZZLE_ASK.format(choices=" or ".join(choices), first=choices[0]),
    ])
    session.tell(text, "puzzle", puzzle=str(row.id), you_may=",".join(choices))


def typed_choice(answer: str) -> str:
    """'r' and 'throw' are 'roll', 's' and 'bank' are 'stop', as at a table."""
    return "roll" if answer in ROLL_WORDS else "stop" if answer in STOP_WORDS else answer


async def grade(session: Session, row: PuzzleRow, rating: float, answer: str) -> None:
    choices = {str(choice["command"]): float(choice["win"]) for choice in row.choices}
    chosen = typed_choice(answer)
    if chosen not in choices:
        raise Refusal(words.NOT_A_CHOICE.format(answer=answer, choices=" or ".join(choices)))
    best = commands_of(row)[0]
    solved = chosen == best
    after, puzzle_after = puzzlebank.rated(rating, row.rating, solved)
    if not await session.services.store.rate_puzzle(session.player, row.id, chosen, solved, after, puzzle_after,
                                                    session.services.clock()):
        raise Refusal(words.NO_CURRENT)
    said = (words.RIGHT.format(best=best) if solved else
            words.WRONG.format(best=best, answer=chosen, cost=100 * (choices[best] - choices[chosen])))
    chances = ", ".join(f"{command} {100 * win:.1f}%" for command, win in choices.items())
    session.tell("\n".join([said, words.CHANCES.format(chances=chances),
                            words.RATED.format(before=rating, after=after, puzzle=puzzle_after)]),
                 "puzzle", puzzle=str(row.id), solved="yes" if solved else "no", rating=f"{after:.0f}")


async def puzzle_top(session: Session) -> None:
    top = await session.services.store.puzzle_top(BOARD_SIZE)
    if not top:
        raise Refusal(words.NO_TOP)
    lines = [words.TOP_HEAD, *(words.TOP_LINE.format(rank=rank, player=player, rating=rating, played=played,
                                                     solved=solved)
                               for rank, (player, rating, played, solved) in enumerate(top, 1))]
    session.page("\n".join(lines), "records")
