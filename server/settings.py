"""Configuration: built-in defaults < config file < COSMIC_* environment < explicit overrides."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

MAX_BOT_PACE = 5.0
"""The longest pause before a house bot's move, for the server and for 'table pace'."""
DEFAULTS = resources.files("server") / "defaults"
"""Where the built-in ``server.toml`` (every key, documented) and ``world.toml`` live: the one copy of the defaults."""


def _none_if_empty(value: Any) -> Any:
    """An empty string in TOML means "not set"."""
    return None if value in ("", None) else value


class Limits(BaseModel):
    """Protection against floods, giant lines, password guessing and forgotten connections."""

    model_config = ConfigDict(extra="forbid")

    max_line_length: int = Field(gt=0)
    input_burst: int = Field(gt=0)
    input_rate: float = Field(gt=0)
    negotiation_weight: int = Field(ge=1)
    flood_penalty: float = Field(ge=0)
    command_burst: int = Field(gt=0)
    command_rate: float = Field(gt=0)
    idle_timeout: float = Field(gt=0)
    login_timeout: float = Field(gt=0)
    max_connections_per_address: int = Field(gt=0)
    login_failure_burst: int = Field(gt=0)
    address_failure_burst: int = Field(gt=0)
    login_failure_refill: float = Field(gt=0)
    create_burst: int = Field(gt=0)
    create_refill: float = Field(gt=0)
    boot_hold: float = Field(ge=0)
    reports_per_hour: int = Field(gt=0)
    solves_per_hour: int = Field(gt=0)
    tables_per_hour: int = Field(gt=0)
    rooms_per_hour: int = Field(gt=0)
    descriptions_per_hour: int = Field(gt=0)
    shutdown_grace: float = Field(ge=0)


class TableSettings(BaseModel):
    """The clock at tables, and loaded dice for demos and tests."""

    model_config = ConfigDict(extra="forbid")

    turn_timer: float = Field(gt=0)
    insurance_window: float = Field(gt=0)
    abandon_after: float = Field(gt=0)
    prune_closed_after: float = Field(gt=0)
    return_grace: float = Field(ge=0)
    bot_pace: float = Field(ge=0, le=MAX_BOT_PACE)
    dice_script: Path | None

    _empty_means_fair = field_validator("dice_script", mode="before")(_none_if_empty)


class EventSettings(BaseModel):
    """Events (arenas and Swiss events): their tables, and the arenas held at set times."""

    model_config = ConfigDict(extra="forbid")

    options: str
    seats: int = Field(ge=2, le=4)
    arena_minutes: float = Field(gt=0, le=24 * 60)
    swiss_rounds: int = Field(ge=1, le=20)
    house_bots: list[Literal["optimal", "threshold", "cautious"]]
    arena_times: list[str]

    @field_validator("arena_times")
    @classmethod
    def _times(cls, times: list[str]) -> list[str]:
        for time in times:
            hours, _, minutes = time.partition(":")
            if not (hours.isdigit() and minutes.isdigit() and int(hours) < 24 and int(minutes) < 60):
                raise ValueError(f"arena_times: {time!r} is not HH:MM (UTC)")
        return times


class LadderSettings(BaseModel):
    """The bot ladder's matchmaker."""

    model_config = ConfigDict(extra="forbid")

    options: str
    seats: int = Field(ge=2, le=4)
    gap: int = Field(ge=0)
    daily_cap: int = Field(ge=1)
    every: float = Field(gt=0)


class RatingSettings(BaseModel):
    """Ratings that cannot be farmed or dodged (issue 37): how much of a game each person must have played, and the
    daily caps on rated games between the same accounts."""

    model_config = ConfigDict(extra="forbid")

    min_moves: int = Field(ge=0)
    """Turn moves each person still in a game must have typed themselves for it to be rated (those who left it
    need none: they lost it)."""
    pair_daily_cap: int = Field(ge=1)
    """Rated games two accounts may play together a day (UTC) at tables people opened; the rest are not rated."""
    address_daily_cap: int = Field(ge=1)
    """Rated games a day in which two accounts connected from one address play together."""
    first_turn: bool
    """The first turn's worth (the solver's figure for the goal) is counted in a two-player Cosmic Wimpout game's
    predicted chances and rating update (server.skill.firstturn)."""
    skill_games: int = Field(ge=1, le=1000)
    """The last rated games whose decision accuracy and luck 'rating' shows (server.skill)."""


class FunhouseSettings(BaseModel):
    """What a Funhouse player can set going: the best-possible searches, and runs left unfinished."""

    model_config = ConfigDict(extra="forbid")

    search_budget: int = Field(ge=100)
    """Positions a best-possible search may look at (its CPU budget: about 9 us each in Trampo-Land); past it, it
    gives the best it found, said to be so."""
    free_search: int = Field(ge=100)
    """Positions a search may look at without counting against its player's hourly quota (shared with the solver's,
    ``limits.solves_per_hour``); a search needing more takes one from it, and past the quota stops here."""
    searches_waiting: int = Field(ge=1)
    """Searches one player may have waiting or running; a room closed beyond that is told it was not searched."""
    unfinished_runs: int = Field(ge=1)
    """Unfinished runs kept per player: a new run deletes the oldest beyond it (never a day's first daily run)."""
    prune_unfinished_after: float = Field(ge=2 * 86400)
    """Seconds after its start an unfinished run is deleted (at start and every hour)."""


class LettersSettings(BaseModel):
    """The caps on letters between players (@mail; outgoing email is ``mail``)."""

    model_config = ConfigDict(extra="forbid")

    mailbox_cap: int = Field(ge=1)
    """Letters a mailbox holds: a letter to a full one is refused (its owner deletes some)."""
    per_hour: int = Field(ge=1)
    """Letters one player may send in any hour."""


class WebSettings(BaseModel):
    """The web client: HTTP and a WebSocket on their own port, in the same process."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool
    host: str
    port: int = Field(ge=0, le=65535)
    trusted_proxies: list[str]
    """Peers (a reverse proxy) whose X-Forwarded-For names the real client address."""
    allowed_origins: list[str]
    """The page's public addresses (``scheme://host[:port]``: a reverse proxy's, a name the web port is reached by)
    whose scripts may open ``/ws``, besides the address and port a request reached (``localhost`` too on loopback)."""
    public_who: bool
    """Whether ``/who`` answers anyone, logged in or not."""
    public_url: str
    """The page's address as players reach it (``https://play.example.org/``), for the links in mail and pushes;
    empty: ``http://<mssp.hostname or localhost>:<port>/``."""


class TlsSettings(BaseModel):
    """A second, encrypted listening port; off until a certificate is given."""

    model_config = ConfigDict(extra="forbid")

    port: int = Field(ge=0, le=65535)
    handshake_timeout: float = Field(gt=0)
    """Seconds a client has to finish its TLS handshake; its connection counts for its address meanwhile."""
    certfile: Path | None
    keyfile: Path | None

    _empty_means_off = field_validator("certfile", "keyfile", mode="before")(_none_if_empty)

    @property
    def enabled(self) -> bool:
        return self.certfile is not None


class MsspSettings(BaseModel):
    """What MUD listings (MSSP crawlers) are told besides the name, players and uptime; empty values are left out."""

    model_config = ConfigDict(extra="forbid")

    hostname: str
    contact: str
    website: str
    discord: str
    language: str
    location: str
    created: str
    genre: str
    gameplay: str
    status: Literal["", "Alpha", "Closed Beta", "Open Beta", "Live"]
    """MSSP's STATUS takes one of these words (a listing drops a server that says another)."""
    gamesystem: str
    subgenre: str
    family: str
    minimum_age: str


class PortalSettings(BaseModel):
    """The two processes' split (docs/server.md, "Portal and game process")."""

    model_config = ConfigDict(extra="forbid")

    handoff: bool
    """Hand a plain telnet connection's socket to the game process once negotiated (issue 41): its lines no longer
    cross the portal. Off: every connection is relayed."""


class MetricsSettings(BaseModel):
    """``GET /metrics`` (Prometheus' text format) on a port of its own; off until enabled."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool
    host: str
    port: int = Field(ge=0, le=65535)


class MailSettings(BaseModel):
    """Outgoing email through an SMTP relay (server.notices): off while ``host`` is empty."""

    model_config = ConfigDict(extra="forbid")

    host: str
    port: int = Field(ge=0, le=65535)
    security: Literal["starttls", "tls", "none"]
    user: str
    password: str
    """Best given in the environment (``COSMIC_MAIL__PASSWORD``), not in a file."""
    from_address: str
    timeout: float = Field(gt=0)
    per_address_hourly: int = Field(ge=1)
    per_account_hourly: int = Field(ge=1)

    @property
    def enabled(self) -> bool:
        return bool(self.host)


class PushSettings(BaseModel):
    """Web push (VAPID): the keys, and whom the push services may contact."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool
    subject: str
    """VAPID's ``sub``: a ``mailto:`` or ``https:`` address push services can reach the operator at; empty: the mail's
    from-address, else ``web.public_url``."""
    private_key: Path | None
    """A VAPID private key (PEM); empty: one made once and kept in ``data_dir`` (``vapid.pem``, readable by the server
    alone)."""
    insecure_endpoints: bool
    """Accept push endpoints over plain http or at private addresses (tests only: a real push service is https)."""
    per_account: int = Field(ge=1)

    _empty_means_generated = field_validator("private_key", mode="before")(_none_if_empty)


class NotifySettings(BaseModel):
    """When players away are told what happened (server.notices)."""

    model_config = ConfigDict(extra="forbid")

    move_after: float = Field(ge=0)
    """Seconds a player has been away before a table waiting on them sends "your move"."""
    digest_every: float = Field(gt=0)
    """Seconds between digests (a day)."""
    keep_days: float = Field(gt=0)
    give_up_after: float = Field(gt=0)
    """Seconds a mail or a push is retried before it is given up."""


class CorrespondenceSettings(BaseModel):
    """Tables played over days (issue 38): their deadlines, how many one may play, vacations, challenges."""

    model_config = ConfigDict(extra="forbid")

    days: int = Field(ge=1, le=14)
    """Days a move when 'table open pace=correspondence' names none."""
    tables: int = Field(ge=1)
    """Correspondence tables one player may sit at at once (besides one live table)."""
    vacation_days: int = Field(ge=0, le=366)
    """Days of vacation a player may take in a calendar year (UTC)."""
    challenges_open: int = Field(ge=1)
    """Challenges one player may have waiting for an answer at once."""
    challenges_per_hour: int = Field(ge=1)
    """Challenges one player may make in any hour."""
    challenge_days: float = Field(gt=0)
    """Days a challenge waits for its answer; then it is gone."""


class StoreSettings(BaseModel):
    """Where accounts, the world and every game are kept."""

    model_config = ConfigDict(extra="forbid")

    url: str
    """Empty or ``sqlite:``: the SQLite file in ``data_dir`` (``SQLITE_FILE``); ``sqlite:DIR``: the one in DIR;
    ``postgresql://user@host:port/db``: a PostgreSQL database (``server.store.backends``)."""


SQLITE_FILE = "cosmic.sqlite3"
"""The SQLite database's name in its directory."""


class Settings(BaseSettings):
    """Every setting has its default in the built-in ``server.toml``, the one place for them."""

    model_config = SettingsConfigDict(
        env_prefix="COSMIC_", env_nested_delimiter="__", extra="forbid"
    )

    server_name: str = Field(min_length=1)
    host: str
    port: int = Field(ge=0, le=65535)
    data_dir: Path
    world_file: Path | None
    wizards: list[str]
    registration: Literal["open", "invite", "closed"]
    """Who may create a character: anyone, whoever has a wizard's invitation ('@invite'), or nobody (a configured
    wizard's exact name aside)."""
    log_format: Literal["console", "json"]
    log_level: Literal["debug", "info", "warning", "error"]
    connect_maxwait: float = Field(ge=0, le=10)
    news: str = Field(max_length=4000)
    password_hash_cost: int = Field(ge=2, le=2**20)
    event_loop: Literal["uvloop", "asyncio"]
    adjustable_clock: bool
    """Let a wizard move the server's clock forward ('@clock'): tests and demonstrations of correspondence play only,
    never a server people play on (server.acrossdays.timesource)."""
    limits: Limits
    tables: TableSettings
    events: EventSettings
    ladder: LadderSettings
    ratings: RatingSettings
    funhouse: FunhouseSettings
    letters: LettersSettings
    web: WebSettings
    store: StoreSettings
    tls: TlsSettings
    mssp: MsspSettings
    metrics: MetricsSettings
    portal: PortalSettings
    mail: MailSettings
    push: PushSettings
    notify: NotifySettings
    correspondence: CorrespondenceSettings

    config_files: ClassVar[tuple[Path, ...]] = ()
    """Configuration files read over the built-in defaults, later ones winning."""

    @field_validator("password_hash_cost")
    @classmethod
    def _power_of_two(cls, value: int) -> int:
        if value & (value - 1):
            raise ValueError("must be a power of two (scrypt N)")
        return value

    _empty_means_builtin = field_validator("world_file", mode="before")(_none_if_empty)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        files = [Path(str(DEFAULTS / "server.toml")), *getattr(settings_cls, "config_files", ())]
        tomls = [TomlConfigSettingsSource(settings_cls, f) for f in reversed(files)]
        return (init_settings, env_settings, *tomls)


class ConfigError(Exception):
    """The configuration cannot be used; the message lists every problem."""


DEFAULT_CONFIG = Path("config/server.toml")
"""The configuration file the console script reads when none is given, if it exists."""


def load_console_settings(config_file: Path | None, **overrides: Any) -> Settings:
    """Settings as ``cosmic-wimpout`` reads them: ``--config``, else ``config/server.toml`` here if present."""
    return load_settings(config_file or (DEFAULT_CONFIG if DEFAULT_CONFIG.is_file() else None), **overrides)


def load_settings(config_file: Path | None = None, **overrides: Any) -> Settings:
    """Read and validate settings, raising :class:`ConfigError` with readable reasons."""
    if config_file is not None and not config_file.is_file():
        raise ConfigError(f"config file not found: {config_file}")

    class Configured(Settings):
        config_files = (config_file,) if config_file else ()

    try:
        return Configured(**overrides)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{config_file}: {exc}") from None
    except ValidationError as exc:
        problems = [
            f"  {'.'.join(str(p) for p in err['loc']) or '(top)'}: {err['msg']}"
            for err in exc.errors()
        ]
        raise ConfigError("invalid configuration:\n" + "\n".join(problems)) from None
