"""A throw of the live cubes as a step of the turn: what the general code of ``Game`` made of it once, kept.

From a position of a turn (the live cubes and the flashes being cleared) a throw of those cubes always does the same
under one way of scoring: it scores one way (with the same flashes cleared and made, and leads to the same position),
wimps out, or does something rarer. ``Game`` plays each throw once by its general code on a scratch turn at that
position, and keeps what the events it made say (``read``); every later throw of those cubes from there makes the
same events and leaves the state as their fold would (tests/engine/test_engine_steps.py plays every throw both ways).
Nothing here is a rule: the rules are the general code's, run once.
"""

from __future__ import annotations

from engine.wimpout import events as ev
from engine.wimpout.cubes import Face, Throw
from engine.wimpout.houserules import insurance_earned
from engine.wimpout.refusals import position_block
from engine.wimpout.scoring import Outcome, Scoring
from engine.wimpout.state import TurnState
from engine.wimpout.throws import is_built

SCORE, WIMPOUT, GENERAL = "score", "wimpout", "general"
"""What a throw does: scores one way, wimps out (not a Train Wreck), or anything else (played by the general code)."""
_SCORED_EVENTS = (ev.FlashCleared, ev.Scored, ev.FlashMade, ev.InsuranceEarned, ev.MustThrowAll)


class Step:
    """One throw from one position: for a scoring, its events' values and the position its events fold into."""

    __slots__ = ("kind", "scoring", "points", "cleared", "made", "commons", "sun", "clearing", "must", "blocked",
                 "earns")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.scoring: Scoring | None = None
        self.points = 0
        self.cleared: tuple[Face, ...] = ()
        """The flashes it clears (FlashCleared), or none."""
        self.made: tuple[Face, ...] = ()
        """The flashes it makes (FlashMade)."""
        self.commons, self.sun, self.clearing, self.must = 0, False, frozenset[Face](), False
        """The position its events fold into: live cubes, flashes being cleared, all five to throw (MustThrowAll)."""
        self.blocked = False
        """Stopping is forbidden there whatever the points (a flash to clear, all five to throw again)."""
        self.earns: str | None = None
        """Why it earns an Insurance Point where Insurance is played (``houserules.insurance_earned``), or None."""

    def same(self) -> tuple[object, ...]:
        """What makes two steps the same (every field): throws that do the same from a position share one step."""
        return tuple([getattr(self, name) for name in self.__slots__])


GENERAL_STEP, WIMPOUT_STEP = Step(GENERAL), Step(WIMPOUT)


def read(made: list[ev.Event], after: TurnState) -> Step:
    """The step of a throw from the events the general code made after its Thrown, and the scratch turn they left.
    Insurance Points earned are not read from the events: whether the rules give them is the game's, not the
    scoring's (the scratch game's rules score the same, but may play Insurance or not)."""
    first = made[0] if made else None
    if isinstance(first, ev.WimpedOut) and not first.train_wreck and not first.killed:
        return WIMPOUT_STEP
    if not all(isinstance(event, _SCORED_EVENTS) for event in made):
        return GENERAL_STEP
    scored = [event for event in made if isinstance(event, ev.Scored)]
    if len(scored) != 1 or scored[0].scoring.special is not None or scored[0].scoring.outcome not in (
            Outcome.SCORE, Outcome.FREIGHT_TRAIN):
        return GENERAL_STEP
    step = Step(SCORE)
    step.scoring = scored[0].scoring
    step.points = step.scoring.points
    step.cleared = next((event.faces for event in made if isinstance(event, ev.FlashCleared)), ())
    step.made = tuple([event.face for event in made if isinstance(event, ev.FlashMade)])
    step.commons, step.sun, step.clearing = after.commons, after.sun, after.clearing
    step.must = any(isinstance(event, ev.MustThrowAll) for event in made)
    step.blocked = position_block(after) is not None
    step.earns = insurance_earned(step.scoring, True, True)
    return step


def keeps(thrown: Throw) -> bool:
    """Whether a throw's step may be kept under its identity: only the throws built once (``engine.throws``), which
    live as long as the program; a throw made elsewhere (loaded dice) is played by the general code each time."""
    return is_built(thrown)
