"""Independent checks of notebooks/card-game.ipynb, run in its kernel after the whole notebook
(the notebook's variables are this file's globals). Each assert names the cell or claim it
checks and its independent source."""

# ---- cell 'print(kept_back("card-game/how-to-count"))' (section 2)
# check against the formula it prints after the lock-in, written out, with U and K counted from the card list:
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
from catcards.exercises import _kept_value  # noqa: E402  (the text itself: kept_back gives it after the lock-in)
assert "1 - C(33, 5) / C(38, 5) = 1 - 237,336 / 501,942 = 0.527, to 3 decimals" in _kept_value("card-game/holds-good")["note"]
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
    bins.append((int(row.claims), low, high, row["average q"]))
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

# ---- claims, the cell after section 4's figure ("The formula of section 2 is exact at the deal:
# then the claimer's hand is a random draw ... Later it is not. A believed card goes back to the
# claimer's hand, so a player who claims with a real Shot! or Joker keeps it. So later in a game
# the claimer holds a good card more often than the formula says.") and the notes' "Replaying
# section 4's 60 games (seed 7) ... at its first turn the formula gave P(holds) = 0.48 on average
# ... seat 0 held a good card in 32 of the 60 (0.53; 60 turns cannot tell these apart). From its
# 4th turn on, the formula gave 0.37 on average, and seat 0 held one in 214 of 339 turns (0.63)".
# Source: section 4's games replayed move by move (a teacher's script, teach52); before each turn
# of seat 0, P(holds) from seat 1's view by the formula written out with math.comb, and what seat 0
# held from its own view; the Wilson interval written out (z = 1.96). (That a believed card goes
# back to the claimer's hand is checked below, on a stacked deal.)
from math import sqrt



def _seat_0_turns(state):
    replay = state.game.new_game(state.seed, deals=state.deals)
    found = []
    for move in state.history:
        mine = replay.observation(0)
        if replay.current_player == 0 and mine["phase"] == "draw" and mine["facedown"] is None:
            view = replay.observation(1)
            U, K = cg.unseen_cards(view, "Shot!")
            h = view["hand_sizes"][0]
            found.append((1 - comb(U - K, h) / comb(U, h) if U else 0.0,
                          any(c.name in ("Shot!", "Joker") for c in mine["hand"])))
        replay.apply(move)
    return {"turns": found}


replayed = catcards.simulate("card-game", games=60, seed=7, players=2, agents="bluffer", record=_seat_0_turns,
                             progress=False).turns
first_turns = [turns[0] for turns in replayed]
later_turns = [turn for turns in replayed for turn in turns[3:]]
assert len(first_turns) == 60 and len(later_turns) == 339
predicted_first = sum(p for p, _ in first_turns) / 60
predicted_later = sum(p for p, _ in later_turns) / 339
held_first, held_later = sum(h for _, h in first_turns), sum(h for _, h in later_turns)
assert (round(predicted_first, 2), held_first, round(held_first / 60, 2)) == (0.48, 32, 0.53)
assert (round(predicted_later, 2), held_later, round(held_later / 339, 2)) == (0.37, 214, 0.63)
# at the first turn nothing is seen but seat 1's own 5 cards: the deal, U = 38
assert all(cg.unseen_cards(game.new_game(seed=s).observation(1), "Shot!")[0] == 38 for s in range(5))
z, n, share = 1.96, 60, held_first / 60
centre, half = share + z * z / (2 * n), z * sqrt(share * (1 - share) / n + z * z / (4 * n * n))
low_first, high_first = (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)
# the same interval to 3 decimals as the package's (its z is 1.95996...): [0.409, 0.654] holds 0.48
assert [f"{x:.3f}" for x in (low_first, high_first)] == [f"{x:.3f}" for x in wilson_interval(32, 60)] == ["0.409", "0.654"]
assert low_first <= predicted_first <= high_first
assert ("from seat 1's view, and seat 0 held a good card in 32 of the 60 (0.53; 60 turns cannot tell these "
        "apart). From its 4th turn on, the formula gave 0.37 on average, and seat 0 held one in 214 of 339 turns "
        "(0.63).") in notes and "P(holds) = 0.48 on average" in notes

# ---- claims, section 5's text ("Seat 0 moves first and bluffs with rate 0.3 (the computer
# players' usual rate). Its opponent bluffs with rate 0.5. It challenges when q < 1/2, also knowing
# seat 0's bluff rate.") and the notes' "seat 0 moves first and bluffs with rate 0.3, its opponent
# bluffs with rate 0.5". Source: the engine's first player and the agent's defaults (the cell
# passes the rates by name; tests/lessons/test_notebooks.py reads them).
assert catcards.load("card-game", players=2).first_player == 0 and BluffingAgent().bluff == 0.3
assert "seat 0 moves first and bluffs with rate 0.3, its opponent bluffs with rate 0.5" in notes

# ---- claim, the notes' wrong answers to card-game/genuine-claim: "4/9 (the bluff rate 1/2 not
# multiplied by 1 - 2/5 ...: (2/5) / (2/5 + 1/2)" and "applying the bluff rate to holders too gives
# 2/5 again". Source: the two slips worked out, and the check cell's own words for 4/9.
from catcards.exercises import exercise

two_fifths, half_rate = Fraction(2, 5), Fraction(1, 2)
assert two_fifths / (two_fifths + half_rate) == Fraction(4, 9)
assert two_fifths * half_rate / (two_fifths * half_rate + (1 - two_fifths) * half_rate) == two_fifths
# lessons59b, teach59b: the check cell asks about the wrong part instead of saying "multiply 1/2 by 1 - 2/5"
assert "one of its two parts is not the chance of that kind of claim" in exercise("card-game/genuine-claim").mistakes[Fraction(4, 9)]
assert "4/9 (the bluff rate 1/2 not multiplied by 1 - 2/5, the chance of not holding: (2/5) / (2/5 + 1/2)" in notes
assert "applying the bluff rate to holders too gives 2/5 again" in notes and "applied to holders too)" not in notes

# ---- claim, section 2's text "The table leaves out $K = 2$ or fewer: only 30 of the 4,000 deals
# had them." Source: the 4,000 deals' own K counts; the table shows the K with 30 deals or more,
# and each K of 2 or fewer has fewer than 30
assert int((deals.K <= 2).sum()) == 30 and len(deals) == 4000
assert sorted(table[table.deals >= 30].index) == [3, 4, 5] and (deals.K.value_counts()[lambda s: s.index <= 2] < 30).all()

# ---- claim, section 5's text "On the chart, the dashed and dotted lines are section 3's break-evens:
# 1/2 and 2/3 (about 0.67)." and "1.01 = always challenge, as $q$ is never above 1". Source:
# section 3's break-evens from the analysis module, and q worked out for every claim of section 4
assert cg.break_even() == Fraction(1, 2) and cg.break_even(difference=True) == Fraction(2, 3)
assert f"{float(cg.break_even(difference=True)):.2f}" == "0.67" and float(cg.break_even(difference=True)) in thresholds
assert claims.q.max() <= 1 < 1.01
