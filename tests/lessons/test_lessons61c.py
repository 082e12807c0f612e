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


def test_snap_watched_game_shows_its_moves_and_holds_back_its_snaps_until_prediction_2():
    """Failed before: "cards turned: 57  snaps won: 4" under "Watch a game step by step" before any
    lock-in (one game's snaps, a hint toward Prediction 2's average)."""
    from test_lessons import locked_in, output_texts, waiting_cells
    from test_lessons58a import SNAP, stored

    nb0 = stored(SNAP)
    watch = next(i for i, c in enumerate(nb0.cells) if c.cell_type == "code" and "referee.choose(" in c.source)
    assert nb0.cells[watch - 1].source.startswith("## Watch a game step by step")
    assert (watch, "count_guess") in waiting_cells(nb0)
    nb, _, _ = locked_in(SNAP)
    before = output_texts(nb.cells[watch])   # Run All, nothing locked in
    assert before.startswith("Prediction 2 is not locked in yet. Lock in your prediction above first, then run this "
                             "cell again.\n(Waiting: how many snaps this game had.)\n"
                             "seat 0 won all the cards\ncards turned: 57\n"
                             "Dealt: 26, 26 cards (seats 0-1); seat 0 turns first.\n"
                             "Seat 0 turns Wildcat (red 20).\n"), before
    assert "Seat 0 calls snap first and takes the centre pile (5 cards)." in before   # its moves still show
    assert "snaps won" not in before and ": 4" not in before
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert ("seat 0 won all the cards\ncards turned: 57\nsnaps won: 4\n"
            "Dealt: 26, 26 cards (seats 0-1); seat 0 turns first.\n") in after, after


def test_snap_teacher_notes_say_the_watched_games_snaps_wait_for_prediction_2():
    from pathlib import Path

    notes = " ".join((Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "snap.md")
                     .read_text(encoding="utf-8").split())
    assert ("Under *Watch a game step by step* the game's number of snaps waits for Prediction 2 (one game's "
            "count is a hint toward its answer); the game's moves still show.") in notes
