"""General probability helpers for the lessons: exact card-drawing chances and simulation intervals.

Exact answers are :class:`fractions.Fraction` values computed with integer binomial coefficients
(:func:`math.comb`), so they are exact for any deck size; each exact function has a float
convenience (``float(...)`` of the Fraction, or an array form for plotting). Interval functions
take counts from a simulation and return floats.

Drawing cards without replacement (the hypergeometric distribution)
-------------------------------------------------------------------
A deck of ``population`` cards holds ``successes`` marked cards; ``draws`` cards are taken at
random without replacement. ``X`` = number of marked cards drawn. Then (Feller, *An Introduction to
Probability Theory and Its Applications*, vol. 1, 3rd ed., 1968, section II.6)::

    P(X = k) = C(successes, k) * C(population - successes, draws - k) / C(population, draws)

for ``max(0, draws - (population - successes)) <= k <= min(draws, successes)``, else 0.

>>> from catcards.probability import hypergeom_pmf, all_in_sample, wilson_interval
>>> hypergeom_pmf(2, population=52, successes=4, draws=5)   # exactly 2 aces in a poker hand
Fraction(2162, 54145)
>>> all_in_sample(1, drawn=8, population=36)                # one given card among 8 of 36
Fraction(2, 9)
>>> low, high = wilson_interval(81, 263)
>>> round(low, 4), round(high, 4)
(0.2553, 0.3662)

Simulation intervals
--------------------
:func:`wilson_interval` (Wilson 1927) for a proportion such as a win rate, :func:`rate` for the
same as a printable :class:`Rate` ("about 1 in 140"), :func:`mean_interval` (normal approximation)
for a mean, and :func:`check_proportion` to ask whether a simulated proportion agrees with an
exact value.

All functions raise :class:`ValueError` with a message naming the bad argument and what is allowed.

Why one module of about 520 lines: it is the lessons' one reference of formulas, read whole beside
the notebooks, and its two halves (exact chances, simulation intervals) share the argument checks
and the examples above; a split would give two short files for a few lines over 500.
"""
from __future__ import annotations

import math
import numbers
import operator
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Iterable, NamedTuple

import numpy as np

__all__ = [
    "hypergeom_pmf",
    "hypergeom_cdf",
    "hypergeom_sf",
    "hypergeom_at_least",
    "hypergeom_support",
    "hypergeom_pmf_array",
    "hypergeom_mean",
    "all_in_sample",
    "none_in_sample",
    "drawn_by",
    "first_drawn_at",
    "z_value",
    "Interval",
    "MeanInterval",
    "wilson_interval",
    "mean_interval",
    "ProportionCheck",
    "check_proportion",
    "Rate",
    "rate",
]


# --------------------------------------------------------------------------- argument checks
def _count(value, name: str) -> int:
    """``value`` as a non-negative int, or ValueError naming ``name``."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number >= 0, got the bool {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(
            f"{name} must be a whole number >= 0, got {value!r} ({type(value).__name__})"
        ) from None
    if number < 0:
        raise ValueError(f"{name} must be a whole number >= 0, got {number}")
    return number


def _deck(population, successes, draws) -> tuple[int, int, int]:
    """Check hypergeometric parameters: 0 <= successes <= population, 0 <= draws <= population."""
    population = _count(population, "population")
    successes = _count(successes, "successes")
    draws = _count(draws, "draws")
    if successes > population:
        raise ValueError(
            f"successes (marked cards) must be at most population={population}, got {successes}"
        )
    if draws > population:
        raise ValueError(
            f"draws must be at most population={population} (cards are not replaced), got {draws}"
        )
    return population, successes, draws


def _integer(k, name: str = "k"):
    if isinstance(k, bool):
        raise ValueError(f"{name} must be a whole number, got the bool {k!r}")
    try:
        return operator.index(k)
    except TypeError:
        raise ValueError(f"{name} must be a whole number, got {k!r} ({type(k).__name__})") from None


# --------------------------------------------------------------------------- hypergeometric
def hypergeom_support(population: int, successes: int, draws: int) -> range:
    """The values ``k`` with ``P(X = k) > 0``: ``max(0, draws - (population - successes))`` to
    ``min(draws, successes)`` inclusive, as a ``range``.

    Raises ValueError for parameters outside ``0 <= successes, draws <= population``.
    Source: Feller vol. 1, II.6.
    """
    population, successes, draws = _deck(population, successes, draws)
    return range(max(0, draws - (population - successes)), min(draws, successes) + 1)


def hypergeom_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact ``P(X = k)``: the chance of exactly ``k`` marked cards among ``draws`` cards drawn
    without replacement from ``population`` cards of which ``successes`` are marked.

    ``C(successes, k) * C(population - successes, draws - k) / C(population, draws)``;
    0 for ``k`` outside :func:`hypergeom_support` (any integer ``k`` is accepted).

    Args:
        k: number of marked cards drawn (an int; negative or too large gives 0).
        population: cards in the deck, ``N >= 0``.
        successes: marked cards in the deck, ``0 <= K <= N``.
        draws: cards drawn, ``0 <= n <= N``.

    Returns: a ``Fraction`` in [0, 1].
    Raises: ValueError for a non-integer ``k`` or bad deck parameters.
    Source: Feller vol. 1, II.6, formula (6.1).

    >>> hypergeom_pmf(3, 49, 6, 6)   # three numbers right in a 6-from-49 lottery
    Fraction(8815, 499422)
    """
    population, successes, draws = _deck(population, successes, draws)
    k = _integer(k)
    if k < 0 or k > draws or k > successes or draws - k > population - successes:
        return Fraction(0)
    return Fraction(
        math.comb(successes, k) * math.comb(population - successes, draws - k),
        math.comb(population, draws),
    )


def hypergeom_cdf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact ``P(X <= k)`` (0 for ``k < 0``, 1 for ``k >= min(draws, successes)``).

    Same arguments and errors as :func:`hypergeom_pmf`. Source: Feller vol. 1, II.6.
    """
    support = hypergeom_support(population, successes, draws)
    k = _integer(k)
    return sum(
        (hypergeom_pmf(j, population, successes, draws) for j in support if j <= k), Fraction(0)
    )


def hypergeom_sf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact survival function ``P(X > k)`` (strictly greater, as in scipy's ``sf``);
    see :func:`hypergeom_at_least` for ``P(X >= k)``.

    Same arguments and errors as :func:`hypergeom_pmf`. Source: Feller vol. 1, II.6.
    """
    support = hypergeom_support(population, successes, draws)
    k = _integer(k)
    return sum(
        (hypergeom_pmf(j, population, successes, draws) for j in support if j > k), Fraction(0)
    )


def hypergeom_at_least(k: int, population: int, successes: int, draws: int) -> Fraction:
    """Exact ``P(X >= k)``: the chance of drawing at least ``k`` marked cards.

    Same arguments and errors as :func:`hypergeom_pmf`. Source: Feller vol. 1, II.6.

    >>> hypergeom_at_least(1, 52, 4, 5)   # at least one ace in a poker hand
    Fraction(18472, 54145)
    """
    return hypergeom_sf(_integer(k) - 1, population, successes, draws)


def hypergeom_pmf_array(population: int, successes: int, draws: int) -> np.ndarray:
    """Float convenience for plotting: ``P(X = k)`` for ``k = 0 .. draws``, shape ``(draws + 1,)``.

    Entry ``k`` is ``float(hypergeom_pmf(k, ...))``; the entries sum to 1 (up to rounding).
    Raises ValueError for bad deck parameters. Source: Feller vol. 1, II.6.
    """
    population, successes, draws = _deck(population, successes, draws)
    return np.array(
        [float(hypergeom_pmf(k, population, successes, draws)) for k in range(draws + 1)]
    )


def hypergeom_mean(population: int, successes: int, draws: int) -> Fraction:
    """Exact mean ``E[X] = draws * successes / population`` (0 for an empty deck).

    Source: Feller vol. 1, IX.5 (expectation of the hypergeometric distribution).
    """
    population, successes, draws = _deck(population, successes, draws)
    if population == 0:
        return Fraction(0)
    return Fraction(draws * successes, population)


# --------------------------------------------------------------------------- given cards
def all_in_sample(cards: int, drawn: int, population: int) -> Fraction:
    """Exact chance that ``cards`` given (named) cards are ALL among ``drawn`` cards taken at random
    without replacement from ``population`` cards.

    ``C(population - cards, drawn - cards) / C(population, drawn)``
    ``= drawn (drawn-1) ... (drawn-cards+1) / (population (population-1) ... (population-cards+1))``,
    which is :func:`hypergeom_pmf` with ``k = successes = cards``. 1 when ``cards == 0``; 0 when
    ``cards > drawn``.

    Example: the Simon's Cat set-aside pile is ``r`` of 36 cards, so the Cat 3 is in it with chance
    ``r/36`` and Cat 3 and Cat 4 both with ``r(r-1)/(36*35)``.

    Raises: ValueError unless ``0 <= cards <= population`` and ``0 <= drawn <= population``.
    Source: Feller vol. 1, II.6 (the hypergeometric with all marked cards drawn).

    >>> all_in_sample(2, drawn=8, population=36)
    Fraction(2, 45)
    """
    return hypergeom_pmf(cards, population=population, successes=cards, draws=drawn)


def none_in_sample(cards: int, drawn: int, population: int) -> Fraction:
    """Exact chance that NONE of ``cards`` given cards is among ``drawn`` cards taken from
    ``population``: ``C(population - cards, drawn) / C(population, drawn)``.

    Raises: ValueError as :func:`all_in_sample`. Source: Feller vol. 1, II.6 (k = 0).
    """
    return hypergeom_pmf(0, population=population, successes=cards, draws=drawn)


def drawn_by(draw: int, population: int, copies: int = 1) -> Fraction:
    """Exact chance that a given card (or at least one of ``copies`` given cards) has come up by the
    ``draw``-th card dealt from a well-shuffled deck of ``population`` cards.

    One card: ``draw / population`` (every position is equally likely). ``copies`` cards:
    ``1 - C(population - copies, draw) / C(population, draw)``.

    Args:
        draw: how many cards have been dealt, ``0 <= draw <= population``.
        population: deck size.
        copies: how many cards count as a hit, ``0 <= copies <= population``.

    Raises: ValueError for arguments outside those ranges.
    Source: Feller vol. 1, II.6 (complement of the hypergeometric k = 0 term).

    >>> drawn_by(9, 36)
    Fraction(1, 4)
    """
    return 1 - none_in_sample(copies, drawn=draw, population=population)


def first_drawn_at(draw: int, population: int, copies: int = 1) -> Fraction:
    """Exact chance that the first of ``copies`` given cards comes up exactly at the ``draw``-th card
    (draws counted from 1) of a well-shuffled deck of ``population`` cards.

    ``drawn_by(draw) - drawn_by(draw - 1)``; for one card it is ``1 / population`` at every position.
    ``draw`` outside ``1 .. population`` gives 0.

    Raises: ValueError for bad ``population`` / ``copies`` or a non-integer ``draw``.
    Source: Feller vol. 1, II.6 (negative hypergeometric waiting time).
    """
    population = _count(population, "population")
    copies = _count(copies, "copies")
    if copies > population:
        raise ValueError(f"copies must be at most population={population}, got {copies}")
    draw = _integer(draw, "draw")
    if draw < 1 or draw > population:
        return Fraction(0)
    return drawn_by(draw, population, copies) - drawn_by(draw - 1, population, copies)


# --------------------------------------------------------------------------- intervals
def z_value(confidence: float = 0.95) -> float:
    """Two-sided standard normal quantile: ``z`` with ``P(|Z| <= z) = confidence`` (1.95996... for
    0.95), from :class:`statistics.NormalDist`.

    Raises: ValueError unless ``0 < confidence < 1``.
    """
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise ValueError(f"confidence must be a number strictly between 0 and 1, got {confidence!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + float(confidence) / 2)


class Interval(NamedTuple):
    """A confidence interval ``(low, high)`` for a proportion, both floats in [0, 1].

    ``p in interval`` tests ``low <= p <= high`` (not tuple membership).
    """

    low: float
    high: float

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low

    def __contains__(self, value) -> bool:  # type: ignore[override]
        return self.low <= float(value) <= self.high


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> Interval:
    """Wilson score interval for a proportion (a win rate, a frequency in a simulation).

    With ``p = successes / trials``, ``n = trials`` and ``z`` = :func:`z_value` (confidence)::

        centre = (p + z^2 / (2n)) / (1 + z^2 / n)
        half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / (4 n^2))

    returns ``(centre - half, centre + half)``, clipped to [0, 1]. Unlike the textbook
    ``p +- z sqrt(p(1-p)/n)`` it behaves well for p near 0 or 1 (0 successes still gives a
    non-empty interval), which matters for rare events such as "every player loses".

    Args:
        successes: number of hits, ``0 <= successes <= trials``.
        trials: number of trials, ``>= 1``.
        confidence: coverage, strictly between 0 and 1 (default 0.95).

    Returns: an :class:`Interval` ``(low, high)``.
    Raises: ValueError for counts out of range or a bad confidence.
    Source: E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
    J. Amer. Statist. Assoc. 22 (1927) 209-212; values checked against R. G. Newcombe, Statistics
    in Medicine 17 (1998) 857-872, Table II (81/263 -> 0.2553 to 0.3662).
    """
    successes = _count(successes, "successes")
    trials = _count(trials, "trials")
    if trials == 0:
        raise ValueError("trials must be at least 1 for an interval, got 0")
    if successes > trials:
        raise ValueError(f"successes must be at most trials={trials}, got {successes}")
    z = z_value(confidence)
    n = trials
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(low, high)


class MeanInterval(NamedTuple):
    """A normal-approximation interval for a mean: ``mean +- half_width``; ``x in interval`` tests
    ``low <= x <= high``."""

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        """``mean - half_width``."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """``mean + half_width``."""
        return self.mean + self.half_width

    def __contains__(self, value) -> bool:  # type: ignore[override]
        return self.low <= float(value) <= self.high


def mean_interval(values: Iterable[float], confidence: float = 0.95) -> MeanInterval:
    """Normal-approximation confidence interval for the mean of simulated values.

    ``mean +- z * s / sqrt(n)`` with ``s`` the sample standard deviation (ddof = 1) and ``z`` =
    :func:`z_value` (confidence). Good for the few thousand games a lesson simulates (central limit
    theorem). The sample standard deviation needs at least 2 values.

    Args:
        values: numbers (list, array, pandas Series), at least 2, all finite.
        confidence: strictly between 0 and 1 (default 0.95).

    Returns: a :class:`MeanInterval` ``(mean, half_width)`` with ``.low`` and ``.high``.
    Raises: ValueError for fewer than 2 values, non-finite values or a bad confidence.
    Source: the large-sample interval for a mean, e.g. Wasserman, *All of Statistics* (2004), 6.3.2.
    """
    z = z_value(confidence)
    try:
        array = np.asarray(list(values), dtype=float)
    except (TypeError, ValueError):
        raise ValueError("values must be numbers") from None
    if array.ndim != 1 or array.size < 2:
        raise ValueError(f"values must hold at least 2 numbers, got {array.size}")
    if not np.all(np.isfinite(array)):
        raise ValueError("values must all be finite (no NaN or infinity)")
    mean = float(array.mean())
    half = z * float(array.std(ddof=1)) / math.sqrt(array.size)
    return MeanInterval(mean, half)


@dataclass(frozen=True)
class ProportionCheck:
    """An exact probability beside a simulated proportion, and whether they agree.

    Attributes:
        exact: the exact probability (Fraction or float).
        successes, trials: the simulation counts.
        estimate: ``successes / trials``.
        interval: the Wilson interval around the estimate.
        inside: True when ``exact`` lies in ``interval``.
    """

    exact: Fraction | float
    successes: int
    trials: int
    estimate: float
    interval: Interval
    inside: bool

    def __bool__(self) -> bool:
        return self.inside

    def __str__(self) -> str:
        verdict = "agrees" if self.inside else "DISAGREES"
        return (
            f"exact {float(self.exact):.4f}, simulated {self.estimate:.4f} "
            f"({self.successes}/{self.trials}, interval {self.interval.low:.4f} to "
            f"{self.interval.high:.4f}): {verdict}"
        )


def check_proportion(
    exact, successes: int, trials: int, confidence: float = 0.95
) -> ProportionCheck:
    """Does a simulated proportion agree with an exact probability? True when ``exact`` lies in the
    Wilson interval (:func:`wilson_interval`) of ``successes / trials``.

    With ``confidence = 0.95`` a correct exact value falls outside about 1 time in 20 by chance;
    tests should use a fixed seed, or 0.999 to make a false alarm rare.

    Args:
        exact: the exact probability, a number in [0, 1] (Fraction, int or float).
        successes, trials, confidence: as in :func:`wilson_interval`.

    Returns: a :class:`ProportionCheck` (truthy when they agree; ``str`` gives a one-line verdict).
    Raises: ValueError for an exact value outside [0, 1] or bad counts.
    Source: Wilson (1927), see :func:`wilson_interval`.

    >>> check_proportion(Fraction(1, 4), 260, 1000).inside
    True
    """
    if isinstance(exact, bool) or not isinstance(exact, numbers.Real):
        raise ValueError(f"exact must be a probability (a number in [0, 1]), got {exact!r}")
    if not 0 <= exact <= 1:
        raise ValueError(f"exact must be a probability in [0, 1], got {exact!r}")
    interval = wilson_interval(successes, trials, confidence)
    return ProportionCheck(
        exact=exact,
        successes=int(successes),
        trials=int(trials),
        estimate=successes / trials,
        interval=interval,
        inside=interval.low <= float(exact) <= interval.high,
    )


@dataclass(frozen=True)
class Rate:
    """A simulated frequency with its Wilson interval, for reporting ("about 1 game in 480").

    Attributes:
        successes, trials: the counts.
        estimate: ``successes / trials``.
        interval: the Wilson :class:`Interval`.
        confidence: the interval's coverage.
    """

    successes: int
    trials: int
    estimate: float
    interval: Interval
    confidence: float

    @property
    def one_in(self) -> float:
        """``trials / successes`` ("1 in N"); ``math.inf`` when there were no successes."""
        return math.inf if self.successes == 0 else self.trials / self.successes

    def __str__(self) -> str:
        low, high = self.interval
        text = (
            f"{self.successes}/{self.trials} = {self.estimate:.4g} "
            f"({self.confidence * 100:g}% interval {low:.4g} to {high:.4g})"
        )
        if self.successes == 0:
            text += f"; never seen: likely rarer than 1 in {1 / high:,.0f}"
        elif self.estimate < 0.1:
            worst = "never seen" if low == 0 else f"1 in {1 / low:,.0f}"
            text += f"; about 1 in {self.one_in:,.0f} (between 1 in {1 / high:,.0f} and {worst})"
        return text


def rate(successes: int, trials: int, confidence: float = 0.95) -> Rate:
    """A simulated frequency with its Wilson interval (:func:`wilson_interval`) as a :class:`Rate`;
    ``str`` reads "12/6000 = 0.002 (95% interval ...); about 1 in 500 (between 1 in ... and ...)".

    Raises: ValueError for counts out of range (``0 <= successes <= trials``, ``trials >= 1``) or a
    bad confidence. Source: Wilson (1927).
    """
    interval = wilson_interval(successes, trials, confidence)
    return Rate(int(successes), int(trials), successes / trials, interval, float(confidence))
