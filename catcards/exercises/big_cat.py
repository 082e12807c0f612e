"""The The Big Cat Game lessons' exercises (keys ``"big-cat/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

from fractions import Fraction

from . import Exercise


def _big_cat_no_lion_3_players() -> Fraction:
    from ..probability import hypergeom_pmf

    # 3 players: the first stack is 18 of the 52 cards (the extra card), 4 Lions
    return hypergeom_pmf(0, population=52, successes=4, draws=18)


EXERCISES = (
    Exercise(
        key="big-cat/no-lion-3-players",
        question="3 players: the first player's stack is 18 of the 52 cards (18, 17, 17), and 4 of the "
                 "52 are Lions. What is the chance that the first player gets no Lion?",
        exact=_big_cat_no_lion_3_players,
        mistakes={
            Fraction(48, 52) ** 18: "(48/52)^18 draws with replacement: each card dealt leaves fewer "
                                    "cards behind.",
            Fraction(34, 52) ** 4: "close, but that treats the four Lions as independent (as if each "
                                   "were placed with the others put back): once one Lion is outside the "
                                   "first stack, fewer places outside are left for the next. Place the "
                                   "Lions one after another.",
            Fraction(2, 3): "the stack is 18 of 52 cards, not a third of them, and all 4 Lions must miss it.",
        },
        why="Count hands: C(48, 18) of the C(52, 18) stacks have no Lion. Or place the Lions: "
            "34/52 x 33/51 x 32/50 x 31/49 (each Lion lands among the 34 other cards).",
        source="rulebook wildcat-and-dinohistoria.txt, The BIG CAT Game (deal all cards); hypergeometric",
    ),
)
