"""Independent checks of notebooks/snap.ipynb, run in its kernel after the whole notebook
(tests/lessons/test_lessons.py): its variables are this file's globals."""
from fractions import Fraction
from itertools import permutations
from math import factorial

from catcards.decks import deck as make_deck

# cell "print('Wildcat: P(snap on a turn) =', ...)": the closed form of the text, (copies - 1) / (cards - 1),
# and a brute-force count over every ordered pair of two different cards of the real deck
assert snap_chance("wildcat") == Fraction(4 - 1, 52 - 1) == Fraction(1, 17)
assert snap_chance("dinohistoria") == Fraction(5 - 1, 55 - 1) == Fraction(2, 27)
for deck_name in ("wildcat", "dinohistoria"):
    deck_cards = make_deck(deck_name)
    same = sum(a.rank == b.rank for a, b in permutations(deck_cards, 2))
    assert snap_chance(deck_name) == Fraction(same, len(deck_cards) * (len(deck_cards) - 1))

# cell "expected snaps in 10 turns": linearity of expectation written out, (N - 1) x 3/51; the mean
# of the exact distribution (inclusion-exclusion, another method) agrees; and P(no snap) equals the
# published count of rank sequences of a standard deck with no two equal ranks adjacent,
# 4184920420968817245135211427730337964623328025600 of 52! / (4!)^13 (Math StackExchange question
# 310971, "No two identical ranks together in a standard deck of cards": probability .045476)
assert expected_snaps(10) == (10 - 1) * Fraction(3, 51) == Fraction(9, 17)
assert expected_snaps(52) == (52 - 1) * Fraction(3, 51) == 3
assert sum(dist.values()) == 1 and sum(k * p for k, p in dist.items()) == 3
assert dist[0] == Fraction(4184920420968817245135211427730337964623328025600, factorial(52) // factorial(4) ** 13)

# claim, cell "## 1. The chance...": the engine's first pass agrees with 1/17 (all 51 x 600 turns
# pooled: a 99.9% Wilson interval around the pooled share holds 1/17)
low, high = wilson_interval(int(shows[:, 1:].sum()), shows[:, 1:].size, confidence=0.999)
assert low <= 1 / 17 <= high, (low, high)

# claim, the line "Whole games give slightly fewer snaps per turn than 1/17" that the cell under
# "In a real game the pile is won now and then" prints after the lock-in: over whole games the rate is a little below 1/17
assert 0.045 < rate < 1 / 17, rate

# claim, cell "A small edge in each race grows into a bigger edge": every row but the equal one has
# the whole-game win rate further from 0.5 than the one-race chance (the sentence printed counts
# them from the same table)
assert further == len(others) == 6, further
# the one-race chance at equal reactions is exactly one half (symmetry), the integral agrees
assert abs(race_chance(0.5, 0.5) - 0.5) < 1e-3
# the equal-reaction reading is read_interval of that row: excludes 0.5 iff the row's interval does
assert ("excludes" in read_interval(equal["low"], equal["high"], 0.5, games=2000)) == (
    not equal["low"] <= 0.5 <= equal["high"])
# claim, notebooks/teacher/snap.md "Going further, reaction times": the notes quote that reading as
# the notebook prints it, "[0.452, 0.495] excludes 0.5", seat 0 winning somewhere between 0.005 and
# 0.048 less
from pathlib import Path as _Path  # noqa: E402

_notes = " ".join((_Path(catcards.__file__).resolve().parents[1] / "notebooks" / "teacher" / "snap.md")
                  .read_text(encoding="utf-8").split())
_equal_reading = read_interval(equal["low"], equal["high"], 0.5, games=2000, what="seat 0's win rate")
assert "seeds: [0.452, 0.495] excludes 0.5, seat 0 wins somewhere between 0.005 and 0.048 less" in _notes
assert _equal_reading.startswith("The interval [0.452, 0.495] excludes 0.5:") and "between 0.005 and 0.048" in _equal_reading, \
    _equal_reading

# claim, cell "### Independent turns, or not?": the shortcut (16/17)^51 = 0.0454 and the exact
# 0.0455 (the published count above) differ by less than 0.0002
assert round((16 / 17) ** 51, 4) == 0.0454 and round(float(dist[0]), 4) == 0.0455
assert abs(independent - float(dist[0])) < 2e-4

# claim, cell "**Work it out.**" (after the reveal): 2/50 after a snap and 3/50 after no snap, of
# the 50 other cards (on any turn), counted over every
# ordered triple of different cards of the real deck (turns 1-3 of a pass; any three neighbouring
# turns of the first pass are such a triple)
deck_cards = make_deck("wildcat")
both = first_snap = second_only = 0
for a, b, c in permutations(range(len(deck_cards)), 3):
    ra, rb, rc = deck_cards[a].rank, deck_cards[b].rank, deck_cards[c].rank
    first_snap += ra == rb
    both += ra == rb == rc
    second_only += ra != rb and rb == rc
triples = 52 * 51 * 50
assert Fraction(both, first_snap) == after_snap == Fraction(2, 50)
assert Fraction(second_only, triples - first_snap) == after_no_snap == Fraction(3, 50)
# the total-probability check: the two conditional chances average back to 1/17
assert Fraction(1, 17) * after_snap + Fraction(16, 17) * after_no_snap == Fraction(1, 17)
# the simulated reading: "do not overlap" exactly when the two intervals are apart
apart = ci_snap.high < ci_no_snap.low or ci_no_snap.high < ci_snap.low
assert ("do not overlap" in dependence_reading) == apart, dependence_reading
# the simulated counts are the lesson's 600 first passes (turns 2 to 51 and the turn after)
assert snap_then[1] + no_snap_then[1] == 600 * 50

# claim, cell "Small samples disagree a lot: one student's 10 passes can easily average half a snap or
# more away from the class's average ... Pooled, the
# class's 300 passes pin the average down far better: their 95% interval ... is only about 0.4
# wide, a small part of the spread of the students' own averages" (run with CATCARDS_LESSON_SEED
# pinned by the test)
assert len(passes) == 30 and all(len(p) == 10 for p in passes) and member is None
assert min(student_means) <= 2.5 and max(student_means) >= 3.5, student_means
assert sum(abs(m - pooled[-1]) >= 0.5 for m in student_means) >= 5, student_means   # "easily": 1 student in 6 or more
assert abs(pooled[-1] - 3) < 0.3, pooled[-1]
assert max(student_means) - min(student_means) > 4 * abs(pooled[-1] - 3)
# the printed interval is mean -+ 1.96 s / sqrt(300) over all 300 passes, recomputed here by hand
_all = [v for p in passes for v in p]
_mean = sum(_all) / 300
_s = (sum((v - _mean) ** 2 for v in _all) / 299) ** 0.5
assert abs(pooled[-1] - _mean) < 1e-12 and abs(pooled_low - (_mean - 1.96 * _s / 300 ** 0.5)) < 1e-12
assert 0.3 < pooled_high - pooled_low < 0.5                                  # "about 0.4 wide"
assert 3 * (pooled_high - pooled_low) < max(student_means) - min(student_means)   # "a small part"
# the sentence says "holds" exactly when the interval holds 3, "misses" otherwise
assert ("holds the exact 3" in pooled_reading) == (pooled_low <= 3 <= pooled_high), pooled_reading
assert ("misses the exact 3" in pooled_reading) == (not pooled_low <= 3 <= pooled_high), pooled_reading

# Run All (answers None, nobody locked in): every reveal of a prediction waits for the lock-in and
# shows no answer (catcards.widgets.predict.WAITING), and the opening count is the exact mean 3
from catcards.widgets.predict import WAITING

for _guess in (count_guess, first_guess, after_snap_guess):
    assert _guess.value is None and WAITING in _guess.result.value and "1/17" not in _guess.result.value
assert count_guess.kind == "number" and expected_snaps(52) == 3
