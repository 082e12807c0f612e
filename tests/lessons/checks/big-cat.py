"""Independent checks of notebooks/big-cat.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell "exact = bc.rewards_in_first_stack_exact(game, "Lion")"
# Independent check: the hypergeometric formula of the text, written out with binomial coefficients
# (the first player's stack is 52 / players = 26 cards; 4 Lions, 48 other cards).
from fractions import Fraction
from math import comb
size = 52 // game.players
assert exact == {k: Fraction(comb(4, k) * comb(48, size - k), comb(52, size)) for k in range(5)}
assert sum(exact.values()) == 1

# ---- cell "from math import factorial"
# Independent checks. The full-deck count another way: choose the 4 places of the Lions, then of the
# Tigers, Wildcats and Jaguars among the places left.
from fractions import Fraction
from itertools import permutations
from math import comb, perm
assert factorial(52) // (factorial(36) * factorial(4) ** 4) == comb(52, 4) * comb(48, 4) * comb(44, 4) * comb(40, 4)
# Brute force with the one-game engine (not the batch path): put L, T, W, J in every possible
# 4 of the 12 places (12 x 11 x 10 x 9 arrangements), deal alternately, play each deal out.
bf_wins, bf_cycles, bf_cards, bf_deals = [0, 0], 0, 0, 0
for places in permutations(range(12), 4):
    cards12 = ["-"] * 12
    for letter, place in zip("LTWJ", places):
        cards12[place] = letter
    r = game.new_game(0, deals=["".join(cards12[0::2]), "".join(cards12[1::2])]).play_out().result()
    bf_deals += 1
    if r["terminated"]:
        bf_wins[r["winner"]] += 1
        bf_cards += r["cards_played"]
    else:
        bf_cycles += 1
assert mini["deals"] == bf_deals == perm(12, 4) == factorial(12) // factorial(8)
assert mini["win"] == [Fraction(w, bf_deals) for w in bf_wins]
assert mini["cycles"] == Fraction(bf_cycles, bf_deals)
assert mini["mean_cards"] == Fraction(bf_cards, bf_deals - bf_cycles)
assert sum(mini["win"]) + mini["cycles"] == 1

# ---- cell "classic = catcards.load("big-cat", deck="classic")"
# Published results: Reed Nessler's 2022 record, the longest known terminating classic game, lasts
# 8,344 cards and 1,164 tricks (Richard P. Mann's list of Beggar-my-neighbour records); Casella et al.,
# "A Non-Terminating Game of Beggar-My-Neighbor" (2024, arXiv:2403.13855): this deal never ends.
assert (nessler.terminated, nessler.cards_played, nessler.tricks) == (True, 8344, 1164)
assert casella.terminated is False and casella.result()["winner"] is None


# ---- claim, cell "Count the **cards played**": "Most games are short, but the distribution has a
# long right tail (...): a few go on for more than 2,000 cards" (lessons62d: it said "thousands of
# cards"; 4 of the 40,000 pass 2,000). Source: the 40,000 lengths themselves (results["cards_played"]),
# counted here with numpy rather than read from bc.length_summary.
lengths_2p = results["cards_played"].to_numpy()
assert np.median(lengths_2p) < lengths_2p.mean()                      # skewed right: the tail pulls the mean up
assert (lengths_2p >= 1000).mean() < 0.02 and 1 <= (lengths_2p > 2000).sum() <= 10   # a few pass 2,000
assert lengths_2p.max() < 3000                                        # none reach "thousands"

# ---- claim, notebooks/teacher/big-cat.md plan 0-7 and 26-30 (lessons62d): "The notebook's median is
# 185.5 cards: half of its 40,000 games end within 185 cards (43 in 100 within 160 cards, 54 in 100
# within 200)", and "at one card every 1 to 1.5 seconds a pair lays about 160 to 240 cards in 4 minutes".
# Source: the same 40,000 lengths, counted; the printed median (cell "summary = ...", :g) is 185.5.
from pathlib import Path as _Path

_plan = " ".join((_Path(catcards.__file__).resolve().parents[1] / "notebooks" / "teacher"
                 / "big-cat.md").read_text(encoding="utf-8").split())
assert f"{summary['median']:g}" == "185.5" and np.median(lengths_2p) == 185.5
assert (lengths_2p <= 185).mean() == 0.5
assert round(100 * (lengths_2p <= 160).mean()) == 43 and round(100 * (lengths_2p <= 200).mean()) == 54
assert "The notebook's median is 185.5 cards: half of its 40,000 games end within 185 cards (43 in 100 within 160 cards, 54 in 100 within 200)" in _plan
assert (4 * 60 / 1.5, 4 * 60 / 1) == (160, 240) and "a pair lays about 160 to 240 cards in 4 minutes" in _plan
assert "not the median (185.5 cards)" in _plan

# ---- claim, cell "Look at the table: with the Lion at 5": "the games here are a little shorter on
# average, by about 6 cards (a 95% interval for the difference: 2 to 9 cards), with about 2 fewer
# tricks (1.7 to 2.6)" (lessons62d: the intervals below, a normal interval for a difference of means). Source: the simulated lengths of both runs, compared with a Welch
# two-sample t-test (scipy), so "shorter" is a real difference of these 30,000-game samples, not luck.
from scipy.stats import ttest_ind
five, four = (res["cards_played"].to_numpy() for res in runs.values())
assert five.mean() < four.mean() and ttest_ind(five, four, equal_var=False).pvalue < 0.01
assert four.mean() - five.mean() < 0.1 * four.mean()                  # "a little": under a tenth
five_t, four_t = (res["tricks"].to_numpy() for res in runs.values())
assert five_t.mean() < four_t.mean() and ttest_ind(five_t, four_t, equal_var=False).pvalue < 0.01


def _difference(a, b):
    """The mean of b minus the mean of a, and its 95% interval (1.96 standard errors)."""
    d = b.mean() - a.mean()
    se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return d, d - 1.96 * se, d + 1.96 * se


_cards, _tricks = _difference(five, four), _difference(five_t, four_t)
assert (round(_cards[0]), round(_cards[1]), round(_cards[2])) == (6, 2, 9), _cards
assert (round(_tricks[0]), round(_tricks[1], 1), round(_tricks[2], 1)) == (2, 1.7, 2.6), _tricks

# ---- claim, notebooks/teacher/big-cat.md "Two runs, two readings": the reveal's 40,000 games give
# seat 0 0.494 and "[0.489, 0.499]" (excludes 0.5, about 0.006 less), the Lion 5 run's 30,000 games
# 0.4975 (14,925 wins) and "[0.492, 0.503]" (holds 0.5), as the notebook prints them after the lock-in
# (lessons62d: the notes said 0.498 and the table, at 3 places, showed 0.4975 as 0.497 or 0.498 by how
# it was rounded; it now shows 4 places). Source: the
# sentences catcards.lessons writes from the same rows (the reveal's note, read_interval; the Lion 5
# against Lion 4 line, compare) and the table's first_wins as shown, .round(3).
from pathlib import Path as _Path

from catcards.lessons import compare as _compare, read_interval as _read_interval

_notes = " ".join((_Path(catcards.__file__).resolve().parents[1] / "notebooks" / "teacher" / "big-cat.md")
                  .read_text(encoding="utf-8").split())
_reveal = _read_interval(two.low, two.high, 0.5, games=int(two.games))
assert "give seat 0 0.494, an interval [0.489, 0.499] just below 0.5" in _notes and f"{two.rate:.3f}" == "0.494", two
assert _reveal.startswith("The interval [0.489, 0.499] excludes 0.5:") and "between 0.001 and 0.011" in _reveal, _reveal
assert "somewhere between 0.001 and 0.011 less" in _notes
_five, _four = (bc.seat_win_rates(res, 2).iloc[0] for res in runs.values())
_lions = _compare(_five.low, _five.high, _four.low, _four.high, a="Lion 5", b="Lion 4",
                  what="first-player win rate", games=30_000)
assert "gives 0.4975 (14,925 wins), an interval [0.492, 0.503] that holds 0.5" in _notes
assert _five.wins == 14_925 and _five.games == 30_000 and cmp["first_wins"].round(4)["Wildcat (Lion 5)"] == 0.4975, _five
assert "Lion 5 [0.492, 0.503]" in _lions and _five.low <= 0.5 <= _five.high, _lions

# ---- claim, notebooks/teacher/big-cat.md "How to run it" and the cell "Do more Lions help the first
# player?": the first player's win rates by Lions, weighted by the deals of each, give the first
# player's overall share of those 40,000 deals, 0.494 (the answer the reveal shows from other deals):
# why they wait for the lock-in (teach55). Source: the batch results themselves, counted here.
assert abs((lions["deals"] * lions["first_win_rate"]).sum() / lions["deals"].sum() - (results["winner"] == 0).mean()) < 1e-12
assert round(float((results["winner"] == 0).mean()), 3) == 0.494 == round(float(two.rate), 3)
assert "weighted by the deals, those rates give 0.494, the answer" in _notes

# ---- cell "from catcards.lessons import read_interval" (the seat table): each sentence under the
# table agrees with the numbers the table shows (a teacher's read, lessons55b: the table showed
# 4 decimals, seat 0 of 3 players low 0.3385 and fair 0.3333, 0.005 apart, while the sentence said
# "between 0.006 and 0.024", from its own 3-decimal ends). Source: the shown table itself: the
# sentence's interval is the table's low and high, and its distances are the table's shown low and
# high minus the shown fair share, subtracted here.
from decimal import Decimal as _Decimal

assert list(seats_table.index) == list(shown.index)
for _row, _table_row in zip(shown.itertuples(), seats_table.itertuples()):
    _said = _read_interval(_row.low, _row.high, _row.fair, games=_row.games, what=f"seat {_row.seat}'s win rate",
                           reference_text=f"a fair share ({_row.fair:.3f})")
    _ends = [_Decimal(f"{v:.3f}") for v in (_table_row.low, _table_row.high)]
    assert f"The interval [{_ends[0]}, {_ends[1]}]" in _said, (_said, _table_row)
    if "excludes" in _said:
        _near, _far = sorted(abs(end - _Decimal(f"{_table_row.fair:.3f}")) for end in _ends)
        assert f"somewhere between {_near} and {_far}." in _said, (_said, _table_row)
_three = seats_table[(seats_table.players == 3) & (seats_table.seat == 0)].iloc[0]
assert (f"{_three.low:.3f}", f"{_three.high:.3f}", f"{_three.fair:.3f}") == ("0.339", "0.357", "0.333"), _three

# ---- cell "from math import factorial" (lessons62b): the text it prints after the lock-in, kept in
# catcards/exercises/big_cat.py, is the mini deck's exact chance counted above, and "a little less
# than half" is true of it. Source: mini["win"], checked by brute force above.
from catcards.exercises import _kept_value as _kept_text

assert _kept_text("big-cat/mini-deck-exact") == (
    f"P(first player wins) = {mini['win'][0]} = {float(mini['win'][0]):.4f}: a little less than half.")
assert Fraction(9, 20) < mini["win"][0] < Fraction(1, 2)

# ---- cell "How long is a game?" (lessons62b: its bins stopped at 2,200 while the longest game took
# 2,414): the histogram's bins hold every one of the 40,000 games. Source: the lengths themselves.
assert length_bins[0] <= lengths_2p.min() and lengths_2p.max() <= length_bins[-1]
assert np.histogram(lengths_2p, bins=length_bins)[0].sum() == len(lengths_2p) == 40_000

# ---- cell "search_rows, search = ..." (lessons62b): "The 40,000 games of "How long is a game?" are
# other deals: their longest took 2,414 cards", beside the search's longest, 2,325: two different sets
# of deals, each with its own longest; and the cell under it (lessons62d): "The smaller set of 40,000
# games found a longer game: 2,414 cards, against 2,325 here." Source: both sets' lengths.
assert search["cards_played"].max() == record["cards_played"] == 2325 and lengths_2p.max() == summary["max"] == 2414
assert set(record["stacks"][0] + record["stacks"][1]) <= set("LTWJ-")   # the letters the line explains
