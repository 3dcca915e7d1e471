"""Glicko-2 ratings, written from Mark Glickman's "Example of the Glicko-2 system" (2013).

A rating is three numbers: ``rating`` (1500 is average), ``rd`` (the rating deviation: how
uncertain the rating is, 350 for a newcomer) and ``vol`` (the volatility: how erratic the
player's results are, 0.06 to start). :func:`rate` applies one rating period: the games a
player played in it, each against an opponent's rating (taken as it was at the start of the
period) with a score of 1 (win), 0.5 (draw) or 0 (loss). A period with no games only lets
the deviation grow (step 6 of the paper): :func:`idle`.

The steps follow the paper's numbering; the volatility is found with the Illinois
algorithm of step 5 (the paper's "iterative procedure"), to a tolerance of
:data:`EPSILON`. Glickman's worked example (a 1500/200/0.06 player beating a 1400/30
player and losing to 1550/100 and 1700/300, τ = 0.5) gives 1464.06 / 151.52 / 0.05999,
which ``tests/test_trainer.py`` checks to the paper's digits.

Every number is checked before use: a rating outside :data:`RATING_RANGE`, a deviation
outside :data:`RD_RANGE`, a volatility outside :data:`VOL_RANGE` or a score outside 0 to 1
(NaN and infinities included) is refused with a ValueError naming it. Within those ranges the
steps cannot divide by zero nor overflow: the variance of step 3 is computed in a form that
never rounds to zero, and the iteration of step 5 stops should its two ends meet. With
``clamp`` (the trainer's setting) the result is kept within the same ranges (the deviation
within :data:`MIN_RD`..:data:`MAX_RD`), so that what the trainer saves always reads back.

The trainer (:mod:`mtlearn.trainer.trainer`) treats each attempt at a puzzle as one game
between learner and puzzle, a rating period of its own, and updates both.

Standard library only: the in-page engine (Pyodide) runs it unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["DEFAULT_RD", "DEFAULT_VOL", "EPSILON", "MAX_RD", "MIN_RD", "RATING_RANGE",
           "RD_RANGE", "SCALE", "TAU", "VOL_RANGE", "Rating", "check_rating", "expected", "idle",
           "rate"]

#: The factor between the Glicko scale and the Glicko-2 scale (step 2 of the paper).
SCALE = 173.7178
#: A newcomer's rating deviation and volatility.
DEFAULT_RD, DEFAULT_VOL = 350.0, 0.06
#: The system constant τ: how much the volatility may change (the paper suggests 0.3-1.2).
TAU = 0.5
#: Convergence tolerance of the volatility's iteration (step 5).
EPSILON = 1e-6
#: The deviation never grows past a newcomer's, nor falls below this floor (so that a
#: rating that has settled can still move when the learner improves).
MAX_RD, MIN_RD = DEFAULT_RD, 30.0
#: The numbers a rating may hold (a saved trainer state is checked against the same
#: ranges, :mod:`mtlearn.trainer.trainer_state`): far wider than any real rating, narrow
#: enough that no step of the computation overflows.
RATING_RANGE = (-2000.0, 6000.0)
RD_RANGE = (1.0, 1000.0)
VOL_RANGE = (1e-6, 1.0)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, deviation ``rd``, volatility ``vol``."""

    rating: float = 1500.0
    rd: float = DEFAULT_RD
    vol: float = DEFAULT_VOL

    def to_list(self) -> list[float]:
        """``[rating, rd, vol]`` rounded for storage (JSON)."""
        return [round(self.rating, 2), round(self.rd, 2), round(self.vol, 6)]


def _number(value: object, where: str, low: float, high: float) -> float:
    """``value`` as a float, or ValueError naming ``where`` (not a number, NaN, infinite, or
    outside ``low``..``high``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}: expected a number, not {value!r}")
    if not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{where}: expected a number from {low:g} to {high:g}, not {value!r}")
    return float(value)


def check_rating(r: Rating, where: str = "rating") -> Rating:
    """``r`` if its rating, deviation and volatility are numbers within :data:`RATING_RANGE`,
    :data:`RD_RANGE` and :data:`VOL_RANGE`; else ValueError naming ``where`` and the field."""
    if not isinstance(r, Rating):
        raise ValueError(f"{where}: expected a Rating, not {r!r}")
    _number(r.rating, f"{where}.rating", *RATING_RANGE)
    _number(r.rd, f"{where}.rd", *RD_RANGE)
    _number(r.vol, f"{where}.vol", *VOL_RANGE)
    return r


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _e_spread(mu: float, mu_j: float, phi_j: float) -> float:
    """E·(1 − E) of step 3, computed so that it never rounds to zero (E itself rounds to
    1 when the ratings are far apart, and 1 − E to 0)."""
    x = _g(phi_j) * (mu - mu_j)
    return 1.0 / (2.0 + math.exp(x) + math.exp(-x))


def _e_short(mu: float, mu_j: float, phi_j: float) -> float:
    """1 − E (the score short of a win the player is expected to fall), without rounding
    it to zero."""
    return 1.0 / (1.0 + math.exp(_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (0 to 1), as step 3 computes it
    (both ratings checked: :func:`check_rating`)."""
    check_rating(player, "player")
    check_rating(opponent, "opponent")
    return _e((player.rating - 1500.0) / SCALE, (opponent.rating - 1500.0) / SCALE,
              opponent.rd / SCALE)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility σ' (Illinois algorithm on f(x), the paper's procedure)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):            # converges in a handful of steps; bounded regardless
        if abs(big_b - big_a) <= EPSILON or f_b == f_a:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Iterable[tuple[Rating, float]], *, tau: float = TAU,
         clamp: bool = False) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score).

    Scores are 0 (loss), 0.5 (draw) or 1 (win); any value in between is taken as given.
    With no games the deviation grows as in :func:`idle`. With ``clamp`` the new
    deviation is kept within :data:`MIN_RD`..:data:`MAX_RD`, the rating within
    :data:`RATING_RANGE` and the volatility within :data:`VOL_RANGE` (the trainer's
    setting; the paper's example has none). Every rating and score is checked first
    (:func:`check_rating`): ValueError naming the one at fault.
    """
    check_rating(player, "player")
    tau = _number(tau, "tau", 1e-3, 10.0)
    played = []
    for i, game in enumerate(games, 1):
        try:
            opp, score = game
        except (TypeError, ValueError):
            raise ValueError(f"game {i}: expected (opponent, score), not {game!r}") from None
        check_rating(opp, f"game {i}: the opponent")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or \
                not 0.0 <= score <= 1.0:
            raise ValueError(f"game {i}: a score is from 0 (loss) to 1 (win), not {score!r}")
        played.append((opp, float(score)))
    if not played:
        return idle(player, clamp=clamp)
    # Step 2: to the Glicko-2 scale.
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    # Steps 3 and 4: the estimated variance v and the improvement delta.
    v_inv = 0.0
    total = 0.0
    for opp, score in played:
        mu_j, phi_j = (opp.rating - 1500.0) / SCALE, opp.rd / SCALE
        g = _g(phi_j)
        v_inv += g * g * _e_spread(mu, mu_j, phi_j)
        # score - E, with E = 1 - (1 - E): exact when E rounds to 1
        total += g * (score - 1.0 + _e_short(mu, mu_j, phi_j))
    v = 1.0 / v_inv
    delta = v * total
    # Step 5: the new volatility.
    sigma = _volatility(phi, player.vol, delta, v, tau)
    # Step 6: the pre-period deviation; step 7: the new deviation and rating.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    rd = phi_new * SCALE
    # Step 8: back to the Glicko scale.
    rating = mu_new * SCALE + 1500.0
    if clamp:
        rd = max(MIN_RD, min(MAX_RD, rd))
        rating = max(RATING_RANGE[0], min(RATING_RANGE[1], rating))
        sigma = max(VOL_RANGE[0], min(VOL_RANGE[1], sigma))
    return Rating(rating, rd, sigma)


def idle(player: Rating, periods: int = 1, *, clamp: bool = True) -> Rating:
    """The rating after ``periods`` rating periods without a game: the deviation grows
    (φ' = √(φ² + σ²) each period; step 6), rating and volatility stay; never past
    :data:`MAX_RD` with ``clamp``."""
    check_rating(player, "player")
    if isinstance(periods, bool) or not isinstance(periods, int) or periods < 0:
        raise ValueError(f"periods: a count of rating periods, not {periods!r}")
    phi = player.rd / SCALE
    phi = math.sqrt(phi * phi + periods * player.vol * player.vol)
    rd = phi * SCALE
    if clamp:
        rd = min(MAX_RD, rd)
    return Rating(player.rating, rd, player.vol)
