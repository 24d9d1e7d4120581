"""The seams between transports and the rest: one admission for every transport, and out-of-band protocols as one
class each, registered in one line (here MSDP, which the server does not speak, added from the test alone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from telnetlib3.mud import msdp_decode, msdp_encode
from telnetlib3.telopt import IAC, MSDP, SB, SE, WILL

from support.servers import settings_for
from rooms.messages import Message
from server.words import texts
from server.limits.admission import Admission
from server.outofband import PROTOCOLS
from server.outofband.interface import OutOfBand
from server.telnet import telnetserver
from support.wire import wire_client


class Msdp(OutOfBand):
    """A minimal MSDP: the player's name once logged in; what the client sends, kept."""

    option, name = MSDP, "MSDP"
    heard: ClassVar[list[Any]] = []

    def agreed(self) -> None:
        self.heard.append("agreed")

    def received(self, *data: Any) -> None:
        self.heard.append(data[0])

    def message(self, message: Message, viewer: Callable[[], str | None]) -> None:
        name = viewer()
        if name is not None and "named" not in self.heard:
            self.heard.append("named")
            self._writer.send_msdp({"CHARACTER_NAME": name})


async def test_an_out_of_band_protocol_is_one_class_registered_in_one_line(make_server, monkeypatch) -> None:
    monkeypatch.setattr(telnetserver, "PROTOCOLS", (*PROTOCOLS, Msdp))
    async with make_server() as server, wire_client(server, frozenset({MSDP})) as client:
        assert client.offered(WILL, MSDP)  # offered at connect, no longer refused
        client.send_bytes(IAC + SB + MSDP + msdp_encode({"LIST": "COMMANDS"}) + IAC + SE)
        await client.command("create Igor secret1", "Obvious exits")
        assert msdp_decode(await client.subnegotiation(MSDP)) == {"CHARACTER_NAME": "Igor"}
        assert Msdp.heard == ["agreed", {"LIST": "COMMANDS"}, "named"]


def test_admission_counts_addresses_refuses_while_stopping_and_penalises_floods(tmp_path) -> None:
    settings = settings_for(tmp_path, limits={"max_connections_per_address": 2}, web={"trusted_proxies": ["10.0.0.1"]})
    stopping = False
    admission = Admission(settings.limits, settings.web.trusted_proxies, lambda: stopping)
    assert admission.enter("1.2.3.4") is None and admission.enter("1.2.3.4") is None
    assert admission.enter("1.2.3.4") == texts.TOO_MANY_CONNECTIONS.format(limit=2)
    admission.leave("1.2.3.4")
    assert admission.enter("1.2.3.4") is None
    stopping = True
    assert admission.enter("5.6.7.8") == texts.SERVER_CLOSING
    assert admission.client_address("10.0.0.1", ["9.9.9.9, 8.8.8.8"]) == "8.8.8.8"
    assert admission.client_address("1.2.3.4", ["8.8.8.8"]) == "1.2.3.4"  # only a trusted proxy is believed
    budget = admission.budget("1.2.3.4")
    assert budget is not None
    assert admission.flooded(budget) == texts.INPUT_FLOOD.format(rate=int(budget.rate))
    assert admission.budget("1.2.3.4") is None and admission.budget("5.6.7.8") is not None


@pytest.fixture(autouse=True)
def _forget_heard() -> None:
    Msdp.heard.clear()
