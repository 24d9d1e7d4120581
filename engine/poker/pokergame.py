"""A game of New Cosmic Poker: legal moves, why a move is refused, and applying one (the shuffle is an input).

``PokerGame`` decides which events a move causes; ``pokerstate`` folds them, so a game rebuilt from its events
(``PokerGame.replay``) equals the live one. Bets are judged in ``betting``, picks and winners in ``showdown``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.poker import betting, decisions, showdown
from engine.poker import happenings as ev
from engine.poker import moves as mv
from engine.poker.cards import DECK, DECK_SIZE
from engine.poker.payments import pawn_refusal, pay
from engine.poker.pokerstate import FOLDED, IN, GameState, PlayerState, evolve, fold_events, new_state
from engine.poker.shuffles import ShuffleSource
from engine.poker.variations import PAWN_ITEMS, PokerOptions

HAND_SIZE = 7
MIN_SEATS, MAX_SEATS = 2, 6
PHASE_HINTS = {
    "choosing": "wait for the dealer to choose this hand's options",
    "declaring": "declare: in or out",
    "flipping": "flip your cards",
    "betting": "bet: check, open, call, raise, tap out or fold",
    "drawing": "draw",
    "showdown": "pick your meld",
}
_PHASE_OF = {mv.Declare: "declaring", mv.Flip: "flipping", mv.Draw: "drawing", mv.Choose: "choosing"}


class IllegalMove(ValueError):
    """The move is not allowed now; the message says why, in words for the player."""


class PokerGame:
    """One game: its events, its state (their fold), and the rules of play."""

    def __init__(self, created: ev.GameCreated) -> None:
        self.events: list[ev.Event] = [created]
        self.state: GameState = new_state(created)

    @classmethod
    def start(cls, seats: Sequence[str], options: PokerOptions, source: ShuffleSource) -> PokerGame:
        """Seat the players, shuffle, pick the first dealer at random and play up to the first decision."""
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise IllegalMove(f"A poker table seats {MIN_SEATS} to {MAX_SEATS} players.")
        if len(set(seats)) != len(seats):
            raise IllegalMove("Each player can sit only once.")
        game = cls(ev.GameCreated(tuple(seats), options))
        game._emit(ev.Shuffled(source.shuffle(range(DECK_SIZE))))
        game._emit(ev.HandStarted(1, seats[source.pick(len(seats))], options.dealers_choice))
        game._advance(source)
        return game

    @classmethod
    def replay(cls, events: Sequence[ev.Event]) -> PokerGame:
        """Rebuild a game from its stored events."""
        game = cls.__new__(cls)
        game.events = list(events)
        game.state = fold_events(game.events)
        return game

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)
        evolve(self.state, event)

    # -- what may be done -------------------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.over

    def waiting_on(self) -> tuple[str, ...]:
        """Whose decision the game waits for: one player, or at the showdown everyone still to pick."""
        return self.state.waiting_on()

    def legal_actions(self, player: str | None = None) -> tuple[mv.Move, ...]:
        """What ``player`` (by default, the first the game waits for) may do now; empty if nothing. A split open, a
        multi-item pawn, a Dealer's Choice of several options and a meld with placements are legal when ``why_not``
        says so, but only their plain forms are listed. Leaving is always open to a player in the game."""
        state = self.state
        waiting = state.waiting_on()
        name = player if player is not None else (waiting[0] if waiting else None)
        if name is None or name not in waiting:
            return ()
        me = state.players[name]
        phase = state.phase
        if phase == "showdown":
            return tuple(showdown.pick_moves(state, me))
        if phase == "choosing":
            return tuple(decisions.choice_moves(state))
        if phase == "flipping":
            return tuple(decisions.flip_moves(state, me))
        if phase == "drawing":
            return tuple(decisions.draw_moves(state, me))
        found: list[mv.Move] = []
        if phase == "declaring":
            found = [move for move in (mv.IN, mv.OUT) if self.why_not(name, move) is None]
        elif phase == "betting":
            found = betting.moves(state, me)
        if self._payment_due(me):
            found += [mv.Pawn((item,)) for item in PAWN_ITEMS
                      if pawn_refusal(me, (item,), phase == "declaring") is None]
            if me.pawn:
                found.append(mv.PAWN_CLEAR)
        return tuple(found)

    def _payment_due(self, player: PlayerState) -> bool:
        """Pawning is only to make a payment: an ante, or a bet this player may make now."""
        state = self.state
        if state.phase == "declaring":
            return True
        if state.phase != "betting" or player.tapped:
            return False
        return state.opened or not betting.needs_openers(state) or betting.has_openers(state, player)

    def why_not(self, player: str | None, move: mv.Move) -> str | None:
        """None if ``player`` may make ``move`` now, otherwise the reason, as the player should read it (``player``
        None is the table, which may only remove a player)."""
        state = self.state
        if isinstance(move, mv.Leave):
            if player is not None and player != move.player:
                return "Only the table can remove another player."
            return self._player_refusal(move.player)
        refusal = self._player_refusal(player)
        if refusal is not None:
            return refusal
        assert player is not None
        me = state.players[player]
        if isinstance(move, (mv.Meld, mv.MeldAuto)):
            if state.phase != "showdown":
                return self._wrong_phase()
            if not me.active:
                return "You are not in this hand."
            if player not in state.queue:
                return "You have picked your meld: a pick is final."
            return None if isinstance(move, mv.MeldAuto) else showdown.pick_refusal(state, me, move)
        if state.turn != player:
            return self._not_your_turn()
        expected = _PHASE_OF.get(type(move), "betting")
        if isinstance(move, (mv.Pawn, mv.PawnClear)):
            if not self._payment_due(me):
                return "You may pawn only to make a payment, and you have nothing to pay now."
            if isinstance(move, mv.PawnClear):
                return None if me.pawn else "You have named nothing to pawn."
            return pawn_refusal(me, move.items, state.phase == "declaring")
        if state.phase != expected:
            return self._wrong_phase()
        if isinstance(move, mv.Declare):
            if not move.joined:
                return None
            payment = pay(state, me, state.hand_options.rate("ante"))
            return payment if isinstance(payment, str) else None
        if isinstance(move, mv.Flip):
            return decisions.flip_refusal(state, me, move)
        if isinstance(move, mv.Draw):
            return decisions.draw_refusal(state, me, move)
        if isinstance(move, mv.Choose):
            return decisions.choose_refusal(state, move)
        return betting.refusal(state, me, move)

    def _player_refusal(self, player: str | None) -> str | None:
        state = self.state
        if state.over:
            return "The game is over."
        if player is None or player not in state.players:
            return "You are not playing in this game."
        if state.players[player].out is not None:
            return f"You are out of this game: {state.players[player].out}."
        return None

    def _not_your_turn(self) -> str:
        waiting = self.state.waiting_on()
        if self.state.phase == "showdown":
            return "Pick your meld: meld CARDS or meld auto."
        return f"It is not your turn; it is {waiting[0]}'s." if waiting else "Nobody is to move now."

    def _wrong_phase(self) -> str:
        return f"You cannot do that now: {PHASE_HINTS.get(self.state.phase, 'wait')}."

    def timeout_action(self, player: str) -> mv.Move | None:
        """What the server does for a player whose time ran out (POKER-RULES.md, "Paying, limits, timer")."""
        state = self.state
        if player not in state.waiting_on():
            return None
        phase = state.phase
        if phase == "declaring":
            return mv.OUT
        if phase == "betting":
            return mv.CHECK if self.why_not(player, mv.CHECK) is None else mv.FOLD
        if phase == "drawing":
            return mv.KEEP_ALL
        if phase == "choosing":
            return mv.NO_CHOICE
        if phase == "flipping":
            return self.legal_actions(player)[0]
        return mv.MELD_AUTO

    # -- doing it ---------------------------------------------------------------------------------------------------

    def apply(self, player: str | None, move: mv.Move, source: ShuffleSource) -> list[ev.Event]:
        """Make ``move`` for ``player``; returns the events it caused. Raises IllegalMove with the reason."""
        refusal = self.why_not(player, move)
        if refusal is not None:
            raise IllegalMove(refusal)
        first = len(self.events)
        state = self.state
        name = move.player if isinstance(move, mv.Leave) else player
        assert name is not None
        me = state.players[name]
        if isinstance(move, mv.Leave):
            self._emit(ev.PlayerOut(name, move.reason))
        elif isinstance(move, mv.MeldAuto):
            pick = showdown.auto_pick(state, me)
            self._emit(ev.MeldPicked(name, () if pick is None else pick.cards, no_meld=pick is None))
        elif isinstance(move, mv.Meld):
            self._emit(ev.MeldPicked(name, tuple(sorted(move.cards)), move.placed))
        elif isinstance(move, mv.Pawn):
            self._emit(ev.PawnNamed(name, move.items))
        elif isinstance(move, mv.PawnClear):
            self._emit(ev.PawnCleared(name))
        elif isinstance(move, mv.Choose):
            chosen = state.options.for_hand(dict(move.options))
            self._emit(ev.OptionsChosen(name, move.options, chosen))
        elif isinstance(move, mv.Declare):
            self._declare(me, move.joined, source)
        elif isinstance(move, mv.Flip):
            self._emit(ev.Flipped(name, tuple(sorted(move.cards))))
        elif isinstance(move, mv.Draw):
            self._emit(ev.Drew(name, len(move.cards)))
            if move.cards:
                self._deal(name, len(move.cards), source)
                self._emit(ev.Discarded(name, tuple(sorted(move.cards))))
        else:
            self._bet(me, move, source)
        self._advance(source)
        return self.events[first:]

    def _declare(self, me: PlayerState, joined: bool, source: ShuffleSource) -> None:
        if not joined:
            self._emit(ev.Declared(me.name, False))
            return
        ante = self.state.hand_options.rate("ante")
        payment = pay(self.state, me, ante)
        assert not isinstance(payment, str)
        self._emit(ev.Declared(me.name, True, payment, ante))
        self._deal(me.name, HAND_SIZE - len(me.hand), source, self.state.hand_options.blind_betting)

    def _bet(self, me: PlayerState, move: mv.Move, source: ShuffleSource) -> None:
        state = self.state
        name = me.name
        if isinstance(move, mv.Check):
            self._emit(ev.Checked(name))
        elif isinstance(move, mv.Fold):
            self._emit(ev.Folded(name))
        elif isinstance(move, mv.TapOut):
            self._emit(ev.TappedOut(name, me.lucre, state.warp + me.lucre))
        elif isinstance(move, mv.Call) and me.tapped:
            self._emit(ev.Called(name, 0, ev.NO_PAYMENT, free=True))
        else:
            amount = state.call_amount(name)
            if isinstance(move, mv.Open):
                amount = move.amount
            elif isinstance(move, mv.Raise):
                amount += move.by
            payment = pay(state, me, amount)
            assert not isinstance(payment, str)
            if isinstance(move, mv.Open):
                self._emit(ev.Opened(name, amount, payment, tuple(sorted(move.shown)), tuple(sorted(move.discarded))))
                if move.discarded:
                    self._deal(name, len(move.discarded), source)
                    self._emit(ev.Discarded(name, tuple(sorted(move.discarded))))
            elif isinstance(move, mv.Raise):
                self._emit(ev.Raised(name, move.by, amount, payment))
            else:
                self._emit(ev.Called(name, amount, payment))

    def _deal(self, name: str, count: int, source: ShuffleSource, hidden: bool = False) -> None:
        """Deal ``count`` cards from the top; an empty deck is the discard pile reshuffled."""
        while count > 0:
            if not self.state.deck:
                self._emit(ev.Shuffled(source.shuffle(self.state.discard)))
            cards = tuple(self.state.deck[:count])
            self._emit(ev.Dealt(name, cards, hidden))
            count -= len(cards)

    def _turn_card(self, purpose: str, source: ShuffleSource) -> None:
        if not self.state.deck:
            self._emit(ev.Shuffled(source.shuffle(self.state.discard)))
        self._emit(ev.CardTurned(self.state.deck[0], purpose))

    # -- the flow of a hand -----------------------------------------------------------------------------------------

    def _advance(self, source: ShuffleSource) -> None:
        """Move the game on until it waits for a decision: the next phase, the hand's end, the next hand."""
        state = self.state
        while not state.over:
            if len(state.in_game) <= 1:
                last = state.in_game[0].name if state.in_game else None
                self._emit(ev.GameOver(last, "is the last player left in the game" if last else "nobody is left"))
                return
            phase = state.phase
            if phase in ("choosing", "dealing") and state.players[state.dealer].out is not None:  # type: ignore[index]
                self._end_hand(source)  # the dealer left before the deal: it passes on
            elif phase == "choosing":
                if state.queue:
                    return
                self._emit(ev.OptionsChosen(state.dealer, (), state.options))  # type: ignore[arg-type]
            elif phase == "dealing":
                self._deal_hand(source)
            elif phase == "declaring":
                if state.queue:
                    return
                self._after_declarations(source)
            elif phase in ("flipping", "betting", "drawing", "showdown"):
                active = state.active
                if len(active) <= 1:
                    self._win_by_folds(active[0] if active else None, source)
                elif state.queue:
                    return
                else:
                    self._next_phase(source)
            else:
                return

    def _deal_hand(self, source: ShuffleSource) -> None:
        state = self.state
        options = state.hand_options
        dealer = state.dealer
        assert dealer is not None
        if options.wild == "turned":
            self._turn_card("wild", source)
        if options.spit:
            self._turn_card("spit", source)
        blind = options.blind_betting
        order = state.clockwise(dealer, lambda p: p.out is None)
        if not any(player.hand for player in state.in_game):  # the first deal
            top = state.deck[:HAND_SIZE * len(order)]
            for seat, name in enumerate(order):
                self._emit(ev.Dealt(name, tuple(top[seat::len(order)]), blind))
        else:
            old = tuple(state.players[dealer].hand)
            self._deal(dealer, HAND_SIZE, source, blind)
            if old:
                self._emit(ev.Discarded(dealer, old))
        self._emit(ev.DeclarationsStarted(tuple(name for name in order if name != dealer)))

    def _after_declarations(self, source: ShuffleSource) -> None:
        state = self.state
        dealer = state.dealer
        assert dealer is not None
        active = state.active
        came_in = any(p.status in (IN, FOLDED) for p in state.players.values() if p.name != dealer)
        if not came_in and active:
            self._emit(ev.PassedOut(dealer, state.hand_options.rate("pass_out")))
            self._end_hand(source)
        elif len(active) <= 1:
            self._win_by_folds(active[0] if active else None, source)
        else:
            self._start_play(source)

    def _start_play(self, source: ShuffleSource) -> None:
        """After the declarations: Card Flip, then the first round (or the second, with showdown_straight)."""
        state = self.state
        order = tuple(state.clockwise(state.dealer, lambda p: p.active))  # type: ignore[arg-type]
        if state.hand_options.flip and state.phase != "flipping":
            self._emit(ev.FlipStarted(order, state.hand_options.flip))
        elif state.hand_options.showdown_straight:
            self._emit(ev.RoundStarted(2, order))
        else:
            self._emit(ev.RoundStarted(1, order))

    def _next_phase(self, source: ShuffleSource) -> None:
        state = self.state
        if state.phase == "flipping":
            self._start_play(source)
        elif state.phase == "betting" and state.round == 1:
            self._emit(ev.RoundEnded(1))
            self._emit(ev.DrawStarted(tuple(state.clockwise(state.dealer, lambda p: p.active))))  # type: ignore[arg-type]
        elif state.phase == "drawing":
            first = self._first_active(state.opener or state.dealer, state.opener is not None)  # type: ignore[arg-type]
            self._emit(ev.RoundStarted(2, self._active_from(first)))
        elif state.phase == "betting":
            self._emit(ev.RoundEnded(2))
            first = self._first_active(state.bettor or state.starter, True)  # type: ignore[arg-type]
            self._emit(ev.ShowdownStarted(self._active_from(first)))
        else:
            self._settle(source)

    def _first_active(self, name: str, itself: bool) -> str:
        """``name`` if ``itself`` and they are still active, else the next active player clockwise."""
        state = self.state
        if itself and state.players[name].active:
            return name
        return state.clockwise(name, lambda p: p.active)[0]

    def _active_from(self, first: str) -> tuple[str, ...]:
        """The active players clockwise, starting with ``first`` (who is active)."""
        order = self.state.clockwise(first, lambda p: p.active)
        return tuple(order[-1:] + order[:-1])

    def _settle(self, source: ShuffleSource) -> None:
        shown = showdown.exposures(self.state)
        for name, cards, meld in shown:
            self._emit(ev.MeldExposed(name, cards, None if meld is None else meld.name,
                                      () if meld is None else meld.values))
        high, low = showdown.winners(self.state, shown)
        weakest = "has the weakest meld"
        self._pay_out(low, high == low, weakest if self.state.hand_options.low_showdown else "has the best meld")
        if high != low:
            self._emit(ev.HandWon(high, 0, 0, True, "has the strongest meld"))
        self._end_hand(source)

    def _pay_out(self, name: str, base: bool, reason: str) -> None:
        """The Warp's Lucre to ``name``: a tapped-out winner takes only their share, the rest goes to the Bank."""
        state = self.state
        share = state.players[name].share
        lucre = state.warp if share is None else min(share, state.warp)
        self._emit(ev.HandWon(name, lucre, state.warp - lucre, base, reason))

    def _win_by_folds(self, winner: PlayerState | None, source: ShuffleSource) -> None:
        if winner is None:
            self._emit(ev.WarpReturned(self.state.warp))
        else:
            self._pay_out(winner.name, True, "is the last active player in the hand")
        self._end_hand(source)

    def _end_hand(self, source: ShuffleSource) -> None:
        """The hand is over: the win and out checks, then the deal passes clockwise."""
        state = self.state
        self._emit(ev.HandEnded(state.number))
        goal = state.options.bases_to_win
        reached = [p for p in state.in_game if p.bases >= goal]
        if reached:
            winner = max(reached, key=lambda p: p.lucre)
            self._emit(ev.GameOver(winner.name, f"holds {winner.bases} foreign bases"))
            return
        for player in state.in_game:
            if player.lucre == 0 and player.home == 0 and player.warp_tokens == 0 and not any(
                    DECK[card].kind in ("E", "F") for card in player.hand):
                self._emit(ev.PlayerOut(player.name, "has no Lucre and nothing to pawn"))
        if len(state.in_game) > 1:
            dealer = state.clockwise(state.dealer, lambda p: p.out is None)[0]  # type: ignore[arg-type]
            self._emit(ev.HandStarted(state.number + 1, dealer, state.options.dealers_choice))
