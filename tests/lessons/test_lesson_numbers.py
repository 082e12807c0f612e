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
