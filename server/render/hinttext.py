"""How a hint and a game review read."""

from __future__ import annotations

from rooms.advice import Hint, Mistake


def percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def hint_text(hint: Hint) -> str:
    head = "Your chance of winning, best first" + ("" if hint.exact else f" ({hint.note})") + ":"
    width = max(len(choice.command) for choice in hint.choices)
    lines = [f"  {choice.command:<{width}}  {percent(choice.win)}" for choice in hint.choices]
    return "\n".join([head, *lines])


def review_text(game: int, mistakes: list[Mistake]) -> str:
    if not mistakes:
        return f"Game #{game}: every decision was optimal."
    lines = [f"Game #{game}: the decisions that cost the most winning chance."]
    for number, m in enumerate(mistakes, 1):
        lines.append(
            f"{number}. {m.player} at {m.score} to {m.opponent_score}, {m.turn_points} in the turn, {m.cubes} cube(s)"
            f" live: '{m.done}' ({percent(m.done_win)}); best was '{m.best}' ({percent(m.best_win)}),"
            f" {100 * m.cost:.1f} points of winning chance lost."
        )
    return "\n".join(lines)
