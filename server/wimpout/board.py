"""The ScoreHandler's boards: a table's scoreboard (``score``), its rules (``rules``), and the list of tables
(``tables``); a column layout on screen, plain sentences for a screen reader."""

from __future__ import annotations

from rooms.wimpout.rulewords import explain
from rooms.messages import listed
from rooms.tables import Status
from rooms.wimpout.wimpoutview import SeatView, TableView
from server.wimpout.eventwords import Style, rules_summary

STATUS_WORDS = {Status.WAITING: "waiting for players", Status.PLAYING: "playing", Status.OVER: "over"}
BOARD_ROW = "{mark}{name:<16} {score:>6}  {in_game:<7} {insurance:>3} {wrecks:>6}  {note}"


def _note(seat: SeatView, view: TableView) -> str:
    notes = [f"out: {seat.out}"] if seat.out else []
    if seat.absent:
        notes.append("away")
    if seat.name == view.up:
        notes.append("up")
    return ", ".join(notes)


def scoreboard(view: TableView, viewer: str, style: Style) -> str:
    """Score, in the game or not, Insurance Points, train wrecks and who is up, for each player."""
    head = f"Table {view.table}: {STATUS_WORDS[view.status]}, {rules_summary(view.rules)}"
    if style.screenreader:
        lines = [head]
        for seat in view.seats:
            state = "in the game" if seat.in_game else "not in the game yet"
            note = _note(seat, view)
            lines.append(f"{'You' if seat.name == viewer else seat.name}: {seat.score} points, {state}, "
                         f"{seat.insurance} Insurance Points, {seat.train_wrecks} train wrecks"
                         f"{'; ' + note if note else ''}.")
    else:
        lines = [head, BOARD_ROW.format(mark="  ", name="Player", score="Score", in_game="In?", insurance="IP",
                                        wrecks="Wrecks", note="").rstrip()]
        lines += [
            BOARD_ROW.format(
                mark="> " if seat.name == view.up else "  ", name=seat.name, score=seat.score,
                in_game="in" if seat.in_game else "not yet", insurance=seat.insurance, wrecks=seat.train_wrecks,
                note=_note(seat, view),
            ).rstrip()
            for seat in view.seats
        ]
        if max(map(len, lines[1:])) > style.width:
            lines[1:] = _narrow_board(view)
    if view.target is not None:
        lines.append(f"Last Licks: {listed(view.challengers) if view.challengers else 'nobody'} must pass {view.target} "
                     f"(held by {view.leader}).")
    if view.up is not None:
        lines.append(f"{view.up}'s turn: {view.turn_points} points so far.")
    if view.winner is not None:
        lines.append(f"{view.winner} won.")
    if view.watchers:
        lines.append(f"Watching: {', '.join(view.watchers)}.")
    return "\n".join(lines)


def _narrow_board(view: TableView) -> list[str]:
    """The board's rows on a screen too narrow for its columns (each row wrapped onto two lines was unreadable at 40):
    names only as wide as the longest, Insurance Points and train wrecks in the note when there are any."""
    width = max(len("Player"), *(len(seat.name) for seat in view.seats))
    rows = [f"  {'Player':<{width}} {'Score':>5}  In?"]
    for seat in view.seats:
        extra = [f"{seat.insurance} IP"] if seat.insurance else []
        extra += [f"{seat.train_wrecks} wreck{'s' if seat.train_wrecks != 1 else ''}"] if seat.train_wrecks else []
        note = ", ".join([*extra, _note(seat, view)] if _note(seat, view) else extra)
        mark = "> " if seat.name == view.up else "  "
        rows.append(f"{mark}{seat.name:<{width}} {seat.score:>5}  {'in' if seat.in_game else 'not yet':<7}  {note}".rstrip())
    return rows


def rules_text(view: TableView) -> str:
    """The rules in play, the changes adopted for the next turn, and the open proposals."""
    lines = [f"Table {view.table} plays: {rules_summary(view.rules)}", *(f"  {line}" for line in explain(view.rules))]
    if view.adopted is not None:
        lines.append(f"From the next turn: {rules_summary(view.adopted)}")
    lines += [f"Proposal {p.number} by {p.proposer}: {p.text}. Yes so far: {', '.join(p.yes) or 'nobody'}; still to vote: "
              f"{', '.join(p.waiting) or 'nobody'}." for p in view.proposals]
    if view.status is Status.WAITING:
        lines.append("Before the game starts, change them by everyone's approval: 'propose <rule> [value]' (or "
                     "'table set <option>=<value>', at once while you sit alone).")
    elif not view.proposals:
        lines.append("Change them by the Guiding Light: 'propose <rule> [value]' or 'propose \"free text\"'.")
    return "\n".join(lines)


def table_line(view: TableView, room: str | None = None) -> str:
    """One table in the list (or in the room one looks at): number, room, state, goal, seats with scores, watchers."""
    seats = ", ".join(f"{s.name} {s.score}" if view.status is not Status.WAITING else s.name for s in view.seats)
    watchers = f"; watching: {', '.join(view.watchers)}" if view.watchers else ""
    where = f" in {room}" if room is not None else ""
    return (f"Table {view.table}{where}: {STATUS_WORDS[view.status]} (goal {view.rules.goal}, "
            f"Last Licks {view.rules.last_licks}). Seats: {seats or 'none'}{watchers}.")
