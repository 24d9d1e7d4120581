"""Moves as the commands players type (POKER-RULES.md, "Commands"), both ways: ``read_command`` turns ``open 3 split 2 5
discard 5`` into a move, ``command_text`` a move into its one form. Card numbers refer to the player's ``hand``
listing (``numbered``), counted from 1."""

from __future__ import annotations

from engine.poker import moves as mv
from engine.poker.cards import listing
from engine.poker.pokergame import PokerGame
from engine.poker.pokerstate import PlayerState
from engine.poker.variations import PAWN_ITEMS

SIMPLE = {"in": mv.IN, "out": mv.OUT, "check": mv.CHECK, "call": mv.CALL, "fold": mv.FOLD, "tapout": mv.TAP_OUT}
SIMPLE_TEXT = {move: word for word, move in SIMPLE.items()}


class CommandError(ValueError):
    """Text that is no poker command, or names cards the player does not hold; the message is for the player."""


def numbered(player: PlayerState) -> list[int]:
    """The hand in listing order: the cards the player can see sorted (Attack by value, Compromise, Kicker,
    Reinforcement, Edict, Flare), then any still hidden (``blind_betting``) in the order dealt, which tells nothing."""
    return [*listing(card for card in player.hand if card not in player.hidden),
            *(card for card in player.hand if card in player.hidden)]


def read_command(player: PlayerState, text: str) -> mv.Move:
    words = text.lower().split()
    if not words:
        raise CommandError("Type a poker command.")
    verb, rest = words[0], words[1:]
    if verb in SIMPLE and not rest:
        return SIMPLE[verb]
    if verb == "open" and rest:
        return _open(player, rest)
    if verb == "raise" and len(rest) == 1:
        return mv.Raise(_amount(rest[0]))
    if verb == "pawn" and rest:
        if rest == ["clear"]:
            return mv.PAWN_CLEAR
        unknown = [word for word in rest if word not in PAWN_ITEMS]
        if unknown:
            raise CommandError(f"You cannot pawn '{unknown[0]}': pawn edict, flare, token or warptoken.")
        return mv.Pawn(tuple(rest))
    if verb == "draw":
        return mv.Draw(_cards(player, rest))
    if verb == "flip":  # a player with no challenge card flips none: "flip"
        return mv.Flip(_cards(player, rest))
    if verb == "choose" and rest:
        return mv.NO_CHOICE if rest == ["none"] else mv.Choose(tuple(_choice(word) for word in rest))
    if verb == "meld" and rest:
        return mv.MELD_AUTO if rest == ["auto"] else _meld(player, rest)
    raise CommandError(f"'{text.strip()}' is not a poker command here.")


def _amount(word: str) -> int:
    if not (word.isascii() and word.isdigit() and len(word) <= 6):
        raise CommandError(f"'{word}' is not an amount of Lucre.")
    return int(word)


def _card(player: PlayerState, word: str) -> int:
    hand = numbered(player)
    if not (word.isascii() and word.isdigit() and 1 <= int(word) <= len(hand)):
        raise CommandError(f"'{word}' is not a card number: your hand is numbered 1 to {len(hand)}.")
    return hand[int(word) - 1]


def _cards(player: PlayerState, words: list[str]) -> tuple[int, ...]:
    return tuple(sorted(_card(player, word) for word in words))


def _open(player: PlayerState, words: list[str]) -> mv.Open:
    amount = _amount(words[0])
    if len(words) == 1:
        return mv.Open(amount)
    if words[1] != "split" or "discard" not in words:
        raise CommandError("Open and split: open N split CARDS discard CARDS.")
    at = words.index("discard")
    return mv.Open(amount, _cards(player, words[2:at]), _cards(player, words[at + 1:]))


def _choice(word: str) -> tuple[str, str]:
    name, sep, value = word.partition("=")
    return (name, value) if sep else (name, "on")


def _meld(player: PlayerState, words: list[str]) -> mv.Meld:
    """``meld 1 3 4 6 on 3``: the cards; a card followed by ``on K`` is placed on card K (left to right)."""
    cards: list[int] = []
    placed: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        card = _card(player, words[i])
        cards.append(card)
        if i + 1 < len(words) and words[i + 1] == "on":
            if i + 2 >= len(words):
                raise CommandError("Say which card it goes on: meld 1 3 4 6 on 3.")
            placed.append((card, _card(player, words[i + 2])))
            i += 3
        else:
            i += 1
    return mv.Meld(tuple(sorted(cards)), tuple(placed))


def you_may(game: PokerGame, player: str) -> list[str]:
    """``player``'s legal moves now, as the exact commands to type (``legal_actions`` in words)."""
    me = game.state.players.get(player)
    return [] if me is None else [command_text(me, move) for move in game.legal_actions(player)]


def command_text(player: PlayerState, move: mv.Move) -> str:
    """The one form of ``move`` a player types."""
    if move in SIMPLE_TEXT:
        return SIMPLE_TEXT[move]
    hand = numbered(player)

    def numbers(cards: tuple[int, ...]) -> str:
        return " ".join(str(n) for n in sorted(hand.index(card) + 1 for card in cards))

    if isinstance(move, mv.Open):
        split = f" split {numbers(move.shown)} discard {numbers(move.discarded)}" if move.shown else ""
        return f"open {move.amount}{split}"
    if isinstance(move, mv.Raise):
        return f"raise {move.by}"
    if isinstance(move, mv.Pawn):
        return "pawn " + " ".join(move.items)
    if isinstance(move, mv.PawnClear):
        return "pawn clear"
    if isinstance(move, mv.Draw):
        return f"draw {numbers(move.cards)}".rstrip()
    if isinstance(move, mv.Flip):
        return f"flip {numbers(move.cards)}".rstrip()
    if isinstance(move, mv.Choose):
        return "choose " + (" ".join(name if value == "on" else f"{name}={value}" for name, value in move.options)
                            or "none")
    if isinstance(move, mv.MeldAuto):
        return "meld auto"
    if isinstance(move, mv.Meld):
        placed = dict(move.placed)
        free = [card for card in move.cards if card not in placed]
        words = [numbers((card,)) for card in sorted(free, key=hand.index)]
        words += [f"{numbers((card,))} on {numbers((placed[card],))}" for card, _ in move.placed]
        return "meld " + " ".join(words)
    raise ValueError(f"no command for {move!r}")
