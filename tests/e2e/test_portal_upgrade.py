"""A reload after an upgrade that changed the frames between the portal and its game process (issue 37 added three):
the old portal would drop the new game process at its first unknown frame and start it again in a loop. The game
process says its frames' version in its HELLO; the portal refuses one of another version, keeps the old game process
serving and tells the wizard that only a restart runs the new release; if the game process then dies, the portal
stops with a failure (systemd's ``Restart=on-failure`` starts the new release whole) rather than retry for ever."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
from pathlib import Path

from server.portal.frames import PROTOCOL
from support.clients import loose, player
from support.portals import ROOT, portal_server


def installed_copy(where: Path) -> Path:
    """The project's packages copied to ``where``, run from there (``PYTHONPATH``): a release on disk to upgrade."""
    for package in ("engine", "rooms", "server"):
        shutil.copytree(ROOT / package, where / package, ignore=shutil.ignore_patterns("__pycache__"))
    return where / "server" / "portal" / "frames.py"


def upgraded(frames: Path) -> None:
    """The release on disk now speaks frames of the next version."""
    text = frames.read_text()
    version = int(re.search(r"^PROTOCOL = (\d+)$", text, re.M)[1])  # type: ignore[index]
    frames.write_text(text.replace(f"PROTOCOL = {version}\n", f"PROTOCOL = {version + 1}\n", 1))


async def test_a_reload_into_other_frames_is_refused_and_a_death_then_stops_the_portal(tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    frames = installed_copy(code)
    async with portal_server(tmp_path, cwd=str(tmp_path), PYTHONPATH=str(code)) as server:
        first = await server.health()
        async with player(server, "Wiz") as wiz, player(server, "Ann") as ann:
            upgraded(frames)
            await wiz.command("@reload", loose(f"The reload failed: The code on disk links the processes by version {PROTOCOL + 1}, "
                                               f"this portal by {PROTOCOL}"))
            await wiz.expect(loose("a restart runs it. The game goes on as it was."))
            assert (await server.health())["game_pid"] == first["game_pid"]
            assert server.events("portal.outdated")
            await ann.command("say still here", 'You say, "still here"')

            os.kill(first["game_pid"], signal.SIGKILL)
            async with asyncio.timeout(30):
                code_returned = await server.process.wait()
            assert code_returned == 1
            [failed] = server.events("server.failed")
            assert "a restart runs it" in failed["error"]
            assert "Traceback" not in server.log.read_text()
