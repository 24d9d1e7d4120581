"""Cosmic Wimpout's records in words: a player's 'stats' and the 'top' leaderboard, with its own figures (best turn,
freight trains, train wrecks, Supernovas: server.wimpout.wimpoutresults.TALLY)."""

from __future__ import annotations

from collections.abc import Sequence

from rooms.messages import counted
from server.render.columns import narrowed
from server.store import Stats

TOP_ROW = "{rank:>4} {name:<16} {wins:>5} {games:>6} {best:>9} {trains:>7} {wrecks:>7} {novas:>6}"


def stats_text(name: str, s: Stats) -> str:
    return (f"{name}: {counted(s.games, 'game')}, {counted(s.wins, 'win')}, best turn {s.best_turn}, "
            f"{counted(s.freight_trains, 'freight train')}, {counted(s.train_wrecks, 'train wreck')}, "
            f"{counted(s.supernovas, 'Supernova')}.")


def leaderboard(leaders: Sequence[tuple[str, Stats]], width: int) -> str:
    """The leaders in 80 columns; on a narrower screen, columns as wide as their cells and the last left out."""
    heads = ["#", "Player", "Wins", "Games", "Best turn", "Trains", "Wrecks", "Novas"]
    cells = [[f"{rank}.", name, s.wins, s.games, s.best_turn, s.freight_trains, s.train_wrecks, s.supernovas]
             for rank, (name, s) in enumerate(leaders, 1)]
    keys = ["rank", "name", "wins", "games", "best", "trains", "wrecks", "novas"]
    wide = [TOP_ROW.format(**dict(zip(keys, row))) for row in [heads, *cells]]
    return "\n".join(narrowed(wide, [heads, *cells], width, right=(0, 2, 3, 4, 5, 6, 7)))
