"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2022), for members and puzzles.

Written here rather than taken from PyPI's ``glicko2`` 2.1.0, whose volatility step uses the
rating where the formula has the deviation. Each solved or failed puzzle is one rating period
of one game, as on Lichess: the member plays the puzzle, and the puzzle plays the member.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale: a rating of 1500 + 173.7178 x is x
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3 to 1.2)
CONVERGENCE = 1e-6
# Bounds kept as Lichess keeps them: a deviation never so small that a rating freezes, nor
# larger than a newcomer's; ratings within what people and puzzles reach.
MIN_DEVIATION, MAX_DEVIATION = 45.0, 350.0
MIN_RATING, MAX_RATING = 400.0, 4000.0


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def updated(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score: 1 won,
    0 lost, 0.5 drawn)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return _bounded(mu, math.sqrt(phi * phi + sigma * sigma), sigma)
    scaled = [((o.rating - 1500) / SCALE, o.deviation / SCALE, score) for o, score in games]
    v = 1 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1 - _expected(mu, mu_j, phi_j))
        for mu_j, phi_j, _ in scaled
    )
    improvement = sum(_g(phi_j) * (s - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, s in scaled)
    delta = v * improvement
    sigma = _new_volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * improvement
    return _bounded(mu, phi, sigma)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def _bounded(mu: float, phi: float, sigma: float) -> Rating:
    rating = min(MAX_RATING, max(MIN_RATING, mu * SCALE + 1500))
    deviation = min(MAX_DEVIATION, max(MIN_DEVIATION, phi * SCALE))
    return Rating(rating, deviation, sigma)
