"""A class in a real browser: a student joins ``catcards class snap`` by the link on a phone-sized
page (390 x 844), plays a Snap pass (turns all 52 cards) in the Voila table, and the counted
result appears on the teacher's dashboard.

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``, where it fails instead. Run it alone with
``python -m pytest tests/browser/test_class_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from class_server import ClassProcess, free_port
from catcards.widgets.table.messages import REPEAT_SECONDS
from real_browser import PHONE, chromium

#: the only console messages the table's frame is allowed: webpack's notes that Voila 0.5.13's
#: own page bundles JupyterLab 4.2.5 while its widget manager and jupyterlab_widgets were built
#: against newer releases (^4.5.10, ^4.6.2). They come from inside Voila's packages, the widgets
#: work (the loaded singletons are used), and no setting of ours can change them; the student's
#: page itself must log nothing of the kind.
VOILA_VERSION_NOTE = re.compile(r"^(Unsatisfied version|No satisfying version) .* of shared (singleton )?module @jupyterlab/")


@pytest.mark.browser
def test_a_student_joins_by_the_link_plays_a_snap_pass_and_the_dashboard_shows_it(browser_ready):
    from playwright.sync_api import expect

    home = Path(tempfile.mkdtemp(prefix="catcards-class-browser-"))
    proc = ClassProcess(home / "store", free_port(), home)
    try:
        info = proc.start()
        with chromium() as browser:
            dashboard = browser.new_page(viewport={"width": 1280, "height": 1000})
            dashboard.goto(info["dashboard_url"])
            expect(dashboard.locator("#joined")).to_have_text("0", timeout=10_000)

            page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
            messages: list[tuple[str, str, str]] = []
            page.on("console", lambda m: messages.append((m.type, m.text, m.location.get("url", ""))))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(info["join_url"])
            page.get_by_label("Nickname (optional, up to 24 characters)").fill("Mia")
            page.get_by_role("button", name="Join").click()
            expect(page.locator("#who")).to_contain_text("you are Mia")
            expect(dashboard.locator("#joined")).to_have_text("1", timeout=10_000)

            frame = page.frame_locator("#table")
            turn = frame.locator("button.catcards-turn")
            turn.wait_for(timeout=60_000)
            status = frame.locator(".catcards-status")
            note = frame.locator(".catcards-class-note")
            expect(note).to_contain_text("Game 1.")
            # one press per card, each after the table has drawn the last, and at least
            # REPEAT_SECONDS after it: a quicker second press is taken for a held key and ignored
            # (measured from when the click has been made)
            pressed = 0.0
            for turned in range(1, 53):
                page.wait_for_timeout(max(0, int(1000 * (REPEAT_SECONDS + 0.2 - (time.monotonic() - pressed)))))
                turn.click()
                pressed = time.monotonic()
                expect(status).to_contain_text(f"{turned} cards turned", timeout=15_000)
            expect(note).to_contain_text("Counted for the class", timeout=30_000)
            value = int(re.search(r"(\d+) snaps", note.inner_text()).group(1))
            counted_at = time.monotonic()
            # the student's page shows the result (a reload keeps it), and the dashboard within seconds
            expect(page.locator("#results")).to_have_text(f"{value} snaps", timeout=10_000)
            expect(dashboard.locator("#submitted")).to_have_text("1", timeout=10_000)
            shown_after = time.monotonic() - counted_at
            expect(dashboard.locator("#running")).to_have_attribute(
                "aria-label", re.compile(rf"After 1 games the mean is {value}\.00"))
            page.reload()
            expect(page.locator("#who")).to_contain_text("you are Mia")
            expect(page.locator("#results")).to_have_text(f"{value} snaps", timeout=10_000)
            # nothing on the page is wider than the phone
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE[0], width

        print(f"dashboard showed the result {shown_after:.1f} s after the student's page said it was counted")
        assert not errors, errors
        assert [m for m in messages if m[0] == "error"] == []
        own = [m for m in messages if m[2].startswith(info["join_url"])]
        assert [m for m in own if m[0] in ("warning", "error")] == [], own
        others = [m for m in messages if m[0] == "warning" and not VOILA_VERSION_NOTE.match(m[1])]
        assert others == [], others
    finally:
        proc.stop()
        shutil.rmtree(home, ignore_errors=True)
