"""A teacher's read (lessons57): places where a lesson's own numbers, or the words for them, disagreed.

Read from the stored notebooks and the teacher notes (no kernel): the run-time values are checked in
``tests/lessons/checks/<lesson>.py``.
"""
import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def cells(name: str, kind: str) -> list[str]:
    return [c.source for c in nbformat.read(NOTEBOOKS / name, as_version=4).cells if c.cell_type == kind]


def test_cat_days_equal_share_divides_the_count_of_shared_games_by_the_games():
    """Failed before: the formula "0.5 + shared / 2" used "shared" as a share of games, while the
    table's column "shared" and the sentence "shared victories: 13, so ... 0.5 + 13/250/2" used a count."""
    said = "\n".join(cells("cat-days.ipynb", "markdown"))
    notes = (NOTEBOOKS / "teacher" / "cat-days.md").read_text(encoding="utf-8")
    code = "\n".join(cells("cat-days.ipynb", "code"))
    for text in (said, notes):
        assert not re.search(r"\\text\{shared\}\}\{2\}|shared / 2", text)
    formulas = re.findall(r"0\.5 \+ [^$\n]*", said + "\n" + notes)
    assert len(formulas) == 4, formulas
    assert all("shared games" in f and "games}" in f or "(shared games / games) / 2" in f for f in formulas), formulas
    assert '"shared games": shared_games' in code and '"shared":' not in code
    assert 'print(f"shared games: {shared_games} of {n}, so an equal share is 0.5 + ({shared_games}/{n}) / 2' in code


def test_simons_cat_quotes_no_markov_number_its_own_data_contradicts():
    """Failed before: the notebook's Markov estimates (1 game in 1,681, 21,468, 117,190) lay outside the
    big run's Markov intervals, with no word on why, and the text called the Markov estimate "the
    number to quote" though for 6 players the big run's direct interval excludes it."""
    said = "\n".join(cells("simons-cat-probability.ipynb", "markdown"))
    code = "\n".join(cells("simons-cat-probability.ipynb", "code"))
    assert "number to quote" not in said and "it is about once in 100,000" not in said
    assert "only 65, 17 and 10" in said and "1.7 times rarer" in said and "Quote the big run" in said
    assert "The Markov chain is a model." in said and "So for 6 players we give both." in said
    assert 'rounds in which everyone tied)' in code
    notes = (NOTEBOOKS / "teacher" / "simons-cat-probability.md").read_text(encoding="utf-8")
    assert "only 65, 17 and 10 rounds" in notes and "Quote the big run." in notes
