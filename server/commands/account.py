"""Looking after your own account."""

from __future__ import annotations

import dataclasses

import structlog

from server.commands.args import target_and_text
from server.commands.registry import command
from server.names import password_problem
from server.passwords import hash_password_async, verify_password_async
from server.session import Session

log = structlog.get_logger()


@command("@password", category="account")
async def password(session: Session, args: str) -> None:
    """@password <old password>=<new password>

    Change your password. You need the current one to do it.
    """
    old, new = target_and_text(args)
    account = session.account
    assert account is not None
    if not await verify_password_async(old, account.password_hash):
        session.refuse("Sorry, that is not your current password.", "refused")
        return
    problem = password_problem(account.name, new)
    if problem:
        session.refuse(problem, "usage")
        return
    new_hash = await hash_password_async(new, session.server.settings.password_hash_cost)
    await session.server.store.set_password_hash(account.skeleton, new_hash)
    session.account = dataclasses.replace(account, password_hash=new_hash)
    log.info("account.password_changed", name=account.name)
    session.tell("Password changed.")
