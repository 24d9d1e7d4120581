"""Tables in rooms: opening, listing, sitting, watching, starting, leaving, and looking at the score and rules."""

from __future__ import annotations

import re

from engine.numbers import typed_number
from rooms.messages import Refusal
from server.words import posttexts, texts
from server.acrossdays.correspondence import days
from server.commands.args import UsageError
from server.commands.registry import command
from server.community.sanctions import may_talk
from server.session import Session
from server.settings import MAX_BOT_PACE
from server.tables.livetable import Live
from server.limits.quotas import Quotas
from server.tables.hosting import Tables
from server.tables.tabledice import WATCH_SEALED, committed, same_dice, start as start_game


CONFIRM = ("y", "yes")


def _tables(session: Session) -> Tables:
    return session.services.tables


def table_number(args: str) -> int | None:
    """A table's number as typed (``2`` or ``#2``); None if none was given."""
    word = args.strip().lstrip("#")
    if not word:
        return None
    number = typed_number(word)
    if number is None:
        raise Refusal(texts.NO_SUCH_TABLE.format(number=word))
    return number


def _here(session: Session, args: str, verb: str) -> Live:
    """The table named by number (it must be in this room), or the only one here."""
    tables, room = _tables(session), session.services.world.location(session.player)
    number = table_number(args)
    if number is not None:
        live = tables.get(number)
        if live.table.room != room.key:
            where = session.services.world.room(live.table.room).name
            raise Refusal(texts.TABLE_ELSEWHERE.format(number=number, room=where, verb=verb))
        return live
    here = tables.in_room(room.key)
    if not here:
        raise Refusal(texts.NO_TABLE_HERE)
    if len(here) > 1:
        numbers = ", ".join(str(live.table.number) for live in here)
        raise Refusal(texts.WHICH_TABLE.format(numbers=numbers, verb=verb, first=here[0].table.number))
    return here[0]


def seated(session: Session) -> Live:
    live = _tables(session).seat_of(session.player)
    if live is None:
        raise Refusal(texts.NOT_AT_A_TABLE)
    return live


def _seen(session: Session, args: str) -> Live:
    """The table named by number, else the one you sit at or watch, else the only one in the room."""
    tables, name = _tables(session), session.player
    number = table_number(args)
    if number is not None:
        return tables.get(number)
    return tables.followed(name) or _here(session, "", "look at it")


@command("table", category="table")
async def table(session: Session, args: str) -> None:
    """table open|set [options] | table bot add|remove [name] | table pace [N]

    'table open' opens a table in the room you are in and sits you at it; others
    join with 'sit'. 'table open game=NAME' opens a table of that game (each
    game's options are below; the first game is the default). 'table set'
    changes the options before the game starts while no one else sits at the
    table (house bots aside); with others seated, each change is put to them as
    a proposal (see 'help guiding light'). 'table bot add' seats a house bot
    (Robby1.bot, or the name given) before the start, playing as the words
    after it say (below). 'table bot remove Robby1' sends a bot away (during
    the game it leaves the game). Bots stand up when the last person does
    before the start; a table with no person left in its game is closed.
    'table pace' says how long the house bots at your table wait, 'table pace
    2' makes them wait 2 seconds (0 to 5) before each throw.
    """
    verb, _, rest = args.strip().partition(" ")
    action, _, words = rest.strip().partition(" ")
    if verb == "open":
        opened = session.services.quotas.tables
        Quotas.allow(opened, session.player, texts.QUOTA_TABLES)
        live = await _tables(session).open(session.player, rest.split())
        opened.count(session.player)
        if live.post is not None:
            session.tell(posttexts.OPENED_POST.format(number=live.table.number, days=days(live.post.days)),
                         "table_post", table=str(live.table.number))
        session.tell(texts.TABLE_OPENED_NEXT, "table")
    elif verb == "set" and rest.strip():
        live = seated(session)
        may_talk(session)  # with others seated, each change is put to them
        await _tables(session).act(live, lambda: live.table.play.set_options(session.player, rest.split()))
    elif verb == "bot" and action == "add":
        live = seated(session)
        if words.split()[:1] and words.split()[0] not in live.table.play.bot_kinds:
            may_talk(session)  # a bot's name is shown to everyone
        await _tables(session).act(live, lambda: live.table.add_bot(session.player, words.split()))
    elif verb == "bot" and action == "remove" and words.strip():
        live = seated(session)
        await _tables(session).act(live, lambda: live.table.remove_bot(session.player, words, live.dice))
    elif verb == "pace" and not action:
        live = seated(session)
        session.tell(texts.PACE_NOW.format(number=live.table.number, seconds=f"{live.pace:g}"), "table")
    elif verb == "pace":
        live = seated(session)
        await _tables(session).set_pace(live, _pace(action))
        session.tell(texts.PACE_SET.format(number=live.table.number, seconds=f"{live.pace:g}"), "table")
    else:
        raise UsageError


SECONDS = re.compile(r"[0-9]*\.?[0-9]+")
"""Seconds as people type them: ASCII digits and a point (``float`` also reads -0, 1e-300, NaN, ٣ and 0_5)."""


def _pace(word: str) -> float:
    seconds = float(word) if SECONDS.fullmatch(word) else -1.0
    if not 0 <= seconds <= MAX_BOT_PACE:
        raise Refusal(texts.PACE_USAGE.format(most=f"{MAX_BOT_PACE:g}"))
    return seconds


@command("tables", category="table")
async def tables_(session: Session, args: str) -> None:
    """tables

    List every open table, in every room: its seats (and scores), its state and
    who watches.
    """
    world = session.services.world
    lives = sorted(_tables(session).live.values(), key=lambda live: live.table.number)
    for live in lives:  # one message each, so a program (the web page) reads each table's number and room
        view = session.view_of(live.table)
        session.tell(live.kind.table_line(view, world.room(view.room).name), "table_list", table=str(view.table),
                     room=view.room, status=view.status.value)
    if not lives:
        session.tell(texts.NO_TABLES, "table")


@command("sit", category="table")
async def sit(session: Session, args: str) -> None:
    """sit [table]

    Take a seat at a table in this room (the only one here, or the one numbered)
    before its game starts. Your seat is kept if you walk out or lose your
    connection.
    """
    live = _here(session, args, "sit")
    await _tables(session).act(live, _tables(session).sit(session.player, live))


@command("stand", category="table")
async def stand(session: Session, args: str) -> None:
    """stand

    Give up your seat before the game starts.
    """
    live = seated(session)
    await _tables(session).act(live, lambda: live.table.stand(session.player))


@command("watch", category="table")
async def watch(session: Session, args: str) -> None:
    """watch [table]

    Watch a table in this room: you see every throw and hear the table's talk,
    even after you walk out, and the commitment of its game's dice. 'unwatch'
    stops.
    """
    live = _here(session, args, "watch")
    if same_dice(_tables(session).seat_of(session.player), live):
        raise Refusal(WATCH_SEALED.format(table=live.table.number))
    if await _tables(session).act(live, lambda: live.table.watch(session.player)) and live.checked is not None:
        session.send(committed(live))  # what the players were shown at the start


@command("unwatch", category="table")
async def unwatch(session: Session, args: str) -> None:
    """unwatch [table]

    Stop watching a table.
    """
    tables, name = _tables(session), session.player
    number = table_number(args)
    watched = [t for t in tables.live.values() if name in t.table.watchers and number in (None, t.table.number)]
    if not watched:
        raise Refusal(texts.NOT_WATCHING if number is None else f"You are not watching table {number}.")
    for live in watched:
        await tables.act(live, lambda: live.table.unwatch(name))


@command("start", category="table")
async def start(session: Session, args: str) -> None:
    """start

    Start the game at your table (at least two players sitting). The roll-off
    for the first turn is thrown and shown.
    """
    live = seated(session)
    await start_game(_tables(session), live, session.player)


@command("leave", category="table")
async def leave(session: Session, args: str) -> None:
    """leave [yes]

    Leave your table: before the game, give up your seat; during it, leave the
    game and your seat (your score is lost, and a rated game is a loss for
    you, a win for nobody: you are asked first, unless you type 'leave yes');
    when watching, stop watching.
    """
    tables, name = _tables(session), session.player
    live = tables.followed(name)
    if live is None:
        raise Refusal(texts.NOT_WATCHING)
    score = live.table.forfeits(name)
    if score is not None and args.strip().lower() not in CONFIRM:
        session.sink.prompt(texts.LEAVE_CONFIRM.format(number=live.table.number, score=score))
        answer = await session.read_line()
        if answer is None:
            return
        said = answer.text.strip().lower()
        if answer.too_long or said not in CONFIRM:
            session.tell(texts.LEAVE_CANCELLED.format(number=live.table.number))
            if answer.too_long or said not in ("n", "no"):
                session.run_next(answer)  # not inside 'leave': 'leave' answering 'leave' would nest without end
            return
    await tables.act(live, lambda: live.table.leave(name, live.dice))


@command("score", category="table")
async def score(session: Session, args: str) -> None:
    """score [table]

    The scoreboard of your table (or the one numbered): each player's score,
    whether they are in the game, Insurance Points, train wrecks, who is up, and
    Last Licks.
    """
    live = _seen(session, args)
    session.tell(live.kind.scoreboard(session.view_of(live.table), session.player, session.style), "table")


@command("rules", category="table")
async def rules(session: Session, args: str) -> None:
    """rules [table]

    The rules of your table (or the one numbered), each in one line of plain
    words, the changes adopted for the next turn, and each Guiding Light
    proposal still open with who has voted and who has not.

    """
    live = _seen(session, args)
    session.page(live.kind.rules_text(session.view_of(live.table)), "table")
