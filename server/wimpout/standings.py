"""Cosmic Wimpout's records in words: a player's 'stats' and the 'top' leaderboard, with its own figures (best turn,
freight trains, train wrecks, Supernovas: server.wimpout.wimpoutresults.TALLY)."""

from __future__ import annotations

from collections.abc import Sequence

from rooms.messages import counted
from server.store import Stats

TOP_ROW = "{rank:>4} {name:<16} {wins:>5} {games:>6} {best:>9} {trains:>7} {wrecks:>7} {novas:>6}"


def stats_text(name: str, s: Stats) -> str:
    return (f"{name}: {counted(s.games, 'game')}, {counted(s.wins, 'win')}, best turn {s.best_turn}, "
            f"{counted(s.freight_trains, 'freight train')}, {counted(s.train_wrecks, 'train wreck')}, "
            f"{counted(s.supernovas, 'Supernova')}.")


def leaderboard(leaders: Sequence[tuple[str, Stats]]) -> str:
    header = TOP_ROW.format(rank="#", name="Player", wins="Wins", games="Games", best="Best turn", trains="Trains",
                            wrecks="Wrecks", novas="Novas")
    rows = [
        TOP_ROW.format(rank=f"{rank}.", name=name, wins=s.wins, games=s.games, best=s.best_turn, trains=s.freight_trains,
                       wrecks=s.train_wrecks, novas=s.supernovas)
        for rank, (name, s) in enumerate(leaders, 1)
    ]
    return "\n".join([header, *rows])
