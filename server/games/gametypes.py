"""The games the server hosts: a registry from ``game=NAME`` to each game type, and what a game type gives the server
(its tables, their storage, rendering, wire state, help and turn verbs). Adding a game is its own folders
(engine/NAME/, rooms/NAME/, server/NAME/) and one line in ``BUILTIN`` below; tests may ``register`` one at run time."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

from rooms.messages import Message, Refusal
from server.words import texts

if TYPE_CHECKING:
    from pydantic import BaseModel

    from engine.keyedstream import KeyedStream
    from rooms.gameplay import TableView
    from rooms.tables import Aside, Table, TableNews
    from server.render.style import Style
    from server.settings import TableSettings
    from server.store import Finish, Stats, StoredTable, Tally


Move = Callable[[], "TableNews | None"]


class AtTable(Protocol):
    """The live table a turn verb moves at, as much as a verb reads of it (``server.tables.livetable.Live`` is one):
    named here so that the registry need not import the tables that use it."""

    table: Table
    dice: Any
    """Its game's randomness source."""


class Advisers(Protocol):
    """What a game's house bots, hints and reviews may ask of the server (``server.services.Services`` is one): its
    solver of optimal play, whose type the game that uses one knows."""

    @property
    def solver(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Topic:
    """A help topic a game brings ('help sun'): shown by ``server.games.helptopics``."""

    names: tuple[str, ...]
    """The first is the topic's title; any of them finds it."""
    text: str


class Verb(NamedTuple):
    """A game's turn command: ``run(player, live, args)`` reads the typed words into a move at the player's table;
    its docstring is the command's help (as every command's is)."""

    name: str
    run: Callable[[str, AtTable, str], Move]
    aliases: tuple[str, ...] = ()
    speaks: Callable[[str], bool] = lambda args: False
    """Whether these words put the player's own text before others (an honour rule): then a mute refuses them."""


@runtime_checkable
class GameType(Protocol):
    """A game the server can host."""

    name: str
    """What ``table open game=NAME`` names (lower case, one word)."""
    title: str
    package: str
    """Its GMCP package (``Wimpout``: ``Wimpout.Table``...)."""
    verbs: Sequence[Verb]
    message_model: type[BaseModel]
    """Its table message on the wire (the envelope with its own ``state``), for the protocol's schema."""
    wire_messages: Sequence[type[BaseModel]]
    """Its other messages on the wire (a ``Message`` carries one as its ``data``), for the protocol's schema."""
    help_topics: Sequence[Topic]
    """Help on the game itself ('help <topic>'), beside its commands' own."""
    command_help: Mapping[str, str]
    """A paragraph the game adds to a generic command's help, by command name ('table': its options and bots)."""
    tally: Tally
    """How its figures per player (``finish``'s results) add up in 'stats' and rank in 'top'."""

    def randomness(self, settings: TableSettings) -> Any:
        """The randomness source its tables draw from (fair, or loaded for tests and demonstrations)."""

    def keyed(self, stream: KeyedStream, table: Callable[[], Table], settings: TableSettings) -> Any | None:
        """Its checkable randomness drawn from ``stream`` for the game at ``table()`` (engine.keyedstream), or None
        where this server scripts its dice (docs/fairness.md)."""

    def new_table(self, number: int, room: str, by: str, words: Sequence[str]) -> Table:
        """A table opened with the options as typed (a refusal names what is wrong), ``by`` in its first seat."""

    def opened(self, table: Table, by: str) -> tuple[Any, ...]:
        """The events that tell the table was opened (the seat taken is the server's)."""

    def summary(self, table: Table) -> str:
        """The table's options in a few words (for 'table open' and listings)."""

    def restore(self, stored: StoredTable) -> Table:
        """A table as saved, its match rebuilt from its events and its house bots from their words."""

    def event_record(self, event: Any) -> dict[str, Any]:
        """A game event as stored (the match is rebuilt from these)."""

    def finish(self, table: Table) -> Finish:
        """A started game's winner (None until it has one) and each player's results as they stand, as stored (an
        abandoned game's, for the ratings of those who left it: server.competition.fairplay)."""

    def repair(self, events: Sequence[dict[str, Any]]) -> Finish:
        """The results of a game stored as over without them (a crash between two saves of older releases)."""

    def clock(self, timer: str, settings: TableSettings) -> float:
        """Seconds the table waits before the turn timer moves (``timer``: the adapter's ``timer()``)."""

    def lesson(self, learner: str, events: Sequence[Any]) -> tuple[Any, Callable[[TableNews], tuple[Aside, ...]]]:
        """A tutorial table's randomness and its notes on each move, where ``events`` left them (none: a new one)."""

    async def before_bot(self, services: Advisers, table: Table, bot: str) -> None:
        """Anything the server must have ready before a house bot's paced move (e.g. solved tables read)."""

    def render(self, news: TableNews, viewer: str, style: Style) -> str:
        """The news as ``viewer`` reads it in their style."""

    def style_tip(self, news: TableNews, style: Style) -> str | None:
        """A word on choosing one's style, under the first news it concerns (once a connection, on telnet, until
        the player chooses): Cosmic Wimpout's cube art can be made compact."""

    def scoreboard(self, view: TableView, viewer: str, style: Style) -> str: ...

    def rules_text(self, view: TableView) -> str: ...

    def table_line(self, view: TableView, room: str | None = None) -> str:
        """One line for 'tables' and 'look'."""

    def status_prompt(self, view: TableView, width: int) -> str: ...

    def table_message(self, news: TableNews, viewer: str, text: str) -> BaseModel:
        """The news as the wire protocol's table message for ``viewer`` (JSON mode, GMCP, the web)."""

    def table_json(self, news: TableNews, viewer: str, text: str) -> str:
        """``table_message`` as one JSON line (a game may make the part everyone shares once a move)."""

    def replay_text(self, number: int, events: Sequence[dict[str, Any]], style: Style) -> str:
        """A finished game told again ('replay'), from its events as stored; ``number``: its table's."""

    def stats_text(self, name: str, stats: Stats) -> str:
        """A player's record in this game ('stats'), its figures added up by its ``tally``."""

    def leaderboard(self, leaders: Sequence[tuple[str, Stats]], width: int) -> str:
        """'top': a header, then a row for each player, best first, fitting ``width`` columns."""


@runtime_checkable
class Hands(Protocol):
    """A game whose players hold cards only they may see (New Cosmic Poker): 'hand' shows a player their own, and
    tells players of any other game that it has none."""

    def hand_text(self, view: TableView, player: str, style: Style) -> str:
        """``player``'s own hand as they read it (nobody else's, ever)."""


@runtime_checkable
class Advising(Protocol):
    """A game that advises its players (Cosmic Wimpout, by its solved tables): 'hint' and 'review' ask the game of
    the table or the game named, and a game without this says it has none."""

    async def hint(self, services: Advisers, table: Table, player: str) -> Message:
        """The hint for ``player`` at ``table`` now (a refusal says why there is none)."""

    async def review(self, services: Advisers, game: int, events: Sequence[dict[str, Any]], viewer: str) -> str:
        """The review of finished game number ``game`` from its stored events, for ``viewer`` (a game of hidden
        cards shows a player only their own decisions); a refusal says why there is none."""


BUILTIN = {
    "wimpout": "server.wimpout.wimpouttype",
    "poker": "server.poker.pokertype",
}
"""Each game the server hosts: its name, and the module whose ``GAME_TYPE`` it is (imported when first asked for, so
that a game's commands may import the server's). The first is the default."""


class GameTypes:
    """Every game type by name; the first is the default (``table open`` with no ``game=``)."""

    def __init__(self, builtin: Mapping[str, str]) -> None:
        self._modules = dict(builtin)
        self._types: dict[str, GameType] = {}
        self._listeners: list[Callable[[GameType], None]] = []

    def _all(self) -> dict[str, GameType]:
        while self._modules:
            name, module = next(iter(self._modules.items()))
            del self._modules[name]
            self._add(importlib.import_module(module).GAME_TYPE)  # in BUILTIN's order: the first is the default
        return self._types

    def register(self, game: GameType) -> None:
        """Host ``game`` from now on (a test's game is registered at run time)."""
        self._all()
        self._add(game)

    def _add(self, game: GameType) -> None:
        self._types[game.name] = game
        for listener in self._listeners:
            listener(game)

    def on_register(self, listener: Callable[[GameType], None]) -> None:
        """Call ``listener`` for each game type, those already there first (the turn verbs' commands)."""
        self._listeners.append(listener)
        for game in list(self._all().values()):
            listener(game)

    def all(self) -> list[GameType]:
        """Every game type, the default first."""
        return list(self._all().values())

    @property
    def default(self) -> GameType:
        return next(iter(self._all().values()))

    def __getitem__(self, name: str) -> GameType:
        return self._all()[name]

    def named(self, word: str) -> GameType:
        """The game type a player named, or a refusal listing them."""
        found = self._all().get(word.strip().lower())
        if found is None:
            names = ", ".join(self._types)
            raise Refusal(f"There is no game called '{word.strip()}' here. The games: {names}.")
        return found

    def of_stored(self, stored: object) -> GameType:
        """The game type of a stored table or game: its ``game`` if the store keeps one, else the default (every
        table stored before there were game types played Cosmic Wimpout)."""
        return self._all().get(getattr(stored, "game", None) or "", self.default)


def pick(words: Sequence[str]) -> tuple[GameType, list[str]]:
    """The game a 'table open' names (``game=NAME``, the default when none) and the rest of its options."""
    rest = [word for word in words if not word.lower().startswith("game=")]
    named = [word.partition("=")[2] for word in words if word.lower().startswith("game=")]
    return (GAME_TYPES.named(named[-1]) if named else GAME_TYPES.default), rest


def rated_option(words: Sequence[str]) -> tuple[bool, list[str]]:
    """Whether a 'table open' is rated (``rated=off`` says not; every game's tables are rated by default) and the
    rest of its options."""
    rest = [word for word in words if not word.lower().startswith("rated=")]
    said = [word.partition("=")[2].lower() for word in words if word.lower().startswith("rated=")]
    if any(value not in ("on", "off") for value in said):
        raise Refusal(texts.RATED_USAGE)
    return (not said or said[-1] == "on"), rest


GAME_TYPES = GameTypes(BUILTIN)
