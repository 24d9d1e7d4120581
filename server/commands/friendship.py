"""Friends and challenges (issue 38): following players (one-way, no consent needed: only what WHO and 'tables'
show of them), being told when they connect, and offering a game to someone ('challenge', 'accept', 'decline')."""

from __future__ import annotations

import time

from engine.numbers import typed_number
from rooms.messages import Refusal
from server.words import posttexts
from server.acrossdays.challenges import Challenges
from server.commands.args import UsageError
from server.commands.registry import command
from server.commands.who import idle
from server.friends.friendslist import FriendRow, friends_message
from server.community.names import skeleton
from server.session import Session


def _challenges(session: Session) -> Challenges:
    assert session.services.challenges is not None
    return session.services.challenges


@command("friend", category="general")
async def friend(session: Session, args: str) -> None:
    """friend add|remove <name>

    Follow a player as a friend, or stop: 'friends' lists them, whether they
    are on and at which tables they sit, and '@set friends-notify=on' tells you
    when one connects. Following is one-way (they are not asked, and see only
    what WHO shows anyone).
    """
    verb, _, name = args.strip().partition(" ")
    if verb.lower() not in ("add", "remove") or not name.strip():
        raise UsageError
    assert session.account is not None
    store = session.services.store
    found = await store.find(skeleton(name))
    if verb.lower() == "add":
        if found is None:
            raise Refusal(posttexts.FRIEND_NOBODY.format(name=name.strip()))
        if found.name == session.player:
            raise Refusal(posttexts.FRIEND_SELF)
        await store.set_friend(session.account.skeleton, found.name, True)
        session.tell(posttexts.FRIEND_ADDED.format(name=found.name), "friends", friend=found.name, following="yes")
        return
    followed = {friend.casefold(): friend for friend in await store.friends(session.account.skeleton)}
    named = followed.get(name.strip().casefold(), found.name if found else name.strip())
    await store.set_friend(session.account.skeleton, named, False)
    session.tell(posttexts.FRIEND_REMOVED.format(name=named), "friends", friend=named, following="no")


@command("friends", category="general")
async def friends(session: Session, args: str) -> None:
    """friends

    The players you follow ('friend add NAME'): who is on (and idle how long),
    and at which tables each sits.
    """
    assert session.account is not None
    services, now = session.services, time.monotonic()
    found = []
    for name in await services.store.friends(session.account.skeleton):
        other = services.presence.players.get(name)
        found.append(FriendRow(name=name, online=other is not None,
                               idle=None if other is None else max(0.0, now - other.last_active),
                               tables=[live.table.number for live in services.tables.where.seats_of(name)]))
    session.send(friends_message(found, idle))


@command("challenge", category="general")
async def challenge(session: Session, args: str) -> None:
    """challenge <name> [game=...] [options]

    Offer a player a game: the options are those of 'table open' (for example
    'challenge Ann game=poker pace=correspondence days=3'). They are told at
    once if connected, else at their next login and in 'games', and answer
    with 'accept' or 'decline'; accepting opens the table where they are,
    seats you both and starts the game. A challenge waits a week for its
    answer; 'decline N' withdraws one of yours.
    """
    name, _, options = args.strip().partition(" ")
    if not name:
        raise UsageError
    made = await _challenges(session).make(session.player, name, options)
    session.tell(posttexts.CHALLENGE_SENT.format(name=made.whom, what=Challenges.what(made), number=made.id),
                 "challenge_sent", id=str(made.id), whom=made.whom)


@command("accept", category="general")
async def accept(session: Session, args: str) -> None:
    """accept [challenge]

    Accept a challenge made to you (the one numbered, if several wait): the
    table opens in the room you are in, with you both seated, and the game
    starts. A new correspondence table does not take over from a live game
    you are in, or a correspondence table waiting on your move: that stays
    your current table; play the new one with '@N' ('roll @4') or go there
    with 'play N'.
    """
    await _challenges(session).answer(session.player, _number(args), True)


@command("decline", category="general")
async def decline(session: Session, args: str) -> None:
    """decline [challenge]

    Decline a challenge made to you, or withdraw one you made (the one
    numbered, if several wait).
    """
    challenge, _ = await _challenges(session).answer(session.player, _number(args), False)
    session.tell(posttexts.DECLINED.format(name=session.player, number=challenge.id), "challenge_answer",
                 id=str(challenge.id))


def _number(args: str) -> int | None:
    word = args.strip().lstrip("#")
    if not word:
        return None
    number = typed_number(word)
    if number is None:
        raise UsageError
    return number
