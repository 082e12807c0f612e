"""Testers (classpage) on a student's class page, at a phone's 390 px and by keyboard, each state
checked with axe-core (WCAG 2.1 A and AA) and for nothing wider than the phone:

- a nickname taken in the class, or one that pretends to be the teacher, is refused in words
  beside the nickname box (the server's JSON error names the field), which keeps the focus;
- a Snap count above 39 was refused by the browser's own bubble ("Value must be less than or equal
  to 39."), and the last "Sent: ..." line stayed under the box as if it applied to the new value:
  the page says what a count is, under the box, and a new value typed clears the old answer;
- "Your results" says them in sentences ("real cards: 4." was terse), and after the class, for a
  student who sent nothing, "You sent no results in this class." (it was "none yet.").

The class server's own pages and calls only (no Voila: no table is opened; the table's words are
checked in tests/classroom/test_class_app.py). Run alone with ``python -m pytest
tests/browser/test_class_pages_browser.py``.
"""
from __future__ import annotations

import pytest

from class_server import snap_class_served
from real_browser import PHONE, chromium
from test_class_browser import _violations

RULE = "A count is a whole number from 0 to 39: how many snaps you counted with real cards."


@pytest.fixture
def running(tmp_path):
    """A running Snap class served by the class server's handlers on a free port: ``pool``,
    ``info`` (its code and teacher's token), ``url`` (the join page)."""
    with snap_class_served(tmp_path) as served:
        yield served


def _focused(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def _narrow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


@pytest.mark.browser
def test_a_taken_or_teachers_nickname_is_refused_beside_the_box_by_keyboard_on_a_phone(browser_ready, running):
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect

    pool, code = running["pool"], running["info"].code
    pool.join(code, "Mia")
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(running["url"])
        box, error = page.locator("#nickname"), page.locator("#nickname-error")
        expect(box).to_be_focused()  # the join form's box has the focus: type, then Enter
        page.keyboard.type(" mia")
        page.keyboard.press("Enter")
        expect(error).to_have_text("That nickname is taken in this class: try another, or join without one.")
        expect(box).to_be_focused()
        expect(box).to_have_attribute("aria-invalid", "true")
        expect(box).to_have_attribute("aria-describedby", "nickname-error nickname-hint")
        expect(page.locator("#message")).to_have_text("")  # said beside the box, not at the top
        expect(page.locator("#play")).to_be_hidden()
        # beside the box: just under it, in view
        under = page.evaluate("""() => document.getElementById('nickname-error').getBoundingClientRect().top
                                       - document.getElementById('nickname').getBoundingClientRect().bottom""")
        assert 0 <= under < 20, under
        expect(error).to_be_in_viewport()
        problems += _violations(page, "a taken nickname, 390x844")
        assert _narrow(page)

        page.keyboard.type("Teacher 1")  # the refused nickname is selected: typing replaces it
        page.keyboard.press("Enter")
        expect(error).to_have_text("A nickname cannot pretend to be the teacher or the app (words such as teacher, "
                                   "admin, catcards): try another, or join without one.")
        assert _narrow(page)
        assert pool.summary(code)["joined"] == 1  # nothing stored for the refused joins

        page.keyboard.type("Mia 2")
        page.keyboard.press("Enter")
        expect(page.locator("#play")).to_be_visible()
        expect(page.locator("#who")).to_contain_text("you are Mia 2")
        assert pool.summary(code)["joined"] == 2
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_a_count_above_39_is_refused_in_the_page_s_words_and_an_old_answer_goes_when_typing(browser_ready, running):
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect

    pool, code = running["pool"], running["info"].code
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.post_data or "") if r.url.endswith("/tally") else None)
        page.goto(running["url"])
        expect(page.locator("#nickname")).to_be_focused()
        page.keyboard.press("Enter")  # joins without a nickname
        expect(page.locator("#play")).to_be_visible()
        summary = page.locator("#tally-box summary")
        summary.focus()
        page.keyboard.press("Enter")  # opens "Played with real cards?"
        box, status = page.get_by_label("How many snaps did you count?"), page.locator("#tally-status")
        page.keyboard.press("Tab")
        expect(box).to_be_focused()
        expect(page.locator("#tally-hint")).to_have_text("A whole number from 0 to 39.")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        expect(status).to_have_text("Sent: your count of 5 snaps from real cards (marked as not checked).")
        expect(page.locator("#results")).to_have_text(
            "With real cards you counted 5 snaps (the server cannot check these).")

        box.focus()
        page.keyboard.type("45")
        expect(status).to_have_text("")  # the answer to 5 does not stand under 45
        page.keyboard.press("Enter")
        expect(status).to_have_text(RULE)
        expect(status).to_be_in_viewport()
        expect(box).to_be_focused()
        expect(box).to_have_attribute("aria-invalid", "true")
        assert "tally-status" in box.get_attribute("aria-describedby")
        problems += _violations(page, "a count above 39, 390x844")
        assert _narrow(page)
        for typed in ("3.5", "-1", ""):
            box.fill(typed)
            expect(status).to_have_text("")
            page.keyboard.press("Enter")
            expect(status).to_have_text(RULE)
        box.fill("7")
        expect(box).to_have_attribute("aria-invalid", "false")
        page.keyboard.press("Enter")
        expect(status).to_have_text("Sent: your count of 7 snaps from real cards (marked as not checked).")
        expect(page.locator("#results")).to_have_text(
            "With real cards you counted 5 and 7 snaps (the server cannot check these).")
        assert len(sent) == 2 and all('"value":' in body for body in sent)  # the wrong counts were not sent
        assert pool.summary(code)["tallies"]["n"] == 2
    assert not problems, "\n".join(problems)


def _counted_game(pool, code: str, student) -> int:
    """Student's first game, a Snap pass with nobody calling, counted: its snaps."""
    from catcards.classroom.activities import activity
    from catcards.classroom.pool import series_seed
    from catcards.games.snap import FLIP

    state = activity("snap/snaps-per-pass").new_game(series_seed(student.seed, 0))
    for _ in range(52):
        state.apply(FLIP)
    return int(pool.submit(code, student.token, state.to_json()).value)


@pytest.mark.browser
def test_your_results_are_said_in_sentences_and_after_the_class_none_sent_is_said_so(browser_ready, running):
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect

    pool, info = running["pool"], running["info"]
    quiet, busy = pool.join(info.code, "Quiet"), pool.join(info.code, "Busy")
    snaps = _counted_game(pool, info.code, busy)
    pool.tally(info.code, busy.token, 4)
    unit = "snap" if snaps == 1 else "snaps"
    problems: list[str] = []
    with chromium() as browser:
        pages = {}
        for student in (quiet, busy):
            context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
            context.add_init_script(f"window.localStorage.setItem('catcards-class-{info.code}', '{student.token}')")
            pages[student.nickname] = page = context.new_page()
            page.goto(running["url"])
            expect(page.locator("#play")).to_be_visible()
        expect(pages["Quiet"].locator("#results")).to_have_text("Your results: none yet.")
        busy_words = (f"Your game counted for the class: {snaps} {unit}. "
                      "With real cards you counted 4 snaps (the server cannot check these).")
        expect(pages["Busy"].locator("#results")).to_have_text(busy_words)
        pool.end(info.code, info.teacher_token)
        for name, words in (("Quiet", "You sent no results in this class."), ("Busy", busy_words)):
            page = pages[name]
            expect(page.locator("#play-title")).to_have_text("Your results", timeout=15_000)
            expect(page.locator("#results")).to_have_text(words)
            assert page.locator("#results").locator("xpath=..").inner_text() == words
            problems += _violations(page, f"an ended class's results, {name}, 390x844")
            assert _narrow(page)
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_the_student_page_says_the_game_s_instructions_once_and_never_click(browser_ready, running):
    """The page's instructions are the only ones on it (the table's "Game 1." line no longer repeats
    them: tests/classroom/test_class_app.py); no "click" on a page read on phones."""
    from playwright.sync_api import expect

    from catcards.classroom.activities import activity

    with chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(running["url"])
        assert "click" not in page.locator("body").inner_text().lower()
        page.keyboard.press("Enter")
        expect(page.locator("#play")).to_be_visible()
        page.get_by_text("Played with real cards?").click()
        text = page.locator("main").inner_text()
        assert text.count(activity("snap/snaps-per-pass").instructions) == 1
        assert "click" not in text.lower()
