"""Hostile tester break55t: doubled presses (a doubled Enter, a double-click) that the table does
not take for one, or answers with a notice that contradicts the line before it.

Found in Chromium on the Voila app at 390 px (King of the Jungle, seed 5): the bid buttons stay
open widgets after the bid (hidden, not closed), so a doubled Enter or a double-click on "0" sends
its second press to that bid button before the page has the redraw. The table ignores a press as
a repeat only when it hits the button it gave the focus to after the move
(``MessagesMixin._repeated_press``: here the first card), so the second press is answered
"'0' was from an earlier position; the game has moved on..." in the message area and the
aria-live line, instead of being ignored as the doubled press it is.
"""
from __future__ import annotations

import html
import re

import catcards
import catcards.widgets
from catcards.widgets.table import messages
from catcards.widgets.table.messages import REPEATED_PRESS
from catcards.widgets.table.moves import focusable_buttons


def _spoken(table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.announce.value))


def _button(table, description):
    return next(b for b in focusable_buttons(table.hand_box) if b.description == description)


def test_a_doubled_press_on_a_bid_is_ignored_as_a_repeat(monkeypatch):
    sent = [100.0]  # the browser's clock at each press
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("king-of-the-jungle", seed=5)
    bid = _button(table, "0")
    bid.click()  # the bid; the computers bid after it
    assert table.state.history[0] is not None and len(table.state.history) >= 1
    assert bid.comm is not None  # still an open widget: the browser can send it a press
    written = table.output_text()
    sent[0] += 0.1  # Enter pressed twice (or a double-click): sent before the redraw arrived
    bid.click()
    assert table.output_text() == written  # was "'0' was from an earlier position; ..."
    assert _spoken(table).endswith(REPEATED_PRESS)
    table.close()


def test_a_doubled_press_on_an_unplayable_card_does_not_invite_pressing_it_again(monkeypatch):
    """In Chromium (King of the Jungle, seed 5, bidding): Enter twice on the card Jaguar (red 10)
    read out "Jaguar (red 10) cannot be played now: everyone bids before the first card is
    played. Nothing changed. That press came straight after the one before (a key held down or
    pressed twice), so nothing changed; press again to use this button." A second press is
    refused again; the line should not tell the student that pressing again will use it."""
    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("king-of-the-jungle", seed=5)
    card = _button(table, "Jaguar (red 10)")
    card.click()
    assert _spoken(table).startswith("Jaguar (red 10) cannot be played now")
    sent[0] += 0.1
    card.click()
    assert "press again to use this button" not in _spoken(table)
    table.close()


def test_in_a_snap_pass_without_calls_no_computer_calls_snap():
    """``play("snap", snap_calls=False)`` (seat 1 a computer, as by default) is documented as "a
    pass through the deck in which nobody calls". Seed 3, 52 cards: the message area said "Seat 1
    (computer) calls snap first and takes the pile.", the log has 53 lines, and the end still said
    "52 cards turned. Snaps showing in this pass: 3." The class activity refuses that game ("a snap
    was called in this game"). Either computers do not call in a pass, or such a table is refused."""
    from catcards.classroom.games.snap import snaps_in_pass
    from catcards.widgets.snap import ManualClock

    table = catcards.widgets.play("snap", players=2, max_turns=52, seed=3, clock=ManualClock(), snap_calls=False)
    while not table.state.is_over:
        if table.is_human(table.state.current_player):
            table.turn_button.click()
        else:
            table.clock.advance(table.turn_delay)
    assert "calls snap" not in table.output_text()   # was "Seat 1 (computer) calls snap first ..."
    assert snaps_in_pass(table.state) == table.state.snaps_showing   # raised ActivityError
    table.close()


def test_a_doubled_press_while_the_computers_play_pairs_does_not_invite_pressing_again(monkeypatch):
    """In Chromium (Pairs, 3 players, seed 3, Enter pressed three times fast while the computers
    played) the live line read "Wait: the computer is playing. Nothing changed: choose a card when
    it is your turn. (pressed 9 times) That press came straight after the one before (a key held
    down or pressed twice), so nothing changed; press again to use this button." Pressing again
    only says "Wait" again: the two halves of the line disagree."""
    from catcards.widgets.pairs import COMPUTER_PLAYING
    from catcards.widgets.table.scheduler import ManualClock

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    deal = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
            ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]
    table = catcards.widgets.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=deal, clock=ManualClock())
    table.cell_buttons[0].click()
    sent[0] += 1.0
    table.cell_buttons[1].click()  # a miss: the computer's paced turn starts
    assert table._pacing
    sent[0] += 1.0
    table._buttons[5].click()
    assert _spoken(table) == COMPUTER_PLAYING
    sent[0] += 0.1  # the same key again at once
    table._buttons[5].click()
    assert table._pacing
    assert "press again to use this button" not in _spoken(table)
    table.close()


def test_in_a_snap_pass_the_live_line_names_the_persons_seat_as_the_table_does():
    """break55t: in a pass the live line said "Seat 0 turns ..." while the table said "Seat 0 (you)"."""
    from catcards.widgets.snap import ManualClock

    table = catcards.widgets.play("snap", players=2, max_turns=52, seed=3, clock=ManualClock(), snap_calls=False)
    table.turn_button.click()
    assert table.seat_label(0) == "Seat 0 (you)"
    assert _spoken(table).startswith("Seat 0 (you) turns ")   # was "Seat 0 turns ..."
    table.clock.advance(table.turn_delay)
    assert _spoken(table).startswith("Seat 1 turns ")   # a computer's seat as the log names it
    table.close()


def test_a_doubled_press_on_an_undo_with_nothing_to_take_back_does_not_invite_pressing_again(monkeypatch):
    """Undo before any move says "Nothing to take back"; a doubled press on it must not then say
    "press again to use this button" (pressing again is refused again)."""
    from catcards.widgets.table.messages import REPEATED_REFUSAL

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("king-of-the-jungle", seed=5)
    undo = next(b for b in focusable_buttons(table.controls) if b.description.startswith("Undo"))
    undo.click()
    said = _spoken(table)
    sent[0] += 0.1
    undo.click()
    assert _spoken(table) == f"{said} {REPEATED_REFUSAL}"
    table.close()
