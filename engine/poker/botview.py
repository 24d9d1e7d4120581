"""What every poker bot reads off its seat's view (``seatview.table_view``) and how it words the plain moves: its own
cards, the strongest meld it holds, its seat, the cheapest pawn, the draw that gives up chosen cards. Shared by the
house bots (``housebots``, ``threshold``, ``strongbot``) so that each reads the view the same way."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.poker import moves as mv
from engine.poker.cards import DECK, Card, parse_card
from engine.poker.melds import RANKS, Meld, MeldRules, best_meld
from engine.poker.variations import PokerOptions

TRIAD = RANKS.index("triad")
TETRAD = RANKS.index("tetrad")
PENTAD = RANKS.index("pentad")
PAWN_ORDER = ("flare", "edict", "token", "warptoken")
"""What costs least to lose first: a Flare or an Edict before a token, a home token before a Warp one."""


def hand_cards(view: dict[str, Any]) -> list[Card]:
    """The seat's own cards it can see (blind-betting cards it cannot are left out)."""
    return [parse_card(text) for text in view.get("hand", []) if text != "?"]


def hand_options(view: dict[str, Any]) -> PokerOptions:
    return PokerOptions.from_options(view["options"])


def meld_rules(view: dict[str, Any]) -> MeldRules:
    """What a meld is this hand, as the view tells it: the options in force, and the wild value (the table's, or
    the turned card's)."""
    options = hand_options(view)
    return options.meld_rules(options.wild if isinstance(options.wild, int) else view.get("wild"))


def spit_cards(view: dict[str, Any]) -> list[Card]:
    return [parse_card(view["spit"])] if view.get("spit") else []


def best_held(view: dict[str, Any], cards: list[Card]) -> tuple[Meld, tuple[int, ...]] | None:
    """The strongest meld of ``cards`` and a spit card, with the indices of ``cards`` it uses."""
    found = best_meld([*cards, *spit_cards(view)], meld_rules(view))
    if found is None:
        return None
    return found[0], tuple(i for i in found[1] if i < len(cards))


def my_seat(view: dict[str, Any]) -> dict[str, Any]:
    return next(seat for seat in view["seats"] if seat["name"] == view["you"])


def cheapest_pawn(legal: Sequence[mv.Move]) -> mv.Move | None:
    for item in PAWN_ORDER:
        if mv.Pawn((item,)) in legal:
            return mv.Pawn((item,))
    return None


def exchange(spare: Sequence[Card], legal: Sequence[mv.Move]) -> mv.Move:
    """The legal draw giving up the first cards of ``spare``, as many as allowed (flipped cards cannot go)."""
    draws = [move for move in legal if isinstance(move, mv.Draw)]
    most = max(len(move.cards) for move in draws)
    wanted = Counter(spare[:most])
    for move in draws:
        if Counter(DECK[card] for card in move.cards) == wanted:
            return move
    return mv.KEEP_ALL


def draw_giving_up(cards: Sequence[Card], keep: Counter[Card], legal: Sequence[mv.Move]) -> mv.Move:
    """Give up every card of ``cards`` not in ``keep``, the least useful first (Edicts and Flares, modifiers, then
    challenge cards lowest first), as many as allowed."""
    spare = sorted((Counter(cards) - keep).elements(), key=lambda card: (card.is_challenge, card.value))
    return exchange(spare, legal)


def amount_move(moves: Sequence[mv.Move], wanted: int) -> mv.Move:
    """Of listed opens (or raises), in increasing order, the one nearest ``wanted`` (at least the smallest)."""
    return moves[max(0, min(len(moves), wanted) - 1)]


def dealers_pick(view: dict[str, Any], legal: Sequence[mv.Move], turn: int) -> mv.Move:
    """Dealer's Choice for a bot without randomness: the table's options every other hand, else one variation,
    a different one each time (``turn``: which)."""
    choices = [move for move in legal if isinstance(move, mv.Choose) and move.options]
    if view["hand_number"] % 2 or not choices:
        return mv.NO_CHOICE
    return choices[turn % len(choices)]
