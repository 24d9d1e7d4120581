"""How strong a hand's best meld is, fast: ``melds.best_meld``'s key without the cards, for the strong bot's sampling,
which reads thousands of sampled hands a decision.

A hand's key is the best of its Compromise group and its Attack sequences. Sequences are found from the values' counts
(each run of one constant step read once, from its lowest value), and Kickers and Reinforcements by trying each way of
putting the hand's modifiers on its Attack values; the Attack part is cached by its values and modifiers, which sampled
hands share far more often than whole hands. What this does not cover exactly - ``combos``, wild cards in the hand,
cards a meld must hold (a spit card, flipped cards) - goes to ``melds.best_meld``. The tests compare the two on many
thousands of hands; the rules themselves (openers, the showdown) always read melds with ``melds``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import NamedTuple

from engine.poker.cards import ATTACK, COMPROMISE, Card
from engine.poker.melds import GROUP_RANKS, RANKS, MeldRules, best_meld, meld_key, strongest_within

Key = tuple[int, int, int]
NO_MELD: Key = meld_key(None)
PAIR = RANKS.index("pair")
GROUP = {size: RANKS.index(rank) for size, rank in GROUP_RANKS.items()}
"""A group's rank by its number of challenge cards."""


class Reading(NamedTuple):
    """A hand's strongest meld: its key, and the cards that make it (none: no meld)."""

    key: Key
    cards: tuple[Card, ...] = ()


NOTHING = Reading(NO_MELD)


def hand_key(cards: Sequence[Card], rules: MeldRules, required: Sequence[Card] = ()) -> Key:
    """The key of the strongest meld within ``cards`` that holds every card of ``required`` (cards of ``cards``)."""
    return best_reading(cards, rules, required).key


def best_reading(cards: Sequence[Card], rules: MeldRules, required: Sequence[Card] = ()) -> Reading:
    """The strongest meld within ``cards`` that holds every card of ``required`` (cards of ``cards``)."""
    attacks = tuple(sorted(card.value for card in cards if card.kind == ATTACK))
    if required or rules.combos or (rules.wild is not None and rules.wild in attacks):
        return _engine_reading(tuple(sorted(cards)), rules, tuple(sorted(required)))
    compromises = min(rules.max_meld, sum(card.kind == COMPROMISE for card in cards))
    mods = () if rules.tame else tuple(sorted(card for card in cards if card.is_modifier))
    best = _attack_reading(attacks, mods, rules.max_meld, rules.pairs) if attacks else NOTHING
    group = _compromise_key(compromises, rules)
    return Reading(group, (Card(COMPROMISE),) * max(1, compromises if group[0] else 1)) if group > best.key else best


def _compromise_key(count: int, rules: MeldRules) -> Key:
    if count == 0:
        return NO_MELD
    if count == 2:
        return (PAIR, 0, 0) if rules.pairs else (0, 0, 0)
    return (GROUP[count], 0, 0)


@lru_cache(maxsize=100_000)
def _engine_reading(cards: tuple[Card, ...], rules: MeldRules, required: tuple[Card, ...]) -> Reading:
    at: list[int] = []
    for card in required:  # a required card's index, each copy once
        at.append(next(i for i, held in enumerate(cards) if held == card and i not in at))
    found = best_meld(cards, rules, at)
    return NOTHING if found is None else Reading(found[0].key, tuple(cards[i] for i in found[1]))


@lru_cache(maxsize=300_000)
def _attack_reading(values: tuple[int, ...], mods: tuple[Card, ...], most: int, pairs: bool) -> Reading:
    """The best meld of these Attack values (sorted) with some of these modifiers, at most ``most`` cards a meld.
    Each way of putting modifiers on cards is read only if its highest value could beat the best found so far."""
    counts = _counts(values)
    key, used = _runs(counts, most, pairs)
    best = Reading(key, tuple(Card(ATTACK, value) for value in used))
    for count in range(1, min(len(mods), most - 1) + 1):
        rank = _top_rank(min(len(values), most - count), pairs)
        for chosen in set(combinations(mods, count)):
            for targets in _targets(values, count):
                orders = (range(count),) if len(set(targets)) == count else set(permutations(range(count)))
                for order in orders:
                    modified = list(values)
                    for i in order:
                        modified[targets[i]] = chosen[i].mutate(modified[targets[i]])
                    if (rank, 1, max(modified)) <= best.key:
                        continue  # no meld of these values can beat the best found
                    changed = dict(counts)
                    for t in set(targets):
                        changed[values[t]] -= 1
                        changed[modified[t]] = changed.get(modified[t], 0) + 1
                    key, used = _runs({v: n for v, n in changed.items() if n}, most - count, pairs)
                    if key > best.key:
                        best = Reading(key, _cards_of(values, modified, used, chosen, targets))
    return best


def _counts(values: tuple[int, ...]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def _top_rank(size: int, pairs: bool) -> int:
    """The highest rank ``size`` Attack cards could make."""
    return GROUP[size] if size >= 3 else PAIR if size == 2 and pairs else 0


def _cards_of(values: tuple[int, ...], modified: list[int], used: tuple[int, ...], mods: tuple[Card, ...],
              targets: tuple[int, ...]) -> tuple[Card, ...]:
    """The hand's cards behind a meld of ``used`` (modified values): the Attack cards, modified ones first, and the
    modifiers acting on them."""
    order = sorted(range(len(values)), key=lambda i: i not in targets)
    taken: list[int] = []
    for value in used:
        taken.append(next(i for i in order if modified[i] == value and i not in taken))
    cards = [Card(ATTACK, values[i]) for i in taken]
    return (*cards, *(mod for mod, target in zip(mods, targets) if target in taken))


@lru_cache(maxsize=4096)
def _targets(values: tuple[int, ...], used: int) -> list[tuple[int, ...]]:
    """The Attack cards (indices into the sorted ``values``) that ``used`` modifiers may act on, one a modifier; of
    equal values only the first copies are tried (the others make the same melds)."""
    return [targets for targets in product(range(len(values)), repeat=used)
            if all(t == 0 or values[t - 1] != values[t] or t - 1 in targets for t in targets)]


def _runs(counts: dict[int, int], most: int, pairs: bool) -> tuple[Key, tuple[int, ...]]:
    """The best monad, pair or sequence of these values, at most ``most`` of them (``most`` >= 1), and its values."""
    top = max(counts)
    best: tuple[Key, tuple[int, ...]] = ((0, 1, top), (top,))
    for value, count in counts.items():
        size = min(count, most)
        if size >= 3 and (GROUP[size], 1, value) > best[0]:
            best = (GROUP[size], 1, value), (value,) * size
        elif size == 2 and pairs and (PAIR, 1, value) > best[0]:
            best = (PAIR, 1, value), (value, value)
    if most < 3:
        return best
    distinct = sorted(counts)
    for i, low in enumerate(distinct):
        for high in distinct[i + 1:]:
            step = high - low
            if low - step in counts:
                continue  # the run is read from its lowest value
            size, last = 2, high
            while last + step in counts:
                last += step
                size += 1
            size = min(size, most)
            if size >= 3 and (GROUP[size], 1, last) > best[0]:
                best = (GROUP[size], 1, last), tuple(last - k * step for k in range(size))
    return best


def low_key(cards: Sequence[Card], rules: MeldRules, show: int = 5) -> Key:
    """``lowball``/``high_low``: the weakest reading of ``show`` challenge cards among ``cards`` (all if fewer), each
    set read as the strongest meld within it, Kickers and Reinforcements left out."""
    challenge = sorted(card for card in cards if card.is_challenge)
    if not challenge:
        return NO_MELD
    tame = rules._replace(tame=True, max_meld=max(rules.max_meld, show))
    return min(_within(five, tame) for five in set(combinations(challenge, min(show, len(challenge)))))


@lru_cache(maxsize=100_000)
def _within(cards: tuple[Card, ...], rules: MeldRules) -> Key:
    if rules.combos or (rules.wild is not None and any(card.value == rules.wild for card in cards
                                                        if card.kind == ATTACK)):
        return meld_key(strongest_within(cards, rules))
    return hand_key(cards, rules)
