"""The Cat Trick and King of the Jungle widget tables, driven by Button.click()."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import catcards
import catcards.widgets
from catcards.widgets.cat_trick import CatTrickTable
from catcards.widgets.king_of_the_jungle import KingOfTheJungleTable

# The stacked deals of the engine tests, shared with them.
sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
from test_cat_trick import EXAMPLE  # noqa: E402
from test_king_of_the_jungle import rotated  # noqa: E402


def card_button(table, name):
    for b in table.hand_box.children[0].children[1].children:
        button = b.children[1]
        if button.description == name:
            return button
    raise AssertionError(f"no card button {name!r}")


def test_cat_trick_table_plays_the_rulebook_example_by_clicks():
    table = catcards.widgets.play("cat-trick", players=4, seed=1, deals=[EXAMPLE], humans=(0, 1, 2, 3))
    assert isinstance(table, CatTrickTable)
    board = table.board_box.children[0].value
    assert "data-trump='yellow'" in board and "yellow</b> is trump" in board
    for seat, name in enumerate(["pink 7", "blue 4", "orange 6", "pink 1"]):
        # hot-seat: each hand is hidden behind the pass-the-screen button first
        assert "pass" in table.hand_box.children[0].children[1].description.lower()
        table.pass_button.click()
        if seat == 1:
            assert "Led colour: <b class='catcards-led'" in table.board_box.children[0].value
        card_button(table, name).click()
    board = table.board_box.children[0].value
    assert "Last trick" in board and "Seat 3 won the last trick" in board
    assert re.search(r"data-seat='3'.*?data-colour='pink' data-count='2'", board, re.S)
    assert "Seat 3 wins the trick." in table.log_view.value
    assert table.state.last_winner == 3 and "Traceback" not in table.output_text()


def test_cat_trick_table_against_computers_and_a_stale_click_changes_nothing():
    table = catcards.widgets.play("cat-trick", players=3, seed=5)
    assert table.output_text() == ""  # "sensible" is a Cat Trick strategy (the collector)
    assert table.state.current_player == 0
    first = card_button(table, str(table.state.observation(0)["hand"][0]))
    first.click()
    assert table.state.current_player == 0 or table.state.is_over  # computers answered
    moves = len(table.state.history)
    first.click()  # the same button again: from an earlier position
    assert len(table.state.history) == moves and "earlier position" in table.output_text()
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    assert "Super Cat" in table.board_box.children[0].value


def test_cat_trick_table_never_shows_another_hand():
    table = catcards.widgets.play("cat-trick", players=4, seed=2)
    html = table.board_box.children[0].value + table.log_view.value
    for seat in (1, 2, 3):
        for card in table.state.observation(seat)["hand"]:
            assert f"<title>{card}</title>" not in html


def test_king_of_the_jungle_bid_buttons_offer_only_legal_bids():
    table = catcards.widgets.play("king-of-the-jungle", players=4, seed=3, humans=(3,), agents="sensible")
    assert isinstance(table, KingOfTheJungleTable)
    state = table.state
    assert state.current_player == 3 and state.phase == "bid"  # computers bid first
    taboo = 13 - sum(state.bids[s] for s in (0, 1, 2))
    assert 0 <= taboo <= 13  # this seed's computer bids leave a forbidden bid
    offered = sorted(table.bid_buttons)
    assert offered == [b for b in range(14) if b != taboo]
    assert f"not {taboo}, or the bids would total 13" in table.hand_box.children[0].children[0].value
    table.bid_buttons[offered[0]].click()
    assert state.bids[3] == offered[0] and state.phase == "play"
    board = table.board_box.children[0].value
    assert "bid <b class='catcards-bid'>" in board and "catcards-score" in board


def test_king_of_the_jungle_table_enables_only_cards_that_follow_suit():
    hands = rotated(1)  # seat 0 holds all yellow and leads; seats 1, 2, 3 hold red, blue, green
    table = catcards.widgets.play("king-of-the-jungle", players=4, seed=3, humans=(0, 1, 2, 3), deals=[hands])
    for b in (2, 3, 4, 3):
        table.pass_button.click()
        table.bid_buttons[b].click()
    table.pass_button.click()
    card_button(table, "yellow 1").click()  # seat 0 leads yellow 1
    table.pass_button.click()
    # seat 1 holds only red: every card is a discard, all enabled
    assert all("catcards-unplayable" not in b.children[1]._dom_classes for b in table.hand_box.children[0].children[1].children)
    assert "You have no yellow" in table.hand_box.children[0].children[0].value
    card_button(table, "red 1").click()
    table.pass_button.click()
    card_button(table, "blue 1").click()
    table.pass_button.click()
    card_button(table, "green 1").click()
    assert table.state.last_winner == 0 and "Seat 0 won the last trick" in table.board_box.children[0].value
    # mixed hands: a seat holding the led suit may click only those cards
    table2 = catcards.widgets.play("king-of-the-jungle", players=4, seed=8, humans=(0, 1, 2, 3))
    for b in (3, 3, 3, 3):
        table2.pass_button.click()
        table2.bid_buttons[b].click()
    table2.pass_button.click()
    led = table2.state.observation(0)["hand"][0]
    card_button(table2, str(led)).click()
    table2.pass_button.click()
    hand = table2.state.observation(1)["hand"]
    follow = any(c.suit == led.suit for c in hand)
    for col in table2.hand_box.children[0].children[1].children:
        button = col.children[1]
        card = next(c for c in hand if str(c) == button.description)
        assert ("catcards-unplayable" in button._dom_classes) == (follow and card.suit != led.suit)


def test_king_of_the_jungle_watch_computers_and_score_sheet():
    table = catcards.widgets.play("king-of-the-jungle", players=3, seed=2, humans=(), max_hands=2)
    for _ in range(45):
        table.step_button.click()
    assert table.state.hand_no == 2 and "Score sheet" in table.board_box.children[0].value
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    assert "Traceback" not in table.output_text()
