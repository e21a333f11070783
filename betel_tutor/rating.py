"""Glicko-2 ratings: a learner's and a puzzle's strength, with how sure we are of it.

The algorithm is Mark Glickman's, step by step as his paper "Example of the Glicko-2 system"
(2013) sets it out; the paper's worked example is a test (tests/test_rating.py). A rating is
shown on the Glicko scale (1500 for a newcomer); the steps work on the Glicko-2 scale, 173.7178
times smaller, as the paper does.

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [Game(Rating(1400, 30), 1), Game(Rating(1550, 100), 0),
...                          Game(Rating(1700, 300), 0)])
>>> round(after.rating, 1), round(after.deviation, 2), round(after.volatility, 6)
(1464.1, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko to Glicko-2 (step 2)
START = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # how much the volatility may change; the paper suggests 0.3 to 1.2
EPSILON = 0.000001  # the convergence tolerance of step 5


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating, its deviation (RD: how far off it may be) and its volatility (how erratic)."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a rating period against ``opponent``: ``score`` 1 a win, 0 a loss, ½ a draw
    (a solved puzzle is a win for the learner and a loss for the puzzle)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (the paper's E)."""
    return _expected(
        (player.rating - START) / SCALE,
        (opponent.rating - START) / SCALE,
        opponent.deviation / SCALE,
    )


def update(player: Rating, games: Sequence[Game], *, tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games``; with no game only the deviation grows
    (step 6 alone), as the paper says of a player who did not compete."""
    mu = (player.rating - START) / SCALE  # step 2
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inverse_v = 0.0  # step 3
    delta_sum = 0.0  # step 4, before it is multiplied by v
    for game in games:
        mu_j = (game.opponent.rating - START) / SCALE
        phi_j = game.opponent.deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1 - e)
        delta_sum += g * (game.score - e)
    v = 1 / inverse_v
    delta = v * delta_sum
    new_sigma = _volatility(phi, sigma, delta, v, tau)  # step 5
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)  # step 6
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(new_mu * SCALE + START, new_phi * SCALE, new_sigma)  # step 8


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def play(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt, each a rating period of one
    game against the other as it stood before the attempt."""
    score = 1.0 if solved else 0.0
    return (
        update(learner, [Game(puzzle, score)]),
        update(puzzle, [Game(learner, 1 - score)]),
    )
