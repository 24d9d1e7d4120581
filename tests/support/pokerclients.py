"""Poker players for loopback tests (a telnet one reading 'You may:', a JSON one reading ``you_may``), and the checks
that nothing a client received holds a card it may not see."""

from __future__ import annotations

import re
from typing import Any

from support.clients import RawClient
from support.jsonclients import JsonClient
from server.poker.pokerwire import PokerMessage
from server.wire.protocol import SERVER_MESSAGE

CARD = re.compile(r"(?<![\w+-])(A-?\d+|Kx-?\d|R\+\d)(?![\w])")
PUBLIC = re.compile(r"exposes|expose |turned face up|flips|flip |face up|Cards: A8 Attack|Your hand|You are dealt|"
                    r"You pick|split")
"""The lines where a card may show: exposed melds, turned and flipped cards, face-up discards, the legend, and, for
their owner only, their own hand, deal and pick."""
PREFERRED = ("in", "check", "call", "draw", "meld auto")
OVER = r"\*\*\* \S+ wins the game of New Cosmic Poker at table 1! \*\*\*"


def validated(way: str, line: str) -> None:
    """Every line the JSON-mode player receives is a message of the protocol (its poker table message included)."""
    if way == "<":
        message = SERVER_MESSAGE.validate_json(line)
        assert not line.startswith('{"type":"table"') or isinstance(message, PokerMessage)


def choice(offered: list[str]) -> str:
    """Stay in to the showdown: the first of ``PREFERRED`` offered, else pawn to pay (a bet bigger than the Lucre
    held), else the first offered."""
    pawns = [word for word in offered if word.startswith("pawn ") and word != "pawn clear"]
    return next((word for word in PREFERRED if word in offered), pawns[0] if pawns else offered[0])


async def play_telnet(client: RawClient) -> None:
    """The moves offered read from "You may:", which wraps at 80 columns when a hand offers many pawns."""
    while True:
        seen = await client.expect(rf"You may: (?:[^\n]|\n  )*\.\n|{OVER}")
        if not seen.startswith("You may: "):
            return
        client.send(choice(seen[len("You may: "):-2].replace("\n  ", " ").split(", ")))


async def play_json(client: JsonClient) -> None:
    while True:
        message = await client.expect("table")
        if any(event["type"] == "GameOver" for event in message["events"]):
            return
        if message["you_may"]:
            client.send(choice(message["you_may"]))


def secret_lines(text: str, owner: bool) -> list[str]:
    """Lines showing a card where nobody but its owner may see one (``owner``: the reader's own lines allowed)."""
    found = []
    for line in text.splitlines():
        if CARD.search(line) and not PUBLIC.search(line):
            found.append(line)
        elif not owner and re.search(r"Your hand|You are dealt|You pick", line):
            found.append(line)
    return found


def check_json_secrecy(messages: list[dict[str, Any]], me: str | None) -> None:
    """No other seat's dealt cards, face-down discards or picks, no deck order, no hand but one's own."""
    for message in messages:
        if message["type"] != "table":
            continue
        for event in message["events"]:
            if event["type"] == "Shuffled":
                assert "order" not in event, event
            if event["type"] in ("Dealt", "MeldPicked") and event["player"] != me:
                assert "cards" not in event and "texts" not in event, event
            if event["type"] == "Discarded" and event["player"] != me and not event.get("face_up"):
                assert "cards" not in event, event
        game = message["state"]["game"]
        if game is not None:
            assert game.get("you") == me and ("hand" in game) == (me is not None)
            assert secret_lines(message["text"], owner=True) == []
