"""The Cat Trick lessons' exercises (keys ``"cat-trick/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise


def _cat_trick_one_trump() -> Fraction:
    from ..probability import hypergeom_pmf

    # 4 players: the random first trick is 4 of the 34 cards not face up, 6 of them trumps
    return hypergeom_pmf(1, population=34, successes=6, draws=4)


def _cat_trick_lead_trump_given_a_trump() -> Fraction:
    # 4 players, the random first trick: P(lead trump | at least one trump) =
    # P(lead trump) / P(at least one trump), as "lead trump" lies inside "at least one trump"
    at_least_one = 1 - Fraction(math.comb(28, 4), math.comb(34, 4))
    return Fraction(6, 34) / at_least_one


EXERCISES = (
    Exercise(
        key="cat-trick/exactly-one-trump",
        question="4 players, everyone plays a random card to the first trick: the trick is a "
                 "random set of 4 of the 34 cards that are not face up, and 6 of those 34 are "
                 "trumps. What is the chance that the trick holds exactly one trump?",
        exact=_cat_trick_one_trump,
        mistakes={
            Fraction(4 * 6, 34): "4 x 6/34 adds the chances of the four cards, counting tricks with "
                                 "two or more trumps several times.",
            1 - Fraction(math.comb(28, 4), math.comb(34, 4)): "that is the chance of at least one trump; "
                                                              "the question asks for exactly one.",
            4 * Fraction(6, 34) * Fraction(28, 34) ** 3: "that draws with replacement: the cards of a "
                                                         "trick are different cards, so after each card "
                                                         "fewer are left.",
            Fraction(6, 34) * Fraction(28, 33) * Fraction(27, 32) * Fraction(26, 31):
                "that is one order only (the trump first); the trump can be any of the 4 cards.",
        },
        why="Count sets of 4 cards: choose the trump (C(6, 1) = 6 ways) and 3 plain cards "
            "(C(28, 3) = 3276 ways), out of C(34, 4) = 46376 sets: 19656/46376 = 2457/5797.",
        source="rulebook cat-trick.txt (35 cards, one turned up for trump); hypergeometric, Feller II.6",
    ),
    Exercise(
        key="cat-trick/lead-trump-given-a-trump",
        question="4 players, the random first trick is 4 of the 34 cards that are not face up, 6 "
                 "of them trumps. You are told the trick holds at least one trump. What is the "
                 "chance that the lead (the first card) is a trump?",
        exact=_cat_trick_lead_trump_given_a_trump,
        mistakes={
            Fraction(1): "1 is P(at least one trump | lead trump), the other way round: if the lead "
                         "is a trump the trick surely holds one, but a trick with a trump need not "
                         "have it first.",
            Fraction(6, 34): "6/34 is the chance that the lead is a trump when you know nothing; "
                             "you were told the trick holds a trump, so divide by that chance.",
            Fraction(1, 4): "1/4 would be right if the trick always held exactly one trump, "
                            "equally likely in each place; a trick can hold two or more, and then "
                            "the lead is more likely to be one of them.",
            1 - Fraction(math.comb(28, 4), math.comb(34, 4)): "that is the chance of the condition, "
                                                             "at least one trump; it goes below "
                                                             "the fraction bar.",
            Fraction(6, 34) * (1 - Fraction(math.comb(28, 4), math.comb(34, 4))): "multiply and you "
                "get P(lead trump) x P(a trump); given a condition, divide by its chance instead.",
        },
        why="The lead is a trump with chance 6/34, and then the trick surely holds a trump, so "
            "P(lead trump and a trump) = 6/34. The trick holds at least one trump with chance "
            "1 - C(28, 4) / C(34, 4) = 25901/46376. Dividing: (6/34) / (25901/46376) = "
            "8184/25901, about 0.32, not 1: the order of the condition matters.",
        source="conditional probability P(A | B) = P(A and B) / P(B); hypergeometric for P(B)",
    ),
)


def _no_trump_working() -> str:
    """How to count a first trick with no trump (3, 4 and 5 players): printed after the lock-in."""
    lines = ["No trump: all n cards of the trick come from the 28 that are not trumps.",
             "P(no trump) = C(28, n) / C(34, n): the sets of n cards with no trump, out of all sets of n cards."]
    for n in (3, 4, 5):
        p = Fraction(math.comb(28, n), math.comb(34, n))
        lines.append(f"{n} players: C(28, {n}) / C(34, {n}) = {math.comb(28, n):,} / {math.comb(34, n):,} "
                     f"= {p} = {float(p):.4f}")
    lines.append("More players put more cards in the trick, so a trump is likelier.")
    return "\n".join(lines)


def _given_the_lead_working() -> str:
    """The chance of no trump given a plain lead, and how it leads back to P(no trump): printed
    after the lock-in (28/34 times it is the prediction's answer)."""
    lines = ["The lead is not a trump. The other n - 1 cards come from the 33 cards left: 6 trumps and 27 others.",
             "P(no trump | lead not trump) = C(27, n - 1) / C(33, n - 1)"]
    given = {n: Fraction(math.comb(27, n - 1), math.comb(33, n - 1)) for n in (3, 4, 5)}
    for n, p in given.items():
        lines.append(f"{n} players: C(27, {n - 1}) / C(33, {n - 1}) = {math.comb(27, n - 1):,} / "
                     f"{math.comb(33, n - 1):,} = {p} = {float(p):.4f}")
    lines.append("P(no trump) = 28/34 x P(no trump | lead not trump): the lead misses the trumps (28 of 34), "
                 "then the rest do.")
    for n, p in given.items():
        lines.append(f"{n} players: 28/34 x {p} = {Fraction(28, 34) * p}, which is P(no trump) above")
    return "\n".join(lines)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`);
#: the two workings are texts the cells that wait for the lock-in print (students see code cells)
KEPT_BACK = {
    "cat-trick/no-trump-4-players": {"note": "Every card must miss the trumps: 28/34 x 27/33 x 26/32 x 25/31."},
    "cat-trick/no-trump-working": _no_trump_working(),
    "cat-trick/given-the-lead-working": _given_the_lead_working(),
}

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`)
KEPT_UNTIL = {
    "cat-trick/no-trump-working": ("cat-trick/no-trump-4-players",),
    "cat-trick/given-the-lead-working": ("cat-trick/no-trump-4-players",),
}
