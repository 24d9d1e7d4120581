"""The portal's framed protocol (server.portal.frames): frames cut anywhere by the socket arrive whole and in order,
a broadcast carries its connections, and a frame no portal sends drops the link."""

from __future__ import annotations

import asyncio
from typing import Any

from server.portal.frames import MAX_FRAME, MAX_HELLO, FrameLink, Kind, data, frame, multi, split_multi


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: Any) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True


def heard() -> tuple[FrameLink, list[tuple[Kind, int, bytes]], Transport]:
    frames: list[tuple[Kind, int, bytes]] = []
    link = FrameLink(lambda kind, ident, payload: frames.append((kind, ident, payload)), lambda: None)
    transport = Transport()
    link.connection_made(transport)
    return link, frames, transport


def test_frames_cut_anywhere_arrive_whole_and_in_order() -> None:
    stream = frame(Kind.INPUT, 7, b"say hi\r\n") + frame(Kind.GONE, 7) + frame(Kind.ATTACH, 9, data({"a": 1}))
    for cut in range(1, len(stream)):
        link, frames, _ = heard()
        link.data_received(stream[:cut])
        link.data_received(stream[cut:])
        assert frames == [(Kind.INPUT, 7, b"say hi\r\n"), (Kind.GONE, 7, b""), (Kind.ATTACH, 9, b'{"a":1}')]


def test_a_broadcast_names_every_connection_once() -> None:
    link, frames, _ = heard()
    link.data_received(multi([3, 5, 70000], b"Ann says, \"hi\"\r\n"))
    (kind, _, payload), = frames
    assert kind is Kind.MULTI and split_multi(payload) == ([3, 5, 70000], b"Ann says, \"hi\"\r\n")


def test_a_frame_no_peer_sends_drops_the_link() -> None:
    for bad in (bytes([0, 0, 0, 5, 99, 0, 0, 0, 1]), (MAX_FRAME + 1).to_bytes(4, "big") + bytes(5)):
        link, frames, transport = heard()
        link.data_received(bad + frame(Kind.INPUT, 1, b"x"))
        assert transport.closing and frames == []


async def test_what_one_turn_sends_goes_out_in_one_write() -> None:
    link, _, transport = heard()
    link.send(frame(Kind.OUT, 1, b"a"))
    link.send(frame(Kind.OUT, 2, b"b"))
    await asyncio.sleep(0)
    assert transport.written == [frame(Kind.OUT, 1, b"a") + frame(Kind.OUT, 2, b"b")]


def test_a_frame_cut_into_many_reads_arrives_once_whole() -> None:
    """A big frame sent a few bytes at a time (each read added to the buffer, the frame handed on once whole)."""
    payload = bytes(range(256)) * 4096
    stream = frame(Kind.OUT, 3, payload) + frame(Kind.GONE, 4)
    link, frames, transport = heard()
    for at in range(0, len(stream), 1000):
        link.data_received(stream[at : at + 1000])
    assert frames == [(Kind.OUT, 3, payload), (Kind.GONE, 4, b"")] and not transport.closing


def test_a_peer_held_to_a_smaller_limit_is_dropped_at_the_head() -> None:
    """A peer not known yet (the portal's socket before a HELLO) may send a small frame only: the head of a bigger
    one drops the link before its payload is read, and so does a length shorter than a head; nothing after is
    handled."""
    for head in ((MAX_HELLO + 1).to_bytes(4, "big") + bytes([Kind.HELLO]) + bytes(4), bytes([0, 0, 0, 1, 1, 0, 0, 0, 0])):
        link, frames, transport = heard()
        link.limit = MAX_HELLO
        link.data_received(head + frame(Kind.HELLO, 0, b"{}"))
        assert transport.closing and frames == [] and link.refused


def test_nothing_is_handled_once_the_handler_closed_the_link() -> None:
    frames: list[Kind] = []
    link = FrameLink(lambda kind, ident, payload: (frames.append(kind), link.close()), lambda: None)
    link.connection_made(Transport())
    link.data_received(frame(Kind.HELLO, 0, b"x") + frame(Kind.HELLO, 0, b"y"))
    assert frames == [Kind.HELLO] and link.refused == ""
