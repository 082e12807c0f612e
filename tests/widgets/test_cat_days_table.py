"""The Cat Days widget table: pressing buttons with Button.click() and checking what it shows."""
from __future__ import annotations

import catcards
import catcards.widgets
from catcards.games.cat_days import DAYS
from catcards.widgets.cat_days import CatDaysTable


def stacked(hands, weeks=({}, {}), draw=("Rescued Cat",) * 4, **kw):
    deals = {"hands": [list(h) for h in hands], "weeks": list(weeks), "draw": list(draw), "rest": "out"}
    return catcards.widgets.play("cat-days", seed=1, deals=deals, **kw)


def board_html(table):
    return table.board_box.children[0].value


def test_play_returns_the_cat_days_table_showing_both_weeks():
    table = catcards.widgets.play("cat-days", seed=3)
    assert isinstance(table, CatDaysTable)
    html = board_html(table)
    assert html.count("class='catcards-day'") == 14
    for d in DAYS:
        assert f"data-day='{d}'" in html
    assert "data-count='26'" in html  # the draw pile: 34 - 8 dealt
    assert "Your turn" in table.status.value


def test_choosing_a_card_offers_only_its_legal_days_and_playing_one_lets_the_computer_answer():
    table = stacked(hands=(["Demanding Cat", "Lazy Cat"], ["Rescued Cat"]))
    table.card_buttons_by_name["Demanding Cat"].click()
    assert table.selected == "Demanding Cat"
    assert [b.description for b in table.choice_buttons] == ["on my Sunday"]
    table.card_buttons_by_name["Lazy Cat"].click()
    assert [b.description for b in table.choice_buttons] == [f"on my {d}" for d in DAYS[:5]]
    table.card_buttons_by_name["Demanding Cat"].click()
    table.choice_buttons[0].click()
    state = table.state
    assert str(state.history[0]) == "play Demanding Cat on my Sunday"
    assert len(state.history) == 2 and state.current_player == 0  # the computer moved
    assert table.selected is None and table.choice_buttons == []
    assert "data-week='0'>score <b>6</b>" in board_html(table)


def test_a_card_whose_text_cannot_be_carried_out_is_marked_and_a_click_says_why():
    table = stacked(hands=(["Cardboard Box", "Rescued Cat"], []))  # the opponent has no cat
    box, rescued = table.card_buttons_by_name["Cardboard Box"], table.card_buttons_by_name["Rescued Cat"]
    assert not box.disabled and "catcards-unplayable" in box._dom_classes  # focusable, clickable
    assert not rescued.disabled and "catcards-unplayable" not in rescued._dom_classes
    assert "cannot be played now" in box.tooltip and "Cardboard Box (event)" in box.tooltip
    before = table.state.to_json()
    box.click()
    assert table.state.to_json() == before and table.selected is None and table.choice_buttons == []
    said = table.output_text()
    assert "Cardboard Box cannot be played now: its whole text cannot be carried out" in said
    assert "Cardboard Box (event): " in said and said.strip().endswith("Nothing changed.")
    rescued.click()  # a playable card is still chosen as before
    assert table.selected == "Rescued Cat" and table.choice_buttons


def test_covered_cats_and_cat_trees_are_shown_and_hidden_hands_are_not():
    table = stacked(
        hands=(["Rescued Cat"], ["Water Spray"]),
        weeks=({"Monday": ["Cat Tree", "Lazy Cat", "Shy Cat", "Rescued Cat"]},
               {"Sunday": ["Demanding Cat", "Grumpy Cat"]}),
    )
    html = board_html(table)
    assert "covered: Demanding Cat (6)" in html
    monday = html.split("data-week='0' data-day='Monday'")[1].split("</td>")[0]
    assert monday.count("<svg") == 3 and "Cat Tree" in monday
    everything = html + "".join(getattr(w, "value", "") for w in table.hand_box.children) + table.log_view.value
    assert "Water Spray" not in everything  # the computer's hand stays hidden


def test_draw_button_and_stale_clicks_are_reported_not_raised():
    table = stacked(hands=(["Rescued Cat"], ["Rescued Cat"]))
    draw = next(b for b in table.other_buttons if b.description == "draw a card")
    table.card_buttons_by_name["Rescued Cat"].click()
    old_choice = table.choice_buttons[0]
    draw.click()
    assert str(table.state.history[0]) == "draw a card"
    moves = len(table.state.history)
    old_choice.click()  # from an earlier position
    assert len(table.state.history) == moves
    assert "earlier position" in table.output_text()


def test_watching_two_computers_play_to_the_end():
    table = catcards.widgets.play("cat-days", seed=5, humans=(), agents=["sensible", "random"])
    table.step_button.click()
    assert len(table.state.history) == 1
    table.playout_button.click()
    assert table.state.is_over and "Game over" in table.status.value
    assert board_html(table).count("class='catcards-day'") == 14


def _buttons(widget):
    """The buttons a keyboard reaches in ``widget``, in page order (the chosen card's places stay
    in the hand, hidden, while no card is chosen)."""
    from catcards.widgets.table.moves import focusable_buttons

    yield from focusable_buttons(widget)


def test_a_chosen_cards_places_come_first_in_the_hands_keyboard_order():
    """In page (and Tab) order the chosen card's places come before the cards, so one Tab after the
    redraw reaches the first place (tests/browser/test_a11y.py counts the Tabs in Chromium)."""
    table = stacked(hands=(["Rescued Cat", "Lazy Cat", "Demanding Cat"], ["Rescued Cat"]))
    hand = [b.description for b in _buttons(table.hand_box)]
    assert sorted(hand[:3]) == ["Demanding Cat", "Lazy Cat", "Rescued Cat"] and hand[3:] == ["draw a card"]
    table.card_buttons_by_name["Rescued Cat"].click()
    order = list(_buttons(table.hand_box))
    places = [f"on my {d}" for d in DAYS] + [f"on their {d}" for d in DAYS]  # Rescued Cat: either week
    assert order[:14] == table.choice_buttons and [b.description for b in order[:14]] == places
    assert order[14] is table.cancel_button  # after the places: the way back without playing
    assert [b.description for b in order[15:]] == hand
    table.choice_buttons[2].click()  # the move: no places left, the cards first again
    assert [b.description for b in _buttons(table.hand_box)][0] in ("Lazy Cat", "Demanding Cat", "Rescued Cat")
    assert table.choice_buttons == [] and str(table.state.history[0]) == "play Rescued Cat on my Wednesday"


def test_cancel_puts_the_chosen_card_back_and_changes_nothing_else():
    """Break-it tester, keyboard only: once a card was chosen (its places shown, the focus on the
    first), Escape did nothing and there was no way back but to find the card again past its
    places. "Cancel", after the places, puts it back; its focus is in tests/widgets/test_focus.py."""
    table = stacked(hands=(["Demanding Cat", "Lazy Cat"], ["Rescued Cat"]))
    assert table.cancel_button is None  # no card chosen: nothing to cancel
    before = table.state.to_json()
    table.card_buttons_by_name["Lazy Cat"].click()
    cancel = table.cancel_button
    assert (cancel.description, cancel.tooltip) == ("Cancel", "put Lazy Cat back and choose another card")
    assert "catcards-action" not in cancel._dom_classes  # not a move
    cancel.click()
    assert table.selected is None and table.choice_buttons == [] and table.cancel_button is None
    assert table.state.to_json() == before and table.card_buttons_by_name["Lazy Cat"].button_style == ""
    assert "Lazy Cat is back in your hand: choose a card." in table.announce.value
    cancel.click()  # a second press on the Cancel that is gone: said, nothing changes
    assert table.output_text().endswith(
        "That Cancel was from an earlier position: no card is chosen now, so nothing changed.\n")
    assert table.state.to_json() == before and table.selected is None
    table.card_buttons_by_name["Demanding Cat"].click()  # another card is chosen as before
    table.choice_buttons[0].click()
    assert str(table.state.history[0]) == "play Demanding Cat on my Sunday"
