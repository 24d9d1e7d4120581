"""A throwaway PostgreSQL cluster for the tests and benchmarks, and the fixtures that run a test on both backends.

The store tests and the end-to-end tests of the store run on both backends (``store_url``); the whole suite runs on
PostgreSQL too with ``COSMIC_TEST_STORE=postgresql pytest``, each test with a new database for its servers
(in-process or started as programs, ``COSMIC_STORE__URL``). Tests that reach the database themselves do it through
``support.storedb``, on either backend; the few about SQLite's own files name SQLite (``store={"url": "sqlite:"}``).

The cluster is made by ``initdb`` in a temporary directory (as the ``postgres`` system user when running as root: the
server refuses to run as root), listens on a free loopback port and on a unix socket in that directory, and is
stopped and removed at the end. Without PostgreSQL's binaries the PostgreSQL half of each test is skipped, saying
why; ``.ci/run`` installs them."""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

BACKENDS = ("sqlite", "postgresql")
"""The store backends every store test and end-to-end test of the seam runs on."""
PURE_LAYERS = {"engine", "rooms"}
"""Test folders whose tests start no server (``tests/engine``, ``tests/rooms``)."""
_databases = itertools.count(1)


def binaries() -> Path | None:
    """The directory of PostgreSQL's server programs (Debian keeps them off PATH), if installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    return versions[-1].parent if versions else None


def unavailable() -> str | None:
    """Why no cluster can be started here, if none can."""
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql; .ci/run does): its backend is not tested"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a postgres system user to run PostgreSQL as (its package makes one)"
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A running cluster: ``url(database)`` to reach it, ``create()`` for a new database."""

    def __init__(self, bin_dir: Path, root: Path, port: int, user: str, run: Callable[..., None], settings: str) -> None:
        self.bin_dir, self.root, self.port, self.user = bin_dir, root, port, user
        self._migrated: str | None = None
        self._run, self._settings = run, settings

    def stop(self) -> None:
        """Stop the server as an operator would (``pg_ctl stop -m fast``): every connection ended, new ones refused
        (the crash campaign's store fault)."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.root / "data"), "-m", "fast", "-w", "stop")

    def start(self) -> None:
        """Start it again after ``stop``, on the same port."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.root / "data"), "-l", str(self.root / "log"), "-o",
                  self._settings, "-w", "start")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create(self, migrated: bool = False) -> str:
        """A new database's URL: empty, or ``migrated`` as the store leaves a new one (a copy of one migrated once a
        session: a test's servers then start without migrating)."""
        import psycopg

        template = self._template() if migrated else "template0"
        name = f"cosmic_{os.getpid()}_{next(_databases)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY file_copy")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop a database ``create`` made once its test is over (whatever still holds it ended): hundreds of them
        left to the session's end took 85 s to remove with the cluster."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"DROP DATABASE IF EXISTS {url.rpartition('/')[2]} WITH (FORCE)")

    def _template(self) -> str:
        if self._migrated is None:
            from server.store.postgresql import PostgresStore

            name = self.create().rpartition("/")[2]
            store = PostgresStore(self.url(name))

            async def migrate() -> None:
                await store.open()
                await store.close()

            with ThreadPoolExecutor(1) as thread:  # (a test's event loop may be running in this one)
                thread.submit(asyncio.run, migrate()).result()
            self._migrated = name
        return self._migrated


@contextmanager
def cluster(durable: bool = False) -> Iterator[Cluster]:
    """A cluster for as long as the block runs. ``durable``: fsync on (benchmarks); tests need only survive a killed
    process, which the operating system's cache does, so they spare the disk."""
    bin_dir = binaries()
    if bin_dir is None:
        raise FileNotFoundError("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin)")
    root = Path(tempfile.mkdtemp(prefix="cosmic-pg-"))
    owner = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
    if owner is not None:
        os.chown(root, owner.pw_uid, owner.pw_gid)
    user = owner.pw_name if owner is not None else pwd.getpwuid(os.geteuid()).pw_name

    def run(*argv: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if owner is not None else []
        subprocess.run([*prefix, *argv], check=True, capture_output=True, cwd=root)

    data, port = root / "data", _free_port()
    settings = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c max_connections=200 -c fsync={'on' if durable else 'off'}"
    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", settings, "-w", "start")
        try:
            yield Cluster(bin_dir, root, port, user, run, settings)
        finally:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One cluster for the whole session (skips the test when PostgreSQL is not installed)."""
    reason = unavailable()
    if reason is not None:
        pytest.skip(reason)
    with cluster() as made:
        yield made


@pytest.fixture(autouse=True)
def whole_suite_store(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """With ``COSMIC_TEST_STORE=postgresql``, every test's servers use a new PostgreSQL database
    (``COSMIC_STORE__URL``), unless the test chooses its backend itself (the tests of the pure layers start none)."""
    if os.environ.get("COSMIC_TEST_STORE") != "postgresql" or "store_url" in request.fixturenames:
        yield
        return
    if PURE_LAYERS & set(request.node.path.relative_to(request.config.rootpath).parts[:2]):
        yield
        return
    made: Cluster = request.getfixturevalue("postgres_cluster")
    url = made.create(migrated=True)
    monkeypatch.setenv("COSMIC_STORE__URL", url)
    yield
    made.drop(url)


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``store.url`` for each backend: SQLite's default (the file in the data directory), or a new PostgreSQL
    database. Every server the test starts uses it (``COSMIC_STORE__URL``: in-process servers, programs started as
    operators run them, ``support.storedb``), so a module of end-to-end tests runs on both backends with
    ``pytestmark = pytest.mark.usefixtures("store_url")``."""
    if request.param == "sqlite":
        monkeypatch.delenv("COSMIC_STORE__URL", raising=False)
        yield ""
        return
    made: Cluster = request.getfixturevalue("postgres_cluster")
    url = made.create(migrated=True)
    monkeypatch.setenv("COSMIC_STORE__URL", url)
    yield url
    made.drop(url)
