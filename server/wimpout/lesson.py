"""The tutorial: a short game against a house bot with loaded dice, stopping at each rule the first time it matters
to say what happened and why. The notes follow the game's events, so they stay true whatever the learner does; the
dice follow the script while its throws fit, and are fair after that."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.wimpout import DiceSource, Face, SeededDice, Throw, parse_throw
from engine.wimpout import events as ev
from rooms.tables import Aside, Stood, TableNews

TEACHER = "Teacher"
GOAL = 100
SCRIPT = (
    "10 2",  # the roll-off: the learner first
    "5 2 3 4 s6",  # a 5 scores, the rest do not: 5 points, not yet 35
    "4 4 6 S",  # the Flaming Sun completes the pair of 4s: a flash of 4s to clear
    "4",  # a 4 while clearing 4s: the Reroll Clause
    "5",  # cleared; all five cubes have scored: YMNWTBYM
    "10 3 6 2 S",  # the sun alone beside a 10: keep it as 10 or 5, or throw it again
    "2 3 4 6 s2",  # the teacher's Train Wreck
    "5 5 5 2 s4",  # a flash of 5s...
    "6 s6",  # ...not cleared: a wimpout
    "10 10 5 6 s2",  # the teacher: 25
    "10 s2",  # the teacher: 35, and it is in
    "10 10 10 6 s2",  # a flash of 10s...
    "5 s4",  # ...cleared: enough to start Last Licks
    "2 3 4 6 s6",  # the teacher's last lick fails
)
"""Throws in the order a learner who does what they are told needs them."""


class TutorDice:
    """The script's throws while each fits the cubes asked for; fair cubes otherwise (a learner may go their way)."""

    def __init__(self, script: Sequence[str], fair: DiceSource) -> None:
        self._throws = [parse_throw(line) for line in script]
        self._fair = fair

    def _next(self, commons: int, sun: bool) -> Throw | None:
        if self._throws and len(self._throws[0].commons) == commons and (self._throws[0].sun is not None) == sun:
            return self._throws.pop(0)
        return None

    def resume(self, events: Sequence[ev.Event]) -> None:
        """Go on after a restart from where a game's ``events`` left the script: each throw made took the script's
        next throw if it fitted."""
        for event in events:
            if isinstance(event, ev.RollOff):
                self._next(len(event.throws), False)
            elif isinstance(event, ev.Thrown):
                self._next(len(event.throw.commons), event.throw.sun is not None)

    def throw(self, commons: int, sun: bool) -> Throw:
        return self._next(commons, sun) or self._fair.throw(commons, sun)

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        scripted = self._next(cubes, False)
        return scripted.commons if scripted is not None else self._fair.roll_off(cubes)


@dataclass(frozen=True, slots=True)
class Note:
    """What to say the first time an event matters: ``when`` picks the events (for whom), ``text`` explains."""

    event: type
    text: str
    when: Callable[[object, str], bool] = lambda event, learner: True


def _theirs(event: object, learner: str) -> bool:
    return getattr(event, "player", None) == learner


def _bot(event: object, learner: str) -> bool:
    return getattr(event, "player", None) not in (None, learner)


NOTES: tuple[Note, ...] = (
    Note(ev.GameCreated, f"TUTORIAL: you play {TEACHER}.bot to {GOAL}. The notes marked like this one explain each "
         "rule the first time it matters ('help <rule>' says more; 'leave yes' ends the lesson). Your turn comes "
         "first: type 'roll' to throw the five cubes."),
    Note(ev.Scored, "Cubes that score are set aside and their points go to your turn total: each 5 scores 5, each "
         "10 scores 10, three of a face make a flash. The others can be thrown again ('roll'), or you may 'stop' "
         "and bank the total.", _theirs),
    Note(ev.FlashMade, "A FLASH: three of a face. Here the Flaming Sun had to complete your pair (the Flaming Sun "
         "Rule). Now you must CLEAR the flash before you may stop (the Futtless Rule): throw the other cubes until a "
         "throw scores without showing the flash's face.", _theirs),
    Note(ev.Voided, "That throw showed the face of the flash being cleared, so it does not count at all (the "
         "Reroll Clause): the same cubes are thrown again. Type 'roll'.", _theirs),
    Note(ev.FlashCleared, "The flash is cleared: its points are safe to bank.", _theirs),
    Note(ev.MustThrowAll, "All five cubes have scored, so you must throw all five again (You May Not Want To But "
         "You Must). Your turn total stays with you: 'roll'.", _theirs),
    Note(ev.ChoiceOffered, "The Flaming Sun is wild: with no pair to complete it may count as a 10 or a 5, or be "
         "thrown again. Choose with one of the commands offered, e.g. 'keep sun 10'.", _theirs),
    Note(ev.Banked, "You banked your turn. With 35 or more in one turn you are IN the game (the Opening Roll): "
         "from now on you may stop whenever the other rules allow.", _theirs),
    Note(ev.TurnStarted, f"{TEACHER}.bot's turn: it plays by the same rules and sees what you see.", _bot),
    Note(ev.WimpedOut, "WIMPOUT: a throw where nothing scores loses every point of that turn (your banked score is "
         "safe). A wimpout throwing all five cubes is a TRAIN WRECK.", lambda event, learner: True),
    Note(ev.LastLicksStarted, f"LAST LICKS: someone reached {GOAL}. Everyone else gets one last turn to pass that "
         "score; whoever fails is out."),
    Note(ev.GameOver, "The lesson is over. 'table open' opens a table for people ('help how to play', 'help house "
         "rules'); 'tutorial' plays it again."),
)


@dataclass(slots=True)
class Lesson:
    """The learner's notes: each rule once, right after the move where it first matters."""

    learner: str
    said: set[int] = field(default_factory=set)

    def __call__(self, news: TableNews) -> tuple[Aside, ...]:
        """The notes this move calls for, each to be read right after its event."""
        return self.notes(news.events)

    def notes(self, events: Sequence[object]) -> tuple[Aside, ...]:
        """The notes ``events`` call for (a restart reads the game so far through it: what was said is not said
        again)."""
        asides = []
        for after, event in enumerate(events):
            if isinstance(event, Stood) and event.player == self.learner:
                break  # 'leave yes': the lesson is over for them, whatever the teacher does next
            told = []
            for index, note in enumerate(NOTES):
                if index not in self.said and isinstance(event, note.event) and note.when(event, self.learner):
                    self.said.add(index)
                    told.append(f"[tutorial] {note.text}")
            if told:
                asides.append(Aside(after, self.learner, "\n".join(told)))
        return tuple(asides)


def tutor_dice(seed: int) -> TutorDice:
    return TutorDice(SCRIPT, SeededDice(seed))


def resumed(learner: str, events: Sequence[ev.Event], seed: int) -> tuple[TutorDice, Lesson]:
    """A tutorial's dice and notes after a restart, where its game's ``events`` left them."""
    dice, lesson = tutor_dice(seed), Lesson(learner)
    dice.resume(events)
    lesson.notes(events)
    return dice, lesson
