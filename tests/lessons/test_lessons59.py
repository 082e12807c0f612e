"""Answers kept back until the lock-in, for real (lessons59; left open by stop 58's teacher's read).

1. A student could call ``kept_back(...)`` in a cell of their own before locking in and read the
   answer (``kept_back("snap/why-one-turn")`` printed "3/51 = 1/17"). It now gives a
   :class:`~catcards.exercises.Withheld` until every box it waits for is locked in: shown or
   printed, one sentence saying the answer comes after the lock-in, no traceback. Whether a box is
   locked in is asked of one place, :func:`catcards.widgets.predict.locked`.
2. Snap's reveals held their answer in widget state once their own box was locked in, while the
   cell waited for the other prediction (a script or the browser's widget model could read it).
   A reveal given a kept-back answer puts nothing of it into its widget until that answer may show.
3. Snap's feedbacks for half-right answers gave the other half ("55 cards in a row have 54",
   "4 of the other 54 cards", "52 are left"): they say what is right and ask about the rest.

Every test failed before the fix (checked against main 36ccaee). The one named "guard" failed
only at its gate lines; its other lines passed before and guard what the gate could break: the
teacher's edition and the "Show me the answer" button still give the texts.
"""
from __future__ import annotations

import json

import nbformat
import pytest

import catcards.exercises as ex
from catcards.analysis.snap import expected_snaps, snap_chance
from catcards.exercises import Withheld, exercise, kept_back, reveal_after
from catcards.widgets import Predict
from catcards.widgets import predict
from test_lessons import NOTEBOOKS, notebook_client, output_texts
from test_lessons58a import P1_FORMS, P2_FORMS, lock_only_run, reveal_cell, stored

SNAP = NOTEBOOKS / "snap.ipynb"
ONE_LOCK = "This answer comes after you lock in your prediction above. Lock it in, then run this cell again."
ALL_LOCKS = "This answer comes after you lock in all your predictions above. Lock them in, then run this cell again."


@pytest.fixture(autouse=True)
def fresh_kernel(monkeypatch):
    """Each test starts as a fresh kernel: no box locked in, no exercise answered, no edition."""
    monkeypatch.setattr(predict, "_LOCKED", {})
    monkeypatch.setattr(predict, "_WAITING_REVEALS", predict.weakref.WeakSet())
    monkeypatch.setattr(ex, "_SOLVED", set())
    monkeypatch.setattr(ex, "_REVEALS", {})
    monkeypatch.setattr(ex, "_DRAWN", set())
    monkeypatch.setattr(ex, "_ALL_OPEN", False)


def snap_boxes():
    return (Predict("On a turn after the first, what is the chance of a snap?", key="snap/one-turn"),
            Predict("On average, how many snaps in one pass?", kind="number", unit="snaps", key="snap/snaps-per-pass"))


def lock(box, typed):
    box.field.value = typed
    assert box.lock()


# ---- 1. kept_back waits for the lock-in

def test_kept_back_before_the_lock_in_says_when_the_answer_comes_and_holds_none_of_it():
    """Failed before: kept_back("snap/why-one-turn") returned the working with "3/51 = 1/17" at once."""
    said = kept_back("snap/why-one-turn")
    assert isinstance(said, Withheld)
    # as a student may use it: printed, as a cell's value, in an f-string, formatted, one field, a test
    assert str(said) == repr(said) == f"{said}" == str(said.format(reading="x")) == ALL_LOCKS
    assert str(kept_back("snap/after-a-snap")["exact"]) == ONE_LOCK
    assert "1/17" not in said and "less likely" not in kept_back("snap/after-a-snap")   # no endless loop either
    withheld = [kept_back(k) for k in ("snap/one-turn", "snap/after-a-snap", "pairs/perfect-8", "cat-days/shortcut")]
    shown = " ".join([str(w) for w in withheld] + [str(w[field]) for w in withheld for field in w])
    assert not [w for w in ("1/17", "less likely", "558242", "too low", "pools") if w in shown], shown


def test_kept_back_gives_the_text_once_every_box_it_waits_for_is_locked_in():
    """Failed before: no box was asked; Snap's working gave Prediction 2's answer after Prediction 1 alone."""
    first, count = snap_boxes()
    lock(first, "1/5")
    assert predict.locked("snap/one-turn") and not predict.locked("snap/snaps-per-pass")
    assert str(kept_back("snap/why-one-turn")) == ALL_LOCKS   # it gives 51 x 1/17 away: waits for both
    lock(count, "2")
    assert "Wildcat: P(snap on a turn) = 3/51 = 1/17, about 0.059" in kept_back("snap/why-one-turn")
    assert kept_back("snap/one-turn") == {"note": "The simulated share pools all 51 turns of each of the 600 deals."}
    # a box made again after the lock-in (its cell run again, Run All) is locked in: still given
    again = Predict("On a turn after the first, what is the chance of a snap?", key="snap/one-turn")
    assert again.value == 0.2 and "1/17" in kept_back("snap/why-one-turn")


def test_a_students_own_cell_calling_kept_back_shows_the_sentence_as_text_no_traceback():
    """Failed before: the cell printed the working, and showed the choice's answer as its value."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell('from catcards.exercises import kept_back\nprint(kept_back("snap/why-one-turn"))'),
        nbformat.v4.new_code_cell('kept_back("snap/after-a-snap")'),
        nbformat.v4.new_code_cell('kept_back("snap/whole-games").format(reading="")')])
    notebook_client(nb, kernel_name="python3").execute()
    said = [output_texts(c) for c in nb.cells]
    assert [o.output_type for c in nb.cells for o in c.outputs if o.output_type == "error"] == []
    assert said[0] == ALL_LOCKS + "\n"
    assert ONE_LOCK in said[1] and "less likely" not in said[1]
    assert ALL_LOCKS in said[2] and "1/17" not in said[2]


def test_every_kept_back_text_waits_for_a_lessons_box_or_exercise():
    """Failed before (no ``KEPT_UNTIL``): a text must wait for something a lesson has, or it never shows."""
    keys = set()
    for path in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("advanced/*.ipynb")]:
        keys.update(__import__("re").findall(r'key="([^"]+)"', "\n".join(c.source for c in nbformat.read(
            path, as_version=4).cells if c.cell_type == "code")))
    keys.update(ex.exercises())
    waits = {k: ex._kept_waits(k) for k in ex._KEPT_BACK}
    assert not {k: w for k, w in waits.items() if not set(w) <= keys}
    assert waits["snap/why-one-turn"] == waits["snap/one-turn"] == ("snap/one-turn", "snap/snaps-per-pass")
    assert waits["pairs/no-memory-working"] == ("pairs/no-memory-5-pairs",)


def test_guard_the_teachers_edition_and_the_show_me_button_still_give_the_texts():
    """The edition's mark_all_solved opens every text, and a result drawn by "Show me the answer"
    reads its kept-back working (guards: kept_back gave everything before; only the Withheld lines
    failed then)."""
    drawn = []
    box = reveal_after("pairs/no-memory-5-pairs", lambda: drawn.append(kept_back("pairs/no-memory-8")))
    assert drawn == [] and isinstance(kept_back("pairs/no-memory-8"), Withheld)
    box.children[1].click()   # "Show me the answer"
    assert drawn == [64]
    assert isinstance(kept_back("snap/why-one-turn"), Withheld)
    ex.mark_all_solved()
    assert "1/17" in kept_back("snap/why-one-turn") and kept_back("snap/after-a-snap")["exact"] == "less likely than usual"


# ---- 2. no answer in a reveal's widget state before it shows

def test_a_snap_reveal_holds_no_answer_in_its_widget_state_until_both_predictions_are_locked_in():
    """Failed before: with Prediction 1 locked in, its reveal's HTML value (sent to the browser's
    widget model) said "The exact answer is 1/17 = 0.059" while the cell said to lock in Prediction 2."""
    first, count = snap_boxes()
    # made under Run All, before any lock-in; then Prediction 1 alone
    one = first.reveal(exact=snap_chance("wildcat"), simulated=0.0596, games=600, trial="deal", **kept_back("snap/one-turn"))
    lock(first, "1/5")
    # lessons61c: it names the box still open by its question, not "your other prediction above too"
    assert one.get_state()["value"] == ('<p style="font-size:1.1em" role="status">Your prediction is locked in. '
                                        'Now lock in your prediction for &quot;On average, how many snaps in one '
                                        'pass?&quot; too. Then the answer shows here.</p>')
    # the cell run again after Prediction 1 alone, and Prediction 2's reveal
    one = first.reveal(exact=snap_chance("wildcat"), simulated=0.0596, games=600, trial="deal", **kept_back("snap/one-turn"))
    two = count.reveal(exact=expected_snaps(52), simulated=3.04, games=600, trial="deal", **kept_back("snap/snaps-per-pass"))
    state = json.dumps([one.get_state(), two.get_state()])
    assert not [w for w in ("1/17", "0.059", "0.06", "The exact", "pools", "3 snaps", "3.04") if w in state], state
    lock(count, "3")   # the last box: both fill in by themselves
    assert one.value.startswith('<p style="font-size:1.1em;overflow-wrap:anywhere">You said 1/5. The exact answer is '
                                "1/17 = 0.059. 600 simulated deals gave 0.06. The simulated share pools")
    assert "You said 3. The exact answer is 3. 600 simulated deals gave 3.04. 3 snaps is the average" in two.value


def test_snap_run_all_with_one_prediction_locked_in_leaves_no_answer_in_any_widget():
    """Failed before: after Run All and Prediction 1 alone locked in, the stored widget state held
    Prediction 1's reveal, "The exact answer is 1/17 = 0.059" (and Prediction 2's alone: "is 3")."""
    for box, forms in (("first_guess", P1_FORMS), ("count_guess", P2_FORMS)):
        _, _, widgets = lock_only_run(SNAP, box)
        reveals = [m["state"]["value"] for m in widgets.values() if m.get("model_name") == "HTMLModel"
                   and "catcards-predict-reveal" in m["state"].get("_dom_classes", [])]
        assert len(reveals) >= 2, box
        everything = json.dumps(widgets)
        assert "The exact answer" not in everything and "You said" not in everything, box
        assert not [f for f in (*P1_FORMS, *P2_FORMS) if f in "\n".join(reveals)], (box, reveals)
    nb0 = stored(SNAP)
    assert "**kept_back(\"snap/one-turn\")" in nb0.cells[reveal_cell(nb0, "first_guess")].source


# ---- 3. Snap's half-right feedbacks: what is right, and a question for the rest

HALF_RIGHT = {
    # (exercise, answer): (what it says is right, the half it must not give)
    ("snap/dinohistoria-snaps", "220/54"): ("your chance of a snap for one pair is right", ("54 ", "have 54", "54 pairs")),
    ("snap/dinohistoria-snaps", "270/55"): ("your number of neighbouring pairs is right", ("4/54", "4 of the", "54 cards")),
    # lessons59b: in the lesson's words (the cards on top), not "still to come" or "already turned"
    ("snap/dinohistoria-after-two-snaps", "2/55"): ("the 2 is right", ("52", "three")),
    ("snap/dinohistoria-after-two-snaps", "2/53"): ("the 2 is right", ("52", "three")),
}


@pytest.mark.parametrize("key, answer", list(HALF_RIGHT))
def test_snap_half_right_feedback_names_the_right_half_and_asks_about_the_other(key, answer):
    """Failed before: "55 cards in a row have 54", "4 of the other 54 cards share its number", "the
    next card comes from 52", "52 are left": each gave the missing half, so the answer."""
    right, missing = HALF_RIGHT[(key, answer)]
    said = exercise(key).check(answer, show=False).message
    assert said.startswith(f"Not yet: {right}. But ") and "?" in said, said
    assert not [m for m in missing if m in said], said
    # the answer itself is not in it either
    assert not [a for a in ("4 snaps", " 4.", "2/52", "1/26") if a in said], said


def test_snap_after_one_snap_feedback_asks_how_many_are_left_instead_of_saying_2():
    """Failed before: "... on the table, so only 2 are left." gave the top of the fraction."""
    said = exercise("snap/dinohistoria-after-two-snaps").check("3/53", show=False).message
    # lessons59b: the cards on top, as the lesson says it ("on the table" held every card turned)
    assert said == ("Not yet: 3/53 is the chance after ONE snap. After two snaps in a row, how many cards "
                    "of that number are on top? So how many of the five are not?")


def test_guard_the_teachers_edition_of_a_lesson_shows_the_kept_back_answers(tmp_path):
    """A guard (passed before, when kept_back gave everything): the --run edition marks its boxes
    locked in by their value, not through the record kept_back asks, so its mark_all_solved must
    open the texts, or the edition's reveals and workings would say "Lock in ..."."""
    from test_class_kit import _toy_lesson, text_of

    from catcards.cli import main

    notebooks = tmp_path / "notebooks"
    _toy_lesson(notebooks,
                'from catcards.widgets.predict import Predict\nfrom catcards.exercises import kept_back\n'
                'first = Predict("Chance of a snap?", key="snap/one-turn")\nfirst',
                'count = Predict("Snaps a pass?", kind="number", unit="snaps", key="snap/snaps-per-pass")\ncount',
                'first.reveal(exact=1, simulated=0.06, games=600, trial="deal", **kept_back("snap/one-turn"))',
                'print(kept_back("snap/why-one-turn"))')
    main(["kit", str(tmp_path / "run"), "--no-pdf", "--run", "--notebooks", str(notebooks)])
    ran = text_of((tmp_path / "run" / "toy-teacher.html").read_text())
    assert "The simulated share pools all 51 turns of each of the 600 deals." in ran
    assert "Wildcat: P(snap on a turn) = 3/51 = 1/17, about 0.059" in ran
    assert "This answer comes after" not in ran and "Lock in your other predictions" not in ran
