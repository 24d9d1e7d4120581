"""help: the commands' own docstrings (so they cannot drift from them) and each game's topics (server.games.helptopics)."""

from __future__ import annotations

from itertools import groupby

from server.words import texts
from server.commands.registry import CATEGORIES, REGISTRY, Command, Stage, command
from server.games.gametypes import GAME_TYPES
from server.games.helptopics import find_topic, topic_list
from server.session import Session
from server.wire.sink import DEFAULT_WIDTH


@command("help", stage=Stage.ANY, category="general", powers=True)
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
            parts += [game.command_help[cmd.name] for game in GAME_TYPES.all() if cmd.name in game.command_help]
        text = "\n\n".join(parts)
        session.page(text if _as_written(session) else reflowed(text), "help")
        return
    default, others = GAME_TYPES.default, GAME_TYPES.all()[1:]
    theirs = {verb.name for game in others for verb in game.verbs} - {verb.name for verb in default.verbs}
    usable = sorted(
        (c for c in REGISTRY.commands() if _listed(session, c) and c.stage & session.stage and c.name not in theirs),
        key=lambda c: CATEGORIES.index(c.category),
    )
    lines = ['Commands (type "help <command>" for more):']
    for category, group in groupby(usable, key=lambda c: c.category):
        lines.append(f"{category.capitalize()}:")
        lines += [f"  {c.usage}" for c in group]
        if category == "turn":  # the default game's moves in full, each other game's named on one line
            lines += [texts.OTHER_GAMES_MOVES.format(title=game.title, name=game.name,
                                                     verbs=", ".join(v.name for v in game.verbs if v.name in theirs))
                      for game in others if session.stage in Stage.PLAYING]
    learn = "help <topic>\"" + (", or 'tutorial' to learn by playing" if session.account else "")
    if session.account:
        lines.append("Typing an exit's name on its own goes through it.")
    lines.append(f"The game (type \"{learn}): {topic_list()}.")
    session.page("\n".join(lines), "help")


def _as_written(session: Session) -> bool:
    """A screen the server lays text out for (telnet), at least as wide as help is written for (a narrower one gets
    it reflowed, then wrapped to its width: each line wrapped on its own left a word or two on a line of their own at
    40 columns)."""
    return session.sink.lays_out_text and session.sink.width >= DEFAULT_WIDTH


def reflowed(text: str) -> str:
    """Help is written wrapped for an 80-column terminal; a client that wraps text itself (JSON, the web page, a
    phone) gets each paragraph and each list item as one line. Usage lines and indented lines stay as they are."""
    lines: list[str] = []
    for line in text.split("\n"):
        previous = lines[-1] if lines else ""
        if previous.startswith("- ") and line.startswith("  ") and line.strip():
            lines[-1] = f"{previous} {line.strip()}"  # an item's indented continuation
        elif _prose(previous) and _prose(line) and not previous.endswith(":"):
            lines[-1] = f"{previous} {line}"
        else:
            lines.append(line)
    return "\n".join(lines)


def _prose(line: str) -> bool:
    """A line of running text: not blank, not indented, not a list item, not a command's usage line."""
    return bool(line) and not line[0].isspace() and not line.startswith("- ") and not _usage(line)


def _usage(line: str) -> bool:
    """A command's usage line (``help [command | topic]``): the first line of its docstring."""
    return any(line == c.usage for c in REGISTRY.commands())


def _visible(session: Session, cmd: Command) -> bool:
    return session.wizard or not cmd.wizard


def _listed(session: Session, cmd: Command) -> bool:
    """In the index: what this player can use (building only for builders; 'help @dig' still explains it)."""
    return _visible(session, cmd) and (cmd.category != "building" or session.builder or session.wizard)


@command("more", stage=Stage.ANY, category="general")
async def more(session: Session, args: str) -> None:
    """more

    Show the next screenful of long output (help, replay, history, lists):
    anything longer than your screen stops with a note saying how much is left.
    """
    if not session.more():
        session.tell(texts.NOTHING_MORE)
