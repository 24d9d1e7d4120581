"""The challenge deck of New Cosmic Poker (POKER-RULES.md, "The challenge deck"): 78 cards, each a physical card with
an id (its index in ``DECK``), so that a card can be followed from deck to hand to discard pile and never be in two
places. Cards are written as in the spec's test cases: ``A8``, ``A-4``, ``C``, ``Kx2``, ``Kx-1``, ``R+3``, ``E``, ``F``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

ATTACK, COMPROMISE, KICKER, REINFORCEMENT, EDICT, FLARE = "A", "C", "K", "R", "E", "F"
KIND_ORDER = (ATTACK, COMPROMISE, KICKER, REINFORCEMENT, EDICT, FLARE)
"""The order of a ``hand`` listing: Attack by value, Compromise, Kicker, Reinforcement, Edict, Flare."""


class CardSyntaxError(ValueError):
    """A card written in no form the deck knows (a bad argument, not a bad meld)."""


class Card(NamedTuple):
    kind: str
    value: int = 0
    """An Attack's value, a Kicker's factor, a Reinforcement's addend; 0 for the other kinds."""

    @property
    def is_challenge(self) -> bool:
        return self.kind in (ATTACK, COMPROMISE)

    @property
    def is_modifier(self) -> bool:
        """A Kicker or a Reinforcement: it only mutates an Attack card in a meld."""
        return self.kind in (KICKER, REINFORCEMENT)

    @property
    def text(self) -> str:
        if self.kind == ATTACK:
            return f"A{self.value}"
        if self.kind == KICKER:
            return f"Kx{self.value}"
        if self.kind == REINFORCEMENT:
            return f"R+{self.value}"
        return self.kind

    def mutate(self, value: int) -> int:
        """What this Kicker or Reinforcement makes of an Attack value."""
        return value * self.value if self.kind == KICKER else value + self.value

    @property
    def sort_key(self) -> tuple[int, int]:
        return KIND_ORDER.index(self.kind), self.value


def _copies() -> list[Card]:
    attacks = {value: 1 for value in (-6, -5, -4, 0, 1, 5, 7, 11, 13, 15, 17, 18, 23, 30, 40)}
    attacks |= {14: 2, 20: 2, 9: 3, 12: 3, 4: 4, 10: 4, 6: 5, 8: 5}
    cards = [Card(ATTACK, value) for value, n in sorted(attacks.items()) for _ in range(n)]
    cards += [Card(COMPROMISE)] * 12
    cards += [Card(KICKER, factor) for factor, n in ((2, 3), (3, 2), (0, 1), (-1, 1)) for _ in range(n)]
    cards += [Card(REINFORCEMENT, addend) for addend, n in ((2, 2), (3, 2), (4, 1), (5, 1)) for _ in range(n)]
    return cards + [Card(EDICT)] * 5 + [Card(FLARE)] * 5


DECK: tuple[Card, ...] = tuple(_copies())
"""Every card of the deck; a card's id is its index here."""
DECK_SIZE = len(DECK)
PRINTED_ATTACK_VALUES: tuple[int, ...] = tuple(sorted({card.value for card in DECK if card.kind == ATTACK}))
COPIES: Counter[Card] = Counter(DECK)


def parse_card(text: str) -> Card:
    """``A8``, ``A-4``, ``C``, ``Kx2``, ``Kx-1``, ``R+3``, ``E``, ``F`` (any case) as a card of the deck."""
    word = text.strip()
    kind = word[:1].upper()
    rest = word[1:].lower()
    try:
        if kind == ATTACK:
            card = Card(ATTACK, int(rest))
        elif kind == KICKER and rest.startswith("x"):
            card = Card(KICKER, int(rest[1:]))
        elif kind == REINFORCEMENT and rest.startswith("+"):
            card = Card(REINFORCEMENT, int(rest[1:]))
        elif kind in (COMPROMISE, EDICT, FLARE) and not rest:
            card = Card(kind)
        else:
            raise ValueError
    except ValueError:
        raise CardSyntaxError(f"'{text}' is not a card: write A8, A-4, C, Kx2, Kx-1, R+3, E or F") from None
    if card not in COPIES:
        raise CardSyntaxError(f"the deck has no {card.text}")
    return card


def parse_cards(words: Iterable[str]) -> tuple[Card, ...]:
    """Several cards, no more copies of any than the deck holds."""
    cards = tuple(parse_card(word) for word in words)
    for card, n in Counter(cards).items():
        if n > COPIES[card]:
            raise CardSyntaxError(f"the deck holds only {COPIES[card]} {card.text}")
    return cards


def card_ids(cards: Sequence[Card]) -> tuple[int, ...]:
    """Distinct physical cards showing ``cards`` (the lowest ids first): how tests and the command line pick cards."""
    taken: set[int] = set()
    ids = []
    for card in cards:
        found = next(i for i, other in enumerate(DECK) if other == card and i not in taken)
        taken.add(found)
        ids.append(found)
    return tuple(ids)


def listing(ids: Iterable[int]) -> tuple[int, ...]:
    """Card ids in ``hand`` order (numbers in commands refer to this order, from 1)."""
    return tuple(sorted(ids, key=lambda i: (DECK[i].sort_key, i)))


def texts(ids: Iterable[int]) -> list[str]:
    return [DECK[i].text for i in ids]
