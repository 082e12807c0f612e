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


def _big_cat_red_lion_and_tiger_2_players() -> Fraction:
    from math import comb

    # 2 players: the first stack is 26 of the 52 cards; both named cards in it, the other 24 of
    # its cards from the 50 others
    return Fraction(comb(50, 24), comb(52, 26))


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
            Fraction(2, 3): "2/3 counts one Lion only, as if the stack were a third of the deck. All 4 Lions "
                            "must miss the stack, and it is 18 of the 52 cards.",
        },
        why="Count hands: C(48, 18) of the C(52, 18) stacks have no Lion. Or place the Lions: "
            "34/52 x 33/51 x 32/50 x 31/49 (each Lion lands among the 34 other cards).",
        source="rulebook wildcat-and-dinohistoria.txt, The BIG CAT Game (deal all cards); hypergeometric",
    ),
    Exercise(
        key="big-cat/red-lion-and-tiger-2-players",
        question="2 players: the first player's stack is 26 of the 52 cards. What is the chance "
                 "that it holds both the red Lion and the red Tiger?",
        exact=_big_cat_red_lion_and_tiger_2_players,
        mistakes={
            Fraction(1, 4): "1/2 x 1/2 treats the two cards as independent, as if each were dealt "
                            "from a fresh deck. Once the red Lion is in the first stack, only 25 "
                            "of its places are left among the other 51 cards.",
            Fraction(26, 52) * Fraction(26, 51): "the red Lion has taken one of the first stack's "
                                                 "26 places: 25 are left for the red Tiger.",
            Fraction(1, 2): "1/2 is the chance for one of the two cards; both must be in the stack.",
            Fraction(2, 52): "2/52 counts the two cards, not the chance that both are among 26.",
        },
        why="The red Lion is in the first stack with chance 26/52; given that, the red Tiger is in "
            "one of its other 25 places among the 51 cards left: 25/51. So 26/52 x 25/51 = 25/102, "
            "a little below 1/4: each card in the stack leaves less room for the next.",
        source="rulebook wildcat-and-dinohistoria.txt, The BIG CAT Game (deal all cards); "
               "hypergeometric, C(50, 24) / C(52, 26)",
        # 25/102 = 0.2451 and the named mistake 1/4 both round to 0.25 (and 25%): at two places
        # "0.25" was "Right!" while "1/4" and "0.250" got the mistake's explanation
        min_places=3,
    ),
)

KEPT_BACK = {
    # printed by the cell under "Exact answers from a mini deck" once the prediction is locked in:
    # the mini deck's exact answer points the same way as the full deck's (lessons62b: printed
    # before the lock-in, it gave the prediction's direction away); tests/lessons/checks/big-cat.py
    # counts it again
    "big-cat/mini-deck-exact": "P(first player wins) = 724/1485 = 0.4875: a little less than half.",
}

KEPT_UNTIL = {
    "big-cat/mini-deck-exact": ("big-cat/first-player",),
}
