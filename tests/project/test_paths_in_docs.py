"""Every test file path written in the code, tests and docs (``tests/<group>/test_x.py``) exists:
the tests moved into folders by layer, and a stale path sends a reader to nothing."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: paths written as examples of the pattern, not as files
PLACEHOLDERS = {"tests/games/test_x.py"}


def test_every_test_path_named_in_the_repository_exists():
    pattern = re.compile(r"tests/[A-Za-z0-9_/]+\.py")
    files = [*REPO.glob("catcards/**/*.py"), *REPO.glob("tests/**/*.py"), *REPO.glob("*.md"),
             *REPO.glob("docs/**/*.md"), *REPO.glob("benchmarks/**/*.py"), REPO / "pyproject.toml"]
    missing = sorted(
        f"{f.relative_to(REPO)}: {p}"
        for f in files if ".venv" not in f.parts
        for p in set(pattern.findall(f.read_text(encoding="utf-8")))
        if p not in PLACEHOLDERS and not (REPO / p).exists()
    )
    assert missing == []
