"""The review of a finished poker game: each decision a player made (declaring, betting, drawing) weighed by the strong
bot against the choice it thinks best, in chances of winning the game. These are estimates (the strong bot's Monte
Carlo from what the player could see then, with its model of the others), not exact values: poker has no solved
tables. Each decision is weighed only from what that player's seat had seen (``knowledge.SeatMemory``)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.poker import happenings as ev
from engine.poker import moves as mv
from engine.poker.cards import DECK, texts
from engine.poker.knowledge import SeatMemory
from engine.poker.pokergame import PokerGame
from engine.poker.pokerstate import evolve
from engine.poker.botkinds import seat_of
from engine.poker.seatview import event_for
from engine.poker.strongbot import PARAMS, Params, appraise
from engine.poker.wording import command_text

REVIEW_PARAMS = PARAMS._replace(worlds=48)
"""A review weighs every decision of a game, so it imagines a few fewer worlds a decision than the bot at play."""
NOISE = 0.01
"""Differences of winning chance below this (one point) are within the sampling's noise: a decision that close to
the bot's best counts as agreeing with it."""


@dataclass(frozen=True, slots=True)
class Weighed:
    """One decision: who, when, holding what; what they did and what the strong bot would have done, each with the
    chance of winning the game it estimates."""

    player: str
    hand: int
    phase: str
    warp: int
    holding: tuple[str, ...]
    done: str
    done_win: float
    best: str
    best_win: float

    @property
    def cost(self) -> float:
        return max(0.0, self.best_win - self.done_win)

    @property
    def agreed(self) -> bool:
        """As good as the bot's choice, within what its sampling can tell apart."""
        return self.cost < NOISE


@dataclass(frozen=True, slots=True)
class Summary:
    """One player's decisions added up: how many were weighed, and the chance of winning they gave up in all."""

    player: str
    decisions: int
    given_up: float
    agreed: int
    """Decisions where they did what the strong bot would have done (or as well, by its estimate)."""


def review(events: Sequence[ev.Event], players: Collection[str], seed: int,
           params: Params = REVIEW_PARAMS) -> list[Weighed]:
    """Every decision of ``players`` in a game (its events from the first), weighed, in the order made."""
    rng = random.Random(seed)
    game = PokerGame.replay(list(events[:1]))
    memories = {name: SeatMemory(name) for name in players}
    for name, memory in memories.items():
        memory.see(event_for(events[0], name))
    found: list[Weighed] = []
    for at, event in enumerate(events[1:], 1):
        decided = _decision(event, events[at + 1:])
        if decided is not None and decided[0] in memories:
            weighed = _weigh(game, decided[0], decided[1], memories[decided[0]], rng, params)
            if weighed is not None:
                found.append(weighed)
        game.events.append(event)
        evolve(game.state, event)
        for name, memory in memories.items():
            memory.see(event_for(event, name))
    return found


def summarise(weighed: Sequence[Weighed], players: Sequence[str]) -> list[Summary]:
    return [Summary(name, sum(w.player == name for w in weighed), sum(w.cost for w in weighed if w.player == name),
                    sum(w.player == name and w.agreed for w in weighed)) for name in players]


def _weigh(game: PokerGame, player: str, move: mv.Move, memory: SeatMemory, rng: random.Random,
           params: Params) -> Weighed | None:
    state = game.state
    legal = game.legal_actions(player)
    if state.phase not in ("declaring", "betting", "drawing") or len(legal) < 2:
        return None
    seat = seat_of(game, player, memory)
    view = seat.view
    choices = appraise(seat, rng, params, also=move)
    done = next((worth for worth, choice in choices if _same(choice, move)), None)
    if done is None:
        return None
    best_win, best = choices[0]
    me = state.players[player]
    return Weighed(player, state.number, _phase(view), view["warp"], tuple(view["hand"]), _words(me, move),
                   done, _words(me, best), best_win)


def _same(choice: mv.Move, move: mv.Move) -> bool:
    """The same decision: a draw of the same kinds of cards, an open of the same amount (split or not)."""
    if isinstance(choice, mv.Draw) and isinstance(move, mv.Draw):
        return sorted(DECK[c] for c in choice.cards) == sorted(DECK[c] for c in move.cards)
    if isinstance(choice, mv.Open) and isinstance(move, mv.Open):
        return choice.amount == move.amount
    return choice == move


def _phase(view: dict[str, object]) -> str:
    phase = str(view["phase"])
    return f"round {view['round']}" if phase == "betting" else phase


def _words(player: object, move: mv.Move) -> str:
    """A move as the review names it: a draw by its cards (the hand's numbers would mean nothing later)."""
    if isinstance(move, mv.Draw):
        return "draw " + " ".join(texts(move.cards)) if move.cards else "keep all"
    return command_text(player, mv.Open(move.amount) if isinstance(move, mv.Open) else move)  # type: ignore[arg-type]


def _decision(event: ev.Event, after: Sequence[ev.Event]) -> tuple[str, mv.Move] | None:
    """The decision ``event`` records, if it records one (``after``: the events that follow, where a draw's cards
    are)."""
    if isinstance(event, ev.Declared):
        return event.player, mv.IN if event.joined else mv.OUT
    if isinstance(event, ev.Checked):
        return event.player, mv.CHECK
    if isinstance(event, ev.Folded):
        return event.player, mv.FOLD
    if isinstance(event, ev.Called):
        return event.player, mv.CALL
    if isinstance(event, ev.TappedOut):
        return event.player, mv.TAP_OUT
    if isinstance(event, ev.Opened):
        return event.player, mv.Open(event.amount, event.shown, event.discarded)
    if isinstance(event, ev.Raised):
        return event.player, mv.Raise(event.by)
    if isinstance(event, ev.Drew):
        if event.count == 0:
            return event.player, mv.KEEP_ALL
        gone = next((e for e in after if isinstance(e, ev.Discarded) and e.player == event.player), None)
        return (event.player, mv.Draw(gone.cards)) if gone is not None else None
    return None


