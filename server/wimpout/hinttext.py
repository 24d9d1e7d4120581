"""How a hint and a game review read, and a hint as its message (its text, and its wire model for JSON and the
web)."""

from __future__ import annotations

from rooms.messages import Message, counted
from rooms.wimpout.advising import Hint, Judgement, Mistake
from server.wimpout.wimpoutwire import HintChoice, HintMessage

SOLVING = "The optimal tables for table {number}'s rules: solving, {percent}% done."
READY = "The optimal tables for table {number}'s rules are ready: 'hint' and optimal bots use them now."


def percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def hint_text(hint: Hint) -> str:
    head = "Your chance of winning, best first" + ("" if hint.exact else f" ({hint.note})") + ":"
    width = max(len(choice.command) for choice in hint.choices)
    lines = [f"  {choice.command:<{width}}  {percent(choice.win)}" for choice in hint.choices]
    return "\n".join([head, *lines])


def judgement_lines(judged: list[Judgement]) -> list[str]:
    """Each player's accuracy, and how much of the result the dice made (docs/strategy.md tells the method)."""
    lines = ["Luck and skill (chances of winning, by the optimal policy):"]
    for j in judged:
        lines.append(
            f"  {j.player}: accuracy {percent(j.accuracy)} over {j.decisions} decision(s),"
            f" {100 * j.given_up:.1f} points of winning chance given up; started at {percent(j.start)},"
            f" the dice moved it {100 * j.dice:+.1f} points."
        )
    return lines


def review_text(game: int, mistakes: list[Mistake], judged: list[Judgement]) -> str:
    if not mistakes:
        return "\n".join([f"Game #{game}: every decision was optimal.", *judgement_lines(judged)])
    lines = [f"Game #{game}: the decisions that cost the most winning chance."]
    for number, m in enumerate(mistakes, 1):
        lines.append(
            f"{number}. {m.player} at {m.score} to {m.opponent_score}, {m.turn_points} in the turn, "
            f"{counted(m.cubes, 'cube')} live: '{m.done}' ({percent(m.done_win)}); best was '{m.best}' ({percent(m.best_win)}),"
            f" {100 * m.cost:.1f} points of winning chance lost."
        )
    return "\n".join([*lines, *judgement_lines(judged)])


def hint_message(hint: Hint) -> Message:
    text = hint_text(hint)
    choices = [HintChoice(command=c.command, win=round(c.win, 6)) for c in hint.choices]
    wire = HintMessage(table=hint.table, choices=choices, exact=hint.exact, note=hint.note, text=text)
    return Message(text, "hint", {"table": str(hint.table)}, data=wire)
