"""The rendered site of the lessons (issue 16): ``sphinx-build -c docs notebooks <out>`` executes
every clean notebook with myst-nb and saves the widget state, so a reader without a kernel sees the
plots and the game tables. One build (a few minutes) shared by the tests of this file.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import catcards

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-c", str(REPO / "docs"), str(NOTEBOOKS),
                           str(out / "html"), "-d", str(out / "doctrees")], capture_output=True, text=True)
    assert done.returncode == 0, f"the site failed to build:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return out / "html"


def _widget_state(page: str) -> dict:
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', page, re.S)
    assert found, "no saved widget state"
    return json.loads(found.group(1))["state"]  # written raw into the script element (no entities)


@pytest.mark.slow
def test_every_notebook_is_a_page_and_the_start_page_links_them(site):
    notebooks = [p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    for rel in notebooks:
        assert (site / rel.with_suffix(".html")).exists(), rel
    assert (site / "teachers-guide.html").exists()
    assert not (site / "teacher").exists()   # the teacher's notes stay off the students' site
    index = (site / "index.html").read_text(encoding="utf-8")
    table = re.search(r"<table class='catcards-index'.*?</table>", index, re.S).group(0)
    assert table.count("<tr><td><svg") == len(catcards.list_games())
    for href in re.findall(r'href="([^"]+)"', table):
        if href.startswith("https://"):
            assert href.startswith("https://mybinder.org/v2/gh/") and "voila%2Frender" in href
        else:
            assert href.endswith(".html") and (site / href).exists(), href
    # the start page's plot was drawn into the page
    images = re.findall(r'<img[^>]*src="(_images/[^"]+\.png)"', index)
    assert images and all((site / i).stat().st_size > 1000 for i in images)


@pytest.mark.slow
def test_game_pages_hold_the_tables_as_saved_widget_state(site):
    for name in catcards.list_games():
        page = site / f"{name}.html"
        if not (NOTEBOOKS / f"{name}.ipynb").exists():
            continue
        state = _widget_state(page.read_text(encoding="utf-8"))
        tables = [m for m in state.values() if "catcards-table" in (m["state"].get("_dom_classes") or [])]
        assert tables, f"{name}: no game table in the saved widget state"
        text = page.read_text(encoding="utf-8")
        assert 'type="application/vnd.jupyter.widget-view+json"' in text


@pytest.mark.slow
@pytest.mark.browser
def test_a_reader_sees_the_simons_cat_table_without_a_kernel(browser_ready, site):
    """The saved state drawn by the widget scripts the site serves itself (no CDN needed)."""
    from playwright.sync_api import expect, sync_playwright

    from real_browser import CHROMIUM, CHROMIUM_ARGS

    page_file = site / "simons-cat.html"
    assert "_static/widgets/embed-amd.js" in page_file.read_text(encoding="utf-8"), \
        "the widget scripts were not fetched at build time (npm registry unreachable?)"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(page_file.as_uri())
            table = page.locator(".catcards-table").first
            expect(table).to_be_visible(timeout=30_000)
            expect(table).to_contain_text("Seat 0")
            assert table.locator("button").count() > 0
        finally:
            browser.close()


def test_the_site_leaves_the_teachers_notes_out():
    """docs/conf.py's exclude_patterns, read without running the configuration (it fetches the
    widget scripts), as Sphinx matches them: every teacher's note is left out, every notebook and
    the teacher's guide are kept (the slow build test above looks at the built site)."""
    import ast

    from sphinx.util.matching import Matcher

    tree = ast.parse((REPO / "docs" / "conf.py").read_text(encoding="utf-8"))
    [patterns] = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                  and any(getattr(t, "id", None) == "exclude_patterns" for t in node.targets)]
    excluded = Matcher(patterns)
    notes = [p.relative_to(NOTEBOOKS).as_posix() for p in (NOTEBOOKS / "teacher").glob("*.md")]
    assert "teacher/explore.md" in notes and all(excluded(n) for n in notes)
    kept = [p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    assert "index.ipynb" in kept and not any(excluded(k) for k in kept + ["teachers-guide.md"])
