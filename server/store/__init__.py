"""The store: the domain records (``domain``), what the server asks of a store (``repositories``), and the backends
that keep them (``backends``: SQLite in ``sqlite/``, PostgreSQL in ``postgresql/``, what their SQL shares in
``sharedsql``). Code outside imports from here: no SQL
and no sqlite3 outside a backend's folder."""

from server.store.backends import store_at, store_for
from server.store.domain import (
    DEFAULT_GAME,
    EVERYWHERE,
    Account,
    AddressBan,
    BotAccount,
    Channel,
    EntrantLine,
    EventRecord,
    FORMER,
    Finish,
    FinishedGame,
    FunRecord,
    GameSummary,
    Invite,
    InviteRefused,
    Letter,
    ModerationEntry,
    NameTaken,
    NewerDatabase,
    PlayedGame,
    RatingChange,
    Report,
    Restriction,
    Result,
    Stats,
    StoredTable,
    StoreDown,
    StoreError,
    Tally,
    Total,
)
from server.store.trouble import Trouble
from server.store.repositories import (
    AccountStore,
    ChannelStore,
    CopyStore,
    EventStore,
    FunhouseStore,
    GameStore,
    MailStore,
    ModerationStore,
    OversightStore,
    PreferenceStore,
    Store,
    WorldStore,
)

__all__ = [
    "DEFAULT_GAME", "EVERYWHERE", "Account", "AccountStore", "AddressBan", "BotAccount", "EntrantLine", "EventRecord", "EventStore", "Channel", "ChannelStore", "CopyStore", "Finish", "FinishedGame",
    "FunRecord", "FunhouseStore",
    "PlayedGame",
    "GameStore", "GameSummary", "Letter", "MailStore", "ModerationEntry", "ModerationStore", "NameTaken", "NewerDatabase",
    "PreferenceStore", "RatingChange", "Restriction", "Result", "Stats", "Store", "StoreDown", "StoreError", "StoredTable", "Tally",
    "Total", "Trouble", "WorldStore", "store_at", "FORMER", "Invite", "InviteRefused", "Report", "OversightStore",
    "store_for",
]
