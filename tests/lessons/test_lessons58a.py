"""A teacher's read (teach57b) of snap.ipynb and cat-days.ipynb, fixed in lessons58a.

1. Snap: "No snap at all in a whole pass has a chance of about 4.5%." stood in the text below
   Prediction 2's reveal, and the cell under it printed "P(no snap in a whole deck) = 0.045476"
   before any lock-in. With the shortcut of "Independent turns, or not?" (the chance of no snap on
   one turn, multiplied 51 times) a keen student solves (1 - p)^51 = 0.045 for p = 0.059: the
   answer to Prediction 1. And the cells of section 2 waited only for their own box: locking in
   Prediction 2 alone printed "Each of them snaps with chance 1/17" (Prediction 1's answer);
   locking in Prediction 1 alone printed (16/17)^51 (51 turns of 1/17: Prediction 2's working).
   Section 2's cells now wait for both predictions.
2. Cat Days, Lesson 1 (text cell 11): "the cards you have drawn ... are a random set of 4 + k of
   the 34 cards" gave the working, (4 + k) / 34, before the lock-in. The text now says what k is;
   the cell that waits prints the "random set" sentence after the lock-in.
3. Cat Days, Lesson 2: "at least one of 3 intervals would still miss about 1 time in 7 (0.14)",
   1 - 0.95^3, holds only if the three intervals miss independently of each other. The lesson
   now says so in plain words (they are: three runs of separate games, each with its own seeds).
4. Words a 16-year-old may not know, said plainly where first used.

Each test failed before the fix (lessons58a's report says how).
"""
from __future__ import annotations

import re

import nbformat

from catcards.exercises import exercise, kept_back
from test_lessons import (LOCK_FIRST, NOTEBOOKS, locked_in, output_texts, reveal_cell, run, shown_texts,
                          waiting_cells)

SNAP = NOTEBOOKS / "snap.ipynb"
CAT_DAYS = NOTEBOOKS / "cat-days.ipynb"


def stored(path):
    return nbformat.read(path, as_version=4)


def flat(text: str) -> str:
    return " ".join(text.split())


def markdown(path) -> list[str]:
    return [flat(c.source) for c in stored(path).cells if c.cell_type == "markdown"]


def lock_only(path, box: str):
    """Run All, lock in ``box`` only (typed "1/2"), then run again every cell that waits for a
    lock-in. Returns the outputs of the cells run again, by their index in the stored notebook."""
    nb0 = stored(path)
    waiting = waiting_cells(nb0)
    nb, _, _ = run(path, then=(f'{box}.field.value = "1/2"\n{box}.lock()', *(nb0.cells[i].source for i, _ in waiting)))
    start = len(nb0.cells) + 1
    return {i: output_texts(nb.cells[start + k]) for k, (i, _) in enumerate(waiting)}


# ---- 1. Snap: the chance of no snap in a pass, and section 2, wait for both predictions

#: the chance of no snap in a whole pass (0.045476), in the forms a lesson may say it: with the
#: shortcut (1 - p)^51 it gives Prediction 1's answer
NO_SNAP_FORMS = ("4.5%", "4.55%", "0.045", "0.0455", "0.0454", "(16/17)^51")


def test_snap_says_no_chance_of_no_snap_before_the_lock_in():
    said = " ".join(markdown(SNAP))
    assert not [form for form in NO_SNAP_FORMS if form in said], said
    assert "about 4.5%" not in said and "no snap at all" in said.lower()
    nb0 = stored(SNAP)
    nb, _, widgets = locked_in(SNAP)
    before = "\n".join(output_texts(nb.cells[i]) for i in range(len(nb0.cells)))   # Run All, nothing locked in
    assert not [form for form in NO_SNAP_FORMS if form in before], [form for form in NO_SNAP_FORMS if form in before]
    assert "no snap in a whole" not in before
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert "exact chance of no snap in a whole pass: 0.0455" in after, after


def test_snap_section_2_waits_for_both_predictions():
    nb0 = stored(SNAP)
    section_2 = [i for i, c in enumerate(nb0.cells)
                 if c.cell_type == "code" and ("kept_back(\"snap/why-snaps-per-pass\")" in c.source
                                               or "mean snaps per pass" in c.source
                                               or "kept_back(\"snap/no-snap-shortcut\")" in c.source)]
    assert len(section_2) == 3
    for i in section_2:
        assert "elif first_guess.value is None:" in nb0.cells[i].source, i
    # Prediction 2 locked in alone: nothing of Prediction 1's answer (1/17, 3/51, 0.059) or of the
    # chance of no snap that leads back to it
    outputs = lock_only(SNAP, "count_guess")
    shown = "\n".join(outputs[i] for i in section_2)
    p1 = ("1/17", "3/51", "0.059", "/17", *NO_SNAP_FORMS)
    assert not [form for form in p1 if form in shown], shown
    for i in section_2:
        assert "Lock in your Prediction 1 above too, then run this cell again." in outputs[i], outputs[i]
    # Prediction 1 locked in alone: nothing of Prediction 2's answer (3 snaps) or its working (51 x,
    # 16/17 fifty-one times)
    outputs = lock_only(SNAP, "first_guess")
    shown = "\n".join(outputs[i] for i in section_2)
    assert not [form for form in ("3 snaps", "51 x", "(16/17)^51", "0.0455") if form in shown], shown
    for i in section_2:
        assert LOCK_FIRST in outputs[i], outputs[i]


# ---- 2. Cat Days: "a random set of 4 + k of the 34 cards" waits for the lock-in

CAT_DAYS_WORKING = ("random set", "equally likely", "4 + k of the 34", "each of the 34 cards")


def test_cat_days_text_above_the_reveal_gives_no_working():
    nb0 = stored(CAT_DAYS)
    at = reveal_cell(nb0, "demanding")
    above = [flat(c.source) for c in nb0.cells[:at] if c.cell_type == "markdown"]
    assert not [w for text in above for w in CAT_DAYS_WORKING if w in text.lower()], above
    lesson_1 = next(text for text in above if text.startswith("## Lesson 1"))
    # k is said before it is used
    assert "We write k for the number of cards you have drawn since then." in lesson_1, lesson_1
    assert lesson_1.index("We write k") < lesson_1.index("4 + k")
    nb, _, widgets = locked_in(CAT_DAYS)
    before = "\n".join(output_texts(nb.cells[i]) for i in range(at))
    assert not [w for w in CAT_DAYS_WORKING if w in before.lower()]
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert ("Whatever your opponent does, the cards you have drawn are a random set of 4 + k of the 34 cards."
            in after), after


# ---- 3. Cat Days: at least one of three 95% intervals misses, if they miss independently

def test_cat_days_says_the_three_intervals_are_independent_where_it_multiplies_their_chances():
    nb0 = stored(CAT_DAYS)
    cell = next(i for i, c in enumerate(nb0.cells) if "read_together(" in c.source)
    # the comment, its lines read as one: why the chances multiply
    code = flat(re.sub(r"^\s*# ?", "", nb0.cells[cell].source, flags=re.M))
    assert "0.95^3" in code and "separate games with their own seeds, so the three intervals are independent" in code
    text = flat(nb0.cells[cell + 1].source)
    assert ("The three rows play separate games, each with its own seeds. So they are independent: whether one "
            "interval misses does not change the chance that another misses.") in text, text
    assert "0.95 x 0.95 x 0.95 = 0.857" in text and "1 - 0.857 = 0.143" in text and "about 1 time in 7" in text
    assert round(0.95 ** 3, 3) == 0.857 and round(1 - 0.95 ** 3, 3) == 0.143 and round(1 / (1 - 0.95 ** 3)) == 7
    # the same run prints the chance in the sentence the text explains
    nb, _, widgets = locked_in(CAT_DAYS)
    assert "at least one of 3 intervals would still miss about 1 time in 7 (0.14)" in output_texts(nb.cells[cell])
