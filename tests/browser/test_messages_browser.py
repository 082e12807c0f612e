"""A game table's Messages box in a real browser on a 390 px phone (Voila): its lines wrap between
words, and the newest message of the box is in sight without scrolling it (the newest of all is
bold above it, in the live line).

Skipped (with the reason) where /usr/bin/chromium (or ``CATCARDS_CHROMIUM``) or playwright is
missing, unless ``CATCARDS_REQUIRE_BROWSER=1``. Run it alone with
``python -m pytest tests/browser/test_messages_browser.py -m browser -o addopts="" -p no:cacheprovider``.
"""
from __future__ import annotations

import pytest

from real_browser import PHONE, chromium, one_cell_notebook, voila

#: twelve messages, more than the box shows at once (160 px), each longer than a phone's line
CODE = '''import catcards.widgets

table = catcards.widgets.play("snap", players=2, seed=1)
for i in range(12):
    table.say(f"Message {i}: nothing changed, because the computer players are still thinking about "
              f"their next move in this game.")
table
'''

#: for each line break inside a message's text: the character before it (JavaScript run on the
#: box's first <pre>): a break between words comes after a space
BREAKS = """pre => {
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  const before = [];
  let lastTop = null, lastChar = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      const ch = node.data[i];
      if (ch === "\\n") { lastTop = null; continue; }
      if (rect.height === 0) continue;
      if (lastTop !== null && rect.top > lastTop + 2) before.push(lastChar + "|" + ch);
      lastTop = rect.top; lastChar = ch;
    }
  }
  return before;
}"""


#: a JavaScript function find(element, words): the screen rectangle of ``words`` in the element's
#: text, or null
FIND = """const find = (el, words) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(words);
    if (at >= 0) { const range = document.createRange(); range.setStart(node, at);
                   range.setEnd(node, at + words.length); return range.getBoundingClientRect(); }
  }
  return null;
};
"""


@pytest.mark.browser
def test_messages_wrap_between_words_and_the_newest_is_in_sight_on_a_phone(browser_ready, tmp_path):
    """A teacher's read (lessonfix): at 390 px the Messages box broke words in the middle
    ("noth" / "ing": JupyterLab's outputs break anywhere), and it listed the oldest message first,
    so the newest was hidden at the bottom of the scrolled box."""
    from playwright.sync_api import expect

    notebook = one_cell_notebook(tmp_path / "messages.ipynb", CODE)
    with voila(notebook) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(url, timeout=60_000)
        box = page.locator(".catcards-table .widget-output").first
        # the newest message is shown once, bold in the live line above the box; the box lists the
        # earlier ones, newest first (table57: the newest was in both)
        newest = page.locator(".catcards-table .catcards-announce").first
        expect(newest).to_contain_text("Message 11:", timeout=60_000)
        assert newest.evaluate("e => getComputedStyle(e).fontWeight") in ("700", "bold")
        assert newest.get_attribute("aria-live") == "polite" and newest.get_attribute("role") == "status"
        expect(box).to_contain_text("Message 10:", timeout=60_000)
        assert "Message 11:" not in box.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        # the box scrolls (more messages than it shows), and is not scrolled
        assert box.evaluate("b => b.scrollHeight > b.clientHeight + 20 && b.scrollTop === 0")
        # the newest message is in sight: its words inside the box's visible part (the Output
        # joins the messages into one <pre>, so its place is found in the text)
        inside = box.evaluate("b => { " + FIND + """ const r = find(b, "Message 10:"), o = b.getBoundingClientRect();
                                              return r !== null && r.top >= o.top - 1 && r.bottom <= o.bottom + 1; }""")
        assert inside, "the newest message is scrolled out of the box's sight"
        # the messages wrap onto several lines at 390 px, and only between words
        breaks = box.locator("pre").first.evaluate(BREAKS)
        assert len(breaks) >= 12, "the messages did not wrap at 390 px"
        assert all(pair[0] == " " for pair in breaks), breaks
        assert "Traceback" not in page.locator("body").inner_text()
