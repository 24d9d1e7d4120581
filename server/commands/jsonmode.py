"""JSON lines for bots: ``@json on|off`` anywhere, or a bare ``json`` on the login screen before the first line of
output a bot wants to parse. Commands stay text, so bots and people speak one command language."""

from __future__ import annotations

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError
from server.commands.registry import Stage, command
from server.wire.jsonsink import JsonSink
from server.session import Session


def switch(session: Session, on: bool) -> None:
    """Swap the connection's sink: the JSON one wraps whatever sink is there, so switching back unwraps it (a
    connection that only speaks JSON, the web page's, has nothing to go back to)."""
    sink = session.sink
    if on and not isinstance(sink, JsonSink):
        session.sink = JsonSink(sink, lambda: session.name, under=sink)
    elif not on and isinstance(sink, JsonSink):
        if sink.under is None:
            raise Refusal(texts.JSON_ONLY)
        session.sink = sink.under
    session.tell(texts.JSON_ON if on else texts.JSON_OFF, "json", json="on" if on else "off")


@command("@json", stage=Stage.ANY, category="account")
async def json_mode(session: Session, args: str) -> None:
    """@json on|off

    For bots and other programs: 'on' makes every message from the server one
    JSON object a line (table news with the cubes, scores, whose turn and your
    legal commands; errors with stable codes). See docs/bots.md.
    """
    word = args.strip().lower()
    if word not in ("on", "off"):
        raise UsageError
    switch(session, word == "on")


@command("json", stage=Stage.LOGIN, category="login")
async def json_login(session: Session, args: str) -> None:
    """json

    For bots: switch to JSON lines before logging in (the same as '@json on').
    """
    switch(session, True)
