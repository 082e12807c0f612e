"""The Snap lessons' exercises (keys ``"snap/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

import math
import numbers
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
            # half right (teach58b): each says which half is right and asks about the other, never
            # giving it (the number of pairs, or the chance for one pair, completed the answer)
            Fraction(55 * 4, 54): "your chance of a snap for one pair is right. But count the pairs again: "
                                  "how many neighbouring pairs do 55 cards in a row make? (Try 3 cards first.)",
            Fraction(54 * 5, 55): "your number of neighbouring pairs is right. But 5/55 (= 1/11) counts the card itself: "
                                  "after a card, how many of the other cards share its number, and how many "
                                  "other cards are there?",
            # 55 x 1/11 (a teacher's read, teach58: it was told only "too high")
            # both corrections at once gave the answer (54 x 4/54 = 4, teach58b): questions instead
            Fraction(55, 11): "1/11 counts the card itself: how many of the other 54 share its number? "
                              "And how many neighbouring pairs do 55 cards make?",
        },
        why="Each of the 54 neighbouring pairs is a snap with chance 4/54 (4 of the other 54 cards "
            "share the first card's number). Averages add up, whether the turns depend on each other "
            "or not: 54 x 4/54 = 4. (55 x 4/55 also comes to 4, but only because two mistakes cancel: "
            "55 cards make 54 pairs, and the chance for each is 4/54.)",
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
            Fraction(4, 54): "4/54 is the chance on a turn when you know nothing about the turns before. "
                             "Here you know the last two turns both made a snap: which cards are on top?",
            # a question for each part it has wrong, the right part named (teach58b: "so only 2 are
            # left" and "52 are left" completed the answer); in the lesson's own words (lessons59b:
            # "already turned" was untrue: the run may be turns 30-32, far more than 3 cards turned),
            # leave out the cards on top, the next card is equally likely any of the others
            # teach59b: "leave out the cards of the run" was the bottom's method, one step from the
            # answer; and "run" is what a cell does in a notebook: "the cards on top"
            Fraction(3, 53): "3/53 is the chance after ONE snap. After two snaps in a row, how many cards "
                             "of that number are on top? So how many of the five are not?",
            Fraction(2, 55): "the 2 is right. But check the bottom of your fraction: can the next card be "
                             "any of the 55? Which cards can it not be?",
            Fraction(2, 53): "the 2 is right. But check the bottom of your fraction: which cards did you "
                             "leave out? Can the next card be one of the cards on top?",
        },
        why="After two snaps in a row three cards of one number lie on top, so 2 of its 5 cards are "
            "among the 52 other cards: 2/52 = 1/26, less than after one snap (3/53) or none (4/53). "
            "Cards turned are not put back, so the deck remembers; a coin does not.",
        source="conditional probability, drawing without replacement (the Wildcat case 2/50 in the lesson)",
        # 1/26 = 0.0385 and the named mistake 2/53 = 0.0377 are both 0.038 at three places
        min_places=4,
    ),
)


def next_turn_chances(copies: int = 4, others: int = 50) -> tuple[Fraction, Fraction]:
    """The chances of a snap on the next turn ``(after a snap, after no snap)``: of the ``others``
    cards other than the two on top (50 in the 52-card Wildcat deck), ``copies - 2`` share the top
    card's number after a snap, ``copies - 1`` after a turn without one. Kept here so that the
    lesson's visible code does not show the answer to the prediction after a snap (2/50 against 3/50)."""
    return Fraction(copies - 2, others), Fraction(copies - 1, others)


def whole_games_reading(low: float, high: float) -> str:
    """The sentence that reads the whole games' snaps per turn against the first pass's chance,
    1/17, from its 95% interval ``[low, high]`` (kept here, not in the lesson's code: it names
    1/17, Prediction 1's answer): "Whole games give slightly fewer snaps per turn than 1/17" (with
    why) only when the whole interval lies below 1/17 and within a tenth of it; "fewer" (with why)
    when it lies further below, "more" when it lies above, or that the interval holds 1/17 and
    these games cannot tell a difference.

    Args:
        low, high: the interval's ends, finite numbers with ``low <= high`` (a share of turns).
    Returns: one or two lines of text (str), no newline at the end.
    Raises: ValueError for a bool, a non-number, NaN or an infinity, or ``low > high``.
    """
    ends = []
    for name, end in (("low", low), ("high", high)):
        if isinstance(end, bool) or not isinstance(end, numbers.Real) or not math.isfinite(end):
            raise ValueError(f"the interval's {name} end must be a finite number, got {end!r}")
        ends.append(float(end))
    low, high = ends
    if low > high:
        raise ValueError(f"the interval's low end {low!r} is above its high end {high!r}")
    from ..analysis.snap import snap_chance

    first_pass = float(snap_chance("wildcat"))
    if high < first_pass:
        # the first card after someone wins the pile lands on an empty pile: a reason to expect fewer snaps
        fewer = "slightly fewer" if low >= 0.9 * first_pass else "fewer"
        return (f"Whole games give {fewer} snaps per turn than 1/17: the whole 95% interval lies below "
                f"{first_pass:.4f}.\n"
                "The card just after someone wins the pile lands on an empty pile, so it can never make a snap.")
    if low > first_pass:
        return f"Whole games give more snaps per turn than 1/17: the whole 95% interval lies above {first_pass:.4f}."
    return (f"The 95% interval holds 1/17 = {first_pass:.4f}: these games cannot tell the whole games' "
            "rate from the first pass's.")


#: Snap's two boxes at the top, by their key: how a cell that waits names each of them
TOP_BOXES = {
    "snap/one-turn": "Prediction 1 (the first box at the top)",
    "snap/snaps-per-pass": "Prediction 2 (the second box at the top)",
}


def say_still_open(*boxes) -> None:
    """Print the line that asks to lock in those of ``boxes`` (Snap's Predictions 1 and 2) that are
    still open, for a cell that waits for them besides its own box: "Lock in your Predictions 1 and
    2 (the two boxes at the top) too.", or the one still open ("Lock in your Prediction 2 (the
    second box at the top) too."); nothing once they are all locked in. One line for every such
    cell of the lesson, so that each names every box still open on its first run (lessons62c).

    Args:
        boxes: Predict boxes whose ``key`` is one of :data:`TOP_BOXES`, each once.
    Returns: None (it prints).
    Raises: ValueError for a box that is not one of Snap's two boxes at the top, or given twice.
    """
    keys = [getattr(box, "key", None) for box in boxes]
    if not keys or any(key not in TOP_BOXES for key in keys) or len(set(keys)) != len(keys):
        raise ValueError(f"say_still_open takes Snap's boxes at the top ({', '.join(TOP_BOXES)}), "
                         f"each once; got the keys {keys!r}")
    still_open = [key for box, key in zip(boxes, keys) if box.value is None]
    if len(still_open) == 2:
        print("Lock in your Predictions 1 and 2 (the two boxes at the top) too.")
    elif still_open:
        print(f"Lock in your {TOP_BOXES[still_open[0]]} too.")


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`):
#: texts printed by cells that wait for a lock-in (``{name}`` fields are filled in by the cell with
#: ``str.format``: the simulated values; the exact working is written out here)
KEPT_BACK = {
    "snap/why-one-turn": (
        "Why? While nobody has won a pile, the cards come out in the shuffled order.\n"
        "A turn makes a snap when its card has the same number as the card before it.\n"
        "Whatever that card was, 3 of the 51 other cards share its number.\n"
        "Each of the 51 is equally likely to come next, so:\n"
        "Wildcat: P(snap on a turn) = 3/51 = 1/17, about 0.059\n"
        "Each dot below is one turn: the share of the 600 deals in which that turn showed a snap."),
    "snap/why-snaps-per-pass": (
        "Why? A pass has 51 turns that can snap: every card but the first.\n"
        "Each of them snaps with chance 1/17. So on average the snaps add up to 51 x 1/17 = 3.\n"
        "Adding up averages like this is always allowed, even when the turns depend on each other.\n"
        "(Section 3 asks whether they do.) In the same way, the first N turns show (N - 1)/17 snaps on average."),
    "snap/no-snap-shortcut": (
        "if the turns were independent: (16/17)^51 = {independent:.4f}\n"
        "exact (counting every order of the deck):  {exact:.4f}\n"
        "difference: {difference:.5f}"),
    # {reading}: whole_games_reading(low, high), the sentence that reads the 95% interval
    "snap/whole-games": (
        "the first pass, to compare: 1/17 = 0.0588\n"
        "{reading}"),
    "snap/next-after-a-snap": (
        "after a snap:    exact 2/50 = 0.040; simulated {snap_hits} of {snap_turns} = {snap_share:.3f} "
        "[{snap_low:.3f}, {snap_high:.3f}]\n"
        "after no snap:   exact 3/50 = 0.060; simulated {no_snap_hits} of {no_snap_turns} = {no_snap_share:.3f} "
        "[{no_snap_low:.3f}, {no_snap_high:.3f}]\n"
        "{reading}\n"
        "With cards, a snap really does make the next one less likely, but not because things\n"
        "must even out: after a snap two cards of that number are on top, so only 2 of its 4\n"
        "can come next (after no snap, 3 can). With a coin nothing is \"due\"."),
    # waits for Predictions 1 and 2 too (lessons59b): (16/17)^51 and 1/17 = 0.059 are their answers
    "snap/shortcut-came-close": (
        "Back to section 2's shortcut: the turns are not independent, yet (16/17)^51 came close.\n"
        "The dependence is not weak: right after a snap the chance drops by a third (2/50 instead of 3/50).\n"
        "But snaps are rare, and a pass with no snap never has a turn right after a snap.\n"
        "Knowing only that the last turn made no snap, the chance is 3/50 = 0.060, very near 1/17 = 0.059.\n"
        "So multiplying 16/17 fifty-one times is only a little off. The exact count is still the answer."),
    "snap/one-turn": {"note": "The simulated share pools all 51 turns of each of the 600 deals."},
    "snap/snaps-per-pass": {"note": "3 snaps is the average: one pass may show 0, 2 or 7."},
    "snap/after-a-snap": {
        "exact": "less likely than usual",
        # the direction only: the cell under "Work it out" asks for the two chances (2/50 and 3/50)
        # and prints them after the lock-in (a teacher's read, teach56: the note gave them away)
        "note": "The cards turned are not put back. Work out below by how much.",
    },
}

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`): the two first
#: predictions each give the other's answer away (1/17 a turn, 51 x 1/17 = 3 a pass), so
#: everything about either waits for both
_BOTH = ("snap/one-turn", "snap/snaps-per-pass")
KEPT_UNTIL = {
    "snap/one-turn": _BOTH,
    "snap/snaps-per-pass": _BOTH,
    "snap/why-one-turn": _BOTH,
    "snap/why-snaps-per-pass": _BOTH,
    "snap/no-snap-shortcut": _BOTH,
    "snap/whole-games": _BOTH,
    # 3/50 = 0.060 after no snap is near 1/17, and 51 x 0.058 is about 3 (teach61)
    "snap/next-after-a-snap": (*_BOTH, "snap/after-a-snap"),
    "snap/shortcut-came-close": (*_BOTH, "snap/after-a-snap"),
}
