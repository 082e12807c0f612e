"""The real-browser test: JupyterLab in headless Chromium runs notebooks/simons-cat.ipynb, a
legal card is clicked in the widget table, and the table changes. This proves the widgets render
and respond in a browser, which nbval cannot.

Skipped (with the reason) where /usr/bin/chromium (or the path in ``CATCARDS_CHROMIUM``) or
playwright is missing, unless
``CATCARDS_REQUIRE_BROWSER=1`` (as in CI), where it fails instead. Run it alone with
``python -m pytest tests/browser/test_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from real_browser import REPO, chromium, jupyterlab, lab_page, run_all_cells

NOTEBOOK = REPO / "notebooks" / "simons-cat.ipynb"
SHOT = os.environ.get("CATCARDS_BROWSER_SCREENSHOT")  # a .png path to look at the table


@pytest.mark.browser
def test_the_simons_cat_table_plays_a_card_in_jupyterlab(browser_ready):
    from playwright.sync_api import expect

    work = Path(tempfile.mkdtemp(prefix="catcards-nb-"))
    try:
        # a copy, so that the stored notebook never gains outputs
        shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
        before = NOTEBOOK.read_bytes()
        with jupyterlab(work) as (url, token), chromium() as browser:
            page = lab_page(browser, url, token, NOTEBOOK.name)
            run_all_cells(page)

            outputs = page.locator(".jp-OutputArea-output")
            table = outputs.locator(".catcards-table").first  # the play table (you are seat 0)
            card = table.locator("button.catcards-card.catcards-action:not([disabled]):not(.catcards-unplayable)").first
            expect(card).to_be_visible(timeout=45_000)
            # JupyterLab renders long notebooks windowed: text off screen reads as empty
            table.scroll_into_view_if_needed()
            # the other cards of the hand are drawn too, and those you may not play are marked unplayable
            assert table.locator("button.catcards-card").count() >= card.count() + 1
            log = table.locator(".catcards-log")
            pile = table.locator(".catcards-pile")
            log_before, pile_before = log.inner_text(), pile.inner_html()
            label = (card.text_content() or "").strip()
            assert label, "the card button has a label"
            card.click()

            expect(log).to_contain_text(f"Seat 0 plays {label}.", timeout=15_000)
            expect(log).not_to_have_text(log_before)
            assert pile.inner_html() != pile_before or f"<title>{label}</title>" in pile.inner_html()
            # the clicked card left the hand
            expect(table.locator("button.catcards-card", has_text=re.compile(rf"^{label}$"))).to_have_count(0)
            # every widget rendered: no "Error displaying widget" anywhere, no callback error
            expect(page.locator("body")).not_to_contain_text("Error displaying widget")
            assert "Traceback" not in table.inner_text()

            # the computers-only table: "Computer step" makes one move
            watch = outputs.locator(".catcards-table").nth(1)
            watch_log = watch.locator(".catcards-log")
            # lines are numbered by the move that wrote them, as the Move box counts: the deal's are 0
            expect(watch_log).to_contain_text("0. Round 1")
            assert watch.locator("button.catcards-card").count() == 0  # a spectator sees no hand
            watch.locator("button.jupyter-button", has_text="Computer step").click()
            expect(watch_log).to_contain_text("1. Seat", timeout=15_000)
            expect(page.locator("body")).not_to_contain_text("Error displaying widget")
            if SHOT:
                table.screenshot(path=SHOT)
                watch.screenshot(path=SHOT.replace(".png", "-watch.png"))
        assert NOTEBOOK.read_bytes() == before
    finally:
        shutil.rmtree(work, ignore_errors=True)


SNAP_CELL = (
    "import catcards.widgets\n"
    "from catcards.agents.snap import ReactionAgent\n"
    "t = catcards.widgets.play('snap', seed=5, humans=(), agents=ReactionAgent(mean=0.03, sd=0.01))\n"
    "t.turn_delay = 0.03\n"
    "t.computer_step()  # the first card; the computers go on by themselves on the event loop\n"
    "t"
)
PRINT_CELL = (
    "import asyncio\n"
    "start = t.state.turns\n"
    "for i in range(200):\n"
    "    print(f'zebra line {i:03d} of the printing cell')\n"
    "    await asyncio.sleep(0.01)  # the table's timed moves run in between\n"
    "print('zebra total, cards turned meanwhile:', t.state.turns - start)"
)
COUNT_CELL = (
    "from catcards.widgets.table import _LIVE\n"
    "print('running tables:', sum(not x.closed for _, made in _LIVE.values() for x in made))"
)


@pytest.mark.browser
def test_a_playing_snap_table_takes_no_other_cells_output_and_a_rerun_leaves_one_table(browser_ready):
    """Issue 11: a computers-only Snap table plays (timed moves on the kernel's event loop) while
    another cell prints 200 lines: every line is under the printing cell, none in the table.
    Running the table's cell again leaves one running table."""
    import nbformat
    from playwright.sync_api import expect

    work = Path(tempfile.mkdtemp(prefix="catcards-snap-out-"))
    try:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c)
                                             for c in (SNAP_CELL, PRINT_CELL, COUNT_CELL)])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, work / "snap-output.ipynb")
        with jupyterlab(work) as (url, token), chromium() as browser:
            page = lab_page(browser, url, token, "snap-output.ipynb")
            run_all_cells(page)

            cells = page.locator(".jp-Notebook .jp-CodeCell")
            table = cells.nth(0).locator(".jp-OutputArea-output .catcards-table")
            printed = cells.nth(1).locator(".jp-OutputArea-output")
            expect(printed.last).to_contain_text("cards turned meanwhile:", timeout=60_000)
            text = printed.all_text_contents()
            lines = re.findall(r"zebra line (\d{3}) of the printing cell", "".join(text))
            assert lines == [f"{i:03d}" for i in range(200)]  # all, once, in order, here
            turned = int(re.search(r"cards turned meanwhile: (\d+)", "".join(text)).group(1))
            assert turned >= 5, "the table kept playing while the other cell printed"
            table_text = table.text_content()
            assert "zebra" not in table_text, table_text
            assert "zebra" not in cells.nth(2).text_content()
            expect(cells.nth(2).locator(".jp-OutputArea-output")).to_contain_text("running tables: 1")
            expect(page.locator("body")).not_to_contain_text("Error displaying widget")
            assert "Traceback" not in table_text

            # run the table's cell again, then the counting cell
            cells.nth(0).locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(table.locator(".catcards-log")).to_contain_text("1. ", timeout=30_000)
            cells.nth(2).locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(cells.nth(2).locator(".jp-OutputArea-output")).to_contain_text(
                "running tables: 1", timeout=30_000)
            expect(page.locator(".jp-OutputArea-output .catcards-table")).to_have_count(1)
            expect(page.locator("body")).not_to_contain_text("Error displaying widget")
    finally:
        shutil.rmtree(work, ignore_errors=True)
