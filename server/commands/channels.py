"""Channels: talk heard by everyone on them, wherever they are (``+pub hi``); kept in the database."""

from __future__ import annotations

import re
import time
from collections import deque

from engine.numbers import typed_number
from rooms.messages import Delivery, Message, Refusal, speech
from rooms.world import posed
from server.words import texts
from server.commands.args import UsageError, required
from server.commands.registry import command
from server.community.sanctions import may_talk, record
from server.session import Session
from server.services import RECALL_MAX, Recalled
from server.store import Channel

RECALL_SHOWN = 10
"""Lines '@channel recall <channel>' shows unless told how many."""

CHANNEL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")


def find_channel(session: Session, word: str) -> Channel:
    """A channel by its name or the start of it (when only one name starts so)."""
    channels = session.services.channels
    wanted = word.strip().casefold()
    exact = [c for c in channels.values() if c.name.casefold() == wanted]
    found = exact or [c for c in channels.values() if c.name.casefold().startswith(wanted)]
    if not found:
        raise Refusal(texts.NO_SUCH_CHANNEL.format(name=word.strip()))
    if len(found) > 1:
        raise Refusal(texts.WHICH_CHANNEL.format(name=word.strip(), channels=", ".join(c.name for c in found)))
    return found[0]


@command("+", category="talk")
async def channel_say(session: Session, args: str) -> None:
    """+<channel> <message>      or      +<channel> :<action>

    Talk on a channel you are on: everyone on it hears, wherever they are.
    '+pub hi' shows "[pub] Igor says, "hi"", '+pub :waves' shows "[pub] Igor waves".
    """
    word, _, text = args.partition(" ")
    if not word or not text.strip():
        raise UsageError
    channel = find_channel(session, word)
    if channel.name not in session.channels:
        raise Refusal(texts.NOT_ON_CHANNEL.format(channel=channel.name))
    may_talk(session, channel.name)
    text, me = speech(text), session.player
    if text.startswith(":"):
        if not text[1:].strip():
            raise UsageError
        line = f"[{channel.name}] {posed(me, text[1:].strip())}"
    else:
        line = f'[{channel.name}] {me} says, "{text}"'
    message = Message(line, "channel", {"who": me, "channel": channel.name, "text": text})
    services = session.services
    services.channel_history.setdefault(channel.name, deque(maxlen=RECALL_MAX)).append(
        Recalled(services.clock(), me, line))
    services.presence.deliver(Delivery(name, message) for name, other in services.presence.players.items() if channel.name in other.channels)


@command("@channel", category="talk", powers=True)
async def channel_admin(session: Session, args: str) -> None:
    """@channel list|join <channel>|leave <channel>|who <channel>|recall <channel>

    'list' shows the channels, how many are on each and which you are on;
    'join' and 'leave' choose what you hear (kept for your next visits); 'who'
    lists who is on one now; 'recall' shows its last lines (since the server
    started; '@channel recall pub 5': the last five). Wizards: '@channel create <name>=<description>'
    and '@channel destroy <name>'.
    """
    verb, _, rest = args.strip().partition(" ")
    if verb == "list" and not rest:
        _list(session)
    elif verb in ("join", "leave"):
        await _membership(session, find_channel(session, required(rest)), verb == "join")
    elif verb == "who":
        channel = find_channel(session, required(rest))
        names = [name for name, s in session.services.presence.players.items() if channel.name in s.channels]
        session.tell(texts.CHANNEL_WHO.format(channel=channel.name, names=", ".join(names) or "nobody"), "channels")
    elif verb == "recall":
        _recall(session, rest)
    elif verb in ("create", "destroy"):
        if not session.wizard:
            raise Refusal(texts.PERMISSION_DENIED)
        await (_create(session, rest) if verb == "create" else _destroy(session, find_channel(session, required(rest))))
    else:
        raise UsageError


def _recall(session: Session, args: str) -> None:
    word, _, count = required(args).partition(" ")
    wanted = typed_number(count) if count.strip() else RECALL_SHOWN
    if wanted is None or wanted < 1:
        raise UsageError
    channel = find_channel(session, word)
    if channel.name not in session.channels:
        raise Refusal(texts.NOT_ON_CHANNEL.format(channel=channel.name))
    said = [r for r in session.services.channel_history.get(channel.name, ()) if r.who not in session.ignoring]
    if not said:
        session.tell(texts.RECALL_NONE.format(channel=channel.name), "channels")
        return
    lines = [f"{time.strftime('%H:%M', time.gmtime(r.at))} {r.line}" for r in said[-wanted:]]
    session.page("\n".join([texts.RECALL_HEADER.format(channel=channel.name), *lines]), "channels")


def _list(session: Session) -> None:
    services = session.services
    lines = [texts.CHANNEL_HEADER]
    for channel in services.channels.values():
        on = sum(channel.name in s.channels for s in services.presence.players.values())
        mark = "*" if channel.name in session.channels else " "
        lines.append(texts.CHANNEL_LINE.format(mark=mark, name=channel.name, on=on, description=channel.description))
    session.tell("\n".join(lines), "channels")


async def _membership(session: Session, channel: Channel, joining: bool) -> None:
    if (channel.name in session.channels) == joining:
        raise Refusal((texts.ON_CHANNEL_ALREADY if joining else texts.NOT_ON_CHANNEL).format(channel=channel.name))
    assert session.account is not None
    await session.services.store.set_member(channel.name, session.account.skeleton, joining)
    (session.channels.add if joining else session.channels.discard)(channel.name)
    session.tell((texts.CHANNEL_JOINED if joining else texts.CHANNEL_LEFT).format(channel=channel.name))


async def _create(session: Session, args: str) -> None:
    name, sep, description = (part.strip() for part in args.partition("="))
    if not sep or not name or not description:
        raise UsageError
    if not CHANNEL_NAME.fullmatch(name):
        raise Refusal(texts.CHANNEL_NAME_RULE)
    name = name.lower()
    if name in session.services.channels:
        raise Refusal(texts.CHANNEL_TAKEN.format(channel=name))
    channel = Channel(name, description, False)
    await session.services.store.create_channel(channel)
    session.services.channels[name] = channel
    await record(session, "channel_create", name, description)
    session.tell(texts.CHANNEL_CREATED.format(channel=name))


async def _destroy(session: Session, channel: Channel) -> None:
    await session.services.store.destroy_channel(channel.name)
    del session.services.channels[channel.name]
    for other in session.services.presence.players.values():
        other.channels.discard(channel.name)
    await record(session, "channel_destroy", channel.name)
    session.tell(texts.CHANNEL_DESTROYED.format(channel=channel.name))
