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
# the printed working after the lock-in, "1 - C(33, 5) / C(38, 5) = 1 - 237,336 / 501,942 = 0.527",
# with the counts and 3 decimals of each K's line
assert [(comb(38 - K, 5), f"{float(1 - Fraction(comb(38 - K, 5), comb(38, 5))):.3f}") for K in range(6)] == [
    (501942, "0.000"), (435897, "0.132"), (376992, "0.249"), (324632, "0.353"), (278256, "0.446"), (237336, "0.527")]

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

# ---- claim, cell "**Careful with the order.**": "In this model a claim is genuine exactly when the
# claimer holds the card, so q = P(genuine | claim) and P(holds | claim) are the same number ... A
# player who holds the card always claims it, so P(claim | holds) = 1 ... P(holds | claim) is
# smaller, and it falls as the bluff rate rises". Source: Bayes' rule written out, P(holds | claim)
# = P(holds) / (P(holds) + (1 - P(holds)) b): the genuine claims are the holders' (P(holds) x 1),
# the others bluffs; with no bluffs (b = 0) every claim is genuine.
rates_b = [Fraction(1, 10), Fraction(1, 2), Fraction(1)]
q_b = [cg.p_genuine(holds, b) for b in rates_b]
assert q_b == [holds / (holds + (1 - holds) * b) for b in rates_b]
assert all(q < 1 for q in q_b) and q_b == sorted(q_b, reverse=True)
assert cg.p_genuine(holds, 0) == 1

# ---- claim, cell "## 4. Is the formula right about real claims?": the computer players "bluff
# with rate 0.3". Source: the agent's own parameter.
assert BluffingAgent().bluff == 0.3 and BluffingAgent().assumed_bluff == 0.3

# ---- the reveal after section 2: the exact chance it shows is the hypergeometric formula of the
# text, 1 - C(33, 5) / C(38, 5), and the simulated share is the K = 5 deals' own mean.
assert cg.p_holds(5, 38, 5) == 1 - Fraction(comb(33, 5), comb(38, 5))
assert five.simulated == deals[deals.K == 5].holds.mean()
# its note's working: the two counts, and the answer to 3 decimals
assert (comb(33, 5), comb(38, 5)) == (237336, 501942)
assert f"{float(1 - Fraction(comb(33, 5), comb(38, 5))):.3f}" == "0.527"
assert "1 - C(33, 5) / C(38, 5) = 1 - 237,336 / 501,942 = 0.527, to 3 decimals" in kept_back("card-game/holds-good")["note"]
# and the reveal's "Why 2,087 deals? Only the deals with K = 5 fit the question: in them, your own
# hand holds none of the 5 good cards. The other 1,913 deals had K = 4 or fewer.": K = 5
# exactly when seat 1's own hand (yours) holds no Shot! and no Joker, counted again from the hands
# of the first 400 deals; the 2,087 are the deals with K = 5, the others have K of at most 4, and
# the reveal's simulated share is over those 2,087 deals
for i in range(400):
    dealt = game3.new_game(game_seed(2026, i))
    own_good = sum(c.name in ("Shot!", "Joker") for c in dealt.observation(1)["hand"])
    assert len(dealt.observation(1)["hand"]) == 5 and (deals.K[i] == 5) == (own_good == 0), i
assert int(five.deals) == int((deals.K == 5).sum()) == used == 2087 and len(deals) == 4000
assert others == 1913 == int((deals.K <= 4).sum()) and deals.K.max() == 5
assert holds_good._answers["games"] == used and holds_good._answers["simulated"] == deals[deals.K == 5].holds.mean()
assert holds_good._answers["note"].startswith("Why 2,087 deals? Only the deals with K = 5 fit the question")
assert "The other 1,913 deals had K = 4 or fewer." in holds_good._answers["note"]

# ---- claims, notebooks/teacher/card-game.md "What to say" and the cells after section 4's and
# section 5's figures: the lowest calibration bin holds few claims and its interval holds the
# prediction; no bin's interval lies below the diagonal (y = x) and some lie above ("it expected more bluffs
# than came"); all three neighbouring pairs of threshold intervals overlap, never (0) against
# always (1.01) challenging do not and always wins more; against a bluff rate of 1/2 a claim at the
# deal has q about 0.69, above both break-evens. Source: the intervals the lesson printed, each
# Wilson interval worked out again here from its counts, and Bayes' rule written out.
from pathlib import Path

notes = " ".join((Path("teacher") / "card-game.md").read_text(encoding="utf-8").split())
drawn = list(lows), list(highs)  # the ends of the calibration figure's error bars
bins = []
for interval, row in calib.iterrows():
    genuine = int(round(row.genuine * row.claims))
    low, high = wilson_interval(genuine, int(row.claims))
    bins.append((int(row.claims), low, high, row.mean_q))
# the calibration figure's error bars are these Wilson intervals (a teacher's read: the sentences
# read intervals the figure did not draw)
assert drawn == ([b[1] for b in bins], [b[2] for b in bins])
lowest = bins[0]
assert lowest[0] < 30 and lowest[1] <= lowest[3] <= lowest[2] and "The lowest bin holds few claims" in notes
assert not [b for b in bins if b[2] < b[3]] and [b for b in bins if b[1] > b[3]]
ranked = list(results.itertuples())
overlap = [a.low <= b.high and b.low <= a.high for a, b in zip(ranked, ranked[1:])]
assert overlap == [True, True, True] and "all three neighbouring pairs of intervals overlap" in notes
never, always = ranked[0], ranked[-1]
assert (never.threshold, always.threshold) == (0, 1.01)
assert never.high < always.low and "(never challenging against always challenging)" in notes
q_half = holds / (holds + (1 - holds) * Fraction(1, 2))
assert round(float(q_half), 2) == 0.69 and q_half > Fraction(2, 3) > Fraction(1, 2)
assert "q is about 0.69" in notes

# ---- claims, cell "With 80 games per threshold" ("a believed card goes back to the claimer's hand
# ... a challenged card is discarded, genuine or not") and the notes' "In 200 seeded games (seed 99)
# against an honest opponent, seat 0 met 2.72 genuine Shot! claims a game when it never challenged
# and 0.69 when it always did". Source: the rules engine, a stacked deal believed and one
# challenged; then the 200 games counted again.
for answer, kept in (("believe", True), ("challenge", False)):
    stacked = game.new_game(seed=1, deals={"hands": [["Shot!", "Golden Yarn"], ["Sushi Tray", "Nap"]],
                                           "money": [["Money"], []], "tokens": [2, 2]})
    for move in ("take Money", "claim Shot! on seat 1 with Shot! face down", answer):
        stacked.apply(stacked.action_from_string(move))
    assert ("Shot!" in [c.name for c in stacked.observation(0)["hand"]]) == kept, answer
    assert ("Shot!" in [c.name for c in stacked.observation(0)["discard_pile"]]) == (not kept), answer


def _genuine_claims_at_0(state):
    return {"genuine_at_0": sum(1 for a in state.history if isinstance(a, Claim) and a.target == 0
                                and a.name == "Shot!" and a.facedown in ("Shot!", "Joker"))}


met = {t: catcards.simulate("card-game", games=200, seed=99, players=2, progress=False, record=_genuine_claims_at_0,
                            agents=[BluffingAgent(threshold=t, assumed_bluff=0), BluffingAgent(bluff=0)]).genuine_at_0.mean()
       for t in (0, 1.01)}
assert (round(met[0], 2), round(met[1.01], 2)) == (2.72, 0.69), met
assert "seat 0 met 2.72 genuine Shot! claims a game when it never challenged and 0.69" in notes

# ---- claim, the notes' wrong answers to card-game/genuine-claim: "4/9 (the bluff rate 1/2 not
# multiplied by 1 - 2/5 ...: (2/5) / (2/5 + 1/2)" and "applying the bluff rate to holders too gives
# 2/5 again". Source: the two slips worked out, and the check cell's own words for 4/9.
from catcards.exercises import exercise

two_fifths, half_rate = Fraction(2, 5), Fraction(1, 2)
assert two_fifths / (two_fifths + half_rate) == Fraction(4, 9)
assert two_fifths * half_rate / (two_fifths * half_rate + (1 - two_fifths) * half_rate) == two_fifths
assert "multiply 1/2 by 1 - 2/5" in exercise("card-game/genuine-claim").mistakes[Fraction(4, 9)]
assert "4/9 (the bluff rate 1/2 not multiplied by 1 - 2/5, the chance of not holding: (2/5) / (2/5 + 1/2)" in notes
assert "applying the bluff rate to holders too gives 2/5 again" in notes and "applied to holders too)" not in notes
