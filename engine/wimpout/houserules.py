"""The house rules that act between players (Bump, Eclipse, Insurance Points) or on Train Wrecks ((n)TW, Recovery).

Each function only decides: it returns the events that carry its decision (``state.evolve`` applies them), or the
reason a move is refused.
"""

from __future__ import annotations

from engine.wimpout import events as ev
from engine.wimpout.cubes import COMMON_CUBES
from engine.wimpout.rules import PlainRules
from engine.wimpout.scoring import Scoring, Special
from engine.wimpout.state import GameState

OWN_THROW_COST = 2
OPPONENT_THROW_COST = 4
ECLIPSE_STEP = 5
TERMINAL_CIRCLES = 4
TERMINAL_WRECKS = 7


def eclipse_refusal(state: GameState, player: str, landing: int) -> str | None:
    """Eclipse: the score a stop would land on is off limits when another player occupies it (variant 2: or sits
    further up the same beam)."""
    rules = state.plain
    if not rules.eclipse:
        return None
    for other in state.players:
        if other.name == player or other.out is not None or other.score <= 0:
            continue
        if rules.same_space(other.score, landing):
            return f"You cannot stop on {landing}: {other.name} is there (Eclipse). Keep throwing."
        if rules.eclipse == 2 and other.score > landing and (other.score - landing) % rules.eclipse_beam == 0:
            return f"You cannot stop on {landing}: it is on {other.name}'s beam, below {other.score} (Eclipse). Keep throwing."
    return None


def after_bank(state: GameState, player: str, before: int) -> list[ev.Event]:
    """Bump sends players the lander landed on back to ``before``; Eclipse 2 pushes players down the beam."""
    rules = state.plain
    landing = state.by_name[player].score
    events: list[ev.Event] = []
    if rules.bump:
        for other in state.active:
            if other.name != player and other.score > 0 and rules.same_space(other.score, landing):
                events.append(ev.Bumped(other.name, player, before))
    if rules.eclipse == 2:
        events.extend(_eclipse_cascade(state, player, landing))
    return events


def _eclipse_cascade(state: GameState, player: str, landing: int) -> list[ev.Event]:
    """Everyone eclipsed from up the beam drops 5 at a time until free; whoever they then eclipse drops too."""
    rules = state.plain
    beam = rules.eclipse_beam
    scores = {p.name: p.score for p in state.players if p.out is None}
    queue = _below(scores, beam, player)
    events: list[ev.Event] = []
    while queue:  # nearly every bank finds no one below on the beam, and stops here
        name = queue.pop(0)
        by = _eclipser(scores, rules, name)
        while by is not None and scores[name] > 0:
            scores[name] = max(0, scores[name] - ECLIPSE_STEP)
            events.append(ev.Eclipsed(name, by, scores[name]))
            by = _eclipser(scores, rules, name)
        queue.extend(n for n in _below(scores, beam, name) if n not in queue)
    return events


def _below(scores: dict[str, int], beam: int, upper: str) -> list[str]:
    """The players further down ``upper``'s beam."""
    top = scores[upper]
    return [n for n, s in scores.items() if n != upper and 0 < s < top and (top - s) % beam == 0]


def _eclipser(scores: dict[str, int], rules: PlainRules, name: str) -> str | None:
    """The first player on ``name``'s space (1/3/5: 100, 300 and 500 are one) or further up its beam."""
    own = scores[name]
    beam = rules.eclipse_beam
    for n, s in scores.items():
        if n != name and s > 0 and (rules.same_space(s, own) or (s > own and (s - own) % beam == 0)):
            return n
    return None


def after_train_wreck(state: GameState, player: str) -> list[ev.Event]:
    """Recovery adds a circle (Extension 1: four open circles or seven wrecks is terminal); (n)TW counts wrecks."""
    rules = state.plain
    me = state.by_name[player]
    events: list[ev.Event] = []
    if rules.recovery:
        events.append(ev.CircleAdded(player, me.circles + 1))
        if rules.recovery_ext1 and (me.circles + 1 >= TERMINAL_CIRCLES or me.train_wrecks >= TERMINAL_WRECKS):
            events.append(ev.PlayerOut(player, "was terminally wrecked (Recovery)"))
            return events
    if rules.ntw and me.train_wrecks >= rules.ntw:
        events.append(ev.PlayerOut(player, f"had {me.train_wrecks} Train Wrecks ({rules.ntw}TW)"))
    return events


def at_last_licks(state: GameState) -> list[ev.Event]:
    """Recovery Extension 2: when Last Licks would begin, every player with a circle open is out, the one who reached
    the goal included (RULES.md: then Last Licks does not begin)."""
    if not (state.plain.recovery and state.plain.recovery_ext2):
        return []
    return [
        ev.PlayerOut(p.name, "had a circle open when Last Licks was due (Recovery Extension 2)")
        for p in state.active
        if p.circles > 0
    ]


def spendable(state: GameState, name: str) -> int:
    """Insurance Points a player may spend now: none earned in the turn in progress."""
    turn = state.turn
    fresh = turn.insurance_earned if turn is not None and turn.player == name else 0
    return state.by_name[name].insurance - fresh


def cancel_cost(state: GameState, name: str) -> int:
    assert state.turn is not None
    return OWN_THROW_COST if name == state.turn.player else OPPONENT_THROW_COST


def entitled_to_cancel(state: GameState) -> tuple[str, ...]:
    """Who may cancel the throw just made: the thrower first, then opponents in seating order (never in Last Licks)."""
    turn = state.turn
    if not state.plain.insurance or state.last_licks is not None or turn is None:
        return ()
    for player in state.players:
        if player.insurance >= OWN_THROW_COST:
            break
    else:
        return ()  # no one can spend: the common case, decided without working out who is entitled
    thrower = turn.player
    candidates = (thrower, *state.seat_order_after(thrower))
    return tuple([name for name in candidates if spendable(state, name) >= cancel_cost(state, name)])


def insurance_earned(scoring: Scoring, at_once: bool, insurance: bool) -> str | None:
    """Why a scoring earns an Insurance Point, or None: five cubes thrown at once (RULES.md) that all score (not on a
    Cosmic Sampler) when Insurance is played, or a Full House, which brings its own."""
    if not at_once:
        return None
    special = scoring.special
    if special is Special.FULL_HOUSE:
        return "Full House"
    kept = scoring.kept
    if special is None and kept.sun is not None and len(kept.commons) == COMMON_CUBES and insurance:
        return "all five cubes scored in one throw"
    return None


def insurance_refusal(state: GameState, name: str) -> str | None:
    turn = state.turn
    if not state.plain.insurance:
        return "This table does not play with Insurance Points."
    if state.last_licks is not None:
        return "Insurance Points cannot be spent during Last Licks."
    if turn is None or not turn.window:
        return "There is no throw on the table to cancel right now."
    if name in turn.window:
        return None
    cost = cancel_cost(state, name)
    have = spendable(state, name)
    if have >= cost:
        return "You have already let this throw stand."
    if state.player(name).insurance >= cost:
        return "Insurance Points earned this turn cannot be spent until a later turn."
    what = "your own throw" if cost == OWN_THROW_COST else "an opponent's throw"
    return f"Cancelling {what} costs {cost} Insurance Points; you have {have}."
