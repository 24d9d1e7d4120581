"""Reading melds (POKER-RULES.md, "Melds"): the cards a player names, read as the strongest meld they make, trying every
placement and order of Kickers and Reinforcements (the source's choice, made in the player's favour); the strongest
meld a hand makes; and how melds compare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import NamedTuple

from engine.poker.cards import ATTACK, COMPROMISE, EDICT, FLARE, PRINTED_ATTACK_VALUES, Card

RANKS = ("monad", "pair", "triad", "two-pair", "tetrad", "full house", "pentad", "hexad", "heptad")
"""From lowest to highest; pairs and combos add "pair", "two-pair" and "full house" between the plain ranks."""
GROUP_RANKS = {1: "monad", 3: "triad", 4: "tetrad", 5: "pentad", 6: "hexad", 7: "heptad"}
OPENERS = 15
"""Openers: a monad of strength 15 or better (or any higher rank)."""


class MeldRules(NamedTuple):
    """The options that change what a meld is (from the hand's options)."""

    pairs: bool = False
    combos: bool = False
    tame: bool = False
    max_meld: int = 5
    wild: int | None = None
    """The value of this hand's wild Attack cards, if any."""


@dataclass(frozen=True, slots=True)
class Meld:
    rank: str
    strength: int | None
    """The highest mutated Attack value; None for Compromise strength (below every number)."""
    values: tuple[int, ...] = ()
    """The Attack values as read (mutated, wild cards as they stand), lowest first: the meld's reading."""

    @property
    def name(self) -> str:
        return f"Compromise {self.rank}" if self.strength is None else f"{self.rank} {self.strength}"

    @property
    def key(self) -> tuple[int, int, int]:
        """Higher is stronger: rank first, then strength (Compromise below every number)."""
        return RANKS.index(self.rank), self.strength is not None, self.strength or 0

    def opens(self) -> bool:
        return self.key >= (0, True, OPENERS)


def meld_key(meld: Meld | None) -> tuple[int, int, int]:
    """``Meld.key``, with "no meld" below every meld."""
    return (-1, 0, 0) if meld is None else meld.key


class Reading(NamedTuple):
    meld: Meld | None
    why: str | None = None
    placements: tuple[tuple[int, int], ...] = ()
    """(modifier index, Attack index) in the order applied, indices into the cards read."""


def read_meld(cards: Sequence[Card], rules: MeldRules = MeldRules(),
              placed: Sequence[tuple[int, int]] = ()) -> Reading:
    """``cards`` as exactly one meld, every card used: the strongest reading, or None with the reason.

    ``placed`` fixes some modifiers on Attack cards (indices into ``cards``; several on one card apply in the order
    given, before any the server places)."""
    if placed:
        return _read(tuple(cards), rules, tuple(placed))
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    reading = _read_sorted(tuple(cards[i] for i in order), rules)
    return reading._replace(placements=tuple((order[m], order[a]) for m, a in reading.placements))


@lru_cache(maxsize=200_000)
def _read_sorted(cards: tuple[Card, ...], rules: MeldRules) -> Reading:
    return _read(cards, rules, ())


def _read(cards: tuple[Card, ...], rules: MeldRules, placed: tuple[tuple[int, int], ...]) -> Reading:
    refusal = _refusal(cards, rules, placed)
    if refusal:
        return Reading(None, refusal)
    attacks = [i for i, card in enumerate(cards) if card.kind == ATTACK]
    modifiers = [i for i, card in enumerate(cards) if card.is_modifier]
    compromises = sum(card.kind == COMPROMISE for card in cards)
    best: tuple[Meld, tuple[tuple[int, int], ...]] | None = None
    for order in _placements(attacks, modifiers, placed):
        options = [_values(cards[a], tuple(cards[m] for m, on in order if on == a), rules.wild) for a in attacks]
        meld = _best_structure(options, compromises, rules)
        if meld is not None and (best is None or meld.key > best[0].key):
            best = meld, order
    if best is None:
        return Reading(None, _why_not(attacks, compromises, rules))
    return Reading(best[0], None, best[1])


def _refusal(cards: tuple[Card, ...], rules: MeldRules, placed: tuple[tuple[int, int], ...]) -> str | None:
    if not cards:
        return "Name at least one card."
    if len(cards) > rules.max_meld:
        return f"A meld holds 1 to {rules.max_meld} cards."
    if any(card.kind in (EDICT, FLARE) for card in cards):
        return "Edicts and Flares are never melded."
    modifiers = [card for card in cards if card.is_modifier]
    if modifiers and rules.tame:
        return "Kickers and Reinforcements may not be melded at this table (tame)."
    if not any(card.is_challenge for card in cards):
        return "A meld needs an Attack or Compromise card."
    if modifiers and not any(card.kind == ATTACK for card in cards):
        return "A Kicker or Reinforcement must act on an Attack card in the meld."
    for modifier, attack in placed:
        if not (0 <= modifier < len(cards) and 0 <= attack < len(cards)) or not cards[modifier].is_modifier \
                or cards[attack].kind != ATTACK:
            return "Only a Kicker or Reinforcement can be placed, and only on an Attack card in the meld."
    if len({m for m, _ in placed}) != len(placed):
        return "Each Kicker or Reinforcement acts on one Attack card, once."
    return None


def _why_not(attacks: list[int], compromises: int, rules: MeldRules) -> str:
    challenge = len(attacks) + compromises
    if challenge == 2 and not rules.pairs:
        return "Two challenge cards make no meld (a meld is a monad, triad, tetrad or pentad)."
    if attacks and compromises and not rules.combos:
        return "Attack and Compromise cards never mix in one meld."
    if challenge > max(GROUP_RANKS):
        return "Too many challenge cards for one meld."
    if challenge == 2:
        return "A pair needs two Compromise cards or two Attack cards of equal value."
    return "Those Attack values do not form a sequence (one constant step), however they are mutated."


def _placements(attacks: list[int], modifiers: list[int],
                placed: tuple[tuple[int, int], ...]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to put the free modifiers on Attack cards, and every order of the free ones on each card (the named
    ones apply first, in their order)."""
    fixed = {m for m, _ in placed}
    free = [m for m in modifiers if m not in fixed]
    for targets in product(attacks, repeat=len(free)):
        groups = {a: [m for m, t in zip(free, targets) if t == a] for a in set(targets)}
        for orders in product(*(permutations(group) for group in groups.values())):
            yield placed + tuple((m, a) for a, order in zip(groups, orders) for m in order)


@lru_cache(maxsize=50_000)
def _values(attack: Card, modifiers: tuple[Card, ...], wild: int | None) -> tuple[int, ...]:
    """What an Attack card can stand for once mutated: one value, or (a wild card) one per printed value."""
    bases = PRINTED_ATTACK_VALUES if attack.value == wild else (attack.value,)
    results = set()
    for value in bases:
        for modifier in modifiers:
            value = modifier.mutate(value)
        results.add(value)
    return tuple(sorted(results))


def _best_structure(options: list[tuple[int, ...]], compromises: int, rules: MeldRules) -> Meld | None:
    """The strongest meld these Attack cards (each with its possible values) and Compromise cards make together."""
    count = len(options) + compromises
    found: list[Meld] = []
    group = _group(options, compromises)
    if group is not None and count in GROUP_RANKS:
        found.append(Meld(GROUP_RANKS[count], *group))
    if count == 2 and rules.pairs:
        pair = _pair(options, compromises)
        if pair is not None:
            found.append(Meld("pair", *pair))
    if rules.combos and rules.pairs and count in (4, 5):
        combo = _combo(options, compromises, count)
        if combo is not None:
            found.append(combo)
    return max(found, key=lambda meld: meld.key, default=None)


def _group(options: list[tuple[int, ...]], compromises: int) -> tuple[int | None, tuple[int, ...]] | None:
    """A monad or a group of one kind: all Compromise, or Attack cards forming a sequence."""
    if options and compromises:
        return None
    if not options:
        return None, ()
    return _sequence(tuple(options))


def _pair(options: list[tuple[int, ...]], compromises: int) -> tuple[int | None, tuple[int, ...]] | None:
    if compromises == 2:
        return None, ()
    if compromises or len(options) != 2:
        return None
    common = set(options[0]) & set(options[1])
    return (max(common), (max(common),) * 2) if common else None


def _combo(options: list[tuple[int, ...]], compromises: int, count: int) -> Meld | None:
    """Two-pair (4 cards) or full house (5: a pair and a triad); strength is the weaker part's; parts are disjoint."""
    cards: list[tuple[int, ...] | None] = [*options, *([None] * compromises)]
    best: Meld | None = None
    for pair_at in combinations(range(count), 2):
        pair = [cards[i] for i in pair_at]
        rest = [cards[i] for i in range(count) if i not in pair_at]
        first = _part(pair, _pair)
        second = _part(rest, _pair if count == 4 else _group)
        if first is None or second is None:
            continue
        weaker = min(first, second, key=lambda part: (part[0] is not None, part[0] or 0))
        meld = Meld("two-pair" if count == 4 else "full house", weaker[0], tuple(sorted(first[1] + second[1])))
        if best is None or meld.key > best.key:
            best = meld
    return best


Part = tuple[int | None, tuple[int, ...]]
"""A part of a meld: its strength (None: Compromise) and its Attack values."""


def _part(cards: list[tuple[int, ...] | None],
          reader: Callable[[list[tuple[int, ...]], int], Part | None]) -> Part | None:
    options = [card for card in cards if card is not None]
    return reader(options, len(cards) - len(options))


@lru_cache(maxsize=100_000)
def _sequence(options: tuple[tuple[int, ...], ...]) -> tuple[int, tuple[int, ...]] | None:
    """The highest top of an arithmetic sequence (one constant step, 0 allowed, as a set) that these cards, each
    taking one of its values, can form; with the values taken."""
    if all(len(values) == 1 for values in options):
        values = sorted(values[0] for values in options)
        step = values[1] - values[0] if len(values) > 1 else 0
        ok = all(b - a == step for a, b in zip(values, values[1:]))
        return (values[-1], tuple(values)) if ok else None
    n = len(options)
    best: tuple[int, tuple[int, ...]] | None = None
    anchor = min(range(n), key=lambda i: len(options[i]))
    for low, step in _candidates(options, anchor):
        wanted = [low + k * step for k in range(n)]
        if (best is None or wanted[-1] > best[0]) and _matches(options, wanted):
            best = wanted[-1], tuple(wanted)
    return best


def _candidates(options: tuple[tuple[int, ...], ...], anchor: int) -> set[tuple[int, int]]:
    """(lowest value, step >= 0) of every sequence the anchor card and one other card could both sit in."""
    n = len(options)
    found = {(x, 0) for x in options[anchor]}
    for other in range(n):
        if other == anchor:
            continue
        for x in options[anchor]:
            for y in options[other]:
                low_value, high_value = min(x, y), max(x, y)
                for gap in range(1, n):
                    step, rest = divmod(high_value - low_value, gap)
                    if rest or step == 0:
                        continue
                    for position in range(n - gap):
                        found.add((low_value - position * step, step))
    return found


def _matches(options: tuple[tuple[int, ...], ...], wanted: list[int]) -> bool:
    """Whether each card can take a distinct place of ``wanted`` (a small bipartite matching)."""
    taken = [False] * len(wanted)

    def place(card: int) -> bool:
        if card == len(options):
            return True
        for k, value in enumerate(wanted):
            if not taken[k] and value in options[card]:
                taken[k] = True
                if place(card + 1):
                    return True
                taken[k] = False
        return False

    return place(0)


def best_meld(cards: Sequence[Card], rules: MeldRules = MeldRules(),
              required: Sequence[int] = ()) -> tuple[Meld, tuple[int, ...]] | None:
    """The strongest meld within ``cards`` holding every index in ``required``: the meld and the indices it uses
    (fewest cards among equals); None if there is none."""
    return _best(tuple(cards), rules, tuple(required))


@lru_cache(maxsize=50_000)
def _best(cards: tuple[Card, ...], rules: MeldRules, required: tuple[int, ...]) -> tuple[Meld, tuple[int, ...]] | None:
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    ordered = [cards[i] for i in order]
    need = [k for k, i in enumerate(order) if i in required]
    usable = [k for k, i in enumerate(order) if cards[i].kind not in (EDICT, FLARE) and i not in required]
    best: tuple[Meld, tuple[int, ...]] | None = None
    for size in range(max(0, 1 - len(need)), rules.max_meld - len(need) + 1):
        for extra in combinations(usable, size):
            chosen = sorted((*need, *extra))
            meld = _read_sorted(tuple(ordered[k] for k in chosen), rules).meld  # sorted cards: read_meld's cache key
            if meld is not None and (best is None or meld.key > best[0].key):
                best = meld, tuple(sorted(order[k] for k in chosen))
    return best


def strongest_within(cards: Sequence[Card], rules: MeldRules = MeldRules()) -> Meld | None:
    """``lowball`` and ``high_low``: an exposed set read as the strongest meld within it (not all cards used)."""
    found = best_meld(cards, rules._replace(max_meld=max(rules.max_meld, len(cards))))
    return None if found is None else found[0]
