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

# ---- claim, the line "Even after ten draws you have drawn the Demanding Cat less than half the time"
# that the figure's cell prints after the lock-in.
# Source: the closed form (4 + k) / 34 at k = 10, and the 1200 simulated games of the cell before.
assert Fraction(4 + 10, 34) < Fraction(1, 2) and hits[10] / GAMES < 0.5
# the reveal after it shows 14/34 = 7/17 and the simulated share of those games at k = 10
assert chance_seen_by_turn(10) == Fraction(14, 34) == Fraction(7, 17)

# ---- claim, cell "For a few cards the two are close ...": close for a few cards, apart for many,
# and the "independent" answer always too low. Source: (4 + k) / 34 and 1 - (33/34)^(4 + k)
# written out here for every k of the table, not read from it.
gaps = [Fraction(4 + k, 34) - (1 - (33 / 34) ** (4 + k)) for k in (0, 5, 10, 20, 26)]
assert all(g > 0 for g in gaps) and gaps == sorted(gaps) and gaps[0] < 0.01 < 0.2 < gaps[-1]

# ---- claim, cells "A shared victory counts as a win for both" and "an equal share is not 0.5 but
# 0.5 + (shared games / games) / 2", "shared games" a count (once "shared", a count in the table and
# the sentence but a share in the formula). Source: the games' own scores (a shared game has equal scores and both wins),
# and, for two equally good players, P(seat wins or shares) = (1 - t) / 2 + t with t the share of
# shared games.
tied = first[first.score_0 == first.score_1]
assert len(tied) == shared_games == 13 and n == 250 and bool((tied.win_0 & tied.win_1).all())
assert all((1 - t) / 2 + t == Fraction(1, 2) + t / 2 for t in (Fraction(0), Fraction(13, 250), Fraction(1)))
assert equal_share == 0.5 + (shared_games / n) / 2 and round(equal_share, 3) == 0.526
assert list(early["equal share"]) == [0.5 + (s / 160) / 2 for s in early["shared games"]]

# claim, cell "rows = [] ... draws first": the last sentence reads the three intervals together: the
# column "holds equal share" is what it says, one miss among three 95% intervals happens by luck
# alone with chance 1 - 0.95^3 = 0.14 ("about 1 time in 7") if drawing first changed nothing, and
# (a teacher's read, teach53) one miss "hints ... may help" only when the win rates rise or fall
# steadily with the draws; otherwise it "could well be luck"
assert list(early["holds equal share"]) == ["yes" if lo <= eq <= hi else "no"
                                            for lo, eq, hi in zip(early["low"], early["equal share"], early["high"])]
missing = [d for d, h in zip(early["draws first"], early["holds equal share"]) if h == "no"]
luck = 1 - 0.95 ** 3
assert round(1 / luck) == 7 and round(luck, 2) == 0.14
rates = list(early["win rate"])
steady = rates == sorted(rates) or rates == sorted(rates, reverse=True)
said = read_together(early["win rate"], zip(early["low"], early["high"]), early["equal share"],
                     labels=["playing from the start" if d == 0 else f"drawing {d} first" for d in early["draws first"]],
                     factor="drawing first", trend="the draws")
if len(missing) == 1:
    assert "about 1 time in 7 (0.14)" in said
    assert ("could well be luck" in said) == (not steady) and (" may h" in said) == steady
else:
    assert "could well be luck" not in said and " may h" not in said
