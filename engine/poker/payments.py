"""Paying (POKER-RULES.md, "Paying, limits, timer"): every payment in full, pawned items first in the order named, the
player's own Lucre for the rest; an item not needed is not pawned; what the last item raises beyond the payment is
forfeited to the Bank."""

from __future__ import annotations

from collections.abc import Sequence

from engine.poker.cards import DECK, EDICT, FLARE, listing
from engine.poker.happenings import Payment
from engine.poker.pokerstate import GameState, PlayerState
from engine.poker.variations import PAWN_ITEMS

CARD_ITEMS = {"edict": EDICT, "flare": FLARE}


def _pawnable_cards(player: PlayerState, item: str) -> list[int]:
    """The Edicts (or Flares) a player may pawn: those in hand they can see, in hand order."""
    return [card for card in listing(player.hand) if DECK[card].kind == CARD_ITEMS[item] and card not in player.hidden]


def available(player: PlayerState, item: str) -> int:
    if item in CARD_ITEMS:
        return len(_pawnable_cards(player, item))
    return player.home if item == "token" else player.warp_tokens


def pawn_refusal(player: PlayerState, items: Sequence[str], ante: bool) -> str | None:
    """Why ``items`` cannot be added to what the player has named for their next payment."""
    if not items:
        return "Name what to pawn: edict, flare, token or warptoken."
    named = [*player.pawn, *items]
    for item in items:
        if item not in PAWN_ITEMS:
            return f"You cannot pawn '{item}': pawn edict, flare, token or warptoken."
        if ante and item == "warptoken":
            return "A token in the Warp cannot be removed from the game for an ante."
        if named.count(item) > available(player, item):
            return _none_left(item)
    if ante and named.count("token") > 1:
        return "For the ante you may pawn at most one token."
    return None


def _none_left(item: str) -> str:
    if item in CARD_ITEMS:
        return f"You have no {item.capitalize()} left to pawn."
    return "You have no token left at home to pawn." if item == "token" else "You have no token left in the Warp."


def pay(state: GameState, player: PlayerState, amount: int) -> Payment | str:
    """How ``player`` pays ``amount`` with the items named and their Lucre, or why they cannot."""
    rates = state.hand_options
    owed, used, raised = amount, [], 0
    for item in player.pawn:
        if owed <= 0:
            break
        used.append(item)
        raised += rates.rate(item)
        owed -= rates.rate(item)
    forfeited = max(0, -owed)
    owed = max(0, owed)
    if owed > player.lucre:
        return (f"That costs {amount} Lucre and you can raise only {player.lucre + raised} with what you have named:"
                " pawn (edict, flare, token, warptoken), tap out, or fold.")
    cards: list[int] = []
    for item in CARD_ITEMS:
        cards += _pawnable_cards(player, item)[:used.count(item)]
    return Payment(owed, tuple(used), tuple(cards), raised, forfeited)


def payable(state: GameState, player: PlayerState) -> int:
    """The most this player can pay now with what they have named (an upper bound for bets worth listing)."""
    return player.lucre + sum(state.hand_options.rate(item) for item in player.pawn)
