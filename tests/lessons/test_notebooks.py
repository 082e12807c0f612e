"""Notebook hygiene (docs/architecture.md, "Notebooks"): stored clean, runnable by a plain kernel, and
students read the lesson, not the test (issue 12).

- nbval markers are cell tags (``nbval-check-output``), never ``# NBVAL_...`` comments in the code
  a student reads.
- ``assert`` lines (checks against independent values: a closed form, a brute-force count, a
  published number) live only in check cells collapsed by metadata (``"jupyter": {"source_hidden":
  true}`` and the tag ``hide-input``), which the test suite runs with the notebook.
- With outputs stripped, the ``nbval-check-output`` tag alone checks nothing under ``--nbval-lax``
  (nbval compares only cells stored with outputs), so a tagged cell must be followed by such a
  check cell.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]


def _cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 9


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_clean(path):
    nb, cells = _cells(path)
    assert nb["metadata"].get("kernelspec", {}).get("name") == "python3"
    assert "widgets" not in nb["metadata"], "saved widget state breaks viewers: clear it"
    for cell in cells:
        assert not cell.get("outputs") and cell.get("execution_count") is None, (
            f"{path.name} is stored with outputs: " + "".join(cell["source"])[:80]
        )


def _hidden(cell) -> bool:
    return cell["metadata"].get("jupyter", {}).get("source_hidden") is True and \
        "hide-input" in cell["metadata"].get("tags", [])


def _asserts(source: str) -> int:
    return len(re.findall(r"^\s*assert\b", source, re.M))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_nbval_comments_and_no_assert_in_visible_cells(path):
    _, cells = _cells(path)
    for cell in cells:
        source = "".join(cell["source"])
        assert "NBVAL_" not in source, f"{path.name}: use the cell tag, not the comment: {source[:80]}"
        if not _hidden(cell):
            assert not _asserts(source), f"{path.name}: a student-facing cell asserts: {source[:120]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_checked_cells_are_followed_by_a_check(path):
    _, cells = _cells(path)
    for cell, after in zip(cells, cells[1:] + [None]):
        if "nbval-check-output" in cell["metadata"].get("tags", []):
            assert after is not None and _hidden(after) and _asserts("".join(after["source"])), (
                f"{path.name}: a checked cell that checks nothing: {''.join(cell['source'])[:120]}")


def test_the_lessons_keep_every_independent_check():
    # 69 assert statements checked the lessons before they moved into collapsed cells (issue 12)
    total = sum(_asserts("".join(c["source"])) for path in NOTEBOOKS for c in _cells(path)[1] if _hidden(c))
    assert total >= 69
