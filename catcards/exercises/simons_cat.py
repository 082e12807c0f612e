"""The Simon's Cat lessons' exercises (keys ``"simons-cat/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise


def _simons_cat_cat4_opens_given_cat3_aside() -> Fraction:
    # 4 players x 6 cards: 12 set aside. Given the Cat 3 is one of them, the other 11 set-aside
    # places are a random 11 of the other 35 cards; the Cat 4 opens when it is not among them
    return 1 - Fraction(12 - 1, 36 - 1)


def _simons_cat_no_cat_in_hand() -> Fraction:
    from ..games.simons_cat import MISCHIEF
    from ..probability import hypergeom_pmf

    cats = sum(1 for c in MISCHIEF if c.suit == "Cat")
    return hypergeom_pmf(0, population=len(MISCHIEF), successes=cats, draws=9)


def _simons_cat_same_colour() -> Fraction:
    from ..games.simons_cat import SUITS

    sizes = [hi - lo + 1 for _, lo, hi in SUITS]
    return Fraction(sum(math.comb(n, 2) for n in sizes), math.comb(sum(sizes), 2))


EXERCISES = (
    Exercise(
        key="simons-cat/cat-3-set-aside",
        question="With 5 players, each gets 7 of the 36 Mischief cards and 1 card is set aside. "
                 "What is the chance that the Cat 3 is the card set aside?",
        exact=lambda: Fraction(1, 36),
        mistakes={
            Fraction(1, 5): "1/5 reasons from the 5 players, as if the Cat 3 were equally likely to be "
                            "in each of 5 places (equiprobability bias). The set-aside card is not a "
                            "player, and the places do not hold equally many cards: a hand holds 7, "
                            "the set-aside pile only 1. Think about where one card can end up in the "
                            "shuffled deck.",
            Fraction(1, 6): "1/6 treats the 5 hands and the set-aside card as 6 equally likely places "
                            "(equiprobability bias); they are not: a hand holds 7 cards and the "
                            "set-aside pile only 1.",
            Fraction(7, 36): "7/36 is the chance that one given player's hand (7 cards) holds the Cat 3, "
                             "not the chance for the set-aside card.",
        },
        why="The shuffle puts the Cat 3 in any of the 36 positions with the same chance, and "
            "exactly 1 position is set aside: 1/36.",
        source="rulebook simons-cat.txt, Set Up (deal equally, set the rest aside)",
    ),
    Exercise(
        key="simons-cat/no-cat-in-hand",
        question="With 4 players, you get 9 of the 36 Mischief cards. 10 of the 36 are Cat cards "
                 "(Cat 3 to Cat 12). What is the chance that your hand holds no Cat card at all?",
        exact=_simons_cat_no_cat_in_hand,
        mistakes={
            Fraction(26, 36) ** 9: "that is (26/36)^9: drawing with replacement. Dealt cards "
                                   "do not go back: after each non-Cat card, fewer non-Cat cards are left.",
            Fraction(26, 36): "26/36 is the chance for the first card only; all 9 must be non-Cat cards.",
        },
        why="Every 9-card hand is equally likely: C(26, 9) hands have no Cat card among C(36, 9) "
            "hands, so the chance is C(26, 9) / C(36, 9) = 26/36 x 25/35 x ... x 18/28 "
            "(the hypergeometric distribution with k = 0).",
        source="hypergeometric distribution, Feller vol. 1, II.6",
    ),
    Exercise(
        key="simons-cat/same-colour-pair",
        question="Two cards are drawn at random from the 36 Mischief cards (Cat 10 cards, Kitten 8, "
                 "Hedgehog 6, Dog 6, Mouse 4, Gnome 2). What is the chance they have the same colour?",
        exact=_simons_cat_same_colour,
        mistakes={
            Fraction(1, 6): "1/6 would be right if the six colours had equally many cards; they do not.",
            Fraction(256, 1296): "that is (10/36)^2 + (8/36)^2 + ...: drawing with replacement. The "
                                 "second card comes from the 35 cards left.",
        },
        why="Same-colour pairs: C(10,2) + C(8,2) + C(6,2) + C(6,2) + C(4,2) + C(2,2) = 45 + 28 + 15 + "
            "15 + 6 + 1 = 110, out of C(36, 2) = 630 pairs: 110/630 = 11/63.",
        source="rulebook simons-cat.txt, Contents (the six colours); counting pairs",
        # 11/63 = 0.1746 and the named mistake 1/6 = 0.1667 are both 0.17 (17%) at two places
        min_places=3,
    ),
    Exercise(
        key="simons-cat/cat-4-opens-given-cat-3-aside",
        question="4 players with 6 cards each, so 12 of the 36 cards are set aside. You learn that "
                 "the Cat 3 is set aside. What is the chance that the Cat 4 opens?",
        exact=_simons_cat_cat4_opens_given_cat3_aside,
        mistakes={
            Fraction(1): "1 is the chance the Cat 3 is aside GIVEN that the Cat 4 opens: the "
                         "question turned round. P(A | B) and P(B | A) are different numbers.",
            Fraction(12, 36): "12/36 is the chance the Cat 3 is set aside at all, the condition, not "
                              "the question.",
            # a teacher's read (teach61): "it opens when it is NOT set aside" gave 1 - 11/35 in one step
            Fraction(11, 35): "11/35 is the chance the Cat 4 is set aside too. Read the question again: "
                              "when does the Cat 4 open?",
            # a teacher's read (teach58): the likely wrong answer, the lesson's 5-cards answer, got
            # only "too low"
            Fraction(20, 35): "20/35 is the answer for 5 cards each (16 set aside); here 12 are set aside.",
            # lessons61c (a teacher's read): "11 set-aside places are left, and the Cat 4 is one of
            # the 35 other cards" gave 24/35 in one step; it names what is right and asks a question
            Fraction(24, 36): "24/36 is the chance the Cat 4 is dealt when you know nothing about the "
                              "Cat 3. But you know the Cat 3 is set aside. What does that change for the Cat 4?",
        },
        why="Given the Cat 3 is set aside, the 11 other set-aside cards are a random 11 of the "
            "other 35. The Cat 4 opens when it is not one of them: 1 - 11/35 = 24/35. (Turned "
            "round, P(Cat 3 aside | Cat 4 opens) = 1: the Cat 4 only opens when the Cat 3 is gone.)",
        source="rules/simons-cat.md (opening card); conditional probability, drawing without replacement",
    ),
)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`)
KEPT_BACK = {
    "simons-cat/two-questions": {
        "exact": "B is bigger",
        "note": "A is 20/35 = 4/7: once the Cat 3 is set aside, 15 of the other 35 cards are set aside too, "
                "so the Cat 4 is dealt, and opens, with chance 20/35. B is 1: the Cat 4 opens only when the "
                "Cat 3 is gone. Both divide P(Cat 3 aside and Cat 4 opens), but A divides by P(Cat 3 aside) "
                "and B by P(Cat 4 opens). Mixing the two up is a classic mistake (in court it is called the "
                "prosecutor's fallacy).",
    },
    "simons-cat/rounds": {"note": "One game of four sensible computer players; other games last longer or "
                                   "shorter: 200 of them are played below."},
}


def two_question_answers(players: int = 4, hand_size: int = 5) -> tuple[Fraction, Fraction]:
    """The answers to simons-cat-probability's "Two questions that sound alike", ``(A, B)``:
    A = P(Cat 4 opens | Cat 3 aside), B = P(Cat 3 aside | Cat 4 opens), exact, for ``players``
    with ``hand_size`` cards each (4 and 5: A = 4/7, B = 1).

    Both divide P(Cat 3 aside and Cat 4 opens), here P(Cat 3 aside) - P(Cat 3 and Cat 4 aside):
    with the Cat 3 set aside, the Cat 4 opens exactly when it is dealt. Kept here, not in the
    lesson's visible code, which would show B before the class chooses.

    Raises:
        ValueError: as :func:`catcards.analysis.simons_cat.p_cat3_set_aside` for a bad deal.
    """
    from ..analysis import simons_cat as sc
    from ..cards import Card

    p_cat3_aside = sc.p_cat3_set_aside(players, hand_size=hand_size)
    p_both = p_cat3_aside - sc.p_cat3_and_cat4_set_aside(players, hand_size=hand_size)
    p_cat4_opens = sc.opening_distribution(players, hand_size=hand_size)[Card("Cat", 4)]
    return p_both / p_cat3_aside, p_both / p_cat4_opens


# simons-cat-probability: texts printed by the cells that wait for a lock-in
KEPT_BACK.update({
    "simons-cat/why-cat-3-aside": (
        "Drawing without replacement: the number X of special cards (K of the 36) in the set-aside\n"
        "pile of r cards is hypergeometric: P(X = k) = C(K, k) x C(36 - K, r - k) / C(36, r).\n"
        "One special card (K = 1, the Cat 3): it is set aside with chance r/36. Each of the 36 places\n"
        "in the shuffled deck is equally likely, and r of them are set aside.\n"
        "Two special cards (Cat 3 and Cat 4): both are set aside with chance r/36 x (r - 1)/35."),
    "simons-cat/why-one-line": (
        "Why: r of the 36 places in the shuffled deck are set aside, so the Cat 3 is set aside with chance r/36.\n"
        "The lines: r/36 for the Cat 3, and r/36 x (r - 1)/35 = r(r - 1)/1260 for the Cat 3 and Cat 4."),
    "simons-cat/which-card-opens": (
        "Why B is 1: a Cat opens when the Cats below it are all set aside and it is not.\n"
        "So the Cat 4 opens only when the Cat 3 is set aside.\n"
        "For the j-th Cat (the Cat 3 is the 1st, the Cat 4 the 2nd, ...):\n"
        "P(it opens) = P(first j - 1 Cats aside) - P(first j Cats aside)."),
})

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`)
KEPT_UNTIL = {
    "simons-cat/why-cat-3-aside": ("simons-cat/cat-3-aside-16",),
    "simons-cat/why-one-line": ("simons-cat/cat-3-aside-16",),
    "simons-cat/which-card-opens": ("simons-cat/two-questions",),
}
