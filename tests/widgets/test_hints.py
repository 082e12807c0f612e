"""Issue 12: a hint line in Snap, Pairs and Big Cat as in the other tables (what the rules let
you do now, never which card to choose), seeded positions."""
from __future__ import annotations

import html
import re

import ipywidgets as W

import catcards.widgets as cw
from catcards.widgets.table import _walk


def hints(table) -> list[str]:
    table.refresh()
    return [html.unescape(m) for w in _walk(table.hand_box) if isinstance(w, W.HTML)
            for m in re.findall(r"<span class='catcards-hint'[^>]*>([^<]*)</span>", w.value)]


def test_pairs_says_first_card_then_second_card():
    table = cw.play("pairs", players=2, seed=3)
    assert hints(table) == ["Your turn: choose any face-down card to turn it over, then a second one."]
    table.act(table.legal[0])
    assert hints(table) == ["Now turn over a second card: the same number makes a pair, and you have another turn."]
    table.close()


def test_big_cat_says_what_the_demand_asks():
    table = cw.play("big-cat", players=2, seed=3)
    assert hints(table) == ["Lay your top card. A reward card makes the next player pay you cards."]
    table.act(table.legal[0])
    assert table.state.observation(0)["demand"] == 1  # seed 3: the computer's reward card asks 1
    assert hints(table) == ["Pay the demand: lay 1 more card. "
                            "If you turn up a reward card, the next player must pay you instead."]
    table.close()


def test_snap_says_turn_or_watch():
    table = cw.play("snap", seed=3)
    assert hints(table) == ['Your turn: press "Turn your card". '
                            'Press "Snap!" whenever the top two cards have the same number.']
    table.turn_button.click()
    assert hints(table) == ['Watch the centre pile: press "Snap!" when the top two cards have the same number.']
    table.close()


def test_looking_back_at_your_turn_the_hint_says_what_that_turn_asked():
    """Looking back with the Move box at a position where it was your turn, the hint says what
    that turn asked, as it did live (it said "Wait for your turn." under "Your turn" in Simon's
    Cat, Cat Trick and King of the Jungle, and Big Cat showed no hint: the hints were read from
    the clickable moves, none while looking back); nothing can be clicked there."""
    import pytest

    for game in ("simons-cat", "cat-trick", "king-of-the-jungle", "big-cat"):
        table = cw.play(game, players=3 if game != "big-cat" else 2, seed=3)
        live = {}  # move number -> the hints shown live at your turn there
        while len(live) < 4 and not table.state.is_over:
            if table.legal:
                live[len(table.state.history)] = hints(table)
                table.act(table.legal[-1])
            else:  # pragma: no cover - the computers reply at once after your move
                pytest.fail(f"{game}: not your turn after the computers' replies")
        assert len(live) == 4, game
        for move, words in live.items():
            table.history_slider.value = move
            assert table.looking_back and not table.legal, (game, move)
            assert words and hints(table) == words, (game, move)
            assert "Wait for your turn." not in hints(table)
        table.close()


def test_cat_trick_names_the_trump_colour_at_the_start_of_a_sentence_with_a_capital():
    """A README user: "You lead: play any card. yellow is trump." """
    table = cw.play("cat-trick", players=3, seed=3)
    while not (table.legal and not table.state.observation(0)["trick"]):  # pragma: no cover - seed 3 leads at once
        table.act(table.legal[0])
    trump = str(table.state.observation(0)["trump"])
    assert hints(table) == [f"You lead: play any card. {trump.capitalize()} is trump."] and trump.islower()
    table.close()
