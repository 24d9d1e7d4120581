"""The deployment files work: the Docker HEALTHCHECK against a running server, the systemd unit's command line."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from server.main import parse_args

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
    unit = (ROOT / "docs" / "cosmic-wimpout.service").read_text()
    exec_start = shlex.split(re.search(r"^ExecStart=(.*)$", unit, re.M).group(1))
    assert exec_start[0].endswith("/cosmic-wimpout")
    args = parse_args(exec_start[1:])
    assert args.config and args.data_dir
    assert re.search(r"^KillSignal=SIGTERM$", unit, re.M) and re.search(r"^User=", unit, re.M)
    assert re.search(r"^UMask=0077$", unit, re.M) and re.search(r"^StateDirectoryMode=0700$", unit, re.M)  # issue 30
    assert int(re.search(r"^LimitNOFILE=(\d+)$", unit, re.M).group(1)) >= 65536
