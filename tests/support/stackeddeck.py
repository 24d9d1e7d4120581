"""A poker game on a stacked deck, played as players type (POKER-RULES.md's test cases and the variations' tests)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.poker import happenings as ev
from engine.poker.pokergame import PokerGame
from engine.poker.shuffles import ScriptedShuffle, first_deal
from engine.poker.variations import PokerOptions
from engine.poker.wording import read_command


class Table:
    """A game on a stacked deck: ``hands`` per seat (in seat order), the first dealer, then cards to deal later."""

    def __init__(self, seats: Sequence[str], dealer: str, hands: dict[str, str] | None = None, then: str = "",
                 options: PokerOptions = PokerOptions(), turned: str = "", **position: dict[str, int]) -> None:
        order = [*seats[seats.index(dealer) + 1:], *seats[:seats.index(dealer) + 1]]
        top = first_deal([hands[name].split() for name in order], then.split()) if hands else then.split()
        top = [*turned.split(), *top]
        self.source = ScriptedShuffle(top, dealer=seats.index(dealer))
        self.game = PokerGame.start(list(seats), options, self.source)
        for name, fields in position.items():  # a position reached in earlier hands
            for field, value in fields.items():
                setattr(self.game.state.players[name], field, value)

    def __call__(self, player: str, command: str) -> list[ev.Event]:
        move = read_command(self.game.state.players[player], command)
        return self.game.apply(player, move, self.source)

    def refusal(self, player: str, command: str) -> str | None:
        return self.game.why_not(player, read_command(self.game.state.players[player], command))

    def lucre(self) -> dict[str, int]:
        return {p.name: p.lucre for p in self.game.state.players.values()}

    def bases(self, name: str) -> int:
        return self.game.state.players[name].bases

    @property
    def warp(self) -> int:
        return self.game.state.warp


FOUR = ("Ann", "Bob", "Cy", "Dee")
THREE = ("Ann", "Bob", "Cy")
