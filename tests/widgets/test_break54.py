"""Defects found by a hostile tester (branch break54), kept as expected failures until fixed."""
from __future__ import annotations

import html
import re

import pytest

import catcards.widgets as cw
from catcards.widgets.table.moves import focusable_buttons
from catcards.widgets.table.scheduler import ManualClock


def spoken(table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.announce.value))


def skip_button(table):
    return next(b for b in focusable_buttons(table.hand_box) if b.description == "Skip to my turn")


def play_until_a_skip_ends_the_game(table) -> None:
    """The student turns the lowest face-down card each time; whenever the computer plays, Skip
    to my turn is pressed, until the game ends (Pairs, 2 players, seed 0: the skip ends it)."""
    for _ in range(400):
        if table.state.is_over:
            return
        button = skip_button(table)
        if table._pacing and "catcards-unplayable" not in button._dom_classes:
            button.click()
            continue
        if table.state.current_player != 0:
            table.clock.advance(5)
            continue
        table.cell_buttons[min(table.cell_buttons)].click()
        table.clock.advance(0.5)


def test_a_skip_that_ends_the_game_reads_out_the_computers_turns_with_the_result():
    """break54: when Skip to my turn ends the game, the summary of the computers' turns was said,
    then "The game is over..." and the result replaced it in the aria-live line within the same
    press: a screen reader read only the result (the defect cce94a7 mended for "Your turn", left
    in the game-over branch). Now one line: the summary, the result, what to press."""
    table = cw.play("pairs", clock=ManualClock(), players=2, seed=0)
    play_until_a_skip_ends_the_game(table)
    assert table.state.is_over
    said = table.output_text()
    assert "The computers finished the game. Since your last turn: Seat 1 (computer) " in said  # holds
    line = spoken(table)
    assert line.startswith("The computers finished the game. Since your last turn: Seat 1 (computer) "), line
    assert "Game over: " in line and "Winners: Seat 1 (computer)." in line, line
    assert line.endswith("The game is over: press New game to deal again."), line
    table.close()


def test_snaps_turn_button_keeps_the_focus_when_the_student_is_out():
    """break54: "Turn your card", disabled once the student was out (b1324c1), dropped the
    keyboard focus to the page's body mid-game in Chromium (app, 390 px, players=3, seed=1, Enter
    on the focused button each turn), as Predict's disabled button did. It stays focusable,
    marked unavailable (:func:`mark_unavailable`), and a press says why."""
    from catcards.games.snap import OUT

    table = cw.play("snap", clock=ManualClock(), players=3, seed=1)
    for _ in range(3000):
        if table.state.is_over or table.state.status[0] == OUT:
            break
        if table.state.current_player == 0 and "catcards-unplayable" not in table.turn_button._dom_classes:
            table.turn_button.click()
        table.clock.advance(0.5)
    assert table.state.status[0] == OUT and not table.state.is_over  # holds: out, the game goes on
    assert not table.turn_button.disabled
    assert "catcards-unplayable" in table.turn_button._dom_classes
    assert "out of the game" in table.turn_button.tooltip
    table.turn_button.click()
    assert table.output_text().endswith("You are out of the game: you turn no more cards. Watch how it ends.\n")
    table.close()


def test_undo_with_nothing_to_take_back_during_a_computers_opening_lets_it_go_on():
    """break54: a computer that starts a Pairs game is paced (715bf16). "Undo" pressed during
    that opening said "Nothing to take back" and changed nothing in the game, but it cancelled
    the pace: no step was left on the clock, and the table stayed at "Seat 2 (computer) to act"
    for good (only Computer step, Play out or New game moved it on). Nothing taken back, the
    computers' turn goes on and the student's turn comes, as without the press."""
    def clock_step(table):
        clock = table.clock
        clock.advance(clock._events[0][0] - clock.now)

    table = cw.play("pairs", clock=ManualClock(), players=3, seed=3, first_player=2)
    clock_step(table)  # the computer's first card is face up
    assert len(table.state.history) == 1 and table._pacing
    table.undo_button.click()
    assert table.output_text().endswith("Nothing to take back: no move of yours has been made in this game.\n")
    assert len(table.state.history) == 1
    assert table.clock.pending >= 1 and table._pacing
    for _ in range(50):
        if not table.clock.pending:
            break
        clock_step(table)
    assert table.state.current_player == 0 and not table.state.is_over
    assert re.sub(r"<[^>]+>", " ", table.status.value).split()[:2] == ["Your", "turn"]
    # the same game as without the press
    plain = cw.play("pairs", clock=ManualClock(), players=3, seed=3, first_player=2)
    while plain.clock.pending:
        clock_step(plain)
    assert plain.state.to_json() == table.state.to_json()
    table.close()
    plain.close()


def test_after_a_pair_is_taken_the_focus_goes_to_the_next_card_on_the_table(monkeypatch):
    """break54, keyboard only at 390 px (Chromium): Enter on card 1 (Jaguar blue 10), then on
    card 3 (Jaguar green 10), a pair: both leave the table and the focus went to card 5, not
    card 4, the next card after the one pressed: it was given to the button at the pressed one's
    index among the cards still shown, and the pair's first card, taken too, stood before it. A
    Tab from there skipped card 4. It goes to the next card on the table after the pressed one."""
    import ipywidgets as W

    focused = []
    monkeypatch.setattr(W.DOMWidget, "focus", lambda self: focused.append(self))
    table = cw.play("pairs", players=2, seed=3)
    table.cell_buttons[1].click()
    table.cell_buttons[3].click()
    assert "Seat 0 turns over card 3: Jaguar (green 10). A pair!" in "\n".join(table.state.log)
    assert focused == [table._buttons[4]], [b.description for b in focused]
    table.close()


def test_a_skip_before_the_students_first_turn_says_since_the_deal():
    """break54: with a computer starting the game (``first_player=2``), "Skip to my turn" during
    its opening said "Since your last turn", though the student had had no turn yet."""
    table = cw.play("pairs", clock=ManualClock(), players=3, seed=3, first_player=2)
    table.clock.advance(table.clock._events[0][0] - table.clock.now)  # the computer's first card is face up
    assert table._pacing and table.state.current_player == 2
    skip_button(table).click()
    line = spoken(table)
    assert line.startswith("Skipped to your turn. Since the deal: Seat 2 (computer) 1 turn"), line
    assert line.endswith("Your turn: choose a face-down card."), line
    table.close()
