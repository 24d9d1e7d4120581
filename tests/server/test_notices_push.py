"""Issue 39's web push, end to end without a push service: a browser's subscription (made here as a browser makes
one: an ECDH key pair and an auth secret) names a loopback endpoint; the server's request to it is signed with its
VAPID key and encrypted (RFC 8291, aes128gcm), and the endpoint decrypts it with http_ece and reads the notice. A
subscription the push service reports gone (410) is dropped. Through the portal and its game process."""

from __future__ import annotations

import asyncio
import base64
import json
import os
from pathlib import Path
from typing import Any

import http_ece
import pytest
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from support.browsers import web_client
from support.clients import player
from support.portals import PortalServer, portal_server
from support.servers import free_port

pytestmark = pytest.mark.slow


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """A push service's endpoint on loopback: every request kept (headers and body), answered ``status``."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.status = 201
        self.port = free_port()

    async def receive(self, request: web.Request) -> web.Response:
        self.requests.append(({k.lower(): v for k, v in request.headers.items()}, await request.read()))
        return web.Response(status=self.status)

    async def until(self, count: int) -> tuple[dict[str, str], bytes]:
        async with asyncio.timeout(15):
            while len(self.requests) < count:
                await asyncio.sleep(0.05)
        return self.requests[count - 1]


async def table_closed_for(server: PortalServer, name: str, game: int) -> None:
    """``name``'s ``game``-th game: seated with another, started, then ``name`` gone and the table closed by a
    wizard: a game over for ``name``, away."""
    async with player(server, f"Bob{game}") as bob:
        async with player(server, name, create=False) as owner:
            await owner.command("table open goal=100", r"You sit down at table 1\.")
            await bob.command("sit 1", r"You sit down at table 1\.")
            await owner.command("start", "Roll-off for the first turn")
        await bob.expect(f"{name} has disconnected; their seat is kept")
    async with player(server, "Wiz", create=game == 1) as wiz:
        await wiz.command("@table close 1", "abandoned")


def overs(server: PortalServer, name: str) -> list[dict[str, Any]]:
    return [e for e in server.events("notice.recorded") if e["player"] == name and e["kind"] == "over"]


async def test_a_push_is_signed_encrypted_and_read_at_the_endpoint_and_a_gone_subscription_dropped(
        tmp_path: Path) -> None:
    service = PushService()
    app = web.Application()
    app.router.add_post("/push/{id}", service.receive)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", service.port).start()
    browser_key = ec.generate_private_key(ec.SECP256R1())
    public = browser_key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
    auth = os.urandom(16)
    endpoint = f"http://127.0.0.1:{service.port}/push/ann-browser"
    subscription = {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(auth)}}
    env = {"COSMIC_PUSH__INSECURE_ENDPOINTS": "true", "COSMIC_PUSH__SUBJECT": "mailto:ops@example.org",
           "COSMIC_WEB__PUBLIC_URL": "https://play.example.org/"}
    try:
        async with portal_server(tmp_path, **env) as server:
            key_file = server.data_dir / "vapid.pem"
            assert key_file.stat().st_mode & 0o777 == 0o600
            async with web_client(server, "Ann") as ann:  # type: ignore[arg-type]
                told = await ann.command("@push key", "message", kind="push_key")
                server_key = told["fields"]["key"]
                await ann.command("@push subscribe {\"endpoint\": \"http://10.0.0.1/x\"}", "error")
                await ann.command(f"@push subscribe {json.dumps(subscription)}", "message", kind="push")
            await table_closed_for(server, "Ann", 1)

            headers, body = await service.until(1)
            assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
            assert Vapid02.verify(headers["authorization"])  # signed with the key the page subscribed with
            assert headers["authorization"].rpartition("k=")[2] == server_key
            payload: dict[str, Any] = json.loads(http_ece.decrypt(body, private_key=browser_key, auth_secret=auth,
                                                                  version="aes128gcm"))
            assert payload == {"title": "Cosmic Wimpout", "body": "The game at table 1 (Cosmic Wimpout) was abandoned.",
                               "url": "https://play.example.org/#table=1", "tag": "table-1"}

            service.status = 410  # the browser unsubscribed at the push service
            await table_closed_for(server, "Ann", 2)
            await service.until(2)
            async with asyncio.timeout(10):
                while not server.events("push.subscription_gone"):
                    await asyncio.sleep(0.05)
            await table_closed_for(server, "Ann", 3)
            async with asyncio.timeout(10):
                while len(overs(server, "Ann")) < 3:
                    await asyncio.sleep(0.05)
            assert [e["sends"] for e in overs(server, "Ann")] == [1, 1, 0]  # dropped: nothing more sent to it
            assert len(service.requests) == 2
    finally:
        await runner.cleanup()
