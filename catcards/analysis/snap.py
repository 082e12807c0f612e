"""Exact chances for Snap: how often a snap shows when the deck is turned.

While every player still holds cards and nobody has called, the cards are turned in exactly the
shuffled order (card ``i`` of the deal goes to seat ``first + i`` and seats turn in the same order),
so "snap on turn t" is "cards t-1 and t of a random shuffle have the same number".

- :func:`snap_chance`: for any turn ``t >= 2`` of that first pass,
  ``P = sum_r c_r (c_r - 1) / (D (D - 1))`` (``c_r`` cards of number ``r``, ``D`` cards): 1/17 for
  the Wildcat deck (4 of each of 13 numbers), 2/27 for Dinohistoria (5 of each of 11).
- :func:`expected_snaps`: by linearity of expectation, ``(flips - 1) P`` snaps in the first
  ``flips`` turns (``flips <= D``); a whole Wildcat deck shows 3 snaps on average.
- :func:`snap_count_distribution`: the exact distribution of the number of snaps showing in one
  pass through the whole deck, by inclusion-exclusion over runs ("blocks") of equal numbers: the
  arrangements of a multiset with ``t`` marking adjacent equal pairs sum to
  ``sum_K a_K K! (t - 1)^(D - K)`` with ``a_K = sum prod_r C(c_r - 1, k_r - 1) / k_r!`` over block
  counts ``k_r`` adding up to ``K``. For the Wildcat deck, which has the rank structure of a
  standard 52-card deck, ``P(no snap) = 0.04548...``, the known chance that no two adjacent cards
  of a shuffled standard deck share a rank.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb, factorial

from ..core import is_whole
from ..decks import deck as make_deck

__all__ = ["number_counts", "snap_chance", "expected_snaps", "snap_count_distribution", "adjacent_match_distribution"]


def number_counts(deck: str = "wildcat") -> list[int]:
    """Cards of each number in the Snap deck ``deck`` (Wildcat: thirteen 4s; Dinohistoria: eleven 5s).

    Raises:
        ValueError: unknown deck.
    """
    return sorted(Counter(c.rank for c in make_deck(deck)).values())


def snap_chance(deck: str = "wildcat") -> Fraction:
    """Chance that a turned card (not the first on an empty pile) makes a snap, first pass.

    Raises:
        ValueError: unknown deck.
    """
    counts = number_counts(deck)
    d = sum(counts)
    return Fraction(sum(c * (c - 1) for c in counts), d * (d - 1))


def expected_snaps(flips: int, deck: str = "wildcat") -> Fraction:
    """Expected snaps showing in the first ``flips`` turned cards of the deck (1 <= flips <= D).

    Raises:
        ValueError: ``flips`` outside 1..D, or unknown deck.
    """
    d = sum(number_counts(deck))
    if not is_whole(flips) or not 1 <= flips <= d:
        raise ValueError(f"flips must be a whole number from 1 to {d} (one pass through the deck), not {flips!r}")
    return (flips - 1) * snap_chance(deck)


def snap_count_distribution(deck: str = "wildcat") -> dict[int, Fraction]:
    """Exact distribution of the number of snaps showing when the whole shuffled deck is turned
    once with nobody calling: ``{snaps: probability}`` (probabilities are Fractions adding to 1).

    Raises:
        ValueError: unknown deck.
    """
    return adjacent_match_distribution(number_counts(deck))


def adjacent_match_distribution(counts: list[int]) -> dict[int, Fraction]:
    """Exact distribution of the number of neighbouring pairs of equal numbers in a random
    arrangement of a deck holding ``counts[r]`` cards of number ``r``: ``{pairs: probability}``
    (Fractions adding to 1). The method of :func:`snap_count_distribution`, for any deck.

    Raises:
        ValueError: ``counts`` is empty or holds a count that is not a whole number of at least 1.
    """
    if not counts or not all(is_whole(c) and c >= 1 for c in counts):
        raise ValueError(f"counts must be whole numbers of at least 1, not {counts!r}")
    counts = [int(c) for c in counts]
    d = sum(counts)
    # a[K]: sum over block counts of prod C(c-1, k-1) / k!
    a = {0: Fraction(1)}
    for c in counts:
        nxt: dict[int, Fraction] = {}
        for K, v in a.items():
            for k in range(1, c + 1):
                nxt[K + k] = nxt.get(K + k, 0) + v * Fraction(comb(c - 1, k - 1), factorial(k))
        a = nxt
    # sum_K a_K K! (t - 1)^(d - K), expanded in powers of t
    poly = [Fraction(0)] * (d + 1)
    for K, v in a.items():
        w = v * factorial(K)
        e = d - K
        for j in range(e + 1):
            poly[j] += w * comb(e, j) * (-1) ** (e - j)
    total = Fraction(factorial(d))
    for c in counts:
        total /= factorial(c)
    return {j: p / total for j, p in enumerate(poly) if p}
