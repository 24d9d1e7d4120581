"""The decisions outside the betting rounds (POKER-RULES.md, "Deal", "The draw", ``flip``, ``dealers_choice``): which
are legal now, and why one is refused."""

from __future__ import annotations

from itertools import combinations

from engine.poker import moves as mv
from engine.poker.cards import DECK, listing
from engine.poker.pokerstate import GameState, PlayerState
from engine.poker.variations import SWITCHES, OptionError

ON = ("on", "yes", "true", "1")


def _flippable(state: GameState, player: PlayerState) -> tuple[list[int], int]:
    """The challenge cards a player may flip (in hand order) and how many they must flip."""
    challenge = [card for card in listing(player.hand) if DECK[card].is_challenge and card not in player.hidden]
    return challenge, min(state.hand_options.flip, len(challenge))


def flip_moves(state: GameState, player: PlayerState) -> list[mv.Move]:
    challenge, count = _flippable(state, player)
    return [mv.Flip(cards) for cards in combinations(challenge, count)]


def flip_refusal(state: GameState, player: PlayerState, move: mv.Flip) -> str | None:
    challenge, count = _flippable(state, player)
    cards = set(move.cards)
    if len(cards) != len(move.cards) or not cards <= set(challenge) or len(cards) != count:
        return f"Flip {count} challenge card(s) (Attack or Compromise) from your hand."
    return None


def draw_moves(state: GameState, player: PlayerState) -> list[mv.Move]:
    free = [card for card in listing(player.hand) if card not in player.flipped]
    most = min(state.hand_options.max_draw, len(free))
    return [mv.Draw(cards) for size in range(most + 1) for cards in combinations(free, size)]


def draw_refusal(state: GameState, player: PlayerState, move: mv.Draw) -> str | None:
    cards = set(move.cards)
    most = state.hand_options.max_draw
    if len(cards) != len(move.cards) or not cards <= set(player.hand):
        return "Discard cards from your hand, each once."
    if len(cards) > most:
        return f"You may exchange at most {most} cards."
    if cards & player.flipped:
        return "Flipped cards cannot be discarded."
    return None


def choice_moves(state: GameState) -> list[mv.Move]:
    """Dealer's Choice, one option at a time (several may be chosen together)."""
    options = state.options
    candidates = [(name, "on") for name in SWITCHES if not getattr(options, name)]
    candidates += [("wild", "turned")] if options.wild == "off" else []
    candidates += [("flip", "1")] if not options.flip else []
    candidates += [("max_draw", str(n)) for n in range(options.max_draw + 1, 8)]
    candidates += [("max_meld", str(n)) for n in range(options.max_meld + 1, 8)]
    moves = [mv.Choose((choice,)) for choice in candidates]
    return [mv.NO_CHOICE, *(move for move in moves if choose_refusal(state, move) is None)]


def choose_refusal(state: GameState, move: mv.Choose) -> str | None:
    for name, value in move.options:
        if name in SWITCHES and value.lower() not in ON:
            return "Dealer's Choice only switches options on (or raises them), never off or lower."
    try:
        chosen = state.options.for_hand(dict(move.options))
    except OptionError as error:
        return str(error)
    table = state.options
    if (table.wild != "off" and chosen.wild != table.wild) or chosen.flip < table.flip \
            or chosen.max_draw < table.max_draw or chosen.max_meld < table.max_meld:
        return "Dealer's Choice only switches options on (or raises them), never off or lower."
    return None
