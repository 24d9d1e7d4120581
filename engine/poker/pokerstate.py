"""A poker game's state: the fold of its events. Only the reducers here change it, so a game rebuilt from its events
(``PokerGame.replay``) equals the live one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.poker import happenings as ev
from engine.poker.cards import ATTACK, DECK
from engine.poker.variations import TOKENS, PokerOptions

IN, OUT, FOLDED = "in", "out", "folded"
"""A player's part in the hand: came in (or deals), sat it out, folded; "" before declaring or when out of the game."""


@dataclass(slots=True)
class PlayerState:
    name: str
    lucre: int
    bases: int = 0
    home: int = TOKENS
    warp_tokens: int = 0
    gone_tokens: int = 0
    """Tokens removed from the game (pawned from the Warp)."""
    hand: list[int] = field(default_factory=list)
    out: str | None = None
    """Why the player is out of the game, or None while in it."""
    status: str = ""
    tapped: bool = False
    share: int | None = None
    bet: int = 0
    """Lucre paid in this betting round (never the ante)."""
    pawn: list[str] = field(default_factory=list)
    """Items named for the next payment this turn."""
    shown: set[int] = field(default_factory=set)
    """Cards of the hand made public for this hand (split openers, flipped cards)."""
    flipped: set[int] = field(default_factory=set)
    hidden: set[int] = field(default_factory=set)
    """blind_betting: cards not yet seen by their owner."""
    exchanged: int = 0
    picked: ev.MeldPicked | None = None
    exposed: ev.MeldExposed | None = None

    @property
    def active(self) -> bool:
        return self.status == IN and self.out is None


@dataclass(slots=True)
class GameState:
    options: PokerOptions
    seats: tuple[str, ...]
    players: dict[str, PlayerState]
    hand_options: PokerOptions
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    turned: list[int] = field(default_factory=list)
    wild: int | None = None
    spit: int | None = None
    warp: int = 0
    bank_paid: int = 0
    """Lucre the Bank has paid in (pawns, pass-outs); with ``bank_took`` it balances every player's Lucre and the
    Warp's against the starting Lucre."""
    bank_took: int = 0
    number: int = 0
    dealer: str | None = None
    phase: str = "between"
    queue: list[str] = field(default_factory=list)
    """Who must still act in this phase, in order (at the showdown: who has still to pick, in any order)."""
    round: int = 0
    opened: bool = False
    high: int = 0
    raises: int = 0
    opener: str | None = None
    """The first round's opener."""
    starter: str | None = None
    """Who started the second round."""
    bettor: str | None = None
    """The last to open or raise in the second round."""
    expose_order: tuple[str, ...] = ()
    winner: str | None = None
    over: bool = False
    reason: str = ""

    def player(self, name: str) -> PlayerState:
        return self.players[name]

    @property
    def in_game(self) -> list[PlayerState]:
        return [p for p in self.players.values() if p.out is None]

    @property
    def active(self) -> list[PlayerState]:
        return [p for p in self.players.values() if p.active]

    def clockwise(self, after: str, include: Callable[[PlayerState], bool] = lambda p: True) -> list[str]:
        """The seats after ``after``, clockwise, ending with ``after`` itself, those ``include`` accepts."""
        i = self.seats.index(after)
        order = self.seats[i + 1:] + self.seats[:i + 1]
        return [name for name in order if include(self.players[name])]

    @property
    def turn(self) -> str | None:
        return self.queue[0] if self.queue and self.phase != "showdown" else None

    def waiting_on(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return tuple(self.queue) if self.phase == "showdown" else tuple(self.queue[:1])

    def call_amount(self, name: str) -> int:
        return max(0, self.high - self.players[name].bet)

    @property
    def total_lucre(self) -> int:
        return self.warp + sum(p.lucre for p in self.players.values())


def new_state(created: ev.GameCreated) -> GameState:
    players = {name: PlayerState(name, created.options.start_lucre) for name in created.seats}
    return GameState(created.options, created.seats, players, created.options)


def _pay(state: GameState, name: str, amount: int, payment: ev.Payment) -> None:
    player = state.players[name]
    player.lucre -= payment.lucre
    state.warp += amount
    state.bank_paid += payment.raised
    state.bank_took += payment.forfeited
    for item in payment.items:
        if item == "token":
            player.home -= 1
            player.warp_tokens += 1
        elif item == "warptoken":
            player.warp_tokens -= 1
            player.gone_tokens += 1
    _discard(state, player, payment.cards)
    player.pawn.clear()


def _discard(state: GameState, player: PlayerState, cards: Iterable[int]) -> None:
    for card in cards:
        player.hand.remove(card)
        player.shown.discard(card)
        player.flipped.discard(card)
        player.hidden.discard(card)
        state.discard.append(card)


def _others_from(state: GameState, name: str) -> list[str]:
    return [other for other in state.clockwise(name, lambda p: p.active) if other != name]


def _shuffled(state: GameState, e: ev.Shuffled) -> None:
    dealt = set(e.order)
    state.discard = [card for card in state.discard if card not in dealt]
    state.deck = list(e.order)


def _hand_started(state: GameState, e: ev.HandStarted) -> None:
    state.number, state.dealer = e.number, e.dealer
    state.hand_options = state.options
    state.phase = "choosing" if e.choosing else "dealing"
    state.queue = [e.dealer] if e.choosing else []


def _options_chosen(state: GameState, e: ev.OptionsChosen) -> None:
    state.hand_options = e.options
    state.queue = []
    state.phase = "dealing"


def _card_turned(state: GameState, e: ev.CardTurned) -> None:
    state.deck.remove(e.card)
    state.turned.append(e.card)
    card = DECK[e.card]
    if card.kind == ATTACK:
        if e.purpose == "wild":
            state.wild = card.value
        else:
            state.spit = e.card


def _dealt(state: GameState, e: ev.Dealt) -> None:
    player = state.players[e.player]
    for card in e.cards:
        state.deck.remove(card)
    player.hand.extend(e.cards)
    if e.hidden:
        player.hidden.update(e.cards)


def _discarded(state: GameState, e: ev.Discarded) -> None:
    _discard(state, state.players[e.player], e.cards)


def _declarations_started(state: GameState, e: ev.DeclarationsStarted) -> None:
    state.phase = "declaring"
    state.queue = list(e.order)
    assert state.dealer is not None
    state.players[state.dealer].status = IN


def _declared(state: GameState, e: ev.Declared) -> None:
    state.queue.remove(e.player)
    state.players[e.player].status = IN if e.joined else OUT
    if e.joined:
        _pay(state, e.player, e.ante, e.payment)
    else:
        state.players[e.player].pawn.clear()


def _passed_out(state: GameState, e: ev.PassedOut) -> None:
    state.players[e.dealer].lucre += e.lucre
    state.bank_paid += e.lucre


def _flip_started(state: GameState, e: ev.FlipStarted) -> None:
    state.phase = "flipping"
    state.queue = list(e.order)


def _flipped(state: GameState, e: ev.Flipped) -> None:
    player = state.players[e.player]
    player.shown.update(e.cards)
    player.flipped.update(e.cards)
    state.queue.remove(e.player)


def _pawn_named(state: GameState, e: ev.PawnNamed) -> None:
    state.players[e.player].pawn.extend(e.items)


def _pawn_cleared(state: GameState, e: ev.PawnCleared) -> None:
    state.players[e.player].pawn.clear()


def _round_started(state: GameState, e: ev.RoundStarted) -> None:
    state.phase = "betting"
    state.round = e.round
    state.queue = list(e.order)
    state.opened, state.high, state.raises = False, 0, 0
    for player in state.players.values():
        player.bet = 0
    if e.round == 2:
        state.starter, state.bettor = e.order[0], None


def _checked(state: GameState, e: ev.Checked) -> None:
    state.queue.remove(e.player)
    state.players[e.player].pawn.clear()


def _folded(state: GameState, e: ev.Folded) -> None:
    player = state.players[e.player]
    player.status = FOLDED
    player.pawn.clear()
    if e.player in state.queue:
        state.queue.remove(e.player)


def _opened(state: GameState, e: ev.Opened) -> None:
    _pay(state, e.player, e.amount, e.payment)
    player = state.players[e.player]
    player.bet = state.high = e.amount
    player.shown.update(e.shown)
    state.opened = True
    state.queue = _others_from(state, e.player)
    if state.round == 1:
        state.opener = e.player
    else:
        state.bettor = e.player


def _called(state: GameState, e: ev.Called) -> None:
    _pay(state, e.player, e.amount, e.payment)
    state.players[e.player].bet = state.high
    state.queue.remove(e.player)


def _raised(state: GameState, e: ev.Raised) -> None:
    _pay(state, e.player, e.amount, e.payment)
    state.high += e.by
    state.players[e.player].bet = state.high
    state.raises += 1
    state.queue = _others_from(state, e.player)
    if state.round == 2:
        state.bettor = e.player


def _tapped_out(state: GameState, e: ev.TappedOut) -> None:
    player = state.players[e.player]
    player.lucre -= e.lucre
    state.warp += e.lucre
    player.bases -= 1
    player.tapped, player.share = True, e.share
    player.bet = state.high
    player.pawn.clear()
    state.queue.remove(e.player)


def _round_ended(state: GameState, e: ev.RoundEnded) -> None:
    state.queue = []
    for player in state.players.values():
        player.hidden.clear()
        player.bet = 0


def _draw_started(state: GameState, e: ev.DrawStarted) -> None:
    state.phase = "drawing"
    state.queue = list(e.order)


def _drew(state: GameState, e: ev.Drew) -> None:
    state.queue.remove(e.player)
    state.players[e.player].exchanged += e.count


def _showdown_started(state: GameState, e: ev.ShowdownStarted) -> None:
    state.phase = "showdown"
    state.expose_order = e.order
    state.queue = list(e.order)


def _meld_picked(state: GameState, e: ev.MeldPicked) -> None:
    state.players[e.player].picked = e
    state.queue.remove(e.player)


def _meld_exposed(state: GameState, e: ev.MeldExposed) -> None:
    state.players[e.player].exposed = e


def _hand_won(state: GameState, e: ev.HandWon) -> None:
    player = state.players[e.player]
    player.lucre += e.lucre
    state.warp -= e.lucre + e.returned
    state.bank_took += e.returned
    if e.base:
        player.bases += 1
    state.queue = []


def _warp_returned(state: GameState, e: ev.WarpReturned) -> None:
    state.warp -= e.lucre
    state.bank_took += e.lucre
    state.queue = []


def _hand_ended(state: GameState, e: ev.HandEnded) -> None:
    state.discard.extend(state.turned)
    state.turned, state.wild, state.spit = [], None, None
    state.phase, state.queue, state.round = "between", [], 0
    state.opened, state.high, state.raises = False, 0, 0
    state.opener = state.starter = state.bettor = None
    state.expose_order = ()
    state.hand_options = state.options
    for player in state.players.values():
        player.status, player.tapped, player.share, player.bet = "", False, None, 0
        player.pawn.clear()
        player.shown.clear()
        player.flipped.clear()
        player.hidden.clear()
        player.exchanged, player.picked, player.exposed = 0, None, None


def _player_out(state: GameState, e: ev.PlayerOut) -> None:
    player = state.players[e.player]
    player.out = e.reason
    if player.status == IN:
        player.status = FOLDED
    if e.player in state.queue:
        state.queue.remove(e.player)
    _discard(state, player, list(player.hand))


def _game_over(state: GameState, e: ev.GameOver) -> None:
    state.over, state.winner, state.reason = True, e.winner, e.reason
    state.phase, state.queue = "over", []


REDUCERS: dict[type, Callable[[GameState, Any], None]] = {
    ev.Shuffled: _shuffled, ev.HandStarted: _hand_started, ev.OptionsChosen: _options_chosen,
    ev.CardTurned: _card_turned, ev.Dealt: _dealt, ev.Discarded: _discarded,
    ev.DeclarationsStarted: _declarations_started, ev.Declared: _declared, ev.PassedOut: _passed_out,
    ev.FlipStarted: _flip_started, ev.Flipped: _flipped, ev.PawnNamed: _pawn_named, ev.PawnCleared: _pawn_cleared,
    ev.RoundStarted: _round_started, ev.Checked: _checked, ev.Folded: _folded, ev.Opened: _opened,
    ev.Called: _called, ev.Raised: _raised, ev.TappedOut: _tapped_out, ev.RoundEnded: _round_ended,
    ev.DrawStarted: _draw_started, ev.Drew: _drew, ev.ShowdownStarted: _showdown_started,
    ev.MeldPicked: _meld_picked, ev.MeldExposed: _meld_exposed, ev.HandWon: _hand_won,
    ev.WarpReturned: _warp_returned, ev.HandEnded: _hand_ended, ev.PlayerOut: _player_out, ev.GameOver: _game_over,
}


def evolve(state: GameState, event: ev.Event) -> None:
    REDUCERS[type(event)](state, event)


def fold_events(events: Iterable[ev.Event]) -> GameState:
    """The state a list of events leads to (the first must be GameCreated)."""
    iterator = iter(events)
    created = next(iterator)
    assert isinstance(created, ev.GameCreated)
    state = new_state(created)
    for event in iterator:
        evolve(state, event)
    return state
