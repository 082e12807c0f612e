"""Cat Trick, King of the Jungle and Simon's Cat keep their workings out of what a student reads
before the lock-in (a teacher's read, lessons57).

Students see code cells in JupyterLab: the code's source and comments count as text. Cat Trick's
cell above its reveal printed ``"P(no trump) = C(28, n) / C(34, n): ..."`` from visible code, and a
cell below said in a comment "28/34 x the chance given the lead, for 4 players, is its answer";
King of the Jungle's printed "P(k Lions) = C(4, k) x C(48, 13 - k) / C(52, 13)" and "P(at least one
Lion) =" from visible code above its reveal, and a text cell under the tricks figure (which waits
for the lock-in because it hints at the answer) wrote out its means, 2.33 to 4.88. The workings are
texts in each game's ``KEPT_BACK`` (:func:`catcards.exercises.kept_back`), printed by a cell that
waits for the lock-in. The tables show words as headers and no row numbers; the text says in words
what the code does.

The runs are those of ``tests/lessons/test_lessons.py`` (:func:`run`, :func:`locked_in`: one run
each per lesson and test session).
"""
from __future__ import annotations

import re

import nbformat
import pytest

from test_lessons import (LOCK_FIRST, NOTEBOOKS, ROW_NUMBERS, locked_in, output_texts, reveal_cell, run,
                          shown_texts, waiting_cells)

CAT_TRICK = NOTEBOOKS / "cat-trick.ipynb"
KING = NOTEBOOKS / "king-of-the-jungle.ipynb"
SIMONS_CAT = NOTEBOOKS / "simons-cat.ipynb"

#: what no code cell's source (comments too) may hold, and no text or output above the reveal:
#: the working of the prediction, a value that leads to it, or a comment naming what is its answer
WORKINGS = {
    CAT_TRICK: ("C(28", "C(34", "C(27", "C(33", "28/34", "27/33", "hypergeometric", "is its answer",
                "is near its answer", "show its answer", "20475/46376", "0.4415"),
    KING: ("C(4, k)", "C(48", "C(52", "P(at least one Lion) =", "P(k Lions)", "14498/20825", "0.6962",
           "answer the prediction", "lead to its answer", "hints at its answer", "6327/20825"),
}
#: what each working prints after the lock-in (the cell that waits for it)
AFTER_THE_LOCK_IN = {
    CAT_TRICK: ("P(no trump) = C(28, n) / C(34, n): the sets of n cards with no trump, out of all sets of n cards.",
                "4 players: C(28, 4) / C(34, 4) = 20,475 / 46,376 = 20475/46376 = 0.4415",
                "P(no trump | lead not trump) = C(27, n - 1) / C(33, n - 1)",
                "4 players: 28/34 x 2925/5456 = 20475/46376, which is P(no trump) above"),
    KING: ("P(k Lions) = C(4, k) x C(48, 13 - k) / C(52, 13)", "P(0 Lions) = 6327/20825 = 0.3038",
           "P(at least one Lion) = 14498/20825 = 0.6962",
           # the means and steps use the figure's rows only (at least 20 hands); failed before: "2.33, 3.34,
           # 3.96 and 4.88 for 0 to 3 Lions", the 3-Lions step resting on 17 hands the figure leaves out
           "The tricks won on average rise with each Lion: 2.33, 3.34 and 3.96 for 0 to 2 Lions "
           "(the rows with at least 20 hands, as in the figure).",
           "So here one more Lion wins you 0.6 to 1.0 more tricks on average, not always a whole one.",
           "Left out of the figure, too few hands to show a shape: 3 Lions (17 hands) and 4 Lions (3 hands).",
           "Too few hands to lean on: 3 Lions won 4.88 on average (only 17 hands); "
           "4 Lions won 6.67 on average (only 3 hands)."),
}
#: a table's column header in the code's snake_case ("win_rate", "points_per_hand"), or a code name
SNAKE_HEADER = re.compile(r"<th>\s*([a-z]+_[a-z_]+)\s*</th>")
#: the one-word code names a table showed as headers (cat-trick's and king-of-the-jungle's "low", "high",
#: king-of-the-jungle's "count" and "mean")
CODE_HEADERS = re.compile(r"<th>\s*(low|high|count|mean|lions)\s*</th>")


def code_and_comments(path) -> str:
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


@pytest.mark.parametrize("path", [CAT_TRICK, KING], ids=lambda p: p.name)
def test_no_code_cell_shows_the_working_or_names_the_answer(path):
    """Failed before: cat-trick's code held "C(28", "28/34" and "is its answer"; king-of-the-jungle's
    "C(4, k)", "P(at least one Lion) =" and "hints at its answer" (in its text)."""
    stored = nbformat.read(path, as_version=4)
    code = code_and_comments(path)
    assert not [w for w in WORKINGS[path] if w in code], [w for w in WORKINGS[path] if w in code]
    text = "\n".join(c.source for c in stored.cells if c.cell_type == "markdown")
    assert not [w for w in WORKINGS[path] if w in text], [w for w in WORKINGS[path] if w in text]
    # the cells that print a working read it from KEPT_BACK
    assert {"cat-trick.ipynb": 'print(kept_back("cat-trick/no-trump-working"))',
            "king-of-the-jungle.ipynb": 'print(kept_back("king-of-the-jungle/lions-working"))'}[path.name] in code


def test_the_king_of_the_jungle_text_leaves_the_tricks_means_to_the_waiting_cell():
    """Failed before: the text under the tricks figure said "2.33, 3.34, 3.96 and 4.88 ... 0.6 to 1.0
    more tricks", the answer to its own "Before you run it" question and numbers of the table that
    waits for the lock-in."""
    said = " ".join(c.source for c in nbformat.read(KING, as_version=4).cells if c.cell_type == "markdown")
    assert not [n for n in ("2.33", "3.34", "3.96", "4.88", "0.6 to 1.0", "17 and 3") if n in said]


def test_the_lessons_text_says_in_words_what_the_code_does():
    """Failed before: the text held `humans=(0, 1)`, `humans=()`, `view=0`, `players=3`, a Python
    snippet, "rulebook `cat-trick.txt`", "uses the `catcards` package", "A state shows itself",
    "hypergeometric" and "inclusion-exclusion"; king-of-the-jungle's bid cell caught the refusal
    with a visible try/except."""
    for path in (CAT_TRICK, KING, SIMONS_CAT):
        cells = nbformat.read(path, as_version=4).cells
        said = "\n".join(c.source for c in cells if c.cell_type == "markdown")
        code = [w for w in ("humans=", "view=0", "players=3", "```", "cat-trick.txt", "`catcards`", "A state ",
                            "hypergeometric", "inclusion-exclusion") if w in said]
        assert not code, (path.name, code)
    bids = next(c.source for c in nbformat.read(KING, as_version=4).cells if c.source.startswith("state = game.new_game(seed=1)"))
    assert "try:" not in bids and "except" not in bids and "[refused] =" not in bids


@pytest.fixture(scope="module", params=[CAT_TRICK, KING, SIMONS_CAT], ids=lambda p: p.name)
def lesson(request):
    path = request.param
    nb, _, widgets = run(path)
    return path, nb, widgets


def test_run_all_shows_no_working_above_the_reveal_and_the_lock_in_prints_it(lesson):
    """Failed before for its king-of-the-jungle tricks means and the "Left out" line (not printed
    anywhere); the Run All part held already."""
    path, nb, widgets = lesson
    if path not in WORKINGS:
        return
    stored = nbformat.read(path, as_version=4)
    before = shown_texts(nb, widgets)
    assert not [w for w in WORKINGS[path] if w in before], [w for w in WORKINGS[path] if w in before]
    at = reveal_cell(stored, {CAT_TRICK: "no_trump", KING: "any_lion"}[path])
    above = "\n".join(output_texts(nb.cells[i]) for i in range(at))
    assert "C(" not in above
    again, _, _ = locked_in(path)
    after = "\n".join(output_texts(c) for c in again.cells[len(stored.cells):-1])
    missing = [w for w in AFTER_THE_LOCK_IN[path] if w not in after]
    assert not missing and LOCK_FIRST not in after, (missing, after[-2000:])


def test_tables_show_words_as_headers_and_no_row_numbers(lesson):
    """Failed before: cat-trick's player table showed win_rate, low, high and row numbers 0 to 3, its
    no-trump table low and high after the lock-in; king-of-the-jungle's rule table win_rate, low,
    high, points_per_hand and row numbers, its Lions table count and mean."""
    path, nb, widgets = lesson
    stored = nbformat.read(path, as_version=4)
    runs = [("Run All", nb.cells[:-1])]
    if waiting_cells(stored):
        runs.append(("after the lock-in", locked_in(path)[0].cells[len(stored.cells):-1]))
    for name, cells in runs:
        html = "\n".join(o.get("data", {}).get("text/html", "") for c in cells for o in c.get("outputs", []))
        assert not SNAKE_HEADER.findall(html) and not CODE_HEADERS.findall(html), (path.name, name,
                                                                                   SNAKE_HEADER.findall(html), CODE_HEADERS.findall(html))
        # row numbers: an index 0, 1, 2, ... with no name (a named index, "Lions dealt" 0 to 4, is a column of words)
        numbered = [t for t in html.split("<table")[1:] if ROW_NUMBERS.search(t) and t.split("<tbody>")[0].count("<tr") == 1]
        assert not numbered, (path.name, name, numbered[0][:600])
    said = shown_texts(nb, widgets)
    if path == CAT_TRICK:
        assert "<th>win rate</th>" in said and "<th>95% interval from</th>" in said and "<th>to</th>" in said
        assert ("Random A and random B play in the same way. Their intervals overlap, so this gap could be luck. "
                "It could also be where they sit: random B always sits just before the collector.") in said
    if path == KING:
        assert "<th>points per hand</th>" in said and "<th>win rate</th>" in said
        assert ("The last player may bid 0 to 3 or 5 to 13 tricks, but not 4.\n"
                "A bid of 4 is refused: 4 + 0 + 5 + 4 = 13, and the bids may not add up to 13, so someone must miss.") in said
        assert "illegal action" not in said and "Each interval that leaves out 0.25 shows a real difference" in " ".join(
            " ".join(c.source for c in stored.cells if c.cell_type == "markdown").split())
        # the interval the text quotes is the printed one
        assert "The interval [0.069, 0.242] excludes 0.25" in said and "The interval [0.316, 0.559] excludes 0.25" in said
    if path == SIMONS_CAT:
        # the deal, shown as a table: "a new game, no moves yet", not "(seed 7, 0 actions)"
        # (the HTML JupyterLab shows; the developer's text repr beside it keeps "0 actions")
        at = next(i for i, c in enumerate(stored.cells) if c.source.endswith("state = game.new_game(seed=7)\nstate"))
        deal = "".join(o.get("data", {}).get("text/html", "") for o in nb.cells[at].outputs)
        assert "(seed 7: a new game, no moves yet)" in deal and "actions" not in deal, deal[:300]
