"""Floods: a connection's input is bounded (the server stops reading it while its queue is full, and forgets what a
client queued once it leaves), and whoever sends more bytes than the budget, telnet negotiation included, is cut
off while everyone else carries on. What one client sends is handed to telnetlib3 a slice at a time, and an address
cut off lately is refused and held, so that reconnecting at once gains nothing. Output is bounded too: a client far
behind on reading has its input wait, and one that reads nothing is hung up on once others send it too much."""

from __future__ import annotations

import asyncio
import re
import socket
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
from telnetlib3.stream_reader import TelnetReader
from telnetlib3.telopt import IAC, NOP, SB, TTYPE

from support.clients import BANNER_END, RawClient, all_gone, player, raw_client
from server.telnet import coalescing, telnetserver
from server.telnet.intake import NEGOTIATION_SLICE, SLICE

MEGABYTE_OF_LINES = b"say flood\r\n" * 95_000  # about 1 MB of commands, far more than the command rate lets run


async def hung_up(client: RawClient) -> str | None:
    """What the server said before hanging up; None if the hang-up was a reset (the kernel drops the flood the server
    left unread, and may drop the goodbye with it)."""
    try:
        return await client.closed()
    except ConnectionResetError:
        return None


async def test_the_server_stops_reading_a_client_whose_queue_is_full(make_server) -> None:
    async with make_server(limits={"command_rate": 2, "command_burst": 3, "input_burst": 10**9}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            for _ in range(64):  # once the server stops reading, the kernel's buffers fill and writing blocks
                igor.send_bytes(MEGABYTE_OF_LINES)
                try:
                    await asyncio.wait_for(igor.writer.drain(), 2)
                except TimeoutError:
                    break
            else:
                raise AssertionError("the server read 64 MB of commands into memory")
            await mara.command("say still fine", 'You say, "still fine"')


async def test_a_departed_clients_queued_commands_are_dropped_at_once(make_server) -> None:
    async with make_server(limits={"command_rate": 2, "command_burst": 3}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            igor.send_bytes(b"".join(b"say queued %d\r\n" % i for i in range(60)))
            await mara.expect('Igor says, "queued 2"')
            igor.writer.transport.abort()
            await mara.expect("Igor has disconnected.")  # within WAIT, not after 30 s of queued commands
            await mara.command("WHO", r"players? (is|are) connected")
            assert "Igor" not in mara.text[mara.text.rindex("Player Name"):]
            assert "queued 40" not in mara.text


async def test_lines_sent_together_run_one_a_turn_behind_everyone_elses(make_server) -> None:
    """A client's lines sent at once (a paste, a script, a flood's first burst) run one per turn of the event loop:
    someone who speaks meanwhile is answered before the last of them. (They ran all at once: a flooder's first 500
    commands held everyone up for tens of milliseconds.)"""
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await mara.command("say ready", 'You say, "ready"')  # her login's last save is over: she reads at once
            igor.send_bytes(b"".join(b"say queued %d\r\n" % i for i in range(60)))  # under a KiB: one read, one slice
            await mara.expect('Igor says, "queued 0"')
            mara.send("say in between")
            await mara.expect('Igor says, "queued 59"')
            answered = mara.text.find('You say, "in between"')
            assert 0 <= answered < mara.text.index('Igor says, "queued 59"')


async def test_input_without_line_ends_is_read_a_chunk_a_turn(make_server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bytes that end no line pile up in the reader while nothing reads them (a flooder's, before its session starts):
    its session reads them one chunk per turn of the event loop, not all at once (reading and splitting 4 KiB costs
    ~50 us, so the 384 KiB that can wait held everyone up for 5 ms)."""
    turn, read_in_turn = [0], Counter[int]()
    read = TelnetReader.read

    async def counted(self: TelnetReader, n: int = -1) -> bytes:
        data = await read(self, n)
        read_in_turn[turn[0]] += 1
        return data

    def tick() -> None:  # counts the turns of the loop
        turn[0] += 1
        ticking.append(asyncio.get_running_loop().call_soon(tick))

    monkeypatch.setattr(TelnetReader, "read", counted)
    async with make_server() as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"x" * 200_000 + b"\r\nxyzzy\r\n")  # before the session starts: it all waits to be read
        ticking = [asyncio.get_running_loop().call_soon(tick)]
        try:
            client = RawClient(reader, writer)
            await client.expect("longer than")
            await client.expect("Huh?")
        finally:
            ticking[-1].cancel()
            writer.close()
    assert sum(read_in_turn.values()) > 40 and max(read_in_turn.values()) <= 2


async def test_connecting_again_gives_no_fresh_command_burst(make_server) -> None:
    """A connection's burst is drawn from its address's share: connections side by side (people behind one address)
    each have one, but a flooder of lines that connected again after each burst of 500 got a thousand commands a
    second. Other addresses have their own share."""
    limits = {"command_burst": 3, "command_rate": 0.01, "max_connections_per_address": 2}
    async with make_server(limits=limits) as server:
        async with raw_client(server) as flooder, raw_client(server) as beside:
            flooder.send_bytes(b"xyzzy\r\n" * 3)
            beside.send_bytes(b"xyzzy\r\n" * 3)
            for client in (flooder, beside):
                for _ in range(3):
                    await client.expect("Huh?")
                assert "too fast" not in client.text
        await all_gone(server)
        async with raw_client(server) as again, raw_client(server, "127.0.0.2") as elsewhere:
            again.send("xyzzy")
            elsewhere.send("xyzzy")
            await again.expect("You are sending commands too fast")  # not a fresh burst
            await elsewhere.expect("Huh?")
            assert "too fast" not in elsewhere.text


async def test_a_negotiation_flood_is_cut_off_and_others_carry_on(make_server) -> None:
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 0}) as server:
        async with player(server, "Mara") as mara:
            for flood in ((IAC + NOP) * 20_000, IAC + SB + TTYPE + b"x" * 40_000, b"x" * 40_000):
                async with raw_client(server) as flooder:
                    flooder.send_bytes(flood)
                    said = await hung_up(flooder)
                    assert said is None or "You sent more than 1024 bytes a second; closing this connection." in said
                await mara.command("say after the flood", 'You say, "after the flood"')


async def test_an_address_cut_off_is_refused_for_a_while(make_server) -> None:
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 600}) as server:
        async with raw_client(server) as flooder:
            flooder.send_bytes((IAC + NOP) * 20_000)
            assert await hung_up(flooder) != ""
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        said = await asyncio.wait_for(reader.readuntil(b"minute."), 10)
        writer.close()
        assert b"Your address flooded this server a moment ago; try again in a minute." in said
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.0.2", 0))
        try:
            assert b"Welcome to" in await asyncio.wait_for(reader.readuntil(b"Welcome to"), 10)
        finally:
            writer.close()


async def flood_until_cut_off(server) -> None:  # type: ignore[no-untyped-def]
    async with raw_client(server) as flooder:
        flooder.send_bytes((IAC + NOP) * 20_000)
        assert await hung_up(flooder) != ""


async def test_a_client_reconnecting_at_once_is_refused_once_per_penalty(make_server) -> None:
    """A refused connection is held until the penalty is served: an auto-reconnecting flooder is not back thousands
    of times a second, each costing an accept and a hang-up."""
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 1}) as server:
        await flood_until_cut_off(server)
        refusals = 0
        for _ in range(50):  # bounded: without holding, a second of penalty is thousands of refusals
            client = RawClient(*await asyncio.open_connection("127.0.0.1", server.port))
            try:
                if await client.expect("Welcome to|try again in a minute") == "Welcome to":
                    break
                await hung_up(client)
                refusals += 1
            finally:
                await client.aclose()
        assert refusals <= 1  # the first refusal is held until the penalty is over; 0 if it was over already


async def test_a_refused_connection_is_held_unread(make_server) -> None:
    """What a connection refused for its address's flooding sends is never read: it waits in the kernel's buffers
    until the penalty is served (uvloop starts reading once the protocol is told of the connection, paused or not,
    and read a flooder's bytes as fast as they came: 37% of a core in abuse_bench)."""
    async with make_server(limits={"input_burst": 4096, "input_rate": 1024, "flood_penalty": 600}) as server:
        await flood_until_cut_off(server)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        try:
            await asyncio.wait_for(reader.readuntil(b"minute.\r\n"), 10)
            writer.write(b"x" * (64 << 20))  # far more than the kernel's buffers on both sides hold
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(writer.drain(), 3)  # not drained: the server reads none of it
        finally:
            writer.transport.abort()


async def test_refused_connections_held_per_address_are_bounded(make_server) -> None:
    limits = {"input_burst": 4096, "input_rate": 1024, "flood_penalty": 600, "max_connections_per_address": 2}
    async with make_server(limits=limits) as server:
        await flood_until_cut_off(server)
        refused = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        for reader, _ in refused:
            await asyncio.wait_for(reader.readuntil(b"minute.\r\n"), 10)
        assert await asyncio.wait_for(refused[2][0].read(), 10) == b""  # beyond the two held: hung up on at once
        assert not refused[0][0].at_eof() and not refused[1][0].at_eof()  # held for 600 s, or until the server stops
    for reader, writer in refused:  # the server stopped: they were hung up on
        assert await asyncio.wait_for(reader.read(), 10) == b""
        writer.close()


async def test_negotiation_counts_at_its_cost(make_server) -> None:
    """40 KB of ``IAC NOP`` is far below the 1 MiB burst as bytes, but telnetlib3 reads each byte of it alone: counted
    at ``negotiation_weight``, it exhausts the budget."""
    async with make_server() as server:
        async with raw_client(server) as flooder:
            flooder.send_bytes((IAC + NOP) * 20_000)
            said = await hung_up(flooder)
            assert said is None or "bytes a second; closing this connection." in said


async def test_typed_control_characters_are_text_not_negotiation(make_server) -> None:
    """^C, ^U, DEL... are line-editing characters telnetlib3 would look for byte by byte (only to log them); they are
    input like any other (and removed from lines), so 64 KiB of them cost no more than text."""
    async with make_server() as server:
        async with player(server, "Igor") as igor:
            igor.send_bytes(b"\x03\x15\x7f\x08" * 16_384 + b"\r\n")
            await igor.expect("longer than")  # one line too long, refused as such; the connection stays
            await igor.command("say still here", 'You say, "still here"')


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every piece of input handed on to be read as telnet, in order (to telnetlib3's parser, or, text
    alone, straight to its reader)."""
    sizes: list[int] = []
    read = telnetserver.MuckTelnetServer._read

    def counted(self: telnetserver.MuckTelnetServer, data: bytes) -> bool:
        sizes.append(len(data))
        return read(self, data)

    monkeypatch.setattr(telnetserver.MuckTelnetServer, "_read", counted)
    return sizes


async def test_telnetlib3_is_handed_a_slice_at_a_time(make_server, handed: list[int]) -> None:
    """However much one read brings (up to 256 KiB), telnetlib3 gets ``SLICE`` bytes per turn of the loop: reading
    negotiation costs it about a microsecond a byte, and nobody else is served meanwhile."""
    async with make_server() as server:
        async with player(server, "Igor") as igor:
            igor.send_bytes(b"say " + b"x" * 200_000 + b"\r\nsay after the paste\r\n")
            await igor.expect('You say, "after the paste"')
    assert sum(handed) > 200_000 and max(handed) <= SLICE


async def test_negotiation_is_handed_over_in_smaller_slices(make_server, handed: list[int]) -> None:
    """After a slice that held negotiation, telnetlib3 gets ``NEGOTIATION_SLICE`` bytes a turn: it reads each byte of
    it alone, so a whole slice of ``IAC NOP`` held the others up for 0.6 ms, several times a bystander's round trip."""
    async with make_server() as server:
        async with raw_client(server) as flooder:
            handed.clear()
            flooder.send_bytes((IAC + NOP) * 20_000)
            assert await hung_up(flooder) != ""
    assert len(handed) > 10 and max(handed[1:]) <= NEGOTIATION_SLICE


@asynccontextmanager
async def silent_player(server, name: str) -> AsyncIterator[RawClient]:  # type: ignore[no-untyped-def]
    """A player who logs in, then reads nothing until told to (``client.expect``), through a small receive window:
    the server's output stalls soon, not after the kernel's megabytes."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 << 10)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    client = RawClient(*await asyncio.open_connection(sock=sock, limit=16 << 10))
    try:
        await client.expect(BANNER_END)
        await client.command(f"create {name} secret1", "Obvious exits")
        yield client
    finally:
        await client.aclose()


async def read_all(client: RawClient) -> None:
    """Read what the server sends ``client`` into its text, until cancelled."""
    while chunk := await client._chunk():
        client.text += chunk


async def until_still(count: Callable[[], int], ready: Callable[[], bool]) -> int:
    """``count()`` once it has stayed the same for a while, ``ready()`` all along (bounded: 20 s at most)."""
    seen, still = -1, 0
    for _ in range(400):
        now = count()
        still = still + 1 if now == seen and ready() else 0
        if still == 10:
            break
        seen = now
        await asyncio.sleep(0.05)
    return seen


async def test_a_client_that_reads_nothing_is_hung_up_on_and_others_carry_on(make_server, monkeypatch) -> None:
    """Its own commands only make its input wait (the next test); what others send it is what hangs it up."""
    monkeypatch.setattr(telnetserver, "PAUSE_INPUT_BYTES", 64 << 10)  # the same rules, at sizes a test reaches quickly
    monkeypatch.setattr(telnetserver, "RESUME_INPUT_BYTES", 16 << 10)
    monkeypatch.setattr(coalescing, "MAX_QUEUED_BYTES", 512 << 10)
    async with make_server(limits={"command_burst": 100_000}) as server, player(server, "Ann") as ann:
        async with player(server, "Mallory") as mallory:  # from here on, nothing reads Mallory's socket
            mallory.send_bytes(b"help\r\n" * 20_000)  # 12 MB of answers, read by nobody
            session = next(s for s in server.connections if s.name == "Mallory")
            await until_still(lambda: session.sink.backlog, lambda: session.sink.paused)  # the server holding back
            assert session.sink.paused and session.sink.backlog < (64 << 10) + 4096
            await ann.command("say still here", 'You say, "still here"')
            assert session in server.connections  # held back, not hung up on
            for _ in range(200):
                ann.send("say " + "z" * 3900)
            await ann.expect("Mallory has disconnected.")
            assert not any(session.name == "Mallory" for session in server.connections)
        await ann.command("say fine", 'You say, "fine"')


@pytest.mark.parametrize("json", [False, True])
async def test_a_client_that_does_not_read_has_its_commands_wait_then_run_in_order(
    make_server, monkeypatch, json: bool
) -> None:
    """Commands sent by a client that reads none of their answers stop being run once more than ``PAUSE_INPUT_BYTES``
    of its output waits (its input is no longer read), while everyone else is served; once it reads, the rest run, in
    order, none lost. The same in JSON mode. (They all ran, their answers queued without bound until the hang-up at
    8 MiB.)"""
    monkeypatch.setattr(telnetserver, "PAUSE_INPUT_BYTES", 64 << 10)  # the same rule, at sizes a test reaches quickly
    monkeypatch.setattr(telnetserver, "RESUME_INPUT_BYTES", 16 << 10)
    sent = 1500  # 330 KB of answers to Mallory (JSON: twice that), as much to Ann: over three times what the pause
    # and both sockets' small buffers hold (about 96 KiB), so the pause is reached well before the last command
    pad = "x" * 200
    async with make_server(limits={"command_burst": 100_000, "input_burst": 10**9}) as server:
        async with player(server, "Ann") as ann, silent_player(server, "Mallory") as mallory:
            await ann.expect("Mallory has connected.")
            session = next(s for s in server.connections if s.name == "Mallory")
            out = session.sink
            # the server's socket buffer kept small, as the kernel's are for a client far away (on loopback they grow
            # to 4 MiB): past them, what waits for Mallory is the server's own memory
            out._transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16 << 10)
            if json:
                await mallory.command("@json on", '"json"')
            mallory.send_bytes(b"".join(b"say %05d %s\r\n" % (n, pad.encode()) for n in range(sent)))
            reading = asyncio.create_task(read_all(ann))  # Ann reads all she is sent meanwhile
            try:
                ran = await until_still(lambda: ann.text.count("Mallory says"), lambda: "Mallory says" in ann.text)
            finally:
                reading.cancel()
                await asyncio.wait([reading])
            assert 0 < ran < sent  # held back once far behind: not all run (nor hung up on)
            assert session.sink.paused and out.backlog < (64 << 10) + 4096  # one answer past the pause
            await ann.command("say still here", 'You say, "still here"')  # others are served meanwhile
            await mallory.expect(r'You say, \\?"%05d ' % (sent - 1))  # she reads: the rest run
            said = [int(n) for n in re.findall(r'You say, \\?"(\d{5}) ', mallory.text)]
            assert said == list(range(sent))  # in order, none lost
