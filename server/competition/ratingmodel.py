"""The rating model: openskill's Plackett-Luce (any number of players, rated by finishing place), one rating per game
type, people and bots in one pool. Shown as a conservative figure, mu - 3 sigma scaled to familiar numbers, marked
provisional while sigma is high. Pure: the store calls ``rate`` inside the transaction that saves a game's results."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from statistics import NormalDist
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


@dataclass(frozen=True, slots=True)
class FirstTurn:
    """Who took a two-player game's first turn, and that turn's worth: the chance of winning it gives between equal
    players (the solver's figure for the game's goal, server.skill.firstturn)."""

    seat: int
    """The index, in the order the ratings are given, of the player who took the first turn."""
    chance: float


def head_start(ratings: Sequence[Rating], first: FirstTurn | None, beta: float = BETA) -> list[float]:
    """What the first turn adds to its taker's mu for one game: the mu by which the model predicts ``first.chance``
    for two equal players (openskill's two-player prediction is Phi(difference / sqrt(2 beta^2 + sigma_a^2 +
    sigma_b^2))). None, more than two players, or an even chance: nothing."""
    if first is None or len(ratings) != 2 or math.isclose(first.chance, 0.5):
        return [0.0] * len(ratings)
    spread = math.sqrt(2 * beta ** 2 + sum(r.sigma ** 2 for r in ratings))
    worth = spread * NormalDist().inv_cdf(first.chance)
    return [worth if i == first.seat else 0.0 for i in range(len(ratings))]


def rate(ratings: Sequence[Rating], places: Sequence[int], first: FirstTurn | None = None) -> list[Rating]:
    """Each player's rating after a game they finished at ``places`` (1 first; ties share a place). With ``first``,
    the first turn's taker is rated as if their mu were higher by its worth for this game (``head_start``): a win
    from the first turn counts for less, a loss from it for more."""
    model = _model()
    shift = head_start(ratings, first)
    teams = [[model.rating(mu=r.mu + up, sigma=r.sigma)] for r, up in zip(ratings, shift)]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    return [Rating(team[0].mu - up, team[0].sigma, old.games + 1) for team, old, up in zip(rated, ratings, shift)]


def chances(ratings: Sequence[Rating], first: FirstTurn | None = None) -> list[float]:
    """Each player's predicted chance of finishing first (with ``first``, the first turn's worth counted)."""
    model = _model()
    shift = head_start(ratings, first)
    return list(model.predict_win([[model.rating(mu=r.mu + up, sigma=r.sigma)] for r, up in zip(ratings, shift)]))
