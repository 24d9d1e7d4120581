"""help: built from the commands' own docstrings, so it cannot drift from them."""

from __future__ import annotations

from itertools import groupby

from server.commands.registry import REGISTRY, Command, Stage, command
from server.session import Session


@command("help", stage=Stage.ANY, category="general")
async def help_(session: Session, args: str) -> None:
    """help [command]

    Without a command, list the commands you can use now. With one, explain it.
    """
    topic = args.strip()
    if topic:
        found = REGISTRY.find(topic)
        if found is None or not _visible(session, found):
            session.refuse(f'There is no help on "{topic}". Type "help" for the list.', "refused")
        else:
            session.tell(found.help, "help")
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
    session.tell("\n".join(lines), "help")


def _visible(session: Session, cmd: Command) -> bool:
    return session.wizard or not cmd.wizard
