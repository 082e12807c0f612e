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


def pytest_collection_modifyitems(config, items):
    """A real-browser test that fails is run once more (pytest-rerunfailures), and the rerun is
    reported as "R" and "rerun" in the summary, so it is seen, never hidden. Why: in two of four
    full runs of the suite at stop 19 one Voila page of the app stayed blank (its heading shown, no table)
    for 60 s while every other page of the same test rendered in about 5 s; run alone, the same
    tests pass. That blank page is an open question, noted in the closing note, not solved here.
    A test that fails twice still fails."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=5))
