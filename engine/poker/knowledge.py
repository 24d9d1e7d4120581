"""What one seat knows of a poker game, folded from the events as that seat may read them (``seatview.event_for``):
where the cards it has seen are (its own discards, cards pawned face up, turned cards, other players' melds exposed at
a showdown and their split openers and flipped cards, which go back to their hands), and what every player did this
hand (declarations, bets with the price they faced, draws). The strong bot samples the cards it has not seen from this;
it is given nothing else of the game, so it cannot use another player's hidden cards or the deck's order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.poker import moves as mv
from engine.poker.cards import COPIES, DECK, Card, parse_card

HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class Bet:
    """One betting decision seen: who, in which round, what (check, open, call, raise, fold, tapout), the Lucre it
    would have cost to call (0 before an open), the Warp's Lucre before it, and what was put in."""

    player: str
    round: int
    kind: str
    price: int
    pot: int
    paid: int


@dataclass(slots=True)
class SeatMemory:
    """One seat's knowledge, updated event by event (``see``); ``seat`` is the seat's player."""

    seat: str
    dealer: str | None = None
    hand_number: int = 0
    discards: Counter[Card] = field(default_factory=Counter)
    """Cards known to lie in the discard pile (until it is shuffled back into the deck)."""
    held: dict[str, Counter[Card]] = field(default_factory=dict)
    """Cards known to be in another player's hand (exposed, shown or flipped, and not known to be gone since)."""
    turned: Counter[Card] = field(default_factory=Counter)
    bets: list[Bet] = field(default_factory=list)
    """This hand's betting decisions, in order."""
    came_in: set[str] = field(default_factory=set)
    drew: dict[str, int] = field(default_factory=dict)
    """How many cards each player exchanged in this hand's draw."""
    exposed: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    """The melds exposed at the last showdown each player took part in (their cards went back to the hand)."""
    round: int = 0
    warp: int = 0
    high: int = 0
    round_bets: dict[str, int] = field(default_factory=dict)
    _dealing: bool = False
    _split: dict[str, tuple[Card, ...]] = field(default_factory=dict)

    @classmethod
    def from_events(cls, seat: str, seen: Iterable[dict[str, Any]]) -> SeatMemory:
        memory = cls(seat)
        for event in seen:
            memory.see(event)
        return memory

    def unseen(self, hand: Iterable[Card]) -> Counter[Card]:
        """The cards this seat has not seen and cannot place: the deck, other hands' unknown cards and face-down
        discards, all alike to it."""
        pool = COPIES - Counter(hand) - self.discards - self.turned
        for cards in self.held.values():
            pool -= cards
        return pool

    def see(self, event: dict[str, Any]) -> None:
        handler = getattr(self, "_" + event["type"], None)
        if handler is not None:
            handler(event)

    def _Shuffled(self, event: dict[str, Any]) -> None:
        self.discards.clear()  # the discard pile is the new deck

    def _HandStarted(self, event: dict[str, Any]) -> None:
        self.dealer, self.hand_number = event["dealer"], event["number"]
        self.bets, self.came_in, self.drew, self.round_bets = [], {event["dealer"]}, {}, {}
        self.warp = self.high = 0
        self._dealing = True

    def _CardTurned(self, event: dict[str, Any]) -> None:
        self.turned[parse_card(event["texts"][0])] += 1

    def _DeclarationsStarted(self, event: dict[str, Any]) -> None:
        self._dealing = False

    def _Discarded(self, event: dict[str, Any]) -> None:
        player = event["player"]
        if "texts" in event:  # our own, or pawned face up
            cards = Counter(parse_card(text) for text in event["texts"])
            self.discards += cards
            if player in self.held:
                self.held[player] -= cards
        elif player in self._split:
            self.discards += Counter(self._split.pop(player))
        elif self._dealing and player == self.dealer:  # the dealer's old hand, all of it
            self.discards += self.held.pop(player, Counter())
        else:
            self._forget(player, event["count"])

    def _forget(self, player: str, count: int) -> None:
        """``count`` cards of ``player``'s went face down: the known ones are taken to be kept (a player keeps the
        cards of their meld) unless more went than their other cards."""
        known = self.held.get(player)
        if not known:
            return
        excess = count - (HAND_SIZE - sum(known.values()))
        for card in list(known.elements())[:max(0, excess)]:
            known[card] -= 1

    def _Declared(self, event: dict[str, Any]) -> None:
        if event["joined"]:
            self.came_in.add(event["player"])
            self.warp += event["ante"]

    def _Flipped(self, event: dict[str, Any]) -> None:
        self._hold(event["player"], event["texts"])

    def _hold(self, player: str, texts: Iterable[str]) -> None:
        if player != self.seat:
            self.held[player] = self.held.get(player, Counter()) | Counter(parse_card(text) for text in texts)

    def _RoundStarted(self, event: dict[str, Any]) -> None:
        self.round, self.high, self.round_bets = event["round"], 0, {}

    def _bet(self, event: dict[str, Any], kind: str, paid: int) -> None:
        player = event["player"]
        price = max(0, self.high - self.round_bets.get(player, 0))
        self.bets.append(Bet(player, self.round, kind, price, self.warp, paid))
        self.warp += paid
        self.round_bets[player] = self.round_bets.get(player, 0) + paid
        self.high = max(self.high, self.round_bets[player])

    def _Checked(self, event: dict[str, Any]) -> None:
        self._bet(event, "check", 0)

    def _Folded(self, event: dict[str, Any]) -> None:
        self._bet(event, "fold", 0)

    def _Opened(self, event: dict[str, Any]) -> None:
        self._bet(event, "open", event["amount"])
        player = event["player"]
        self._hold(player, (DECK[card].text for card in event["shown"]))
        if event["discarded"]:
            gone = tuple(DECK[card] for card in event["discarded"])
            self._split[player] = gone
            if player in self.held:
                self.held[player] -= Counter(gone)

    def _Called(self, event: dict[str, Any]) -> None:
        self._bet(event, "call", event["amount"])
        if event.get("free"):
            self.round_bets[event["player"]] = self.high

    def _Raised(self, event: dict[str, Any]) -> None:
        self._bet(event, "raise", event["amount"])

    def _TappedOut(self, event: dict[str, Any]) -> None:
        self._bet(event, "tapout", event["lucre"])
        self.round_bets[event["player"]] = self.high

    def _Drew(self, event: dict[str, Any]) -> None:
        self.drew[event["player"]] = event["count"]

    def _MeldExposed(self, event: dict[str, Any]) -> None:
        cards = tuple(parse_card(text) for text in event.get("texts", []))
        self.exposed[event["player"]] = cards
        self._hold(event["player"], event.get("texts", []))

    def _HandEnded(self, event: dict[str, Any]) -> None:
        self.discards += self.turned
        self.turned = Counter()

    def _PlayerOut(self, event: dict[str, Any]) -> None:
        self.discards += self.held.pop(event["player"], Counter())


@dataclass(frozen=True, slots=True)
class BotSeat:
    """All a bot is given: the table as its seat may see it (``seatview.table_view``), its legal moves, what its seat
    has seen (``SeatMemory``), and the ids of its own cards that it can see, in its hand's order (to name them in a
    move the legal ones do not list, such as splitting openers)."""

    view: dict[str, Any]
    legal: Sequence[mv.Move]
    memory: SeatMemory
    cards: tuple[int, ...]
