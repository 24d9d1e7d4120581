"""New Cosmic Poker's rules as a pure library (POKER-RULES.md): no I/O, no asyncio, no global random state; the shuffle
is an input.

    >>> from engine.poker import PokerGame, PokerOptions, SeededShuffle, IN
    >>> source = SeededShuffle(7)
    >>> game = PokerGame.start(["Ann", "Bob"], PokerOptions(), source)
    >>> game.waiting_on(), game.state.dealer
    (('Bob',), 'Ann')
    >>> you_may(game, "Bob")
    ['in', 'out', 'pawn flare', 'pawn token']
    >>> [type(e).__name__ for e in game.apply("Bob", read_command(game.state.players["Bob"], "in"), source)]
    ['Declared', 'RoundStarted']
"""

from engine.poker.cards import DECK, Card, CardSyntaxError, parse_card, parse_cards
from engine.poker.happenings import Event, event_from_dict, event_to_dict
from engine.poker.melds import Meld, MeldRules, best_meld, read_meld
from engine.poker.moves import (
    CALL, CHECK, FOLD, IN, KEEP_ALL, MELD_AUTO, NO_CHOICE, OUT, PAWN_CLEAR, TAP_OUT, Call, Check, Choose, Declare, Draw,
    Flip, Fold, Leave, Meld as MeldMove, MeldAuto, Move, Open, Pawn, PawnClear, Raise, TapOut,
)
from engine.poker.housebots import cautious_move, random_move
from engine.poker.pokergame import IllegalMove, PokerGame
from engine.poker.pokerstate import GameState, PlayerState, fold_events
from engine.poker.seatview import event_for, open_event, table_view
from engine.poker.shuffles import ScriptedShuffle, SeededShuffle, ShuffleSource
from engine.poker.variations import OptionError, PokerOptions
from engine.poker.wording import CommandError, command_text, read_command, you_may

__all__ = [
    "DECK", "Card", "CardSyntaxError", "parse_card", "parse_cards",
    "Event", "event_from_dict", "event_to_dict",
    "Meld", "MeldRules", "best_meld", "read_meld",
    "CALL", "CHECK", "FOLD", "IN", "KEEP_ALL", "MELD_AUTO", "NO_CHOICE", "OUT", "PAWN_CLEAR", "TAP_OUT", "Call",
    "Check", "Choose", "Declare", "Draw", "Flip", "Fold", "Leave", "MeldMove", "MeldAuto", "Move", "Open", "Pawn",
    "PawnClear", "Raise", "TapOut",
    "cautious_move", "random_move",
    "IllegalMove", "PokerGame",
    "GameState", "PlayerState", "fold_events",
    "event_for", "open_event", "table_view",
    "ScriptedShuffle", "SeededShuffle", "ShuffleSource",
    "OptionError", "PokerOptions",
    "CommandError", "command_text", "read_command", "you_may",
]
