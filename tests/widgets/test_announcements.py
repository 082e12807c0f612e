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
