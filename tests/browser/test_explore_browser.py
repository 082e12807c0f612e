"""The "What are my chances?" panel and the history slider in a real browser (issue 15): Voila
serves the app (notebooks/apps/play.ipynb) with Simon's Cat, headless Chromium clicks the button,
the progress bar runs on the kernel's event loop and the bars appear with their intervals in words;
then the history slider is moved back with the keyboard and the table says it is looking back.

Skipped (with the reason) where Chromium or playwright is missing, unless
``CATCARDS_REQUIRE_BROWSER=1``. Run it alone with
``python -m pytest tests/browser/test_explore_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import re

import pytest

from real_browser import DESKTOP, REPO, app_page, chromium, voila

APP = REPO / "notebooks" / "apps" / "play.ipynb"


@pytest.mark.browser
def test_what_are_my_chances_shows_bars_and_the_slider_looks_back(browser_ready):
    from playwright.sync_api import expect

    before = APP.read_bytes()
    with voila(APP) as url, chromium() as browser:
        playable = "button.catcards-card.catcards-action:not([disabled]):not(.catcards-unplayable)"
        page, table = app_page(browser, url, "game=simons-cat&players=4&seed=3", DESKTOP, ready=playable)
        card = table.locator(playable).first
        panel = table.locator(".catcards-odds-panel")
        expect(panel.locator(".catcards-odds-row")).to_have_count(0)  # nothing before it is asked
        legal = table.locator("button.catcards-card.catcards-action:not([disabled]):not(.catcards-unplayable)").count()
        panel.get_by_role("button", name="What are my chances?").click()
        rows = panel.locator(".catcards-odds-row")
        expect(rows).to_have_count(legal, timeout=60_000)
        expect(rows.first).to_contain_text(re.compile(r"\d+% \(95% interval \d+% to \d+%; \d+ wins in \d+ games\)"))
        expect(panel).to_contain_text("Chances of Seat 0 (you) winning")
        # one live region, said when the refining ends (not once per redraw of the bars)
        expect(panel.get_by_role("status")).to_have_text("Done.", timeout=60_000)
        # the history slider: one step back with the keyboard after a card is played
        card.click()
        expect(panel).to_contain_text("The game has moved", timeout=15_000)
        box = table.get_by_label("Move")
        box.focus()
        page.keyboard.press("ArrowDown")
        expect(table.locator(".catcards-history-note")).to_contain_text("Looking back", timeout=15_000)
        body = page.locator("body")
        expect(body).not_to_contain_text("Error displaying widget")
        assert "Traceback" not in body.inner_text()
    assert APP.read_bytes() == before
