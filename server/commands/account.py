"""Looking after your own account: its password, and deleting it."""

from __future__ import annotations

import dataclasses

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError, quoted_pair
from server.commands.registration import configured_wizard, follow
from server.commands.registry import command
from server.commands.seating import CONFIRM
from server.community.names import password_problem
from server.community.passwords import hash_password_async, verify_password_async
from server.session import Session
from server.store import FORMER

log = structlog.get_logger()


@command("@password", category="account")
async def password(session: Session, args: str) -> None:
    """@password <old password>=<new password>

    Change your password. You need the current one to do it. Put quotes around
    a password with spaces, as you do for connect: @password "my old"="my new".
    """
    old, new = quoted_pair(args, texts.PASSWORD_EXAMPLE)
    assert session.account is not None
    account = await session.services.store.find(session.account.skeleton)  # a wizard may have reset it meanwhile
    assert account is not None
    if not await verify_password_async(old, account.password_hash):
        session.refuse(texts.NOT_YOUR_PASSWORD, "refused")
        return
    problem = password_problem(account.name, new)
    if problem:
        session.refuse(problem, "usage")
        return
    new_hash = await hash_password_async(new, session.services.settings.password_hash_cost)
    await session.services.store.set_password_hash(account.skeleton, new_hash)
    session.account = dataclasses.replace(account, password_hash=new_hash)
    log.info("account.password_changed", name=account.name)
    session.tell(texts.PASSWORD_CHANGED)


@command("@delete", category="account")
async def delete(session: Session, args: str) -> None:
    """@delete me

    Delete your character for good (your password is asked, then yes or no).
    Your password, settings, mail, ignores, channels, ratings and Funhouse
    runs go with it. The games you played stay for the others in them, with
    you under a former name that no one can take (former.<tag>), so their
    replays, results and ratings do not change. Your name is then free.
    """
    if args.strip().lower() != "me":
        raise UsageError
    services, name = session.services, session.player
    if configured_wizard(services, name):
        raise Refusal(texts.DELETE_CONFIGURED)
    _not_seated(session)
    session.tell(texts.DELETE_WARNING.format(name=name, former=FORMER))
    typed = await session.ask_secret(texts.PASSWORD_PROMPT)
    account = await services.store.find(session.account.skeleton) if session.account else None
    if typed is None or account is None:
        return
    if not await verify_password_async(typed, account.password_hash):
        session.refuse(texts.NOT_YOUR_PASSWORD, "refused")
        return
    session.sink.prompt(texts.DELETE_CONFIRM.format(name=name))
    answer = await session.read_line()
    if answer is None:
        return
    if answer.too_long or answer.text.strip().lower() not in CONFIRM:
        session.tell(texts.DELETE_CANCELLED)
        return
    _not_seated(session)  # (sat down meanwhile from another connection, taking this one over: then it is gone)
    former = await services.store.delete_account(account.skeleton, name)
    await follow(services, name, former)
    log.info("account.deleted", name=name, former=former, address=session.address)
    session.close(texts.DELETED.format(name=name, former=former))


def _not_seated(session: Session) -> None:
    live = session.services.tables.seat_of(session.player)
    if live is not None:
        raise Refusal(texts.DELETE_SEATED.format(number=live.table.number))
