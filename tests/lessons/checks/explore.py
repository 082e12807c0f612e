"""Independent checks of notebooks/explore.ipynb, run in its kernel after the whole notebook
(tests/lessons/test_lessons.py): its variables are this file's globals."""
from fractions import Fraction
from math import comb

import catcards
import numpy as np
from catcards.probability import wilson_interval

# cell "def exact_win(s, seat)": the same chances by two other methods. (1) The same average,
# written without recursion: a stack of (position, probability of reaching it) from every
# arrangement, each legal choice equally likely; the weights of the finished games seat 2 wins add
# up to its chance. (2) Plain random playouts (our own loop, not catcards.odds): an arrangement
# drawn uniformly, every choice uniform; the exact value lies in a 99.9% Wilson interval.
assert 1 <= len(worlds) <= comb(len(pool), len(state.hands[others[0]]))
for action in state.legal_actions():
    stack = [(w.clone().apply(action), Fraction(1, len(worlds))) for w in worlds]
    won = Fraction(0)
    while stack:
        s, weight = stack.pop()
        if s.is_over:
            won += weight if seat in s.outcome.winners else 0
            continue
        legal = s.legal_actions()
        stack += [(s.clone().apply(a), weight / len(legal)) for a in legal]
    assert exact[str(action)] == won, (action, won)
    rng = np.random.default_rng(2028)
    wins, playouts = 0, 1500
    for _ in range(playouts):
        s = worlds[rng.integers(len(worlds))].clone().apply(action)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.integers(len(legal))])
        wins += seat in s.outcome.winners
    low, high = wilson_interval(wins, playouts, confidence=0.999)
    assert low <= exact[str(action)] <= high, (action, wins, exact[str(action)])
# the same average over the arrangements drawn by sample_hidden: every draw is one of them
draws = [state.sample_hidden(seat, np.random.default_rng(k)) for k in range(60)]
assert all(any(d.zones() == w.zones() for w in worlds) for d in draws)

# cell "tables = {}": each rollout interval holds the exact value; the width shrinks like 1/sqrt(n)
for rollouts, table in tables.items():
    for _, row in table.iterrows():
        assert row["low"] <= exact[row["action"]] <= row["high"], (rollouts, row["action"])
widths = [tables[r]["high"].iloc[0] - tables[r]["low"].iloc[0] for r in (10, 100, 1000)]
assert widths[0] > widths[1] > widths[2]
assert 2 < widths[1] / widths[2] < 4.5      # about sqrt(10) = 3.16

# claim, cell "Before seat 1 plays, the Lion is in one of 38 unseen cards": 13/38 and 13/25 lie in
# 99.9% intervals around the lesson's 4,000 draws each
for estimate, exact_p in ((before, Fraction(13, 38)), (after, Fraction(13, 25))):
    low, high = wilson_interval(round(estimate * 4000), 4000, confidence=0.999)
    assert low <= exact_p <= high, (estimate, exact_p)
assert round(13 / 38, 3) == 0.342 and 12 + 13 == 25

# claim, cell "Seat 0 cannot see 25 cards (4 of them pink)": 1 - C(21,7)/C(25,7) = 0.758, and the
# lesson's 3,000 draws agree
exact_pink = 1 - Fraction(comb(21, 7), comb(25, 7))
low, high = wilson_interval(round(pink_with_1 * 3000), 3000, confidence=0.999)
assert low <= exact_pink <= high
assert abs(float(exact_pink) - 0.758) < 0.001

# cell "honest = catcards.odds(...)": honest rollouts hold the exact chances, peeking ones the true
# value of the real position
for _, row in honest.iterrows():
    assert row["low"] <= exact[row["action"]] <= row["high"]
for _, row in peek.iterrows():
    assert row["low"] <= true_value[row["action"]] <= row["high"]
# claim, cell "With the real cards the blue 8 wins for certain and the Wildcat never does ... the blue
# 8 is best either way"
assert true_value == {"play blue 8": 1, "play Wildcat (blue 20)": 0}
assert max(exact, key=exact.get) == max(true_value, key=true_value.get) == "play blue 8"

# cell "big = catcards.load('big-cat', ...)": peeking = knowing the result, and an independent
# honest estimate (another seed) overlaps the lesson's
actual = big.clone().play_out()
assert peek_big["win_rate"].iloc[0] == float(0 in actual.outcome.winners)
again = catcards.odds(big, 0, rollouts=100, seed=99, progress=False)
lo, hi = honest_big["low"].iloc[0], honest_big["high"].iloc[0]
assert again["low"].iloc[0] <= hi and lo <= again["high"].iloc[0]

# claim, cell "What 'winning' means here": everyone has already won more tricks than they bid, so
# each further trick costs a point (the rulebook's scoring, rules/wildcat.md: a miss costs 1 per
# trick over or under), and the highest score after the hand wins
from catcards.games.king_of_the_jungle import hand_points

assert all(view["won"][s] > view["bids"][s] for s in range(3))
assert view["bids"][2] == 2 and view["won"][2] == 4
assert all(hand_points(2, 4 + more) == -(2 + more) for more in range(3))
