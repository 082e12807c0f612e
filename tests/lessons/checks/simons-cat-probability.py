"""Independent checks of notebooks/simons-cat-probability.ipynb, run in its kernel after the whole
notebook (tests/lessons/test_lessons.py): its variables are this file's globals."""
from fractions import Fraction
from itertools import combinations, permutations

import catcards
from catcards.analysis import simons_cat as sc

# cell "for players in (3, 4, 5, 6): r = sc.set_aside_count": the closed forms r/36 and
# r(r-1)/(36*35) for every player count and hand size
for players in (3, 4, 5, 6):
    for h in range(1, 36 // players + 1):
        r = 36 - players * h
        assert sc.p_cat3_set_aside(players, h) == Fraction(r, 36)
        assert sc.p_cat3_and_cat4_set_aside(players, h) == Fraction(r * (r - 1), 36 * 35)

# cell "opening = sc.opening_distribution": the Cat 3 opens unless set aside; the Cat 4 when the
# Cat 3 is aside and it is not
assert opening[catcards.Card("Cat", 3)] == 1 - Fraction(16, 36)
assert opening[catcards.Card("Cat", 4)] == Fraction(16, 36) - Fraction(16 * 15, 36 * 35)
assert sum(opening.values()) == 1

# claim, cell "### Two questions that sound alike": P(Cat 4 opens | Cat 3 aside) = 20/35 (given the
# Cat 3 is aside, 15 of the other 35 cards are set aside too, so the Cat 4 is dealt with chance
# 20/35), while P(Cat 3 aside | Cat 4 opens) = 1 (the Cat 4 opens only when the Cat 3 is aside)
assert cat4_opens_given_cat3_aside == Fraction(35 - 15, 35) == Fraction(4, 7)
assert cat3_aside_given_cat4_opens == 1
assert float(cat4_opens_given_cat3_aside) < float(cat3_aside_given_cat4_opens)

# cell "one = sc.one_card_round(3)": the distribution sums to 1, and the tie chance (2 or more
# messes among 3 players) is 1319/2380
assert sum(one["messes"].values()) == 1 and one["tie"] == Fraction(1319, 2380)

# claim, cell "### An exact answer for a tiny table": two random cards match in 156 of the 630
# pairs (counted here from the deck), so 79/105; but the second and third seats take a mess with
# 3613/4760 (0.759) and 1759/2380 (0.739), counted here by a second enumeration: every 3-card deal,
# the lowest card in the opening order (the deck list) opens, both orders of the other two
cards = sc.MISCHIEF
match = lambda a, b: a.suit == b.suit or a.rank == b.rank   # noqa: E731
assert sum(match(a, b) for a, b in combinations(cards, 2)) == 156 and 1 - Fraction(156, 630) == Fraction(79, 105)
second = third = deals = 0
for three in combinations(range(36), 3):
    for a, b in permutations(three[1:]):
        deals += 1
        second += not match(cards[three[0]], cards[a])
        third += not match(cards[a], cards[b])
assert seat_mess == {1: Fraction(second, deals), 2: Fraction(third, deals)}
assert seat_mess == {1: Fraction(3613, 4760), 2: Fraction(1759, 2380)}
assert round(float(seat_mess[1]), 3) == 0.759 and round(float(seat_mess[2]), 3) == 0.739
# the opening order when no Cat is dealt: the Kittens from the Kitten 3, then on through the deck list
assert [str(c) for c in sc.OPENING_ORDER[9:12]] == ["Cat 12", "Kitten 3", "Kitten 4"]

# claim, cells "Too few to say much" and "The big run": the notebook's own Markov estimates rest on few
# rounds in which everyone ties (65, 17 and 10 for 4, 5 and 6 players), so they miss the big run's
# narrow Markov intervals: 1,681, 21,468 and 117,190 against 1,455, 12,349 and 101,133; for 5
# players 1.7 times rarer, its 4,929 rounds holding 17 all-tie rounds where 0.59% (about 29) are
# expected. (Once the text called the Markov estimate "the number to quote" beside these numbers.)
# Source: the rounds counted again, and the big run's rounds and all-tie shares (the table).
_rounds = {k: sc.rounds_table(g) for k, g in runs.items()}
assert {k: int((t["tied"] == k).sum()) for k, t in _rounds.items()} == all_tie
assert [all_tie[k] for k in (4, 5, 6)] == [65, 17, 10]
assert [round(1 / markov[k]) for k in (4, 5, 6)] == [1681, 21468, 117190]
assert [big_run[k][3] for k in (4, 5, 6)] == [1455, 12349, 101133]
assert round(1 / markov[5] / big_run[5][3], 1) == 1.7 and len(_rounds[5]) == 4929
assert round(0.0059 * len(_rounds[5])) == 29
assert all(1 / markov[k] > high for k, high in ((4, 1488), (5, 12710), (6, 108015)))   # the big run's Markov intervals
# "thousands of them with everyone tied": the big run's rounds times its all-tie shares
assert min(r * share for r, share in ((845_867, 0.053), (924_670, 0.016), (979_820, 0.0059), (1_022_624, 0.0023))) > 2000
# cell "One honest caveat": the big run's Markov value lies inside the direct count's interval for
# 3, 4 and 5 players and not for 6; both say rarer than 1 game in 15,000 for 6 players
assert [big_run[k][1] <= big_run[k][3] <= big_run[k][2] for k in (3, 4, 5, 6)] == [True, True, True, False]
assert min(big_run[6][1], big_run[6][3]) > 15_000

# claim, cell "Why 3/p?" and the lines after: (1 - p)^N < 0.05 at N = 3/p; 3 players about once in
# 140 games, 6 players about once in 100,000 (the quoted Markov estimates)
for n, (_, _, _, one_game_in) in big_run.items():
    assert (1 - 1 / one_game_in) ** (3 * one_game_in) < 0.05
assert 130 < big_run[3][3] < 150 and 90_000 < big_run[6][3] < 110_000
# the quoted "1 game in N" are the benchmark's chances (seed 2026) turned round and rounded: its
# (all-lose games, Wilson low, Wilson high, Markov-chain estimate) for each player count
_bench = {3: (1441, 0.006844, 0.007585, 0.006982), 4: (117, 0.0004882, 0.000701, 0.0006871),
          5: (14, 4.17e-05, 0.0001175, 8.098e-05), 6: (6, 1.375e-05, 6.546e-05, 9.888e-06)}
for n, (games, low, high, p) in _bench.items():
    assert big_run[n] == (games, round(1 / high), round(1 / low), round(1 / p)), (n, big_run[n])

# claim, cell "## 5. Does strategy matter?": the printed reading is compare() of the two intervals
apart = (lose_random.interval.high < lose_sensible.interval.low
         or lose_sensible.interval.high < lose_random.interval.low)
assert ("do not overlap" in strategy_reading) == apart, strategy_reading
