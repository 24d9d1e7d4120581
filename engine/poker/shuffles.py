"""The shuffle is an input to the engine (no global random state): a seeded source for play, a scripted one for tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.poker.cards import DECK, card_ids, parse_cards


class ShuffleSource(Protocol):
    def shuffle(self, cards: Sequence[int]) -> tuple[int, ...]:
        """``cards`` (ids) in a new order, the top card first."""
        ...

    def pick(self, count: int) -> int:
        """One of ``count`` (0 to count - 1): the first dealer among the seated players."""
        ...


class SeededShuffle:
    """Fair shuffles from a private, seeded generator."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def shuffle(self, cards: Sequence[int]) -> tuple[int, ...]:
        order = list(cards)
        self._random.shuffle(order)
        return tuple(order)

    def pick(self, count: int) -> int:
        return self._random.randrange(count)


class ScriptedShuffle:
    """A deck stacked for a test: the cards named come off the top in that order, the rest follow in deck order; the
    first dealer is seat ``dealer``; a reshuffled discard pile keeps its order (oldest discard on top)."""

    def __init__(self, top: Sequence[str] = (), dealer: int = 0) -> None:
        self._top = card_ids(parse_cards(top))
        self._dealer = dealer

    def shuffle(self, cards: Sequence[int]) -> tuple[int, ...]:
        if len(cards) < len(DECK):
            return tuple(cards)
        rest = [card for card in cards if card not in self._top]
        return (*self._top, *rest)

    def pick(self, count: int) -> int:
        return self._dealer % count


def first_deal(hands: Sequence[Sequence[str]], then: Sequence[str] = ()) -> list[str]:
    """The top of a stacked deck that deals ``hands`` (one per player, clockwise from the dealer's left, the dealer
    last) one card at a time, then the cards ``then`` (top-ups, draws, turned cards) in order."""
    order: list[str] = []
    for round_ in range(max(len(hand) for hand in hands)):
        order += [hand[round_] for hand in hands]
    return order + list(then)
