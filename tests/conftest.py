"""Fixtures shared by the test files."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# The tests live in folders by layer (games/, analysis/, widgets/, browser/, lessons/, project/);
# their shared helpers (real_browser.py) live here, beside this file.
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def browser_ready():
    """Skip a real-browser test (with the reason) where Chromium or playwright is missing,
    unless ``CATCARDS_REQUIRE_BROWSER=1`` (CI), where that is a failure instead."""
    from real_browser import missing_browser

    why = missing_browser()
    if why:
        if os.environ.get("CATCARDS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"CATCARDS_REQUIRE_BROWSER=1 but the browser test cannot run: {why}")
        pytest.skip(f"real-browser test skipped: {why}")
