"""@set: how you see tables (cube art or a compact line, screen-reader wording); kept with your account."""

from __future__ import annotations

from rooms.messages import Refusal
from server import texts
from server.commands.registry import command
from server.session import Session

CHOICES = {"cubes": ("art", "compact"), "screenreader": ("on", "off"), "haven": ("on", "off")}
DEFAULTS = {"cubes": "art", "screenreader": "off", "haven": "off"}
FLAGS = ("haven",)
"""Choices that MUCK players set as flags: '@set haven' and '@set !haven'."""


@command("@set", category="account")
async def set_(session: Session, args: str) -> None:
    """@set cubes=art|compact   or   @set screenreader=on|off   or   @set haven|!haven

    Choose how tables look to you: the cubes as the Guide's ASCII faces (art) or
    one line ([4] [4] [sun]), and plain wording for screen readers. 'haven'
    refuses pages (the pager is told); '!haven' takes them again. Kept for
    your next visits. '@set' alone shows your settings.
    """
    if not args.strip():
        current = {**DEFAULTS, **session.options}
        session.tell(texts.SET_SHOW.format(settings=", ".join(f"{k}={v}" for k, v in current.items())))
        return
    key, _, value = (part.strip().lower() for part in args.partition("="))
    if key.lstrip("!") in FLAGS and not value:
        key, value = key.lstrip("!"), "off" if key.startswith("!") else "on"
    if value not in CHOICES.get(key, ()):
        raise Refusal(texts.SET_USAGE)
    session.options[key] = value
    assert session.account is not None
    await session.server.store.set_preference(session.account.skeleton, key, value)
    session.tell(texts.SET_DONE.format(key=key, value=value))
