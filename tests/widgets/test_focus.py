"""Keyboard focus after a click in a table's hand or board (break-it tester: after Enter on a card
the hand was drawn anew and focus fell to the page). ``DOMWidget.focus`` is recorded here; the
real browser test is ``tests/browser/test_a11y.py::test_after_a_move_made_with_the_keyboard_focus_stays_in_the_hand``.

Since issue 31 a redraw updates the widgets in place by key: a button still shown is the same
widget, so the browser keeps its element and the focus on it, and the table calls ``focus()``
only when the clicked button is gone (a card played) or the next step is elsewhere (Cat Days'
places)."""
from __future__ import annotations

import ipywidgets as W
import pytest

import catcards.widgets
from catcards.widgets.table.moves import focusable_buttons, is_card_button


@pytest.fixture
def focused(monkeypatch):
    """Every widget ``focus()`` was called on, in order."""
    calls: list[W.Widget] = []
    monkeypatch.setattr(W.DOMWidget, "focus", lambda self: calls.append(self))
    return calls


def cards(table):
    return [b for b in focusable_buttons(table.hand_box) if is_card_button(b)]


def test_no_focus_is_taken_on_the_first_draw_a_new_game_or_a_move_made_from_code(focused):
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    table.act(table.legal[0])  # another cell (or a lesson's code) moving: the focus stays where it is
    table.new_game(5)
    table.undo_button.click()  # a control: never redrawn, the browser keeps its focus
    table.step_button.click()
    assert focused == []


def test_after_a_card_is_played_focus_is_on_the_card_now_at_its_place_or_the_last(focused):
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    assert [b.description for b in cards(table)] == [
        "Cat 6", "Cat 9", "Cat 10", "Kitten 7", "Hedgehog 5", "Dog 3", "Dog 4", "Dog 5", "Mouse 4"]
    cards(table)[5].click()  # Dog 3, the 6th card
    assert "Seat 0 plays Dog 3." in table.state.log
    assert focused == [cards(table)[5]] and focused[0].description == "Dog 4"
    cards(table)[7].click()  # Mouse 4, the last card
    assert "Seat 0 plays Mouse 4." in table.state.log
    assert focused[1:] == [cards(table)[-1]] and focused[1].description == "Dog 5"


def test_a_refused_card_keeps_the_focus(focused):
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    cat6 = cards(table)[0]
    before = table.state.to_json()
    cat6.click()  # cannot be played now: said why, nothing changed
    assert table.state.to_json() == before and "Cat 6 cannot be played now" in table.output_text()
    assert cards(table)[0] is cat6 and cat6.comm is not None  # the same widget: it keeps the focus
    assert focused == []


def test_snaps_turn_button_keeps_the_focus_and_big_cats_new_lay_button_takes_it(focused):
    snap = catcards.widgets.play("snap", seed=3)
    turn = snap.turn_button  # one button for the whole game, in the same box
    turn.click()
    assert "Seat 0 turns" in snap.state.log[1] and focused == []  # the browser keeps it
    big = catcards.widgets.play("big-cat", seed=3)
    lay = big.lay_button  # kept by its action while it is the move to make
    lay.click()
    assert len(big.state.history) == 2 and big.lay_button is lay and lay.comm is not None
    assert focused == [] and big.lay_button.description == "Lay your top card"


def test_cat_days_focus_goes_to_the_chosen_cards_first_place_then_back_to_the_hand(focused):
    deals = {"hands": [["Rescued Cat", "Demanding Cat", "Lazy Cat"], ["Rescued Cat"]], "weeks": [{}, {}],
             "draw": ["Rescued Cat"] * 4, "rest": "out"}
    table = catcards.widgets.play("cat-days", seed=1, deals=deals)
    assert [b.description for b in cards(table)] == ["Demanding Cat", "Lazy Cat", "Rescued Cat"]
    table.card_buttons_by_name["Lazy Cat"].click()
    assert focused == [table.choice_buttons[0]] and focused[0].description == "on my Monday"
    focused[0].click()
    assert str(table.state.history[0]) == "play Lazy Cat on my Monday"
    # the card now at the played card's place (the 2nd of Demanding Cat, Rescued Cat)
    assert focused[1:] == [cards(table)[1]] and focused[1].description == "Rescued Cat"
    rescued = table.card_buttons_by_name["Rescued Cat"]
    rescued.click()  # chosen: its first place
    assert focused[2:] == [table.choice_buttons[0]] and focused[2].description == "on my Tuesday"  # Monday is taken
    rescued.click()  # chosen again: unchosen, the same widget: the browser keeps the focus on it
    assert table.selected is None and focused[3:] == [] and table.card_buttons_by_name["Rescued Cat"] is rescued


def test_with_nothing_left_in_the_hand_focus_goes_to_a_control_that_deals_no_new_game(focused):
    """Not New game or New seed: a second Enter (a key held) after the last move would throw the
    finished game away."""
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    played = cards(table)[5]
    place = table._focus_place(played)
    assert place == ("hand_box", True, 5)
    table.hand_box.children = []
    assert table.focus_after(played, place) is table.undo_button
    for part in (table.undo_button, table.step_button, table.playout_button):
        part.disabled = True
    assert table.focus_after(played, place) is table.new_button  # the only control left
    for part in (table.new_button, table.seed_box, table.shuffle_button):  # as the app hides them
        part.layout.display = "none"
    assert table.focus_after(played, place) is None  # nothing to focus: the browser decides


def test_a_pairs_cell_keeps_the_focus(focused):
    table = catcards.widgets.play("pairs", players=2, seed=3)
    cell = table.cell_buttons[4]
    cell.click()
    assert "Seat 0 turns over card 4" in "\n".join(table.state.log)
    assert table._buttons[4] is cell and focused == []  # the same widget (face up now) keeps the focus


def test_card_game_take_money_gives_the_focus_to_the_card_list_not_to_end_turn(focused):
    """Break-it tester, keyboard only: after Enter on "take Money", "end turn" took its place and
    the focus, so a second Enter ended the turn. The next step is choosing a card."""
    table = catcards.widgets.play("card-game", players=3, seed=1)
    buttons = focusable_buttons(table.hand_box)
    assert [b.description for b in buttons] == ["take Money", "draw from the main deck"]
    buttons[0].click()
    assert str(table.state.history[-1]) == "take Money" and table.state.current_player == 0
    assert [b.description for b in focusable_buttons(table.hand_box)] == ["end turn", "Do it"]
    assert focused == [table.choice]


def test_a_key_held_or_pressed_twice_after_a_move_makes_one_move(focused, monkeypatch):
    """Break-it tester (stop 22): a second Enter 0.15-0.3 s after choosing a Cat Days card put it on
    the first place offered, and a held Enter played on. A press from the browser on the button
    the table has just focused, sent less than REPEAT_SECONDS after the press before it (the
    browser's clock), is ignored, and so is every repeat of a held key; a later press, or a click
    made by code, works."""
    from catcards.widgets.table import messages

    sent = [1000.0]  # when the browser sent the press (None: a click made by code)
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    deals = {"hands": [["Rescued Cat", "Demanding Cat", "Lazy Cat"], ["Rescued Cat"]], "weeks": [{}, {}],
             "draw": ["Rescued Cat"] * 4, "rest": "out"}
    table = catcards.widgets.play("cat-days", seed=1, deals=deals)
    table.card_buttons_by_name["Lazy Cat"].click()  # chosen: focus on its first place
    place = focused[-1]
    assert place.description == "on my Monday"
    # pressed twice (0.2 s), then held: its first repeat 0.5 s after it went down, then one every
    # 0.03 s for 1.5 s, each after the window of the press taken but a held key's repeat
    for step in (0.2, 0.3) + (0.03,) * 50:
        sent[0] += step
        place.click()
        assert table.state.history == [] and table.selected == "Lazy Cat"
    assert "press again" in table.announce.value
    sent[0] += 1.0  # a press after a pause: the move is made
    place.click()
    assert [str(a) for a in table.state.history][:1] == ["play Lazy Cat on my Monday"]
    # a click made by code is never taken for a held key
    sent[0] = None
    table.card_buttons_by_name["Rescued Cat"].click()
    focused[-1].click()
    assert "play Rescued Cat" in str(table.state.history[2])


def test_a_key_pressed_again_and_again_makes_a_move_once_the_window_has_passed(focused, monkeypatch):
    """A fresh README user (readme48) pressed Enter on Simon's Cat's one playable card every
    0.15-0.25 s: 1,500 presses over 6.5 minutes, each taken for a repeat of the one before (each
    less than REPEAT_SECONDS after it), and the table never moved. Presses further apart than a
    held key's repeats (HELD_KEY_GAP) are ignored only within REPEAT_SECONDS of the press taken."""
    from catcards.widgets.table import messages

    assert messages.HELD_KEY_GAP < 0.2 < messages.REPEAT_SECONDS
    sent = [1000.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    deals = {"hands": [["Rescued Cat", "Demanding Cat", "Lazy Cat"], ["Rescued Cat"]], "weeks": [{}, {}],
             "draw": ["Rescued Cat"] * 4, "rest": "out"}
    table = catcards.widgets.play("cat-days", seed=1, deals=deals)
    table.card_buttons_by_name["Lazy Cat"].click()  # chosen (taken at 1000.0): focus on its first place
    place = focused[-1]
    for _ in range(2):  # 0.2 and 0.4 s after the press taken: a double press
        sent[0] += 0.2
        place.click()
        assert table.state.history == []
    sent[0] += 0.2  # 0.6 s after it, still 0.2 s after the last: taken
    place.click()
    assert [str(a) for a in table.state.history][:1] == ["play Lazy Cat on my Monday"]


def test_a_key_held_on_computer_step_makes_one_step(focused, monkeypatch):
    """Break-it tester (stop 23): Enter held 1.5 s on "Computer step" (it keeps the focus) made 15
    steps, the computer choosing the student's cards too. A control that keeps the focus is
    guarded as the button focused after a move is: a held key makes one press."""
    from catcards.widgets.table import messages

    sent = [1000.0]  # when the browser sent the press
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("simons-cat", players=4, seed=4)
    table.step_button.click()
    made = len(table.state.history)
    assert made >= 1 and focused == []  # Computer step keeps its focus
    for step in (0.5,) + (0.03,) * 50:  # a held key's repeats: the first after 0.5 s, then every 0.03 s
        sent[0] += step
        table.step_button.click()
        assert len(table.state.history) == made
    assert "press again" in table.announce.value
    sent[0] += 1.0  # a press after a pause: one more step
    table.step_button.click()
    assert len(table.state.history) > made


def test_a_number_typed_in_the_move_box_is_no_press_of_the_button_after_it(focused, monkeypatch):
    """Break-it tester (stop 24): after "Play on from here" (it keeps the focus), "12" typed in the
    Move box (out of range), Enter, then Tab and Enter on the button within 0.6 s was refused as
    "a key held down or pressed twice", and the range was never said. A value typed or chosen is
    no press: only buttons' presses are compared."""
    from catcards.widgets.table import messages

    sent = [1000.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("simons-cat", players=4, seed=7)
    sent[0] = None  # moves made by code
    for _ in range(4):
        table.step_button.click()
    sent[0] = 1000.0
    table.history_slider.value = 1
    sent[0] += 0.3
    table.branch_button.click()  # played on from move 1: the button keeps the focus
    assert "Playing on from move 1" in table.announce.value
    latest = len(table.state.history)
    sent[0] += 2.0
    table.history_slider.value = 99  # beyond the latest move
    assert "not 99" in table.announce.value
    sent[0] += 0.3  # Tab, Enter at once
    table.branch_button.click()
    assert "press again" not in table.announce.value
    assert "you are at the latest move" in table.announce.value
    assert len(table.state.history) == latest


def test_play_out_or_computer_step_ending_the_game_gives_the_focus_to_undo(focused):
    """Break-it tester, keyboard only: Enter on "Play out" ended the game and disabled the button,
    and focus fell to the page. A control the click disabled passes the focus on as the last move
    in the hand does: to the first control that deals no new game (Undo), not New game."""
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    table.playout_button.click()
    assert table.state.is_over and table.playout_button.disabled
    assert focused == [table.undo_button]
    # the app hides New game, the seed box and New seed: Undo all the same
    table = catcards.widgets.play("pairs", players=1, seed=1, numbers=1, copies=2)
    for part in (table.new_button, table.seed_box, table.shuffle_button):
        part.layout.display = "none"
    table.step_button.click()  # card 0: the game goes on, Computer step keeps its focus
    assert not table.state.is_over and focused[1:] == []
    table.step_button.click()  # card 1: the last move
    assert table.state.is_over and focused[1:] == [table.undo_button]


def test_big_cats_run_and_next_trick_give_the_focus_to_undo_never_replay_deal(focused):
    table = catcards.widgets.play("big-cat", seed=3)
    table.playout_button.click()  # "Run": to the end
    assert table.state.is_over and table.playout_button.disabled
    assert focused == [table.undo_button]
    table.new_game(3)
    for part in (table.undo_button, table.step_button):
        part.layout.display = "none"
    table.trick_button.click()
    assert focused[1:] == []  # a trick taken: "Next trick" keeps its focus
    while not table.state.is_over:
        table.trick_button.click()
    # "Next trick" disabled, Undo and Step hidden, "Run" disabled: New game, as after the last move
    # in the hand when it is the only control left, not "Replay deal", which also deals again
    assert focused[1:] == [table.new_button]


def test_play_on_from_here_is_never_disabled_and_keeps_the_focus(focused):
    """Break-it tester, keyboard only: after typing a move number, Tab went past "Play on from
    here" because it was still disabled (the number reaches the kernel a moment after the key).
    It is now always enabled, marked unavailable at the latest move (a press says why), and keeps
    the focus after a press (it was disabled by the press before, and focus went to Undo)."""
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    table.act(table.legal[0])
    table.act(table.legal[0])
    branch = table.branch_button
    assert not branch.disabled and "catcards-unplayable" in branch._dom_classes
    table.history_slider.value = 1  # looking back: Undo, Computer step and Play out are disabled
    assert table.looking_back and table.undo_button.disabled and not branch.disabled
    assert "catcards-unplayable" not in branch._dom_classes
    branch.click()
    assert not table.looking_back and not branch.disabled and "catcards-unplayable" in branch._dom_classes
    assert "Playing on from move 1" in table.output_text()
    assert focused == []  # still enabled: the browser keeps the focus on it


def test_cancel_in_cat_days_gives_the_focus_back_to_the_chosen_card(focused):
    deals = {"hands": [["Demanding Cat", "Lazy Cat", "Rescued Cat"], ["Rescued Cat"]], "weeks": [{}, {}],
             "draw": ["Rescued Cat"] * 4, "rest": "out"}
    table = catcards.widgets.play("cat-days", seed=1, deals=deals)
    lazy = table.card_buttons_by_name["Lazy Cat"]
    lazy.click()
    assert focused == [table.choice_buttons[0]]  # the chosen card's first place
    table.cancel_button.click()
    assert focused[1:] == [lazy] and table.card_buttons_by_name["Lazy Cat"] is lazy
    assert table.selected is None and list(table.state.history) == []


def test_a_last_card_played_before_the_computers_reply_gives_the_focus_to_the_hand_after_it(focused):
    """In a kernel the computers' replies are scheduled on its loop (``call_later``), so the
    redraw right after a person's last card shows an empty hand. The focus waited for no one and
    went to Undo, and stayed there at the person's turn (real browser:
    test_cat_days_keyboard_focus_goes_from_a_chosen_card_to_its_places_and_back_to_the_hand). It
    goes to "draw a card", once, after the replies are drawn."""
    import asyncio

    deals = {"hands": [["Lazy Cat"], ["Rescued Cat"]], "weeks": [{}, {}],
             "draw": ["Rescued Cat"] * 4, "rest": "out"}

    async def game() -> tuple[list[W.Widget], list[W.Widget], W.Widget]:
        table = catcards.widgets.play("cat-days", seed=1, deals=deals)
        table.card_buttons_by_name["Lazy Cat"].click()
        table.choice_buttons[0].click()  # the last card: the computer's reply is scheduled
        waiting = list(focused)
        await asyncio.sleep(0.2)  # the loop runs the reply and its redraw
        assert len(table.state.history) == 2 and table.state.current_player == 0
        return waiting, list(focused), table

    waiting, after, table = asyncio.run(game())
    assert [w.description for w in waiting] == ["on my Monday"]  # nothing yet: no Undo first
    assert after[1:] == table.other_buttons and after[1].description == "draw a card"


def test_a_clicks_focus_is_given_once_after_the_last_computer_reply_it_caused_is_drawn(focused, monkeypatch):
    """Issue 31: one focus rule. A card played at Simon's Cat with the replies scheduled on the
    kernel's loop, one reply per event (BATCH 1): no focus at the click nor at any reply's event;
    once the last reply is drawn, the card now at the played card's place, once."""
    import asyncio

    import catcards.widgets.table as tables

    monkeypatch.setattr(tables, "BATCH", 1)
    seen: list[list] = []  # the focus calls made before each reply's event runs

    async def game():
        table = catcards.widgets.play("simons-cat", players=4, seed=2)
        schedule = table.clock.schedule

        def watched(delay, fn):
            schedule(delay, lambda: (seen.append(list(focused)), fn()))

        table.clock.schedule = watched
        cards(table)[5].click()  # Dog 3: the computers reply, one move per event
        at_click = list(focused)
        for _ in range(100):
            await asyncio.sleep(0.01)
            if table.clock.pending == 0:
                break
        return table, at_click

    table, at_click = asyncio.run(game())
    assert table.state.current_player == 0 and len(seen) >= 2  # several replies, one event each
    assert at_click == [] and all(calls == [] for calls in seen)
    assert focused == [cards(table)[5]] and focused[0].description == "Dog 4"


def test_the_clock_runs_then_once_after_the_chain_of_events():
    from catcards.widgets.table.scheduler import ManualClock

    clock, ran = ManualClock(), []
    clock.then(lambda: ran.append("now"))  # nothing pending: at once
    clock.schedule(1, lambda: (ran.append(1), clock.schedule(1, lambda: ran.append(2))))
    clock.then(lambda: ran.append("after"))
    clock.advance(1)
    assert ran == ["now", 1]  # the event it scheduled is still to come
    clock.advance(1)
    assert ran == ["now", 1, 2, "after"]
    clock.schedule(1, lambda: ran.append(3))
    clock.then(lambda: ran.append("dropped"))
    clock.cancel_all()
    clock.advance(5)
    assert ran == ["now", 1, 2, "after"]


def test_a_card_pressed_while_the_computers_played_is_not_played_for_the_next_turn(focused, monkeypatch):
    """Helper pairsclicks (stop 47): the tables keep a card's button between redraws and give it
    the new position, so a second card clicked with the first (sent before the page showed the
    computers' replies) reached the kernel after them and was played as the person's next card.
    It is refused in words and changes nothing; the same card pressed once the page shows the
    turn is played."""
    from catcards.widgets.table import messages
    from catcards.widgets.table.moves import COMPUTERS_MOVED

    sent = [100.0]  # when the browser sent the press
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = catcards.widgets.play("simons-cat", players=4, seed=2)
    cards(table)[5].click()  # Dog 3; the computers reply at once (no event loop here)
    assert table.state.current_player == 0 and table.state.log[-1] == "Seat 3 plays Mouse 2."
    mouse4 = cards(table)[7]
    assert mouse4.description == "Mouse 4" and [str(a) for a in table.legal] == ["play Mouse 4"]
    before = table.state.to_json()
    mouse4.click()  # sent with Dog 3's click, before the page showed the replies
    assert table.state.to_json() == before
    assert table.output_text().strip().endswith(COMPUTERS_MOVED)
    sent[0] += 1.0  # pressed once the page shows the turn
    mouse4.click()
    assert "play Mouse 4" in [str(a) for a in table.state.history[-8:]] and "Seat 0 plays Mouse 4." in table.state.log
