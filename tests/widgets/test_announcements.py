"""What the aria-live message line (``table.announce``) says, so a screen-reader user hears the
end of a game (found by trying the app with the keyboard only: the status line showed "Game over"
but nothing was announced)."""
from __future__ import annotations

import html
import re

import pytest

import catcards
import catcards.widgets


def _spoken(table) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", table.announce.value))


@pytest.mark.parametrize("name", catcards.list_games())
def test_the_end_of_a_game_is_announced_with_its_winners(name):
    table = catcards.widgets.play(name, seed=2)
    table.playout_button.click()
    outcome = table.state.outcome
    assert outcome is not None
    winners = ", ".join(table.seat_label(s) for s in outcome.winners) or "no one"
    assert _spoken(table) == f"Game over: {outcome.reason}. Winners: {winners}."
    table.close()


def test_the_end_is_announced_once_and_a_later_message_is_not_overwritten():
    table = catcards.widgets.play("pairs", players=1, seed=4)
    table.playout_button.click()
    assert _spoken(table).startswith("Game over: ")
    table.step_button.click()  # disabled in the browser; from Python it says the game is over
    table.refresh()
    assert _spoken(table) == "The game is over: press New game to deal again."
    table.new_button.click()  # a new deal: nothing to announce until it ends
    assert not _spoken(table).startswith("Game over")
    table.close()


def test_every_card_turned_at_snap_is_read_out_whoever_turns_it():
    """A hostile tester (break53): Snap's aria-live line read out refusals, false snaps and the
    end, never a card turned, so a screen-reader user could not know a snap was showing."""
    from catcards.widgets.snap import ManualClock, SnapTable

    deal = [["red 5", "red 7", "red 8", "red 9"], ["blue 5", "blue 3", "green 8", "yellow 2"]]
    clock = ManualClock()
    table = SnapTable(catcards.load("snap"), seed=1, deals=deal, clock=clock)
    table.turn_button.click()   # the person's card
    assert _spoken(table) == "Seat 0 turns red 5."
    clock.advance(table.turn_delay)   # the computer's card, on the clock: a snap
    assert _spoken(table) == "Seat 1 turns blue 5: snap showing!"
    table.snap_buttons[0].click()
    assert _spoken(table).startswith("Snap! Seat 0 was first")
    table.close()
