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
    assert hints(table) == ["Your turn: click any face-down card to turn it over, then a second one."]
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
