"""Hostile tester break55t, in Chromium on the Voila app at 390 px: a doubled Enter on a King of
the Jungle bid was answered as a press from an earlier position (see tests/widgets/test_break55t.py).

The doubled press is sent as two clicks in one task of the page's JavaScript: no message from the
kernel (the redraw that hides the bid buttons) can be handled between them, so the second press
always reaches the kernel before the page has the redraw, whatever the machine's speed. (Two
``keyboard.press("Enter")`` calls are separate input events: on a fast machine the redraw could
arrive between them, and the test would then pass or fail by timing.)"""
from __future__ import annotations

import pytest

from real_browser import PHONE, REPO, app_page, chromium, voila

APP = REPO / "notebooks" / "apps" / "play.ipynb"


@pytest.mark.browser
def test_a_doubled_press_on_a_king_of_the_jungle_bid_is_taken_for_a_doubled_press(browser_ready):
    from playwright.sync_api import expect

    from catcards.widgets.table.messages import REPEATED_PRESS

    with voila(APP) as url, chromium() as browser:
        page, table = app_page(browser, url, "game=king-of-the-jungle&seed=5", PHONE)
        bid = table.get_by_role("button", name="0", exact=True).first
        bid.focus()
        bid.evaluate("b => { b.click(); b.click(); }")  # both sent before any redraw can arrive
        expect(table.locator(".catcards-log")).to_contain_text("Seat 0 bids 0.", timeout=15_000)
        expect(table.locator(".catcards-announce")).to_contain_text(REPEATED_PRESS, timeout=15_000)
        live = page.evaluate("() => document.querySelector('.catcards-announce').textContent")
        messages = page.evaluate("() => [...document.querySelectorAll('.catcards-table .widget-output')]"
                                 ".map(e => e.textContent).join('')")
        assert "earlier position" not in messages   # was "'0' was from an earlier position; ..."
        assert live.strip().endswith(REPEATED_PRESS), live
