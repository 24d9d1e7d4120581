"""Other players' hands as the strong bot imagines them: sampled from the cards it has not seen (``knowledge``), and
weighted by how likely a player holding them was to bet, call, fold and draw as they did (their range).

The model of a player (``Model``) is a sensible player who bets and calls with the band of their meld (the bands of
``threshold``: 0 no openers, 1 a monad of 15 or more, 2 a triad, 3 a tetrad, 4 more), not always: each choice has some
chance at every band, so a bluff or a slow play only makes a hand less likely, never impossible. The same model says
how often a player folds to a bet of a given size, which is what a bet can win without a showdown."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from engine.poker.cards import COMPROMISE, COPIES, Card
from engine.poker.knowledge import HAND_SIZE, Bet, SeatMemory
from engine.poker.meldkeys import NO_MELD, Key, Reading, best_reading, low_key
from engine.poker.melds import OPENERS, RANKS, MeldRules

TRIAD, TETRAD, PENTAD = (RANKS.index(rank) for rank in ("triad", "tetrad", "pentad"))


def band(key: Key) -> int:
    """The band of a meld key (see the module's docstring); pairs count as monads, two pairs as triads, a full house
    as a tetrad."""
    if key[0] >= PENTAD:
        return 4
    if key[0] >= TETRAD:
        return 3
    if key[0] >= TRIAD:
        return 2
    return 1 if key[0] > 0 or key >= (0, 1, OPENERS) else 0


def low_band(key: Key) -> int:
    """``lowball``: the band of the weakest five's reading (weaker is better; no meld is worst)."""
    if key == NO_MELD or key[0] > 0:
        return 0
    if key[1] == 0 or key[2] <= 12:
        return 3
    return 2 if key[2] <= 20 else 1


class Model(NamedTuple):
    """How likely a player with a hand of each band (0 to 4) is to make each betting choice."""

    open_first: tuple[float, ...] = (0.0, 0.12, 0.85, 0.9, 0.9)
    open_second: tuple[float, ...] = (0.06, 0.12, 0.8, 0.9, 0.9)
    fold: tuple[float, ...] = (0.8, 0.2, 0.06, 0.03, 0.02)
    """Folding to a bet before the draw that costs about half the Warp or more (a cheaper one is folded to less):
    a hand with openers has its draw to come."""
    fold_late: tuple[float, ...] = (0.95, 0.9, 0.08, 0.03, 0.02)
    """Folding to such a bet after the draw, when a weak hand has nothing more to come."""
    raise_: tuple[float, ...] = (0.03, 0.04, 0.1, 0.7, 0.8)
    draw_kept: float = 0.85
    """The chance a player draws as many cards as the model's draw would."""
    come_in: tuple[float, ...] = (0.6, 0.85, 0.95, 0.97, 0.98)


MODEL = Model()


def fold_chance(model: Model, level: int, price: int, pot: int, late: bool) -> float:
    """How likely a player of this band is to fold to a bet costing ``price`` to call, with ``pot`` in the Warp,
    before the draw or (``late``) after it."""
    fold = (model.fold_late if late else model.fold)[level]
    share = price / max(1, pot + price)
    return fold * min(1.0, share / 0.33) if price > 1 else fold * 0.25


def bet_likelihood(model: Model, bet: Bet, level: int) -> float:
    """How likely a player of this band was to make this betting choice."""
    if bet.kind == "check":
        opens = model.open_first if bet.round == 1 else model.open_second
        return 1.0 - opens[level]
    if bet.kind == "open":
        return (model.open_first if bet.round == 1 else model.open_second)[level]
    fold = fold_chance(model, level, bet.price, bet.pot, bet.round == 2)
    if bet.kind == "fold":
        return fold
    if bet.kind == "raise":
        return (1 - fold) * model.raise_[level]
    return (1 - fold) * (1 - model.raise_[level])


@dataclass(frozen=True, slots=True)
class Rules:
    """What the sampling needs of the hand's rules."""

    meld: MeldRules
    low: bool
    max_draw: int
    spit: Card | None = None

    def reading(self, cards: Sequence[Card], required: Sequence[Card] = ()) -> Reading:
        held = [*cards, self.spit] if self.spit is not None else list(cards)
        needed = [*required, self.spit] if self.spit is not None else list(required)
        return best_reading(held, self.meld, needed)

    def score(self, cards: Sequence[Card], required: Sequence[Card] = ()) -> Key:
        """Higher wins: the best meld's key, or under lowball the weakest five's key turned over."""
        if not self.low:
            return self.reading(cards, required).key
        held = [*cards, self.spit] if self.spit is not None else list(cards)
        key = low_key(held, self.meld)
        return NO_MELD if key == NO_MELD else (-key[0], -key[1], -key[2])

    def score_level(self, score: Key) -> int:
        """The band of a ``score``."""
        if not self.low:
            return band(score)
        return 0 if score == NO_MELD else low_band((-score[0], -score[1], -score[2]))

    def level(self, cards: Sequence[Card], required: Sequence[Card] = ()) -> int:
        if not self.low:
            return band(self.reading(cards, required).key)
        held = [*cards, self.spit] if self.spit is not None else list(cards)
        return low_band(low_key(held, self.meld))


def model_draw(rules: Rules, cards: Sequence[Card], count: int | None = None,
               keep_first: Counter[Card] | None = None) -> tuple[list[Card], int]:
    """The cards a player keeps drawing as the model does (to their best meld, as ``threshold`` draws), and how many
    they give up; ``count`` forces how many (the least useful first); ``keep_first`` are kept before any other."""
    if rules.low:
        order = sorted(cards, key=lambda card: (card.is_challenge, -card.value if card.kind == "A" else 0))
    else:
        reading = rules.reading(cards)
        keep = Counter(reading.cards) & Counter(cards)
        compromises = sum(card.kind == COMPROMISE for card in cards)
        if compromises >= 2 and band(reading.key) < 2:
            keep[Card(COMPROMISE)] = compromises
        keep |= keep_first or Counter()
        spare = sorted((Counter(cards) - keep).elements(), key=lambda card: (card.is_challenge, card.value))
        order = spare + sorted(keep.elements(), key=lambda card: (card.is_challenge, card.value))
        if count is None:
            count = min(rules.max_draw, len(spare))
    if count is None:
        count = min(rules.max_draw, len(order))
    return order[count:], count


@dataclass(slots=True)
class World:
    """One way the unseen cards may lie: each other active player's hand now and at the showdown, and the unseen
    cards left, in a random order (the cards a draw would bring)."""

    weight: float
    now: dict[str, list[Card]]
    final: dict[str, Key]
    levels: dict[str, int]
    rest: list[Card]
    ends: dict[str, int]
    """Each player's band at the showdown (after their draw)."""


def sample_worlds(memory: SeatMemory, rules: Rules, mine: Sequence[Card], players: dict[str, int],
                  to_draw: set[str], rng: random.Random, count: int, model: Model = MODEL) -> list[World]:
    """``count`` weighted worlds. ``players``: each other active player and their number of cards; ``to_draw``: those
    whose draw is still to come. Cards of our own we cannot see yet are among the unseen (the world's ``rest``)."""
    pool = list(memory.unseen(mine).elements())
    worlds = []
    for _ in range(count):
        rng.shuffle(pool)
        deck = _Deck(pool, rng)
        world = World(1.0, {}, {}, {}, [], {})
        for player, size in players.items():
            _imagine(memory, rules, world, player, size, deck.take, player in to_draw, model)
        world.rest = deck.rest()
        worlds.append(world)
    return worlds


class _Deck:
    """The unseen cards of one world in a random order; should a world need more (a big table's draws), the whole
    deck's cards at random after them, as a reshuffled discard pile would bring."""

    def __init__(self, order: list[Card], rng: random.Random) -> None:
        self._order, self._next, self._rng = order, 0, rng

    def take(self) -> Card:
        if self._next < len(self._order):
            self._next += 1
            return self._order[self._next - 1]
        return self._rng.choice(_ALL)

    def rest(self) -> list[Card]:
        """What is left, and enough spare cards after it for any draw of ours."""
        return [*self._order[self._next:], *(self._rng.choice(_ALL) for _ in range(2 * HAND_SIZE))]


_ALL = list(COPIES.elements())


def _imagine(memory: SeatMemory, rules: Rules, world: World, player: str, size: int, take: Callable[[], Card],
             draws: bool, model: Model) -> None:
    """Deal ``player`` a hand from ``take`` (besides the cards known to be theirs), play their draw as the model
    would, and weigh the world by their choices this hand."""
    known = memory.held.get(player, Counter())
    cards = [*known.elements()][:size]
    cards += [take() for _ in range(size - len(cards))]
    bets = [bet for bet in memory.bets if bet.player == player]
    weight = 1.0
    drew = memory.drew.get(player)
    if drew is not None:  # the draw is behind us: ``cards`` were the hand before it
        level = rules.level(cards)
        for bet in bets:
            if bet.round == 1:
                weight *= bet_likelihood(model, bet, level)
        _, modelled = model_draw(rules, cards)
        weight *= model.draw_kept if modelled == drew else (1 - model.draw_kept) / rules.max_draw
        kept, _ = model_draw(rules, cards, drew, known)
        cards = kept + [take() for _ in range(drew)]
        bets = [bet for bet in bets if bet.round == 2]
    level = rules.level(cards)
    for bet in bets:
        weight *= bet_likelihood(model, bet, level)
    world.weight *= weight
    world.now[player] = cards
    world.levels[player] = level
    if draws:
        kept, given = model_draw(rules, cards)
        cards = kept + [take() for _ in range(given)]
    world.final[player] = rules.score(cards)
    world.ends[player] = rules.score_level(world.final[player])


REFERENCE_HANDS = 400


@lru_cache(maxsize=64)
def _reference(rules: Rules) -> list[Key]:
    """The showdown scores of fresh seven-card hands drawn to by the model, sorted: what an unknown hand comes to
    (a fixed sample, the same every time)."""
    rng = random.Random(REFERENCE_HANDS)
    deck = list(COPIES.elements())
    found = []
    for _ in range(REFERENCE_HANDS):
        rng.shuffle(deck)
        kept, given = model_draw(rules, deck[:HAND_SIZE])
        found.append(rules.score(kept + deck[HAND_SIZE:HAND_SIZE + given]))
    return sorted(found)


def beats_fresh(rules: Rules, score: Key) -> float:
    """How often a hand of this score beats a fresh hand drawn to (ties count half)."""
    reference = _reference(rules)
    below, upto = bisect_left(reference, score), bisect_right(reference, score)
    return (below + (upto - below) / 2) / len(reference)
