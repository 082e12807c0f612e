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

from catcards.exercises import exercise, _kept_value as kept_back   # the texts themselves, open or not
from test_lessons import (LOCK_FIRST, NOTEBOOKS, images, locked_in, output_texts, reveal_cell, run, shown_texts,
                          waiting_cells)

SNAP = NOTEBOOKS / "snap.ipynb"
CAT_DAYS = NOTEBOOKS / "cat-days.ipynb"


def stored(path):
    return nbformat.read(path, as_version=4)


def flat(text: str) -> str:
    return " ".join(text.split())


def markdown(path) -> list[str]:
    return [flat(c.source) for c in stored(path).cells if c.cell_type == "markdown"]


_LOCK_ONLY: dict = {}


def lock_only_run(path, box: str):
    """Run All, lock in ``box`` only (typed "1/2", or a choice box's first choice), then run again
    every cell that waits for a lock-in. Returns :func:`run`'s ``(nb, state, widgets)``; one run a
    lesson and box, kept for every test that reads it."""
    if (path, box) not in _LOCK_ONLY:
        nb0 = stored(path)
        waiting = waiting_cells(nb0)
        lock = f'{box}.field.value = {box}.field.options[0] if {box}.kind == "choice" else "1/2"\n{box}.lock()'
        _LOCK_ONLY[(path, box)] = run(path, then=(lock, *(nb0.cells[i].source for i, _ in waiting)))
    return _LOCK_ONLY[(path, box)]


def lock_only_cells(path, box: str) -> dict:
    """:func:`lock_only_run`: the cells run again after the lock-in, by their index in the stored
    notebook."""
    nb0 = stored(path)
    nb = lock_only_run(path, box)[0]
    start = len(nb0.cells) + 1
    return {i: nb.cells[start + k] for k, (i, _) in enumerate(waiting_cells(nb0))}


def lock_only(path, box: str):
    """:func:`lock_only_cells`' outputs as a student reads them, by the cell's index."""
    return {i: output_texts(cell) for i, cell in lock_only_cells(path, box).items()}


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
        assert "Prediction 2 is locked in. Now lock in your Prediction 1 (the first box at the top), then run this cell again." in outputs[i], outputs[i]
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
    # lessons62: the table ("Your turn (seat 0)") and the watched game's log said it first
    "pairs.ipynb": {"seat": "a seat is a player's place at the table, numbered from 0."},
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


# ==== lessons58c: a teacher's read (teach58) of snap.ipynb and cat-days.ipynb. Each test failed
# before its fix (the report of lessons58c says how).

def code_cell(nb0, text: str) -> int:
    """The index of the first code cell whose source holds ``text``."""
    return next(i for i, c in enumerate(nb0.cells) if c.cell_type == "code" and text in c.source)


def run_again(path) -> dict:
    """:func:`locked_in`: the cells that waited, run again after every box is locked in, by their
    index in the stored notebook."""
    nb0 = stored(path)
    waiting = waiting_cells(nb0)
    nb, _, _ = locked_in(path)
    start = len(nb0.cells) + len(dict.fromkeys(name for _, name in waiting))
    return {i: nb.cells[start + k] for k, (i, _) in enumerate(waiting)}


# ---- teach58 1. Snap: "Why this chance?" gave Prediction 2's working (51 x 1/17) while its box was open

def test_snap_why_one_turn_waits_for_both_predictions():
    """Cell "Why this chance?" waited for Prediction 1 only; once it was locked in it printed "3 of
    the 51 other cards share its number. Each of the 51 is equally likely ..." and the chart:
    51 x 1/17 = 3, Prediction 2's answer, with its box still open. It waits for both now, as the
    cells of section 2 do."""
    nb0 = stored(SNAP)
    cell = code_cell(nb0, 'kept_back("snap/why-one-turn")')
    assert (cell, "first_guess") in waiting_cells(nb0)
    assert "elif count_guess.value is None:   # and for Prediction 2" in nb0.cells[cell].source
    # Prediction 1 locked in alone: no working, no chart
    ran = lock_only_cells(SNAP, "first_guess")[cell]
    said = output_texts(ran)
    assert said == ("Prediction 1 is locked in. Now lock in your Prediction 2 (the second box at the top), then run this cell again.\n"
                    "(This working would give away Prediction 2's answer.)\n"), said   # teach58b 3
    assert images(ran.outputs) == 0
    # Prediction 2 locked in alone: it waits for Prediction 1, and says so
    said = lock_only(SNAP, "count_guess")[cell]
    assert said.startswith("Prediction 1 is not locked in yet. " + LOCK_FIRST + "\n(Waiting: "), said
    # both locked in: the working and the chart
    ran = run_again(SNAP)[cell]
    assert "3 of the 51 other cards share its number." in output_texts(ran) and images(ran.outputs) == 1
    # the text above it says it waits for both
    assert "The cell below shows the working once you have locked in both predictions." in flat(nb0.cells[cell - 1].source)


# ---- teach58 2. Snap: the Dinohistoria check called 55 x 1/11 = 5 just "too high"

def test_snap_dinohistoria_check_says_why_55_times_1_11_is_wrong():
    ex = exercise("snap/dinohistoria-snaps")
    # teach58b 2: the two corrections said together gave the answer (54 x 4/54 = 4): it asks now
    reason = ("1/11 counts the card itself: how many of the other 54 share its number? "
              "And how many neighbouring pairs do 55 cards make?")
    for wrong in ("5", "55/11", 5, "5 snaps", "5.0"):
        said = ex.check(wrong, show=False).message
        assert said == f"Not yet: {reason}", (wrong, said)
    assert ex.check("6", show=False).message.startswith("Not yet: too high")   # no reason known: as before


# ---- teach58 3. Snap: which box a waiting cell waits for

#: the boxes of the predictions at the top, by the number the lesson (and the worksheet) gives them
SNAP_BOXES = {"first_guess": "Prediction 1", "count_guess": "Prediction 2"}
#: where they are: the first and the second box at the top
PLACES = {"first_guess": "first", "count_guess": "second"}


def test_snap_waiting_cells_name_the_prediction_they_wait_for():
    """"Lock in your prediction above first" did not say which of the two boxes at the top. Each
    cell that waits for one says its number first ("Prediction 1 is not locked in yet."); the
    lessons' line that follows, :data:`LOCK_FIRST` and "(Waiting: ...)", stays as every lesson has
    it. The boxes are named where they are made."""
    nb0 = stored(SNAP)
    waits = [(i, box) for i, box in waiting_cells(nb0) if box in SNAP_BOXES]
    # the two reveals (teach58b), why one turn, section 2's three cells, the whole games, section 4;
    # and the watched game's snaps (lessons61c)
    assert len(waits) == 9, waits
    nb, _, _ = locked_in(SNAP)
    for i, box in waits:   # Run All, nothing locked in
        said = output_texts(nb.cells[i])
        source = nb0.cells[i].source
        assert f'print("{SNAP_BOXES[box]} is not locked in yet. {LOCK_FIRST}")' in source, i
        other = next(b for b in SNAP_BOXES if b != box)
        # lessons62c: a cell that waits for the other box too names it on this first run already
        too = (f"Lock in your {SNAP_BOXES[other]} (the {PLACES[other]} box at the top) too.\n"
               if f"elif {other}.value is None:" in source else "")
        assert said.startswith(f"{SNAP_BOXES[box]} is not locked in yet. {LOCK_FIRST}\n{too}(Waiting: "), (i, said)
        # a cell that waits for the other box too names it in its second message
        if f"elif {other}.value is None:" in source:
            # lessons61 (a teacher's read): "Lock in your Prediction 2 above too" did not say what "too"
            # and "above" meant: the box locked in, and where the other is
            assert (f"{SNAP_BOXES[box]} is locked in. Now lock in your {SNAP_BOXES[other]} (the "
                    f"{PLACES[other]} box at the top), then run this cell again.") in source, i
    ask = next(flat(c.source) for c in nb0.cells if c.source.startswith("## Before anything else"))
    assert "The first box below is Prediction 1, the second is Prediction 2." in ask
    for box, name in SNAP_BOXES.items():
        made = nb0.cells[code_cell(nb0, f"{box} = Predict(")].source
        assert f"# {name}\n{box} = Predict(" in made, made


# ---- teach58 4. Snap: "None: you work alone" in section 4's comment

def test_snap_section_4_says_no_class_pool_not_none():
    source = stored(SNAP).cells[code_cell(stored(SNAP), "member = class_member()")].source
    assert "# the class pool when your teacher runs one; no class pool: you work alone" in source
    assert "None:" not in source.split("member = class_member()", 1)[1].split("\n", 1)[0]


# ---- teach58 5. Snap: "A little below 1/17" read from one number (0.0556), without its interval

def test_snap_whole_games_rate_is_read_with_its_95_percent_interval():
    """The whole games printed "snaps per turn over whole games: 0.0556" and "A little below 1/17"
    from that one number. It prints the 95% interval beside it, and the sentence reads the
    interval: "below" only when the whole interval is below 1/17."""
    from catcards.batch.snap import simulate_snap
    from catcards.exercises.snap import whole_games_reading
    from catcards.probability import wilson_interval

    # in full sentences since teach58b 3 ("A little below 1/17:" did not start one)
    assert whole_games_reading(0.0549, 0.0564) == (
        "Whole games give slightly fewer snaps per turn than 1/17: the whole 95% interval lies below 0.0588.\n"
        "The card just after someone wins the pile lands on an empty pile, so it can never make a snap.")
    holds = whole_games_reading(0.0560, 0.0600)
    assert holds == ("The 95% interval holds 1/17 = 0.0588: these games cannot tell the whole games' "
                     "rate from the first pass's."), holds
    assert "below" not in holds
    assert whole_games_reading(0.0300, 0.0400).startswith(
        "Whole games give fewer snaps per turn than 1/17: the whole 95% interval lies below 0.0588.")
    assert whole_games_reading(0.0600, 0.0620) == (
        "Whole games give more snaps per turn than 1/17: the whole 95% interval lies above 0.0588.")
    for low, high in ((0.06, 0.05), ("a", 0.1), (float("nan"), 0.1), (True, 0.1)):
        try:
            whole_games_reading(low, high)
        except ValueError:
            continue
        raise AssertionError((low, high))
    # the lesson's own numbers: each turn one trial (Wilson), and the interval from whole games
    # (the games are independent; the turns of one game are not) lies below 1/17 too
    games = simulate_snap(games=3000, seed=1, players=2)
    snaps, turns = int(games["snaps_showing"].sum()), int(games["turns"].sum())
    low, high = wilson_interval(snaps, turns)
    s, t = games["snaps_showing"].to_numpy(float), games["turns"].to_numpy(float)
    ratio = snaps / turns
    half = 1.96 * (((s - ratio * t) ** 2).sum() / (len(s) * (len(s) - 1))) ** 0.5 / t.mean()
    assert high < 1 / 17 and ratio + half < 1 / 17 and abs(half - (high - low) / 2) < 0.0001
    cell = code_cell(stored(SNAP), 'kept_back("snap/whole-games")')
    said = output_texts(run_again(SNAP)[cell])
    assert (f"snaps per turn over whole games: {ratio:.4f}, 95% interval [{low:.4f}, {high:.4f}]\n"
            "the first pass, to compare: 1/17 = 0.0588\n"
            "Whole games give slightly fewer snaps per turn than 1/17: the whole 95% interval lies below "
            "0.0588.\n") in said, said
    assert "snaps per turn over whole games: 0.0556, 95% interval [0.0549, 0.0564]" in said


# ---- teach58 6. Cat Days: "right, too high or too low?" had no box, and its answer showed without one

def test_cat_days_shortcut_question_has_a_choice_box_and_the_table_waits_for_it():
    """"Does the shortcut give the right chance, one too high, or one too low? Think first." had no
    box: after Run All and the first lock-in, the table and "the 'independent' answer is always too
    low" stood under it. A choice box asks it; its reveal (kept back) and the table wait for it."""
    nb0 = stored(CAT_DAYS)
    ask = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("### Are the draws independent?"))
    box = code_cell(nb0, "shortcut_guess = Predict(")
    table = code_cell(nb0, 'kept_back("cat-days/independent-draws")')
    assert ask < box < reveal_cell(nb0, "shortcut_guess") < table
    made = flat(nb0.cells[box].source)
    assert 'kind="choice", choices=["right", "too high", "too low"], key="cat-days/shortcut", cells_wait=True)' in made
    assert "Think first" not in nb0.cells[ask].source
    assert "Lock in your answer in the box below." in flat(nb0.cells[ask].source)
    assert "shortcut_guess.reveal(**kept_back(\"cat-days/shortcut\"))" in nb0.cells[reveal_cell(nb0, "shortcut_guess")].source
    assert kept_back("cat-days/shortcut") == {
        "exact": "too low",
        "note": "Cards you draw are not put back: each card that is not the Demanding Cat leaves a smaller "
                "pile. The table below shows by how much."}
    assert (table, "shortcut_guess") in waiting_cells(nb0)
    assert "elif demanding.value is None:" in nb0.cells[table].source
    # Run All: the table waits
    nb, _, widgets = locked_in(CAT_DAYS)
    said = output_texts(nb.cells[table])
    assert said.startswith(LOCK_FIRST + "\n(Waiting: ") and "independent draws" not in said
    # the first prediction locked in alone: the table still waits for the choice
    said = lock_only(CAT_DAYS, "demanding")[table]
    assert said.startswith(LOCK_FIRST) and "independent draws" not in said and "too low" not in said, said
    # the choice locked in alone: the table waits for the first prediction (its row for 14 cards is 0.412)
    said = lock_only(CAT_DAYS, "shortcut_guess")[table]
    assert said == ("Lock in your prediction at the top too, then run this cell again.\n"
                    "(Waiting for the prediction at the top too: the table holds its answer.)\n"), said
    # both: the table and why
    said = output_texts(run_again(CAT_DAYS)[table])
    assert "independent draws (with replacement)" in said and "is always too low" in said
    # the reveal, after the lock-in ("right", the first choice): the answer and the note
    assert "You said right. The answer is: too low. Not what you predicted: why not? Cards you draw are not put back:" \
        in shown_texts(nb, widgets)


# ---- teach58 7-9. Cat Days: plain words, and the win counts say what they count

def test_cat_days_says_the_game_is_kept_in_memory_not_in_a_state_object():
    said = markdown(CAT_DAYS)
    step = next(t for t in said if t.startswith("## A game, step by step"))
    assert "The computer keeps the whole game (hands, weeks, draw pile) in memory." in step, step
    assert not [t for t in said if "*state*" in t or "object" in t]


def test_cat_days_counts_shared_wins_as_won_or_shared():
    """"sensible player won 292 of 300 games" counted the 2 games it shared. The sentence says "won
    or shared" (as Lesson 3's "wins or shares"), and the figures' axes say a shared win counts as a
    win, which is how their win rates are counted."""
    import catcards

    nb0 = stored(CAT_DAYS)
    cell = code_cell(nb0, "sensible_wins = ")
    assert 'print(f"sensible player won or shared {sensible_wins} of 300 games:' in nb0.cells[cell].source
    duel = catcards.simulate("cat-days", games=150, seed=1, agents=["random", "sensible"], progress=False)
    duel2 = catcards.simulate("cat-days", games=150, seed=2, agents=["sensible", "random"], progress=False)
    won_or_shared = int(duel["win_1"].sum() + duel2["win_0"].sum())
    shared = int((duel["win_0"] & duel["win_1"]).sum() + (duel2["win_0"] & duel2["win_1"]).sum())
    assert (won_or_shared, shared) == (292, 2)
    # a shared game sets both players' win: the win rates count it as a win for each
    for games in (duel, duel2):
        tied = games[games["score_0"] == games["score_1"]]
        assert bool((tied["win_0"] & tied["win_1"]).all())
    nb, _, _ = locked_in(CAT_DAYS)
    assert "sensible player won or shared 292 of 300 games: 97%" in output_texts(nb.cells[cell])
    # the figures' axes
    code = "\n".join(c.source for c in nb0.cells if c.cell_type == "code")
    assert "shared counts" not in code
    labels = re.findall(r'set_ylabel\("([^"]*)"\)', code)
    assert labels.count("win rate (a shared win counts as a win)") == 2, labels
    assert 'wins = int(a["win_0"].sum() + b["win_1"].sum())' in code
    assert 'seat0, seat1 = int(first["win_0"].sum()), int(first["win_1"].sum())' in code


def test_the_notes_say_what_the_teach58_cells_now_do():
    snap = flat((NOTEBOOKS / "teacher" / "snap.md").read_text(encoding="utf-8"))
    assert "(it waits for both Predictions 1 and 2:" in snap
    assert '"Prediction 1 is not locked in yet."' in snap
    assert '"Prediction 1 is locked in. Now lock in your Prediction 2 (the second box at the top), then run this cell again."' in snap
    assert "0.0556, interval [0.0549, 0.0564]: wholly below 0.0588" in snap and 'beside "1/17" (a little below it)' not in snap
    days = flat((NOTEBOOKS / "teacher" / "cat-days.md").read_text(encoding="utf-8"))
    assert "the class chooses whether the shortcut's chance is right, too high or too low, and locks it in" in days
    assert '"Lock in your prediction at the top too, then run this cell again."' in days


# ==== lessons58e: a teacher's re-read (teach58b) of snap.ipynb. Each test failed before its fix
# (the report of lessons58e says how).

#: Prediction 1's answer (1/17 = 3/51, 0.059) in the forms snap prints it, and the first pass's
#: chance the whole games are read against (0.0588)
P1_FORMS = ("1/17", "3/51", "0.059", "/17", "0.0588")
#: Prediction 2's answer (3 snaps) and its working, as snap prints them
P2_FORMS = ("The exact answer is 3", "3 snaps", "51 x", "(16/17)^51")


def shown_widget(cell, widgets) -> str:
    """The value of the widget a cell's output displays (a reveal's HTML), as the run stored it."""
    views = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"] for o in cell.outputs
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1, cell.outputs
    return widgets[views[0]]["state"]["value"]


def snap_reveals_and_whole_games(nb0) -> tuple[int, int, int]:
    """The cells of Prediction 1's reveal, Prediction 2's reveal and the whole games' rate."""
    return (reveal_cell(nb0, "first_guess"), reveal_cell(nb0, "count_guess"),
            code_cell(nb0, 'kept_back("snap/whole-games")'))


# ---- teach58b 1. Snap: the reveals of Predictions 1 and 2, and the whole games, wait for both

def test_snap_reveals_and_whole_games_wait_for_both_predictions():
    """Each reveal waited only for its own box: with Prediction 2 alone locked in, its reveal said
    "The exact answer is 3", and with "51 turns can snap" (the text under it) 3/51 = 1/17, the
    answer to Prediction 1; with Prediction 1 alone, its reveal said 1/17, and 51 x 1/17 = 3. The
    whole games printed 1/17 after Prediction 1 alone. They wait for both now, as the cells of
    section 2 do, and name the box they wait for."""
    nb0 = stored(SNAP)
    first, count, whole = snap_reveals_and_whole_games(nb0)
    waits = dict(waiting_cells(nb0))
    assert (waits.get(first), waits.get(count), waits.get(whole)) == ("first_guess", "count_guess", "first_guess")
    for i, other in ((first, "count_guess"), (count, "first_guess"), (whole, "count_guess")):
        assert f"elif {other}.value is None:" in nb0.cells[i].source, i
    # Prediction 2 locked in alone: no reveal, nothing of Prediction 1's answer or of the count's
    nb, _, _ = lock_only_run(SNAP, "count_guess")
    everything = "\n".join(output_texts(c) for c in nb.cells[:-1])
    assert "The exact answer" not in everything and "You said" not in everything
    outputs = lock_only(SNAP, "count_guess")
    assert outputs[first] == (f"Prediction 1 is not locked in yet. {LOCK_FIRST}\n"
                              "(Waiting: your Prediction 1 beside the exact answer and the 600 deals.)\n"), outputs[first]
    assert outputs[count] == ("Prediction 2 is locked in. Now lock in your Prediction 1 (the first box at the top), then run this cell again.\n"
                              "(This cell's numbers would give away Prediction 1's answer.)\n"), outputs[count]
    shown = "\n".join(outputs[i] for i in (first, count, whole))
    assert not [form for form in (*P1_FORMS, *P2_FORMS) if form in shown], shown
    # Prediction 1 locked in alone: no reveal, no 1/17 beside the whole games
    nb, _, _ = lock_only_run(SNAP, "first_guess")
    everything = "\n".join(output_texts(c) for c in nb.cells[:-1])
    assert "The exact answer" not in everything and "You said" not in everything
    outputs = lock_only(SNAP, "first_guess")
    for i in (first, whole):
        assert outputs[i] == ("Prediction 1 is locked in. Now lock in your Prediction 2 (the second box at the top), then run this cell again.\n"
                              "(This cell's numbers would give away Prediction 2's answer.)\n"), (i, outputs[i])
    assert outputs[count].startswith(f"Prediction 2 is not locked in yet. {LOCK_FIRST}\n(Waiting: "), outputs[count]
    shown = "\n".join(outputs[i] for i in (first, count, whole))
    assert not [form for form in (*P1_FORMS, *P2_FORMS) if form in shown], shown
    # both locked in, each cell run again: the reveals and the whole games' rate
    again, widgets = run_again(SNAP), locked_in(SNAP)[2]
    assert "You said 1/2. The exact answer is 1/17 = 0.059. 600 simulated deals gave" in shown_widget(again[first], widgets)
    assert "You said 1/2. The exact answer is 3. 600 simulated deals gave" in shown_widget(again[count], widgets)
    assert "the first pass, to compare: 1/17 = 0.0588" in output_texts(again[whole])
    # the text above each says it waits for both
    assert "(it shows once you have locked in both predictions)" in flat(nb0.cells[first - 1].source)
    assert "The cell below shows your prediction beside the answer once you have locked in both predictions." \
        in flat(nb0.cells[count - 1].source)
    assert "It compares them with the first pass once you have locked in both predictions." \
        in flat(nb0.cells[whole - 1].source)


# ---- teach58b 2. Snap: the check's feedback on 5 gave both corrections, so the answer

def test_snap_dinohistoria_check_asks_about_5_instead_of_correcting_both():
    ex = exercise("snap/dinohistoria-snaps")
    for wrong in ("5", "55/11", 5, "5 snaps", "5.0"):
        said = ex.check(wrong, show=False).message
        assert said == ("Not yet: 1/11 counts the card itself: how many of the other 54 share its number? "
                        "And how many neighbouring pairs do 55 cards make?"), (wrong, said)
        assert "4 of the other" not in said and "54 neighbouring pairs" not in said and "4/54" not in said


# ---- teach58b 3. Snap: waiting words, "Prediction 3", and the whole games' sentence

def test_snap_waiting_words_say_which_answer_they_would_give_away():
    nb0 = stored(SNAP)
    code = {i: c.source for i, c in enumerate(nb0.cells) if c.cell_type == "code"}
    assert not [i for i, s in code.items() if "Waiting for Prediction" in s or "lead back to its chance" in s]
    # teach61: "These numbers" named nothing on screen (the cell's numbers are not shown yet)
    assert not [i for i, s in code.items() if "These numbers would give away" in s]
    gives_1 = [i for i, s in code.items() if 'print("(This cell\'s numbers would give away Prediction 1\'s answer.)")' in s]
    gives_2 = [i for i, s in code.items() if 'print("(This cell\'s numbers would give away Prediction 2\'s answer.)")' in s]
    first, count, whole = snap_reveals_and_whole_games(nb0)
    work = code_cell(nb0, 'kept_back("snap/next-after-a-snap")')
    # the count's reveal, section 2's three cells, the cell under "Work it out" (teach61), section 4
    assert count in gives_1 and work in gives_1 and len(gives_1) == 6, gives_1
    assert gives_2 == [first, whole, work], gives_2
    why = code_cell(nb0, 'kept_back("snap/why-one-turn")')
    assert 'print("(This working would give away Prediction 2\'s answer.)")' in code[why]
    # students never see the name "Prediction 3": the choice box after a snap has no number
    assert not [i for i, s in code.items() if "Prediction 3" in s]
    assert "# waits for the prediction after a snap" in code[code_cell(nb0, 'kept_back("snap/next-after-a-snap")')]


def test_snap_whole_games_reading_starts_with_a_full_sentence():
    from catcards.exercises.snap import whole_games_reading

    assert whole_games_reading(0.0549, 0.0564) == (
        "Whole games give slightly fewer snaps per turn than 1/17: the whole 95% interval lies below 0.0588.\n"
        "The card just after someone wins the pile lands on an empty pile, so it can never make a snap.")
    assert whole_games_reading(0.0300, 0.0400) == (
        "Whole games give fewer snaps per turn than 1/17: the whole 95% interval lies below 0.0588.\n"
        "The card just after someone wins the pile lands on an empty pile, so it can never make a snap.")
    assert whole_games_reading(0.0600, 0.0620) == (
        "Whole games give more snaps per turn than 1/17: the whole 95% interval lies above 0.0588.")
    assert whole_games_reading(0.0560, 0.0600) == (
        "The 95% interval holds 1/17 = 0.0588: these games cannot tell the whole games' rate from the first pass's.")
    # the lesson's own games: slightly fewer
    said = output_texts(run_again(SNAP)[snap_reveals_and_whole_games(stored(SNAP))[2]])
    assert "Whole games give slightly fewer snaps per turn than 1/17" in said and "after a win" not in said, said
