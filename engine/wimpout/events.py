"""Every change to a game is one of these events; a game's state is the fold of its events (see state.evolve).

Events are values: nothing changes one after it is made (they are not frozen only because frozen dataclasses cost a
large share of the engine's time to build).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.eventcodec import EventCodec
from engine.wimpout.cubes import Face, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Scoring


@dataclass(slots=True)
class GameCreated:
    players: tuple[str, ...]
    rules: RuleSet


@dataclass(slots=True)
class RollOff:
    """One round of the roll-off for the first turn: each contender throws one common cube."""

    throws: tuple[tuple[str, Face], ...]


@dataclass(slots=True)
class TurnStarted:
    player: str


@dataclass(slots=True)
class Thrown:
    """The cubes on the table after a throw (with reroll_only_matching, the held cubes too)."""

    player: str
    throw: Throw


@dataclass(slots=True)
class Voided:
    """The Reroll Clause: the throw showed a face of a flash being cleared, so it does not count."""

    player: str
    matched: tuple[Face, ...]
    held: Throw = Throw(())


@dataclass(slots=True)
class ChoiceOffered:
    player: str
    options: tuple[Scoring, ...]


@dataclass(slots=True)
class FlashCleared:
    player: str
    faces: tuple[Face, ...]


@dataclass(slots=True)
class Scored:
    player: str
    scoring: Scoring
    turn_points: int


@dataclass(slots=True)
class FlashMade:
    """The Futtless Rule now holds: the flash must be cleared before the player may stop."""

    player: str
    face: Face


@dataclass(slots=True)
class MustThrowAll:
    """You May Not Want To But You Must: all five cubes have scored, so all five are thrown again."""

    player: str


@dataclass(slots=True)
class WimpedOut:
    player: str
    points_lost: int
    train_wreck: bool
    killed: bool = False
    """Kill(n): the flash was not cleared in n throws."""


@dataclass(slots=True)
class Banked:
    player: str
    points: int
    score: int
    circle_filled: bool
    """The bank reached the opening minimum and filled one of the player's circles (the first gets them in)."""


@dataclass(slots=True)
class PlayerOut:
    player: str
    reason: str


@dataclass(slots=True)
class LastLicksStarted:
    leader: str
    target: int
    challengers: tuple[str, ...]


@dataclass(slots=True)
class LastLickEnded:
    player: str
    passed: bool
    target: int


@dataclass(slots=True)
class LeaderChanged:
    """A new leader in Last Licks (or a new round of variant C): these challengers must now pass ``target``."""

    leader: str
    previous: str
    target: int
    challengers: tuple[str, ...]


@dataclass(slots=True)
class TurnSuspended:
    """Suspend(n): the flash was not cleared in n throws; the turn goes on when play comes back to the player."""

    player: str


@dataclass(slots=True)
class TurnResumed:
    player: str


@dataclass(slots=True)
class InsuranceEarned:
    player: str
    points: int
    reason: str


@dataclass(slots=True)
class InsuranceWindow:
    """The throw waits: these players may spend Insurance Points to cancel it (the thrower first)."""

    player: str
    entitled: tuple[str, ...]


@dataclass(slots=True)
class InsurancePassed:
    player: str


@dataclass(slots=True)
class InsuranceWindowClosed:
    """The decision window ran out; the throw stands."""


@dataclass(slots=True)
class ThrowCancelled:
    """Insurance Points spent: the throw did not happen, and the same cubes are thrown again."""

    player: str
    by: str
    cost: int


@dataclass(slots=True)
class Bumped:
    player: str
    by: str
    score: int
    """Where the bumped player is sent: the lander's score at the start of the turn."""


@dataclass(slots=True)
class Eclipsed:
    """Eclipse variant 2: eclipsed from up the beam, the player drops 5 points to escape."""

    player: str
    by: str
    score: int


@dataclass(slots=True)
class CircleAdded:
    """Recovery: a Train Wreck adds a circle that must be cleared with a turn of the opening minimum."""

    player: str
    circles: int


@dataclass(slots=True)
class ProposalMade:
    """The Guiding Light: a proposed change of rules (an option ``name`` set to ``value``, or an honour rule)."""

    number: int
    proposer: str
    name: str
    value: str
    text: str
    """How players read it, e.g. "bump on" or "no rolling off the table"."""


@dataclass(slots=True)
class VoteCast:
    number: int
    player: str
    yes: bool


@dataclass(slots=True)
class ProposalAdopted:
    number: int
    rules: RuleSet
    """The table's rules once this change takes effect."""


@dataclass(slots=True)
class ProposalDefeated:
    number: int
    reason: str


@dataclass(slots=True)
class RulesChanged:
    """Adopted changes take effect: at once before the first throw, otherwise at the start of the next turn."""

    rules: RuleSet


@dataclass(slots=True)
class GameOver:
    winner: str | None
    reason: str


Event = (
    GameCreated
    | RollOff
    | TurnStarted
    | Thrown
    | Voided
    | ChoiceOffered
    | FlashCleared
    | Scored
    | FlashMade
    | MustThrowAll
    | WimpedOut
    | Banked
    | PlayerOut
    | LastLicksStarted
    | LastLickEnded
    | LeaderChanged
    | TurnSuspended
    | TurnResumed
    | InsuranceEarned
    | InsuranceWindow
    | InsurancePassed
    | InsuranceWindowClosed
    | ThrowCancelled
    | Bumped
    | Eclipsed
    | CircleAdded
    | ProposalMade
    | VoteCast
    | ProposalAdopted
    | ProposalDefeated
    | RulesChanged
    | GameOver
)
_CODEC: EventCodec[Event] = EventCodec(Event.__args__)  # type: ignore[attr-defined]
EVENT_TYPES = _CODEC.types
event_to_dict = _CODEC.to_dict
event_from_dict = _CODEC.from_dict
