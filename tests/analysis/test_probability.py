"""Tests of catcards.probability: textbook values computed by hand, identities, hypothesis properties."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catcards.probability import (
    Interval,
    all_in_sample,
    check_proportion,
    drawn_by,
    first_drawn_at,
    hypergeom_at_least,
    hypergeom_cdf,
    hypergeom_mean,
    hypergeom_pmf,
    hypergeom_pmf_array,
    hypergeom_sf,
    hypergeom_support,
    mean_interval,
    none_in_sample,
    wilson_interval,
    z_value,
)


# ----------------------------------------------------------------------------- textbook values
def test_two_aces_in_a_poker_hand():
    # C(4,2) C(48,3) / C(52,5) = 6 * 17296 / 2598960
    assert hypergeom_pmf(2, 52, 4, 5) == Fraction(6 * 17296, 2598960) == Fraction(2162, 54145)


def test_no_ace_in_a_poker_hand():
    # C(48,5) / C(52,5) = 1712304 / 2598960
    assert hypergeom_pmf(0, 52, 4, 5) == Fraction(1712304, 2598960)
    assert hypergeom_at_least(1, 52, 4, 5) == 1 - Fraction(1712304, 2598960)


def test_lottery_6_from_49():
    total = 13983816  # C(49, 6)
    assert hypergeom_pmf(6, 49, 6, 6) == Fraction(1, total)
    # three right: C(6,3) C(43,3) = 20 * 12341
    assert hypergeom_pmf(3, 49, 6, 6) == Fraction(20 * 12341, total)
    # five right: C(6,5) C(43,1) = 6 * 43
    assert hypergeom_pmf(5, 49, 6, 6) == Fraction(258, total)


def test_urn_by_hand():
    # 5 balls, 2 red, draw 2: P(0 red) = 3/10, P(1) = 6/10, P(2) = 1/10
    assert [hypergeom_pmf(k, 5, 2, 2) for k in range(3)] == [
        Fraction(3, 10),
        Fraction(6, 10),
        Fraction(1, 10),
    ]
    assert hypergeom_cdf(0, 5, 2, 2) == Fraction(3, 10)
    assert hypergeom_cdf(1, 5, 2, 2) == Fraction(9, 10)
    assert hypergeom_sf(0, 5, 2, 2) == Fraction(7, 10)  # P(X > 0)
    assert hypergeom_sf(1, 5, 2, 2) == Fraction(1, 10)
    assert hypergeom_at_least(1, 5, 2, 2) == Fraction(7, 10)
    assert hypergeom_mean(5, 2, 2) == Fraction(4, 5)


def test_outside_the_support_is_zero_and_cdf_saturates():
    assert hypergeom_pmf(-1, 10, 3, 4) == 0
    assert hypergeom_pmf(4, 10, 3, 4) == 0  # only 3 marked cards
    # 10 cards, 8 marked, draw 5: at least 3 marked must come
    assert list(hypergeom_support(10, 8, 5)) == [3, 4, 5]
    assert hypergeom_pmf(2, 10, 8, 5) == 0
    assert hypergeom_cdf(-1, 10, 3, 4) == 0
    assert hypergeom_cdf(3, 10, 3, 4) == 1
    assert hypergeom_sf(3, 10, 3, 4) == 0


def test_simons_cat_set_aside_values():
    # 4 players x 7 cards leave 8 of 36 aside: P(Cat 3 aside) = 8/36, both = 8*7/(36*35)
    assert all_in_sample(1, drawn=8, population=36) == Fraction(8, 36)
    assert all_in_sample(2, drawn=8, population=36) == Fraction(56, 1260) == Fraction(2, 45)
    assert all_in_sample(0, drawn=8, population=36) == 1
    assert all_in_sample(3, drawn=2, population=36) == 0
    assert none_in_sample(1, drawn=8, population=36) == Fraction(28, 36)


def test_drawn_by_and_first_drawn_at():
    assert drawn_by(9, 36) == Fraction(1, 4)
    assert drawn_by(0, 36) == 0
    assert drawn_by(36, 36) == 1
    # two copies in 10 cards, 3 dealt: 1 - C(8,3)/C(10,3) = 1 - 56/120
    assert drawn_by(3, 10, copies=2) == Fraction(64, 120)
    assert all(first_drawn_at(k, 36) == Fraction(1, 36) for k in range(1, 37))
    assert first_drawn_at(0, 36) == 0 and first_drawn_at(37, 36) == 0
    # first of 2 copies in 4 cards at draw 1, 2, 3: 1/2, 1/3, 1/6
    assert [first_drawn_at(k, 4, copies=2) for k in (1, 2, 3, 4)] == [
        Fraction(1, 2),
        Fraction(1, 3),
        Fraction(1, 6),
        0,
    ]


def test_pmf_array_matches_exact_and_sums_to_one():
    array = hypergeom_pmf_array(36, 2, 8)
    assert array.shape == (9,)
    assert array[1] == pytest.approx(float(hypergeom_pmf(1, 36, 2, 8)))
    assert array.sum() == pytest.approx(1.0)


# ----------------------------------------------------------------------------- intervals
@pytest.mark.parametrize(
    "successes, trials, low, high",
    [  # Newcombe (1998) Statistics in Medicine 17:857-872, Table II, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
    ],
)
def test_wilson_interval_published_values(successes, trials, low, high):
    interval = wilson_interval(successes, trials)
    assert isinstance(interval, Interval)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)


def test_z_value():
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) == pytest.approx(2.575829, abs=1e-6)


def test_mean_interval_by_hand():
    # values 1..5: mean 3, s = sqrt(2.5), half = 1.959964 * sqrt(2.5) / sqrt(5)
    result = mean_interval([1, 2, 3, 4, 5])
    assert result.mean == 3
    assert result.half_width == pytest.approx(1.959964 * math.sqrt(0.5), abs=1e-5)
    assert result.low < 3 < result.high
    assert 3 in result and 10 not in result


def test_check_proportion():
    good = check_proportion(Fraction(1, 4), 260, 1000)
    assert good.inside and bool(good) and good.estimate == 0.26
    assert "agrees" in str(good)
    bad = check_proportion(Fraction(1, 2), 260, 1000)
    assert not bad.inside and "DISAGREES" in str(bad)


# ----------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: hypergeom_pmf(1, 10, 11, 3), "successes"),
        (lambda: hypergeom_pmf(1, 10, 3, 11), "draws"),
        (lambda: hypergeom_pmf(1, -1, 0, 0), "population"),
        (lambda: hypergeom_pmf(1.5, 10, 3, 3), "k must be a whole number"),
        (lambda: hypergeom_pmf(1, 10.0, 3, 3), "population"),
        (lambda: all_in_sample(2, drawn=40, population=36), "draws"),
        (lambda: wilson_interval(5, 0), "trials"),
        (lambda: wilson_interval(6, 5), "successes"),
        (lambda: wilson_interval(1, 5, confidence=1.0), "confidence"),
        (lambda: mean_interval([1.0]), "at least 2"),
        (lambda: mean_interval([1.0, float("nan")]), "finite"),
        (lambda: check_proportion(1.5, 1, 2), "exact"),
        (lambda: first_drawn_at(1, 3, copies=4), "copies"),
    ],
)
def test_bad_input_raises_clear_errors(call, words):
    with pytest.raises(ValueError, match=words):
        call()


# ----------------------------------------------------------------------------- properties
decks = st.integers(0, 60).flatmap(
    lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n))
)


@settings(max_examples=80, deadline=None)
@given(decks)
def test_pmf_sums_to_one_and_mean_is_nK_over_N(deck):
    population, successes, draws = deck
    pmf = [hypergeom_pmf(k, population, successes, draws) for k in range(draws + 1)]
    assert sum(pmf) == 1
    if population:
        assert sum(k * p for k, p in enumerate(pmf)) == hypergeom_mean(population, successes, draws)


@settings(max_examples=80, deadline=None)
@given(decks, st.integers(-2, 62))
def test_symmetries_and_cdf_sf_complement(deck, k):
    population, successes, draws = deck
    p = hypergeom_pmf(k, population, successes, draws)
    # drawn and marked play symmetric roles
    assert p == hypergeom_pmf(k, population, draws, successes)
    # counting unmarked cards instead of marked ones
    assert p == hypergeom_pmf(draws - k, population, population - successes, draws)
    assert hypergeom_cdf(k, population, successes, draws) + hypergeom_sf(
        k, population, successes, draws
    ) == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 50).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n))))
def test_all_in_sample_is_falling_factorial_ratio(args):
    population, drawn, cards = args
    expected = Fraction(math.perm(drawn, cards), math.perm(population, cards))
    assert all_in_sample(cards, drawn, population) == expected


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_estimate_and_mirrors(counts):
    successes, trials = counts
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1
    mirrored = wilson_interval(trials - successes, trials)
    assert mirrored.low == pytest.approx(1 - high, abs=1e-12)
    assert mirrored.high == pytest.approx(1 - low, abs=1e-12)


def test_wilson_coverage_on_a_seeded_simulation():
    # 400 experiments of 200 trials at p = 0.3: the 95% interval should cover p about 95% of the time
    rng = np.random.default_rng(2024)
    hits = rng.binomial(200, 0.3, size=400)
    covered = sum(0.3 in wilson_interval(int(h), 200) for h in hits)
    assert 0.92 <= covered / 400 <= 0.98


def test_rate_reports_one_in_n():
    from catcards.probability import rate

    r = rate(12, 6000)
    assert r.estimate == 0.002 and r.one_in == 500
    assert r.interval == wilson_interval(12, 6000)
    assert "about 1 in 500" in str(r) and "95% interval" in str(r)
    assert "99.9% interval" in str(rate(1, 10, 0.999))
    assert rate(0, 6000).one_in == math.inf and "never seen" in str(rate(0, 6000))
    with pytest.raises(ValueError, match="successes"):
        rate(7, 6)


def test_docstring_examples():
    import doctest

    import catcards.probability

    result = doctest.testmod(catcards.probability)
    assert result.attempted >= 8 and result.failed == 0
