"""Accessibility of every game's app in a real browser (issue 12): axe-core (bundled by the
``axe-playwright-python`` package) run by Playwright on Voila's page of
``notebooks/apps/play.ipynb?game=...``, a keyboard-only game, and what a phone (390x844) and a
classroom Chromebook (1366x768) show.

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``. Run alone with
``python -m pytest tests/test_a11y.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import pytest

from browser import CHROMIUM, CHROMIUM_ARGS, REPO, voila

APP = REPO / "notebooks" / "apps" / "play.ipynb"


def _serious(page) -> list[str]:
    """axe-core's serious and critical violations on the whole page, one line per rule."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.browser
def test_axe_finds_no_serious_or_critical_violation_in_any_games_app(browser_ready):
    """Each game's app, as dealt and after one move: zero serious or critical axe-core
    violations on the whole page (the app's controls and Voila's page included). Moderate ones
    remain from Voila's page, which puts cells outside landmark regions ("region")."""
    pytest.importorskip("axe_playwright_python")
    from playwright.sync_api import expect, sync_playwright

    import catcards

    problems = []
    with voila(APP) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            for name in catcards.list_games():
                page.goto(f"{url}?game={name}&seed=2", timeout=60_000)
                table = page.locator(".catcards-table").first
                button = table.locator("button.catcards-action:not([disabled])").first
                expect(button).to_be_visible(timeout=60_000)
                problems += [f"{name}, dealt: {p}" for p in _serious(page)]
                before = table.inner_text()
                button.click()
                expect(table).not_to_have_text(before, timeout=15_000)
                problems += [f"{name}, after a move: {p}" for p in _serious(page)]
        finally:
            browser.close()
    assert not problems, "\n".join(problems)


#: the element with keyboard focus is a move the student may make now
_FOCUS_IS_A_MOVE = """() => { const e = document.activeElement;
    return !!e && e.matches('.catcards-table button.catcards-action:not([disabled]):not(.catcards-unplayable)'); }"""


def _keyboard_move(page, key: str, max_tabs: int = 200) -> str:
    """Press Tab until a move's button has focus, then ``key`` (Enter or Space); return the
    focused button's text. Fails when no move is reachable with Tab."""
    for _ in range(max_tabs):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUS_IS_A_MOVE):
            label = page.evaluate("() => document.activeElement.textContent.trim()")
            page.keyboard.press(key)
            return label
    raise AssertionError(f"no move reachable with {max_tabs} presses of Tab")


@pytest.mark.browser
@pytest.mark.parametrize("query, moves", [
    ("game=simons-cat&players=4&seed=3", 60),   # 35 moves when the first legal card is played
    ("game=big-cat&players=2&seed=3", 150),     # 93 lays and takes
])
def test_a_whole_game_played_with_the_keyboard_only(browser_ready, query, moves):
    """Tab, Enter and Space only (no mouse, no clicks): the student plays every move of a
    seeded game in the app until the table says "Game over"."""
    from playwright.sync_api import expect, sync_playwright

    with voila(APP) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(f"{url}?{query}", timeout=60_000)
            table = page.locator(".catcards-table").first
            expect(table.locator("button.catcards-action:not([disabled])").first).to_be_visible(timeout=60_000)
            log = table.locator(".catcards-log")
            status = table.locator(".catcards-status")
            played = 0
            while "Game over" not in status.inner_text():
                assert played < moves, f"not over after {played} keyboard moves"
                before = log.inner_text()
                _keyboard_move(page, "Enter" if played % 2 == 0 else "Space")
                played += 1
                expect(log).not_to_have_text(before, timeout=15_000)
                page.wait_for_timeout(150)  # the hand is redrawn with the log line
            assert played >= 10, played  # a real game, not one key
            expect(status).to_contain_text("Winners")
            body = page.locator("body")
            expect(body).not_to_contain_text("Not allowed")
            assert "Traceback" not in body.inner_text()
        finally:
            browser.close()
