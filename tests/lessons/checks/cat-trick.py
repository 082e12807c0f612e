"""Independent checks of notebooks/cat-trick.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell "deal = {"
# check against the rulebook example: the pink 7 is in the trick, so the pink 1 counts as 8,
# Lily (seat 3) wins, collects all four cards and leads next
from catcards.games.cat_trick import trick_values

played = [card_from_name(name) for name in ["pink 7", "blue 4", "orange 6", "pink 1"]]
assert trick_values(played) == [7, 4, 6, 8]
assert example.last_winner == 3 and example.current_player == 3
lily = example.observation(3)["collections"][3]
assert sorted(c for cards in lily.values() for c in cards) == sorted(played)
assert example.eights == [1]

# ---- cell "from fractions import Fraction"
# check against the closed form above, written out (6 trumps among the 34 cards not face up),
# and against drawing the trick one card at a time, each card not a trump
from math import comb, prod

assert HAND_SIZES == {3: 10, 4: 8, 5: 6}  # the rulebook's table
for n in (3, 4, 5):
    p = ct.p_no_trump_in_first_trick(n)
    assert p == Fraction(comb(28, n), comb(34, n))
    assert p == prod(Fraction(28 - i, 34 - i) for i in range(n))
    h = HAND_SIZES[n]
    assert ct.p_no_trump_in_hand(n) == Fraction(comb(28, h), comb(34, h))

# ---- cell "if no_trump.value is None:" (the chance given the lead, printed after the lock-in)
# check against the closed form it prints, written out, and the product rule
for n in (3, 4, 5):
    p = ct.p_no_trump_after_lead(n)
    assert p == Fraction(comb(27, n - 1), comb(33, n - 1))
    assert ct.p_no_trump_in_first_trick(n) == Fraction(28, 34) * p

# ---- cell "for n in (3, 4, 5):"
# check against brute force: count every possible first trick (about 0.7 million sets of cards).
# Cards are (colour, number). The face-up card is one of the 35; all 25 that are neither a 1 nor
# a 7 leave the same counts (as do all 10 that are), so one of each kind is enough.
from itertools import combinations

all_cards = [(colour, number) for colour in range(5) for number in range(1, 8)]

def share_with_a_pair(face_up, n):
    rest = [c for c in all_cards if c != face_up]
    tricks = hits = 0
    for trick in combinations(rest, n):
        tricks += 1
        hits += any((colour, 1) in trick and (colour, 7) in trick for colour in range(5))
    return Fraction(hits, tricks)

for n in (3, 4, 5):
    brute = Fraction(25, 35) * share_with_a_pair((0, 2), n) + Fraction(10, 35) * share_with_a_pair((0, 1), n)
    assert ct.p_eight_in_first_trick(n) == brute

# ---- claim, cell "### Try it: the other way round": "P(lead not trump | no trump) ... is 1: if the
# trick holds no trump, the lead surely is not one". Source: the 1500 simulated first tricks of
# sim4 (every trick without a trump has a plain lead), and the product rule P(A and B) = P(B).
no_trump_tricks = sim4[sim4["no_trump"]]
assert len(no_trump_tricks) > 0 and bool((no_trump_tricks["led"] != no_trump_tricks["trump"]).all())

# ---- the reveal after the first-trick table: the exact chance it shows is the product of the
# four cards each missing the 6 trumps (its note), and the hypergeometric C(28, 4) / C(34, 4);
assert ct.p_no_trump_in_first_trick(4) == Fraction(28 * 27 * 26 * 25, 34 * 33 * 32 * 31) == Fraction(comb(28, 4), comb(34, 4))
# and the simulated share is what the same seed deals again (same seed, same deals)
assert four.simulated == ct.simulate_first_tricks(4, deals=1500, seed=2024)["no_trump"].mean()

# ---- claims, the teacher's notes (notebooks/teacher/cat-trick.md, "What to say"): "each player sits in
# each seat for 75 of the 300 games"; "The two random players play alike, yet won 0.160 and 0.097 of
# the games ... (their intervals overlap)"; "with 4 players 0.0440 of the deals against the exact
# 0.0502 ... the interval [0.0347, 0.0556] holds 0.0502". Source: the notebook's own counts, and the Wilson interval.
assert int(rates["wins"].sum()) >= 300 and list(rates["player"]) == ["collector", "highest", "random A", "random B"]
by_player = rates.set_index("player")
assert f"{by_player.win_rate['random A']:.3f}" == "0.160" and f"{by_player.win_rate['random B']:.3f}" == "0.097"
assert by_player.low["random A"] < by_player.high["random B"]
four_eights = table.set_index("players").loc[4]
assert f"{four_eights.eight_sim:.4f}" == "0.0440" and f"{four_eights.eight_exact:.4f}" == "0.0502"
eights_low, eights_high = wilson_interval(round(four_eights.eight_sim * 1500), 1500)
assert eights_low <= four_eights.eight_exact <= eights_high
