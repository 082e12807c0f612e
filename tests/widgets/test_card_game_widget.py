"""Card Game table: buttons pressed with Button.click(), checked against what the table shows."""
from __future__ import annotations

import ipywidgets as W

import catcards
import catcards.widgets
from catcards.agents.card_game import BluffingAgent
from catcards.widgets.card_game import CardGameTable


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def buttons(table):
    return {b.description: b for b in _walk(table.hand_box) if isinstance(b, W.Button)}


def shown_html(table):
    return " ".join(w.value for w in _walk(table) if isinstance(w, W.HTML))


def test_play_returns_the_card_game_table():
    table = catcards.widgets.play("card-game", players=3, seed=2)
    assert isinstance(table, CardGameTable)
    pile = table.board_box.children[0].children[1].value
    assert pile.startswith("<details class='catcards-discard'><summary>Discard pile (0 cards): anyone may look</summary>")


def test_a_response_prompt_appears_and_pass_resolves_the_card():
    deals = {"hands": [["Golden Yarn"], ["Not So Fast"]], "money": [["Money", "Money"], ["Money"]],
             "main": ["Nap", "Nap", "Nap"]}
    table = catcards.widgets.play("card-game", players=2, seed=3, humans=(1,), deals=deals,
                                  agents=["bluffer", "bluffer"])
    # the computer (seat 0) drew and played Golden Yarn: seat 1 (you) is asked
    assert table.state.current_player == 1 and table.state.observation(1)["window"] == "respond"
    html = shown_html(table)
    assert "respond with an INSTANT card, or pass?" in html and "Golden Yarn" in html
    assert set(buttons(table)) == {"pass", "play Not So Fast"} and table.choice is None
    buttons(table)["pass"].click()
    assert table.state.tokens[0] == 1 and "Not allowed" not in table.output_text()
    # the computer ended its turn: seat 1 (you) is asked in the end-phase round
    assert table.state.current_player == 1 and table.state.observation(1)["decision"] == "end"
    assert "play an INSTANT card, or pass?" in shown_html(table)
    assert set(buttons(table)) == {"pass"}  # Not So Fast needs something on the stack
    buttons(table)["pass"].click()
    assert table.state.current_player == 1  # computers moved on to seat 1's own turn
    assert table.state.observation(1)["decision"] == "draw"


def test_bluff_through_the_dropdown_and_the_computer_challenges():
    deals = {"hands": [["Nap", "Golden Yarn"], ["Sushi Tray"]], "money": [["Money"], []], "tokens": [2, 2]}
    table = catcards.widgets.play("card-game", players=2, seed=4, humans=(0,), deals=deals,
                                  agents=["random", BluffingAgent(threshold=1.01)])
    buttons(table)["take Money"].click()
    table.choice.value = table.state.action_from_string("claim Shot! on seat 1 with Nap face down")
    table.do_button.click()
    assert any("challenges: the card is Nap, not Shot!" in line for line in table.state.log)
    assert table.state.tokens == [1, 2]
    assert "challenges" in table.log_view.value


def test_the_table_never_shows_another_hand():
    # seat 0 (computer) cannot pay for its cards (3$ each), so they stay in its hand
    deals = {"hands": [["The Assassin", "Sullen House"], ["Nap"]], "money": [[], []]}
    table = catcards.widgets.play("card-game", players=2, seed=5, humans=(1,), deals=deals, agents="random")
    seat0 = table.state.observation(0)
    assert table.state.current_player == 1  # (here seat 1 is asked about a face-down Lucky Cat claim)
    assert "The Assassin" in [c.name for c in seat0["hand"] + [seat0["facedown"]] if c is not None]
    html = shown_html(table)
    assert "The Assassin" not in html and "<title>Nap (" in html  # name, cost and what it does


def test_a_stale_do_it_click_changes_nothing():
    deals = {"hands": [["Nap", "Golden Yarn"], ["Sushi Tray"]], "money": [["Money"], []]}
    table = catcards.widgets.play("card-game", players=2, seed=6, humans=(0,), deals=deals, agents="random")
    buttons(table)["take Money"].click()
    old_button = table.do_button
    buttons(table)["end turn"].click()
    moves = len(table.state.history)
    old_button.click()
    assert len(table.state.history) == moves and "earlier position" in table.output_text()


def test_watching_computers_step_and_play_out():
    table = catcards.widgets.play("card-game", players=3, seed=8, humans=(), agents="bluffer")
    assert table.state.history == []  # a computers-only table waits for a click
    table.step_button.click()
    assert len(table.state.history) == 1
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    assert table.output_text() == ""


def test_the_seats_board_that_scrolls_sideways_is_reached_with_tab_and_named():
    """A README user at 390 px: the seats table scrolls sideways (the hint says so), but its box
    had no tabindex: a browser that does not make scrollers focusable left a keyboard user no way
    to the hidden columns. It is a labelled region in the tab order, like the score sheets."""
    import re

    table = catcards.widgets.play("card-game", players=5, seed=2)
    boxes = re.findall(r"<div class='catcards-scroll'[^>]*>", shown_html(table))
    assert boxes == ["<div class='catcards-scroll' role='region' tabindex='0' aria-label='the seats (scrolls sideways)'>"]
    table.close()
