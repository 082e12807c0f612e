"""A teacher's read (teach61) of snap, pairs and Simon's Cat, fixed in lessons61b.

1. Snap, the cell under "Work it out" (section 3), with only the section-3 box locked in, printed
   "after no snap: exact 3/50 = 0.060; simulated ... = 0.058 [0.055, 0.061]": Prediction 1's
   answer 1/17 = 0.0588 lies in that interval, and 51 x 0.058 is about 3, Prediction 2's answer.
   The whole cell waits for both first predictions too now, as section 2 does.
2. Its waiting line said "Now lock in your Predictions 1 and 2" even with one of them locked in:
   it names the box still open now, as the other cells do.
3. The teacher's notes had a student lock in "Prediction 2" only before section 4, which waits
   for both (lessons59b).
4. Simon's Cat, the Cat 4 opens given the Cat 3 set aside: the feedback for 11/35 said "it opens
   when it is NOT set aside": 1 - 11/35 = 24/35 in one step. It asks the question back now.
5. The check's message for 1 - p, "your counting may be right for the outcomes you counted",
   did not fit a Bayes question (nothing is counted there); the teachers' guide still listed
   "the opposite event" among the messages.
6. Pairs, *Watch a perfect memory*: after the lock-in the cell printed "the table was cleared of
   pairs in 40 turns" under the game's first 4 turns; it says the whole game took 40 turns now.

Each test failed before its fix (the report of lessons61b says how). The notebook runs are the
cached ones of test_lessons58a (one run a lesson and box).
"""
from __future__ import annotations

from pathlib import Path

from catcards.exercises import _kept_waits
from test_lessons59b import given_away
from test_lessons58a import SNAP, code_cell, lock_only, stored

TEACHER_SNAP = Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "snap.md"

#: what the cell under "Work it out" prints once every box it waits for is locked in: the chances
#: after a snap and after no snap (3/50 = 0.060 is near 1/17), and the simulated shares
AFTER_A_SNAP_FORMS = ("2/50", "3/50", "0.040", "0.060", "0.058", "0.059", "simulated", "only 2 of its 4", "3 can")

BOTH = ("Predictions 1 and 2 are not locked in yet. Lock in both (the two boxes at the top), then run this cell again.\n"
        "(This cell's numbers would give away the answers to Predictions 1 and 2.)\n")


def test_snap_after_a_snap_shows_no_chance_before_both_first_predictions_are_locked_in():
    """Failed before: the section-3 box alone locked in, the cell printed "after no snap: exact
    3/50 = 0.060; simulated 1645 of 28302 = 0.058 [0.055, 0.061]"."""
    work = code_cell(stored(SNAP), 'kept_back("snap/next-after-a-snap")')
    said = lock_only(SNAP, "after_snap_guess")[work]
    assert said == BOTH, said
    assert not [form for form in AFTER_A_SNAP_FORMS if form in said] and not given_away(said), said
    # its kept-back text waits for the three boxes too (a student's own cell printing it)
    assert set(_kept_waits("snap/next-after-a-snap")) == {"snap/one-turn", "snap/snaps-per-pass", "snap/after-a-snap"}


def test_snap_after_a_snap_names_the_first_prediction_still_open():
    """Failed before: one message for all, "Now lock in your Predictions 1 and 2 (the two boxes
    at the top)", even with Prediction 1 locked in. Each state has its own message now, as in the
    cells of sections 1 and 2."""
    nb0 = stored(SNAP)
    work = code_cell(nb0, 'kept_back("snap/next-after-a-snap")')
    source = nb0.cells[work].source
    waits = source.split('kept_back("snap/next-after-a-snap")')[0]
    assert ('elif count_guess.value is None:\n'
            '    print("Prediction 1 is locked in. Now lock in your Prediction 2 (the second box at the top), '
            'then run this cell again.")\n') in waits, waits
    assert ('elif first_guess.value is None:\n'
            '    print("Prediction 2 is locked in. Now lock in your Prediction 1 (the first box at the top), '
            'then run this cell again.")\n') in waits, waits
    assert "Now lock in your Predictions 1 and 2" not in source


def test_snap_teacher_notes_have_students_lock_in_both_first_predictions_for_section_4():
    """Failed before: "locks in their own Prediction 2 at the top first" and "locks in Prediction 2
    and runs the cells of section 4"; section 4 waits for Predictions 1 and 2."""
    notes = " ".join(TEACHER_SNAP.read_text(encoding="utf-8").split())
    assert "In their own copy a student locks in their own Predictions 1 and 2 at the top first." in notes
    assert "locks in Predictions 1 and 2 and runs the cells of section 4" in notes
    assert "locks in their own Prediction 2 " not in notes and "locks in Prediction 2 and" not in notes


def test_simons_cat_feedback_for_11_35_asks_when_the_cat_4_opens():
    """Failed before: "11/35 is the chance the Cat 4 is set aside too; it opens when it is NOT set
    aside." (one step from the answer, 1 - 11/35 = 24/35)."""
    from catcards.exercises import exercise

    check = exercise("simons-cat/cat-4-opens-given-cat-3-aside").check
    for answer in ("11/35", 0.314):
        message = check(answer, show=False).message
        assert message == ("Not yet: 11/35 is the chance the Cat 4 is set aside too. Read the question again: "
                           "when does the Cat 4 open?"), message
        assert not [w for w in ("NOT set aside", "not set aside", "1 - 11/35", "24/35") if w in message], message


def test_the_message_for_one_minus_the_answer_fits_a_bayes_question_and_the_guide_says_what_it_does():
    """Failed before: card-game's Bayes question (4/7) told 3/7 "your counting may be right for the
    outcomes you counted"; the teachers' guide listed "the opposite event" among the messages."""
    from catcards.exercises import exercise

    said = exercise("card-game/genuine-claim").check("3/7", show=False).message
    assert said == ("Not yet: your working may be right, but check what it gives the chance of. Read the "
                    "question again: which outcomes does it ask about? Are they the ones you worked out?"), said
    assert "counting" not in said and "4/7" not in said and "1 -" not in said
    guide = " ".join((Path(__file__).resolve().parents[2] / "notebooks" / "teachers-guide.md").read_text(
        encoding="utf-8").split())
    assert "the opposite event" not in guide
    assert ('an answer that may be the chance of the other outcomes (it asks "which outcomes does it ask '
            'about?", not what to take from 1)') in guide


def test_pairs_perfect_memory_says_the_whole_game_took_40_turns():
    """Failed before: "the table was cleared of pairs in 40 turns" (a game's own words, under only
    its first 4 turns)."""
    from test_lessons import NOTEBOOKS, output_texts
    from test_lessons58a import run_again

    pairs = NOTEBOOKS / "pairs.ipynb"
    said = output_texts(run_again(pairs)[code_cell(stored(pairs), "agent, rng = MemoryAgent(forget=0.0)")])
    assert said.endswith("The whole game took 40 turns to clear the grid (only its first 4 are shown above).\n"), said
    assert "cleared of pairs" not in said and said.count("\n") == 9, said   # 4 turns' 8 lines, then the sentence
