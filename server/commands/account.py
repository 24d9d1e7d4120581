"""Looking after your own account."""

from __future__ import annotations

import dataclasses

import structlog

from server import texts
from server.commands.args import quoted_pair
from server.commands.registry import command
from server.names import password_problem
from server.passwords import hash_password_async, verify_password_async
from server.session import Session

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
