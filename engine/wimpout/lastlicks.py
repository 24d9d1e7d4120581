"""Last Licks in every variant of RULES.md: who plays next, and what a lick that passes or fails does.

A variant only decides; it returns the events that carry its decision, and ``state.evolve`` applies them.
"""

from __future__ import annotations

from engine.wimpout import events as ev
from engine.wimpout.state import GameState, LastLicks


def to_pass(target: int, score: int) -> int:
    """The points a challenger with ``score`` still needs to pass ``target`` (0 or less: passed). To pass is to have
    a strictly higher score (RULES.md)."""
    return target + 1 - score


def start(state: GameState, leader: str) -> list[ev.Event]:
    """A player has reached the goal: everyone else still in gets a Last Lick, in seating order."""
    return [ev.LastLicksStarted(leader, state.player(leader).score, state.seat_order_after(leader))]


def after_lick(state: GameState, player: str) -> list[ev.Event]:
    """The events that follow ``player``'s Last Lick (already banked or wimped out)."""
    ll = state.last_licks
    assert ll is not None
    score = state.player(player).score
    variant = state.plain.last_licks
    target = ll.target  # judged after the bank and what it caused (Bump, Eclipse): RULES.md, every variant
    passed = to_pass(target, score) <= 0
    events: list[ev.Event] = [ev.LastLickEnded(player, passed, target)]
    failed_out = ev.PlayerOut(player, f"did not pass {ll.leader}'s {target} in Last Licks")
    if variant == "single":
        best = _highest(state, ll.leader, player)
        if best != ll.leader:
            rest = tuple(name for name in ll.challengers if name != player)
            events.append(ev.LeaderChanged(best, ll.leader, state.player(best).score, rest))
    elif variant == "C":
        if not passed:
            events.append(failed_out)
    elif not passed:
        events.append(failed_out)
    elif variant == "A":
        rest = tuple(name for name in ll.challengers if name not in (player, ll.leader))
        events.append(ev.LeaderChanged(player, ll.leader, score, (ll.leader, *rest)))
    else:  # official, B and D: everyone still in must now pass the new leader, in seating order
        if variant == "D":
            events.append(ev.PlayerOut(ll.leader, f"lost the lead to {player} in Last Licks (no second chance)"))
        others = tuple(
            name for name in state.seat_order_after(player) if not (variant == "D" and name == ll.leader)
        )
        events.append(ev.LeaderChanged(player, ll.leader, score, others))
    return events


def _highest(state: GameState, leader: str, player: str) -> str:
    """Variant single: the highest score still in after ``player``'s lick, ties to the earlier to reach it (the leader,
    then those who had their score before this lick, ``player`` last). Usually the leader or ``player``, but a Bump
    under 1/3/5 can send the leader below a player whose lick is over (RULES.md: the highest score wins)."""
    others = [name for name in state.seat_order_after(leader) if name != player]
    return max((leader, *others, player), key=lambda name: state.player(name).score)


def round_over(state: GameState, ll: LastLicks) -> list[ev.Event]:
    """No challenger is left: the leader wins, or (variant C) the best who passed leads a new round."""
    if state.plain.last_licks == "C" and ll.passed:
        best = max(ll.passed, key=lambda name: state.player(name).score)  # ties: the first to reach it
        score = state.player(best).score
        return [ev.LeaderChanged(best, ll.leader, score, state.seat_order_after(best))]
    return [ev.GameOver(ll.leader, "won Last Licks")]


def leader_left(state: GameState) -> list[ev.Event]:
    """The leader left during Last Licks: the best score still in (not counting whoever is taking a lick now) leads
    against the same challengers."""
    ll = state.last_licks
    assert ll is not None
    up = state.current
    waiting = [p for p in state.active if p.name != up] or state.active
    best = max(waiting, key=lambda p: p.score)  # ties: the first in seating order
    challengers = tuple(name for name in ll.challengers if name != best.name)
    if not challengers:
        return [ev.GameOver(best.name, "won Last Licks")]
    return [ev.LeaderChanged(best.name, ll.leader, best.score, challengers)]
