"""Issue 37's low findings on moderation and operation, run by ``attack_replay.py`` against the server it started:

- names: characters named like lines the server prints (``The`` could type "The server is shutting down...");
- holds: a wizard's ``@boot`` and ``@ban`` lived in the game process's memory (gone after a reload), and ``@ban`` of
  a player who had just left held nothing on their address;
- stale pid: ``cosmic-wimpout reload`` sent SIGHUP to whatever process a stale ``portal.pid`` named;
- pg password: ``cosmic-wimpout backup`` ran ``pg_dump --dbname=<the URL with its password>``, in every user's ``ps``
  (on a throwaway PostgreSQL cluster, where Debian's ``postgresql`` is installed).

The last low finding, ``fh`` raising KeyError once its player had left, is a race no script can make happen on
demand: ``tests/server/test_server_funhouse_quotas.py`` reproduces it in memory.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from attack_replay import ROOT
from benchmarks.attackline import SECRETS, Line, logged_in, report, wizard

SERVERS_OWN = ("The", "Bank", "Teacher", "Optimal", "Dealer", "Portal", "Console", "Mail")


async def names(ports: dict[str, Any]) -> None:
    created = []
    for name in SERVERS_OWN:
        line = await Line.open(ports["port"], "127.0.0.80")
        await line.until("QUIT")
        if await line.say(f"create {name} {SECRETS[0]}", "Obvious exits|exits:", 3):
            created.append(name)
        line.close()
    report("names", f"{len(SERVERS_OWN)} names the server's own lines start with: "
                    f"{'CREATED ' + ', '.join(created) if created else 'each refused'}")


async def reload(data_dir: Path) -> int:
    command = [sys.executable, "-m", "server.main", "reload", "--data-dir", str(data_dir)]
    done = await asyncio.to_thread(subprocess.run, command, cwd=ROOT, capture_output=True)
    await asyncio.sleep(3)  # the new game process takes over
    return done.returncode


async def holds(ports: dict[str, Any], data_dir: Path) -> None:
    port = ports["port"]
    wiz = await wizard(port, "127.0.0.81")
    mallory = await logged_in(port, "Mallory", "127.0.0.82", create=True)
    await wiz.say("@boot Mallory", "booted")
    mallory.close()
    eve = await logged_in(port, "Eve", "127.0.0.83", create=True)
    await eve.say("QUIT", "(?!)", 1)
    eve.close()
    wiz.close()
    code = await reload(data_dir)
    back = await logged_in(port, "Mallory", "127.0.0.82")
    booted = "Obvious exits" in back.text
    back.close()
    wiz = await wizard(port, "127.0.0.81")
    await wiz.say("@ban Eve=spam", "banned")
    again = await logged_in(port, "Eve2", "127.0.0.83", create=True)
    banned = "Obvious exits" in again.text
    again.close()
    await reload(data_dir)
    after = await logged_in(port, "Eve3", "127.0.0.83", create=True)
    banned_after = "Obvious exits" in after.text
    after.close()
    wiz.close()
    report("holds", f"a booted player after a reload (exit {code}): {'LET IN' if booted else 'held'}; a new account "
                    f"from the address of a banned player who had left: {'CREATED' if banned else 'refused'}, and after "
                    f"another reload: {'CREATED' if banned_after else 'refused'}")


async def stale_pid() -> None:
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    with tempfile.TemporaryDirectory() as temp:
        (Path(temp) / "portal.pid").write_text(f"{bystander.pid}\n")
        command = [sys.executable, "-m", "server.main", "reload", "--data-dir", temp]
        done = await asyncio.to_thread(subprocess.run, command, cwd=ROOT, capture_output=True, text=True)
    await asyncio.sleep(0.3)
    alive = bystander.poll() is None
    bystander.kill()
    bystander.wait()
    report("stale pid", f"'reload' with portal.pid naming another process: exit {done.returncode} "
                        f"({done.stdout.strip() or done.stderr.strip()}); that process "
                        f"{'untouched' if alive else 'KILLED BY SIGHUP'}")


def argv_showing(secret: str) -> list[str]:
    """The command lines of this machine's processes that hold ``secret``."""
    shown = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if secret in argv:
            shown.append(argv.split(" ", 1)[0])
    return shown


async def pg_password() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from support.pgcluster import cluster, unavailable

    if unavailable() is not None:
        report("pg password", f"not run: {unavailable()}")
        return
    with cluster() as made, tempfile.TemporaryDirectory() as temp:
        password = "Pg" + SECRETS[1]
        url = made.create(migrated=True).replace(f"//{made.user}@", f"//{made.user}:{password}@", 1)
        env = {**os.environ, "COSMIC_STORE__URL": url}
        command = [sys.executable, "-m", "server.main", "backup", str(Path(temp) / "copy.dump"), "--data-dir", temp]
        backup = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        seen: set[str] = set()
        dumping = False  # (that the watch saw pg_dump at all)
        while backup.poll() is None:
            seen.update(argv_showing(password))
            dumping = dumping or bool(argv_showing("pg_dump"))
            time.sleep(0.001)
        said = backup.stdout.read().decode(errors="replace") if backup.stdout else ""
    failed = "" if backup.returncode == 0 else f"; it said: {said.strip()[-300:]}"
    report("pg password", f"'backup' of a store whose URL holds a password (exit {backup.returncode}): the password in "
                          f"the command line of {', '.join(sorted(seen)) if seen else 'no process'} (pg_dump seen "
                          f"running: {dumping}); in what it said: {password in said}{failed}")


async def issue37_low(ports: dict[str, Any], data_dir: Path) -> None:
    await names(ports)
    await holds(ports, data_dir)
    await stale_pid()
    await pg_password()
