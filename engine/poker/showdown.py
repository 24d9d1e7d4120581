"""The showdown (POKER-RULES.md, "Showdown", ``lowball``, ``high_low``): secret picks, which picks are legal, reading
an exposed meld, and who wins: the best meld (the first exposed of equals), or under ``lowball`` the weakest."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.poker import moves as mv
from engine.poker.betting import held, meld_rules
from engine.poker.cards import DECK, listing
from engine.poker.melds import Meld, best_meld, meld_key, read_meld, strongest_within
from engine.poker.pokerstate import GameState, PlayerState

LOW_SHOW = 5
"""lowball and high_low: challenge cards each player exposes (all they have if fewer)."""


def _spit(state: GameState) -> list[int]:
    return [] if state.spit is None else [state.spit]


def read_pick(state: GameState, cards: Sequence[int], placed: Sequence[tuple[int, int]] = ()) -> Meld | None:
    """A pick's meld: the cards named (and a spit card) read as one meld, or under lowball the strongest within."""
    ids = [*cards, *_spit(state)]
    if state.hand_options.low_showdown:
        return strongest_within([DECK[card] for card in ids], meld_rules(state)._replace(tame=True))
    where = {card: i for i, card in enumerate(ids)}
    return read_meld([DECK[card] for card in ids], meld_rules(state),
                     [(where[m], where[a]) for m, a in placed]).meld


def _low_size(state: GameState, player: PlayerState) -> int:
    """How many hand cards a lowball pick names: five challenge cards in all, less a spit card."""
    challenge = sum(DECK[card].is_challenge for card in held(state, player))
    return min(LOW_SHOW, challenge) - len(_spit(state))


def pick_refusal(state: GameState, player: PlayerState, move: mv.Meld) -> str | None:
    cards = set(move.cards)
    if len(cards) != len(move.cards) or not cards <= set(player.hand):
        return "Name cards from your hand, each once."
    if not player.flipped <= cards:
        return "Your flipped cards must be in your meld."
    if state.hand_options.low_showdown:
        size = _low_size(state, player)
        if move.placed or any(not DECK[card].is_challenge for card in cards) or len(cards) != size:
            return f"Expose {size} challenge cards (Attack or Compromise), no Kickers or Reinforcements."
        return None
    if not cards:
        return "Name the cards of your meld, or meld auto."
    for modifier, attack in move.placed:
        if modifier not in cards or attack not in cards:
            return "Place only cards of your meld."
    ids = [*move.cards, *_spit(state)]
    where = {card: i for i, card in enumerate(ids)}
    reading = read_meld([DECK[card] for card in ids], meld_rules(state),
                        [(where[m], where[a]) for m, a in move.placed])
    return None if reading.meld is not None else f"Not a meld: {reading.why}"


def auto_pick(state: GameState, player: PlayerState) -> mv.Meld | None:
    """``meld auto``: the strongest meld holding the cards it must (lowball: the five whose best is weakest); None
    when there is none ("no meld")."""
    hand = listing(player.hand)
    if state.hand_options.low_showdown:
        challenge = [card for card in hand if DECK[card].is_challenge and card not in player.flipped]
        size = _low_size(state, player) - len(player.flipped)
        choices = [tuple(sorted((*player.flipped, *extra))) for extra in combinations(challenge, max(0, size))]
        if size < 0 or not choices or read_pick(state, choices[0]) is None:
            return None
        return mv.Meld(min(choices, key=lambda cards: _low_key(read_pick(state, cards))))
    ids = [*hand, *_spit(state)]
    required = [i for i, card in enumerate(ids) if card in player.flipped or card == state.spit]
    found = best_meld([DECK[card] for card in ids], meld_rules(state), required)
    if found is None:
        return None
    return mv.Meld(tuple(sorted(ids[i] for i in found[1] if ids[i] != state.spit)))


def pick_moves(state: GameState, player: PlayerState) -> list[mv.Move]:
    """``meld auto`` and every pick of cards that is legal now (best placement)."""
    hand = listing(player.hand)
    found: list[mv.Move] = [mv.MELD_AUTO]
    if state.hand_options.low_showdown:
        size = _low_size(state, player)
        challenge = [card for card in hand if DECK[card].is_challenge]
        candidates = list(combinations(challenge, size)) if size > 0 else []
    else:
        candidates = [combo for size in range(1, state.hand_options.max_meld + 1) for combo in combinations(hand, size)]
    for cards in candidates:
        move = mv.Meld(tuple(sorted(cards)))
        if pick_refusal(state, player, move) is None:
            found.append(move)
    return found


def _low_key(meld: Meld | None) -> tuple[int, tuple[int, int, int]]:
    """Lower wins under lowball: any meld before "no meld", then the weaker."""
    return (meld is None, meld_key(meld))


def exposures(state: GameState) -> list[tuple[str, tuple[int, ...], Meld | None]]:
    """The picks in the order they are exposed, with their melds."""
    found = []
    for name in state.expose_order:
        player = state.players[name]
        picked = player.picked
        if player.active and picked is not None:
            meld = None if picked.no_meld else read_pick(state, picked.cards, picked.placed)
            found.append((name, tuple(listing(picked.cards)), meld))
    return found


def winners(state: GameState, shown: list[tuple[str, tuple[int, ...], Meld | None]]) -> tuple[str, str]:
    """(who gains the base, who takes the Lucre): one player unless ``high_low`` splits them; the first exposed
    wins among equals."""
    best = shown[0]
    for entry in shown[1:]:
        if meld_key(entry[2]) > meld_key(best[2]):
            best = entry
    low = shown[0]
    for entry in shown[1:]:
        if _low_key(entry[2]) < _low_key(low[2]):
            low = entry
    options = state.hand_options
    if options.lowball:
        return low[0], low[0]
    if options.high_low:
        return best[0], low[0]
    return best[0], best[0]
