"""The Big Cat Game table: buttons pressed with Button.click(), checked against what it shows."""
from __future__ import annotations

import catcards
import catcards.widgets
from catcards.widgets.big_cat import BigCatTable

# the rulebook example: A lays a Lion; B lays 2, 5, Wildcat; A lays 9, 6; B takes the pile
DEAL = [["Lion (red 50)", "red 9", "red 6", "blue 1"], ["red 2", "red 5", "Wildcat (red 20)", "blue 3"]]


def board(table):
    return table.board_box.children[0].value


def watch():
    return catcards.widgets.play("big-cat", humans=(), seed=1, deals=DEAL)


def test_play_gives_the_big_cat_table_with_step_run_and_replay():
    table = watch()
    assert isinstance(table, BigCatTable)
    labels = [getattr(b, "description", None) for b in table.controls.children]
    assert {"Step", "Run", "Next trick", "Replay deal"} <= set(labels)
    html = board(table)
    assert "Seat 0 starts a new pile." in html and "Cards played: <b>0</b>" in html
    assert "Lion (red 50)" not in html and "red 9" not in html  # stacks are face down
    assert ">4 cards<" in html and "Lion 5, Tiger 3, Wildcat 2, Jaguar 1" in html


def test_step_shows_the_pile_and_the_demand_in_progress():
    table = watch()
    table.step_button.click()
    assert "Seat 1 must lay 5 more cards for seat 0&#x27;s Lion." in board(table)
    table.step_button.click()
    table.step_button.click()
    assert "Seat 1 must lay 3 more cards for seat 0&#x27;s Lion." in board(table)
    table.step_button.click()  # the Wildcat
    assert "Seat 0 must lay 2 more cards for seat 1&#x27;s Wildcat." in board(table)
    assert ">3 cards<" in board(table) and ">1 card<" in board(table)
    assert "Centre pile</b> (4 cards" in board(table) and "<title>Lion (red 50): reward card: the next player must lay 5 cards</title>" in board(table)
    table.step_button.click()
    table.step_button.click()
    assert "Seat 1 takes the pile." in board(table)
    table.step_button.click()
    assert "tricks: <b>1</b>" in board(table) and "Centre pile</b> (0 cards" in board(table)
    assert table.state.observation(None)["stack_sizes"] == [1, 7]
    assert table.output_text() == ""


def test_next_trick_run_and_replay_the_same_deal():
    table = watch()
    table.trick_button.click()
    assert table.state.tricks == 1 and table.state.cards_played == 6
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    assert table.trick_button.disabled and table.step_button.disabled
    final = (table.state.cards_played, table.state.tricks, table.state.outcome)
    table.replay_button.click()
    assert not table.state.is_over and table.state.cards_played == 0 and "Cards played: <b>0</b>" in board(table)
    table.playout_button.click()
    assert (table.state.cards_played, table.state.tricks, table.state.outcome) == final
    table.trick_button.click()  # over: said in words, nothing raised
    assert "The game is over" in table.output_text()


def test_a_random_deal_replays_the_same_game():
    table = catcards.widgets.play("big-cat", players=3, humans=(), seed=8)
    table.playout_button.click()
    first = table.state.log
    table.replay_button.click()
    table.playout_button.click()
    assert table.state.log == first and table.state.seed == 8


def test_a_person_lays_their_own_top_card():
    table = catcards.widgets.play("big-cat", seed=1, deals=DEAL)  # you are seat 0
    assert table.lay_button is not None and table.lay_button.description == "Lay your top card"
    table.lay_button.click()
    # the computer (seat 1) then lays 2, 5, Wildcat at once, and it is your turn to pay 2
    assert table.state.cards_played == 4 and table.state.current_player == 0
    assert "Seat 0 must lay 2 more cards for seat 1&#x27;s Wildcat." in board(table)
    table.lay_button.click()
    table.lay_button.click()
    # seat 1 took the pile and leads; seat 1 lays blue 3, then it is your turn again
    assert table.state.tricks == 1 and table.state.current_player == 0
    stale = table.lay_button
    table.lay_button.click()  # your blue 1
    stale.click()  # a button from an earlier position changes nothing
    assert "earlier position" in table.output_text()


def test_next_trick_with_a_person_stops_at_the_persons_turn():
    table = catcards.widgets.play("big-cat", seed=1, deals=DEAL)
    table.trick_button.click()  # seat 1 wins the first trick, leads blue 3; then it is your turn
    assert table.state.tricks == 1 and table.state.current_player == 0
    assert table.lay_button is not None and not table.lay_button.disabled
