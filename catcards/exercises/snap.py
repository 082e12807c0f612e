"""The Snap lessons' exercises (keys ``"snap/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

from fractions import Fraction

from . import Exercise


def _snap_dinohistoria_snaps() -> Fraction:
    from ..analysis.snap import snap_chance

    # one pass through the 55-card Dinohistoria deck: 54 neighbouring pairs
    return 54 * snap_chance("dinohistoria")


def _snap_dinohistoria_after_two_snaps() -> Fraction:
    # after two snaps in a row three cards of that number lie on top: 5 - 3 of them among the
    # 55 - 3 cards left
    return Fraction(5 - 3, 55 - 3)


EXERCISES = (
    Exercise(
        key="snap/dinohistoria-snaps",
        question="The Dinohistoria deck has 55 cards, 5 of each of 11 numbers. Nobody calls, so the "
                 "first 55 turns go once through the shuffled deck. How many snaps do you expect "
                 "to show in those 55 turns?",
        exact=_snap_dinohistoria_snaps,
        probability=False,
        mistakes={
            Fraction(55 * 4, 54): "55 x 4/54 counts 55 neighbouring pairs; 55 cards in a row have 54.",
            Fraction(54 * 5, 55): "5/55 (= 1/11) counts the card itself: after a card, 4 of the other "
                                  "54 cards share its number.",
        },
        why="Each of the 54 neighbouring pairs is a snap with chance 4/54 (4 of the other 54 cards "
            "share the first card's number). Expectation adds up, dependent or not: 54 x 4/54 = 4.",
        source="linearity of expectation; catcards.analysis.snap.snap_chance",
        unit="snaps",
    ),
    Exercise(
        key="snap/dinohistoria-after-two-snaps",
        question="The Dinohistoria deck: 55 cards, 5 of each of 11 numbers. Nobody calls. The last "
                 "two turns both made a snap (three cards of one number in a row). What is the "
                 "chance that the next card makes a snap too?",
        exact=_snap_dinohistoria_after_two_snaps,
        mistakes={
            Fraction(4, 54): "4/54 is the chance of a snap on any turn, as if the turns were "
                             "independent: the deck remembers the cards on top.",
            Fraction(3, 53): "3/53 is the chance after ONE snap. After two snaps in a row three of "
                             "the five cards of that number are on the table, so only 2 are left.",
            Fraction(2, 55): "the 55 cards include the three already turned: the next card comes from 52.",
            Fraction(2, 53): "three cards (the run of three) have been turned, not two: 52 are left.",
        },
        why="After two snaps in a row three cards of one number lie on top, so 2 of its 5 cards are "
            "among the 52 other cards: 2/52 = 1/26, less than after one snap (3/53) or none (4/53). "
            "Cards drawn without replacement remember; a coin does not.",
        source="conditional probability, drawing without replacement (the Wildcat case 2/50 in the lesson)",
        # 1/26 = 0.0385 and the named mistake 2/53 = 0.0377 are both 0.038 at three places
        min_places=4,
    ),
)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`)
KEPT_BACK = {
    "snap/one-turn": {"note": "The simulated share pools all 51 turns of each of the 600 deals."},
    "snap/snaps-per-pass": {"note": "3 snaps is the average: one pass may show 0, 2 or 7."},
    "snap/after-a-snap": {
        "exact": "less likely than usual",
        # the direction only: the cell under "Work it out" asks for the two chances (2/50 and 3/50)
        # and prints them after the lock-in (a teacher's read, teach56: the note gave them away)
        "note": "The cards turned are not put back. Work out below by how much.",
    },
}
