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


def _snap_dinohistoria_after_a_snap() -> Fraction:
    # after a snap two cards of that number lie on top: 5 - 2 of them among the 55 - 2 cards left
    return Fraction(5 - 2, 55 - 2)


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
        key="snap/dinohistoria-after-a-snap",
        question="The Dinohistoria deck: 55 cards, 5 of each of 11 numbers. Nobody calls. The card "
                 "just turned made a snap. What is the chance that the next card makes a snap too?",
        exact=_snap_dinohistoria_after_a_snap,
        mistakes={
            Fraction(4, 53): "4/53 is the chance after a turn WITHOUT a snap. After a snap two of the "
                             "five cards of that number are on the table, so only 3 are left.",
            Fraction(4, 54): "4/54 is the chance of a snap on any turn, as if the turns were "
                             "independent: the deck remembers the two cards on top.",
            Fraction(3, 55): "the 55 cards include the two already turned: the next card comes from 53.",
            Fraction(3, 54): "the next card comes from the 53 cards not yet turned (55 minus the two "
                             "cards of the snap), not 54.",
        },
        why="After a snap the two top cards share a number, so 3 of its 5 cards are among the 53 "
            "still to come: 3/53, less than the 4/53 after a turn without a snap. Cards drawn "
            "without replacement remember; a coin does not.",
        source="conditional probability, drawing without replacement (the Wildcat case 2/50 in the lesson)",
    ),
)
