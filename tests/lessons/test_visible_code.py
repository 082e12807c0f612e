"""Students see the code cells in JupyterLab: nothing they can read before a prediction is locked
in (a code cell's source with its comments, a text cell, an output of Run All) may give that
prediction's answer, its value or its direction away. A teacher's read (lessons57b) found the
working and the answers in visible code and text of snap, cat-days and simons-cat-probability:
snap's "3 of the 51 other cards share its number", ``axhline(1 / 17, label="exact 1/17")``,
"51 x 1/17 = 3", ``Fraction(copies - 2, 50)``, "your average: 3.1 snaps a pass" before the lock-in,
and "They are not independent" above Prediction 3; cat-days' "(4 + k) / 34" and "less than half
the time" in visible code, and "(33/34)^14 ... more likely to be it" and "always too low" in the
text below the reveal; simons-cat-probability's "set aside with chance r/36",
``ax.plot(r, r / 36)``, ``p_both = p_cat4_opens`` and "A Cat opens when the Cats below it are all
set aside and it is not" (B = 1) above the choice, and e-notation in a visible dict.

The cells that answer wait for the lock-in (``if <box>.value is None:``) and print texts kept in
``catcards/exercises/<game>.py`` (:func:`catcards.exercises.kept_back`); these tests read the
stored notebooks and one run of each (Run All, then the lock-in and the waiting cells again,
shared with test_lessons.py through :func:`locked_in`)."""
from __future__ import annotations

import re

import nbformat
import pytest

from catcards.exercises import _kept_value as kept_back   # the text itself (kept_back gives it after the lock-in)
from test_lessons import LOCK_FIRST, NOTEBOOKS, locked_in, output_texts, reveal_cell, waiting_cells

#: what no code cell's source, no text cell and no output before the lock-in may hold, per lesson:
#: the answers in the forms the lessons print them, their working, and sentences giving a
#: prediction's direction
GIVEN_AWAY = {
    # lessons62b: the mini deck's exact chance, "724/1485 = 0.4875", and a chart with the exact line
    # under 0.5 showed before the lock-in: the prediction's direction ("less than half")
    "big-cat.ipynb": ("724/1485", "0.4875", "0.487", "less than half", "under half", "below half", "a little less"),
    "snap.ipynb": (
        "1/17", "1 / 17", "3/51", "16/17", "16 / 17", "2/50", "3/50", "copies - 2", "copies - 1", "51 x",
        "3 of the 51 other cards", "exact 3", "exact: 3", "<= 3 <=", "axhline(3", "a snap really does make",
        "makes the next one less likely", "They are not independent", "not independent", "depends on the cards",
        "changes what is left", "only a little", "A little below", "They do: see below",
    ),
    "cat-days.ipynb": (
        "(4 + k) / 34", "(4 + k)/34", "C(33, 4 + k)", "14/34", "7/17", "less than half", "(33/34)^14",
        "(33/34)^{14}", "more likely to be it", "always too low", "not independent", "set_ylim(0, 0.5)",
        "cards drawn / 34",
    ),
    # lessons62 (a teacher's read): section 2's waiting cell printed the working from its visible code,
    # "P(holds) = 1 - P(no good card) = 1 - C(U - K, h) / C(U, h)" and "1 - C({38 - K}, 5) / C(38, 5)"
    "card-game.ipynb": (
        "C(U - K, h)", "C(U, h)", "1 - C(", "C(38", "comb(38", "P(no good card)", "hypergeometric",
    ),
    "simons-cat-probability.ipynb": (
        "r/36", "r / 36", "(r - 1)/35", "r * (r - 1)", "r(r-1)", "16/36", "4/9", "4/7", "20/35",
        "p_both = p_cat4_opens", "opens when the Cats below it", "1 minus the Cat 3", "Cat 4 opens) = 1",
        "Wilson",
    ),
}
#: and what no output may hold before the lock-in (the cell's code may name it: it prints it after)
NOT_BEFORE_THE_LOCK_IN = {"snap.ipynb": ("your average:", "students' averages from", "snaps in your 10 passes")}
LESSONS = sorted(GIVEN_AWAY)
E_NOTATION = re.compile(r"\d(\.\d+)?e[+-]\d")


def stored(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def found(text: str, words) -> list[str]:
    return [w for w in words if w in text]


#: the lessons whose visible code is read (not run) here too: pairs (a teacher's read, lessons61:
#: its cells that wait said why in their comments, "the small boards rise by about 1.6 turns a
#: pair, to its answer", "q = 0.1 a ceiling just above it": 8 x 1.6 is near the answer, 12.39)
READ_ONLY = {"pairs.ipynb": ("1.6 turns a pair", "1.55", "12.39", "ceiling just above", "gives about its answer")}


@pytest.mark.parametrize("name", LESSONS + sorted(READ_ONLY))
def test_no_code_cell_and_no_text_cell_gives_an_answer_away(name):
    nb = stored(name)
    words = GIVEN_AWAY.get(name) or READ_ONLY[name]
    given = {i: found(c.source, words) for i, c in enumerate(nb.cells)}
    assert not {i: g for i, g in given.items() if g}, name
    # "answer" comments of the cells that wait are neutral: "# waits for ..."
    for i, box in waiting_cells(nb):
        first = nb.cells[i].source.split(f"if {box}.value is None:", 1)[1].split("\n", 1)[0]
        assert "answer" not in first and "no prediction yet" not in first, (name, i, first)


#: the only comments a line that waits may carry (``if <box>.value is None:``, ``elif ...``, or
#: ``if <box>.value is not None:``): they say what the cell waits for, never why
WAITING_COMMENT = re.compile(r"# (waits|and) for (the prediction( after a snap| at the top)?|Predictions? [12]( and [12])?)"
                             r"|# after the prediction")
WAITING_LINE = re.compile(r"^\s*(?:el)?if \w+\.value is (?:not )?None\b[^#\n]*:[ \t]*(#[^\n]*)?$", re.M)


@pytest.mark.parametrize("name", sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")))
def test_every_lessons_waiting_lines_say_only_what_they_wait_for(name):
    """A teacher's read (lessons61): pairs' waiting cells said why they waited ("the small boards
    rise by about 1.6 turns a pair, to its answer"); big-cat, card-game, explore and simons-cat still
    did ("the line for K = 5 ends at bluff rate 1 on its answer": the method). In every lesson the
    comment of a line that waits is "# waits for the prediction" (or names the box: "# waits for
    Prediction 1", "# and for Prediction 2", "# and for the prediction at the top")."""
    nb = stored(name)
    comments = [(i, m.group(1)) for i, c in enumerate(nb.cells) if c.cell_type == "code"
                for m in WAITING_LINE.finditer(c.source) if m.group(1)]
    assert not [(i, c) for i, c in comments if not WAITING_COMMENT.fullmatch(c.rstrip())], name
    if name in ("big-cat.ipynb", "card-game.ipynb", "explore.ipynb", "simons-cat.ipynb", "pairs.ipynb"):
        assert {c for _, c in comments} <= {"# waits for the prediction", "# after the prediction"} and comments


def kept_back_texts(nb) -> dict[str, list[str]]:
    """For each text a lesson prints with ``kept_back(...)``: its lines without ``{fields}`` (the
    cell fills those in with ``str.format``)."""
    keys = dict.fromkeys(re.findall(r'kept_back\("([^"]+)"\)', "\n".join(c.source for c in nb.cells if c.cell_type == "code")))
    texts = {key: kept_back(key) for key in keys}
    return {key: [line for line in text.split("\n") if line.strip() and "{" not in line]
            for key, text in texts.items() if isinstance(text, str)}


def test_the_lessons_print_their_working_from_kept_back_texts():
    assert {name: sorted(kept_back_texts(stored(name))) for name in LESSONS} == {
        "big-cat.ipynb": ["big-cat/mini-deck-exact"],
        "card-game.ipynb": ["card-game/how-to-count"],
        "snap.ipynb": ["snap/next-after-a-snap", "snap/no-snap-shortcut", "snap/shortcut-came-close", "snap/whole-games",
                       "snap/why-one-turn", "snap/why-snaps-per-pass"],
        "cat-days.ipynb": ["cat-days/independent-draws", "cat-days/plan-by-draw-k", "cat-days/why-by-draw-k"],
        "simons-cat-probability.ipynb": ["simons-cat/which-card-opens", "simons-cat/why-cat-3-aside",
                                         "simons-cat/why-one-line"],
    }
    # the working is exactly right (the lesson's own functions agree with the texts)
    from fractions import Fraction

    from catcards.analysis.snap import expected_snaps, snap_chance
    from catcards.exercises.snap import next_turn_chances
    from catcards.exercises.simons_cat import two_question_answers

    assert snap_chance("wildcat") == Fraction(3, 51) == Fraction(1, 17) and expected_snaps(52) == 51 * Fraction(3, 51) == 3
    assert next_turn_chances() == (Fraction(2, 50), Fraction(3, 50))
    assert two_question_answers(4, hand_size=5) == (Fraction(20, 35), 1)
    from math import comb

    from catcards.analysis.card_game import p_holds

    how = kept_back("card-game/how-to-count")
    for K in range(6):
        none, holds = comb(38 - K, 5), 1 - Fraction(comb(38 - K, 5), comb(38, 5))
        assert holds == p_holds(5, 38, K)
        cards = "card" if K == 1 else "cards"
        assert (f"K = {K} good {cards} unseen: P(holds) = 1 - C({38 - K}, 5) / C(38, 5) "
                f"= 1 - {none:,} / {comb(38, 5):,} = {float(holds):.3f}\n") in how + "\n", K


@pytest.mark.parametrize("name", LESSONS)
def test_nothing_before_the_lock_in_gives_an_answer_away_and_the_kept_back_texts_show_after_it(name):
    nb0 = stored(name)
    nb, _, _ = locked_in(NOTEBOOKS / name)
    before = {i: output_texts(nb.cells[i]) for i in range(len(nb0.cells))}   # Run All, nothing locked in
    given = {i: found(text, GIVEN_AWAY[name] + NOT_BEFORE_THE_LOCK_IN.get(name, ())) for i, text in before.items()}
    assert not {i: g for i, g in given.items() if g}, name
    texts = kept_back_texts(nb0)
    printed_before = [(key, line) for key, lines in texts.items() for line in lines
                      for text in before.values() if line in text]
    assert not printed_before, printed_before
    for i, _ in waiting_cells(nb0):
        assert LOCK_FIRST in before[i], (name, i)
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    missing = [(key, line) for key, lines in texts.items() for line in lines if line not in after]
    assert not missing, missing


def test_snap_section_4_shows_the_passes_and_the_averages_only_after_prediction_2():
    nb0 = stored("snap.ipynb")
    own = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("from catcards.lessons import class_member"))
    chart = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("class_seeds = "))
    assert (chart, "count_guess") in waiting_cells(nb0) and own < chart
    nb, _, _ = locked_in(NOTEBOOKS / "snap.ipynb")
    before = output_texts(nb.cells[own]) + output_texts(nb.cells[chart])
    assert "snaps in your 10 passes" not in before and "your average:" not in before and "averages from" not in before
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert re.search(r"snaps in your 10 passes: \d+(, \d+){9}\n", after) and re.search(r"your average: \d\.\d snaps a pass", after)
    assert re.search(r"students' averages from \d\.\d to \d\.\d", after) and "the exact 3" in after


def test_the_text_before_prediction_3_does_not_say_whether_the_turns_depend():
    """Snap: "They are not independent ... each card turned changes what is left" and "Each turn
    depends on the cards already turned, but only a little" stood above Prediction 3 (plan: minute
    38); "only a little" was also wrong (a third less right after a snap). Why (16/17)^51 is close
    (snaps are rare) is printed after Prediction 3's lock-in."""
    nb0 = stored("snap.ipynb")
    box = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("after_snap_guess = Predict("))
    above = " ".join(" ".join(c.source for c in nb0.cells[:box]).split())
    for words in ("not independent", "without replacement", "depends on the cards", "only a little", "not put back"):
        assert words not in above, words
    nb, _, _ = locked_in(NOTEBOOKS / "snap.ipynb")
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert "The dependence is not weak: right after a snap the chance drops by a third (2/50 instead of 3/50)." in after
    assert "But snaps are rare, and a pass with no snap never has a turn right after a snap." in after


def test_the_opening_rule_waits_for_the_two_questions_choice():
    nb0 = stored("simons-cat-probability.ipynb")
    box = next(i for i, c in enumerate(nb0.cells) if c.source.startswith("two_questions = Predict("))
    said = " ".join(" ".join(c.source for c in nb0.cells[:reveal_cell(nb0, "two_questions")]).split())
    assert "all set aside and it is not" not in said and "j-1" not in said and box < reveal_cell(nb0, "two_questions")
    nb, _, _ = locked_in(NOTEBOOKS / "simons-cat-probability.ipynb")
    after = "\n".join(output_texts(c) for c in nb.cells[len(nb0.cells):-1])
    assert "A: P(Cat 4 opens | Cat 3 aside) = 4/7 = 0.571\nB: P(Cat 3 aside | Cat 4 opens) = 1\n" in after
    assert "Why B is 1: a Cat opens when the Cats below it are all set aside and it is not." in after


def test_the_big_run_is_quoted_as_one_game_in_n():
    nb0 = stored("simons-cat-probability.ipynb")
    cell = next(c.source for c in nb0.cells if c.source.startswith("# quoted from benchmarks"))
    assert "big_run = {3: (1441, 132, 146, 143), 4: (117, 1427, 2048, 1455)" in cell and not E_NOTATION.search(cell)


#: the lessons whose figures are held to the projector size here (not card-game: its calibration
#: chart is 7 x 6 inches, near square for its y = x diagonal)
FIGURE_SIZED = ("cat-days.ipynb", "simons-cat-probability.ipynb", "snap.ipynb")


@pytest.mark.parametrize("name", FIGURE_SIZED)
def test_every_figure_is_at_least_the_lessons_projector_size(name):
    """cat-days' Grumpy Cat figure was 6.5 x 3.4 inches (about 780 x 480 px with the lessons' style)
    where the others are 9 x 5 (catcards.plotstyle): too small on a projector."""
    from catcards.plotstyle import STYLE

    width, height = STYLE["figure.figsize"]
    sizes = re.findall(r"figsize=\(([\d.]+), ([\d.]+)\)", "\n".join(c.source for c in stored(name).cells))
    assert not [s for s in sizes if float(s[0]) < width - 0.5 or float(s[1]) < height], sizes


def test_the_simons_cat_figure_tells_the_player_counts_apart():
    """simons-cat-probability section 1: four shapes at ms=4 in one colour per event: on a projector
    the player counts could not be told apart. Each player count now has its own colour-blind-safe
    colour (Okabe-Ito) and shape, at 10 points."""
    cell = next(c.source for c in stored("simons-cat-probability.ipynb").cells if "looks = {" in c.source)
    looks = dict((int(n), (m, col)) for n, m, col in re.findall(r'(\d): \("([^"]+)", "(#[0-9A-F]{6})"\)', cell))
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert sorted(looks) == [3, 4, 5, 6]
    assert len({m for m, _ in looks.values()}) == len({c for _, c in looks.values()}) == 4
    assert {c for _, c in looks.values()} <= okabe_ito and "ms=10" in cell and "ms=4" not in cell


def test_a_cell_that_waits_for_one_more_box_says_which_and_where_it_is():
    """A teacher's read (lessons61): snap's "Lock in your Prediction 2 above too" did not say what
    "too" and "above" meant (the cell may be far below the box, and the box just above it may be
    another). It says which box is locked in, and where the other one is; no lesson text, no cell
    and no exercise text says "above too"."""
    from pathlib import Path

    import catcards.exercises

    texts = {path.name: path.read_text(encoding="utf-8") for path in sorted(NOTEBOOKS.glob("*.ipynb"))}
    texts |= {path.name: path.read_text(encoding="utf-8")
              for path in sorted(Path(catcards.exercises.__file__).parent.glob("*.py"))}
    assert not [name for name, text in texts.items() if "above too" in text]
    code = "\n".join(c.source for c in stored("snap.ipynb").cells if c.cell_type == "code")
    assert code.count('print("Prediction 1 is locked in. Now lock in your Prediction 2 (the second box at the top), '
                      'then run this cell again.")') == 4
    assert code.count('print("Prediction 2 is locked in. Now lock in your Prediction 1 (the first box at the top), '
                      'then run this cell again.")') == 6
    # the cell under "Work it out" waits for both too (teach61); with neither locked in it says so
    assert code.count('print("Predictions 1 and 2 are not locked in yet. Lock in both (the two boxes at the top), '
                      'then run this cell again.")') == 1
    assert "Now lock in your Predictions 1 and 2" not in code
