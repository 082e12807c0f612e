"""Real-browser test of a kept-back result (issue 12): JupyterLab runs notebooks/cat-days.ipynb
with Run All; the plot that gives the Grumpy Cat exercise's answer away is not drawn, and clicking
"Show me the answer" draws it in its place.

Skipped (with the reason) where /usr/bin/chromium or playwright is missing, unless
``CATCARDS_REQUIRE_BROWSER=1``. Run it alone with
``python -m pytest tests/browser/test_lessons_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from real_browser import REPO, chromium, jupyterlab, lab_page, run_all_cells

NOTEBOOK = REPO / "notebooks" / "cat-days.ipynb"


@pytest.mark.browser
def test_show_me_draws_the_kept_back_plot_in_jupyterlab(browser_ready):
    from playwright.sync_api import expect

    work = Path(tempfile.mkdtemp(prefix="catcards-nb-"))
    try:
        shutil.copy(NOTEBOOK, work / NOTEBOOK.name)  # a copy: the stored notebook gains no outputs
        with jupyterlab(work) as (url, token), chromium() as browser:
            page = lab_page(browser, url, token, NOTEBOOK.name)
            run_all_cells(page)
            # Run All is done when the last cell has run (its output is a plot of Lesson 3)
            expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Busy", timeout=15_000)
            expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Idle", timeout=180_000)

            outputs = page.locator(".jp-OutputArea-output")
            button = outputs.locator("button.jupyter-button", has_text="Show me the answer")
            reveal = outputs.locator(".catcards-reveal")
            # JupyterLab renders long notebooks windowed: bring the reveal cell into view
            for _ in range(60):
                if button.count():
                    break
                page.locator(".jp-WindowedPanel-outer").first.evaluate("e => e.scrollBy(0, 400)")
                page.wait_for_timeout(100)
            expect(button).to_have_count(1)
            button.scroll_into_view_if_needed()
            expect(reveal).to_have_count(1)
            assert reveal.locator("img").count() == 0, "the plot is drawn before an answer"
            assert "drawn in" not in reveal.inner_text()
            button.click()
            expect(reveal.locator("img")).to_have_count(1, timeout=30_000)
            expect(reveal).to_contain_text("by draw 6: drawn in")
            expect(button).to_have_count(0)  # the button is closed once used
            expect(page.locator("body")).not_to_contain_text("Error displaying widget")
            assert "Traceback" not in reveal.inner_text()
    finally:
        shutil.rmtree(work, ignore_errors=True)
