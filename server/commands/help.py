"""help: the commands' own docstrings (so they cannot drift from them) and the game's topics (server.gamehelp)."""

from __future__ import annotations

from itertools import groupby

from server import texts
from server.commands.registry import REGISTRY, Command, Stage, command
from server.gamehelp import find_topic, topic_list
from server.session import Session


@command("help", stage=Stage.ANY, category="general")
async def help_(session: Session, args: str) -> None:
    """help [command | topic]

    Without a word, list the commands you can use now and the game's topics.
    With one, explain that command or that part of the game, by any of its
    names: 'help sun', 'help flaming sun', 'help ymnwtbym', 'help 1/3/5'.
    'help topics' lists the topics. Long help pages: 'more' shows the rest.
    """
    word = args.strip()
    if word.casefold() == "topics":
        session.page("Topics (type \"help <topic>\"): " + topic_list() + ".", "help")
        return
    if word:
        found = REGISTRY.find(word)
        cmd = found if found is not None and _visible(session, found) else None
        topic = find_topic(word)
        if topic is None and cmd is None:
            session.refuse(f'There is no help on "{word}". Type "help" for the commands, "help topics" for the game.',
                           "refused")
            return
        parts = [topic.text] if topic is not None else []
        if cmd is not None:
            parts.append(cmd.help if topic is None else f"The command:\n{cmd.help}")
        session.page("\n\n".join(parts), "help")
        return
    usable = sorted(
        (c for c in REGISTRY.commands() if _visible(session, c) and c.stage & session.stage),
        key=lambda c: c.category,
    )
    lines = ['Commands (type "help <command>" for more):']
    for category, group in groupby(usable, key=lambda c: c.category):
        lines.append(f"{category.capitalize()}:")
        lines += [f"  {c.usage}" for c in group]
    if session.account:
        lines.append("Typing an exit's name on its own goes through it.")
    lines.append(f"The game (type \"help <topic>\", or 'tutorial' to learn by playing): {topic_list()}.")
    session.page("\n".join(lines), "help")


def _visible(session: Session, cmd: Command) -> bool:
    return session.wizard or not cmd.wizard


@command("more", stage=Stage.ANY, category="general")
async def more(session: Session, args: str) -> None:
    """more

    Show the next screenful of long output (help, replay, history, lists):
    anything longer than your screen stops with a note saying how much is left.
    """
    if not session.more():
        session.tell(texts.NOTHING_MORE)
