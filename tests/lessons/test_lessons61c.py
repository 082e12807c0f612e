"""A teacher's read (lessons61c), after the reads of lessons61 and lessons61b:

3. Simon's Cat: the feedback for 24/36 on "cat-4-opens-given-cat-3-aside" said "11 set-aside places
   are left, and the Cat 4 is one of the 35 other cards": most of the working toward 24/35. It says
   what 24/36 is right for and asks a question.
4. Snap: "Watch a game step by step" printed "cards turned: 57  snaps won: 4" before any lock-in: a
   one-game hint toward Prediction 2 (the average number of snaps). The moves show; the snaps count
   waits for Prediction 2, as Pairs' game does.

(Items 1 and 2 are tested in test_visible_code.py and test_lessons59.py / test_lessons59b.py.)"""
from __future__ import annotations


def test_simons_cat_feedback_for_24_36_names_what_is_right_and_asks_a_question():
    """Failed before: "... 11 set-aside places are left, and the Cat 4 is one of the 35 other cards,
    not of 36." (1 - 11/35 = 24/35 in one step)."""
    from catcards.exercises import exercise

    check = exercise("simons-cat/cat-4-opens-given-cat-3-aside").check
    for answer in ("24/36", "2/3", 0.667):
        message = check(answer, show=False).message
        assert message == ("Not yet: 24/36 is the chance the Cat 4 is dealt when you know nothing about the Cat 3. "
                           "But you know the Cat 3 is set aside. What does that change for the Cat 4?"), message
        assert not [w for w in ("11", "35", "24/35", "places are left") if w in message], message
