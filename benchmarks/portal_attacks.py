"""Issue 37's attacks on the portal and on admission, run by ``attack_replay.py`` against the server it started (the
portal and its game process, TLS and the web on; ``PORTAL_ENVIRONMENT`` there makes ``127.0.0.1`` a trusted proxy
and ``limits.login_timeout`` 20 s, so that the run stays short):

- ghosts: a client writes 700 ``say`` lines at once and hangs up; eight clients flood Funhouse commands and hang up;
- reload: 600 lines at once, a reload while the last of them wait on the flood limit;
- portal socket: malformed hellos, a frame of another kind, and the head of a 60 MiB frame sent slowly, to the game
  processes' unix socket; and what a frame cut into 64 KiB reads costs the link to put together;
- forwarded: a banned client behind the trusted proxy, its own ``X-Forwarded-For`` line first, or its address with a
  port, in brackets, with a zone, as IPv4 in IPv6;
- rebinding: ``/ws`` opened by a page at a name pointed at the server (its Host the page's own);
- silent telnet: sockets from 60 addresses that never log in.
"""

from __future__ import annotations

import asyncio
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

from attack_replay import HOST, PORTAL_ENVIRONMENT, ROOT, events, logged_in, report, served, silent
from processes import cpu_seconds

sys.path.insert(0, str(ROOT))

from server.portal.frames import MAX_FRAME, FrameLink, Kind, frame  # noqa: E402

LOGIN_TIMEOUT = int(PORTAL_ENVIRONMENT["COSMIC_LIMITS__LOGIN_TIMEOUT"])


async def health(ports: dict[str, Any]) -> dict[str, Any]:
    async with aiohttp.ClientSession() as http, http.get(f"http://{HOST}:{ports['web_port']}/health") as answer:
        return await answer.json()  # type: ignore[no-any-return]


async def ghosts(ports: dict[str, Any]) -> None:
    port = ports["port"]
    watcher = await logged_in(port, "Onlooker", "127.0.0.50", create=True)  # (not fairplay's Watcher)
    flooder = await logged_in(port, "Ghost", "127.0.0.51", create=True)
    await flooder.drain(0.5)  # all read: its hang-up is a FIN, not a reset that would throw away what it sent
    flooder.writer.write(b"".join(b"say flood %d\r\n" % n for n in range(700)))
    await flooder.writer.drain()
    await asyncio.sleep(0.5)  # the burst is said meanwhile
    flooder.close()
    began = time.monotonic()
    gone = await watcher.until("Ghost has disconnected", 30)
    took = time.monotonic() - began
    said_after = watcher.text[watcher.text.find("Ghost has disconnected"):].count("Ghost says") if gone else -1
    await watcher.say("WHO", r"players? (is|are) connected")
    listed = bool(re.search(r"^Ghost\s", watcher.text[watcher.text.rfind("Player Name"):], re.M))
    report("ghosts", f"700 'say' lines at once, then a hang-up: {'gone after %.1f s' % took if gone else 'NOT GONE in 30 s'}"
                     f", {watcher.text.count('Ghost says')} said, {said_after} after; in WHO now: {listed}")
    game = (await health(ports))["game_pid"]
    flooders = [await logged_in(port, f"Funner{n}", f"127.0.0.{60 + n}", create=True) for n in range(8)]
    await asyncio.gather(*(line.drain(0.5) for line in flooders))
    for line in flooders:
        line.writer.write(b"funhouse room slide-jam\r\n" + b"fh look\r\n" * 700)
    await asyncio.gather(*(line.writer.drain() for line in flooders))
    await asyncio.sleep(0.5)
    for line in flooders:
        line.close()
    began, cpu = time.monotonic(), cpu_seconds(game)
    disconnected = 0
    while time.monotonic() - began < 30 and disconnected < 8:
        await watcher.until(r"Funner\d has disconnected", 1)
        disconnected = len(set(re.findall(r"Funner(\d) has disconnected", watcher.text)))
    took = time.monotonic() - began
    await asyncio.sleep(10)
    report("ghosts", f"eight Funhouse flooders (700 'fh look' each) hanging up: {disconnected} of 8 gone after "
                     f"{took:.1f} s; the game process's CPU from the hang-ups for {time.monotonic() - began:.0f} s: "
                     f"{cpu_seconds(game) - cpu:.2f} s")
    watcher.close()


async def reload(ports: dict[str, Any], data_dir: Path) -> None:
    watcher = await logged_in(ports["port"], "Listener", "127.0.0.52", create=True)
    talker = await logged_in(ports["port"], "Talker", "127.0.0.53", create=True)
    talker.writer.write(b"".join(b"say line %d\r\n" % n for n in range(600)))
    await watcher.until(r'Talker says, "line 49\d"', 30)
    command = [sys.executable, "-m", "server.main", "reload", "--data-dir", str(data_dir)]
    done = await asyncio.to_thread(subprocess.run, command, cwd=ROOT, capture_output=True)
    await watcher.until(r'Talker says, "line 599"', 60)
    said = [int(n) for n in re.findall(r'Talker says, "line (\d+)"', watcher.text)]
    missing = sorted(set(range(600)) - set(said))
    report("reload", f"600 lines at once, a reload (exit {done.returncode}) while the last wait on the flood limit: "
                     f"{len(set(said))} of 600 said, {len(said) - len(set(said))} twice, in order: {said == sorted(said)}"
                     f"{'; missing ' + str(missing[:10]) if missing else ''}")
    watcher.close()
    talker.close()


async def stranger(path: Path, sent: bytes, pace: float = 0.0) -> tuple[bool, int]:
    """Whether the portal hung up on ``sent`` (64 KiB each ``pace`` seconds), and how many bytes had gone by then."""
    reader, writer = await asyncio.open_unix_connection(str(path))
    ended = asyncio.ensure_future(reader.read())
    written = 0
    try:
        for at in range(0, len(sent), 65536):
            if ended.done():
                break
            writer.write(sent[at : at + 65536])
            written += len(sent[at : at + 65536])
            await writer.drain()
            await asyncio.sleep(pace)
        await asyncio.wait_for(asyncio.shield(ended), 5)
        return True, written
    except ConnectionError:
        return True, written
    except TimeoutError:
        return False, written
    finally:
        ended.cancel()
        writer.close()


async def portal_socket(ports: dict[str, Any], data_dir: Path, log: Path) -> None:
    path = data_dir / "game.sock"
    portal = (await health(ports))["portal_pid"]
    bad = [frame(Kind.HELLO, 0, b"not json"), frame(Kind.HELLO, 0, b'{"pid": "x"}'), frame(Kind.HELLO, 0, b"[" * 1000),
           frame(Kind.HELLO, 0, b'{"pid": 1, "token": "guess"}'), frame(Kind.INPUT, 1, b"say hi\r\n")]
    hung_up = [(await stranger(path, sent))[0] for sent in bad]
    cpu = cpu_seconds(portal)  # (the portal and its game process)
    big = (60 << 20).to_bytes(4, "big") + bytes([Kind.HELLO]) + bytes(4) + bytes(60 << 20)
    refused, sent = await stranger(path, big, pace=0.01)
    report("portal socket", f"{len(bad)} bad hellos: {sum(hung_up)} hung up on at once; the head of a 60 MiB frame, "
                            f"sent slowly: {'hung up on after %d bytes' % sent if refused else 'NOT hung up'}, "
                            f"{cpu_seconds(portal) - cpu:.2f} CPU-s of the server; log lines portal.stranger: "
                            f"{sum(e.get('event') == 'portal.stranger' for e in events(log))}")
    frames: list[int] = []
    link = FrameLink(lambda kind, ident, payload: frames.append(len(payload)), lambda: None)
    payload = MAX_FRAME - 5  # (the most a frame may hold: its length counts its kind and id)
    stream = frame(Kind.OUT, 1, bytes(payload))
    began = time.process_time()
    for at in range(0, len(stream), 65536):
        link.data_received(stream[at : at + 65536])
    report("portal socket", f"the biggest frame a game process may send ({MAX_FRAME >> 20} MiB) in 64 KiB reads: "
                            f"{'put together' if frames == [payload] else 'NOT put together'} in "
                            f"{time.process_time() - began:.3f} CPU-s (the issue's 60 MiB cost the old link 14-20)")


async def first_words(ports: dict[str, Any], headers: list[tuple[str, str]]) -> str:
    async with aiohttp.ClientSession() as http, http.ws_connect(f"http://{HOST}:{ports['web_port']}/ws",
                                                                headers=headers) as ws:
        async for message in ws:
            said = message.json()
            if said["type"] == "error" or said.get("kind") == "banner":
                return str(said.get("message") or said.get("text"))
    return ""


async def forwarded(ports: dict[str, Any]) -> None:
    wiz = await logged_in(ports["port"], "Wiz", "127.0.0.21")
    await wiz.say("@ban 198.51.100.0/24", "is banned")
    await wiz.say("@ban 2001:db8::/32", "is banned")
    forms = [["203.0.113.5", "198.51.100.7"], ["198.51.100.7:5555"], ["[2001:db8::7]:443"], ["2001:db8::7%eth0"],
             ["::ffff:198.51.100.7"]]
    answers = [await first_words(ports, [("X-Forwarded-For", line) for line in form]) for form in forms]
    refused = sum(answer.startswith("Connections from your address are banned") for answer in answers)
    report("forwarded", f"a client of 198.51.100.0/24 or 2001:db8::/32 (banned) behind the trusted proxy, its own line "
                        f"first or its address with a port, in brackets, with a zone, as IPv4 in IPv6: {refused} of "
                        f"{len(forms)} refused")
    await wiz.say("@unban 198.51.100.0/24", r"\S")
    await wiz.say("@unban 2001:db8::/32", r"\S")
    wiz.close()


async def rebinding(ports: dict[str, Any]) -> None:
    port = ports["web_port"]
    outcomes = []
    for origin, host in ((f"http://rebound.example:{port}", f"rebound.example:{port}"),
                         (f"http://{HOST}:{port}", None), (f"http://localhost:{port}", None)):
        async with aiohttp.ClientSession() as http:
            try:
                async with http.ws_connect(f"http://{HOST}:{port}/ws",
                                           headers={"Origin": origin} | ({"Host": host} if host else {})):
                    outcomes.append(f"{origin}: opened")
            except aiohttp.WSServerHandshakeError as refusal:
                outcomes.append(f"{origin}: refused ({refusal.status})")
    report("rebinding", "; ".join(outcomes))


async def silent_telnet(ports: dict[str, Any]) -> None:
    """As many silent sockets as the per-address limit lets each of 60 addresses hold: they take nearly every
    descriptor of the portal (1,024), until the login timeout closes them."""
    addresses = [f"127.0.2.{n}" for n in range(1, 61)]
    began = time.monotonic()
    held = await silent(ports["port"], addresses, 60 * 17)
    report("silent telnet", f"{len(held)} silent sockets from 60 addresses connected in {time.monotonic() - began:.1f}"
                            f" s; others now: {await served(ports, '127.0.0.9')}")
    await asyncio.sleep(LOGIN_TIMEOUT + 10)
    loop = asyncio.get_running_loop()

    async def closed(sock: socket.socket) -> bool:
        try:
            while await asyncio.wait_for(loop.sock_recv(sock, 65536), 1):
                pass
            return True
        except ConnectionError:
            return True
        except TimeoutError:
            return False

    ended = sum(await asyncio.gather(*(closed(sock) for sock in held)))
    report("silent telnet", f"  {LOGIN_TIMEOUT + 10} s later (limits.login_timeout {LOGIN_TIMEOUT} s): {ended} of "
                            f"{len(held)} closed by the server; others now: {await served(ports, '127.0.0.9')}")
    for sock in held:
        sock.close()


async def issue37(ports: dict[str, Any], data_dir: Path, log: Path) -> None:
    await ghosts(ports)
    await reload(ports, data_dir)
    await portal_socket(ports, data_dir, log)
    await forwarded(ports)
    await rebinding(ports)
    await silent_telnet(ports)

