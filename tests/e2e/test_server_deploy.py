"""The deployment files work: the Docker HEALTHCHECK against a running server, the systemd unit's command line."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from server.process.startargs import parse_args
from server.settings import load_console_settings

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]


async def test_the_docker_healthcheck_passes_against_a_running_server(make_server) -> None:
    dockerfile = (ROOT / "Dockerfile").read_text().replace("\\\n", "")
    command = json.loads(re.search(r"^HEALTHCHECK .*?CMD (\[.*\])$", dockerfile, re.M).group(1))
    assert command[0] == "python"
    async with make_server(web={"enabled": True}) as server:
        assert server.web is not None
        env = {**os.environ, "COSMIC_WEB__PORT": str(server.web.port)}
        process = await asyncio.create_subprocess_exec(sys.executable, *command[1:], env=env)
        assert await process.wait() == 0
    process = await asyncio.create_subprocess_exec(sys.executable, *command[1:], env=env, stderr=asyncio.subprocess.DEVNULL)
    assert await process.wait() != 0  # nothing answers once the server is gone


def test_the_systemd_unit_runs_the_server_with_its_own_config_and_data() -> None:
    """Issue 36, item 5: the unit passed --data-dir, the docs copied the defaults (data_dir = "data") to /etc, and
    the console commands run with --config then looked in ./data. The unit now names the configuration alone, whose
    data_dir is the unit's state directory: every command given --config finds the same data."""
    unit = (ROOT / "docs" / "cosmic-wimpout.service").read_text()
    exec_start = shlex.split(re.search(r"^ExecStart=(.*)$", unit, re.M).group(1))
    assert exec_start[0].endswith("/cosmic-wimpout")
    args = parse_args(exec_start[1:])
    assert args.config == Path("/etc/cosmic-wimpout/server.toml") and args.data_dir is None
    state = re.search(r"^StateDirectory=(.*)$", unit, re.M).group(1)
    assert load_console_settings(ROOT / "docs" / "server.toml").data_dir == Path("/var/lib") / state
    install = (ROOT / "docs" / "server.md").read_text().partition("### Install")[2].partition("### ")[0]
    assert "docs/server.toml /etc/cosmic-wimpout/server.toml" in install
    assert re.search(r"^Type=notify$", unit, re.M) and re.search(r"^WorkingDirectory=/var/lib/", unit, re.M)
    assert re.search(r"^KillSignal=SIGTERM$", unit, re.M) and re.search(r"^User=", unit, re.M)
    assert re.search(r"^UMask=0077$", unit, re.M) and re.search(r"^StateDirectoryMode=0700$", unit, re.M)  # issue 30
    assert int(re.search(r"^LimitNOFILE=(\d+)$", unit, re.M).group(1)) >= 65536


UNITS = ("cosmic-wimpout.service", "cosmic-wimpout-backup.service", "cosmic-wimpout-backup.timer")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_units_verify_clean_and_are_hardened(tmp_path: Path) -> None:
    """``systemd-analyze verify`` says nothing of the units (the program named where this checkout installed it), and
    ``systemd-analyze security`` rates each service 5 or lower."""
    script = Path(sys.executable).parent / "cosmic-wimpout"
    for name in UNITS:
        text = (ROOT / "docs" / name).read_text().replace("/srv/cosmic-wimpout/.venv/bin/cosmic-wimpout", str(script))
        (tmp_path / name).write_text(text)
    verified = subprocess.run(["systemd-analyze", "verify", *(str(tmp_path / name) for name in UNITS)],
                              capture_output=True, text=True)
    assert verified.returncode == 0 and not verified.stdout + verified.stderr, verified.stdout + verified.stderr
    for name in UNITS[:2]:
        rated = subprocess.run(["systemd-analyze", "security", "--offline=true", "--threshold=50",
                                str(tmp_path / name)], capture_output=True, text=True)
        assert rated.returncode == 0, rated.stdout
        exposure = float(re.search(r"Overall exposure level for \S+: ([0-9.]+)", rated.stdout).group(1))
        assert exposure <= 5.0


def test_the_postgresql_drop_in_starts_the_server_after_the_database() -> None:
    drop_in = (ROOT / "docs" / "cosmic-wimpout.service.d" / "postgresql.conf").read_text()
    assert re.search(r"^After=postgresql\.service$", drop_in, re.M)
    assert re.search(r"^Wants=postgresql\.service$", drop_in, re.M)


def test_the_backup_timer_keeps_rotating_backups() -> None:
    service = (ROOT / "docs" / "cosmic-wimpout-backup.service").read_text()
    exec_start = shlex.split(re.search(r"^ExecStart=(.*)$", service, re.M).group(1))
    assert exec_start[1:5] == ["backup", "--keep", "14", "/var/backups/cosmic-wimpout"]
    assert exec_start[5:] == ["--config", "/etc/cosmic-wimpout/server.toml"]
    assert re.search(r"^ReadWritePaths=/var/backups/cosmic-wimpout$", service, re.M)
    assert re.search(r"^OnCalendar=", (ROOT / "docs" / "cosmic-wimpout-backup.timer").read_text(), re.M)


def test_the_upgrade_recipe_installs_the_release_and_nothing_stale(tmp_path: Path) -> None:
    """Issue 36, item 7: 'git pull && pip install .' reused setuptools' build/, and a module the release does not have
    (left there by a newer one) was installed. docs/upgrade.sh builds from a clean export of the commit: a checkout
    with such a file in build/ (and one untracked beside the code) gives a wheel without either."""
    checkout = tmp_path / "checkout"
    subprocess.run(["git", "clone", "--quiet", "--local", str(ROOT), str(checkout)], check=True)
    stale = checkout / "build" / "lib" / "server" / "commands" / "straycmd.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("raise SystemExit('a stale module')\n")
    (checkout / "server" / "commands" / "untracked.py").write_text("raise SystemExit('not in the commit')\n")
    wheels = tmp_path / "wheels"
    env = {**os.environ, "PIP": str(Path(sys.executable).parent / "pip")}
    subprocess.run(["sh", str(ROOT / "docs" / "upgrade.sh"), "--build-only", str(checkout), str(wheels)],
                   check=True, env=env, capture_output=True)
    [wheel] = wheels.glob("cosmic_wimpout-*.whl")
    with zipfile.ZipFile(wheel) as built:
        names = built.namelist()
    assert "server/commands/catalog.py" in names
    assert not [name for name in names if "straycmd" in name or "untracked" in name]
    upgrade = (ROOT / "docs" / "server.md").read_text().partition("### Upgrade")[2].partition("\n### ")[0]
    assert "docs/upgrade.sh" in upgrade
    _upgrade_installs_the_next_release(tmp_path, checkout, wheel)


def _head(checkout: Path) -> str:
    return subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def _upgrade_installs_the_next_release(tmp_path: Path, checkout: Path, wheel: Path) -> None:
    """The operator's run: the release in ``wheel`` installed, the next commit pulled, docs/upgrade.sh: the installed
    server is the next one (every release is version 0.1.0, and pip kept the one installed: only new dependencies
    came), and ``--version`` names its commit. The environment borrows this one's dependencies (a .pth file) rather
    than download them again."""
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    [site] = env.glob("lib/python*/site-packages")
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = tmp_path / "pip"
    pip.write_text(f"#!/bin/sh\nexec {sys.executable} -m pip --python {env / 'bin' / 'python'} \"$@\"\n")
    pip.chmod(0o755)
    subprocess.run([str(pip), "install", "--quiet", "--no-deps", str(wheel)], check=True, capture_output=True)
    installed = [str(env / "bin" / "cosmic-wimpout"), "--version"]
    assert f"({_head(checkout)} " in subprocess.run(installed, check=True, capture_output=True, text=True).stdout
    (checkout / "README.md").write_text("The next release.\n")
    subprocess.run(["git", "-C", str(checkout), "-c", "user.name=Op", "-c", "user.email=op@example.org", "commit",
                    "--quiet", "-am", "The next release"], check=True)
    subprocess.run(["sh", str(ROOT / "docs" / "upgrade.sh"), str(checkout)], check=True, capture_output=True,
                   env={**os.environ, "PIP": str(pip)})
    said = subprocess.run(installed, check=True, capture_output=True, text=True).stdout
    assert re.fullmatch(rf"cosmic-wimpout 0\.1\.0 \({_head(checkout)} \d{{4}}-\d\d-\d\d\)\n", said), said
