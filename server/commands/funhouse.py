"""Epic Funhouse, the six-room solitaire of the Funhouse wing: starting a run, its moves, its records."""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from collections.abc import Awaitable

from engine.funhouse import ROOMS, FunOptions, FunRun, Room, RoomClosed, RoomError
from engine import verifying
from engine.funhouse import keyedchance
from engine.funhouse.funevents import Moved
from engine.numbers import typed_number
from rooms.messages import Delivery, Message, Refusal
from server.commands.args import UsageError
from server.commands.registry import command
from server.funhouse import funwords as words
from server.funhouse.funboard import draw
from server.funhouse.funmoves import moves_text
from server.funhouse.funplay import DAILY, LiveRun, RoomEnd, rebuilt, revealed
from server.funhouse.funsearch import Cut, Searched
from server.funhouse.funsettings import described, read_options
from server.funhouse.funspoken import speak
from server.funhouse.funwire import FunhouseMessage
from server.render.style import Style
from server.session import Session
from server.store import FunRecord
from server.tables.tabledice import NOT_RECORDED, shown

LIST_SIZE = 10


@command("funhouse", category="general")
async def funhouse(session: Session, args: str) -> None:
    """funhouse [new|daily|room <name>] [opts] | top | history | replay|verify <n>

    Epic Funhouse, a solitaire of six rooms played in order (Slide Jam, Magic
    Mirror, Catwalk, Roll Out the Barrels, Whack-a-Dummy, Trampo-Land), each
    scoring 0 or more: 0 is perfect. 'funhouse' shows your run (or starts one),
    'funhouse new' starts another, 'funhouse daily' plays the day's layout (the
    same for everyone), 'funhouse room slide-jam' one room alone. Moves go after
    'fh' ('help fh'); each room has its help ('help catwalk'). Others in the
    room see your board (not a daily's). After each room you see the best its
    setup allowed. 'funhouse top' lists the best runs ('top daily' today's
    board: dailies rank apart), 'funhouse history [player]' the runs,
    'funhouse replay <n>' one run's rooms and moves (others' dailies once the
    day's seed is revealed), 'replay <n> json' exports it. Checkable dice: a
    run's draws come from a secret server seed shown as 'dice: sha256 ...' at
    its start, mixed with your '@set dice-seed'; the seed is shown at its end
    and 'funhouse verify <n>' checks every draw. The daily's seed is the
    day's, committed from 00:00 UTC ('funhouse daily' shows its sha256) and
    revealed at the next 00:00 UTC, when the day's board closes.
    Options, after new, daily or room: slide_stacks=return|free (Slide Jam's
    unequal stacks give back their cheapest families, or not), scoreboard=on|off
    (Catwalk's falls shape the barrel maze, or join the pool), null_glyph=0|n
    (how a null shows on the board); the first of each is the default. A daily
    run keeps the rules' defaults. E.g. 'funhouse new scoreboard=off'. One
    game at a time: while you sit at a table, your run waits.
    """
    word, _, rest = args.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    funhouse_runs, now = session.services.funhouse, session.services.clock()
    if word == "":
        live = await funhouse_runs.current(session.player)
        if live is None:
            unseated(session)
            live = await funhouse_runs.begin(session.player, now)
            session.tell(words.STARTED.format(run=live.run_id, what=""), "funhouse")
            await tell_dice(session, live, now)
        else:
            session.tell(words.UNDER_WAY.format(run=live.run_id), "funhouse")
        show(session, live)
    elif word in ("new", "daily", "room") and (word != "room" or rest):
        day = datetime.datetime.fromtimestamp(now, datetime.UTC).date() if word == "daily" else None
        typed = rest.split()
        room = typed.pop(0).lower() if word == "room" else None
        if room is not None and room not in ROOMS:
            raise Refusal(words.NO_SUCH_ROOM.format(name=room, rooms=", ".join(ROOMS)))
        if any("=" not in option for option in typed):
            raise UsageError
        options = read_options(typed, daily=day is not None)
        unseated(session)
        live = await funhouse_runs.begin(session.player, now, room, day, options)
        what = (words.DAILY.format(day=day) if day else words.ALONE.format(title=words.TITLES[room]) if room else "")
        if changed := described(options):
            what += words.WITH_OPTIONS.format(options=changed)
        session.tell(words.STARTED.format(run=live.run_id, what=what), "funhouse")
        await tell_dice(session, live, now)
        show(session, live)
    elif word == "top" and rest.lower() in ("", "daily"):
        await top(session, rest.lower() == "daily")
    elif word == "history":
        await history(session, rest or session.player)
    elif word in ("replay", "verify") and (number := typed_number(rest.split()[0].lstrip("#") if rest else "")):
        await (verify(session, number) if word == "verify" else replay(session, number, rest.split()[1:] == ["json"]))
    else:
        raise UsageError


@command("fh", category="general")
async def fh(session: Session, args: str) -> None:
    """fh <move> | fh look | fh moves

    A move in your Funhouse run, typed as the room reads it ('fh take a1 b2 c2
    L down', 'fh top L', 'fh flick 3 end', 'fh tip n', 'fh go w', 'fh jump 9 2',
    'fh stop'): the board shows the moves you may make. 'fh look' shows the
    board again, 'fh moves' lists every move you may make now.
    """
    live = await session.services.funhouse.current(session.player)
    if live is None:
        raise Refusal(words.NO_RUN)
    move = " ".join(args.split())
    if move.lower() in ("", "look"):
        show(session, live)
        return
    if move.lower() == "moves":
        session.page(words.YOU_MAY.format(moves=", ".join(live.run.legal_moves())), "funhouse")
        return
    unseated(session)
    day = live.run.state.daily
    if day is not None and revealed(day, session.services.clock()):
        raise Refusal(words.DAILY_CLOSED.format(day=day))
    try:
        events = await session.services.funhouse.move(live, move)
    except RoomError as refused:
        raise Refusal(str(refused)) from None
    show(session, live)
    if live.run.is_over and day is None and live.dice is not None:
        session.tell(words.RUN_REVEALED.format(seed=live.dice["server_seed"], commitment=live.dice["commitment"],
                                               run=live.run_id), "funhouse")
    if any(isinstance(event, RoomClosed) for event in events):
        runs = session.services.funhouse
        runs.search(tell_bests(session, runs.bests(live, events)))


def unseated(session: Session) -> None:
    """One game at a time: a player seated at a table (of any game, started or not) neither starts a run nor moves
    in one. The run waits (it has no clock); a seat is not refused for a run under way, which may never be ended."""
    seated = session.services.tables.seat_of(session.player)
    if seated is not None:
        raise Refusal(words.SEATED.format(number=seated.table.number))


def show(session: Session, live: LiveRun) -> None:
    """The board to its player (with the moves they may make), and to everyone else in the room, each in their own
    style (words for a screen reader, else the drawing)."""
    run = live.run
    moves = run.legal_moves()
    text = board_text(run, session.style) + ("\n" + moves_text(moves) if moves else "")
    session.send(Message(text, "funhouse", {}, message(live, text, moves)))
    presence, world = session.services.presence, session.services.world
    if not world.is_present(live.player) or run.state.daily:  # gone while the move was saved: nobody is in a room
        return  # with them; a daily's moves are the player's own until its seed is revealed
    for who in world.occupants(world.location(live.player).key):
        if who != live.player and (watcher := presence.players.get(who)) is not None:
            watched = words.WATCHED.format(who=live.player) + "\n" + board_text(run, watcher.style)
            presence.deliver([Delivery(who, Message(watched, "funhouse", {"who": live.player},
                                                    message(live, watched, [])))])


def board_text(run: FunRun, style: Style) -> str:
    if run.room is None:
        scores = ", ".join(f"{words.TITLES[name]} {score}" for name, score in run.scores().items())
        return words.RUN_OVER.format(scores=scores, total=run.state.total)
    return room_text(run.room, run.state.options, style)


def room_text(room: Room, options: FunOptions, style: Style) -> str:
    """A room's board as this viewer reads it: words for a screen reader, else the drawing."""
    view = room.view()
    return speak(view) if style.screenreader else draw(view, options.null_glyph)


def message(live: LiveRun, text: str, moves: list[str]) -> FunhouseMessage:
    run = live.run
    return FunhouseMessage(player=live.player, run=live.run_id, room=run.room.name if run.room else None,
                           board=run.room.view() if run.room else None, you_may=moves, scores=run.scores(),
                           total=run.state.total, over=run.is_over, text=text)


async def tell_bests(session: Session, searching: Awaitable[list[RoomEnd]]) -> None:
    for end in await searching:
        title = words.TITLES[end.room]
        if not end.moved:
            said = words.ROOM_STOPPED_AT_ONCE.format(title=title, score=end.score)
        elif end.searched is None:
            said = words.ROOM_NOT_SEARCHED.format(title=title, score=end.score)
        else:
            said = words.ROOM_SCORED.format(title=title, score=end.score, best=best_text(end.searched))
        session.tell(said, "funhouse")


def best_text(searched: Searched) -> str:
    best = searched.best
    if isinstance(best.score, float) and not best.score.is_integer():
        return words.BEST_EXPECTED.format(score=best.score)
    said = words.BEST_EXACT if best.exact else words.BEST_CUT[(searched.cut or Cut.BUDGET).value]
    return said.format(score=int(best.score))


def summary(record: FunRecord) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(record.started_at))
    what = (f"daily {record.daily}" if record.daily else words.TITLES[record.room] if record.room else "six rooms")
    if changed := described(FunOptions.from_dict(record.events[0].get("options", {}))):
        what += words.WITH_OPTIONS.format(options=changed)
    total = words.UNFINISHED if record.total is None else f"total {record.total}"
    return f"  #{record.run_id}  {when}  {record.player}  {what}: {total}"


async def top(session: Session, daily: bool) -> None:
    day = datetime.datetime.fromtimestamp(session.services.clock(), datetime.UTC).date().isoformat() if daily else None
    what = words.TOP_DAILY.format(day=day) if day else ""
    records = await session.services.store.fun_top(LIST_SIZE, day)
    if not records:
        raise Refusal(words.NO_TOP.format(what=what))
    session.page("\n".join([words.TOP_HEAD.format(what=what), *map(summary, records)]), "records")


async def history(session: Session, name: str) -> None:
    records = await session.services.store.fun_runs(name, LIST_SIZE)
    if not records:
        raise Refusal(words.NO_RUNS.format(name=name))
    session.page("\n".join([words.HISTORY_HEAD.format(name=name), *map(summary, records)]), "records")


async def stored_run(session: Session, number: int) -> FunRecord:
    record = await session.services.store.fun_run(number)
    if record is None:
        raise Refusal(words.NO_SUCH_RUN.format(run=number))
    return record


async def replay(session: Session, number: int, as_json: bool) -> None:
    record = await stored_run(session, number)
    now = session.services.clock()
    if record.daily and record.player != session.player and not revealed(record.daily, now):
        session.tell(summary(record).strip() + "\n" + words.DAILY_HIDDEN.format(player=record.player, day=record.daily),
                     "records")
        return
    if as_json:
        dice = shown(await session.services.funhouse.dice_of(record), run_revealed(record, now))
        exported = verifying.export(keyedchance.GAME, number, record.events, dice or NOT_RECORDED)
        session.tell(json.dumps(exported, indent=1), "export", run=str(number))
        return
    run = rebuilt(record)
    lines = [summary(record).strip()]
    for index, name in enumerate(run.state.rooms[:len(run.state.scores) + (0 if run.is_over else 1)]):
        room = run.room_at(index)
        moves = [event.command for event in run.events
                 if isinstance(event, Moved) and event.room == name and not event.forced]
        score = run.scores().get(name)
        lines.append(f"{words.TITLES[name]}: {score if score is not None else words.UNFINISHED}"
                     f" ({len(moves)} moves: {'; '.join(moves) or '-'})")
        if score is None:
            lines.append(room_text(room, run.state.options, session.style))
    session.page("\n".join(lines), "records")


def run_revealed(record: FunRecord, now: float) -> bool:
    """A run's seed is shown once nothing is left to draw: at its end, or a daily's at the next 00:00 UTC."""
    return revealed(record.daily, now) if record.daily else record.total is not None


async def verify(session: Session, number: int) -> None:
    """'funhouse verify N': every draw of a run recomputed from its revealed seeds (docs/fairness.md)."""
    record = await stored_run(session, number)
    now = session.services.clock()
    dice = await session.services.funhouse.dice_of(record)
    if dice is not None and not run_revealed(record, now):
        raise Refusal(words.NOT_REVEALED.format(run=number, when=words.WHEN_DAILY if record.daily else words.WHEN_RUN))
    exported = verifying.export(keyedchance.GAME, number, record.events, dice or NOT_RECORDED)
    checked = await asyncio.to_thread(verifying.verify, exported)
    session.send(Message(checked.text, "verify", {"run": str(number), "matches": "yes" if checked.matches else "no"}))


async def tell_dice(session: Session, live: LiveRun, now: float) -> None:
    """A run's commitment as it starts (a daily's: the day's, and the day before's seed, now revealed)."""
    dice, day = live.dice, live.run.state.daily
    if dice is None:
        return
    if day is None:
        own = dice["seeds"][0]
        session.tell(words.RUN_DICE.format(commitment=dice["commitment"], seed=own["seed"], run=live.run_id,
                                           made=words.MADE if own["made"] else ""), "funhouse")
        return
    session.tell(words.DAILY_DICE.format(commitment=dice["commitment"]), "funhouse")
    before = (datetime.date.fromisoformat(day) - datetime.timedelta(days=1)).isoformat()
    if (yesterday := await session.services.store.dice(DAILY, before)) is not None:
        session.tell(words.DAILY_REVEALED.format(day=before, seed=yesterday["server_seed"],
                                                 commitment=yesterday["commitment"]), "funhouse")
