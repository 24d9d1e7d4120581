"""Your email address and the web page's push subscriptions: how the server reaches you away from the game
(server.notices). '@set notify=' chooses what it tells you."""

from __future__ import annotations

import json
import re
import secrets

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.notices.codes import CONFIRM, LIFETIME, code_hash, matches, new_code, shown, usable
from server.notices.emails import mail_payload
from server.notices.notice import OFF, parse_choice
from server.notices.outbox import endpoint_allowed
from server.session import Session
from server.store.outreach import PushSubscription

log = structlog.get_logger()
ADDRESS = re.compile(r"^[^@\s<>,;:\"()\[\]\\]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})+$")
"""An address a relay takes: local part without the characters that would make a header of it, a domain with a dot."""
KEY = re.compile(r"^[A-Za-z0-9_-]{16,200}={0,2}$")
"""A push subscription's keys (base64url)."""
MOST_ENDPOINT = 2000


@command("@email", category="account")
async def email(session: Session, args: str) -> None:
    """@email [<address> | confirm <code> | off]

    Your email address: for a forgotten password ('forgot' at the login
    screen) and, if you want them, notices while you are away (see
    '@set notify'). '@email you@example.org' mails a code to it; '@email
    confirm CODE' confirms the address (nothing else goes to it until then).
    '@email' alone shows it; '@email off' forgets it.
    """
    services, account = session.services, session.account
    assert account is not None
    typed = args.strip()
    verb, _, rest = typed.partition(" ")
    stored = await services.store.email(account.skeleton)
    if not typed:
        if stored is None:
            session.tell(texts.EMAIL_NONE, "email")
        else:
            state = texts.EMAIL_MAIL_OFF if stored.mail_off else (
                texts.EMAIL_CONFIRMED if stored.confirmed else texts.EMAIL_UNCONFIRMED)
            session.tell(texts.EMAIL_SHOW.format(address=stored.address, state=state), "email",
                         address=stored.address, confirmed="yes" if stored.confirmed else "no")
    elif verb.lower() == "off" and not rest:
        await services.store.drop_email(account.skeleton)
        session.tell(texts.EMAIL_FORGOTTEN, "email")
    elif verb.lower() == "confirm" and rest.strip():
        await _confirm(session, rest.strip())
    elif " " not in typed:
        await _set(session, typed)
    else:
        raise UsageError


async def _set(session: Session, address: str) -> None:
    services, account = session.services, session.account
    assert account is not None
    settings = services.settings
    if not settings.mail.enabled:
        raise Refusal(texts.MAIL_OFF)
    local, _, domain = address.rpartition("@")
    if len(address) > 254 or not ADDRESS.match(address):
        raise Refusal(texts.EMAIL_BAD.format(address=address[:80]))
    address = f"{local}@{domain.lower()}"
    wait = services.notices.code_wait(account.skeleton, address)
    if wait > 0:
        raise Refusal(texts.EMAIL_LIMITED.format(minutes=int(wait // 60) + 1))
    code, token = new_code(), secrets.token_urlsafe(24)
    await services.store.set_email(account.skeleton, address, token, services.clock())
    await services.store.set_code(account.skeleton, CONFIRM, code_hash(code), services.clock() + LIFETIME)
    payload = mail_payload(settings, texts.EMAIL_CONFIRM_SUBJECT.format(server=settings.server_name),
                           texts.EMAIL_CONFIRM_BODY.format(name=account.name, code=shown(code),
                                                           server=settings.server_name).splitlines(),
                           token, why=texts.EMAIL_CONFIRM_WHY.format(name=account.name))
    await services.notices.queue_mail(account.skeleton, address, payload)
    log.info("email.set", name=account.name)
    session.tell(texts.EMAIL_CODE_SENT.format(address=address), "email", address=address, confirmed="no")


async def _confirm(session: Session, code: str) -> None:
    services, account = session.services, session.account
    assert account is not None
    stored, address = await services.store.code(account.skeleton, CONFIRM), await services.store.email(account.skeleton)
    if stored is None or address is None or not usable(stored, services.clock()):
        raise Refusal(texts.CODE_WRONG)
    await services.store.spend_attempt(account.skeleton, CONFIRM)
    if not matches(code, stored.code_hash):
        raise Refusal(texts.CODE_WRONG)
    await services.store.confirm_email(account.skeleton)
    log.info("email.confirmed", name=account.name)
    session.tell(texts.EMAIL_CONFIRMED_NOW.format(address=address.address), "email", address=address.address,
                 confirmed="yes")


async def set_notify(session: Session, typed: str) -> None:
    """'@set notify=move,challenge,over,digest' or 'off' (server.commands.options hands it here)."""
    value = parse_choice(typed)
    if value is None:
        raise Refusal(texts.NOTIFY_USAGE)
    account = session.account
    assert account is not None
    store = session.services.store
    session.options["notify"] = value
    await store.set_preference(account.skeleton, "notify", value)
    if value != OFF:
        await store.mail_on(account.skeleton)  # a choice made again undoes the unsubscribe link
    session.tell(texts.SET_DONE.format(key="notify", value=value))


@command("@push", category="account")
async def push(session: Session, args: str) -> None:
    """@push key | subscribe <subscription> | unsubscribe <endpoint> | off

    The web page's notifications (its 'Notify me' button uses these): 'key'
    says the server's public key, 'subscribe' keeps a browser's Push API
    subscription (JSON), 'unsubscribe' forgets one, 'off' forgets them all.
    What they tell you is chosen with '@set notify'.
    """
    services, account = session.services, session.account
    assert account is not None
    verb, _, rest = args.strip().partition(" ")
    verb = verb.lower()
    if verb == "key":
        key = services.notices.push_key
        session.tell(texts.PUSH_KEY if key else texts.PUSH_OFF, "push_key", key=key or "")
    elif verb == "subscribe" and rest:
        subscription = _subscription(session, rest)
        if not await services.store.subscribe_push(subscription, services.clock(), services.settings.push.per_account):
            raise Refusal(texts.PUSH_TOO_MANY.format(most=services.settings.push.per_account))
        log.info("push.subscribed", name=account.name)
        session.tell(texts.PUSH_ON, "push", state="on")
    elif verb == "unsubscribe" and rest:
        known = await services.store.push_subscription(rest.strip())
        if known is not None and known.skeleton == account.skeleton:
            await services.store.drop_push(known.endpoint)
        session.tell(texts.PUSH_DROPPED, "push", state="off")
    elif verb == "off" and not rest:
        await services.store.drop_pushes(account.skeleton)
        session.tell(texts.PUSH_DROPPED, "push", state="off")
    else:
        raise UsageError


def _subscription(session: Session, typed: str) -> PushSubscription:
    """A browser's ``PushSubscription.toJSON()``, checked: an endpoint a push service has, keys of the right shape."""
    services, account = session.services, session.account
    assert account is not None
    if services.notices.push_key is None:
        raise Refusal(texts.PUSH_OFF)
    try:
        data = json.loads(typed)
        endpoint, keys = str(data["endpoint"]), data["keys"]
        p256dh, auth = str(keys["p256dh"]), str(keys["auth"])
    except (ValueError, KeyError, TypeError):
        raise Refusal(texts.PUSH_BAD) from None
    if (len(endpoint) > MOST_ENDPOINT or not endpoint_allowed(endpoint, services.settings.push.insecure_endpoints)
            or not KEY.match(p256dh) or not KEY.match(auth)):
        raise Refusal(texts.PUSH_BAD)
    return PushSubscription(endpoint, account.skeleton, p256dh, auth)
