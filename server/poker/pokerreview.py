"""How a New Cosmic Poker game's review reads ('review <game>'): the decisions that cost the most chance of winning
the game by the strong house bot's estimate, costliest first, and each player's decisions added up. Every figure is
marked as an estimate: poker has no solved tables."""

from __future__ import annotations

from collections.abc import Sequence

from engine.poker.review import Summary, Weighed

WORST = 5
"""Decisions a review lists."""
NOT_YOURS = ("A poker review shows a player their own decisions, and the hands stay hidden: you did not play in game"
             " #{game}. (A game played with replay_hands=all shows everyone's.)")
NO_HINTS = ("New Cosmic Poker gives no hints during play: the strong house bot's reading of your hand would play it"
            " for you. Once the game is over, 'review <game>' weighs your decisions.")
NO_DECISIONS = "Game #{game}: no decision to weigh (nobody had a choice to make)."
ESTIMATE = ("estimates: the strong house bot's Monte Carlo from what each player could see then, in chances of"
            " winning the game; not exact")


def percent(chance: float) -> str:
    """A chance as shown (the estimate, which counts the Lucre in play too, can stray past 0% or 100%)."""
    return f"{100 * min(1.0, max(0.0, chance)):.1f}%"


def review_text(game: int, weighed: Sequence[Weighed], summaries: Sequence[Summary]) -> str:
    if not weighed:
        return NO_DECISIONS.format(game=game)
    costly = sorted((w for w in weighed if not w.agreed), key=lambda w: -w.cost)[:WORST]
    if costly:
        lines = [f"Game #{game}: the decisions that cost the most winning chance ({ESTIMATE})."]
    else:
        lines = [f"Game #{game}: every decision was as good as the strong bot's ({ESTIMATE})."]
    for number, w in enumerate(costly, 1):
        lines.append(f"{number}. {w.player}, hand {w.hand}, {w.phase}, Warp {w.warp}, holding {' '.join(w.holding)}:"
                     f" '{w.done}' ({percent(w.done_win)}); the bot's best '{w.best}' ({percent(w.best_win)}),"
                     f" {100 * w.cost:.1f} points of winning chance lost.")
    for s in summaries:
        if s.decisions:
            lines.append(f"  {s.player}: {s.decisions} decision(s) weighed, {s.agreed} as good as the bot's;"
                         f" {100 * s.given_up:.1f} points of winning chance given up (estimate).")
    return "\n".join(lines)
