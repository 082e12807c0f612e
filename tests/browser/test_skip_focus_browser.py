"""Hostile tester break55t, in Chromium on the Voila app at 390 px (Pairs): after Enter on "Skip to
my turn" the keyboard focus stayed on the Skip button, where another Enter only said "Nothing to
skip". It now goes to the grid, where the student plays (tests/widgets/test_moves_read_out.py)."""
from __future__ import annotations

import re

import pytest

from real_browser import PHONE, REPO, app_page, chromium, voila

APP = REPO / "notebooks" / "apps" / "play.ipynb"


@pytest.mark.browser
def test_after_skip_to_my_turn_the_focus_is_on_a_card_of_the_grid(browser_ready):
    from playwright.sync_api import expect

    with voila(APP) as url, chromium() as browser:
        # seed 1, two players: cards 0 and 1 (green 2, red 7) are a miss, and the computer plays
        page, table = app_page(browser, url, "game=pairs&seed=1", PHONE)
        for p in (0, 1):
            card = table.get_by_role("button", name=f"card {p}", exact=True)
            card.focus()
            page.keyboard.press("Enter")
            expect(table.get_by_role("button", name=re.compile(f"^{p}: "))).to_have_count(1, timeout=15_000)
        skip = table.get_by_role("button", name="Skip to my turn")
        expect(skip).not_to_have_class(re.compile("catcards-unplayable"), timeout=15_000)
        skip.focus()
        page.keyboard.press("Enter")
        expect(table.locator(".catcards-announce")).to_contain_text("Skipped to your turn", timeout=15_000)
        page.wait_for_function("() => /^card \\d+$/.test(document.activeElement.textContent.trim())",
                               timeout=15_000)
        assert page.evaluate("() => document.activeElement.textContent.trim()") == "card 0"
