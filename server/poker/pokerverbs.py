"""Moves at a poker table, one verb each (POKER-RULES.md, "Commands"): the words go to the table's game as typed
(engine.poker.wording reads them; the engine says why a move is refused). server.commands.gameverbs makes each a
command, its docstring the help; a verb another game registered first keeps that game's help."""

from __future__ import annotations

from server.commands.args import UsageError
from server.games.gametypes import AtTable, Move, Verb


def _move(verb: str, player: str, live: AtTable, args: str) -> Move:
    line = f"{verb} {args}".strip()
    return lambda: live.table.move(player, line, live.dice)


def declare_in(player: str, live: AtTable, args: str) -> Move:
    """in

    Poker: come into this hand, paying the ante (with any items named by
    'pawn').
    """
    return _move("in", player, live, args)


def declare_out(player: str, live: AtTable, args: str) -> Move:
    """out

    Poker: sit this hand out, keeping every card.
    """
    return _move("out", player, live, args)


def check(player: str, live: AtTable, args: str) -> Move:
    """check

    Poker: bet nothing while nobody has opened.
    """
    return _move("check", player, live, args)


def call(player: str, live: AtTable, args: str) -> Move:
    """call

    Poker: pay until your total for this round equals the high bet.
    """
    return _move("call", player, live, args)


def fold(player: str, live: AtTable, args: str) -> Move:
    """fold

    Poker: give up this hand (you keep your cards).
    """
    return _move("fold", player, live, args)


def vote(player: str, live: AtTable, args: str) -> Move:
    """vote remove <player>

    Vote to remove a player who has lost their connection (or, at a
    correspondence table, has missed two deadlines in a row): everyone else
    still playing must agree. It counts as a loss for them.
    """
    verb, _, target = args.strip().partition(" ")
    if verb.lower() != "remove" or not target.strip():
        raise UsageError
    return lambda: live.table.vote_remove(player, target, live.dice)


def tapout(player: str, live: AtTable, args: str) -> Move:
    """tapout

    Poker: call with all your Lucre and one foreign base when you are short;
    you can then win only your share.
    """
    return _move("tapout", player, live, args)


def open_(player: str, live: AtTable, args: str) -> Move:
    """open N      or      open N split CARDS discard CARDS

    Poker: open the betting for N Lucre (round 1 needs openers: monad 15 or
    better); splitting, show a meld of openers and exchange some of its
    cards.
    """
    return _move("open", player, live, args)


def raise_(player: str, live: AtTable, args: str) -> Move:
    """raise N

    Poker: pay the call, then lift the high bet by N.
    """
    return _move("raise", player, live, args)


def pawn(player: str, live: AtTable, args: str) -> Move:
    """pawn edict|flare|token|warptoken ...      or      pawn clear

    Poker: name items to pay with in your next payment this turn.
    """
    return _move("pawn", player, live, args)


def draw(player: str, live: AtTable, args: str) -> Move:
    """draw [CARDS]

    Poker: exchange those cards of your hand (by number; up to 3), or keep
    all.
    """
    return _move("draw", player, live, args)


def flip(player: str, live: AtTable, args: str) -> Move:
    """flip CARDS

    Poker, Card Flip: show those challenge cards of your hand.
    """
    return _move("flip", player, live, args)


def choose(player: str, live: AtTable, args: str) -> Move:
    """choose OPTIONS      or      choose none

    Poker, Dealer's Choice: switch on variations for this hand (choose
    lowball pairs, choose wild=turned).
    """
    return _move("choose", player, live, args)


def meld(player: str, live: AtTable, args: str) -> Move:
    """meld CARDS      or      meld CARDS on K      or      meld auto

    Poker, at the showdown: pick your meld by card numbers (a modifier
    followed by 'on K' is placed on card K), or the strongest your hand
    makes. A pick is final.
    """
    return _move("meld", player, live, args)


VERBS = (
    Verb("in", declare_in), Verb("out", declare_out), Verb("check", check), Verb("call", call), Verb("fold", fold),
    Verb("tapout", tapout), Verb("open", open_), Verb("raise", raise_), Verb("pawn", pawn), Verb("draw", draw),
    Verb("flip", flip), Verb("choose", choose), Verb("meld", meld), Verb("vote", vote),
)
