"""Notebook hygiene (DESIGN.md, "Notebooks"): stored clean, runnable by a plain kernel, and every
cell marked as a checked fact really checks it.

With outputs stripped, ``# NBVAL_CHECK_OUTPUT`` has nothing stored to compare against, so under
``pytest --nbval-lax`` the marker alone checks nothing: a marked cell must also ``assert`` its
result against an independent value (a closed form, a brute-force count, a published number).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").rglob("*.ipynb"))
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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_checked_cells_assert(path):
    _, cells = _cells(path)
    for cell in cells:
        source = "".join(cell["source"])
        if "NBVAL_CHECK_OUTPUT" in source:
            assert "assert" in source, f"{path.name}: a checked cell that checks nothing: {source[:120]}"
