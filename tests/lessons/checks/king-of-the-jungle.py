"""Independent checks of notebooks/king-of-the-jungle.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell "for b in (4, 0, 5):"
# check against the rulebook: 4 + 0 + 5 = 9, so the last bidder may bid 0-13 except 13 - 9 = 4;
# Bid(4) was refused and changed nothing (the same bids are still on offer)
allowed = [b for b in range(14) if 4 + 0 + 5 + b != 13]
assert allowed == [0, 1, 2, 3] + list(range(5, 14))
assert [a.tricks for a in state.legal_actions()] == allowed

# ---- cell "print("bid 4, make 4:", hand_points(4, 4))"
# check against the rulebook's scoring (rules/wildcat.md): bid 4 and make 4 scores +18; a miss
# costs 1 per trick over or under; a bid of 0 made scores +20
assert hand_points(4, 4) == 10 + 2 * 4 == 18
assert hand_points(4, 2) == hand_points(4, 6) == -2
assert hand_points(0, 0) == 20 and hand_points(0, 3) == -3

# ---- cell "from catcards.analysis import king_of_the_jungle as kj"
# check against the closed forms above, written out (4 Lions among the 52 cards, 13 in a hand)
from fractions import Fraction
from math import comb

for k in range(5):
    assert dist[k] == Fraction(comb(4, k) * comb(48, 13 - k), comb(52, 13))
assert sum(dist.values()) == 1
assert kj.p_hold_lion_of_suit(4) == Fraction(13, 52)
assert kj.p_hold_a_lion(4) == 1 - Fraction(comb(48, 13), comb(52, 13))
# the red Lion is one of your 13 cards of 52, then the red Tiger one of your other 12 of the other 51
assert kj.p_top_two_of_suit(4) == Fraction(13, 52) * Fraction(12, 51)

# ---- claim, cell "## The chance to hold the highest card of a suit": "1/4 is right ... because
# every player gets the same number of cards"; "in the Big Cat Game with 3 players the first stack
# has 18 of the 52 cards, so it holds a given Lion with chance 18/52, not 1/3". Source: the deals
# themselves (13 cards each here; Big Cat's 3-player stacks counted from a deal).
fresh = game.new_game(seed=1)
assert [len(fresh.observation(s)["hand"]) for s in range(4)] == [13, 13, 13, 13]
big_cat_3 = catcards.load("big-cat", players=3).new_game(seed=0).zones()
assert sorted(len(big_cat_3[f"stack {s}"]) for s in range(3)) == [17, 17, 18] and len(big_cat_3["stack 0"]) == 18
assert Fraction(18, 52) != Fraction(1, 3)

# ---- claim, cell "Why could bidding 0 do well?": "A made 0 scores 20, more than any made bid up
# to 4 (10 + 2 x 4 = 18)". Source: the rulebook's scoring (rules/wildcat.md), written out.
assert hand_points(0, 0) == 20 > max(hand_points(b, b) for b in range(1, 5)) == 10 + 2 * 4

# ---- the reveal after the 2000 hands: the exact chance it shows is 1 - P(no Lion), the
# hypergeometric formula written out, and the simulated share is the one counted from the hands.
assert kj.p_hold_a_lion(4) == 1 - dist[0] == 1 - Fraction(comb(48, 13), comb(52, 13))
assert with_lion == sum(1 for n in lions if n > 0)

# ---- claim, cell "Is it also easier to make? Every rule bid in every hand of these games": the
# rules count the same hands, and each made-bid interval is the Wilson interval of its own counts
# (formula written out, z the 97.5% point of the standard normal)
from statistics import NormalDist

assert compare["hands"].nunique() == 1
for rule, (low, high) in made.items():
    k, n = int(by_rule.made[rule]), int(by_rule.hands[rule])
    p, z = k / n, NormalDist().inv_cdf(0.975)
    centre, half = (p + z * z / (2 * n)) / (1 + z * z / n), z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    assert abs(low - (centre - half)) < 1e-9 and abs(high - (centre + half)) < 1e-9

# ---- the prediction's reveal note (catcards/exercises/king_of_the_jungle.py): "Four Lions at 1/4
# each do not add up to 1 ... 30% of hands hold none": P(0 Lions) = C(48, 13) / C(52, 13), written out
assert round(100 * comb(48, 13) / comb(52, 13)) == 30 and 4 * Fraction(1, 4) == 1

# ---- claim, cell "Read the four sentences together": "The average rule's interval stops at 0.242,
# just below 0.25" (the printed sentence calls its disadvantage real, at the 95% level); the zero
# rule's "starts at 0.316, further from 0.25". Source: the table's own bounds, against 0.25.
assert round(by_rule.high["average"], 3) == 0.242 and 0.24 < by_rule.high["average"] < 0.25
assert by_rule.low["zero"] > 0.30 and by_rule.low["sensible"] < 0.25 < by_rule.high["sensible"]
assert by_rule.low["top-cards"] < 0.25 < by_rule.high["top-cards"]

# ---- cell "hands = kj.simulate_hands(...)": each line of the figure is the share of that many
# Lions' hands with each number of tricks, a trick count no such hand reached drawn at 0 (a line
# from 6 to 8 tricks once stood over 7, which no 4-Lion hand won). Source: the hands counted again.
for k in shares.columns:
    part = hands[hands["lions"] == k]["won"]
    assert list(shares.index) == list(range(14)) and abs(shares[k].sum() - 1) < 1e-12
    for t in range(14):
        assert shares[k][t] == (part == t).mean()
# claim, the same cell after the lock-in: "2.33, 3.34 and 3.96 for 0 to 2 Lions (the rows with at least 20
# hands, as in the figure) ... 0.6 to 1.0 more tricks"; the figure and the sentences leave out 3 and 4
# Lions (17 and 3 hands), given apart as "too few hands to lean on": 4.88 and 6.67. The sentences use
# the figure's rule, FEW (they once read every row of 10 hands or more, 3 Lions too; the printed
# sentences are tested after the lock-in in tests/lessons/test_trick_lessons_code.py).
# Source: the hands' own means and counts.
means = hands.groupby("lions")["won"].mean()
counts = hands["lions"].value_counts()
assert [round(means[k], 2) for k in range(5)] == [2.33, 3.34, 3.96, 4.88, 6.67]
assert list(counts.sort_index()) == [166, 291, 123, 17, 3]
shown = [k for k in sorted(counts.index) if counts[k] >= FEW]
assert FEW == 20 and shown == [0, 1, 2]
steps = [means[k] - means[k - 1] for k in shown[1:]]
assert round(min(steps), 1) == 0.6 and round(max(steps), 1) == 1.0

# ---- claim, the same cell: "The zero rule's interval misses by far (it starts at 0.316). And two of
# four would miss only about 1 time in 71" (read_together's 0.014). Source:
# the table's own bounds, and the binomial tail P(2 or more of 4 miss) at 0.05 each, written out.
assert round(by_rule.low["zero"], 3) == 0.316
assert sum(not low <= 0.25 <= high for low, high in zip(compare["low"], compare["high"])) == 2
two_or_more = 1 - 0.95 ** 4 - 4 * 0.05 * 0.95 ** 3
assert round(two_or_more, 3) == 0.014 and round(1 / round(two_or_more, 3)) == 71
