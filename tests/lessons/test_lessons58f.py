"""A teacher's re-read (teach58b) of Cat Days: two sentences that did not say what the lesson shows.

- Cell "Are the draws independent?" asked "the right chance, one too high, or one too low?": there
  is one shortcut chance, not one of several too high or too low.
- Cell under "Lesson 2" said "shared games" is a count "like the table's column", but the cell
  above it shows a figure and sentences, no table.
"""
from __future__ import annotations

import nbformat

from test_lessons import NOTEBOOKS, locked_in, output_texts

CAT_DAYS = NOTEBOOKS / "cat-days.ipynb"


def stored(path):
    return nbformat.read(path, as_version=4)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_cat_days_shortcut_question_asks_right_too_high_or_too_low():
    """Failed before: "Does the shortcut give the right chance, one too high, or one too low?"."""
    nb = stored(CAT_DAYS)
    ask = next(c.source for c in nb.cells if c.source.startswith("### Are the draws independent?"))
    assert "Does the shortcut give the right chance, too high or too low?" in flat(ask)
    assert "one too high" not in ask and "one too low" not in ask
    box = next(c.source for c in nb.cells if c.source.startswith("shortcut_guess = Predict("))
    assert 'choices=["right", "too high", "too low"]' in box   # the words the question uses


def test_cat_days_equal_share_text_names_what_lesson_2_shows():
    """Failed before: "a count, like the table's column" though Lesson 2's cell shows no table: its
    figure's key reads "equal share: 0.5 + (shared games ÷ 160) ÷ 2" and its sentences say the rates."""
    nb = stored(CAT_DAYS)
    at = next(i for i, c in enumerate(nb.cells) if c.source.startswith("A shared victory counts as a win for both."))
    code = nb.cells[at - 1].source
    assert code.startswith("from catcards.lessons import read_interval")
    assert 'label="equal share: 0.5 + (shared games ÷ 160) ÷ 2"' in code
    assert "games=80" in code and code.count("catcards.simulate(") == 2   # 2 x 80 = 160 games a row
    said = flat(nb.cells[at].source)
    assert "table" not in said
    assert ('Here "shared games" is a count of games, so divide it by the number of games (160) first, '
            "as in the figure's key.") in said
    ran, _, _ = locked_in(CAT_DAYS)   # what the cell shows: a figure and sentences, no table
    shown = ran.cells[at - 1]
    assert "<table" not in output_texts(shown)
    assert any("image/png" in o.get("data", {}) for o in shown.outputs)
