"""The Cat Days lessons' exercises (keys ``"cat-days/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

from fractions import Fraction

from . import Exercise


def _cat_days_grumpy_by_draw_6() -> Fraction:
    from ..analysis.cat_days import chance_seen_by_turn

    return chance_seen_by_turn(6, "Grumpy Cat")


EXERCISES = (
    Exercise(
        key="cat-days/grumpy-cat-by-draw-6",
        question="There are 2 Grumpy Cats among the 34 cards of the draw pile. By your 6th draw "
                 "you have drawn 4 + 6 = 10 of those cards. What is the chance that you have drawn "
                 "at least one Grumpy Cat?",
        exact=_cat_days_grumpy_by_draw_6,
        mistakes={
            Fraction(10, 17): "that adds 10/34 + 10/34, counting twice the hands with both Grumpy "
                              "Cats. Find the chance of seeing none first.",
            Fraction(10, 34): "10/34 is the answer for a card with one copy; there are two Grumpy Cats.",
            Fraction(10, 34) ** 2: "(10/34)^2 is near the chance of seeing both, not at least one.",
            1 - Fraction(24, 34) ** 2: "close, but that treats the two copies as independent; "
                                       "after one is not seen, the other's chance changes. Count hands.",
            1 - Fraction(32, 34) ** 10: "that is 1 - (32/34)^10: drawing with replacement, as if each "
                                        "of the 10 cards were a fresh draw from all 34 with the Grumpy "
                                        "Cats put back. Cards you have drawn are not put back: the 10 are "
                                        "10 different cards, so a Grumpy Cat is a little more likely to "
                                        "be among them.",
        },
        why="None drawn: C(32, 10) / C(34, 10) = (24 x 23) / (34 x 33) = 92/187 of the 10-card "
            "sets miss both Grumpy Cats (C(34, 10) is the number of ways to choose 10 cards from 34). "
            "So at least one is drawn with chance 1 - 92/187 = 95/187.",
        source="hypergeometric distribution; catcards.analysis.cat_days.chance_seen_by_turn",
    ),
)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`)
KEPT_BACK = {
    # printed by the cells that wait for the lock-in (the working, and what it means)
    "cat-days/why-by-draw-k": (
        "Whatever your opponent does, the cards you have drawn are a random set of 4 + k of the 34 cards.\n"
        "Not drawn yet: all 4 + k cards you drew are among the 33 other cards.\n"
        "C(n, r) is the number of ways to choose r cards from n.\n"
        "P(drawn by your k-th draw) = 1 - C(33, 4 + k) / C(34, 4 + k) = (4 + k) / 34\n"
        "(Each of the 34 cards is equally likely to be one of the 4 + k you drew.)\n"
        "k =  0: exact chance 4/34 = 2/17\n"
        "k =  1: exact chance 5/34\n"
        "k =  5: exact chance 9/34\n"
        "k = 10: exact chance 14/34 = 7/17"),
    "cat-days/plan-by-draw-k": (
        "Even after ten draws you have drawn the Demanding Cat less than half the time.\n"
        "A plan that needs it is a gamble. Keeping your Sunday free for it has a cost."),
    "cat-days/independent-draws": (
        "A tempting shortcut: each card has a 1 in 34 chance of being the Demanding Cat, so the chance of\n"
        "missing it 14 times is (33/34)^14. That would be right if every card came from a fresh, full pile\n"
        "(drawing with replacement, like rolling a 34-sided die). But you draw without replacement: every\n"
        "card that is not the Demanding Cat leaves a smaller pile, so the next card is more likely to be it.\n"
        "The draws are not independent.\n"
        "For a few cards the two columns are close (removing a few cards hardly changes a pile of 34).\n"
        "For many cards they drift apart, and the \"independent\" answer is always too low: it lets the\n"
        "same card turn up twice, so some of its draws are wasted on cards you have already seen."),
    "cat-days/demanding-by-draw-10": {"note": "One card among 34, and you have drawn 14 of them: 14/34."},
    # the choice under "Are the draws independent?": the direction only; the table after it says by
    # how much (a teacher's read, teach58: the question had no box, and the table answered it)
    "cat-days/shortcut": {
        "exact": "too low",
        "note": "Cards you draw are not put back: each card that is not the Demanding Cat leaves a smaller "
                "pile. The table below shows by how much.",
    },
}

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`); the reveals wait
#: for their own boxes
KEPT_UNTIL = {
    "cat-days/why-by-draw-k": ("cat-days/demanding-by-draw-10",),
    "cat-days/plan-by-draw-k": ("cat-days/demanding-by-draw-10",),
    # its table holds the answer at the top (14/34) as well as the shortcut's
    "cat-days/independent-draws": ("cat-days/shortcut", "cat-days/demanding-by-draw-10"),
}
