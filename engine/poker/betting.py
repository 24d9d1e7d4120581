"""The betting rounds (POKER-RULES.md, "First betting round", "Second betting round", "Paying, limits, timer"): which
bets a player may make now and why one is refused - openers and splitting them, the pot limit, the raise cap, tapping
out."""

from __future__ import annotations

from functools import lru_cache

from engine.poker import moves as mv
from engine.poker.cards import DECK, Card
from engine.poker.melds import MeldRules, best_meld, read_meld
from engine.poker.payments import pay, payable
from engine.poker.pokerstate import GameState, PlayerState


def meld_rules(state: GameState) -> MeldRules:
    """What a meld is this hand (its options and its wild value)."""
    options = state.hand_options
    wild = options.wild if isinstance(options.wild, int) else state.wild
    return options.meld_rules(wild)


def held(state: GameState, player: PlayerState) -> list[int]:
    """The cards a player counts as held: their hand, and a spit card."""
    return [*player.hand, *([state.spit] if state.spit is not None else [])]


@lru_cache(maxsize=50_000)
def _opens(cards: tuple[Card, ...], rules: MeldRules) -> bool:
    found = best_meld(cards, rules)
    return found is not None and found[0].opens()


def has_openers(state: GameState, player: PlayerState) -> bool:
    """A meld of monad 15 or better among the cards held (flipped cards need not be in it)."""
    return _opens(tuple(sorted(DECK[card] for card in held(state, player))), meld_rules(state))


def needs_openers(state: GameState) -> bool:
    return state.round == 1 and state.hand_options.openers_needed


def limit(state: GameState, call: int) -> int | None:
    """The most an open (``call`` 0) or a raise may add; None: no limit."""
    bet_limit = state.hand_options.bet_limit
    if bet_limit == "none":
        return None
    if bet_limit == "pot":
        return state.warp + call
    return int(bet_limit)


def refusal(state: GameState, player: PlayerState, move: mv.Move) -> str | None:
    """Why ``player``, whose turn it is in a betting round, may not make this move; None if they may."""
    if isinstance(move, mv.Fold):
        return None
    if isinstance(move, mv.Check):
        if state.opened:
            return "The round is open: call, raise or fold (no more checking)."
        if state.hand_options.bet_or_drop and not player.tapped:
            return "No checking at this table (bet_or_drop): open or fold."
        return None
    if isinstance(move, mv.Call):
        if not state.opened:
            return "Nobody has opened: there is nothing to call."
        if player.tapped:
            return None
        return _unpaid(state, player, state.call_amount(player.name))
    if isinstance(move, mv.TapOut):
        return _tap_out_refusal(state, player)
    if isinstance(move, mv.Open):
        return _open_refusal(state, player, move)
    if isinstance(move, mv.Raise):
        return _raise_refusal(state, player, move.by)
    return "That is not a betting move."


def _unpaid(state: GameState, player: PlayerState, amount: int) -> str | None:
    payment = pay(state, player, amount)
    return payment if isinstance(payment, str) else None


def _tap_out_refusal(state: GameState, player: PlayerState) -> str | None:
    if not state.opened:
        return "You may tap out only to call, and nobody has opened."
    if player.tapped:
        return "You have tapped out already: you call free."
    if player.lucre >= state.call_amount(player.name):
        return "You have the Lucre to call: tap out only when you are short."
    if player.bases < 1:
        return "Tapping out costs a foreign base, and you have none."
    return None


def _open_refusal(state: GameState, player: PlayerState, move: mv.Open) -> str | None:
    if state.opened:
        return "The round is already open: call, raise or fold."
    if player.tapped:
        return "You have tapped out: you may check, call or fold, never open or raise."
    if needs_openers(state) and not has_openers(state, player):
        return "You need openers to open: a meld of monad 15 or better (a Compromise triad will do)."
    if move.shown or move.discarded:
        split = _split_refusal(state, player, move)
        if split:
            return split
    return _amount_refusal(state, player, move.amount, 0, "open")


def _split_refusal(state: GameState, player: PlayerState, move: mv.Open) -> str | None:
    if not needs_openers(state):
        return "Openers can be split only while opening the first round, at a table that checks openers."
    shown, discarded = set(move.shown), set(move.discarded)
    if len(shown) != len(move.shown) or not shown <= set(player.hand):
        return "Show cards from your hand, each once."
    if not discarded or not discarded <= shown or len(discarded) != len(move.discarded):
        return "Discard one or more of the cards you show."
    if discarded & player.flipped:
        return "Flipped cards cannot be discarded."
    meld = read_meld([DECK[card] for card in move.shown], meld_rules(state)).meld
    if meld is None or not meld.opens():
        return "The cards you show must make openers on their own: a meld of monad 15 or better."
    return None


def _raise_refusal(state: GameState, player: PlayerState, by: int) -> str | None:
    if not state.opened:
        return "Nobody has opened: open to bet."
    if player.tapped:
        return "You have tapped out: you may check, call or fold, never open or raise."
    if state.raises >= state.hand_options.max_raises:
        return f"This round has had its {state.hand_options.max_raises} raise(s): call or fold."
    return _amount_refusal(state, player, by, state.call_amount(player.name), "raise")


def _amount_refusal(state: GameState, player: PlayerState, amount: int, call: int, what: str) -> str | None:
    if amount < 1:
        return f"A{'n' if what == 'open' else ''} {what} is at least 1 Lucre."
    most = limit(state, call)
    if most is not None and amount > most:
        if state.hand_options.bet_limit == "pot":
            where = "the Lucre in the Warp" + (f" plus your call of {call}" if call else "")
            return f"Pot limit: you may {what} by at most {most} ({where})."
        return f"Bet limit: you may {what} by 1 to {most}."
    return _unpaid(state, player, call + amount)


def moves(state: GameState, player: PlayerState) -> list[mv.Move]:
    """Every betting move ``player`` may make now (opens without splitting; splitting forms are checked on demand)."""
    found: list[mv.Move] = [move for move in (mv.CHECK, mv.CALL, mv.TAP_OUT) if refusal(state, player, move) is None]
    found.append(mv.FOLD)
    if player.tapped:
        return found
    most_paid = payable(state, player)
    if not state.opened:
        if not needs_openers(state) or has_openers(state, player):
            found += [mv.Open(n) for n in range(1, _top(state, most_paid, 0) + 1)]
    elif state.raises < state.hand_options.max_raises:
        call = state.call_amount(player.name)
        found += [mv.Raise(n) for n in range(1, _top(state, most_paid - call, call) + 1)]
    return found


def _top(state: GameState, affordable: int, call: int) -> int:
    most = limit(state, call)
    return affordable if most is None else min(affordable, most)
