"""Cosmic Wimpout at a table, as data: its table events besides the engine's, its view of a table (the scoreboard,
the turn, the cubes), its house bots, and its options as typed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.numbers import typed_number
from engine.wimpout import RuleError, RuleSet, Throw
from engine.wimpout.rules import UnknownOption
from engine.wimpout.state import Proposal
from engine.wimpout.strategies import Strategy, cautious, threshold
from rooms.messages import Refusal
from rooms.tables import SEATING_EVENTS, Status
from rooms.wimpout.advising import FALLBACK
from rooms.wimpout.rulewords import option_names, typed_names


@dataclass(frozen=True, slots=True)
class Opened:
    by: str
    rules: RuleSet


@dataclass(frozen=True, slots=True)
class PutToTable:
    """'table set' with other people seated: the setter's changes are put to the table as these proposals."""

    by: str
    numbers: tuple[int, ...]


TABLE_EVENTS = (*SEATING_EVENTS, Opened, PutToTable)
"""What happens at a Cosmic Wimpout table besides the game's own events."""


@dataclass(frozen=True, slots=True)
class ProposalView:
    """An open Guiding Light proposal: who has voted yes (the proposer first) and who has still to vote."""

    number: int
    proposer: str
    text: str
    yes: tuple[str, ...]
    waiting: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    score: int
    in_game: bool
    out: str | None
    insurance: int
    train_wrecks: int
    circles: int
    absent: bool
    bot: bool = False


@dataclass(frozen=True, slots=True)
class TableView:
    """The table after a move: the scoreboard, the turn, and each player's legal commands as exact text."""

    table: int
    room: str
    status: Status
    rules: RuleSet
    seats: tuple[SeatView, ...]
    watchers: tuple[str, ...]
    up: str | None = None
    turn_points: int = 0
    cubes_left: int = 0
    sun_left: bool = False
    clearing: tuple[int, ...] = ()
    last_throw: Throw | None = None
    waiting_on: tuple[str, ...] = ()
    legal: dict[str, tuple[str, ...]] = field(default_factory=dict)
    stop_refusal: str | None = None
    leader: str | None = None
    target: int | None = None
    challengers: tuple[str, ...] = ()
    winner: str | None = None
    proposals: tuple[ProposalView, ...] = ()
    adopted: RuleSet | None = None
    hints: bool = False
    """'hint' is answered here: the table's hints option on, and its game not rated."""


def proposal_views(proposals: Mapping[int, Proposal], voters: Sequence[str]) -> tuple[ProposalView, ...]:
    """Each open proposal with the yes votes that still count (the voters') and who has still to vote."""
    return tuple(
        ProposalView(p.number, p.proposer, p.text, tuple(n for n in p.yes if n in voters),
                     tuple(n for n in voters if n not in p.yes))
        for p in proposals.values()
    )


@dataclass(frozen=True, slots=True)
class HouseBot:
    """How a house bot plays: the words it was added with (stored with the table) and the strategy they name."""

    words: tuple[str, ...]
    play: Strategy

    @property
    def optimal(self) -> bool:
        """It plays by the solved tables (which the server reads before its moves); ``play`` is how it plays while
        they are not there."""
        return self.words == ("optimal",)


BOT_KINDS = ("cautious", "threshold", "optimal")


def house_bot(words: Sequence[str]) -> HouseBot:
    """``cautious`` (the default), ``threshold N [K]`` or ``optimal``."""
    usage = (
        "A bot plays 'cautious' (stops as soon as it may), 'threshold N [K]' (throws on under N points with K cubes)"
        " or 'optimal' (by the solved tables of the game)."
    )
    if not words or list(words) == ["cautious"]:
        return HouseBot(("cautious",), cautious)
    if list(words) == ["optimal"]:
        return HouseBot(("optimal",), FALLBACK)
    numbers = [typed_number(word) for word in words[1:]]
    if words[0] == "threshold" and 2 <= len(words) <= 3 and None not in numbers:
        return HouseBot(tuple(words), threshold(*numbers))  # type: ignore[arg-type]
    raise Refusal(usage)


def typed_options(words: Sequence[str]) -> dict[str, str]:
    """Option names and values as typed: ``goal=300 bump`` (a bare name switches a rule on; the last word naming an
    option wins)."""
    options: dict[str, str] = {}
    for word in typed_names(words):
        name, sep, value = word.partition("=")
        options[name] = value if sep else "on"
    return options


def parse_options(words: Sequence[str], base: RuleSet | None = None) -> RuleSet:
    """Table options as typed: ``goal=300 lastlicks=B bump ntw=3`` (a bare name switches a rule on)."""
    try:
        return RuleSet.from_options(typed_options(words), base=base)
    except UnknownOption as error:
        raise Refusal(f"There is no table option called '{error.name}'. The options (name=value, or the name alone to "
                      f"switch a rule on; 'help options' says what each does): {option_names()}.") from None
    except RuleError as error:
        raise Refusal(str(error)) from None
