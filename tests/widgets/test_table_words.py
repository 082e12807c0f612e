"""What a student reads at the table (issue 31, "What a student reads at the table"): score
tables with real columns, one word per thing, a game's words explained where they first appear,
card names on every card face, plurals right. Checked on the HTML the tables draw from seeded
games; ``tests/browser/test_a11y.py`` checks the same tables in a real browser (axe, 390 px)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import numpy as np
import pytest

import catcards
import catcards.widgets as cw
from catcards.cards import Card
from catcards.render import card_svg
from catcards.render.cat_trick import board_html as cat_trick_board, collection_html
from catcards.render.king_of_the_jungle import board_html as jungle_board
from catcards.render.simons_cat import board_html as simons_board
from catcards.render.tables import grid_html, hand_heading_html, plural


def label(seat):
    return "no one" if seat is None else f"Seat {seat}" + (" (you)" if seat == 0 else "")


class _Tables(HTMLParser):
    """Every <table>'s caption text and its rows of (tag, scope, text) cells."""

    def __init__(self):
        super().__init__()
        self.tables, self._cell, self._caption = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "caption":
            self._caption = ""
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self._cell = [tag, dict(attrs).get("scope"), ""]

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1]["rows"][-1].append(tuple(self._cell))
            self._cell = None
        elif tag == "caption":
            self.tables[-1]["caption"], self._caption = self._caption, None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2] += data
        elif self._caption is not None:
            self._caption += data


def tables(html_text: str) -> list[dict]:
    parser = _Tables()
    parser.feed(html_text)
    return parser.tables


def played(name: str, seed: int, until, **params):
    """A seeded game of ``name`` played with random legal actions until ``until(state)``."""
    state = catcards.load(name, **params).new_game(seed)
    rng = np.random.default_rng(seed)
    while not until(state):
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def test_grid_html_is_a_real_table_with_a_caption_headers_and_padded_ruled_cells():
    text = grid_html("<b>Scores</b>", ["hand", "Seat 0", "Seat 1"], [[1, "17", "0/0"]], "catcards-scores")
    [table] = tables(text)
    assert table["caption"] == "Scores"
    assert table["rows"] == [[("th", "col", "hand"), ("th", "col", "Seat 0"), ("th", "col", "Seat 1")],
                             [("th", "row", "1"), ("td", None, "17"), ("td", None, "0/0")]]
    # every cell padded and ruled: "17" and "0/0" side by side never read as "170/0"
    assert len(re.findall(r"<t[hd] [^>]*padding:2px 6px;border:1px solid #ccc", text)) == 6
    assert "class='catcards-grid catcards-scores'" in text
    # wider than a phone, it scrolls in its own box, a region named by its caption that Tab reaches
    assert ("<div class='catcards-scroll catcards-sheet' role='region' tabindex='0' "
            "aria-label='Scores' style='overflow-x:auto;max-width:100%'><table ") in text
    # the caption is drawn above that box, where it wraps (it scrolled with the table and was cut
    # at 390 px, readme50), with a hint to scroll; the table's own caption is for screen readers
    drawn = text.split("<div class='catcards-scroll catcards-sheet'")[0]
    assert "class='catcards-sheet-caption' aria-hidden='true'" in drawn and "<b>Scores</b>" in drawn
    assert "If the table is cut off, scroll it sideways." in drawn
    assert "<caption style='position:absolute;width:1px;height:1px;" in text
    assert "aria-label='Tom&#x27;s &lt;pile&gt;'" in grid_html("<b>Tom's</b> &lt;pile&gt;", ["a"], [])


def test_king_of_the_jungle_score_sheet_has_a_column_per_seat_with_a_caption():
    state = played("king-of-the-jungle", 2, lambda s: s.observation(None)["hand_results"], players=3)
    [table] = tables(jungle_board(state.observation(0), label))
    assert table["caption"] == ("Score sheet: each seat's bid/tricks won: points this hand = score "
                                "(everyone starts on 20; the first to 90 wins)")
    heads, row = table["rows"]
    assert heads == [("th", "col", "hand"), ("th", "col", "Seat 0 (you)"), ("th", "col", "Seat 1"),
                     ("th", "col", "Seat 2")]
    # seed 2, random legal bids (11, 3, 1), won (4, 7, 2): each bid missed by 7, 4 and 1 loses
    # that many points from 20
    assert row == [("th", "row", "1"), ("td", None, "11/4: -7\xa0=\xa013"), ("td", None, "3/7: -4\xa0=\xa016"),
                   ("td", None, "1/2: -1\xa0=\xa019")]


def test_simons_cat_round_table_names_the_seats_in_their_own_columns():
    state = played("simons-cat", 1, lambda s: s.observation(None)["round_results"], players=3)
    [table] = tables(simons_board(state.observation(0), label))
    assert table["caption"] == "Messes per round: how many messes each seat made"
    heads, row = table["rows"]
    assert heads == [("th", "col", "round"), ("th", "col", "Seat 0 (you)"), ("th", "col", "Seat 1"),
                     ("th", "col", "Seat 2"), ("th", "col", "Simon card to")]
    result = state.observation(0)["round_results"][0]
    assert row == [("th", "row", "1"), *(("td", None, str(m)) for m in result["messes"]),
                   ("td", None, ", ".join(label(s) for s in result["simon"]) or "no one")]


def test_cat_trick_says_what_a_collection_is_and_what_happens_at_four():
    state = played("cat-trick", 1, lambda s: s.observation(None)["round_results"], players=3)
    board = cat_trick_board(state.observation(0), label)
    # the word "collection" is explained once, above the seats where it first appears
    assert board.count("class='catcards-collection-note'") == 1
    assert board.index("catcards-collection-note") < board.index("class='catcards-seat'")
    assert ("<b>Collection</b>: the cards of the tricks a seat has won, sorted by colour. All 5 colours win "
            "the round and a Super Cat card. 4 cards of one colour are too greedy: all of them are dealt to "
            "the other players.") in board
    [table] = tables(board)
    heads, *rows = table["rows"]
    assert heads[-1] == ("th", "col", "Super Cat card to")
    result = state.observation(0)["round_results"][0]
    assert [c[2] for c in rows[0][1:-1]] == [f"{plural(c, 'colour')}, {plural(k, 'card')}"
                                            for c, k in zip(result["colours"], result["collected"])]
    assert " col " not in board and "col /" not in board
    # three of a colour: the warning says what a fourth does, not "one more and they go!"
    three = collection_html({"blue": [Card("blue", 2), Card("blue", 3), Card("blue", 4)]})
    assert ">3: a 4th loses them all</div>" in three and "one more and they go" not in three


@pytest.mark.parametrize("width", [52, 56, 64])
def test_every_simons_cat_and_cat_trick_card_names_its_suit_on_its_face(width):
    """At the widths of a trick, a hand and a board, every card's bottom line names it (the issue
    saw "♥ Cat" beside a Kitten card showing only "♦")."""
    for suit in ("Cat", "Kitten", "Hedgehog", "Dog", "Mouse", "Gnome", "Simon",
                 "pink", "blue", "yellow", "purple", "orange", "green", "red"):
        bottom = re.findall(r"<text [^>]*>([^<]*)</text>", card_svg(Card(suit, 5), width))[-1]
        assert bottom.endswith(suit), (suit, width, bottom)
    assert re.findall(r"<text [^>]*>([^<]*)</text>", card_svg(Card("Kitten", 5), 56))[-1] == "\u2666 Kitten"


def test_plurals_are_right_for_one_card():
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards" and plural(2, "mess", "messes") == "2 messes"
    assert "your hand</b> (1 card)" in hand_heading_html("Seat 0 (you)", 1, "")
    assert "your hand</b> (2 cards)" in hand_heading_html("Seat 0 (you)", 2, "")


def test_pairs_status_counts_turns_and_a_face_up_button_says_its_place_and_what_it_shows():
    table = cw.play("pairs", players=1, copies=2, numbers=2, seed=1)
    assert table.status.value.endswith("&middot; 0 turns played</div>")
    table.cell_buttons[0].click()
    shown = table.state.observation(0)["grid"][0]
    assert table._buttons[0].description == f"0: {shown.rank}"  # its place and its number
    table.cell_buttons[1].click()
    assert table.status.value.endswith("&middot; 1 turn played</div>")
    table.close()


def test_the_move_log_says_what_it_leaves_out_in_moves():
    """break49: the log ended "... 1 earlier lines"; readme53: "... 331 earlier lines" under the
    entries of moves 330 to 319 counted lines, not moves (a move may write several). What is
    left out is said in moves, as the entries are numbered."""
    import re

    import catcards.widgets
    from catcards.widgets.table.view import LOG_LINES

    table = catcards.widgets.play("snap", players=2, seed=3, humans=())
    seen = set()
    while not table.state.is_over and len(table.state.log) <= LOG_LINES + 3:
        said = table.log_html(table.state.observation(0))
        if len(table.state.log) > LOG_LINES:
            oldest = int(re.findall(r"<span style='color:#595959'>(\d+)\.</span>", said)[-1])
            words = "the deal" if oldest <= 1 else f"the deal and moves 1 to {oldest - 1}"
            assert said.endswith(f"... earlier: {words}</div></div>"), said[-200:]
            seen.add(words == "the deal")
        else:
            assert "earlier" not in said
        table.model.apply(table.state.legal_actions()[0])   # as the table makes a move: numbered
    table.close()
    assert seen == {True, False}   # both wordings were seen


def test_snap_says_each_stack_in_words():
    """readme50: under a Snap stack, "in · to turn" (the status "in" beside the turn)."""
    from catcards.render.snap import board_html

    state = catcards.load("snap", players=2).new_game(3)
    drawn = board_html(state.observation(0), lambda s: f"Seat {s}")
    assert "playing &middot; turns next" in drawn and drawn.count(">playing<") == 1
    assert "in &middot;" not in drawn


def test_a_list_of_numbers_by_seat_in_the_log_is_said_seat_by_seat():
    """break57 (a hostile tester): the live line and the move log read "Super Cat cards: [0, 0,
    1, 0, 0]" (a screen reader: "left bracket 0 comma 0 ..."; whose number is whose?). A list
    with one number per seat is said seat by seat, the student's seat named "(you)" in the live
    line; the game's own log (a save's digest covers it) keeps its words."""
    table = catcards.widgets.play("king-of-the-jungle", seed=1)
    line = ("Hand 1 ends. Bids [11, 8, 7, 3], tricks won [10, 1, 2, 0], points [-1, -7, -5, -3]; "
            "scores [19, 13, 15, 17].")
    assert table.lists_in_words(line) == (
        "Hand 1 ends. Bids (seat 0: 11, seat 1: 8, seat 2: 7, seat 3: 3), tricks won (seat 0: 10, "
        "seat 1: 1, seat 2: 2, seat 3: 0), points (seat 0: -1, seat 1: -7, seat 2: -5, seat 3: -3); "
        "scores (seat 0: 19, seat 1: 13, seat 2: 15, seat 3: 17).")
    assert table.said_as_labelled(table.lists_in_words("Bids: [0, 2, 4, 2] (total 8). Seat 0 leads.")) == (
        "Bids: seat 0 (you): 0, seat 1: 2, seat 2: 4, seat 3: 2 (total 8). Seat 0 (you) leads.")
    assert table.lists_in_words("Cards left [1, 2, 3]") == "Cards left [1, 2, 3]"  # not one a seat
    table.playout_button.click()
    assert any("[" in line for line in table.state.log)  # the game's words
    assert not [line for line in table.log_lines() if "[" in line]
    assert "[" not in table.log_view.value
    table.close()
    table = catcards.widgets.play("cat-trick", players=5, seed=3)
    table.playout_button.click()
    assert "Super Cat cards: seat 0: " in table.log_view.value and "[" not in table.log_view.value
    table.close()
