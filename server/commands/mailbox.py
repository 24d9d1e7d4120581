"""@mail: letters to a player who may not be on, kept in the store until they delete them (Fuzzball's and Evennia's
mail, simply): sent, announced when they are on or at their next login, listed, read and deleted. Within caps (issue
37, finding 5: 5,460 letters in 20 s from one address, and each of the 6,500 deletes it took loaded every letter):
a mailbox holds ``letters.mailbox_cap`` letters, a player sends ``letters.per_hour``, a list loads headers only, and
'@mail delete' takes all, a sender's or a range at once."""

from __future__ import annotations

from engine.numbers import typed_number
from rooms.messages import Refusal, speech
from server.words import texts
from server.commands.args import UsageError, target_and_text
from server.commands.registry import command
from server.commands.serverinfo import utc_date
from server.community.names import skeleton
from server.limits.quotas import Quotas
from server.community.sanctions import may_talk
from server.session import Session
from server.store import Letter
from server.store.domain import PREVIEW

MAIL_MAX = 2000
"""Characters a letter may hold."""


@command("@mail", category="talk")
async def mail(session: Session, args: str) -> None:
    """@mail [<player>=<message> | <n> | delete <n>|<n>-<m>|from <player>|all]

    Mail for players who may not be on: '@mail Bruno=see you at table 2'
    keeps it for Bruno, who is told now or when he next logs in. '@mail'
    alone lists your letters (* marks the unread), '@mail 1' reads the first,
    '@mail delete 1' throws it away ('delete 2-5' those four, 'delete
    from Bruno' all of his, 'delete all' every one). A mailbox holds a
    limited number of letters, and each player sends a limited number an
    hour.
    """
    text = args.strip()
    verb, _, rest = text.partition(" ")
    if not text:
        await _list(session)
    elif "=" in text:
        await _send(session, text)
    elif verb.casefold() == "delete" and rest.strip():
        await _delete(session, rest.strip())
    elif typed_number(text) is not None:
        letter = await _numbered(session, text)
        body = await session.services.store.letter_body(_me(session), letter.id)
        if body is None:  # deleted meanwhile (another connection of theirs)
            raise Refusal(texts.MAIL_NO_NUMBER.format(number=text, count=len(await _letters(session))))
        await session.services.store.mark_read(_me(session), letter.id)
        session.page(texts.MAIL_READ.format(sender=letter.sender, when=utc_date(letter.sent_at), body=body), "mail")
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
    sent = services.quotas.letters
    Quotas.allow(sent, session.player, texts.QUOTA_LETTERS)
    account = await services.store.find(skeleton(name))
    if account is None or account.name.casefold() != name.strip().casefold():
        raise Refusal(texts.NO_SUCH_PLAYER.format(name=name.strip()))
    ignored = {who.casefold() for who in await services.store.ignored(account.skeleton)}
    most = services.settings.letters.mailbox_cap
    if session.player.casefold() not in ignored:  # (a letter they would never see would fill their mailbox)
        if not await services.store.send_letter(account.skeleton, session.player, services.clock(), body, most):
            raise Refusal(texts.MAIL_FULL.format(name=account.name, most=most))
    sent.count(session.player)
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
        preview = letter.preview if len(letter.preview) <= PREVIEW else letter.preview[:PREVIEW - 3] + "..."
        lines.append(texts.MAIL_LINE.format(number=number, mark=" " if letter.read else "*", sender=letter.sender,
                                            when=utc_date(letter.sent_at), preview=preview))
    session.page("\n".join(lines), "mail")


async def _delete(session: Session, what: str) -> None:
    """``N``, ``N-M`` (the numbers '@mail' shows), ``from NAME`` or ``all`` (every letter, those of players ignored
    included)."""
    store = session.services.store
    word, _, name = what.partition(" ")
    if what.casefold() == "all":
        count = await store.delete_letters(_me(session), None)
    elif word.casefold() == "from" and name.strip():
        ids = [letter.id for letter in await _letters(session) if letter.sender.casefold() == name.strip().casefold()]
        if not ids:
            raise Refusal(texts.MAIL_NONE_FROM.format(name=name.strip()))
        count = await store.delete_letters(_me(session), ids)
    elif "-" in what:
        first, _, last = what.partition("-")
        letters = await _letters(session)
        low, high = _number_in(letters, first), _number_in(letters, last)
        if low > high:
            raise UsageError
        count = await store.delete_letters(_me(session), [letter.id for letter in letters[low - 1:high]])
    else:
        letter = await _numbered(session, what)
        await store.delete_letters(_me(session), [letter.id])
        session.tell(texts.MAIL_DELETED.format(sender=letter.sender), "mail")
        return
    session.tell(texts.MAIL_DELETED_MANY.format(count=count, s="" if count == 1 else "s"), "mail", count=str(count))


async def _numbered(session: Session, word: str) -> Letter:
    letters = await _letters(session)
    return letters[_number_in(letters, word) - 1]


def _number_in(letters: list[Letter], word: str) -> int:
    """A letter's number as typed, among ``letters`` (refused if it is none of theirs)."""
    number = typed_number(word.strip())
    if number is None or not 1 <= number <= len(letters):
        raise Refusal(texts.MAIL_NO_NUMBER.format(number=word.strip(), count=len(letters)))
    return number


async def _letters(session: Session) -> list[Letter]:
    """The player's letters (headers), but those from players they ignore."""
    return [letter for letter in await session.services.store.letters(_me(session))
            if letter.sender not in session.ignoring]


def _me(session: Session) -> str:
    assert session.account is not None
    return session.account.skeleton
