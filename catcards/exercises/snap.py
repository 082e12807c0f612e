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
)
