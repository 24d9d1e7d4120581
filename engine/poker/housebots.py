"""The plainer strategies for house bots: pure functions of what a seat may see (``seatview.table_view``) and its legal
moves.

``cautious_move`` (the house bot of issue 23) plays sensibly and carefully: it opens with openers, folds weak hands to
big bets, draws toward triads and better, pawns only when the hand is worth the payment, and taps out when that saves a
strong hand. ``random_move`` is the yardstick: any legal move."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.poker import moves as mv
from engine.poker.botview import (
    TETRAD, TRIAD, amount_move, best_held, cheapest_pawn, draw_giving_up, exchange, hand_cards, meld_rules, my_seat,
)
from engine.poker.cards import COMPROMISE, DECK, EDICT, FLARE, Card
from engine.poker.melds import Meld, meld_key, strongest_within
from engine.poker.showdown import LOW_SHOW


def random_move(view: dict[str, Any], legal: Sequence[mv.Move], rng: random.Random) -> mv.Move:
    """Any legal move, the plain ones nine times in ten (pawning at random only slows a game down)."""
    plain = [move for move in legal if not isinstance(move, (mv.Pawn, mv.PawnClear))]
    return rng.choice(plain if plain and rng.random() < 0.9 else list(legal))


def cautious_move(view: dict[str, Any], legal: Sequence[mv.Move]) -> mv.Move:
    """The cautious bot's move (deterministic)."""
    phase = view["phase"]
    if phase == "showdown":
        return mv.MELD_AUTO
    if phase == "choosing":
        return mv.NO_CHOICE
    cards = hand_cards(view)
    best = best_held(view, cards)
    lowball = bool(view["options"].get("lowball"))
    strength = low_strength(view, cards) if lowball else meld_key(None if best is None else best[0])
    if phase == "drawing":
        return draw_low(cards, legal) if lowball else _draw(cards, best, legal)
    if phase == "flipping":
        return flip_from_meld(cards, best, legal)
    me = my_seat(view)
    if phase == "declaring":
        return _declare(strength, me, legal)
    return _bet(view, strength, me, legal)


def flip_from_meld(cards: list[Card], best: tuple[Meld, tuple[int, ...]] | None, legal: Sequence[mv.Move]) -> mv.Move:
    """Card Flip: show cards of the meld one means to expose (they must be in it anyway)."""
    used = Counter(cards[i] for i in best[1]) if best else Counter()
    return max(legal, key=lambda move: sum((Counter(DECK[c] for c in move.cards) & used).values()))  # type: ignore[union-attr]


def low_strength(view: dict[str, Any], cards: list[Card]) -> tuple[int, int, int]:
    """Under lowball a weak meld wins: the weakest five challenge cards, read as the strongest meld within them,
    mapped onto the scale the other decisions use (a low monad counts as a triad would)."""
    challenge = sorted(card for card in cards if card.is_challenge)
    rules = meld_rules(view)._replace(tame=True)
    fives = combinations(challenge, min(LOW_SHOW, len(challenge)))
    low = min((strongest_within(five, rules) for five in fives), key=lambda meld: (meld is None, meld_key(meld)),
              default=None)
    if low is None or low.key[0] > 0:
        return meld_key(None)
    if low.strength is None or low.strength <= 12:
        return (TRIAD, 1, 0)
    return (0, 1, 15) if low.strength <= 20 else (0, 1, 0)


def draw_low(cards: list[Card], legal: Sequence[mv.Move]) -> mv.Move:
    """lowball: give up modifiers and the highest Attack cards, as many as allowed."""
    order = sorted(cards, key=lambda card: (card.is_challenge, -card.value if card.kind == "A" else 0))
    return exchange(order, legal)


def _declare(strength: tuple[int, int, int], me: dict[str, Any], legal: Sequence[mv.Move]) -> mv.Move:
    if mv.IN in legal and (me["lucre"] >= 6 or strength[0] >= TRIAD or strength >= (0, 1, 15)):
        return mv.IN
    if mv.IN not in legal and strength[0] >= TRIAD:
        pawn = cheapest_pawn(legal)
        if pawn is not None:
            return pawn
    return mv.OUT


def _bet(view: dict[str, Any], strength: tuple[int, int, int], me: dict[str, Any],
         legal: Sequence[mv.Move]) -> mv.Move:
    opens = [move for move in legal if isinstance(move, mv.Open)]
    raises = [move for move in legal if isinstance(move, mv.Raise)]
    strong = strength[0] >= TRIAD
    if opens:
        worth = strong or (view["round"] == 1 and strength >= (0, 1, 15) and me["lucre"] >= 4)
        if worth:
            return amount_move(opens, max(1, view["warp"] // 2 if strong else 1))
    if mv.CHECK in legal:
        return mv.CHECK
    call = view["high_bet"] - me["bet"]
    if raises and strength[0] >= TETRAD:
        return amount_move(raises, max(1, view["warp"] // 3))
    weak = not strong and (call > 2 or call * 3 > view["warp"])
    if mv.CALL in legal and not weak:
        return mv.CALL
    if mv.TAP_OUT in legal and strong:
        return mv.TAP_OUT
    if strong and mv.CALL not in legal:
        pawn = cheapest_pawn(legal)
        if pawn is not None:
            return pawn
    return mv.FOLD


def _draw(cards: list[Card], best: tuple[Meld, tuple[int, ...]] | None, legal: Sequence[mv.Move]) -> mv.Move:
    """Keep the best meld, Compromise cards when two or more (toward a Compromise triad), the modifiers when the
    meld is of Attack cards, and one Edict or Flare to pawn; give up the rest, lowest first, as many as allowed."""
    keep = Counter(cards[i] for i in best[1]) if best else Counter()
    counts = Counter(cards)
    attack_meld = best is not None and best[0].strength is not None
    if counts[Card(COMPROMISE)] >= 2 and (best is None or best[0].key[0] < TRIAD):
        keep[Card(COMPROMISE)] = counts[Card(COMPROMISE)]
    for card in counts:
        if card.is_modifier and attack_meld:
            keep[card] = counts[card]
    pawnable = [card for card in counts if card.kind in (EDICT, FLARE)]
    if pawnable:
        keep[pawnable[0]] += 1
    return draw_giving_up(cards, keep, legal)
