"""Malformed telnet, over real sockets: subnegotiations of the wrong size or shape for every option the server reads
(NAWS, TTYPE, NEW-ENVIRON, CHARSET, GMCP, LINEMODE, STATUS, ...), IAC in odd places, and random streams of
negotiation mixed with text. Each is ignored or answered: the connection and everyone else carry on, and the log
holds no traceback (telnetlib3 would log one, a line at a time, for each malformed subnegotiation a client sent)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from telnetlib3.telopt import (
    ACCEPTED, CHARSET, COM_PORT_OPTION, DO, DONT, GMCP, IAC, LFLOW, LINEMODE, MCCP2_COMPRESS, MCCP3_COMPRESS, MSSP, NAWS,
    NEW_ENVIRON, SB, SE, SNDLOC, STATUS, TSPEED, TTYPE, WILL, WONT, XDISPLOC,
)

from support.clients import RawClient, player
from support.serverlog import server_log

MALFORMED = {
    "NAWS of one byte": NAWS + b"\x00",
    "NAWS of six bytes": NAWS + b"\x00\x50\x00\x18\x00\x00",
    "NAWS of nothing": NAWS,
    "NAWS of zeros": NAWS + b"\x00\x00\x00\x00",
    "NAWS of 65535": NAWS + b"\xff\xff\xff\xff",
    "CHARSET REQUEST without offers": CHARSET + b"\x01",
    "CHARSET of nothing": CHARSET,
    "CHARSET translation table": CHARSET + b"\x04\x01abc",
    "CHARSET ACCEPTED not ASCII": CHARSET + b"\x02\xc3\x28",
    "CHARSET REQUEST not ASCII": CHARSET + b"\x01;\xff\xff;\xc3",
    "GMCP nested past the parser": GMCP + b"Core.Hello " + b"[" * 5000 + b"]" * 5000,
    "GMCP broken JSON": GMCP + b"Core.Hello {broken",
    "GMCP not UTF-8": GMCP + b"\xff\xff\xc3 {}",
    "GMCP a huge number": GMCP + b'Core.Hello {"client": ' + b"9" * 5000 + b"}",
    "GMCP odd Supports": GMCP + b'Core.Supports.Set [[1,2],{"a":1},null,"  ","Wimpout 1"]',
    "TTYPE not UTF-8": TTYPE + b"\x00\xff\xff\xc3\x28",
    "TTYPE without IS": TTYPE,
    "NEW-ENVIRON garbage": NEW_ENVIRON + b"\x00\x00\x01\x02\x03",
    "NEW-ENVIRON INFO": NEW_ENVIRON + b"\x02\x03\x03\x03",
    "TSPEED not numbers": TSPEED + b"\x00abc,def",
    "XDISPLOC not UTF-8": XDISPLOC + b"\x00\xff\xff",
    "SNDLOC not UTF-8": SNDLOC + b"\xc3\x28",
    "LFLOW unknown": LFLOW + b"\x09",
    "LINEMODE SLC bad": LINEMODE + b"\x03\xff\xff\xff\xff\x01",
    "LINEMODE MODE without byte": LINEMODE + b"\x01",
    "STATUS odd": STATUS + b"\x07",
    "COM-PORT": COM_PORT_OPTION + b"\x01\x00",
    "MSSP from a client": MSSP + b"\x01NAME\x02x",
    "MCCP2 from a client": MCCP2_COMPRESS,
    "MCCP3 from a client": MCCP3_COMPRESS,
    "an unknown option": b"\x99abc",
    "no option at all": b"",
}


async def answered(client: RawClient, marker: str) -> None:
    """The connection still reads and answers commands (``help`` on a topic that does not exist)."""
    client.send(f"help {marker}")
    await client.expect(f'no help on "{marker}"')


@pytest.mark.parametrize("payload", MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_malformed_subnegotiation_is_ignored_and_logs_no_traceback(make_server, payload: bytes) -> None:
    async with make_server() as server, player(server, "Mallory") as mallory, player(server, "Ann") as ann:
        with server_log() as log:
            mallory.send_bytes(IAC + SB + payload.replace(IAC, IAC + IAC) + IAC + SE)
            await answered(mallory, "after")
            await ann.command("say still here", 'You say, "still here"')
            await mallory.expect('Ann says, "still here"')
            await answered(mallory, "later")  # a read of its own
        log.assert_clean()


OPTIONS = st.sampled_from([NAWS, TTYPE, CHARSET, NEW_ENVIRON, GMCP, LINEMODE, STATUS, TSPEED, XDISPLOC, SNDLOC,
                           LFLOW, COM_PORT_OPTION, MSSP, bytes([0x99])])
"""Options with a subnegotiation telnetlib3 reads (MCCP2 and LOGOUT are left out: one compresses what follows, the
other asks to be hung up on)."""
negotiation = st.one_of(
    st.builds(lambda verb, option: IAC + verb + option, st.sampled_from([DO, DONT, WILL, WONT]), OPTIONS),
    st.builds(lambda option, body: IAC + SB + option + body.replace(IAC, IAC + IAC) + IAC + SE,
              OPTIONS, st.binary(max_size=24)),
    st.builds(lambda option, head, body: IAC + SB + option + head + body.replace(IAC, IAC + IAC) + IAC + SE,
              OPTIONS, st.sampled_from([b"\x00", b"\x01", b"\x02", b"\x03", b"\x04"]), st.binary(max_size=12)),
    st.builds(lambda command: IAC + bytes([command]), st.integers(0xF1, 0xF9)),  # NOP, DM, BRK, IP, AO, AYT, EC...
    st.binary(max_size=8).map(lambda text: text.replace(IAC, b"")),
)


async def test_random_negotiation_and_text_leave_the_connection_answering(make_server) -> None:
    async with make_server(limits={"command_burst": 100_000}) as server, player(server, "Mallory") as mallory:
        loop = asyncio.get_running_loop()
        rounds = 0

        @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(negotiation, min_size=1, max_size=20))
        def answers_after(stream: list[bytes]) -> None:
            nonlocal rounds
            rounds += 1
            # a line end and IAC SE: whatever the stream left open (a line, a subnegotiation) is closed first
            data = b"".join(stream) + IAC + SE + b"\r\n"
            asyncio.run_coroutine_threadsafe(send_then_ask(data, f"zz{rounds}"), loop).result(60)

        async def send_then_ask(data: bytes, marker: str) -> None:
            mallory.send_bytes(data)
            await answered(mallory, marker)

        with server_log() as log:
            await asyncio.to_thread(answers_after)
        log.assert_clean()


@pytest.mark.parametrize("charset", [b"", b"klingon", b"UTF-16", b"\xc3\x28"])
async def test_a_charset_accepted_that_was_not_offered_is_ignored(make_server, charset: bytes) -> None:
    """The server offers UTF-8 alone; a client that accepts something else is not taken at its word (telnetlib3 read
    the client's NEW-ENVIRON in that "encoding" from then on: a traceback in the log for each WILL NEW-ENVIRON)."""
    async with make_server() as server, player(server, "Mallory") as mallory:
        with server_log() as log:
            mallory.send_bytes(IAC + SB + CHARSET + ACCEPTED + charset + IAC + SE + IAC + WILL + NEW_ENVIRON)
            await answered(mallory, "after")
            mallory.send_bytes(IAC + WONT + NEW_ENVIRON + IAC + WILL + NEW_ENVIRON)
            await answered(mallory, "later")
        log.assert_clean()
