"""Games that differ only in cards one seat cannot see: swap two card ids throughout a game's events (the seat reads
the same events, another hand or the deck differs), to show that what a bot is given comes from its seat alone."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from engine.poker import happenings as ev
from engine.poker.cards import DECK
from engine.poker.pokerstate import GameState
from engine.poker.seatview import event_for

CARD_FIELDS = {"order", "cards", "shown", "discarded", "card"}


def seen_cards(events: list[ev.Event], seat: str) -> set[int]:
    """Every card id the events name as ``seat`` reads them."""
    found: set[int] = set()
    for event in (event_for(e, seat) for e in events):
        for key in ("cards", "shown", "discarded"):
            if isinstance(event.get(key), list):
                found.update(event[key])
        if isinstance(event.get("card"), int):
            found.add(event["card"])
        if isinstance(event.get("payment"), dict):
            found.update(event["payment"]["cards"])
    return found


def hidden_pair(events: list[ev.Event], state: GameState, seat: str, other: str) -> tuple[int, int]:
    """A card of ``other``'s hand and a card of the deck, of different kinds, neither ever seen by ``seat``."""
    seen = seen_cards(events, seat)
    hand = [card for card in state.players[other].hand if card not in seen]
    deck = [card for card in state.deck if card not in seen]
    return next((a, b) for a in hand for b in deck if DECK[a] != DECK[b])


def swapped(events: list[ev.Event], a: int, b: int) -> list[ev.Event]:
    """The events with card ids ``a`` and ``b`` exchanged wherever they name cards."""

    def swap(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return b if value == a else a if value == b else value
        if isinstance(value, tuple):
            return tuple(swap(item) for item in value)
        return value

    result = []
    for event in events:
        changed = {f.name: swap(getattr(event, f.name)) for f in fields(event) if f.name in CARD_FIELDS}  # type: ignore[arg-type]
        if hasattr(event, "payment"):
            changed["payment"] = replace(event.payment, cards=swap(event.payment.cards))
        result.append(replace(event, **changed))  # type: ignore[type-var]
    return result
