"""The login screen: connect, create and QUIT (Fuzzball's words, TinyFugue's quoting)."""

from __future__ import annotations

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError, words
from server.commands.registry import Stage, command
from server.commands.mailbox import unread_at_login
from server.commands.oversight import reports_at_login
from server.commands.serverinfo import news_at_login
from server.community.invitations import valid_since
from server.community.names import look_alike, password_problem, skeleton
from server.community.ownwords import new_name_refused
from server.community.passwords import hash_password_async, outdated, verify_password_async
from server.session import Session
from server.store import InviteRefused, NameTaken, StoreDown
from server.ops.storewatch import spared

log = structlog.get_logger()


@command("connect", stage=Stage.LOGIN, category="login")
async def connect(session: Session, args: str) -> None:
    """connect <playername> <password>

    Log in to your character. Put quotes around a name or password with spaces
    in it: connect Igor "my secret". Leave the password out to be asked for it
    without it showing on screen. Logging in while already connected elsewhere
    takes that connection over.
    """
    name, password = await _credentials(session, args, texts.CONNECT_EXAMPLE)
    if password is None or _address_banned(session):
        return
    throttle, address, key = session.services.login_throttle, session.address, skeleton(name)
    wait = throttle.guess(key, address)  # before any await: parallel guesses each take their own token
    if wait > 0:
        session.refuse(texts.LOGIN_THROTTLED.format(seconds=int(wait) + 1), "rate_limited")
        return
    account = await session.services.store.find(key)
    if (
        account is None
        or account.name.casefold() != name.casefold()
        or not await verify_password_async(password, account.password_hash)
    ):
        throttle.wrong(address)
        # only an existing account's name: what was typed may be the password (swapped, or alone on the line)
        log.info("session.login_failed", account=account.name if account else None, address=address)
        session.refuse(texts.BAD_LOGIN, "login_failed")
        return
    if account.banned:
        throttle.wrong(address)
        log.info("session.login_banned", name=account.name, address=address)
        session.refuse(texts.BANNED, "banned")
        return
    throttle.right(key, address)
    if (held := session.services.holds.account(key)) > 0:  # booted or banned a moment ago: not back at once
        session.refuse(texts.HELD.format(seconds=int(held) + 1), "rate_limited")
        return
    log.info("session.login", name=account.name, address=address, out_of_band=session.sink.out_of_band)
    session.tell(texts.WELCOME_BACK.format(name=account.name), "welcome", name=account.name)
    await session.services.presence.enter(session, account)
    await _greeted(session)
    cost = session.services.settings.password_hash_cost
    if outdated(account.password_hash, cost):  # an older release's cheaper hash: the password is at hand now
        try:
            await session.services.store.set_password_hash(key, await hash_password_async(password, cost))
        except StoreDown:  # (redone at the next login)
            return
        log.info("account.password_rehashed", name=account.name, cost=cost)


@command("create", stage=Stage.LOGIN, category="login")
async def create(session: Session, args: str) -> None:
    """create <playername> <password>

    Make a new character and log in as it. A name starts with a letter, uses
    only the letters A to Z (no accents), digits, - and _, and must not look
    like an existing name.
    Quote a password with spaces in it. Leave the password out to be asked for
    it twice, without it showing on screen. On a server that takes new players
    by invitation, give your code first: invite <code>.
    """
    name, password = await _credentials(session, args, texts.CREATE_EXAMPLE, again=True)
    if password is None or _address_banned(session) or _not_joining(session, name):
        return
    problem = await new_name_refused(name, session.services.settings.wizards) or password_problem(name, password)
    if problem:
        session.refuse(problem, "bad_name")
        return
    services = session.services
    if (existing := await services.store.find(skeleton(name))) is not None:  # before the throttle: a typo costs nothing
        _refuse_taken(session, name, existing.name)
        return
    if (alike := look_alike(name, await services.store.names())) is not None:
        _refuse_taken(session, name, alike)
        return
    held = services.holds.address(session.address)  # a character booted or banned from here a moment ago
    wait = held if held > 0 else services.login_throttle.create(session.address)
    if wait > 0:
        session.refuse(texts.CREATE_THROTTLED.format(seconds=int(wait) + 1), "rate_limited")
        return
    password_hash = await hash_password_async(password, services.settings.password_hash_cost)
    invite = session.invite if _gated(session, name) else None
    try:
        account = await services.store.create(name, skeleton(name), password_hash, invite,
                                              valid_since(services.clock()))
    except NameTaken as taken:  # created meanwhile by another connection
        _refuse_taken(session, name, taken.existing)
        return
    except InviteRefused:  # used meanwhile by another connection, or too old now
        session.invite = None
        session.refuse(texts.INVITE_UNKNOWN, "refused")
        return
    if invite is not None:
        await services.store.record(account.name, "joined", invite, "")
    log.info("account.created", name=account.name, address=session.address, invite=invite)
    session.tell(texts.CREATED.format(name=account.name), "welcome", name=account.name)
    await services.presence.enter(session, account)
    await _greeted(session)
    narrow = session.sink.width < max(map(len, texts.NEWCOMER.splitlines()))
    session.tell(texts.NEWCOMER_NARROW if narrow else texts.NEWCOMER)  # after the room, the last thing on screen: a newcomer's first question


def _gated(session: Session, name: str) -> bool:
    """Whether the ``registration`` setting bars ``name`` from being created freely here (it is not ``open``; the
    configured wizards' exact names are never barred)."""
    settings = session.services.settings
    return settings.registration != "open" and all(w.casefold() != name.casefold() for w in settings.wizards)


def _not_joining(session: Session, name: str) -> bool:
    """Refuse a new character while the server takes none (``registration = "closed"``), or none without an
    invitation ('invite <code>' first)."""
    if not _gated(session, name):
        return False
    if session.services.settings.registration == "closed":
        session.refuse(texts.REGISTRATION_CLOSED, "refused")
        return True
    if session.invite is None:
        session.refuse(texts.INVITE_NEEDED, "refused")
        return True
    return False


def _address_banned(session: Session) -> bool:
    """Refuse, and hang up on, a connection whose address a wizard banned while it stood at the login screen (new
    connections are refused at admission)."""
    if session.services.address_bans.find(session.address) is None:
        return False
    session.close(texts.ADDRESS_BANNED)
    return True


async def _greeted(session: Session) -> None:
    """What a player is shown as they log in, after the room: the news, any unread mail, (wizards) reports waiting,
    and what happened while they were away."""
    news_at_login(session)
    await spared(unread_at_login(session))  # (logged in all the same while the store fails)
    await spared(reports_at_login(session))
    await spared(session.services.notices.back(session))


def _refuse_taken(session: Session, name: str, existing: str) -> None:
    same = existing.casefold() == name.casefold()
    session.refuse(texts.TAKEN if same else texts.LOOKS_TAKEN.format(existing=existing), "name_taken")


@command("QUIT", stage=Stage.ANY, category="general")
async def quit_(session: Session, args: str) -> None:
    """QUIT

    Leave the game. Your character is kept for next time.
    """
    session.close(texts.QUIT)


async def _credentials(session: Session, args: str, example: str, again: bool = False) -> tuple[str, str | None]:
    """Name and password from the line, asking for a hidden password if only a name came (``again``: twice, and a
    new name is checked before asking). None for the password: the connection went, or the two did not match."""
    given = words(args, example)
    if not given:
        raise UsageError
    if len(given) > 2:
        raise Refusal(texts.QUOTE_SPACES.format(example=example))
    if len(given) == 2:
        return given[0], given[1]
    name = given[0]
    if again and _not_joining(session, name):
        return name, None
    if again and (problem := await new_name_refused(name, session.services.settings.wizards)):
        session.refuse(problem, "bad_name")
        return name, None
    password = await session.ask_secret(texts.PASSWORD_PROMPT)
    if password is None or not again:
        return name, password
    if await session.ask_secret(texts.PASSWORD_AGAIN_PROMPT) != password:
        session.refuse(texts.PASSWORDS_DIFFER, "usage")
        return name, None
    return name, password

