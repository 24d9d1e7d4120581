"""The threshold strategy (issue 43): the simple way to play New Cosmic Poker that the strong house bot is measured
against. It draws to the best meld by rank and bets, calls and raises by bands of meld rank, nothing else: no reading
of the other players, no odds. It is deliberately a fair opponent, tuned a little (``BANDS``) so that it beats the
cautious house bot about two games in three, as the reviewer's strategy did.

Bands (``band``): 0 no openers (no meld, or a monad under 15), 1 a monad of 15 or more (or a pair), 2 a triad (or
two pairs), 3 a tetrad (or a full house), 4 a pentad or better."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.poker import moves as mv
from engine.poker.botview import (
    amount_move, best_held, cheapest_pawn, dealers_pick, draw_giving_up, hand_cards, my_seat,
)
from engine.poker.cards import COMPROMISE, Card
from engine.poker.housebots import draw_low, flip_from_meld, low_strength
from engine.poker.melds import OPENERS, RANKS, Meld, meld_key

BAND_OF_RANK = {"monad": 1, "pair": 1, "triad": 2, "two-pair": 2, "tetrad": 3, "full house": 3}
"""The band of each rank (a monad under 15 is band 0; pentad and above band 4)."""


class Bands(NamedTuple):
    """Where the threshold strategy draws its lines (each a band, see the module's docstring)."""

    come_in: int = 1
    """Declare in with this band or better, or whenever the ante leaves at least ``spare`` Lucre."""
    spare: int = 4
    open_first: int = 2
    """Open the first round with this band (openers are needed anyway) ..."""
    open_second: int = 2
    """... and the second round with this one."""
    call_first: int = 1
    """Call a bet of the first round (before the draw) with this band ..."""
    call_second: int = 2
    """... and of the second round with this one; a call of at most ``cheap`` Lucre is made with any hand."""
    cheap: int = 1
    raise_band: int = 3
    """Raise with this band or better."""


BANDS = Bands()


def band(meld: Meld | None) -> int:
    """The band of a meld (0: no openers)."""
    key = meld_key(meld)
    if meld is None or key < (0, 1, OPENERS) and meld.rank == "monad":
        return 0
    return BAND_OF_RANK.get(meld.rank, 4)


def _low_band(strength: tuple[int, int, int]) -> int:
    """lowball: the cautious bot's reading of the weakest five, as a band."""
    return 2 if strength[0] >= RANKS.index("triad") else 1 if strength >= (0, 1, OPENERS) else 0


def threshold_move(view: dict[str, Any], legal: Sequence[mv.Move], bands: Bands = BANDS) -> mv.Move:
    """The threshold strategy's move (deterministic)."""
    phase = view["phase"]
    if phase == "showdown":
        return mv.MELD_AUTO
    if phase == "choosing":
        return dealers_pick(view, legal, view["hand_number"] // 2)
    cards = hand_cards(view)
    best = best_held(view, cards)
    lowball = bool(view["options"].get("lowball"))
    if phase == "drawing":
        return draw_low(cards, legal) if lowball else draw_to_meld(cards, best, legal)
    if phase == "flipping":
        return flip_from_meld(cards, best, legal)
    level = _low_band(low_strength(view, cards)) if lowball else band(None if best is None else best[0])
    me = my_seat(view)
    if phase == "declaring":
        if mv.IN in legal and (level >= bands.come_in or me["lucre"] >= 2 + bands.spare):
            return mv.IN
        pawn = cheapest_pawn(legal) if mv.IN not in legal and level >= bands.open_first else None
        return pawn or mv.OUT
    return _bet(view, level, me, legal, bands)


def _bet(view: dict[str, Any], level: int, me: dict[str, Any], legal: Sequence[mv.Move], bands: Bands) -> mv.Move:
    first = view["round"] == 1
    pot = view["warp"]
    opens = [move for move in legal if isinstance(move, mv.Open)]
    raises = [move for move in legal if isinstance(move, mv.Raise)]
    if opens and level >= (bands.open_first if first else bands.open_second):
        return amount_move(opens, pot if level >= bands.raise_band else max(1, pot // 2))
    if mv.CHECK in legal:
        return mv.CHECK
    if raises and level >= bands.raise_band:
        return amount_move(raises, pot if level > bands.raise_band else max(1, pot // 2))
    call = view["high_bet"] - me["bet"]
    if level >= (bands.call_first if first else bands.call_second) or call <= bands.cheap:
        if mv.CALL in legal:
            return mv.CALL
        if mv.TAP_OUT in legal and level >= bands.raise_band:
            return mv.TAP_OUT
        pawn = cheapest_pawn(legal)
        if pawn is not None and level >= bands.open_second:
            return pawn
    return mv.FOLD


def draw_to_meld(cards: list[Card], best: tuple[Meld, tuple[int, ...]] | None, legal: Sequence[mv.Move]) -> mv.Move:
    """Keep the cards of the best meld (with Compromise cards toward a Compromise triad while the meld is below
    one), give up the rest, the least useful first, as many as allowed."""
    keep = Counter(cards[i] for i in best[1]) if best else Counter()
    compromises = sum(card.kind == COMPROMISE for card in cards)
    if compromises >= 2 and (best is None or band(best[0]) < 2):
        keep[Card(COMPROMISE)] = compromises
    return draw_giving_up(cards, keep, legal)
