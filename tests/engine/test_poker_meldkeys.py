"""The strong bot's fast meld reading (engine.poker.meldkeys) agrees with the rules' (engine.poker.melds) on random
hands under every meld option, and the cards it names make the meld it says; the lowball reading is the weakest
five's."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.poker.cards import DECK, parse_cards
from engine.poker.meldkeys import NO_MELD, best_reading, hand_key, low_key
from engine.poker.melds import MeldRules, best_meld, meld_key, read_meld, strongest_within

RULES = [MeldRules(), MeldRules(pairs=True), MeldRules(tame=True), MeldRules(max_meld=6), MeldRules(max_meld=7),
         MeldRules(pairs=True, combos=True), MeldRules(wild=5), MeldRules(pairs=True, max_meld=6, wild=12)]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_fast_reading_agrees_with_the_rules(rules: MeldRules) -> None:
    rng = random.Random(str(rules))
    for _ in range(600):
        hand = [DECK[card] for card in rng.sample(range(len(DECK)), rng.choice([1, 3, 5, 7, 7, 7, 8]))]
        found = best_meld(hand, rules)
        reading = best_reading(hand, rules)
        assert reading.key == meld_key(None if found is None else found[0]), [card.text for card in hand]
        if reading.cards:
            assert read_meld(list(reading.cards), rules).meld.key == reading.key  # type: ignore[union-attr]


def test_cards_a_meld_must_hold_are_held() -> None:
    hand = list(parse_cards("A4 A9 A13 A30 C C C".split()))
    assert hand_key(hand, MeldRules()) == (2, 0, 0)  # a Compromise triad
    assert hand_key(hand, MeldRules(), [hand[3]]) == (0, 1, 30)  # a meld holding A30 is the monad


def test_the_lowball_reading_is_the_weakest_five() -> None:
    rules = MeldRules(tame=True)
    ann = list(parse_cards("A4 A9 A14 A30 A40".split()))
    bob = list(parse_cards("A6 A11 A20 A23 C Kx2".split()))
    assert low_key(ann, rules) == meld_key(strongest_within(ann, rules))  # triad 14
    assert low_key(bob, rules) == (0, 1, 23)  # the Kicker is left out
    seven = list(parse_cards("A4 A8 A12 A14 A20 C C".split()))
    weakest = min(meld_key(strongest_within(list(five), rules)) for five in combinations(seven, 5))
    assert low_key(seven, rules) == weakest
    assert low_key(list(parse_cards("Kx2 E F".split())), rules) == NO_MELD
