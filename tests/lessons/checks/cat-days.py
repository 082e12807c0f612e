"""Independent checks of notebooks/cat-days.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell "from catcards.analysis.cat_days import chance_seen_by_turn, chance_tab"
# check against the closed form above, written out, with the pile counted from the deck file,
# and the Grumpy Cat chance against a count of all opening hands
from fractions import Fraction
from itertools import combinations
from math import comb

kinds = {kind.name: kind.count for kind in load_deck().kinds}
assert sum(kinds.values()) == 34 and kinds["Demanding Cat"] == 1 and kinds["Grumpy Cat"] == 2
for k in (0, 1, 5, 10):
    assert chance_seen_by_turn(k) == Fraction(4 + k, 34) == 1 - Fraction(comb(33, 4 + k), comb(34, 4 + k))
openings = list(combinations(range(34), 4))  # the pile's cards 0 and 1 are the Grumpy Cats
with_grumpy = sum(0 in hand or 1 in hand for hand in openings)
assert chance_seen_by_turn(0, "Grumpy Cat") == Fraction(with_grumpy, len(openings))
assert chance_seen_by_turn(0, "Grumpy Cat") == 1 - Fraction(comb(32, 4), comb(34, 4))
