"""A Pairs class (``catcards class pairs``, "turns to clear") in a real browser: the class table,
whose controls the table kernel closes (break54b), still deals, plays and counts a game, and
the keyboard focus goes to "Play another game" at its end.

The deal stays with the server (``Activity.deal_hidden``): the student's page gets no seed, so
this test, as the teacher would, reads the student's seed from the class's store to know where
the pairs lie and clears the table in 8 turns, pressing each card's button.

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``, where it fails instead.
"""
from __future__ import annotations

import time

import pytest

from class_server import ClassProcess, free_port, join_page
from catcards.widgets.table.messages import REPEAT_SECONDS
from real_browser import PHONE, chromium


@pytest.mark.browser
def test_a_pairs_class_table_is_dealt_played_and_counted_with_no_seed_or_undo_on_the_page(browser_ready, tmp_path):
    from playwright.sync_api import expect

    from catcards.classroom.activities import activity
    from catcards.classroom.pool import Pool, series_seed
    from catcards.classroom.store import open_store

    process = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    info = process.start(game="pairs")
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            seen: list[str] = []  # the student's own requests' answers, as their script would read them
            page.on("response", lambda r: seen.append(r.text()) if "/class/" in r.url and r.request.method == "POST" else None)
            frame = join_page(page, info["join_url"], "Ana")
            note = frame.locator(".catcards-class-note")
            expect(note).to_contain_text("Game 1.", timeout=60_000)
            status = frame.locator(".catcards-status")
            # the table's own controls are not on the page, hidden or shown: no seed box, no Move box
            # or list of games (before: in the page, display none, the seed box holding the seed)
            expect(frame.locator(".catcards-table")).to_have_count(1)
            expect(frame.locator(".catcards-table input, .catcards-table select")).to_have_count(0)

            store = open_store(tmp_path / "store")
            try:
                token = page.evaluate(f"() => localStorage.getItem('catcards-class-{info['code']}')")
                seed = Pool(store).student(info["code"], token).seed
            finally:
                store.close()
            dealt = activity("pairs/turns-to-clear").new_game(series_seed(seed, 0))
            # nothing on the page or in the answers to the student's own requests holds the deal's seed
            table = next(f for f in page.frames if "?student=" in f.url)
            assert str(seed) not in table.content() and not [text for text in seen if str(seed) in text]
            assert "seed" not in frame.locator(".catcards-table").first.inner_text().lower()
            for name in ("Undo", "New game", "Computer step", "Play out", "What are my chances?"):
                expect(frame.get_by_role("button", name=name)).to_have_count(0)

            pairs: dict = {}
            for p, card in enumerate(dealt.grid):
                pairs.setdefault(dealt.game.ranks[card], []).append(p)
            pressed = 0.0
            for turn, (a, b) in enumerate(pairs.values(), start=1):
                for p in (a, b):
                    page.wait_for_timeout(max(0, int(1000 * (REPEAT_SECONDS + 0.2 - (time.monotonic() - pressed)))))
                    frame.get_by_role("button", name=f"card {p}", exact=True).click()
                    pressed = time.monotonic()
                    if p == a:
                        expect(status).to_contain_text("turn over a second card", timeout=15_000)
                expect(status).to_contain_text(f"{turn} turn{'s' * (turn != 1)} played", timeout=15_000)
            expect(note).to_contain_text("Counted for the class: 8 turns", timeout=30_000)
            again = frame.locator("button.catcards-class-next")
            expect(again).to_be_focused(timeout=10_000)
            expect(again).to_have_text("Play another game")
            page.wait_for_timeout(int(1000 * (REPEAT_SECONDS + 0.2)))
            page.keyboard.press("Enter")
            expect(note).to_contain_text("Game 2.", timeout=15_000)
            expect(status).to_contain_text("0 turns played")
        assert not errors, errors
    finally:
        process.stop()
