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


def test_snaps_log_gives_each_number_to_one_entry():
    """S2: Snap's last card and "Game over" were two log entries both numbered "52." (one move
    wrote both lines). Each move is one entry with one number, its lines in the order written."""
    table = cw.play("snap", seed=5, humans=(0, 1), players=2, max_turns=52)
    while not table.state.is_over:
        table._run(table.press_turn)
    log = table.log_html(table.state.observation(0))
    numbers = re.findall(r">(\d+)\.</span>", log)
    assert numbers[:3] == ["52", "51", "50"] and len(numbers) == len(set(numbers))
    entries = [" ".join(plain(e).split()) for e in re.findall(r"<div style='[^']*'>(.*?)</div>", log)]
    assert entries[0] == ("52. Seat 1 turns yellow 2. Game over after 52 cards turned: the turn limit "
                          "(52 cards turned) was reached with every card in the centre pile: no one holds a card, a tie.")
    assert entries[1] == "51. Seat 0 turns yellow 8."
    table.close()
