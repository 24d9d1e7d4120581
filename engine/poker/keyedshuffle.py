"""New Cosmic Poker's checkable shuffles (engine.keyedstream): every place of every shuffle, and the first dealer, is
the value at its address, so a game can be checked shuffle by shuffle from its stored events.

Addresses (docs/fairness.md):

- ``poker/shuffle/<n>/<i>``: the ``n``-th shuffle of the game (from 0: the whole deck at the start, then each time the
  discard pile is shuffled into a new deck), place ``i``. A shuffle of ``m`` cards is Fisher-Yates from the last place
  down: for ``i`` from ``m - 1`` to 1, the card at place ``i`` swaps with the one at place ``j``, ``j`` the value
  below ``i + 1`` at the address; the deck is then read top card first. The cards shuffled are the whole deck in id
  order at the start, the discard pile in the order it was discarded later.
- ``poker/dealer``: the first dealer, a value below the number of seats (the seat in the order the game seated them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from engine.keyedstream import Draw, KeyedStream, ordinal
from engine.poker import happenings as ev
from engine.poker.cards import DECK_SIZE
from engine.poker.pokergame import PokerGame
from engine.poker.pokerstate import evolve, new_state

GAME = "poker"
DEALER = f"{GAME}/dealer"


def shuffle_address(n: int, place: int) -> str:
    return f"{GAME}/shuffle/{n}/{place}"


class Unreadable(ValueError):
    """Stored events that are not a game these shuffles could have dealt (named in words)."""


class KeyedShuffle:
    """A ``ShuffleSource`` drawing every place of a shuffle at its address in ``stream``. ``game`` gives the game
    being played (None until it starts): which shuffle this is is read from its events, so a game rebuilt after a
    restart shuffles on exactly where its stored events left it. Each game's start needs a new source."""

    def __init__(self, stream: KeyedStream, game: Callable[[], PokerGame | None]) -> None:
        self.stream = stream
        self._game = game
        self._before_start = 0
        """Shuffles made while the game is being started (it is not reachable until it has started)."""

    def shuffle(self, cards: Sequence[int]) -> tuple[int, ...]:
        game = self._game()
        if game is None:
            n, self._before_start = self._before_start, self._before_start + 1
        else:
            n = sum(1 for event in game.events if type(event) is ev.Shuffled)
        order = list(cards)
        for place in range(len(order) - 1, 0, -1):
            other = self.stream.below(shuffle_address(n, place), place + 1)
            order[place], order[other] = order[other], order[place]
        return tuple(order)

    def pick(self, count: int) -> int:
        return self.stream.below(DEALER, count)


def draws(events: Sequence[ev.Event]) -> Iterator[Draw]:
    """Every place of every shuffle of a stored game, and the first dealer, as the game used them."""
    if not events or not isinstance(events[0], ev.GameCreated):
        raise Unreadable("a game's events begin with its creation")
    seats = events[0].seats
    state = new_state(events[0])
    shuffles = 0
    dealer_chosen = False
    for number, event in enumerate(events[1:], 1):
        if isinstance(event, ev.Shuffled):
            cards = list(range(DECK_SIZE)) if shuffles == 0 else list(state.discard)
            yield from _places(cards, event.order, shuffles, number)
            shuffles += 1
        elif isinstance(event, ev.HandStarted) and not dealer_chosen:
            if event.dealer not in seats:
                raise Unreadable(f"event {number}: {event.dealer} is not seated")
            yield Draw(DEALER, len(seats), seats.index(event.dealer), f"the first dealer (event {number})",
                       labels=seats)
            dealer_chosen = True
        try:
            evolve(state, event)
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise Unreadable(f"event {number} does not follow from the ones before it ({error})") from None


def _places(cards: list[int], order: Sequence[int], n: int, number: int) -> Iterator[Draw]:
    """The Fisher-Yates swaps that turn ``cards`` into ``order`` (there is exactly one ``j`` for each place)."""
    if sorted(cards) != sorted(order):
        raise Unreadable(f"event {number}: the {ordinal(n + 1)} shuffle is not of the cards there were to shuffle")
    where = {card: place for place, card in enumerate(cards)}
    for place in range(len(cards) - 1, 0, -1):
        other = where[order[place]]
        where[cards[place]], where[cards[other]] = other, place
        cards[place], cards[other] = cards[other], cards[place]
        yield Draw(shuffle_address(n, place), place + 1, other,
                   f"the {ordinal(n + 1)} shuffle, place {place + 1} of {len(cards)} (event {number})")
