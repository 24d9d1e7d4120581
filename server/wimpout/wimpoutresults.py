"""Cosmic Wimpout's figures of a finished game per player, read from its events: what ``stats``, ``top`` and
``history`` count, and how they add up over a player's games."""

from __future__ import annotations

from collections import Counter

from engine.wimpout import Game, Outcome
from engine.wimpout import events as ev
from rooms.tables import BOT_SUFFIX
from server.store import Result, Tally, Total

FREIGHT_TRAINS = (Outcome.FREIGHT_TRAIN, Outcome.INSTANT_WIN, Outcome.SUPERNOVA)
"""Every freight train counts, the 6s (instant win) and 10s (Supernova) too."""
TALLY = Tally(
    {"best_turn": Total.MAX, "freight_trains": Total.SUM, "train_wrecks": Total.SUM, "supernovas": Total.SUM},
    tiebreak="best_turn",
)
"""A player's best turn ever, and every freight train, train wreck and Supernova; the best turn breaks a tie on the
leaderboard."""


def results(game: Game) -> list[Result]:
    """Each player's result: won or not, score, and Cosmic Wimpout's own figures."""
    winner = game.state.winner
    counted = figures(game)
    return [Result(p.name, p.name == winner, p.score, p.name.endswith(BOT_SUFFIX), counted[p.name])
            for p in game.state.players]


def figures(game: Game) -> dict[str, dict[str, int]]:
    """The figures each player's stats count beside wins and score: best turn, freight trains, train wrecks,
    supernovas."""
    best: Counter[str] = Counter()
    trains: Counter[str] = Counter()
    novas: Counter[str] = Counter()
    wrecks: Counter[str] = Counter()
    for event in game.events:
        if isinstance(event, ev.Banked):
            best[event.player] = max(best[event.player], event.points)
        elif isinstance(event, ev.Scored) and event.scoring.outcome in FREIGHT_TRAINS:
            trains[event.player] += 1
            novas[event.player] += event.scoring.outcome is Outcome.SUPERNOVA
        elif isinstance(event, ev.WimpedOut) and event.train_wreck:
            wrecks[event.player] += 1
    return {
        p.name: {"best_turn": best[p.name], "freight_trains": trains[p.name], "train_wrecks": wrecks[p.name],
                 "supernovas": novas[p.name]}
        for p in game.state.players
    }
