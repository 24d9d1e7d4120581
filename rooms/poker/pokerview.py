"""New Cosmic Poker at a table, as data: its table events besides the engine's, its view (which holds the whole state,
hands included: the game type's words and wire message show each viewer only what ``engine.poker.seatview`` lets them
see), its house bots, and its options as typed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.poker import GameState, OptionError, PokerOptions
from engine.poker.botkinds import HOUSE_KINDS
from rooms.messages import Refusal
from rooms.tables import SEATING_EVENTS, Status

BOT_KINDS = (*HOUSE_KINDS, "house")
"""The ways a poker house bot plays (engine.poker.botkinds), strongest first; 'house' is the house's default, the
strongest (tables stored before there were several kinds name it so)."""


@dataclass(frozen=True, slots=True)
class PokerOpened:
    """The table's options as they stand (opened, or changed before the first deal)."""

    by: str
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ChangeProposed:
    """'table set' with other people seated: the change waits until every one of them has typed the same."""

    by: str
    options: dict[str, Any]
    waiting: tuple[str, ...]


TABLE_EVENTS = (*SEATING_EVENTS, PokerOpened, ChangeProposed)
"""What happens at a poker table besides the game's own events (nothing secret in any of them)."""


@dataclass(frozen=True, slots=True)
class PokerBot:
    """A house bot's way of playing, from the words it was added with."""

    words: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """The strategy it plays (engine.poker.botkinds): the one named, else the strongest."""
        return self.words[0] if self.words and self.words[0] in HOUSE_KINDS else HOUSE_KINDS[0]


@dataclass(frozen=True, slots=True)
class PokerSeat:
    name: str
    score: int
    """Foreign bases."""
    in_game: bool
    absent: bool
    bot: bool
    lucre: int
    cards: int


@dataclass(frozen=True, slots=True)
class PokerView:
    """The table after a move. ``state`` is the whole game, secrets included: never show it without
    ``seatview.table_view(state, viewer)``; ``legal`` is each seat's own and goes only to that seat."""

    table: int
    room: str
    status: Status
    options: PokerOptions
    seats: tuple[PokerSeat, ...]
    watchers: tuple[str, ...]
    state: GameState | None = None
    waiting_on: tuple[str, ...] = ()
    legal: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winner: str | None = None


def parse_options(words: Sequence[str], base: PokerOptions | None = None) -> PokerOptions:
    """``name=value`` words as typed (``bases_to_win=3 bet_limit=none``; a bare name switches a variation on)."""
    typed: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not name:
            raise Refusal(f"'{word}' is no option: write name=value, e.g. bases_to_win=3.")
        typed[name] = value if sep else "on"
    try:
        return PokerOptions.from_options(typed, base=base)
    except OptionError as why:
        raise Refusal(str(why)) from None


def house_bot(words: Sequence[str]) -> PokerBot:
    """``strong`` (the default, also ``house``), ``threshold`` or ``cautious``."""
    kinds = [word.lower() for word in words]
    if len(kinds) > 1 or (kinds and kinds[0] not in BOT_KINDS):
        raise Refusal("A poker house bot plays 'strong' (the default: it weighs the cards it has not seen),"
                      " 'threshold' (draws to its best meld, bets by its rank) or 'cautious' (folds weak hands to"
                      " big bets).")
    return PokerBot(tuple(kinds))
