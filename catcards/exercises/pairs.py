"""The Pairs lessons' exercises (keys ``"pairs/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

from fractions import Fraction

from . import Exercise


EXERCISES = (
    Exercise(
        key="pairs/no-memory-5-pairs",
        question="A player with no memory turns two random face-down cards each turn. With m pairs "
                 "left, they match with chance 1/(2m - 1). How many turns do they need, on average, "
                 "to clear a board of 5 pairs (10 cards) alone?",
        exact=lambda: Fraction(sum(2 * m - 1 for m in range(1, 6))),
        probability=False,
        mistakes={
            5: "5 turns would need a match every time; a match takes several tries on average.",
            # lessons59b: each names what is right and asks about the rest; "30 ... counts 2m turns,
            # not 2m - 1" (subtract 5: 25) and the full method for 15 and 9 gave the answer
            9: "9 turns on average for the first pair is right. But that only takes one pair off the "
               "board: what are the waits for the pairs after it?",
            Fraction(1, 9): "that is a chance, not a number of turns: a chance p gives 1/p turns on average.",
            # 15 = 5 + 4 + 3 + 2 + 1: a wait of m turns with m pairs left (teach59b: "is a match likely
            # on the first try?" missed that, and with 1 pair left it is certain)
            15: "adding one average wait for each pair is right. But is the wait m turns when m pairs are "
                "left? With m pairs left a turn matches with chance 1/(2m - 1): how many turns is that on "
                "average? (Try 2 pairs left.)",
            30: "adding one wait for each pair left is right. But with m pairs left a turn matches with chance "
                "1/(2m - 1): how many turns does that take on average? (Try 1 pair left.)",
        },
        why="With m pairs left, a turn matches with chance 1/(2m - 1), so the wait is 2m - 1 turns "
            "on average (a geometric wait). Add them: 9 + 7 + 5 + 3 + 1 = 25 = 5^2.",
        source="expectation of a geometric wait; pairs.ipynb, section 2",
        unit="turns",
    ),
)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`)
KEPT_BACK = {
    # the exact average expected_turns_solo(8) = 558242/45045 = 12.3930, shown first as card-game's
    # reveal shows its exact answer ("The exact answer is 558242/45045 = 12.393."), then rounded
    "pairs/perfect-8": {"exact": Fraction(558242, 45045),
                        "note": "Rounded: about 12.39 turns, or about 1.55 turns a pair."},
    # the working of the no-memory exercise (it gives the 5-pair answer away)
    "pairs/no-memory-working": (
        "A player who turns two random face-down cards matches with chance $1/(2m-1)$ when "
        "$m$ pairs are left, so needs $2m-1$ turns on average for that pair, and "
        "$1 + 3 + 5 + \\dots + (2n-1) = n^2$ turns in all: **64 turns** for 8 pairs."),
}
KEPT_BACK["pairs/no-memory-8"] = 64   # n^2 turns for n = 8 pairs, the exact no-memory average

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`): the no-memory
#: working is drawn by the result the exercise keeps back (its check says Right!, or the student
#: presses "Show me the answer")
KEPT_UNTIL = {
    "pairs/no-memory-8": ("pairs/no-memory-5-pairs",),
    "pairs/no-memory-working": ("pairs/no-memory-5-pairs",),
}
