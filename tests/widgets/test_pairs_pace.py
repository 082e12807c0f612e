"""The Pairs table's paced turns (README user: after the student's miss, the student's second card
and every card the computer turned were face up for 0.05-0.1 s, seen in the move log only).

The table's clock is a ManualClock here, so each step of the pace runs when the test moves the
clock on, as ``loop.call_later`` runs it on the kernel's loop; with no clock given (no event loop
runs in a test) the same game is played at once."""
from __future__ import annotations

import html
import re

import pytest

import catcards.widgets as cw
from catcards.render.pairs import card_named, cell_html
from catcards.widgets.pairs import CARD_SECONDS, COMPUTER_PLAYING, SHOWN_SECONDS
from catcards.widgets.table.messages import counted_words
from catcards.widgets.table.scheduler import ManualClock

#: 12 cards (positions 0-5 on the first row, 6-11 on the second): red 1 and blue 2 at 0 and 1 are
#: a miss for the student; the computer does not end the game in one turn
DEAL = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
        ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]


def paced(players=2, **kw):
    return cw.play("pairs", players=players, copies=2, numbers=6, seed=1, deals=DEAL, clock=ManualClock(), **kw)


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def looks(table, p: int, shown) -> bool:
    """Cell ``p`` shows ``shown``: a card's name (face up), "down" or None (taken)."""
    if isinstance(shown, str) and shown != "down":
        shown = card_named(table.game.cards, shown)
    return table._faces[p].value == cell_html(p, shown)


def history(table) -> list[str]:
    return [str(a) for a in table.state.history]


def grid(table) -> list:
    """Every cell: its face, and its button's words, classes and state."""
    return [(face.value, b.description, b.tooltip, tuple(b._dom_classes), b.disabled, b.layout.visibility)
            for face, b in zip(table._faces, table._buttons)]


def step(table) -> float:
    """Move the table's clock on to its next event and run it; the seconds waited."""
    clock = table.clock
    wait = clock._events[0][0] - clock.now
    clock.advance(wait)
    return wait


def miss(table) -> None:
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # red 1, blue 2: a miss; the computer is next


def test_after_a_miss_the_students_cards_stay_face_up_then_go_face_down_before_the_computer_turns():
    table = paced(agents="perfect")
    miss(table)
    assert history(table) == ["turn over card 0", "turn over card 1"] and table.state.current_player == 1
    # the engine has turned them face down; the table shows them face up for a moment
    assert table.state.observation(0)["grid"][:2] == ["down", "down"]
    assert looks(table, 0, "red 1") and looks(table, 1, "blue 2")
    assert "card 1: blue 2. No match with card 0 (red 1)" in plain(table.announce.value)
    status = plain(table.status.value)
    assert status == "No match \u00b7 Seat 1 (computer) is turning cards \u00b7 1 turn played"
    table.clock.advance(SHOWN_SECONDS - 0.01)
    assert looks(table, 0, "red 1") and looks(table, 1, "blue 2") and len(table.state.history) == 2
    table.clock.advance(0.01)  # face down; the computer turns its first card a moment later
    assert looks(table, 0, "down") and looks(table, 1, "down") and len(table.state.history) == 2
    assert "Seat 1 (computer) is turning cards" in plain(table.status.value)
    assert step(table) == pytest.approx(CARD_SECONDS) and len(table.state.history) == 3


def test_the_computers_cards_are_shown_one_by_one_and_its_pairs_leave_visibly():
    table = paced(agents="perfect")
    miss(table)
    step(table)  # the student's cards go face down
    made, turns = 2, []
    while table.clock.pending:
        waited = step(table)
        state = table.state
        if len(state.history) == made:  # the cards shown go face down (or off the table)
            assert waited == pytest.approx(SHOWN_SECONDS)
            for q in turns[-1]["positions"]:
                assert looks(table, q, "down" if not turns[-1]["match"] else None)
            continue
        assert len(state.history) == made + 1  # one card per step
        made += 1
        assert waited == pytest.approx(CARD_SECONDS)
        p = state.history[-1].position
        if state.turned is not None:  # the first card: face up alone, read out
            name = str(state.observation(0)["grid"][p])
            assert looks(table, p, name)
            assert plain(table.announce.value) == f"Seat 1 (computer) turns over card {p}: {name}."
        else:  # the second: both face up, a pair too, before they leave the table
            turn = state.last_turn
            turns.append(turn)
            assert turn["seat"] == 1 and all(looks(table, q, n) for q, n in zip(turn["positions"], turn["cards"]))
            assert plain(table.announce.value).startswith(f"Seat 1 (computer) turns over card {p}: {turn['cards'][1]}.")
    assert table.state.current_player == 0 and turns and turns[-1]["match"] is False
    assert any(t["match"] for t in turns)  # a perfect memory takes red 2 and blue 2 at least
    assert plain(table.announce.value) == "Your turn: choose a face-down card."
    assert plain(table.status.value).startswith("Your turn (seat 0)")
    # the same game as at a table whose computers play at once: only the display is paced
    at_once = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=DEAL, agents="perfect")
    miss(at_once)
    assert at_once.state.to_json() == table.state.to_json()


def test_clicks_while_the_computer_plays_are_refused_and_change_nothing():
    """Each click is refused in words; the computers' turn says so in one line, which counts the
    presses (small55: one line per press wrote twenty lines for twenty presses)."""
    table = paced(agents="perfect")
    miss(table)
    refused = 0
    said = table.output_text()
    while table.clock.pending:
        down = [p for p, b in enumerate(table._buttons) if looks(table, p, "down")]
        before, shown = history(table), grid(table)
        table._buttons[down[-1]].click()
        refused += 1
        assert history(table) == before and grid(table) == shown
        assert table.output_text() == said + counted_words(COMPUTER_PLAYING, refused) + "\n"
        step(table)
    assert refused >= 5  # the student's cards, the computer's cards and its last turn shown
    # once the student's turn is shown, a click is played
    before = history(table)
    p = min(table.cell_buttons)
    table.cell_buttons[p].click()
    assert history(table) == before + [f"turn over card {p}"]


def test_the_last_turn_of_the_computer_is_shown_before_the_students_turn():
    table = paced(agents="perfect")
    miss(table)
    while table.state.current_player != 0:
        step(table)
    turn = table.state.last_turn  # the computer's miss: the engine gives the student the turn
    assert turn["seat"] == 1 and not turn["match"] and table.clock.pending == 1
    assert all(looks(table, q, n) for q, n in zip(turn["positions"], turn["cards"]))
    assert table.legal == () and plain(table.status.value).startswith("No match \u00b7 Seat 1 (computer) is turning cards")
    assert "Watch the cards" in table.hand_box.children[0].children[0].value
    step(table)
    assert all(looks(table, q, "down") for q in turn["positions"]) and table.clock.pending == 0
    assert table.legal and "Your turn: choose" in table.hand_box.children[0].children[0].value


def test_undo_during_the_pace_cancels_it_and_no_stale_step_lands_later():
    table = paced(agents="perfect")
    miss(table)
    step(table)
    step(table)  # the computer's first card is face up
    assert len(table.state.history) == 3
    stale = table.clock._events[0][2]
    table.undo_button.click()
    assert history(table) == ["turn over card 0"] and table.clock.pending == 0
    assert looks(table, 0, "red 1") and all(looks(table, p, "down") for p in range(1, 12))
    after = grid(table)
    stale()  # a step scheduled before Undo: it finds another position and does nothing
    table.clock.advance(60)
    assert history(table) == ["turn over card 0"] and grid(table) == after
    assert plain(table.status.value).startswith("Your turn (seat 0)") and table.legal
    table.cell_buttons[2].click()  # the student plays on, not told to wait
    assert history(table)[-1] == "turn over card 2" and COMPUTER_PLAYING not in table.output_text()


def test_a_new_game_or_play_out_during_the_pace_cancels_it():
    table = paced(agents="perfect")
    miss(table)  # the student's cards are shown face up
    stale = table.clock._events[0][2]
    table.new_button.click()
    assert len(table.state.history) == 0
    assert table.clock.pending == 0 and all(looks(table, p, "down") for p in range(12))
    stale()
    table.clock.advance(60)
    assert len(table.state.history) == 0 and all(looks(table, p, "down") for p in range(12))
    miss(table)
    step(table)
    step(table)
    table.playout_button.click()  # the computers finish the game at once
    assert table.state.is_over and table.clock.pending == 0
    assert "Game over" in plain(table.status.value)
    miss_table = paced(agents="perfect")
    miss(miss_table)
    miss_table.close()
    assert miss_table.clock.pending == 0


def test_alone_a_miss_is_shown_until_the_next_card_or_a_moment_and_clicks_are_taken():
    table = paced(players=1)
    miss(table)
    assert table.state.current_player == 0 and looks(table, 0, "red 1") and looks(table, 1, "blue 2")
    assert table.clock.pending == 1 and table.legal  # no computer: the student may turn the next card
    table.cell_buttons[2].click()
    assert history(table)[-1] == "turn over card 2" and COMPUTER_PLAYING not in table.output_text()
    assert looks(table, 0, "down") and looks(table, 1, "down") and looks(table, 2, "red 3")
    assert table.clock.pending == 0
    table.cell_buttons[3].click()  # red 3, red 4: a miss, face up until the clock moves on
    assert looks(table, 2, "red 3") and looks(table, 3, "red 4")
    table.clock.advance(SHOWN_SECONDS)
    assert looks(table, 2, "down") and looks(table, 3, "down") and table.clock.pending == 0


def test_on_the_kernels_event_loop_each_step_is_drawn_in_turn():
    """As in a notebook: the steps run on the running asyncio loop (``loop.call_later``), each
    drawn by its own redraw, in the order a ManualClock gives (a short pace here: only the order
    is checked, never a duration), and the keyboard focus is given once, after the last step."""
    import asyncio

    def face_up(table):
        return tuple(p for p in range(12) if not looks(table, p, "down") and not looks(table, p, None))

    def drawn(table, seen):
        refresh = table.refresh

        def watched():
            refresh()
            seen.append((len(table.state.history), face_up(table)))

        table.refresh = watched

    manual = paced(agents="perfect")
    miss(manual)
    expected = [(2, (0, 1))]
    while manual.clock.pending:
        step(manual)
        expected.append((len(manual.state.history), face_up(manual)))

    async def game():
        table = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=DEAL, agents="perfect")
        table.shown_seconds, table.card_seconds = 0.02, 0.01
        seen, focused = [], []
        table.cell_buttons[0].click()
        drawn(table, seen)
        for b in table._buttons:
            b.focus = lambda b=b: focused.append(b)
        table.cell_buttons[1].click()
        at_click = list(focused)
        for _ in range(500):
            await asyncio.sleep(0.01)
            if table.clock.pending == 0:
                break
        table.close()
        return table, seen, at_click, focused

    table, seen, at_click, focused = asyncio.run(game())
    assert seen == expected and table.state.to_json() == manual.state.to_json()
    assert at_click == [] and len(focused) == 1


def test_looking_back_during_the_pace_stops_it_and_coming_back_goes_on():
    table = paced(agents="perfect")
    miss(table)
    step(table)
    step(table)  # the computer's first card is face up
    table.history_slider.value = 2  # the student's miss, read-only
    assert table.looking_back and table.clock.pending == 0
    assert all(looks(table, p, "down") for p in range(12))  # no turn is shown face up in the past
    table.clock.advance(60)
    assert len(table.live_state.history) == 3
    table.history_slider.value = table.history_slider.max  # back: the computer plays on, paced
    assert not table.looking_back and table.clock.pending == 1 and table.legal == ()
    while table.clock.pending:
        step(table)
    assert table.state.current_player == 0 and table.legal
    at_once = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=DEAL, agents="perfect")
    miss(at_once)
    assert at_once.state.to_json() == table.state.to_json()


def test_computer_step_during_the_pace_makes_the_move_now_and_the_pace_goes_on():
    table = paced(agents="perfect")
    miss(table)  # the student's cards shown face up
    table.step_button.click()  # the computer's first card, now
    assert len(table.state.history) == 3 and table.state.turned is not None and table.clock.pending == 1
    p = table.state.turned
    assert looks(table, p, str(table.state.observation(0)["grid"][p]))
    assert looks(table, 0, "down") and looks(table, 1, "down")
    while table.clock.pending:
        step(table)
    assert table.state.current_player == 0
    at_once = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=DEAL, agents="perfect")
    miss(at_once)
    assert at_once.state.to_json() == table.state.to_json()


def test_a_shown_turns_cards_are_named_by_position_and_number_during_the_pace():
    """Hostile tester: a face-up card's button was named "is 2" (no position), and during the
    pace the two cards of the turn just ended, face up on the page, had buttons still saying
    "card 0" and "card 1". Each is named by its position and number, as the page shows it."""
    table = paced(agents="perfect")
    miss(table)  # red 1 at 0, blue 2 at 1: face up on the page, face down in the engine
    words = [(b.description, b.tooltip) for b in table._buttons[:3]]
    assert words == [("0: 1", "card 0 is face up (red 1): press to hear why you cannot turn it"),
                     ("1: 2", "card 1 is face up (blue 2): press to hear why you cannot turn it"),
                     ("card 2", "card 2 cannot be turned now: press to hear why")]
    step(table)  # face down
    assert [b.description for b in table._buttons[:2]] == ["card 0", "card 1"]
    step(table)  # the computer's first card, face up
    p = table.state.history[-1].position
    assert table._buttons[p].description == f"{p}: {table.game.cards[table.state.grid[p]].rank}"


def test_alone_a_shown_miss_is_named_by_its_cards_and_can_be_turned_again():
    """Alone, a miss lies face up a moment but can be turned over at once: its buttons are named
    by the cards shown and stay usable."""
    table = paced(players=1)
    miss(table)
    assert [(b.description, b.tooltip) for b in table._buttons[:2]] == [
        ("0: 1", "turn over card 0"), ("1: 2", "turn over card 1")]
    assert all("catcards-unplayable" not in b._dom_classes for b in table._buttons[:2])


def test_a_computer_that_starts_the_game_is_paced_card_by_card():
    """Hostile tester: with ``first_player=2`` the computer's first turn was played at once with
    the deal. It is shown as every computer turn is: one card a step, the person's turn last."""
    table = cw.play("pairs", players=3, copies=2, numbers=6, seed=1, deals=DEAL, clock=ManualClock(),
                    first_player=2, agents="perfect")
    assert table.state.history == [] and table.clock.pending
    assert plain(table.status.value).startswith("Seat 2 (computer) is turning cards")
    assert step(table) == pytest.approx(CARD_SECONDS) and len(table.state.history) == 1
    while table.clock.pending:
        step(table)
    assert table.state.current_player == 0 and len(table.state.history) >= 2
    assert plain(table.announce.value) == "Your turn: choose a face-down card."
    # the same game as at a table that plays it at once
    at_once = cw.play("pairs", players=3, copies=2, numbers=6, seed=1, deals=DEAL, first_player=2, agents="perfect")
    assert at_once.state.to_json() == table.state.to_json()


def test_the_verdict_is_drawn_after_the_second_card():
    """Hostile tester: "No match" was in the heading about 0.2 s before the second card showed.
    Each widget's change is its own message to the page, in the order made: the second card's
    face is sent before the heading's verdict."""
    table = paced(agents="perfect")
    sent = []
    table._faces[1].observe(lambda change: sent.append("card"), "value")
    table.status.observe(lambda change: sent.append("No match" if "No match" in change["new"] else "status"), "value")
    table.cell_buttons[0].click()
    sent.clear()
    table.cell_buttons[1].click()
    assert "No match" in sent and sent.index("card") < sent.index("No match"), sent
