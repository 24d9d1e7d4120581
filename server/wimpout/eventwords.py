"""The Automatic ScoreHandler's words: every table event as text for one person, in their style.

One function per kind of event keeps each announcement in one place; ``render`` adds, for whoever the table waits
on, exactly what they may do next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

from engine.wimpout import Face, RuleSet, Scoring
from engine.wimpout import events as ev
from engine.wimpout.lastlicks import to_pass
from engine.wimpout.scoring import Outcome, Special, SunUse
from rooms import tables as tb
from rooms.wimpout.rulewords import summary_names
from rooms.tables import TableNews
from rooms.wimpout import wimpoutview as wv
from rooms.wimpout.wimpoutview import TableView
from server.render.colour import BOLD_MAGENTA, BOLD_RED, BOLD_YELLOW, GREEN, YOUR_TURN, paint
from server.render.style import Style
from server.wimpout.cubeart import Marker, art, compact, scoring_cubes, spoken, unmarked


EVENT_COLOURS = {
    "Scored": GREEN,
    "FlashCleared": GREEN,
    "Banked": GREEN,
    "WimpedOut": BOLD_RED,
    "LastLicksStarted": BOLD_MAGENTA,
    "LastLickEnded": BOLD_MAGENTA,
    "GameOver": BOLD_YELLOW,
}
"""Table events by their class name, and the colour of the lines that tell them."""


def event_colour(event: object, viewer: str) -> str | None:
    name = type(event).__name__
    if name in ("TurnStarted", "TurnResumed"):
        return YOUR_TURN if getattr(event, "player", None) == viewer else None
    return EVENT_COLOURS.get(name)


def _faces(faces: tuple[Face, ...] | tuple[int, ...]) -> str:
    return " and ".join(f"{Face(face).label}s" for face in faces)


class _Words:
    """Renders for one viewer: "you" for them, names for everyone else."""

    def __init__(self, news: TableNews, viewer: str, style: Style) -> None:
        self.news, self.viewer, self.style = news, viewer, style
        self.view: TableView = news.view

    def who(self, name: str | None) -> str:
        return "You" if name == self.viewer else (name or "Nobody")

    def verb(self, name: str, you: str, other: str) -> str:
        return f"{self.who(name)} {you if name == self.viewer else other}"

    # -- the game's events ------------------------------------------------------------------------------------------

    def GameCreated(self, e: ev.GameCreated) -> list[str]:
        return [f"Table {self.news.table}: a game of Cosmic Wimpout begins for {', '.join(e.players)}.",
                f"Rules: {rules_summary(e.rules)}"]

    def RollOff(self, e: ev.RollOff) -> list[str]:
        throws = ", ".join(f"{name} {face.label}" for name, face in e.throws)
        return [f"Roll-off for the first turn: {throws}."]

    def TurnStarted(self, e: ev.TurnStarted) -> list[str]:
        player = next(s for s in self.view.seats if s.name == e.player)
        return [f"--- {self.who(e.player) if e.player != self.viewer else 'Your'}{'' if e.player == self.viewer else chr(39) + 's'} turn"
                f" (score {player.score}) ---"]

    def TurnResumed(self, e: ev.TurnResumed) -> list[str]:
        return [f"--- {e.player}'s suspended turn goes on where it stopped ---"]

    def Thrown(self, e: ev.Thrown) -> list[str]:
        if self.style.screenreader:
            return [f"{self.verb(e.player, 'throw', 'throws')}: {spoken(e.throw)}."]
        mark = self._scoring_marker(e)
        if self.style.draws_art:
            return [f"{self.verb(e.player, 'throw', 'throws')}:", *art(e.throw, self.style.width, mark)]
        return [f"{self.verb(e.player, 'throw', 'throws')}: {compact(e.throw, mark)}"]

    def _after(self, e: object) -> object:
        """The event right after ``e`` in this news, if any."""
        events = self.news.events
        return next((events[i + 1] for i, event in enumerate(events[:-1]) if event is e), None)

    def _scoring_marker(self, e: ev.Thrown) -> Marker:
        """In colour, the cubes of this throw that scored (told by the Scored event right after it)."""
        after = self._after(e)
        if self.style.colour and isinstance(after, ev.Scored) and after.player == e.player:
            return scoring_cubes(e.throw, after.scoring.kept)
        return unmarked

    def Voided(self, e: ev.Voided) -> list[str]:
        if e.matched == (Face.SUN,):  # RULES.md, Full House: interpretation 2, "Reroll from Sun Match"
            return ["The Flaming Sun is the only scorer, and its 5 or 10 would match a flash being cleared: a sun "
                    "match, so it does not count (the Reroll Clause): those cubes are thrown again."]
        return [f"That matches the flash of {_faces(tuple(sorted(set(e.matched))))} being cleared, so it does not "
                "count (the Reroll Clause): those cubes are thrown again."]

    def ChoiceOffered(self, e: ev.ChoiceOffered) -> list[str]:
        from rooms.wimpout.turnwords import choice_text

        if e.player != self.viewer:
            return [f"{e.player}'s throw scores more than one way: {e.player} chooses."]
        options = "; ".join(f"'{choice_text(o)}' for {o.points}" for o in e.options)
        return [f"This throw scores more than one way: {options}."]

    def FlashCleared(self, e: ev.FlashCleared) -> list[str]:
        return [f"The flash of {_faces(e.faces)} is cleared!"]

    def Scored(self, e: ev.Scored) -> list[str]:
        s = e.scoring
        if s.outcome is Outcome.INSTANT_WIN:
            return ["A FREIGHT TRAIN OF 6s: INSTANT WINNER!"]
        if s.outcome is Outcome.SUPERNOVA:
            return ["A FREIGHT TRAIN OF 10s: SUPERNOVA! Too many points..."]
        return [f"{self.verb(e.player, 'score', 'scores')} {s.points}{scoring_note(s)}. Turn total: {e.turn_points}."]

    def FlashMade(self, e: ev.FlashMade) -> list[str]:
        return [f"A flash of {e.face.label}s: it must be cleared (the Futtless Rule)."]

    def MustThrowAll(self, e: ev.MustThrowAll) -> list[str]:
        if e.player == self.viewer:
            return ["All five cubes scored: you may not want to, but you must throw all five again!"]
        return [f"All five cubes scored: {e.player} may not want to, but must throw all five again!"]

    def WimpedOut(self, e: ev.WimpedOut) -> list[str]:
        if e.killed:
            head = "The flash was not cleared in time (Kill): a wimpout!"
        else:
            head = "TRAIN WRECK!" if e.train_wreck else "WIMPOUT!"
        if not e.points_lost:
            return [head]
        return [f"{head} {self.verb(e.player, 'lose', 'loses')} {e.points_lost} points."]

    def Banked(self, e: ev.Banked) -> list[str]:
        lines = [f"{self.verb(e.player, 'stop', 'stops')} and {'bank' if e.player == self.viewer else 'banks'}"
                 f" {e.points}: score {e.score}."]
        seat = next((s for s in self.view.seats if s.name == e.player), None)
        if e.circle_filled and seat is not None and seat.circles == 0:
            lines.append(f"{self.verb(e.player, 'are', 'is')} in the game!")
        return lines

    def PlayerOut(self, e: ev.PlayerOut) -> list[str]:
        subject = "you" if e.player == self.viewer else e.player
        return [f"{self.verb(e.player, 'are', 'is')} out of the game: {subject} {e.reason}.", *self._alone(e)]

    def _alone(self, e: ev.PlayerOut) -> list[str]:
        """After the last player out of a move leaves one player in a game still in play: what that means."""
        view = self.view
        left = [seat.name for seat in view.seats if seat.out is None]
        last_out = [event for event in self.news.events if isinstance(event, ev.PlayerOut)][-1]
        if e is not last_out or view.status is not tb.Status.PLAYING or len(left) != 1:
            return []
        if left[0] != self.viewer:
            return [f"{left[0]} plays on alone."]
        aim = f"pass {view.target}" if view.target is not None else f"reach {view.rules.goal}"
        return [f"You are the only player left in the game: you play on alone. {aim.capitalize()} and you win "
                "(nobody is left to play Last Licks against you); if you are put out first, nobody wins."]

    def LastLicksStarted(self, e: ev.LastLicksStarted) -> list[str]:
        each = " each" if len(e.challengers) > 1 else ""
        return [f"LAST LICKS! {e.leader} leads with {e.target}. "
                f"{', '.join(e.challengers)}: one last turn{each} to pass {e.target}."]

    def LastLickEnded(self, e: ev.LastLickEnded) -> list[str]:
        if e.passed:
            return [f"{self.verb(e.player, 'pass', 'passes')} {e.target}!"]
        after = self._after(e)
        if isinstance(after, ev.PlayerOut) and after.player == e.player:
            return []  # its line says it: "You are out of the game: you did not pass Ann's 105 in Last Licks."
        return [f"{self.verb(e.player, 'did', 'did')} not pass {e.target}."]

    def LeaderChanged(self, e: ev.LeaderChanged) -> list[str]:
        return [f"{e.leader} now leads with {e.target}. To pass {e.target}: {', '.join(e.challengers) or 'no one'}."]

    def TurnSuspended(self, e: ev.TurnSuspended) -> list[str]:
        return [f"The flash was not cleared in time: {e.player}'s turn is suspended (Suspend) until play comes back."]

    def InsuranceEarned(self, e: ev.InsuranceEarned) -> list[str]:
        return [f"{self.verb(e.player, 'earn', 'earns')} an Insurance Point ({e.reason})."]

    def InsuranceWindow(self, e: ev.InsuranceWindow) -> list[str]:
        how = " ('spend ...') or let it stand ('pass')" if self.viewer in e.entitled else " or let it stand"
        return [f"Insurance: {', '.join(e.entitled)} may cancel this throw{how}."]

    def InsurancePassed(self, e: ev.InsurancePassed) -> list[str]:
        return [f"{self.verb(e.player, 'let', 'lets')} the throw stand."]

    def InsuranceWindowClosed(self, e: ev.InsuranceWindowClosed) -> list[str]:
        return ["Time is up for Insurance: the throw stands."]

    def ThrowCancelled(self, e: ev.ThrowCancelled) -> list[str]:
        return [f"{self.verb(e.by, 'spend', 'spends')} {e.cost} Insurance Points: that throw never happened. "
                f"{e.player} throws those cubes again."]

    def Bumped(self, e: ev.Bumped) -> list[str]:
        return [f"BUMP! {e.by} landed on {e.player}, who goes back to {e.score}."]

    def Eclipsed(self, e: ev.Eclipsed) -> list[str]:
        return [f"ECLIPSE! {e.player}, eclipsed by {e.by}, drops to {e.score}."]

    def CircleAdded(self, e: ev.CircleAdded) -> list[str]:
        return [f"Recovery: {e.player} now has {e.circles} open circle(s) to clear with 35+ turns."]

    def ProposalMade(self, e: ev.ProposalMade) -> list[str]:
        head = f"Guiding Light: {self.verb(e.proposer, 'propose', 'proposes')} {e.text} (proposal {e.number})."
        voters = [seat.name for seat in self.view.seats if seat.out is None and seat.name != e.proposer]
        if e.proposer == self.viewer:
            voting = any(seat.name == e.proposer and seat.out is None for seat in self.view.seats)
            mine = "Your yes is counted" if voting else "You are out of the game, so you do not vote"
            return [f"{head} {mine}; it needs {', '.join(voters) or 'nobody else'} to agree."]
        if self.viewer in voters:
            return [f"{head} Vote with 'vote yes {e.number}' or 'vote no {e.number}'."]
        return [head]

    def VoteCast(self, e: ev.VoteCast) -> list[str]:
        return [f"{self.verb(e.player, 'vote', 'votes')} {'yes' if e.yes else 'no'} on proposal {e.number}."]

    def ProposalAdopted(self, e: ev.ProposalAdopted) -> list[str]:
        if isinstance(self._after(e), ev.RulesChanged):  # adopted before the turn's first throw
            return [f"Proposal {e.number} is adopted by everyone: before the first throw, it takes effect now."]
        return [f"Proposal {e.number} is adopted by everyone: it takes effect at the start of the next turn."]

    def ProposalDefeated(self, e: ev.ProposalDefeated) -> list[str]:
        return [f"Proposal {e.number} fails: {e.reason}."]

    def RulesChanged(self, e: ev.RulesChanged) -> list[str]:
        return [f"The table's rules are now: {rules_summary(e.rules)}"]

    def GameOver(self, e: ev.GameOver) -> list[str]:
        if e.winner is None:
            return [f"*** The game at table {self.news.table} ends with no winner ({e.reason}). ***"]
        return [f"*** {e.winner} WINS the game at table {self.news.table} ({e.winner} {e.reason})! ***"]

    # -- the table's own events --------------------------------------------------------------------------------------

    def Opened(self, e: wv.Opened) -> list[str]:
        return [f"Table {self.news.table}'s rules: {rules_summary(e.rules)}"]

    def Sat(self, e: tb.Sat) -> list[str]:
        sat = f"{self.verb(e.player, 'sit', 'sits')} down at table {self.news.table}."
        if e.player != self.viewer or not self.view.proposals or self.view.status is not tb.Status.WAITING:
            return [sat]
        listed = ", ".join(f"{p.number} ({p.text}, by {p.proposer})" for p in self.view.proposals)
        first = self.view.proposals[0].number
        return [sat, f"Open proposals need your vote too: {listed}. Vote with 'vote yes {first}' or 'vote no {first}'."]

    def PutToTable(self, e: wv.PutToTable) -> list[str]:
        if e.by != self.viewer:
            return []  # the others read the proposals themselves
        numbers = " and ".join(", ".join(str(n) for n in e.numbers).rsplit(", ", 1))
        which = f"change is put to them as proposal {numbers}" if len(e.numbers) == 1 else \
            f"changes are put to them as proposals {numbers}"
        return [f"Others sit at table {self.news.table}: your {which}."]

    def Stood(self, e: tb.Stood) -> list[str]:
        return [f"{self.verb(e.player, 'leave', 'leaves')} table {self.news.table}."]

    def Watching(self, e: tb.Watching) -> list[str]:
        return [f"{self.verb(e.player, 'are', 'is')} {'now' if e.watching else 'no longer'} watching table "
                f"{self.news.table}."]

    def Absent(self, e: tb.Absent) -> list[str]:
        if e.absent:
            return [f"{e.player} has disconnected; their seat is kept."]
        return [f"{self.verb(e.player, 'are', 'is')} back at table {self.news.table}."]

    def RemovalVote(self, e: tb.RemovalVote) -> list[str]:
        if e.needed:
            how = f" ('vote remove {e.target}')" if self.viewer in e.needed else ""
            return [f"{e.voter} votes to remove {e.target}; still needed: {', '.join(e.needed)}{how}."]
        return [f"The table agrees to remove {e.target}."]

    def TimedOut(self, e: tb.TimedOut) -> list[str]:
        return [f"Time is up for {e.player}: the table does '{e.command}' for {e.player}."]


def scoring_note(s: Scoring) -> str:
    """What made the points: `` (flash of 4s)``, `` (freight train of 2s)``, `` (Cosmic Sampler)``..."""
    if s.outcome is Outcome.FREIGHT_TRAIN:
        return f" (a FREIGHT TRAIN of {s.kept.commons[0].label}s!)"
    if s.special is Special.COSMIC_SAMPLER:
        return " (a Cosmic Sampler!)"
    if s.special is Special.FULL_HOUSE:
        return f" (FULL HOUSE: flashes of {_faces(s.flashes)})"
    parts = [f"flash of {s.flash.label}s"] if s.flash is not None else []
    if s.sun in (SunUse.FIVE, SunUse.TEN):
        parts.append(f"the sun as {s.sun.value}")
    return f" ({', '.join(parts)})" if parts else ""


def rules_summary(rules: RuleSet) -> str:
    """The goal, the Last Licks variant, and every rule that differs from the default, by the names players know."""
    text = f"goal {rules.goal}, Last Licks {rules.last_licks}"
    changed = summary_names(rules)
    if changed:
        text += "; " + ", ".join(changed)
    for honour in rules.honour_rules:
        text += f'; honour rule: "{honour}"'
    return text + "." + "".join(f" Note: {warning}" for warning in rules.warnings)


EXPLAINED = (ev.Voided, ev.ThrowCancelled, ev.MustThrowAll, ev.FlashMade)
"""Events that already say why the player must throw again."""


def next_steps(news: TableNews, viewer: str) -> list[str]:
    """For whoever the table waits on: the turn so far, what they may do, and why not stop when they may not."""
    view = news.view
    if viewer not in view.waiting_on or view.winner is not None or _aside(news, viewer):
        return []
    commands = view.legal.get(viewer, ())
    lines = []
    if view.up == viewer and view.last_throw is not None and "roll" in commands:
        cubes = f"{view.cubes_left} cube{'s' if view.cubes_left != 1 else ''} to throw"
        scored = any(isinstance(event, ev.Scored) for event in news.events)  # it told the turn total already
        total = "" if scored else f"Turn total {view.turn_points}; "
        lines.append(f"{total}{cubes}{clearing_note(view.clearing)}.")
        explained = any(isinstance(event, EXPLAINED) for event in news.events)
        if "stop" not in commands and view.stop_refusal and not explained:
            lines.append(view.stop_refusal)
    need = last_lick_need(view, viewer)
    if view.up == viewer and need is not None:
        lines.append(f"You need {need} more to pass {view.leader}'s {view.target}." if need > 0 else
                     f"You are past {view.leader}'s {view.target}: stop to bank it.")
    lines.append("You may: " + ", ".join(commands) + ".")
    return lines


ASIDES = (ev.ProposalMade, ev.VoteCast, ev.ProposalAdopted, ev.ProposalDefeated, ev.RulesChanged, tb.Watching, tb.Absent,
          tb.RemovalVote, tb.Sat)
"""Events that do not change what the player the table waits on may do."""


def _aside(news: TableNews, viewer: str) -> bool:
    """Only someone else's asides happened: the player the table waits on was told what they may do already."""
    return bool(news.events) and all(
        isinstance(event, ASIDES) and viewer not in (getattr(event, name, None) for name in ("player", "proposer", "voter"))
        for event in news.events
    )


def clearing_note(clearing: tuple[int, ...]) -> str:
    """While a flash is being cleared: which face must not show (it voids the throw), and what must happen."""
    if not clearing:
        return ""
    faces = " or ".join(f"a {Face(face).label}" for face in clearing)
    sun = ", so does a sun that is the only scorer" if Face.FIVE in clearing and Face.TEN in clearing else ""
    return f", clearing {_faces(clearing)}: {faces} voids the throw{sun}; without one, something must score"


def last_lick_need(view: TableView, name: str) -> int | None:
    """In Last Licks, the points ``name`` still needs this turn to pass the leader (0 or less: passed already)."""
    if view.target is None or name not in view.challengers or view.up != name:
        return None
    seat = next(s for s in view.seats if s.name == name)
    return to_pass(view.target, seat.score + view.turn_points)


def render_once(news: TableNews, viewer: str, style: Style) -> str:
    """``render(news, viewer, style)``, made once per style and role for a move: the people a move concerns get
    their own text, everyone else (the other players, the watchers) the one text of an onlooker."""
    global _rendered
    if _rendered is None or _rendered[0] is not news:
        _rendered = (news, concerned(news), {})
    _, names, texts = _rendered
    role = viewer if viewer in names else ""
    text = texts.get((style, role))
    if text is None:
        text = texts[style, role] = render(news, role, style)
    return text


_rendered: tuple[TableNews, frozenset[str], dict[tuple[Style, str], str]] | None = None

SEAT_READERS = (ev.PlayerOut, ev.ProposalMade)
"""Events whose words compare the viewer with the seats (the last player left, the voters)."""


def concerned(news: TableNews) -> frozenset[str]:
    """Everyone who may read this move differently from an onlooker: every name in its events, whoever the table
    waits on or is up, the Last Licks leader and challengers, and all the seats when an event reads them."""
    view = news.view
    names = {*view.waiting_on, *view.challengers, view.up or "", view.leader or ""}
    for event in news.events:
        for field in fields(event):  # type: ignore[arg-type]
            names.update(_strings(getattr(event, field.name)))
        if isinstance(event, SEAT_READERS):
            names.update(seat.name for seat in view.seats)
    names.update(aside.to for aside in news.asides)
    names.discard("")
    return frozenset(names)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _strings(item)


def render(news: TableNews, viewer: str, style: Style) -> str:
    """Everything one person sees of one move at a table."""
    words = _Words(news, viewer, style)
    asides = {aside.after: aside.text for aside in news.asides if aside.to == viewer}
    lines: list[str] = []
    for index, event in enumerate(news.events):
        handler: Callable[[Any], list[str]] = getattr(words, type(event).__name__)
        lines.extend(paint(handler(event), event_colour(event, viewer)) if style.colour else handler(event))
        if index in asides:
            lines.append(asides[index])
    steps = next_steps(news, viewer)
    lines.extend(paint(steps, YOUR_TURN) if style.colour else steps)
    return "\n".join(lines)
