"""The portal's framed protocol (server.portal.frames): frames cut anywhere by the socket arrive whole and in order,
a broadcast carries its connections, and a frame no portal sends drops the link."""

from __future__ import annotations

import asyncio
from typing import Any

from server.portal.frames import MAX_FRAME, FrameLink, Kind, data, frame, multi, split_multi


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
