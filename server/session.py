"""One connection: reads lines, applies the flood limit, dispatches commands, holds who it is."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Protocol

import structlog

from rooms.messages import Message, Refusal
from rooms.gameplay import TableView
from rooms.tables import Table, TableNews
from server.words import texts
from server.commands.args import UsageError
from server.commands.registry import REGISTRY, Command, Stage
from server.games.gametypes import GAME_TYPES
from server.wire.lines import Line, LineSplitter, typed
from server.wire.protocol import ErrorCode
from server.render.colour import KIND_COLOURS, painted
from server.render.style import Style, default_cubes
from server.limits.quotas import ASKER
from server.wire.sink import READ_CHUNK, Sink, Source
from server.store import EVERYWHERE, Account, Restriction, StoreDown
from server.tables.unheard import as_seen

if TYPE_CHECKING:
    from server.services import Services

log = structlog.get_logger()
KEEPALIVE = "idle"
PAUSE_LOG_EVERY = 60.0
"""Seconds between a connection's ``session.output_paused`` lines (a client reading just slower than it is sent
would pause for every few hundred KiB)."""
PROMPT_TYPING_ROOM = 10
"""Columns a status prompt leaves free for typing (as each game's own does)."""
PAGE_ROWS = range(5, 201)
"""The page heights '@set pager=N' takes."""
IDLE_PROMPT_SHOWN = texts.IDLE_PROMPT + " "
"""The status prompt as shown outside a table (what typing follows)."""
TALK_KINDS = frozenset({"say", "pose", "page", "whisper", "channel"})
"""What ``ignore`` silences: talk whose ``who`` field is someone you ignore."""


def counted_down(prompt: str, left: float | None, width: int) -> str:
    """A table's status prompt with the time its turn timer leaves, when it runs and the line still leaves room to
    type (``[T1 Ann 0/300 | turn 0 | 5 cubes | 4:58 left] >``; a narrow screen has the game's own prompt alone)."""
    head, sep, tail = prompt.rpartition("] ")
    if left is None or not sep:
        return prompt
    seconds = int(left)
    timed = f"{head} | {texts.COUNTDOWN.format(minutes=seconds // 60, seconds=seconds % 60)}{sep}{tail}"
    return timed if len(timed) <= width - PROMPT_TYPING_ROOM else prompt


class Session:
    """A connected client, before and after login."""

    transport = "telnet"
    """What carries it (``/metrics``' connections by transport)."""

    def __init__(self, services: Services[Session], reader: Source, sink: Sink, address: str) -> None:
        limits = services.settings.limits
        self.services, self.sink, self.address = services, sink, address
        self.account: Account | None = None
        self.wizard = False
        self.builder = False
        self.doing = ""
        self.options: dict[str, str] = {}
        """``@set`` choices (cubes=art|compact, screenreader=on|off|auto, haven=on|off)."""
        self.ignoring: set[str] = set()
        self.channels: set[str] = set()
        self.restrictions: dict[str, Restriction] = {}
        """A mute (scope ``*``) and gags (a channel's name), as stored."""
        self.last_paged: list[str] = []
        """Whom ``page =<message>`` pages again."""
        self.last_pager: str | None = None
        """Whom ``r <message>`` answers."""
        self.invite: str | None = None
        """The invitation code given at the login screen ('invite'), which 'create' uses."""
        self.connected_at = self.last_active = self.last_input = time.monotonic()
        self._reader = reader
        self._splitter = LineSplitter(limits.max_line_length)
        self._pending: deque[Line] | tuple[()] = ()
        """Lines read but not run yet: a deque only once a read held several (a deque is 760 bytes; nearly every read
        is one line, and most connections are idle)."""
        self._throttled: tuple[Line, ...] = ()
        """The line waiting on the flood limit, if any (``unrun`` takes it)."""
        self.bucket = services.command_buckets.take(address)
        """Commands at once, then a steady rate (``limits.command_burst``, ``command_rate``); what is left of its burst
        goes back to the address at the end."""
        self._flood_noted = False
        self._pauses = 0
        """Times this connection's commands waited for it to read its output since the last log line about it."""
        self._pause_logged = -PAUSE_LOG_EVERY
        self._more: Message | None = None
        """Paged output not shown yet ('more')."""
        self._prompt_due = False
        self._executing = False
        """A line of this connection's is being run: its end shows the prompt (``run``), no callback needed."""
        self._holding = False
        """A command that awaits nothing runs: its last output is held (``_held``) to go out with the status prompt
        after it, in one write (nothing it does can come between them)."""
        self._held: Message | None = None
        self._prompted = False
        """The status prompt is the last thing on the client's screen line (nothing typed or sent since)."""
        self._cubes_tip_due = True
        """Once a connection, under the first cube art, until the player chooses a cubes style."""

    @property
    def name(self) -> str | None:
        return self.account.name if self.account else None

    @property
    def player(self) -> str:
        """The logged-in player's name (commands that run while playing only)."""
        assert self.account is not None, "command needs a logged-in session"
        return self.account.name

    @property
    def stage(self) -> Stage:
        return Stage.PLAYING if self.account else Stage.LOGIN

    # --- output --------------------------------------------------------------------------

    def tell(self, text: str, kind: str = "info", **fields: str) -> None:
        self.send(Message(text, kind, fields))

    def refuse(self, text: str, code: ErrorCode) -> None:
        """Say that something was not done, with the stable code a bot reads (a long list of choices is paged)."""
        self.page(text, "error", code=code)

    def page(self, text: str, kind: str = "info", **fields: str) -> None:
        """Long output a screen at a time where the connection pages (telnet: the client's height, from NAWS): the
        rest waits for 'more'."""
        if not self.sink.pages or self.options.get("pager") == "off":
            self.tell(text, kind, **fields)
            return
        self._more = Message("\n".join(self.sink.lines(text)), kind, fields)
        self.more()

    def more(self) -> bool:
        """The next screenful of paged output; False if nothing is waiting."""
        if self._more is None or not self.sink.pages:
            return False
        lines = self._more.text.split("\n")
        rows = self.options.get("pager", "on")
        height = int(rows) if rows.isdigit() else self.sink.height  # '@set pager=40': rows chosen by the player
        room = max(height - 2, 3)  # a line for the note, a line for the prompt
        # one line left over takes the note's row itself: no 'more' for a single line
        shown, rest = (lines, []) if len(lines) <= room + 1 else (lines[:room], lines[room:])
        if rest:
            shown.append(texts.MORE.format(left=len(rest)))
        self.send(self._more._replace(text="\n".join(shown)))
        self._more = self._more._replace(text="\n".join(rest)) if rest else None
        return True

    @property
    def style(self) -> Style:
        """How this person sees tables: their @set choices, at their screen's width."""
        screenreader = self.sink.screen_reader(self.options.get("screenreader"))
        colour = not screenreader and self.sink.colour(self.options.get("color"))
        width = self.sink.width
        return Style(self.options.get("cubes", default_cubes(width)), screenreader, width, colour)

    def ignores(self, message: Message) -> bool:
        return message.kind in TALK_KINDS and message.fields.get("who") in self.ignoring

    def view_of(self, table: Table) -> TableView:
        """A table as this person is shown it: what players they ignore wrote there is masked (server.tables.unheard)."""
        return as_seen(self.ignoring, table, table.view())

    def silenced(self, scope: str) -> Restriction | None:
        """The mute, else the gag of ``scope``, that stops this player talking there now."""
        if not self.restrictions:  # nearly everyone
            return None
        now = time.time()
        for key in (EVERYWHERE, scope):
            found = self.restrictions.get(key)
            if found is not None and found.active(now):
                return found
        return None

    def send(self, message: Message) -> None:
        """Show a message: table news rendered for this player in their style, pages and whispers coloured if they
        like. Output starts on a line of its own, and the status prompt follows the burst it belongs to."""
        if message.kind == "timer" and self.sink.status_prompts:
            return  # the status prompt counts down: the timer as data is for the others (the web page)
        if isinstance(message.data, TableNews) and self.account is not None:
            style = self.style
            news = message.data
            live = self.services.tables.live.get(news.table) if self.ignoring else None
            if live is not None:
                news = as_seen(self.ignoring, live.table, news)
                message = message._replace(data=news)
            game = GAME_TYPES[news.game]
            text = game.render(news, self.account.name, style)
            tip = game.style_tip(news, style) if (
                self._cubes_tip_due and "cubes" not in self.options and self.sink.lays_out_text
            ) else None
            if tip is not None:
                self._cubes_tip_due = False
                text += "\n" + tip
            message = message._replace(text=text)
        elif message.kind in KIND_COLOURS and self.style.colour:
            message = message._replace(text=painted(message.text, KIND_COLOURS[message.kind]))
        if message.text:  # (a message of data alone writes nothing on a line of text)
            if self._prompted and self.sink.prompts_inline:
                self.sink.write_line("")
            self._prompted = False
        if self._holding:
            if self._held is not None:
                self.sink.send(self._held)
            self._held = message
        else:
            self.sink.send(message)
        if not self._prompt_due and self._wants_prompt():
            self._prompt_due = True
            if not self._executing:
                asyncio.get_running_loop().call_soon(self._show_prompt)

    def _wants_prompt(self) -> bool:
        """People at a terminal (telnet) who are logged in and did not '@set prompt=off' (bots and the web read
        JSON)."""
        return self.account is not None and self.sink.status_prompts and self.options.get("prompt") != "off"

    def _release(self) -> None:
        """What was held back goes out alone: no prompt follows it now (more lines wait to run, the connection
        closes, or it wants none)."""
        if self._held is not None:
            held, self._held = self._held, None
            self.sink.send(held)

    def _show_prompt(self) -> None:
        """After a burst of output: one line saying where this player's table stands, marked as a prompt, written
        with the burst's last message if that was held (once: the end of one's own command may have shown it
        already)."""
        if not self._prompt_due or not self._wants_prompt():  # (a closed connection drops what it is sent)
            self._prompt_due = False
            self._release()
            return
        self._prompt_due = False
        live = self.services.tables.where.followed(self.account.name)  # type: ignore[union-attr]  # (logged in: wants it)
        if live is None:
            prompt = IDLE_PROMPT_SHOWN
        else:
            width = self.sink.width
            prompt = counted_down(live.kind.status_prompt(self.view_of(live.table), width), live.timer_left(), width)
            prompt += " "
        held, self._held = self._held, None
        if held is None:
            self.sink.prompt(prompt)
        else:
            self.sink.send(held, prompt)
        self._prompted = True

    def close(self, farewell: str | None = None, **fields: str) -> None:
        """Say goodbye, hang up, and leave the world now; safe to call more than once. ``fields`` go with the
        farewell (``restart="yes"``: the server stops, and a client may come back by itself)."""
        if farewell and not self.sink.closed:
            self.tell(farewell, "farewell", **fields)
        self._release()
        self.sink.close()
        self.services.presence.forget(self)

    # --- input ---------------------------------------------------------------------------

    async def read_line(self) -> Line | None:
        """The next input line, or None once the connection is gone; none while the client is far behind on its
        output (``server.wire.sink.PAUSE_INPUT_BYTES``)."""
        if self.sink.paused:
            await self._wait_for_output()
        if self._pending:  # sent together with the line just run: it waits its turn behind everyone else's input
            await asyncio.sleep(0)  # (meanwhile the client may have left, or a reload taken the lines: ``unrun``)
            return self._pending.popleft() if self._pending and not self.sink.closed else None
        while True:
            try:
                data = await self._reader.read(READ_CHUNK)
            except (ConnectionError, OSError):
                return None
            if not data:
                return None
            lines = self._splitter.feed(data)
            if len(lines) == 1:  # nearly every read
                return lines[0]
            if lines:
                self._pending = deque(lines)
                return self._pending.popleft()
            # no line end yet: the next chunk waits its turn (bytes without one pile up in a flood, and reading and
            await asyncio.sleep(0)  # splitting each 4 KiB of them costs ~50 us)

    def unrun(self) -> bytes:
        """(A reload: server.portal) The lines read and not run yet, the one waiting on the flood limit first, and
        the start of the next, as they were typed: the next game process runs them. None of them runs here after."""
        lines, self._throttled, self._pending = (*self._throttled, *self._pending), (), ()
        limit = self.services.settings.limits.max_line_length
        return b"".join(typed(line, limit) for line in lines) + self._splitter.rest()

    def run_next(self, line: Line) -> None:
        """A line read as the answer to a question that it did not answer ('Leave? (yes/no)'): it runs next, as a
        command of its own, checked and throttled as every line is."""
        self._pending = deque((line, *self._pending))

    async def _wait_for_output(self) -> None:
        """Until the client has read most of its output: its commands wait, and its input is not read meanwhile (telnet
        pauses its transport; a browser's next frame is not asked for). Logged once a minute at most, with how many
        times since."""
        self._pauses += 1
        now = time.monotonic()
        if now - self._pause_logged >= PAUSE_LOG_EVERY:
            log.info("session.output_paused", name=self.name, address=self.address, times=self._pauses)
            self._pauses, self._pause_logged = 0, now
        await self.sink.caught_up()

    async def ask_secret(self, prompt: str) -> str | None:
        """Prompt for hidden input (a password); None if the connection went away, or the answer was longer than a
        line (refused as any such line is: its first part is not the password)."""
        self.sink.prompt(prompt, secret=True)
        line = await self.read_line()
        self.sink.end_secret()
        if line is not None and line.too_long:
            self._refuse_too_long()
            return None
        return None if line is None else line.text

    def _refuse_too_long(self) -> None:
        self.refuse(texts.LINE_TOO_LONG.format(limit=self.services.settings.limits.max_line_length), "line_too_long")

    async def run(self, greet: bool = True) -> None:
        """Serve this connection until it closes (greeted with the banner unless it was being served before a
        reload: server.portal)."""
        if greet:
            settings = self.services.settings
            self.tell(texts.banner(settings.server_name, settings.registration), "banner")
        take, ran = self.bucket.try_take, self.services.commands.ran  # (bound once: asked for every line)
        while (line := await self.read_line()) is not None:
            self._prompted = False  # the client's own echo of the line ended the prompt's line
            if line.text or line.too_long:  # (a blank line runs nothing)
                if not take():
                    self._throttled = (line,)
                    await self._throttle()
                    if self.sink.closed or not self._throttled:
                        break  # the client left (what it queued is not run for nobody), or a reload took the line
                    self._throttled = ()
                else:
                    self._flood_noted = False
                # any line keeps the connection alive; only real commands reset WHO's idle time
                started = self.last_input = time.monotonic()
                if line.text.casefold() != KEEPALIVE:
                    self.last_active = started
                if line.too_long:
                    self._refuse_too_long()
                else:
                    if line.invalid_utf8:
                        self.refuse(texts.INVALID_UTF8, "invalid_utf8")
                    self._executing = self._holding = True
                    try:
                        running = self.execute(line.text)
                        self._holding = False  # (what an async command shows goes out as it is shown)
                        if running is not None:
                            await running
                    finally:
                        self._executing = self._holding = False
                        ran(started)
            if self._pending:  # more lines to run, one a turn of the loop: the prompt follows the last of them (or
                self._release()  # shows while they wait for the flood limit)
            else:  # the end of what the client sent: the prompt now, in the same write as the answer
                self._show_prompt()

    def execute(self, text: str) -> Awaitable[None] | None:
        """Run one command line: at once if its command awaits nothing (talk: no coroutine made or resumed for it),
        else what is left of it is returned to be awaited. Any failure becomes a message, never a dropped
        connection."""
        ASKER.set(self.name)  # any solve this command starts counts against this player
        resolved = REGISTRY.resolve(text)
        if resolved is None:
            return self._guarded(self._unknown(text), None, text)
        command, args = resolved
        if command.powers or not command.works(self.account is not None):
            return self._guarded(self._checked(command, args), command, text)
        try:
            running = command.handler(self, args)
        except Exception as exc:
            self._failed(exc, command, text)
            return None
        return None if running is None else self._guarded(running, command, text)

    async def _unknown(self, text: str) -> None:
        """A line that names no command: an exit's name (the fallbacks), else a suggestion."""
        if self.account:
            for fallback in REGISTRY.fallbacks:
                if await fallback(self, text):
                    return
        self.refuse(self._huh(text), "unknown_command")

    async def _checked(self, command: Command, args: str) -> None:
        """A command of the other stage (refused), or one that reads the player's powers (read from the store
        first)."""
        if not command.works(self.account is not None):
            if self.account is None:
                self.refuse(texts.NOT_CONNECTED, "not_connected")
            else:
                self.refuse(texts.ALREADY_CONNECTED, "already_connected")
        elif not await self._allowed(command):
            self.refuse(texts.PERMISSION_DENIED, "permission_denied")
        elif (running := command.handler(self, args)) is not None:
            await running

    async def _guarded(self, running: Awaitable[None], command: Command | None, text: str) -> None:
        """What is left of a line to run, awaited; a failure worded as ``execute`` words one."""
        try:
            await running
        except Exception as exc:
            self._failed(exc, command, text)

    def _failed(self, exc: Exception, command: Command | None, text: str) -> None:
        """What a command that failed shows: a refusal in its words, its usage, the store's trouble, or (a bug) that
        something went wrong, logged (called while it is handled)."""
        if isinstance(exc, Refusal):
            self.refuse(str(exc), "refused")
        elif isinstance(exc, UsageError):
            self.refuse(f"Usage: {command.usage if command is not None else exc}", "usage")
        elif isinstance(exc, StoreDown):  # (noted and logged by the store's watch: server.ops.storewatch)
            self.refuse(exc.told or texts.NOT_SAVED, "not_saved")
            if self.name is not None:
                self.services.unsaved.add(self.name)  # told again once the store works
        else:
            log.exception("command.failed", name=self.name, command=text.partition(" ")[0][:40])
            self.refuse(texts.INTERNAL_ERROR, "internal")

    def _huh(self, text: str) -> str:
        """What an unknown command gets: a suggestion when it looks like a mistyped one."""
        word = REGISTRY.suggest(text.partition(" ")[0], self._usable)
        return texts.HUH if word is None else texts.HUH_SUGGEST.format(word=word)

    def _usable(self, command: Command) -> bool:
        return command.works(self.account is not None) and (self.wizard or not command.wizard)

    async def _allowed(self, command: Command) -> bool:
        """Whether the player may run ``command``, by their flags as stored now: the console (``cosmic-wimpout
        wizard``) or a wizard (``@set X=builder``) may have changed them since the last command."""
        await self.services.presence.read_powers(self)
        return self.wizard or not command.wizard

    async def _throttle(self) -> None:
        """Fuzzball-style flood limit: a burst, then a steady rate; excess waits, nothing is lost (``run`` calls this
        only once the bucket is empty: the commonest case costs no coroutine)."""
        if not self._flood_noted:
            self._flood_noted = True
            log.info("session.flood_limited", name=self.name, address=self.address)
            self.refuse(texts.FLOOD.format(rate=self.bucket.rate), "rate_limited")
        self._show_prompt()
        while not self.bucket.try_take():
            await asyncio.sleep(self.bucket.seconds_until_token())
