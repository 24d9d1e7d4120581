"""What the store keeps, as the rest of the server sees it: plain records that no backend's types leak into."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rooms.pairing import Standing
from server.competition.ratingmodel import FirstTurn, Rating, rate

DEFAULT_GAME = "wimpout"
"""The game type of a table opened without naming one (and of every table stored before there were others)."""
EVERYWHERE = "*"
"""The scope of a mute: every way of talking (a gag's scope is one channel's name)."""
OPEN_STATUSES = ("waiting", "playing")
"""A table's status while it is open (it comes back after a restart)."""
MEETINGS_KEPT = 2 * 86400.0
"""Seconds the rated games counted for the daily caps are kept (the caps count those of the current UTC day)."""
SEED_CHANNELS = (("pub", "Public talk, heard everywhere", True), ("games", "Looking for players", False))
"""The channels a new database starts with (autojoined ones are joined by every account, old and new)."""


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    skeleton: str
    password_hash: str
    wizard: bool
    banned: bool
    doing: str
    last_seen: float | None
    created_at: float
    builder: bool
    """May build (``@dig``...) in rooms they own; wizards build anywhere."""
    last_address: str | None = None
    """The address they last logged in from (a ban while they are away holds it)."""


@dataclass(frozen=True, slots=True)
class Restriction:
    """A mute (scope ``*``) or a gag from one channel, until a time or (``until`` None) until lifted."""

    scope: str
    until: float | None
    by: str
    reason: str

    def active(self, now: float) -> bool:
        return self.until is None or self.until > now


@dataclass(frozen=True, slots=True)
class AddressBan:
    """Connections from an address (or a network of them) refused by a wizard until lifted (``@ban 203.0.113.7``)."""

    network: str
    """An address or a network as ``ipaddress`` writes it (``203.0.113.0/24``, ``2001:db8::/32``)."""
    by: str
    reason: str
    at: float


@dataclass(frozen=True, slots=True)
class Channel:
    name: str
    description: str
    autojoin: bool


PREVIEW = 40
"""Characters of a letter its header carries: what '@mail' lists of each."""


@dataclass(frozen=True, slots=True)
class Letter:
    """A piece of @mail as its recipient's list shows it: its header and the start of its body (the body itself is
    read alone, when asked for: a mailbox is listed without loading every letter)."""

    id: int
    sender: str
    sent_at: float
    preview: str
    """The body's first ``PREVIEW`` characters, and one more when it is longer."""
    read: bool


@dataclass(frozen=True, slots=True)
class ModerationEntry:
    at: float
    actor: str
    action: str
    target: str
    detail: str


@dataclass(frozen=True, slots=True)
class Report:
    """What a player told the wizards about another ('report <player>=<what happened>'), open until a wizard closes
    it."""

    number: int
    at: float
    reporter: str
    reported: str
    text: str
    closed_at: float | None
    closed_by: str | None
    note: str
    """What the wizard who closed it said of it."""


@dataclass(frozen=True, slots=True)
class Invite:
    """A one-use code a wizard made ('@invite') for a new character, while ``registration = "invite"``."""

    code: str
    by: str
    at: float
    note: str
    used_by: str | None = None


FORMER = "former."
"""What the name of a deleted account ('@delete me') becomes in what others keep (their games, ratings' history,
the moderation record): ``former.`` and a random tag, which no account name can be (names hold no dot)."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as saved: enough to bring it back exactly (its game is the fold of ``events``)."""

    game_id: int
    number: int
    room: str
    rules: dict[str, Any]
    seats: list[str]
    status: str
    events: list[dict[str, Any]]
    bots: dict[str, list[str]]
    """House bots by name: the words of their strategy."""
    pace: float | None
    """Seconds house bots wait before a throw ('table pace'); None: the server's ``tables.bot_pace``."""
    learner: str | None
    """Whose tutorial this table is, if it is one."""
    game: str
    """The game type played at it (``DEFAULT_GAME`` for every table stored before there were others)."""
    rated: bool = True
    """Its game will be rated and counted in 'stats' and 'top' (not a tutorial, not opened with ``rated=off``)."""
    conduct: dict[str, Any] = field(default_factory=dict)
    """How each person took part (``rooms.tables.Conduct`` as JSON: own moves, who left, addresses at the start)."""
    post: dict[str, Any] | None = None
    """A correspondence table's clock (``server.acrossdays.correspondence.post``); None: a live table."""


@dataclass(frozen=True, slots=True)
class Result:
    """One player's part in a finished game: what every game records, and the game's own figures (by name)."""

    player: str
    won: bool
    score: int
    bot: bool
    """A house bot: its games count, flagged, and stay off the leaderboard."""
    figures: dict[str, int]
    left: bool = False
    """Left the game after its start (or stayed away past the grace): rated as a loss to everyone still in it, which
    gains nobody anything (server.competition.fairplay)."""


class Total(StrEnum):
    """How one of a game's figures adds up over a player's games."""

    SUM = "SUM"
    MAX = "MAX"


@dataclass(frozen=True, slots=True)
class Tally:
    """A game's own figures as ``stats`` and ``top`` add them up, in the order they are shown; ``tiebreak`` ranks
    players on the leaderboard after wins and win rate. The game declares it; the store only follows it."""

    totals: dict[str, Total]
    tiebreak: str | None = None

    def __post_init__(self) -> None:
        """Figures are named like identifiers (a backend may put the name in a JSON path)."""
        if not all(name.isidentifier() for name in self.totals) or self.tiebreak not in (None, *self.totals):
            raise ValueError(f"a tally names identifiers, its tiebreak among them: {self}")


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's record in one game type: games, wins, and the game's figures added up as its :class:`Tally` says."""

    games: int
    wins: int
    figures: dict[str, int]

    def __getattr__(self, name: str) -> int:
        """A game's figure read as an attribute (``stats.best_turn``), as its records command shows it."""
        if name == "figures":  # not set yet (copying, unpickling): never look for it in itself
            raise AttributeError(name)
        try:
            return self.figures[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of ``history``."""

    game_id: int
    ended_at: float
    players: str
    winner: str | None
    score: int
    bots: bool
    """House bots played in it."""
    rated: bool = True
    """It was rated and counts in 'stats' and 'top' (tutorials, loaded dice and ``rated=off`` tables do not)."""


@dataclass(frozen=True, slots=True)
class Finish:
    """How a game ended, saved in the same transaction as its last events (a kill can never split them)."""

    winner: str | None
    results: list[Result]
    rated: bool = True
    """The game may be rated (False when its dice were loaded or scripted); its table must be rated too."""
    meetings: tuple[str, ...] = ()
    """What the daily caps on rated games count this one under, once rated (server.competition.fairplay: each pair of accounts
    in it, each address two of them shared)."""
    first_turn: FirstTurn | None = None
    """Who took the first turn (a seat in ``results``' order) and its worth, counted in the rating update of a
    two-player game finished by both (server.skill.firstturn; None: not counted, ``ratings.first_turn`` off)."""

    def places(self) -> list[int]:
        """Each result's finishing place (1 first): the winner, then by score; equal scores share a place. Those who
        left share the last place."""
        key = [(not r.left, r.won, r.score) for r in self.results]
        return [1 + sum(other > mine for other in key) for mine in key]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating in a game type before and after a rated game (``before`` a newcomer's in their first)."""

    player: str
    before: Rating
    after: Rating
    bot: bool


def rating_changes(finish: Finish, before: list[Rating]) -> list[RatingChange]:
    """The players' ratings after a rated game, from theirs before (in the order of ``finish.results``); a game
    played alone changes none. Whoever left it lost to everyone still in it, and only their ratings take that: those
    who stayed are rated among themselves, when at least two finished it (a game abandoned, or won because everyone
    else left, moves none of theirs)."""
    results = finish.results
    if len(before) < 2:
        return []
    stayed = [i for i, r in enumerate(results) if not r.left]
    if len(stayed) == len(results):
        return _changes(finish, before, range(len(results)), rate(before, finish.places(), finish.first_turn))
    if not stayed:
        return []
    everyone = rate(before, finish.places())
    changes = _changes(finish, before, [i for i, r in enumerate(results) if r.left], everyone)
    if finish.winner is not None and len(stayed) > 1:
        among = Finish(finish.winner, [results[i] for i in stayed])
        after = dict(zip(stayed, rate([before[i] for i in stayed], among.places())))
        changes += _changes(finish, before, stayed, [after.get(i, before[i]) for i in range(len(results))])
    return sorted(changes, key=lambda c: [r.player for r in results].index(c.player))


def _changes(finish: Finish, before: list[Rating], which: Iterable[int], after: list[Rating]) -> list[RatingChange]:
    return [RatingChange(finish.results[i].player, before[i], after[i], finish.results[i].bot) for i in which]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished or abandoned game as 'replay' and 'review' read it."""

    table: int
    """The number of the table it was played at."""
    events: list[dict[str, Any]]
    game: str = DEFAULT_GAME
    """Its game type's name (whose rules and words read ``events``)."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game stored as over: its events, to rebuild results a crash before this release left out."""

    game_id: int
    events: list[dict[str, Any]]
    game: str = DEFAULT_GAME
    """Its game type's name (whose rules rebuild it from ``events``)."""


@dataclass(frozen=True, slots=True)
class FunRecord:
    """One Funhouse run as stored: its events (``engine.funhouse.event_to_dict`` of each, which hold the seed, every
    room's setup and every move with the chance it drew), and its total once it is over (None while it goes on)."""

    run_id: int
    player: str
    started_at: float
    daily: str | None
    """The UTC date (ISO) of a daily run."""
    room: str | None
    """The room played alone; None: the six rooms."""
    events: list[dict[str, Any]]
    total: int | None


@dataclass(frozen=True, slots=True)
class BotAccount:
    """An account flagged as a bot by its owner ('@set me=bot'): rated apart from people, seated by the ladder."""

    owner: str
    version: str
    accepted: bool = False
    """Its owner accepted it as theirs ('@bot accept NAME'): the ladder takes only such bots."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event as stored: an arena (played until ``ends_at``) or a Swiss event (``rounds`` rounds)."""

    event_id: int
    kind: str
    room: str
    """Where its tables stand."""
    options: list[str]
    """The words its tables are opened with (``goal=300``)."""
    seats: int
    started_at: float
    ends_at: float | None
    rounds: int | None
    round: int
    """The Swiss round being played (0 before the first)."""
    status: str
    """``running``, ``over`` or ``stopped``."""


@dataclass(frozen=True, slots=True)
class EntrantLine:
    """A line of an event's standings as stored: ``active`` while the entrant takes part (not after 'event leave')."""

    standing: Standing
    active: bool


class NameTaken(Exception):
    """Another account already has this name or one that looks like it."""

    def __init__(self, existing: str) -> None:
        super().__init__(existing)
        self.existing = existing


class InviteRefused(Exception):
    """The invitation code is unknown, used already or too old (checked in the transaction that creates the
    account)."""


class StoreError(Exception):
    """The store cannot be used as it is (the server and the console say why and stop)."""


class StoreDown(StoreError):
    """The store cannot be used right now (its disk is full, its database server gone or refusing), as opposed to a
    write's own failure (a name already taken): what asked for it is not done, and nothing of it is kept.
    ``problem`` says why, for the log and ``/health``; ``told``, when given, is what the player whose command it was
    is told (else the server's general words for it)."""

    def __init__(self, problem: str, told: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.told = told


class NewerDatabase(StoreError):
    """The database was made or upgraded by a newer release than this one: it is left untouched."""

    def __init__(self, where: str, found: int, known: int) -> None:
        super().__init__(
            f"the database {where} is at schema version {found}, newer than this release knows (up to {known}); "
            "run the release that upgraded it, or restore a backup made before"
        )
