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


# ---- 4. Words a 16-year-old may not know, said where first used

#: for each lesson: a word, and the words that say what it means, in the first text cell that uses it
DEFINED = {
    "snap.ipynb": {
        "independent": "Independent means that what happens on one turn does not change the chances on another.",
        "seed": "A seed is a number that fixes the shuffles: the same seed always gives the same decks.",
        "expect": "(**Expect** means on average, over many shuffled decks.)",
        "seat": "(a seat is a player's place at the table: seat 0 and seat 1)",
        "pool": "A real class pools (puts together) everyone's games",
        "densit": "A density is a curve over the reaction times: the higher it is at a time, the more often a "
                  "reaction lands near that time.",
        "integrat": "(adding up very thin slices of)",
        "continuous distribution": "(a continuous distribution, where a time can be any number of seconds,",
    },
    "cat-days.ipynb": {
        "95% interval": "a range worked out from the games that, in about 95 runs out of 100, holds the true win rate",
        "independent": "Independent means that one draw does not change the chances of another.",
        "seed": "a seed is a starting number for the shuffles: the same seed gives the same games on every computer",
        "seat": "seat 0 (the player who moves first)",
    },
}
#: words a lesson's text no longer uses: a plainer one says it
REPLACED = {"snap.ipynb": ("engine",), "cat-days.ipynb": ("engine", "legal")}


def test_each_hard_word_is_said_plainly_where_first_used():
    for name, words in DEFINED.items():
        texts = markdown(NOTEBOOKS / name)
        for word, meaning in words.items():
            first = next(t for t in texts if re.search(rf"\b{re.escape(word)}", t, re.I))
            assert meaning in first, (name, word, first)
    # cat-days printed "95% interval" under "Watch two computer players" before any text said what it is
    nb0 = stored(CAT_DAYS)
    duel = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("from catcards.probability import wilson_interval"))
    assert "95% interval" in nb0.cells[duel].source
    assert "95% interval: a range" in flat(nb0.cells[duel - 2].source), nb0.cells[duel - 2].source


def test_the_lessons_say_computer_not_engine_and_no_legal_move():
    """"engine" (the program that plays the game) and "legal move" are a developer's words: the
    figures' legends and the text say "600 deals", "the computer" and "any move the rules allow"."""
    for path in (SNAP, CAT_DAYS):
        nb0 = stored(path)
        said = [flat(c.source) for c in nb0.cells if c.cell_type == "markdown"]
        for word in REPLACED[path.name]:
            assert not [t for t in said if re.search(rf"\b{word}", t, re.I)], (path.name, word)
        assert any("(any move the rules allow)" in t for t in said) or path == SNAP
        labels = re.findall(r'label=f?"([^"]*)"', "\n".join(c.source for c in nb0.cells if c.cell_type == "code"))
        assert not [label for label in labels if "engine" in label], labels


def test_the_cat_days_working_says_what_c_means():
    """"C(33, 4 + k)" and "C(32, 10)" in the working after the lock-in and after a right answer:
    the count of ways to choose, said in words beside it."""
    assert "C(n, r) is the number of ways to choose r cards from n." in kept_back("cat-days/why-by-draw-k")
    why = exercise("cat-days/grumpy-cat-by-draw-6").why
    assert "C(34, 10) is the number of ways to choose 10 cards from 34" in why, why
    # the snap exercises' reasons in the lesson's words: averages add up; cards are not put back
    assert "Expectation" not in exercise("snap/dinohistoria-snaps").why
    assert "Averages add up" in exercise("snap/dinohistoria-snaps").why
    assert "without replacement" not in exercise("snap/dinohistoria-after-two-snaps").why
    assert "not put back" in exercise("snap/dinohistoria-after-two-snaps").why
