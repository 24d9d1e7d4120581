"""telnetlib3's writer made lighter (server.telnet.writerstate): its default handlers found by name when a command
arrives, and one table of special characters shared until a connection's LINEMODE changes its own."""

from __future__ import annotations

import pytest
from telnetlib3 import slc
from telnetlib3.telopt import AYT, IAC, LINEMODE, NOP, SB, SE

from server.telnet.writerstate import SHARED_SLCTAB, Handlers
from support.clients import player
from support.serverlog import server_log


class Owner:
    def handle_nop(self, cmd: bytes) -> str:
        return "default"


def test_handlers_find_the_writers_own_method_and_keep_what_was_set() -> None:
    handlers = Handlers(Owner(), {NOP: "handle_nop"})
    assert NOP in handlers and AYT not in handlers
    assert handlers[NOP](NOP) == "default" and handlers.get(NOP)(NOP) == "default" and handlers.get(AYT) is None
    handlers[AYT] = lambda cmd: "set"
    handlers[NOP] = lambda cmd: "replaced"
    assert handlers[AYT](AYT) == "set" and handlers[NOP](NOP) == "replaced"
    handlers.clear()  # as the writer does when it closes: nothing is found any more
    assert NOP not in handlers
    with pytest.raises(KeyError):
        handlers[NOP]


def table(tab: dict[bytes, slc.SLC]) -> dict[bytes, tuple[bytes, bytes]]:
    return {func: (defined.mask, defined.val) for func, defined in tab.items()}


async def test_a_linemode_client_changes_its_own_special_characters_not_everyones(make_server) -> None:
    shared, defaults = table(SHARED_SLCTAB), table(slc.BSD_SLC_TAB)
    async with make_server() as server, player(server, "Mallory") as mallory, player(server, "Ann") as ann:
        with server_log() as log:
            # SLC: interrupt (IP) is now ^A; then commands the default handlers answer
            mallory.send_bytes(IAC + SB + LINEMODE + slc.LMODE_SLC + slc.SLC_IP + slc.SLC_VARIABLE + b"\x01" + IAC + SE)
            mallory.send_bytes(IAC + NOP + IAC + AYT)
            await mallory.command("help nothing-here", 'no help on "nothing-here"')
            await ann.command("say still here", 'You say, "still here"')
        log.assert_clean()
    assert table(SHARED_SLCTAB) == shared and table(slc.BSD_SLC_TAB) == defaults
