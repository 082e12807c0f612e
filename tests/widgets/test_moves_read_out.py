"""What the aria-live line reads after a student's move (break55t, two defects).

1. In Cat Trick, Simon's Cat and King of the Jungle the computers' cards after the student's move
   were never read out: the live line was emptied by the press and said only the end of the game,
   so a screen-reader user could not follow a trick. It now reads, in one line and in the game's
   own log words, what happened after the student's own move (``GameTable.say_moves``).
2. In Pairs, after "Skip to my turn" the keyboard focus stayed on the Skip button, where another
   Enter only said "Nothing to skip"; it now goes to the grid, where the student plays next.
"""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

import catcards
import catcards.widgets
from catcards.widgets.table.moves import focusable_buttons, is_card_button


def _spoken(table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.announce.value))


def _card(table, description):
    return next(b for b in focusable_buttons(table.hand_box) if b.description == description)


def _first_playable(table):
    return next(b for b in focusable_buttons(table.hand_box) if "catcards-unplayable" not in b._dom_classes)


@pytest.mark.parametrize("name, press, said", [
    ("cat-trick", "pink 3",
     "Seat 1 plays orange 6. Seat 2 plays yellow 1. Seat 3 plays orange 7. Seat 3 wins the trick. "
     "Seat 3 plays green 1."),
    ("simons-cat", "Cat 5",
     "Seat 1 takes the mess (2 cards, Cat 5 on top). Seat 1 plays Gnome 1. Seat 2 takes the mess "
     "(1 card, Gnome 1 on top). Seat 2 plays Dog 6. Seat 3 plays Hedgehog 6."),
    ("king-of-the-jungle", "0",
     "Seat 1 bids 2. Seat 2 bids 4. Seat 3 bids 2. Bids: seat 0 (you): 0, seat 1: 2, seat 2: 4, seat 3: 2 "
     "(total 8). Seat 0 (you) leads."),
])
def test_the_computers_moves_after_the_students_are_read_out_in_one_line(name, press, said):
    """Before the fix the live line was "" after each of these presses."""
    table = catcards.widgets.play(name, seed=5)
    _card(table, press).click()
    assert _spoken(table) == said
    assert table.output_text() == ""  # read out only: the move log shows the lines, out stays short
    table.close()


def test_what_the_students_own_move_did_is_read_out_with_their_seat_named_as_the_table_does():
    """Cat Trick seed 5: the third card ends the trick and the round with the student's move
    itself; the line reads the trick's winner and the new round, "Seat 0 (you) leads"."""
    table = catcards.widgets.play("cat-trick", seed=5)
    for press in ("pink 3", "pink 7", "green 2"):
        _card(table, press).click()
    assert _spoken(table) == (
        "Seat 1 wins the trick. Round 1 ends: seat 1 has collected all 5 colours. Super Cat card to "
        "seat 1. Super Cat cards: seat 0 (you): 0, seat 1: 1, seat 2: 0, seat 3: 0. Round 2: 8 cards "
        "each; pink 3 is turned up: pink is "
        "trump. Seat 0 (you) leads.")
    table.close()


@pytest.mark.parametrize("name", ["cat-trick", "simons-cat", "king-of-the-jungle"])
def test_the_last_moves_and_the_result_are_read_out_together_once(name):
    """The press that ends the game: what came after it, then the result, in one line (the log's
    own "Game over" line is not said twice). Before the fix: the result only."""
    table = catcards.widgets.play(name, seed=5)
    while True:
        log = len(table.state.log)
        _first_playable(table).click()
        if table.state.is_over:
            break
    after = [line for line in table.log_lines()[log + 1:] if not line.startswith("Game over")]
    assert after  # the last press was answered by moves or a result written in the log
    said = _spoken(table)
    assert said == " ".join([*(table.said_as_labelled(line) for line in after), table.end_words()])
    assert said.count("Game over") == 1
    table.refresh()  # a later redraw does not replace it with the result alone
    assert _spoken(table) == said
    table.close()


def test_a_refused_press_is_still_answered_with_why_not_with_moves():
    table = catcards.widgets.play("king-of-the-jungle", seed=5)
    _card(table, "Jaguar (red 10)").click()  # bidding: a card cannot be played yet
    assert _spoken(table).startswith("Jaguar (red 10) cannot be played now")
    table.close()


def test_computer_step_at_a_table_of_computers_reads_out_the_step():
    """With only computers, "Computer step" made a move that was shown but not read out."""
    table = catcards.widgets.play("cat-trick", seed=5, humans=())
    log = len(table.state.log)
    table.step_button.click()
    assert table.state.log[log:] == ["Seat 0 plays pink 7."]
    assert _spoken(table) == "Seat 0 plays pink 7."
    table.close()


def test_moves_waiting_to_be_read_out_are_dropped_by_undo():
    table = catcards.widgets.play("cat-trick", seed=5)
    _card(table, "pink 3").click()
    table.undo_button.click()
    assert _spoken(table).startswith("Took back your move")
    table.close()


# ---- Pairs: the focus after "Skip to my turn" ---------------------------------------------------
PAIRS_DEAL = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
              ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]


@pytest.fixture
def focused(monkeypatch):
    """Every widget ``focus()`` was called on, in order."""
    calls = []
    monkeypatch.setattr(W.DOMWidget, "focus", lambda self: calls.append(self))
    return calls


def _paced_pairs():
    from catcards.widgets.table.scheduler import ManualClock

    return catcards.widgets.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=PAIRS_DEAL,
                                 clock=ManualClock())


def _skip(table):
    return next(b for b in focusable_buttons(table.hand_box) if b.description == "Skip to my turn")


def test_after_skip_to_my_turn_the_focus_goes_to_the_grids_first_face_down_card(focused):
    """Before the fix no focus was given: the browser kept it on "Skip to my turn"."""
    table = _paced_pairs()
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # a miss: the computer's paced turn starts
    assert table._pacing
    del focused[:]
    _skip(table).click()
    assert not table._pacing and table.legal  # the student's turn
    first = table.cell_buttons[min(table.cell_buttons)]
    assert focused == [first] and first.description == "card 0"
    table.close()


def _paced_pairs_at_skip(monkeypatch):
    """A paced Pairs table where seat 0 has turned over cards 0 and 1 and 4 s have gone
    by on the press clock: the computers' turns wait, "Skip to my turn" is offered. Returns the
    table and the clock (a one-item list of seconds: add to it to move time on)."""
    from catcards.widgets.table import messages

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = _paced_pairs()
    table.cell_buttons[0].click()
    sent[0] += 1.0
    table.cell_buttons[1].click()
    sent[0] += 3.0
    return table, sent


def test_a_doubled_press_on_skip_after_the_focus_moved_is_ignored(monkeypatch, focused):
    """The second press of a doubled Enter reaches "Skip to my turn" before the page has moved
    the focus: it is ignored as a repeat, not answered "Nothing to skip"."""
    from catcards.widgets.table.messages import REPEATED_PRESS

    table, sent = _paced_pairs_at_skip(monkeypatch)
    skip = _skip(table)
    skip.click()
    summary = _spoken(table)
    assert summary.startswith("Skipped to your turn.") and focused[-1] is not skip
    sent[0] += 0.2
    skip.click()
    assert "Nothing to skip" not in table.output_text()
    assert _spoken(table) == f"{summary} {REPEATED_PRESS}"
    table.close()


def test_enter_held_on_skip_does_not_turn_over_the_card_that_took_the_focus(monkeypatch, focused):
    """The card the skip hands the focus to is where a held Enter's repeats land: a press on it
    straight after is taken for that key, as after every move (the table's held-key rule)."""
    table, sent = _paced_pairs_at_skip(monkeypatch)
    _skip(table).click()
    moves = len(table.state.history)
    sent[0] += 0.5  # a held key's first repeat
    focused[-1].click()
    assert len(table.state.history) == moves
    sent[0] += 1.0  # a press of its own, later: played
    focused[-1].click()
    assert [str(a) for a in table.state.history[moves:]] == ["turn over card 0"]
    table.close()


def test_a_doubled_press_answered_before_the_replies_keeps_its_notice_after_them(monkeypatch):
    """On the kernel's loop the doubled press of a bid can be handled before the computers' bids
    (tests/browser/test_break55t_browser.py): the moves read out then keep its notice at the end."""
    from catcards.widgets.table import messages
    from catcards.widgets.table.messages import REPEATED_PRESS
    from catcards.widgets.table.scheduler import ManualClock

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("king-of-the-jungle", seed=5)
    table.clock = ManualClock()  # the replies wait, as on the loop
    bid = _card(table, "0")
    bid.click()
    assert table.state.log[-1] == "Seat 0 bids 0."
    sent[0] += 0.1
    bid.click()
    assert _spoken(table) == REPEATED_PRESS
    table.clock.advance(1)
    assert _spoken(table) == ("Seat 1 bids 2. Seat 2 bids 4. Seat 3 bids 2. Bids: seat 0 (you): 0, seat 1: 2, "
                              "seat 2: 4, seat 3: 2 (total 8). "
                              f"Seat 0 (you) leads. {REPEATED_PRESS}")
    table.close()


# ---- break56t: Play out while replies wait, replies after "Play on from here" or a look back, a
# ---- move that writes no line of its own
def test_play_out_while_the_replies_wait_says_the_result_once_not_the_rest_of_the_game():
    """Before: the replies' event read every move from the press to the end (6,577 characters in
    Cat Trick), after the result, and the result again."""
    from catcards.widgets.table.scheduler import ManualClock

    table = catcards.widgets.play("cat-trick", seed=5)
    table.clock = ManualClock()  # the replies wait, as on a busy kernel's loop
    _card(table, "pink 3").click()
    table.playout_button.click()
    assert table.state.is_over and _spoken(table) == table.end_words()
    table.clock.advance(1)  # the replies' event, still scheduled
    assert _spoken(table) == table.end_words()
    table.close()


def test_the_computers_moves_after_play_on_from_here_are_read_after_its_line():
    """Cat Trick seed 5: press pink 3, show move 1, "Play on from here": the computers play the
    trick again. Before: the line said only "Playing on from move 1; ...", never their cards."""
    table = catcards.widgets.play("cat-trick", seed=5)
    _card(table, "pink 3").click()
    table.look_back(1)
    table.play_on_from_here()
    assert _spoken(table) == ("Playing on from move 1; the game you came from is still in the Game list. "
                              "Seat 1 plays orange 6. Seat 2 plays yellow 1. Seat 3 plays orange 7. "
                              "Seat 3 wins the trick. Seat 3 plays green 1.")
    table.close()


def test_the_computers_moves_made_after_looking_back_and_returning_are_read_out():
    """A press, then a look back before the replies come, then the latest move again: the
    replies are made then. Before: the line stayed empty."""
    from catcards.widgets.table.scheduler import ManualClock

    table = catcards.widgets.play("cat-trick", seed=5)
    table.clock = ManualClock()
    _card(table, "pink 3").click()
    table.look_back(0)
    table.look_back(len(table.live_state.history))
    table.clock.advance(1)
    assert _spoken(table) == ("Seat 1 plays orange 6. Seat 2 plays yellow 1. Seat 3 plays orange 7. "
                              "Seat 3 wins the trick. Seat 3 plays green 1.")
    table.close()


def test_a_move_that_writes_no_line_of_its_own_leaves_the_next_turns_first_line_to_be_read():
    """Card Game seed 2, 3 players: "done" writes no line; the engine goes on to "Turn 3: seat 2."
    Before: the first line after the press was skipped as if it were the move's own."""
    table = catcards.widgets.play("card-game", players=3, seed=2)
    for text in ("take Money", "end turn", "pass", "play To The Top", "done"):
        log = len(table.state.log)
        table.act(table.state.action_from_string(text))
    assert not table.state.log[log].startswith("Seat 0 ")
    assert _spoken(table).startswith(table.said_as_labelled(table.state.log[log]))
    table.close()


def test_a_list_of_seats_read_out_names_the_students_seat_as_a_single_seat_is_named():
    """table57 (a hostile tester): "Seat 0 (you)" was named so alone, but in a list of seats the
    student's seat was a bare number ("dealt face down one each to seats 3, 0, 1"), read as
    someone else's. Cat Trick seed 0, the first card the student may play pressed 14 times: the
    14th press's line names it "0 (you)" in the list (before the fix: "seats 3, 0, 1")."""
    table = catcards.widgets.play("cat-trick", seed=0)
    for _ in range(14):
        _first_playable(table).click()
    assert _spoken(table) == (
        "Seat 1 plays green 3. Seat 2 wins the trick. Seat 2 has 4 green cards: too greedy! They are "
        "dealt face down one each to seats 3, 0 (you), 1; 1 discarded. Seat 2 plays yellow 4. Seat 3 "
        "plays green 1.")
    table.close()


@pytest.mark.parametrize("humans, line, said", [
    ((0,), "dealt to seats 1, 2 and 0; seats 0-1 tie", "dealt to seats 1, 2 and 0 (you); seats 0-1 tie"),
    ((0,), "Seats 0, and 3 win. Seat 0 wins.", "Seats 0 (you), and 3 win. Seat 0 (you) wins."),
    ((2,), "seats 1, 2, 3 and seat 2", "seats 1, 2 (you), 3 and seat 2 (you)"),
    ((0, 1), "seats 1, 0, 3", "seats 1, 0, 3"),  # hot-seat: people are named by seat alone
    ((), "seats 1, 0, 3", "seats 1, 0, 3"),      # computers only
])
def test_said_as_labelled_names_the_students_seat_in_a_list_of_seats(humans, line, said):
    table = catcards.widgets.play("cat-trick", seed=0, humans=humans)
    assert table.said_as_labelled(line) == said
    table.close()


def test_the_game_over_line_names_the_students_seat_in_its_reason():
    """break57 (a hostile tester): "Play out" of a 3-player Simon's Cat game (seed 2) said "Game
    over: seat 0 took 3 Simon cards and takes the blame; the others win.": the one line that tells
    a screen-reader user whether they lost named their seat as anyone's. The reason names it as
    the table does, the winners too; a computer's seat keeps the log's words."""
    table = catcards.widgets.play("simons-cat", players=3, seed=2)
    table.playout_button.click()
    said = table.end_words()
    assert said == ("Game over: seat 0 (you) took 3 Simon cards and takes the blame; the others win. "
                    "Winners: Seat 1 (computer), Seat 2 (computer)."), said
    assert said in _spoken(table)  # the live line
    table.close()
    table = catcards.widgets.play("king-of-the-jungle", players=4, seed=1)
    table.playout_button.click()
    assert table.end_words().startswith("Game over: seat 3 reached 90 points")  # a computer's seat
    table.close()
