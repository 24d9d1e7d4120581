"""What a player can do at a poker table (POKER-RULES.md, "Commands"). Cards are ids into ``cards.DECK``, held as
sorted tuples (whatever order they are given in) so equal moves compare equal; ``wording`` turns moves into the commands players type and back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Declare:
    """``in`` (pay the ante, with any items named with ``pawn``) or ``out`` (sit this hand out)."""

    joined: bool


@dataclass(frozen=True, slots=True)
class Check:
    pass


@dataclass(frozen=True, slots=True)
class Fold:
    pass


@dataclass(frozen=True, slots=True)
class Call:
    pass


@dataclass(frozen=True, slots=True)
class TapOut:
    pass


@dataclass(frozen=True, slots=True)
class Open:
    """Open for ``amount``; splitting openers: show the meld ``shown`` and give up ``discarded`` (some of it)."""

    amount: int
    shown: tuple[int, ...] = ()
    discarded: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", tuple(sorted(self.shown)))
        object.__setattr__(self, "discarded", tuple(sorted(self.discarded)))


@dataclass(frozen=True, slots=True)
class Raise:
    """Lift the high bet by ``by`` (paying the call plus ``by``)."""

    by: int


@dataclass(frozen=True, slots=True)
class Pawn:
    """Name items for the next payment this turn (added to those already named)."""

    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PawnClear:
    pass


@dataclass(frozen=True, slots=True)
class Draw:
    """Exchange these cards (none: keep all)."""

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class Flip:
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class Choose:
    """Dealer's Choice: options switched on for this hand (none: the table's)."""

    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Meld:
    """The showdown pick: these cards, with some modifiers placed (modifier, Attack card) in that order."""

    cards: tuple[int, ...]
    placed: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class MeldAuto:
    """The strongest meld in hand (``lowball``: the weakest five challenge cards)."""


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the table (by choice, or removed by the table): any hand in progress folds, and they are out."""

    player: str
    reason: str


IN, OUT = Declare(True), Declare(False)
CHECK, FOLD, CALL, TAP_OUT, PAWN_CLEAR, MELD_AUTO, KEEP_ALL, NO_CHOICE = (
    Check(), Fold(), Call(), TapOut(), PawnClear(), MeldAuto(), Draw(), Choose()
)

Move = Declare | Check | Fold | Call | TapOut | Open | Raise | Pawn | PawnClear | Draw | Flip | Choose | Meld | MeldAuto \
    | Leave
