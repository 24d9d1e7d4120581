"""A store's password is never shown, nor put where other local users can read it (issue 37, item 6): every message
that names a store URL redacts its password whatever the URL's form, and pg_dump is given it in a private password
file, never on its command line (``ps`` shows every process's to everyone)."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from server.store import StoreError, store_at
from server.store.redaction import redacted
from support.servers import free_port

SECRET = "Kx9q"
"""In every password below; nothing shown may hold it."""
FORMS = [
    f"postgresql://cosmic:{SECRET}pw@localhost:5432/wimpout",
    f"postgres://cosmic:{SECRET}pw@localhost/wimpout",
    f"postgresql+psycopg://cosmic:{SECRET}pw@localhost/wimpout",
    f"POSTGRESQL://cosmic:{SECRET}pw@localhost/wimpout",
    f"postgresql://cosmic:{SECRET}#pw@localhost/wimpout",
    f"postgresql://cosmic:{SECRET}/pw@localhost/wimpout",
    f"postgresql://cosmic:{SECRET}@pw@localhost/wimpout",
    f"postgresql://cosmic:{SECRET}:pw@localhost/wimpout",
    f"postgresql://cosmic:%4B{SECRET[1:]}%40%2Fpw@localhost/wimpout",
    f"postgresql://:{SECRET}pw@localhost/wimpout",
    f"postgresql://cosmic:{SECRET}pw@[::1]:5432/wimpout",
    f"postgresql://cosmic:{SECRET}pw@db1:5432,db2:5433/wimpout?target_session_attrs=read-write",
    f"postgresql://cosmic@localhost/wimpout?password={SECRET}pw",
    f"postgresql://cosmic@localhost/wimpout?sslmode=require&password={SECRET}pw&application_name=cw",
    f"host=localhost user=cosmic password={SECRET}pw dbname=wimpout",
    f"host=localhost password='{SECRET} pw' dbname=wimpout",
    f"password = {SECRET}pw host=localhost",
    f"host=localhost password='it\\'s {SECRET}' dbname=wimpout",
]
HIDDEN = (SECRET, SECRET[1:])  # (the percent-encoded one is shown decoded by some drivers)


@pytest.mark.parametrize("url", FORMS)
def test_every_form_of_store_url_is_shown_without_its_password(url: str) -> None:
    shown = redacted(url)
    assert not any(secret in shown for secret in HIDDEN), shown
    assert "***" in shown
    if "://" in url and "@" in url.split("?")[0]:
        assert "localhost" in shown or "::1" in shown or "db1" in shown  # where it is still says


@pytest.mark.parametrize("url", FORMS)
async def test_errors_naming_a_store_never_show_its_password(url: str, tmp_path: Path) -> None:
    """Each form as ``store.url``, a database that is not there (a closed port): the error the server and the
    console would show."""
    url = url.replace(":5432", "").replace("localhost", f"127.0.0.1:{free_port()}")
    try:
        store = store_at(url, tmp_path)
        await store.open()
        said = f"opened {store.where}"
    except StoreError as exc:
        said = str(exc)
    assert not any(secret in said for secret in HIDDEN), said


@pytest.mark.slow
@pytest.mark.parametrize("url", FORMS[:3] + FORMS[12:15])
async def test_the_console_never_shows_a_store_password(url: str, tmp_path: Path) -> None:
    env = {**os.environ, "COSMIC_STORE__URL": url.replace(":5432", "").replace("localhost", f"127.0.0.1:{free_port()}")}
    for command in (["backup", str(tmp_path / "copy")], ["wizard", "Igor"], ["store", "copy", "--to", url]):
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.main", *command, "--data-dir", str(tmp_path), env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await process.communicate()
        assert process.returncode != 0
        assert not any(secret.encode() in out for secret in HIDDEN), out


FAKE_PG_DUMP = """#!{python}
import json, os, sys
passfile = os.environ.get("PGPASSFILE")
told = {{"argv": sys.argv, "PGPASSWORD": os.environ.get("PGPASSWORD"), "passfile": passfile,
        "mode": os.stat(passfile).st_mode & 0o777 if passfile else None,
        "password": open(passfile).read() if passfile else None}}
open({record!r}, "w").write(json.dumps(told))
sys.exit(3)
"""


async def test_pg_dump_gets_the_password_in_a_private_file_never_on_its_command_line(
        tmp_path: Path, store_url: str) -> None:
    """pg_dump (a stand-in on PATH recording what it was given) is named the database without the password, which
    it finds in a 0600 password file."""
    if not store_url:
        pytest.skip("pg_dump backs up PostgreSQL only")
    bin_dir, record = tmp_path / "bin", tmp_path / "told.json"
    bin_dir.mkdir()
    (bin_dir / "pg_dump").write_text(FAKE_PG_DUMP.format(python=sys.executable, record=str(record)))
    (bin_dir / "pg_dump").chmod(0o755)
    password = f"{SECRET}:p@ss/w#rd"
    user, _, rest = store_url.partition("://")[2].partition("@")
    url = f"postgresql://{user}:{quote(password, safe='')}@{rest}"
    env = {**os.environ, "COSMIC_STORE__URL": url, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.main", "backup", str(tmp_path / "copy"), "--data-dir", str(tmp_path), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await process.communicate()
    told = json.loads(record.read_text())
    assert not any(SECRET in arg for arg in told["argv"]), told["argv"]
    assert told["PGPASSWORD"] is None and told["mode"] == stat.S_IRUSR | stat.S_IWUSR
    assert told["password"] == "*:*:*:*:" + password.replace(":", "\\:") + "\n"
    assert not Path(told["passfile"]).exists()  # gone once pg_dump is done
    assert process.returncode == 1 and SECRET.encode() not in out
