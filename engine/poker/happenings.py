"""Every change to a poker game is one of these events; the game's state is their fold (pokerstate.fold).

Cards are ids into ``cards.DECK``. Some events carry hidden cards (the deck order, a hand dealt, a secret meld pick):
``seatview.event_for`` says what each viewer may read of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.eventcodec import EventCodec
from engine.poker.variations import PokerOptions


@dataclass(frozen=True, slots=True)
class Payment:
    """How a payment was made: pawned items first (in the order named), then the player's own Lucre."""

    lucre: int = 0
    items: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()
    """The Edicts and Flares pawned (discarded face up)."""
    raised: int = 0
    """Lucre the Bank paid for the items."""
    forfeited: int = 0
    """What the last item raised beyond the payment, back to the Bank."""


NO_PAYMENT = Payment()


@dataclass(frozen=True, slots=True)
class GameCreated:
    seats: tuple[str, ...]
    options: PokerOptions


@dataclass(frozen=True, slots=True)
class Shuffled:
    """The deck, top card first: the whole deck when the game starts, later the discard pile reshuffled."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandStarted:
    number: int
    dealer: str
    choosing: bool = False
    """Dealer's Choice: the dealer chooses this hand's options before anything is turned or dealt."""


@dataclass(frozen=True, slots=True)
class OptionsChosen:
    """Dealer's Choice: the options in force for this hand."""

    dealer: str
    chosen: tuple[tuple[str, str], ...]
    options: PokerOptions


@dataclass(frozen=True, slots=True)
class CardTurned:
    """A card turned face up beside the Warp for this hand: ``purpose`` is wild or spit."""

    card: int
    purpose: str


@dataclass(frozen=True, slots=True)
class Dealt:
    player: str
    cards: tuple[int, ...]
    hidden: bool = False
    """blind_betting: the cards stay hidden from their owner until the first round ends."""


@dataclass(frozen=True, slots=True)
class Discarded:
    player: str
    cards: tuple[int, ...]
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class DeclarationsStarted:
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    player: str
    joined: bool
    payment: Payment = NO_PAYMENT
    ante: int = 0


@dataclass(frozen=True, slots=True)
class PassedOut:
    """Nobody came in: the dealer collects from the Bank; no win, no base."""

    dealer: str
    lucre: int


@dataclass(frozen=True, slots=True)
class FlipStarted:
    order: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Flipped:
    player: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PawnNamed:
    player: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PawnCleared:
    player: str


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Checked:
    player: str


@dataclass(frozen=True, slots=True)
class Folded:
    player: str


@dataclass(frozen=True, slots=True)
class Opened:
    player: str
    amount: int
    payment: Payment
    shown: tuple[int, ...] = ()
    """Splitting openers: the meld shown (public for the rest of the hand) ..."""
    discarded: tuple[int, ...] = ()
    """... and the cards of it given up, replaced by as many dealt."""


@dataclass(frozen=True, slots=True)
class Called:
    player: str
    amount: int
    payment: Payment
    free: bool = False
    """A tapped-out player calls free."""


@dataclass(frozen=True, slots=True)
class Raised:
    player: str
    by: int
    amount: int
    payment: Payment


@dataclass(frozen=True, slots=True)
class TappedOut:
    player: str
    lucre: int
    share: int
    """The Warp's Lucre just after the payment: all this player can win."""


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class DrawStarted:
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Drew:
    """How many cards a player exchanges (the cards follow as Dealt, then Discarded face down)."""

    player: str
    count: int


@dataclass(frozen=True, slots=True)
class ShowdownStarted:
    order: tuple[str, ...]
    """The order the melds will be exposed in."""


@dataclass(frozen=True, slots=True)
class MeldPicked:
    """A secret, final pick: cards from the hand (a spit card joins them), or "no meld"."""

    player: str
    cards: tuple[int, ...]
    placed: tuple[tuple[int, int], ...] = ()
    no_meld: bool = False


@dataclass(frozen=True, slots=True)
class MeldExposed:
    player: str
    cards: tuple[int, ...]
    meld: str | None
    values: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandWon:
    """``player`` takes ``lucre`` from the Warp (``returned`` goes back to the Bank: a tap-out share) and, if
    ``base``, gains a foreign base."""

    player: str
    lucre: int
    returned: int
    base: bool
    reason: str


@dataclass(frozen=True, slots=True)
class WarpReturned:
    """Nobody is left to win the hand (every active player left the table): the Warp's Lucre goes to the Bank."""

    lucre: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    number: int


@dataclass(frozen=True, slots=True)
class PlayerOut:
    player: str
    reason: str


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: str | None
    reason: str


Event = (
    GameCreated | Shuffled | HandStarted | OptionsChosen | CardTurned | Dealt | Discarded | DeclarationsStarted
    | Declared | PassedOut | FlipStarted | Flipped | PawnNamed | PawnCleared | RoundStarted | Checked | Folded | Opened
    | Called | Raised | TappedOut | RoundEnded | DrawStarted | Drew | ShowdownStarted | MeldPicked | MeldExposed
    | HandWon | WarpReturned | HandEnded | PlayerOut | GameOver
)
_CODEC: EventCodec[Event] = EventCodec(Event.__args__)  # type: ignore[attr-defined]
EVENT_TYPES = _CODEC.types
event_to_dict = _CODEC.to_dict
event_from_dict = _CODEC.from_dict
