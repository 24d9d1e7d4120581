"""What the server asks of its store, grouped by what each part holds. Code outside the store types its store with
these, so a backend is anything that has the methods: SQLite (``server/store/sqlite/``) and PostgreSQL
(``server/store/postgresql/``).

Every write returns once it is durable ("saved before shown"); the writes asked for in one turn of the event loop may
share one transaction (group commit), and one that fails is undone alone. When the store itself fails (a full disk,
a database server gone or refusing) a write or a read raises ``StoreDown``, and its ``trouble`` says so."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from rooms.model import Room
from server.ops.figures import Commits
from server.competition.ratingmodel import Rating
from server.store.trouble import Trouble
from server.store.dicestore import DiceStore
from server.store.puzzlestore import PuzzleStore
from server.store.judged import SkillStore
from server.store.outreach import OutreachStore
from server.store.postal import LIVE, PostalStore
from server.store.domain import (
    DEFAULT_GAME,
    Account,
    AddressBan,
    BotAccount,
    Channel,
    EntrantLine,
    EventRecord,
    Finish,
    FinishedGame,
    FunRecord,
    GameSummary,
    Invite,
    Letter,
    ModerationEntry,
    PlayedGame,
    RatingChange,
    Report,
    Restriction,
    Stats,
    StoredTable,
)


class AccountStore(Protocol):
    """Accounts: names, passwords, powers, @doing and when each was last seen."""

    async def find(self, skeleton: str) -> Account | None: ...

    async def names(self) -> list[str]:
        """Every account's name (a new one must not look like any of them)."""
        ...

    async def create(self, name: str, skeleton: str, password_hash: str, invite: str | None = None,
                     invited_since: float = 0.0) -> Account:
        """Add an account (never a wizard: see ``cosmic-wimpout wizard``), using up the invitation ``invite`` (made
        after ``invited_since``) in the same transaction when one is given. Raises :class:`NameTaken`,
        :class:`InviteRefused`."""
        ...

    async def set_password_hash(self, skeleton: str, password_hash: str) -> None: ...

    async def set_doing(self, skeleton: str, doing: str) -> None: ...

    async def set_banned(self, skeleton: str, banned: bool) -> None: ...

    async def set_builder(self, skeleton: str, builder: bool) -> None: ...

    async def set_last_address(self, skeleton: str, address: str) -> None:
        """The address an account has just logged in from."""
        ...

    async def set_wizard(self, name: str, wizard: bool) -> bool:
        """Grant or take back wizard powers of the account called exactly ``name`` (any case); False if there is none."""
        ...

    async def touch(self, skeletons: Iterable[str]) -> None:
        """Record that these accounts were seen now."""
        ...


class PreferenceStore(Protocol):
    """What one account chose for itself: @set preferences, whom it ignores, the room it left from."""

    async def preferences(self, skeleton: str) -> dict[str, str]: ...

    async def set_preference(self, skeleton: str, key: str, value: str) -> None: ...

    async def ignored(self, skeleton: str) -> set[str]:
        """The names an account ignores."""
        ...

    async def set_ignored(self, skeleton: str, name: str, ignored: bool) -> None: ...

    async def location(self, skeleton: str) -> str | None:
        """The room a player was in when they last left (they come back there)."""
        ...

    async def set_location(self, skeleton: str, room: str) -> None: ...


class ChannelStore(Protocol):
    """Channels and who is on them."""

    async def channels(self) -> list[Channel]: ...

    async def memberships(self, skeleton: str) -> set[str]: ...

    async def create_channel(self, channel: Channel) -> None: ...

    async def destroy_channel(self, name: str) -> None:
        """A channel gone, with who was on it and the gags on it."""
        ...

    async def set_member(self, channel: str, skeleton: str, member: bool) -> None: ...


class ModerationStore(Protocol):
    """Mutes and gags, and the record of what wizards did (@whois)."""

    async def restrictions(self, skeleton: str) -> dict[str, Restriction]:
        """An account's mute and gags, by scope (expired ones included: callers ask ``active``)."""
        ...

    async def restrict(self, skeleton: str, restriction: Restriction | None, scope: str) -> None:
        """Put a mute or gag on an account (``None``: lift the one of ``scope``)."""
        ...

    async def record(self, actor: str, action: str, target: str, detail: str) -> None:
        """Keep a moderation action for @whois."""
        ...

    async def moderation(self, target: str, limit: int) -> list[ModerationEntry]:
        """The latest moderation actions about a player, newest first."""
        ...

    async def address_bans(self) -> list[AddressBan]:
        """Every address ban in force, oldest first."""
        ...

    async def ban_address(self, ban: AddressBan) -> None:
        """Refuse an address (or network) from now on; a ban of it already there is replaced."""
        ...

    async def unban_address(self, network: str) -> None: ...

    async def banned_names(self) -> list[str]:
        """The names of the banned accounts, in order."""
        ...


class OversightStore(Protocol):
    """What wizards oversee: the moderation record server-wide, holds, players' reports, invitations, and accounts
    renamed or deleted."""

    async def audit(self, word: str | None, limit: int) -> list[ModerationEntry]:
        """The latest moderation entries, newest first: all, or those by, about or of ``word`` (a name, an action)."""
        ...

    async def holds(self, now: float) -> dict[str, float]:
        """The holds in force (an account's skeleton, or ``@`` and an address: until when), those over forgotten."""
        ...

    async def hold(self, key: str, until: float) -> None: ...

    async def release(self, key: str) -> None: ...

    async def file_report(self, reporter: str, reported: str, text: str, at: float) -> int:
        """Keep a player's report; its number."""
        ...

    async def reports(self, open_only: bool, limit: int) -> list[Report]:
        """The open reports, oldest first; or (``open_only`` False) the latest of all, newest first."""
        ...

    async def reports_by(self, reporter: str, since: float) -> list[Report]:
        """A player's reports still open or filed since ``since``."""
        ...

    async def close_report(self, number: int, by: str, note: str, at: float) -> Report | None:
        """Close an open report; None if there is no open report of that number."""
        ...

    async def create_invite(self, invite: Invite) -> None: ...

    async def invites(self, since: float) -> list[Invite]:
        """The invitations made after ``since`` and not used yet, oldest first."""
        ...

    async def cancel_invite(self, code: str) -> bool:
        """Forget an unused invitation; False if there is none."""
        ...

    async def rename_account(self, skeleton: str, name: str, new_name: str, new_skeleton: str) -> Account:
        """Give an account a new name, in one transaction with everything kept under its name or skeleton (its
        games' seats and events, results, ratings, mail, the record...). Raises :class:`NameTaken`."""
        ...

    async def delete_account(self, skeleton: str, name: str) -> str:
        """Delete an account and what was its alone (``sharedsql.BY_SKELETON``, ``GONE_WITH_THE_ACCOUNT``); what it
        shares with others (games, results, reports, the record) is kept under a former name (``FORMER`` and a random
        tag), returned, and recorded as a ``delete`` by it: all in one transaction."""
        ...


class MailStore(Protocol):
    """@mail: letters kept for a player (by account skeleton) until they delete them."""

    async def letters(self, skeleton: str) -> list[Letter]:
        """A player's letters, oldest first: their headers and the start of each (no body is loaded)."""

    async def letter_body(self, skeleton: str, letter: int) -> str | None:
        """One letter's body (None if the player has no such letter)."""

    async def send_letter(self, skeleton: str, sender: str, sent_at: float, body: str, most: int) -> bool:
        """Keep a letter for a player unless their mailbox already holds ``most``: whether it was kept."""
        ...

    async def mark_read(self, skeleton: str, letter: int) -> None: ...

    async def delete_letters(self, skeleton: str, letters: Sequence[int] | None) -> int:
        """Delete these of a player's letters (None: all of them), in one transaction; how many were."""
        ...


class WorldStore(Protocol):
    """The rooms and exits (the world file only seeds a new database)."""

    async def world(self) -> tuple[list[Room], str] | None:
        """Every room with its exits, and the start room's key; None if the database has no world yet."""
        ...

    async def seed_world(self, rooms: Iterable[Room], start: str) -> None:
        """Keep a whole world (the seed of a new database) in one transaction."""
        ...

    async def save_rooms(self, rooms: Iterable[Room]) -> None:
        """Rooms as they are now (new or changed), each with all its exits, in one transaction."""
        ...

    async def delete_room(self, key: str, changed: Iterable[Room]) -> None:
        """A destroyed room and its exits gone, and the rooms that had exits to it saved, in one transaction."""
        ...


class GameStore(Protocol):
    """Tables, each holding one game: its seats and rules, every event as it happens, and its results."""

    async def open_next_table(
        self, room: str, rules: dict[str, Any], seats: list[str], game: str = DEFAULT_GAME,
        bots: Mapping[str, list[str]] | None = None, rated: bool = True, post: dict[str, Any] | None = None,
    ) -> tuple[int, int]:
        """Record a new table of a game type (one table holds one game) under the lowest number no open table has,
        chosen by the database (processes sharing one never take a number twice), with its seats, house bots,
        whether its game will be rated and its correspondence clock (None: a live table), in one transaction; returns
        its number and game id."""
        ...

    async def renumber_table(self, game_id: int, number: int) -> None:
        """Give an open table another number (restore found two open tables under one)."""
        ...

    async def save_table(
        self, game_id: int, rules: dict[str, Any], seats: list[str], bots: dict[str, list[str]], status: str,
        first_seq: int, events: list[dict[str, Any]], finish: Finish | None = None,
        conduct: dict[str, Any] | None = None, post: dict[str, Any] | None = None,
    ) -> list[RatingChange]:
        """The table's seats, house bots, rules and status now, how each person took part (``conduct``, brought back
        with the table), its correspondence clock (``post``: None at a live table), its new game events and, when its game is over, the results and, if the game and its table
        are rated, the players' new ratings: all in one transaction. Returns the ratings' changes (none for an unrated
        game, which is marked so: it never reaches 'stats' or 'top')."""
        ...

    async def set_pace(self, game_id: int, pace: float) -> None: ...

    async def set_post(self, game_id: int, post: dict[str, Any]) -> None:
        """A correspondence table's clock, frozen or going on without a move (a vacation's start or end)."""
        ...

    async def set_learner(self, game_id: int, learner: str) -> None:
        """The table is ``learner``'s tutorial (a restart brings back its notes and its loaded dice); never rated."""
        ...

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """Results for a game already stored as over (the repair of a game a crash left without them)."""
        ...

    async def close_table(self, game_id: int, status: str, forfeits: Finish | None = None) -> list[RatingChange]:
        """A table is gone without results: ``closed`` before its game began, or its game ``abandoned``; then, if the
        game and its table are rated, ``forfeits`` rates those who left it as losing to those still in it, in the same
        transaction. Returns the ratings' changes."""
        ...

    async def meetings_since(self, whats: Sequence[str], since: float) -> dict[str, int]:
        """How many rated games were counted under each of ``whats`` (``Finish.meetings``) since ``since``."""
        ...

    async def finished_without_results(self) -> list[FinishedGame]:
        """Games stored as over that have no results (a kill between two transactions, before they were one)."""
        ...

    async def prune_closed(self, before: float) -> int:
        """Delete the tables closed before ``before`` (Unix time) where no game began; returns how many."""
        ...

    async def open_tables(self) -> list[StoredTable]:
        """Every table not yet closed, with its game's events, to bring back after a restart."""
        ...

    async def game_events(self, game_id: int) -> PlayedGame | None:
        """A finished or abandoned game's table number, events and game type (``replay``, ``review``); None if there
        is no such game."""
        ...

    async def ratings(self, player: str, pool: str = LIVE) -> dict[str, Rating]:
        """A player's rating in each game type they were rated in, by game type, in one pool (``postal.POOLS``: a
        game is rated in its pace's)."""
        ...

    async def rating_board(self, game: str, bots: bool, limit: int, pool: str = LIVE) -> list[tuple[str, Rating]]:
        """The best rated people (``bots`` False) or bots in a game type's pool, by conservative figure, best
        first."""
        ...

    async def history(self, player: str, limit: int) -> list[GameSummary]:
        """A player's finished games, newest first."""
        ...

    async def stats(self, player: str, game: str = DEFAULT_GAME) -> Stats:
        """A player's record in one game type, its figures added up by the game's tally."""
        ...

    async def top(self, limit: int, game: str = DEFAULT_GAME) -> list[tuple[str, Stats]]:
        """The leaderboard of people (house bots are left off): most wins, then best win rate, then the game's
        tiebreak figure."""
        ...


class FunhouseStore(Protocol):
    """Funhouse runs: each saved whole after every move, so a restart (or kill -9) finds it where it was."""

    async def create_fun_run(self, player: str, started_at: float, daily: str | None, room: str | None,
                             events: list[dict[str, Any]]) -> int:
        """Store a new run; its number."""
        ...

    async def save_fun_run(self, run_id: int, events: list[dict[str, Any]], total: int | None) -> None:
        """The run's events as they now stand, and its total once it is over."""
        ...

    async def fun_run(self, run_id: int) -> FunRecord | None: ...

    async def open_fun_run(self, player: str) -> FunRecord | None:
        """The player's latest run not yet over."""
        ...

    async def fun_runs(self, player: str, limit: int) -> list[FunRecord]:
        """The player's runs, newest first."""
        ...

    async def prune_fun_runs(self, player: str, keep: int) -> int:
        """Delete the player's unfinished runs beyond the newest ``keep`` (never a day's first daily run: it decides
        that day's board); how many were."""
        ...

    async def prune_old_fun_runs(self, before: float) -> int:
        """Delete the unfinished runs started before ``before`` (Unix time; never a day's first daily run)."""
        ...

    async def fun_top(self, limit: int, daily: str | None = None) -> list[FunRecord]:
        """The best finished runs through the six rooms, lowest total first; ``daily``: that day's, each player's
        first daily run only."""
        ...


class EventStore(Protocol):
    """Events (arenas, Swiss events) with their standings, and the accounts flagged as bots for the ladder."""

    async def create_event(self, kind: str, room: str, options: list[str], seats: int, started_at: float,
                           ends_at: float | None, rounds: int | None, house: list[str]) -> int:
        """A new running event with its house bots entered; its number."""
        ...

    async def events(self, running: bool, limit: int = 10) -> list[EventRecord]:
        """The running events, oldest first; or (``running`` False) the latest ones, newest first."""
        ...

    async def event(self, event_id: int) -> EventRecord | None: ...

    async def set_event_round(self, event_id: int, round: int) -> None: ...

    async def end_event(self, event_id: int, status: str) -> None: ...

    async def enter_event(self, event_id: int, player: str, active: bool) -> None:
        """Enter a player (or enter them again), or take them out of the pairings (their standing stays)."""
        ...

    async def standings(self, event_id: int) -> list[EntrantLine]:
        """Every entrant's line, best first."""
        ...

    async def event_game(self, event_id: int, game_id: int, round: int) -> None:
        """A game of the event began (counted when it ends, even after a restart)."""
        ...

    async def score_event_game(self, event_id: int, game_id: int, scores: list[tuple[str, int, bool]]) -> bool:
        """Add each player's points and win for one of the event's games, once: False if it was counted already."""
        ...

    async def uncounted_games(self, event_id: int) -> list[tuple[int, int]]:
        """The event's games not counted yet (game id, round)."""
        ...

    async def results_of(self, game_id: int) -> list[tuple[str, bool, int]]:
        """A finished game's players, whether each won, and their scores (none if it has no results)."""
        ...

    async def bot_account(self, skeleton: str) -> BotAccount | None: ...

    async def owned_bots(self, owner: str) -> list[tuple[str, bool]]:
        """The bots naming ``owner`` (an account's name) as theirs, each with whether the owner accepted it."""
        ...

    async def accept_bot(self, skeleton: str, owner: str, accepted: bool) -> bool:
        """``owner`` accepts (or refuses) the bot as theirs: False if the bot does not name them."""
        ...

    async def set_bot_account(self, skeleton: str, name: str, bot: BotAccount | None) -> bool:
        """Flag an account as a bot (None: no longer), in one transaction with forgetting its ratings when the
        version is new: True when it was."""
        ...

    async def games_since(self, player: str, since: float) -> int:
        """How many games a player finished since ``since`` (Unix time): the ladder's daily cap."""
        ...


class CopyStore(Protocol):
    """Every row, as ``cosmic-wimpout store copy`` carries it from one backend to another: by table of the logical
    schema (``sharedsql.TABLES``), JSON as its text, flags as integers."""

    async def rows(self, table: str) -> list[tuple[Any, ...]]: ...

    async def load(self, tables: Mapping[str, list[tuple[Any, ...]]]) -> None:
        """Replace every row with these, in one transaction (ids kept: new ones follow them)."""
        ...


class Store(AccountStore, PreferenceStore, ChannelStore, ModerationStore, OversightStore, MailStore, WorldStore, GameStore,
            FunhouseStore, EventStore, OutreachStore, DiceStore, PostalStore, PuzzleStore, SkillStore, CopyStore,
            Protocol):
    """The whole store, as the server opens it; ``cosmic-wimpout wizard`` and ``backup`` use it too."""

    commits: Commits
    """Its transactions' times and failures (``/metrics``, ``@stats``)."""

    @property
    def where(self) -> str:
        """Where the database is, as the operator names it (a file's path, a server's URL)."""
        ...

    def exists(self) -> bool:
        """Whether there is a database there yet (the console only works on one the server made)."""
        ...

    def in_use(self) -> bool:
        """Whether a running server uses it (``store copy`` refuses to copy what is being written)."""
        ...

    async def open(self) -> None:
        """Connect, and bring the database to this release's schema (raises :class:`NewerDatabase` if it is newer)."""
        ...

    async def close(self) -> None:
        """Commit what was asked for, then close."""
        ...

    async def backup(self, to: Path) -> None:
        """A consistent copy of the whole database in the new file ``to``, while others go on writing."""
        ...

    @property
    def trouble(self) -> Trouble:
        """Whether the store works now (every failure of its own is noted there)."""
        ...

    async def probe(self) -> None:
        """A write that changes nothing: raises ``StoreDown`` unless the store can save now."""
        ...
