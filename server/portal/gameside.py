"""The game process's end of the portal's link: connections attached as sessions (logged in again, in the mode they
were in, with their terminal's state, after a reload or a crash), their input fed to them, and their output sent back
in one send a turn of the loop, a broadcast rendered alike for many in one frame."""

from __future__ import annotations

import asyncio
import gc
import json
import os
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import structlog

from server.ops.figures import PortalFigures
from server.wire.jsonsink import JsonSink
from server.community.names import skeleton
from server.portal.frames import HEAD, ID, PROTOCOL, QUERY_WAIT, FrameLink, Kind, data, frame, multi
from server.portal.handed import Hands
from server.portal.remote import RemoteLines, RemoteSource
from server.session import Session
from server.telnet.telnetmirror import TelnetMirror
from server.telnet.telnetsink import TelnetSink
from server.web.websession import WebSession

if TYPE_CHECKING:
    from server.services import Services

log = structlog.get_logger()


Resume = tuple[str | None, bool, int | None, bool, tuple[int, ...]]
RESUME_FIELDS = ("name", "json", "watching", "ladder", "arenas")
"""The resume info's fields (a WHO frame's JSON, handed back in the next ATTACH)."""


class Attached:
    """One connection of the portal's, served here."""

    def __init__(self, ident: int, session: Session, source: RemoteSource, mirror: TelnetMirror | None) -> None:
        self.ident, self.session, self.source, self.mirror = ident, session, source, mirror
        self.told: Resume = (None, False, None, False, ())
        """What the portal keeps to hand the connection to the next game process (who is logged in, whether in JSON
        mode, the table they watch, whether they wait in the bot ladder, the arenas they play), as last told."""
        self.seen: tuple[object, ...] = ()
        """What ``told`` was worked out from: the session's account and sink (emptied when the generations of the
        tables' whereabouts or of the ladder's and the events' queues move: ``GameLink._who``)."""


class GameHost(Protocol):
    """What the link drives of the game process's server (``server.app.GameServer`` is one): its life cycle, the
    sessions it serves with its services, and what the portal asks of it (its health, WHO, MSSP's facts)."""

    services: Services[Session]
    portal_ports: tuple[int, int | None] | None
    retired: bool

    @property
    def stopping(self) -> bool: ...

    async def begin(self, listening: bool = False) -> None: ...

    async def attach(self, session: Session, greet: bool = True) -> None: ...

    async def retire(self) -> None: ...

    def request_shutdown(self, by: str = "signal") -> asyncio.Task[None]: ...

    def health(self) -> dict[str, Any]: ...

    def who(self) -> dict[str, Any]: ...

    async def unsubscribe(self, token: str) -> bool: ...

    def listing(self) -> dict[str, str]: ...


class GameLink:
    """Frames from the portal to the game server's sessions, and back."""

    def __init__(self, server: GameHost, token: str, start_errors: tuple[type[Exception], ...] = ()) -> None:
        self.server, self._token, self._start_errors = server, token, start_errors
        """The server, the portal's token, and what its start can fail with that its message says well enough."""
        self.frames = FrameLink(self._received, self._lost)
        self._loop = asyncio.get_running_loop()
        """Kept: ``asyncio.get_running_loop`` makes a system call (getpid) each time, and output is flushed once a
        turn of the loop."""
        self.attached: dict[int, Attached] = {}
        self._out: dict[int, list[bytes]] = {}
        self._entering = 0
        """Connections taken over whose player is being logged in again."""
        self._entered = asyncio.Event()
        """Set while none is: input waits until everyone taken over is back (a command must not find a table's
        other player still away for the moment their login takes)."""
        self._entered.set()
        self._moved: tuple[int, int, int] = (0, 0, 0)
        """The tables' whereabouts' and the queues' generations at the last WHO frames."""
        self._asked = 0
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        """The portal's answers awaited, by question number."""
        self.done = asyncio.Event()
        """Set when this process should end: retired, stopped, or the portal gone."""
        settings = server.services.settings
        self.hands = Hands(self.frames.send, self._source_of, settings.limits, settings.portal.handoff)
        """The telnet sockets handed here (server.portal.handed)."""

    def hello(self, channel: str = "") -> bytes:
        """The HELLO frame (sent on the link; ``channel``: the hand channel's, returned)."""
        said = {"pid": os.getpid(), "token": self._token, "protocol": PROTOCOL}
        hello = frame(Kind.HELLO, 0, data({**said, "channel": channel} if channel else said))
        if not channel:
            self.frames.send(hello)
        return hello

    def open_hands(self, path: str) -> None:
        """The hand channel, that telnet sockets come by (``portal.handoff``)."""
        self.hands.open_channel(path, self.hello("hands"))

    def _source_of(self, ident: int) -> tuple[RemoteSource | None, str]:
        attached = self.attached.get(ident)
        return (None, "") if attached is None else (attached.source, attached.session.address)

    # --- frames in ---------------------------------------------------------------------------

    def _received(self, kind: Kind, ident: int, payload: bytes) -> None:
        if kind is Kind.INPUT:
            attached = self.attached.get(ident)
            if attached is not None:
                attached.source.feed(payload)
                if ident in self.hands.later:  # (its socket came back: asked for again, telnet's work done)
                    self.hands.want(ident)
        elif kind is Kind.HANDOFF:
            self.hands.offered(ident, payload)
        elif kind is Kind.KEEP:
            self.hands.kept(ident, payload)
        elif kind is Kind.RECALL:
            self.hands.recall(ident)
        elif kind is Kind.ATTACH:
            self._attach(ident, json.loads(payload))
        elif kind is Kind.GONE:  # what it sent and no command took is dropped, and its output (as in one process)
            attached = self.attached.pop(ident, None)
            self.hands.gone(ident)
            if attached is not None:
                attached.source.end()
                attached.session.sink.close()
        elif kind is Kind.STATE:
            attached = self.attached.get(ident)
            if attached is not None and attached.mirror is not None:
                attached.mirror.update(json.loads(payload))
        elif kind in (Kind.AGREED, Kind.OOB):
            attached = self.attached.get(ident)
            if attached is not None and attached.mirror is not None:
                if kind is Kind.AGREED:
                    attached.mirror.agreed(payload[0])
                else:
                    option, args = json.loads(payload)
                    attached.mirror.received(option, args)
        elif kind is Kind.ANSWER:
            answer = self._answers.get(ident)
            if answer is not None and not answer.done():
                answer.set_result(json.loads(payload))
        elif kind is Kind.QUERY:
            asyncio.get_running_loop().create_task(self._answer(ident, payload.decode()))
        elif kind is Kind.OPEN:
            asyncio.get_running_loop().create_task(self._open(json.loads(payload)))
        elif kind is Kind.RETIRE:
            asyncio.get_running_loop().create_task(self.retire())
        elif kind is Kind.STOP:
            self.server.request_shutdown("portal")

    def _lost(self) -> None:
        """The portal is gone (or hung up on us): nobody can be served; save and end."""
        if not self.done.is_set() and not self.server.stopping:
            log.warning("game.portal_lost")
            asyncio.get_running_loop().create_task(self.retire())

    async def _open(self, ports: dict[str, Any]) -> None:
        """Take the store and serve; or tell the portal why not (its one line for the operator) and end."""
        self.server.portal_ports = (ports["port"], ports.get("tls_port"))
        try:
            await self.server.begin()
        except self._start_errors as exc:
            self._failed(str(exc))
            return
        except Exception as exc:  # a bug: its traceback here, its words to the portal
            log.exception("game.open_failed")
            self._failed(f"{type(exc).__name__}: {exc}")
            return
        gc.freeze()  # what the start built is never walked again (server.process.running's GC_YOUNG_THRESHOLD)
        log.info("server.collector", frozen=gc.get_freeze_count(), young=gc.get_threshold()[0])
        self.frames.send(frame(Kind.READY))

    def _failed(self, why: str) -> None:
        self.server.services.solver.stop()
        self.frames.send(frame(Kind.FAILED, 0, why.encode()))
        self.close()
        self.done.set()

    async def retire(self) -> None:
        """Save and end, hanging up on no one: the portal hands the connections to the next game process."""
        if self.done.is_set() or self.server.retired:
            return
        await self.hands.retire()  # every handed socket back to the portal first
        for attached in self.attached.values():  # what each connection's resume info is now, changed or not
            attached.seen = ()
        self.frames.send(b"".join(self._who(list(self.attached)) + self._unread()))
        await self.server.retire()
        self.close()
        self.done.set()

    def _unread(self) -> list[bytes]:
        """What each connection sent that was not run yet (the line waiting on the flood limit first), handed back
        for the next game process; none of it is run here after."""
        frames = []
        for ident, attached in self.attached.items():
            unread = attached.session.unrun() + attached.source.take()
            if unread:
                frames.append(frame(Kind.UNREAD, ident, unread))
        return frames

    def close(self) -> None:
        """What waits goes out, then the link closes: whatever is written later (a command that failed on the
        closed store) is dropped."""
        if self._out:
            self.flush()
        self.frames.close()

    async def _answer(self, ident: int, question: str) -> None:
        verb, _, token = question.partition(" ")
        if question == "figures":
            answer: dict[str, Any] = self.server.services.figures().as_json()
        elif verb == "unsubscribe":
            answer = {"done": await self.server.unsubscribe(token)}
        elif question == "health":
            answer = {**self.server.health(),
                      "input_waiting": max((a.source.waiting for a in self.attached.values()), default=0)}
        else:
            answer = self.server.who()
        self.frames.send(frame(Kind.ANSWER, ident, data(answer)))

    async def holder_figures(self) -> PortalFigures | None:
        """The portal's figures (connections, reloads, restarts), asked for; None if it does not answer."""
        self._asked += 1
        ident = self._asked
        answer = self._answers[ident] = self._loop.create_future()
        self.frames.send(frame(Kind.QUERY, ident, b"figures"))
        try:
            return PortalFigures(**await asyncio.wait_for(answer, QUERY_WAIT))
        except TimeoutError:
            return None
        finally:
            self._answers.pop(ident, None)

    def _attach(self, ident: int, about: dict[str, Any]) -> None:
        """A connection handed over: its session, logged in again as whoever was, in the mode it was in."""
        source = RemoteSource(partial(self._taken, ident))
        session: Session
        viewer: Callable[[], str | None] = lambda: session.name  # noqa: E731
        mirror = None
        if about["kind"] == "web":
            lines = RemoteLines(partial(self.write_line, ident), partial(self._close, ident))
            session = WebSession(self.server.services, source, JsonSink(lines, viewer), about["address"])
        else:
            mirror = TelnetMirror(partial(self.write, ident), partial(self._negotiate, ident), partial(self._close, ident),
                                  self.server)
            mirror.update(about["state"])
            telnet = TelnetSink(mirror, viewer)  # type: ignore[arg-type]  # (telnetlib3's writer's stand-in)
            session = Session(self.server.services, source, telnet, about["address"])
            if about["resume"]["json"]:
                session.sink = JsonSink(telnet, viewer, under=telnet)
        attached = self.attached[ident] = Attached(ident, session, source, mirror)
        if mirror is not None:
            self.hands.want(ident)
        resume = about["resume"]
        attached.told = (resume["name"], resume["json"], resume["watching"], resume.get("ladder", False),
                         tuple(resume.get("arenas", ())))
        if mirror is not None:
            for option in about["agreed"]:
                mirror.agreed(option)
            for option, args in about["oob"]:
                mirror.received(option, args)
        if resume["name"] is not None:
            self._entering += 1
            self._entered.clear()
        asyncio.get_running_loop().create_task(self._serve(attached, resume, about["fresh"]))

    async def _serve(self, attached: Attached, resume: dict[str, Any], fresh: bool) -> None:
        session, name = attached.session, resume["name"]
        if name is not None:
            try:
                account = await self.server.services.store.find(skeleton(name))
                if account is not None and not account.banned:
                    await self.server.services.presence.enter(session, account, returning=True)
                    if resume["watching"] is not None:
                        self.server.services.tables.where.rewatch(account.name, resume["watching"])
                    if resume.get("ladder"):
                        self.server.services.ladder.rejoin(account.name)
                    for number in resume.get("arenas", ()):
                        self.server.services.events.rejoin(number, account.name)
            finally:
                self._entering -= 1
                if not self._entering:
                    self._entered.set()
        await self._entered.wait()
        try:
            await self.server.attach(session, greet=fresh)
        finally:
            self.attached.pop(attached.ident, None)

    # --- frames out --------------------------------------------------------------------------

    def write(self, ident: int, out: bytes) -> None:
        """Bytes for a connection, sent with everything else of this turn of the loop."""
        pending = self._out
        if not pending:
            self._loop.call_soon(self.flush)
        chunks = pending.get(ident)
        if chunks is None:
            pending[ident] = [out]
        else:
            chunks.append(out)

    def write_line(self, ident: int, line: bytes) -> None:
        """A web page's line: a frame of its own (each is one WebSocket message), in order with the rest."""
        if ident not in self._out:
            self.write(ident, b"")  # (a turn's output for ``ident``: its resume info is checked at the flush)
        self.frames.send(frame(Kind.OUT, ident, line))

    def flush(self) -> None:
        """This turn's output: one OUT frame a connection, or one MULTI frame for every connection given the same
        bytes (a say to a room of telnet players); then who is logged in where that changed."""
        pending, self._out = self._out, {}
        alike: dict[bytes, list[int]] = {}
        diverted = self.hands.diverted
        for ident, chunks in pending.items():
            out = chunks[0] if len(chunks) == 1 else b"".join(chunks)
            if not out:  # (a web page's: its lines went as frames of their own)
                continue
            if diverted:
                to = diverted.get(ident)
                if to is not None:  # (its socket is here: written to it, or parked while it changes hands)
                    to(out)
                    continue
            idents = alike.get(out)
            if idents is None:
                alike[out] = [ident]
            else:
                idents.append(ident)
        pack, kind = HEAD.pack, Kind.OUT  # (a frame made in place: one a connection, every turn)
        frames = [pack(len(out) + 5, kind, idents[0]) + out if len(idents) == 1 else multi(idents, out)
                  for out, idents in alike.items()]
        frames += self._who(pending)
        if frames:  # (none when every connection with output has its socket here and nobody's resume info moved)
            self.frames.send_now(b"".join(frames))  # now, not a turn of the loop later

    def _who(self, idents: Iterable[int]) -> list[bytes]:
        """A WHO frame for each of ``idents`` whose resume info changed; for every connection if a queue or the
        tables' whereabouts moved since the last time (whoever waits there may have had no output since)."""
        services, everyone = self.server.services, self.attached
        moved = (services.tables.where.generation, services.ladder.generation, services.events.generation)
        if moved != self._moved:
            self._moved, idents = moved, list(everyone)
            for attached in everyone.values():
                attached.seen = ()
        frames = []
        for ident in idents:  # (nearly every connection with output, nearly every turn: nothing changed)
            attached = everyone.get(ident)
            if attached is None:
                continue
            session, seen = attached.session, attached.seen
            if seen and seen[0] is session.account and seen[1] is session.sink:
                continue
            attached.seen = (session.account, session.sink)
            now = self._resume(attached)
            if now != attached.told:
                attached.told = now
                frames.append(frame(Kind.WHO, ident, data(dict(zip(RESUME_FIELDS, now)))))
        return frames

    def _resume(self, attached: Attached) -> Resume:
        """What the next game process needs to take this connection over (asked after each turn's output: logging
        in, '@json', 'watch', 'ladder join' and 'event join' all answer something); worked out again (``_who``) only
        if what it depends on changed: the session's account or sink, or the generations ``GameLink._moved`` keeps."""
        session, services = attached.session, self.server.services
        name, watching, laddered, arenas = session.name, None, False, ()
        if name is not None:
            live = services.tables.followed(name)
            if live is not None and name in live.table.watchers:
                watching = live.table.number
            laddered, arenas = services.ladder.holds(name), services.events.arenas_of(name)
        json_mode = attached.mirror is not None and isinstance(session.sink, JsonSink)
        return name, json_mode, watching, laddered, arenas

    def _taken(self, ident: int, count: int) -> None:
        """The portal may read ``count`` more bytes of the client's (``INPUT_WINDOW``); or, its socket here, this
        process may."""
        if not self.hands.taken(ident):
            self.frames.send(frame(Kind.TAKEN, ident, ID.pack(count)))

    def _negotiate(self, ident: int, verb: bytes, option: bytes) -> None:
        self.flush_first(ident)
        if not self.hands.control(ident, Kind.TELOPT, verb + option):
            self.frames.send(frame(Kind.TELOPT, ident, verb + option))

    def _close(self, ident: int) -> None:
        self.flush_first(ident)
        if not self.hands.control(ident, Kind.CLOSE):
            self.frames.send(frame(Kind.CLOSE, ident))

    def flush_first(self, ident: int) -> None:
        """What waits for ``ident`` goes before a negotiation or a hang-up (in order)."""
        if ident in self._out:
            self.flush()

    def ask(self, kind: Kind, ident: int = 0, payload: bytes = b"") -> None:
        self.frames.send(frame(kind, ident, payload))

    def ident_of(self, session: Session) -> int:
        return next((a.ident for a in self.attached.values() if a.session is session), 0)

    def reload(self, name: str) -> None:
        """A wizard's @reload: the portal does it, and tells them how it went."""
        session = self.server.services.presence.players.get(name)
        self.ask(Kind.RELOAD, self.ident_of(session) if session is not None else 0)

    def shutdown(self, by: str) -> None:
        self.ask(Kind.SHUTDOWN, 0, by.encode())
