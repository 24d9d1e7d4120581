"""@mail: letters to a player who may not be on, kept in the store until they delete them (Fuzzball's and Evennia's
mail, simply): sent, announced when they are on or at their next login, listed, read and deleted."""

from __future__ import annotations

from engine.numbers import typed_number
from rooms.messages import Refusal, speech
from server import texts
from server.commands.args import UsageError, target_and_text
from server.commands.registry import command
from server.commands.serverinfo import utc_date
from server.names import skeleton
from server.sanctions import may_talk
from server.session import Session
from server.store import Letter

MAIL_MAX = 2000
"""Characters a letter may hold."""
PREVIEW = 40
"""Characters of each letter the list shows."""


@command("@mail", category="talk")
async def mail(session: Session, args: str) -> None:
    """@mail [<player>=<message> | <number> | delete <number>]

    Mail for players who may not be on: '@mail Bruno=see you at table 2'
    keeps it for Bruno, who is told now or when he next logs in. '@mail'
    alone lists your letters (* marks the unread), '@mail 1' reads the first,
    '@mail delete 1' throws it away.
    """
    text = args.strip()
    verb, _, rest = text.partition(" ")
    if not text:
        await _list(session)
    elif "=" in text:
        await _send(session, text)
    elif verb.casefold() == "delete" and rest.strip():
        letter = await _numbered(session, rest)
        await session.services.store.delete_letter(_me(session), letter.id)
        session.tell(texts.MAIL_DELETED.format(sender=letter.sender), "mail")
    elif typed_number(text) is not None:
        letter = await _numbered(session, text)
        await session.services.store.mark_read(_me(session), letter.id)
        session.page(texts.MAIL_READ.format(sender=letter.sender, when=utc_date(letter.sent_at), body=letter.body), "mail")
    else:
        raise UsageError


async def unread_at_login(session: Session) -> None:
    """At login: how many unread letters are waiting, if any."""
    unread = sum(not letter.read for letter in await _letters(session))
    if unread:
        session.tell(texts.MAIL_WAITING.format(count=unread, s="" if unread == 1 else "s"), "mail")


async def _send(session: Session, text: str) -> None:
    name, body = target_and_text(text)
    may_talk(session)
    body = speech(body)
    if len(body) > MAIL_MAX:
        raise Refusal(texts.MAIL_TOO_LONG.format(most=MAIL_MAX))
    services = session.services
    account = await services.store.find(skeleton(name))
    if account is None or account.name.casefold() != name.strip().casefold():
        raise Refusal(texts.NO_SUCH_PLAYER.format(name=name.strip()))
    await services.store.send_letter(account.skeleton, session.player, services.clock(), body)
    session.tell(texts.MAIL_SENT.format(name=account.name), "mail")
    there = services.presence.players.get(account.name)
    if there is None:
        await services.notices.mail_received(account.name, session.player)
    elif session.player not in there.ignoring:
        there.tell(texts.MAIL_ARRIVED.format(sender=session.player), "mail")


async def _list(session: Session) -> None:
    letters = await _letters(session)
    if not letters:
        session.tell(texts.MAIL_NONE, "mail")
        return
    lines = [texts.MAIL_HEADER]
    for number, letter in enumerate(letters, 1):
        preview = letter.body if len(letter.body) <= PREVIEW else letter.body[:PREVIEW - 3] + "..."
        lines.append(texts.MAIL_LINE.format(number=number, mark=" " if letter.read else "*", sender=letter.sender,
                                            when=utc_date(letter.sent_at), preview=preview))
    session.page("\n".join(lines), "mail")


async def _numbered(session: Session, word: str) -> Letter:
    letters = await _letters(session)
    number = typed_number(word.strip())
    if number is None or not 1 <= number <= len(letters):
        raise Refusal(texts.MAIL_NO_NUMBER.format(number=word.strip(), count=len(letters)))
    return letters[number - 1]


async def _letters(session: Session) -> list[Letter]:
    """The player's letters, but those from players they ignore."""
    return [letter for letter in await session.services.store.letters(_me(session))
            if letter.sender not in session.ignoring]


def _me(session: Session) -> str:
    assert session.account is not None
    return session.account.skeleton
