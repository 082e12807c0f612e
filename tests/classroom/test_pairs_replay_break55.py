"""Hostile tester (break55): a Pairs class ("turns to clear") deals the same game again after a
reload, so a student learns the layout by playing the game half way and then clears it in 8 turns.

The deal stays with the server (no seed in any answer), but the table asks ``/game`` each time it
is opened and is given the student's first game not counted: the same ``k``, the same seed, the
same layout. Tried by hand in Chromium (390 px): join, turn over cards 0 and 1, 2 and 3, ... 14
and 15 (8 turns, every card seen; nothing is sent, the game is not over), press F5, the page
says "Game 1." as before, turn over each pair at once: "Counted for the class: 8 turns", the
fewest possible, counted as checked. The same works with a second tab (the table opened again)
and with any game the table sends and the server refuses ("Play game 1 again": the same deal,
every card of it seen by then).

What should happen: a deal the student has seen is not dealt to them fresh again. E.g. the server
keeps the game in progress (a reload resumes it, turns played included), or a game left unfinished
is the student's (not counted, or counted as left) and the next table deals game k + 1.

Skipped (with the reason) where /usr/bin/chromium or playwright is missing.
"""
from __future__ import annotations

import csv
import io
import re
import time

import pytest
import requests

from class_server import ClassProcess, free_port, join_page
from catcards.widgets.table.messages import REPEAT_SECONDS
from real_browser import PHONE, chromium


@pytest.mark.browser
def test_a_reload_does_not_deal_a_pairs_game_whose_layout_the_student_has_seen(browser_ready, tmp_path):
    from playwright.sync_api import expect

    process = ClassProcess(tmp_path / "store", free_port(), tmp_path)
    info = process.start(game="pairs")
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            frame = join_page(page, info["join_url"], "Mallory")
            note, status = frame.locator(".catcards-class-note"), frame.locator(".catcards-status")
            expect(note).to_contain_text("Game 1.", timeout=60_000)

            def press(p: int) -> None:
                page.wait_for_timeout(int(1000 * (REPEAT_SECONDS + 0.3)))
                frame.get_by_role("button", name=f"card {p}", exact=True).click()

            # look at every card: 8 turns, each of two cards side by side (the game is not over)
            seen: dict[int, str] = {}
            for turn in range(8):
                for p in (2 * turn, 2 * turn + 1):
                    press(p)
                    face = frame.locator("button", has_text=re.compile(rf"^{p}: "))
                    # the card's face, or (p matched p - 1: a pair taken at once) its hidden button
                    taken = frame.locator("button", has_text=re.compile(rf"^card {p}$")).locator("visible=false")
                    expect(face.or_(taken)).to_have_count(1, timeout=15_000)
                    seen[p] = face.inner_text().split(": ", 1)[1] if face.count() else seen[p - 1]
                expect(status).to_contain_text(f"{turn + 1} turn", timeout=15_000)
            assert len(seen) == 16

            page.reload()
            expect(note).to_contain_text("Game", timeout=60_000)
            pairs: dict[str, list[int]] = {}
            for p, rank in sorted(seen.items()):
                pairs.setdefault(rank, []).append(p)
            for a, b in pairs.values():  # what a student who remembers the layout does
                for p in (a, b):
                    button = frame.get_by_role("button", name=f"card {p}", exact=True)
                    if button.count() == 1 and button.is_enabled():
                        press(p)
            time.sleep(3)  # the table sends a finished game at once

        rows = list(csv.DictReader(io.StringIO(requests.get(
            info["join_url"] + "/results.csv", headers={"Authorization": f"Bearer {info['teacher_token']}"},
            timeout=30).text)))
        cleared = [row for row in rows if row["kind"] == "game" and float(row["value"]) <= 8]
        assert cleared == [], f"a game cleared from a layout seen before the reload was counted: {cleared}"
    finally:
        process.stop()
