"""The Pairs and Snap tables' words and controls (hostile tester and README user, branch
pairsui): the heading and what a press does agree at the pace's end, "Computer step" during the
pace, "Skip to my turn", the log's words and numbers, and the class page's button size.
The clock is a ManualClock, as in ``test_pairs_pace``."""
from __future__ import annotations

import html
import re

import catcards.widgets as cw


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def test_the_52_card_grid_is_described_without_a_row_count_a_phone_does_not_show():
    """D8: at 390 px the grid shows rows of 5, yet the log said "52 cards face down in 4 rows of
    13" (read out by screen readers too). The line is true on every width."""
    table = cw.play("pairs", players=2, seed=2)
    log = plain(table.log_html(table.state.observation(0)))
    assert "52 cards face down, numbered 0 to 51; seat 0 starts." in log
    assert "rows of" not in log and "rows" not in table.state.log[0]
    table.close()
