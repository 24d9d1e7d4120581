"""The rating model: openskill's Plackett-Luce (any number of players, rated by finishing place), one rating per game
type, people and bots in one pool. Shown as a conservative figure, mu - 3 sigma scaled to familiar numbers, marked
provisional while sigma is high. Pure: the store calls ``rate`` inside the transaction that saves a game's results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3
"""openskill's defaults: a newcomer's rating and its uncertainty."""
BETA = 25.0 / 2
"""How much a single game's outcome varies around the players' skill: three times openskill's default (25/6), as
dice decide much of a Cosmic Wimpout game (the optimal policy wins 55-67% against the other house bots). Tuned by
benchmarks/ladder_bench.py on 3,000 house-bot games: the log-loss of the predicted winner falls from 0.700 at 25/6 to
0.689 here and 0.672 at beta 100, but there a rating's sigma hardly shrinks (8.7 after 2,000 games: provisional for
ever); here it is 2.8 after 2,000 games, and the house bots' order comes out the same in 20 of 20 shuffles of the
games."""
SCALE, OFFSET = 30, 1000
"""Shown as ``OFFSET + SCALE * (mu - 3 sigma)``: a newcomer shows 1000, a strong player well over 1500."""
PROVISIONAL_SIGMA = 4.0
"""A rating is provisional while its sigma is above this (a newcomer's is 8.33; a dozen games bring it below)."""



@cache
def _model() -> PlackettLuce:
    """The model, made when the first game is rated (openskill is not loaded for the server's start)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game type."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """The conservative figure players see."""
        return round(OFFSET + SCALE * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


def rate(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Each player's rating after a game they finished at ``places`` (1 first; ties share a place)."""
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(rated, ratings)]


def chances(ratings: Sequence[Rating]) -> list[float]:
    """Each player's predicted chance of finishing first."""
    model = _model()
    return list(model.predict_win([[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]))
