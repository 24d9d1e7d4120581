"""@set: how you see tables (cube art or a compact line, screen-reader wording, colour); kept with your account."""

from __future__ import annotations

from engine.keyedstream import SeedError, player_seed
from rooms.messages import Refusal
from server.words import texts
from server.commands.building import set_builder
from server.commands.addresses import set_notify
from server.commands.competing import set_bot
from server.commands.registry import command
from server.session import PAGE_ROWS, Session
from server.tables.tabledice import DICE_SEED_IS, DICE_SEED_NONE, PREFERENCE as DICE_SEED

CHOICES = {"cubes": ("art", "compact"), "screenreader": ("on", "off", "auto"), "color": ("on", "off", "auto"),
           "haven": ("on", "off"), "prompt": ("on", "off"), "friends-notify": ("on", "off"),
           "pager": ("on", "off", *(str(rows) for rows in range(PAGE_ROWS.start, PAGE_ROWS.stop)))}
DEFAULTS = {"cubes": "art", "screenreader": "auto", "color": "auto", "haven": "off", "prompt": "on", "pager": "on",
            "friends-notify": "off"}
"""``auto``: as your client reports: colour if it shows ANSI (TTYPE or MTTS), screen-reader wording if it says a
screen reader reads it (MTTS 64)."""
FLAGS = ("haven",)
"""Choices that MUCK players set as flags: '@set haven' and '@set !haven'."""
BUILDER = "builder"
"""'@set <player>=builder' (or '!builder'): a wizard lets a player build."""
ALIASES = {"colour": "color"}
NOTIFY = "notify"
"""'@set notify=move,challenge,over,digest|off': what you are told while away (server.commands.addresses)."""


@command("@set", category="account", powers=True)
async def set_(session: Session, args: str) -> None:
    """@set <setting>=<value>: cubes screenreader color prompt pager notify dice-seed

    cubes=art|compact, screenreader=on|off|auto, color=on|off|auto,
    prompt=on|off, haven or !haven. Choose how tables look to you: the cubes as
    the Guide's ASCII faces (art) or one line ([4] [4] [sun]), plain wording for
    screen readers (auto: if your client says a screen reader reads it), and
    ANSI colour (auto: if your client says it shows colour; never in
    screen-reader mode; 'color on' works too). 'haven' refuses pages (the pager
    is told); '!haven' takes them again. 'prompt=off' stops the status line
    shown after output ([T1 Ann 255/300 | turn 70 | 2 cubes] >, or > away from
    tables). 'pager=off' shows long output at once (for a client with
    scrollback), 'pager=40' pages it 40 rows at a time, 'pager=on' at your
    screen's height. 'notify=move,challenge,over,digest' (any of them, or
    'off') chooses what you are told while away, by mail ('@email') and on
    the web page's notifications: your move, a challenge, a game's end, a
    daily digest. 'friends-notify=on' tells you when a friend connects (see
    'friend'). Kept for your next visits. '@set' alone shows your settings.
    'dice-seed TEXT': your own seed, mixed into the dice of every game you
    start at (see 'help verify'); '!dice-seed' has one made for each game.
    Wizards: '@set <player>=builder' (or '!builder') lets a player build (see @dig).
    A bot's account: '@set me=bot owner=NAME version=V' (see 'help ladder').
    """
    if not args.strip():
        current = {**DEFAULTS, **session.options}
        session.tell(texts.SET_SHOW.format(settings=", ".join(f"{k}={v}" for k, v in current.items())))
        return
    target, _, flag = args.partition("=")
    if target.strip().lower() == "me" and flag.split()[:1] and flag.split()[0].lower() in ("bot", "!bot"):
        await set_bot(session, [flag.split()[0].lower(), *flag.split()[1:]])
        return
    if flag.strip().lower().lstrip("!") == BUILDER:
        await set_builder(session, target.strip(), not flag.strip().startswith("!"))
        return
    text = args.strip()
    if text.split("=")[0].split()[:1] and text.split("=")[0].split()[0].lower().lstrip("!") == DICE_SEED:
        await set_dice_seed(session, text)
        return
    key, _, value = (part.strip().lower() for part in text.partition("=" if "=" in text else " "))
    if key == NOTIFY:
        await set_notify(session, value)
        return
    key = ALIASES.get(key, key)
    if key.lstrip("!") in FLAGS and not value:
        key, value = key.lstrip("!"), "off" if key.startswith("!") else "on"
    if value not in CHOICES.get(key, ()):
        raise Refusal(texts.SET_USAGE)
    assert session.account is not None
    await session.services.store.set_preference(session.account.skeleton, key, value)  # first: kept, or not set
    session.options[key] = value
    session.tell(texts.SET_DONE.format(key=key, value=value))


async def set_dice_seed(session: Session, text: str) -> None:
    """'@set dice-seed TEXT' (or '=TEXT'), kept as typed (its case and inner spaces are part of it); '@set
    dice-seed' alone shows it; '@set !dice-seed' forgets it (one is made for each game)."""
    assert session.account is not None
    word, _, seed = text.partition("=") if "=" in text.split()[0] else text.partition(" ")
    if word.strip().startswith("!"):
        seed = ""
    elif not seed.strip():
        own = session.options.get(DICE_SEED)
        session.tell(DICE_SEED_IS.format(seed=own) if own else DICE_SEED_NONE)
        return
    else:
        try:
            seed = player_seed(seed)
        except SeedError as why:
            raise Refusal(str(why)) from None
    await session.services.store.set_preference(session.account.skeleton, DICE_SEED, seed)
    session.options[DICE_SEED] = seed
    session.tell(DICE_SEED_IS.format(seed=seed) if seed else DICE_SEED_NONE)
