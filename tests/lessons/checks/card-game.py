"""Independent checks of notebooks/card-game.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell "for K in range(6):"
# check against the formula above, written out, with U and K counted from the card list:
# 3 Shot! + 2 Jokers are good; the cards that can be in a hand are all but Money, Initial Money,
# Suicide Kitten and Final Round, and you see your own 5 of them
from math import comb

counts = game.new_game(seed=1).observation(0)["card_counts"]
assert counts["Shot!"] + counts["Joker"] == 5
in_hands = sum(counts.values()) - sum(counts[x] for x in ("Money", "Initial Money", "Suicide Kitten", "Final Round"))
assert in_hands - 5 == 38
for K in range(6):
    assert cg.p_holds(5, 38, K) == 1 - Fraction(comb(38 - K, 5), comb(38, 5))

# ---- cell "holds = cg.p_holds(5, 38, 5)"
# check against Bayes' rule and the token counts of section 3, written out
from math import comb

assert holds == 1 - Fraction(comb(33, 5), comb(38, 5))
for b in (Fraction(1, 10), Fraction(3, 10), Fraction(1, 2), Fraction(1)):
    q = cg.p_genuine(holds, b)
    assert q == holds / (holds + (1 - holds) * b)
    assert cg.challenge_value(q) == -2 * q
    assert cg.challenge_value(q, difference=True) == -2 * q + (1 - q)
assert cg.p_genuine(holds, 1) == holds  # a claimer who always claims tells you nothing
# break-even where challenging costs as much as believing (-1): -2q = -1 and -2q + (1 - q) = -1
assert cg.break_even() == Fraction(1, 2) and cg.break_even(difference=True) == Fraction(2, 3)
assert cg.challenge_value(Fraction(1, 2)) == cg.believe_value() == -1
assert cg.challenge_value(Fraction(2, 3), difference=True) == -1

# ---- claim, cell "**Careful with the order.**": "a player who holds the card always claims it, so
# P(claim | holds) = 1 ... P(holds | claim) is smaller, and it falls as the bluff rate rises".
# Source: Bayes' rule written out, P(holds | claim) = P(holds) / (P(holds) + (1 - P(holds)) b).
rates_b = [Fraction(1, 10), Fraction(1, 2), Fraction(1)]
q_b = [cg.p_genuine(holds, b) for b in rates_b]
assert q_b == [holds / (holds + (1 - holds) * b) for b in rates_b]
assert all(q < 1 for q in q_b) and q_b == sorted(q_b, reverse=True)

# ---- claim, cell "## 4. Is the formula right about real claims?": the computer players "bluff
# with rate 0.3". Source: the agent's own parameter.
assert BluffingAgent().bluff == 0.3 and BluffingAgent().assumed_bluff == 0.3

# ---- the reveal after section 2: the exact chance it shows is the hypergeometric formula of the
# text, 1 - C(33, 5) / C(38, 5), and the simulated share is the K = 5 deals' own mean.
assert cg.p_holds(5, 38, 5) == 1 - Fraction(comb(33, 5), comb(38, 5))
assert five.simulated == deals[deals.K == 5].holds.mean()
