"""A forgotten password, at the login screen: 'forgot' mails a one-use code to the character's confirmed address,
'reset' sets a new password with it. The answer to 'forgot' is the same whatever the name (nobody learns who has an
address); the old password works until the reset is done; a code works once, for 30 minutes and five tries."""

from __future__ import annotations

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError, one_word, words
from server.commands.registry import Stage, command
from server.community.names import password_problem, skeleton
from server.notices.codes import LIFETIME, RESET, code_hash, matches, new_code, shown, usable
from server.notices.emails import mail_payload
from server.community.passwords import hash_password_async
from server.session import Session

log = structlog.get_logger()


@command("forgot", stage=Stage.LOGIN, category="login")
async def forgot(session: Session, args: str) -> None:
    """forgot <playername>

    Forgot your password? A code is mailed to the character's confirmed
    email address (set with '@email' once logged in), valid 30 minutes. Then:
    reset <playername> <code> <new password>. Your old password works until
    you do.
    """
    name = one_word(args, texts.FORGOT_EXAMPLE)
    services = session.services
    if not services.settings.mail.enabled:
        raise Refusal(texts.MAIL_OFF_FORGOT)
    session.tell(texts.FORGOT_SENT.format(name=name), "forgot")  # first, and the same for everyone
    account = await services.store.find(skeleton(name))
    if account is None or account.name.casefold() != name.casefold() or account.banned:
        return
    address = await services.store.email(account.skeleton)
    if address is None or not address.confirmed:
        return
    if services.notices.code_wait(account.skeleton, address.address) > 0:
        log.info("password.reset_limited", name=account.name, address=session.address)
        return
    code = new_code()
    await services.store.set_code(account.skeleton, RESET, code_hash(code), services.clock() + LIFETIME)
    settings = services.settings
    payload = mail_payload(settings, texts.RESET_SUBJECT.format(server=settings.server_name),
                           texts.RESET_BODY.format(name=account.name, code=shown(code), address=session.address,
                                                   server=settings.server_name).splitlines(),
                           address.token, why=texts.RESET_WHY.format(name=account.name))
    await services.notices.queue_mail(account.skeleton, address.address, payload)
    log.info("password.reset_mailed", name=account.name, address=session.address)


@command("reset", stage=Stage.LOGIN, category="login")
async def reset(session: Session, args: str) -> None:
    """reset <playername> <code> <new password>

    Set a new password with the code 'forgot' mailed you (put quotes around a
    password with spaces). A code works once, for 30 minutes and five tries.
    """
    given = words(args, texts.RESET_EXAMPLE)
    if len(given) != 3:
        raise UsageError
    name, code, password = given
    services, address = session.services, session.address
    key = skeleton(name)
    problem = password_problem(name, password)
    if problem:
        session.refuse(problem, "usage")
        return
    throttle = services.login_throttle
    wait = throttle.guess(key, address)  # a guess at a code counts as a guess at a password
    if wait > 0:
        session.refuse(texts.LOGIN_THROTTLED.format(seconds=int(wait) + 1), "rate_limited")
        return
    account = await services.store.find(key)
    stored = await services.store.code(key, RESET) if account is not None else None
    if account is None or account.name.casefold() != name.casefold() or stored is None or not usable(
            stored, services.clock()):
        throttle.wrong(address)
        session.refuse(texts.CODE_WRONG, "login_failed")
        return
    await services.store.spend_attempt(key, RESET)  # counted before it is checked: parallel tries get no more
    if not matches(code, stored.code_hash):
        throttle.wrong(address)
        log.info("password.reset_wrong", name=account.name, address=address)
        session.refuse(texts.CODE_WRONG, "login_failed")
        return
    await services.store.reset_password(key, await hash_password_async(password, services.settings.password_hash_cost))
    throttle.right(key, address)
    log.info("password.reset", name=account.name, address=address)
    session.tell(texts.RESET_DONE.format(name=account.name), "reset")
