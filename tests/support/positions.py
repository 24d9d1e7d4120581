"""Game positions for tests, built as events (a game is the fold of its events), like a chess FEN."""

from __future__ import annotations

from engine.wimpout import Face, Game, RuleSet, Scoring, Throw
from engine.wimpout import events as ev
from engine.wimpout.scoring import Outcome


def position(
    rules: RuleSet,
    scores: dict[str, int],
    up: str,
    *,
    insurance: dict[str, int] | None = None,
    turn_points: int = 0,
    kept: Throw = Throw(()),
    clearing: Face | None = None,
) -> Game:
    """Players in seating order with these scores (a non-zero score is in the game), ``up`` to play; optionally a
    turn in progress with ``turn_points`` and the cubes in ``kept`` set aside, clearing a flash of ``clearing``."""
    events: list[ev.Event] = [ev.GameCreated(tuple(scores), rules)]
    events += [ev.Banked(name, score, score, True) for name, score in scores.items() if score]
    events += [ev.InsuranceEarned(name, points, "earlier") for name, points in (insurance or {}).items()]
    events.append(ev.TurnStarted(up))
    if turn_points:
        events += [ev.Thrown(up, kept), ev.Scored(up, Scoring(Outcome.SCORE, turn_points, kept), turn_points)]
        if clearing is not None:
            events.append(ev.FlashMade(up, clearing))
    return Game.replay(events)


def kinds(events: list[ev.Event]) -> list[str]:
    return [type(event).__name__ for event in events]
