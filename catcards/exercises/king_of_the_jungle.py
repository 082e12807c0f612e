"""The King of the Jungle lessons' exercises (keys ``"king-of-the-jungle/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise


def _king_void_in_a_suit() -> Fraction:
    from ..probability import hypergeom_pmf

    # 4 players: 13 of the 52 cards; 13 cards in each suit
    return hypergeom_pmf(0, population=52, successes=13, draws=13)


EXERCISES = (
    Exercise(
        key="king-of-the-jungle/void-in-a-suit",
        question="4 players: your 13 cards are a random set of the 52, 13 in each suit. What is "
                 "the chance that you hold no red card at all (you can never follow red)?",
        exact=_king_void_in_a_suit,
        mistakes={
            Fraction(3, 4) ** 13: "(3/4)^13 draws with replacement: after each non-red card, there "
                                  "are fewer non-red cards left, so the chance is smaller: about half "
                                  "as big.",
            Fraction(39, 52): "39/52 is the chance for one card; all 13 must miss red.",
        },
        why="C(39, 13) of the C(52, 13) hands have no red card: 39/52 x 38/51 x ... x 27/40, "
            "about 0.0128, so roughly one hand in 78.",
        source="rulebook wildcat-and-dinohistoria.txt, King of the Jungle (13 cards each); hypergeometric",
    ),
)


def _lions_working() -> str:
    """How to work out the chances of 0 to 4 Lions in a hand of 13 of 52 (4 players), and of at
    least one: printed after the lock-in (the last line is the prediction's answer)."""
    lines = ["The number of Lions you hold is hypergeometric: a count of special cards in a hand dealt",
             "without putting cards back. P(k Lions) = C(4, k) x C(48, 13 - k) / C(52, 13): the hands with",
             "k of the 4 Lions and 13 - k of the 48 other cards, out of all hands of 13 cards."]
    for k in range(5):
        p = Fraction(math.comb(4, k) * math.comb(48, 13 - k), math.comb(52, 13))
        lines.append(f"P({k} Lion{'s' * (k != 1)}) = {p} = {float(p):.4f}")
    at_least_one = 1 - Fraction(math.comb(48, 13), math.comb(52, 13))
    lines.append(f"P(at least one Lion) = {at_least_one} = {float(at_least_one):.4f}")
    return "\n".join(lines)


#: the choices of the box "one more Lion: how many more tricks on average?" (its answer:
#: :func:`more_tricks_a_lion`); each names its range, so one choice is right for any average
MORE_LIONS_CHOICES = ("about one more (0.9 to 1.1)", "fewer (under 0.9)", "more (over 1.1)")


def more_tricks_a_lion(per_lion: float) -> str:
    """The right choice of :data:`MORE_LIONS_CHOICES` for ``per_lion``, the extra tricks one more
    Lion wins on average (the rise in tricks won from the fewest Lions to the most, divided by the
    Lions between them; the lesson's simulated hands give 1.63 / 2, about 0.8).

    Raises:
        ValueError: ``per_lion`` is not a finite number.
    """
    if isinstance(per_lion, bool) or not isinstance(per_lion, (int, float)) or not math.isfinite(per_lion):
        raise ValueError(f"per_lion must be a finite number, got {per_lion!r}")
    if per_lion < 0.9:
        return MORE_LIONS_CHOICES[1]
    if per_lion > 1.1:
        return MORE_LIONS_CHOICES[2]
    return MORE_LIONS_CHOICES[0]


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`);
#: the Lions' working is a text the cell that waits for the lock-in prints (students see code cells)
KEPT_BACK = {
    # a teacher's read (teach57b): the text above the prediction gave 13/52 = 1/4 for one given
    # Lion, a step to the answer; it is printed after the lock-in, above the Lions' working
    "king-of-the-jungle/one-lion": (
        "One given Lion, say the Lion of red: your 13 cards are 13 of the 52, so you hold it with chance 13/52 = 1/4.\n"
        "\"It is one of 4 players, so 1/4\" is right here, but only because every player gets the same number\n"
        "of cards. With unequal hands it fails: in the Big Cat Game with 3 players the first stack has 18 of\n"
        "the 52 cards, so it holds a given Lion with chance 18/52, not 1/3.\n"
        "Both the Lion and the Tiger of red: the Lion is in your hand with chance 13/52. Then the Tiger is one\n"
        "of the other 51 cards, and 12 of them are in your hand: 13/52 x 12/51 = 1/17."),
    "king-of-the-jungle/lions-working": _lions_working(),
    # a teacher's read (teach58): the question "does one more Lion win you about one more trick?"
    # had no box, and the visible code already said "The tricks won on average rise with each
    # Lion ... not always a whole one"; the cell prints these once the choice is locked in, its
    # fields filled in with the simulated values
    "king-of-the-jungle/one-more-lion": (
        "The tricks won on average rise with each Lion: {means} for {first} to {last} Lions "
        "(the rows with at least {few} hands, as in the figure).\n"
        "So here one more Lion wins you {low:.1f} to {high:.1f} more tricks on average, not always a whole one."),
    "king-of-the-jungle/any-lion": {"note": "Four Lions at 1/4 each do not add up to 1: a hand with two Lions "
                                            "would be counted twice, and 30% of hands hold none (the bar at 0). "
                                            "1 - P(no Lion) is quicker than adding P(1) + P(2) + P(3) + P(4). 1/4 is the chance "
                                            "for one given Lion; with four Lions to catch, the chance is higher."},
}

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`); the others wait
#: for the box of their own name
KEPT_UNTIL = {
    "king-of-the-jungle/one-lion": ("king-of-the-jungle/any-lion",),
    "king-of-the-jungle/lions-working": ("king-of-the-jungle/any-lion",),
}
