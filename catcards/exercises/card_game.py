"""The Card Game lessons' exercises (keys ``"card-game/..."``), checked by :mod:`catcards.exercises`.

Kept out of the notebooks so that a check cell shows neither the answer nor the way to it.
"""
from __future__ import annotations

from fractions import Fraction

from . import Exercise


def _card_game_genuine() -> Fraction:
    from ..analysis.card_game import p_genuine

    return p_genuine(Fraction(2, 5), Fraction(1, 2))


EXERCISES = (
    Exercise(
        key="card-game/genuine-claim",
        question="From your view, the claimer holds a Shot! (or a Joker) with chance 2/5. A player "
                 "without one bluffs with rate 1/2. They claim a Shot! What is the chance that "
                 "the claim is genuine?",
        exact=_card_game_genuine,
        mistakes={
            Fraction(2, 5): "2/5 is the chance before you saw the claim; the claim itself is evidence: "
                            "use Bayes' rule.",
            # lessons59b: "multiply 1/2 by 1 - 2/5" gave the fix, so the answer: a question instead
            # teach59b: naming the event to put in its place gave 3/10, then 4/7, at once
            Fraction(4, 9): "your Bayes' rule has the right shape, but one of its two parts is not the "
                            "chance of that kind of claim. Check each part: out of all players, how often "
                            "does a genuine claim happen, and how often a bluffed one?",
            Fraction(1, 2): "1/2 is the bluff rate, or a coin flip; it is not the share of claims that "
                            "are genuine: work out how often each kind of claim happens.",
            Fraction(3, 10): "3/10 is the chance of a bluffed claim (3/5 x 1/2); the question asks what "
                             "share of all claims are genuine.",
        },
        why="Claims happen two ways: genuine with chance 2/5 x 1 = 2/5, bluffs with chance "
            "3/5 x 1/2 = 3/10. Of all claims, (2/5) / (2/5 + 3/10) = 4/7 are genuine.",
        source="Bayes' rule; catcards.analysis.card_game.p_genuine",
    ),
)


#: what the lessons show only after the students have answered (see :func:`catcards.exercises.kept_back`)
KEPT_BACK = {
    # section 2's cell that waits for the prediction prints it: the method (lessons62: it stood in
    # the cell's visible code before the lock-in), then the exact chance for each K at the deal
    "card-game/how-to-count": (
        "No good card: all h cards in the claimer's hand are among the U - K bad ones.\n"
        "C(U, h) counts the hands of h cards from the U unseen ones.\n"
        "C(U - K, h) counts the hands with no good card.\n"
        "P(holds) = 1 - P(no good card) = 1 - C(U - K, h) / C(U, h)\n"
        "(This is the hypergeometric formula.)\n"
        "At the deal: U = 38 cards unseen, h = 5 cards in the claimer's hand.\n"
        "K = 0 good cards unseen: P(holds) = 1 - C(38, 5) / C(38, 5) = 1 - 501,942 / 501,942 = 0.000\n"
        "K = 1 good card unseen: P(holds) = 1 - C(37, 5) / C(38, 5) = 1 - 435,897 / 501,942 = 0.132\n"
        "K = 2 good cards unseen: P(holds) = 1 - C(36, 5) / C(38, 5) = 1 - 376,992 / 501,942 = 0.249\n"
        "K = 3 good cards unseen: P(holds) = 1 - C(35, 5) / C(38, 5) = 1 - 324,632 / 501,942 = 0.353\n"
        "K = 4 good cards unseen: P(holds) = 1 - C(34, 5) / C(38, 5) = 1 - 278,256 / 501,942 = 0.446\n"
        "K = 5 good cards unseen: P(holds) = 1 - C(33, 5) / C(38, 5) = 1 - 237,336 / 501,942 = 0.527"),
    # the working, after the answer (a teacher's read: "44101/83657" alone told students nothing)
    "card-game/holds-good": {"note": "The working: P(at least one good card) = 1 - P(none) = 1 - C(33, 5) / C(38, 5) "
                                     "= 1 - 237,336 / 501,942 = 0.527, to 3 decimals. C(38, 5) counts all the 5-card "
                                     "hands from the 38 unseen cards; C(33, 5) counts those with none of the 5 good "
                                     "cards."},
}

#: what each kept-back text waits for (see :func:`catcards.exercises.kept_back`): the working waits
#: for the prediction it answers
KEPT_UNTIL = {"card-game/how-to-count": ("card-game/holds-good",)}
