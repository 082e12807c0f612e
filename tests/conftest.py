"""Fixtures shared by the test files."""
from __future__ import annotations

import os

import pytest


@pytest.fixture
def browser_ready():
    """Skip a real-browser test (with the reason) where Chromium or playwright is missing,
    unless ``CATCARDS_REQUIRE_BROWSER=1`` (CI), where that is a failure instead."""
    from browser import missing_browser

    why = missing_browser()
    if why:
        if os.environ.get("CATCARDS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"CATCARDS_REQUIRE_BROWSER=1 but the browser test cannot run: {why}")
        pytest.skip(f"real-browser test skipped: {why}")
