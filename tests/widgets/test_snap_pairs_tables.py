"""The Snap and Pairs widget tables, driven by Button.click() (Snap on a ManualClock, so the race
is deterministic)."""
from __future__ import annotations

import time

import pytest

import catcards
import catcards.widgets as cw
from catcards.agents.snap import ReactionAgent
from catcards.widgets.pairs import PairsTable
from catcards.widgets.snap import ManualClock, SnapTable, LoopClock

SNAP_DEAL = [["red 5", "red 7", "red 8", "red 9"], ["blue 5", "blue 3", "green 8", "yellow 2"]]


def unavailable(button):
    """Marked as a move that cannot be made now, yet enabled: a click says why (issue 12)."""
    return not button.disabled and "catcards-unplayable" in button._dom_classes


def snap_table(**kw):
    clock = ManualClock()
    table = SnapTable(catcards.load("snap"), seed=1, deals=SNAP_DEAL, clock=clock, **kw)
    return table, clock


def test_play_gives_the_snap_table_with_reaction_players():
    played = cw.play("snap", seed=1, deals=SNAP_DEAL)
    assert isinstance(played, SnapTable) and isinstance(played.clock, LoopClock)
    assert isinstance(played.agents[1], ReactionAgent)
    table, clock = snap_table()
    assert not unavailable(table.turn_button) and clock.pending == 0  # the person turns first


def test_human_snaps_first_and_takes_the_pile():
    table, clock = snap_table()
    table.turn_button.click()  # red 5
    assert unavailable(table.turn_button) and clock.pending == 1  # the computer turns next
    clock.advance(table.turn_delay)  # blue 5: a snap
    assert table.state.snap_showing and "SNAP" in table.board_box.children[0].value
    table.snap_buttons[0].click()
    assert table.state.snaps == 1 and table.state.observation(0)["stack_sizes"] == [5, 3]
    assert "Seat 0 was first" in table.output_text()


def test_computer_faster_than_a_late_click():
    agents = [ReactionAgent(), ReactionAgent(mean=0.3, sd=0.01)]
    table, clock = snap_table(agents=agents)
    table.turn_button.click()
    clock.advance(table.turn_delay)  # snap showing
    clock.advance(0.5)  # the computer reacts after about 0.3 s
    assert table.state.snaps == 1 and table.state.stacks[1] and len(table.state.stacks[1]) == 5
    table.snap_buttons[0].click()  # too late: reported, nothing changes
    assert "Too late" in table.output_text() and table.state.false_snaps == 0
    assert table.state.observation(0)["stack_sizes"] == [3, 5]


def test_the_turn_and_snap_buttons_stay_in_the_same_boxes_across_turns():
    """The browser keeps keyboard focus on "Turn your card" only if its boxes are not replaced:
    a new box is drawn anew and focus falls to the page (break-it tester, every turn)."""
    table, clock = snap_table()
    view = table.hand_box.children[0]
    assert table.turn_button in view.children[1].children and table.snap_buttons[0] in view.children[1].children
    table.turn_button.click()
    assert table.hand_box.children[0] is view and view.comm is not None
    assert "Watch the centre pile" in view.children[0].value  # the hint line follows the turn
    clock.advance(table.turn_delay)  # the computer's turn, on the timer
    assert table.hand_box.children[0] is view and view.children[1].comm is not None
    assert "Your turn" in view.children[0].value or table.state.snap_showing


def test_false_snap_click_is_penalised_and_rapid_clicks_are_safe():
    table, clock = snap_table()
    table.snap_buttons[0].click()  # nothing on the pile: a false snap
    assert table.state.false_snaps == 1 and table.state.under == 1
    assert "False snap" in table.output_text()
    for _ in range(4):  # rapid clicks: each a false snap until the stack is empty, then out
        table.snap_buttons[0].click()
    assert table.state.status[0] == "out" and unavailable(table.snap_buttons[0])
    before = table.state.to_json()
    table.snap_buttons[0].click()
    assert table.output_text().strip().endswith("Seat 0 is out of the game: nothing changed.")
    table.turn_button.click()
    assert table.state.to_json() == before


def test_turn_button_refuses_out_of_turn():
    table, clock = snap_table()
    table.turn_button.click()
    before = table.state.to_json()
    table.press_turn()  # the computer's turn
    assert table.state.to_json() == before and "turn to turn a card" in table.output_text()


def test_new_game_cancels_pending_moves():
    table, clock = snap_table()
    table.turn_button.click()
    table.new_button.click()
    assert table.state.turns == 0 and clock.pending == 0
    clock.advance(10)
    assert table.state.turns == 0


def test_real_time_clock_plays_computers_only_on_the_event_loop():
    """In a kernel the loop is running: timed moves are ``call_later`` callbacks on it, in this
    thread (no timer threads), and a computers-only game plays to its end by itself."""
    import asyncio
    import threading

    async def watch():
        table = SnapTable(catcards.load("snap"), seed=3, humans=(), turn_delay=0.001, clock=LoopClock(),
                          agents=ReactionAgent(mean=0.002, sd=0.001))
        threads_before = threading.active_count()
        table._schedule()
        assert table.clock.pending >= 1 and table.clock._events == []  # on the loop, not queued
        for _ in range(4000):
            if table.state.is_over:
                break
            await asyncio.sleep(0.002)
        assert threading.active_count() == threads_before
        return table

    table = asyncio.run(watch())
    assert table.state.is_over, table.output_text()
    assert table.clock.pending == 0
    assert catcards.load_state(table.state.to_json()).outcome == table.state.outcome


def test_loop_clock_without_a_running_loop_steps_synchronously():
    table = cw.play("snap", seed=3, humans=())
    assert isinstance(table.clock, LoopClock)
    table.turn_delay = 0.5
    table._schedule()
    assert table.clock.pending == 1 and table.state.turns == 0  # nothing moves by itself
    table.clock.advance(0.5)  # the first computer turns its card
    assert table.state.turns == 1
    for _ in range(5000):
        if table.state.is_over:
            break
        table.clock.advance(1.0)
    assert table.state.is_over and table.clock.pending == 0


def test_a_closed_snap_table_stops_its_timers_and_ignores_late_ones():
    table, clock = snap_table()
    table.turn_button.click()
    assert clock.pending == 1
    fire = clock._events[0][2]
    table.close()
    assert clock.pending == 0 and table.closed
    before = table.state.to_json()
    fire()  # a timer that was already running when the table closed
    assert table.state.to_json() == before


# ---- Pairs -----------------------------------------------------------------------------------
PAIRS_DEAL = [["red 1", "blue 2", "red 3"], ["red 2", "blue 3", "blue 1"]]


def pairs_table(**kw):
    return cw.play("pairs", players=2, copies=2, numbers=3, seed=1, deals=PAIRS_DEAL, **kw)


def test_play_gives_the_pairs_grid():
    table = pairs_table()
    assert isinstance(table, PairsTable) and sorted(table.cell_buttons) == list(range(6))
    assert all(not unavailable(b) for b in table.cell_buttons.values())
    # a face-down card's button names its position as the log does ("card 3"); "turn" is kept for
    # a player's turn (issue 31: "turn 0" ... "turn 15" read as turn numbers)
    assert [b.description for b in table.cell_buttons.values()] == [f"card {p}" for p in range(6)]
    assert [b.tooltip for b in table.cell_buttons.values()] == [f"turn over card {p}" for p in range(6)]


def test_a_face_up_card_clicked_is_answered_with_why_and_changes_nothing():
    table = pairs_table()
    table.cell_buttons[0].click()  # red 1 face up: its button now says so, and stays clickable
    up = table._buttons[0]
    assert up.description == "0: 1" and unavailable(up) and "red 1" in up.tooltip  # its place and number (was "up 0", "shows 30" was cut, "is 1" had no place)
    before = table.state.to_json()
    up.click()
    assert table.state.to_json() == before and table.state.turned == 0
    assert table.output_text().strip().endswith(
        "Card 0 (red 1) is already face up: turn over a face-down card. Nothing changed.")


def test_clicking_two_cards_a_match_keeps_the_turn():
    table = pairs_table()
    table.cell_buttons[0].click()
    assert table.state.turned == 0 and 0 not in table.cell_buttons  # shown face up
    assert "red 1" in table.board_box.children[0].children[1].children[0].children[0].children[0].value
    table.cell_buttons[5].click()  # blue 1: a pair
    assert table.state.pairs[0] and table.state.current_player == 0
    assert "pairs taken" in table.hand_box.children[0].children[0].value


def test_a_miss_passes_to_the_computer_and_its_turn_is_shown():
    table = pairs_table(agents="perfect")
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # red 1, blue 2: a miss; the computer plays
    assert table.recent[0]["cards"] == ("red 1", "blue 2")
    assert len(table.recent) >= 2 and table.recent[1]["seat"] == 1
    assert "Recent turns" in table.board_box.children[0].children[2].value


def test_looking_back_the_recent_turns_are_those_up_to_the_move_shown():
    """A fresh README user: at Move 2 of 6 "Recent turns" still listed the later turns (they were
    kept from live play); they are now those of the position shown."""
    table = pairs_table(agents="perfect")
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # a miss; the computer plays its turn (or more)
    live = [t["turn"] for t in table.recent]
    assert live[:2] == [1, 2] and table.recent[0]["cards"] == ("red 1", "blue 2")
    table.history_slider.value = 2  # after seat 0's turn only
    assert [t["turn"] for t in table.recent] == [1]
    shown = table.board_box.children[0].children[2].value
    assert "red 1" in shown and all(f"blue {n}" not in shown for n in range(3, 10))
    table.history_slider.value = 0
    assert table.recent == [] and "red 1" not in table.board_box.children[0].children[2].value
    table.history_slider.value = table.history_slider.max
    assert [t["turn"] for t in table.recent] == live


def test_stale_and_out_of_turn_clicks_change_nothing():
    table = pairs_table()
    taken = table.cell_buttons[0]
    table.cell_buttons[0].click()
    table.cell_buttons[5].click()  # a pair: cards 0 and 5 leave the grid
    assert table.cell_buttons[2] is not None and 0 not in table.cell_buttons
    before = table.state.to_json()
    taken.click()  # a late click on a card that is gone (the browser had not caught up)
    assert table.state.to_json() == before
    assert "Card 0 is not on the table now (its pair was taken): nothing changed." in table.output_text()
    # watching computers only: a click on the grid is refused in words
    table = cw.play("pairs", players=2, copies=2, numbers=3, seed=1, deals=PAIRS_DEAL, humans=())
    before = table.state.to_json()
    table._buttons[0].click()
    assert table.state.to_json() == before
    assert "It is Seat 0 (computer)'s turn, not yours: nothing changed." in table.output_text()


#: what a click on a card says while the computer is playing
COMPUTER_PLAYING = "Wait: the computer is playing. Nothing changed: choose a card when it is your turn."


def grid_looks(table):
    """What every cell of the Pairs grid shows: its face, and its button's words, classes and state."""
    return [(face.value, b.description, b.tooltip, tuple(b._dom_classes), b.disabled, b.layout.visibility)
            for face, b in zip(table._faces, table._buttons)]


def test_a_card_clicked_while_the_computer_plays_changes_nothing_and_says_wait():
    """break49: clicks on cards while the computer took its turn were kept and played as the
    student's next cards. A click that arrives while the computer's turn is still to run (on the
    kernel's loop, a ManualClock here) changes neither the game nor the grid, and says to wait."""
    table = pairs_table()
    table.clock = ManualClock()  # the computer's turn waits for its event, as on the kernel's loop
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # red 1, blue 2: a miss; the computer is to play
    assert table.clock.pending == 1 and table.state.current_player == 1
    history, looks = [str(a) for a in table.state.history], grid_looks(table)
    table._buttons[2].click()
    assert [str(a) for a in table.state.history] == history == ["turn over card 0", "turn over card 1"]
    assert grid_looks(table) == looks and table.clock.pending == 1
    assert table.output_text().strip().endswith(COMPUTER_PLAYING)
    assert COMPUTER_PLAYING in table.announce.value
    table.clock.advance(60)  # the computer's turn runs, paced (test_pairs_pace)
    assert len(table.state.history) > 2 and table.recent[1]["seat"] == 1 and table.clock.pending == 0


def test_cards_clicked_together_for_the_second_card_count_once(monkeypatch):
    """break49: two cards clicked at once for the second card (or any card clicked before the
    page showed the computer's turn) reached the kernel after the computer had played, and were
    played as the student's next cards. A click the browser sent (its clock, press_time) before
    the kernel had drawn the student's turn again is refused in words and changes nothing; one
    sent after is played."""
    from catcards.widgets.table import messages

    sent = [100.0]  # when the browser sent the click
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    deal = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
            ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]  # 12 cards: the computer does not end the game
    table = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=deal)
    table.cell_buttons[0].click()
    sent[0] += 0.5
    table.cell_buttons[1].click()  # red 1, blue 2: a miss; the computer plays at once (no loop)
    assert table.state.current_player == 0 and table.recent[-1]["seat"] == 1
    history, looks = [str(a) for a in table.state.history], grid_looks(table)
    said = table.output_text()
    # the computer took card 1, so the focus is on card 2, where a press at once is taken for a
    # key pressed twice (test_focus); card 3 is another card clicked with card 1
    assert table._focused[0] is table._buttons[2]
    table._buttons[3].click()  # sent with card 1's click: the page still showed the turn before
    assert [str(a) for a in table.state.history] == history and grid_looks(table) == looks
    assert table.output_text() == said + COMPUTER_PLAYING + "\n"
    sent[0] += 0.15  # break50: sent when the page showed the computer's turn, after the kernel
    table._buttons[3].click()  # had drawn the student's: no one sees a position and clicks so soon
    assert [str(a) for a in table.state.history] == history and grid_looks(table) == looks
    assert table.output_text().endswith(COMPUTER_PLAYING + "\n")
    sent[0] += 1.0  # a click sent once the page shows the student's turn is played
    table._buttons[3].click()
    assert [str(a) for a in table.state.history] == history + ["turn over card 3"]


def test_a_card_clicked_with_undo_after_a_miss_is_played_not_told_to_wait(monkeypatch):
    """break50: card 0, card 5 (a miss), Undo and card 6 clicked in one instant: Undo took back
    the miss and the computer's turn, and card 6 was refused with "Wait: the computer is
    playing", which no computer was. Undo forgets the computers' turn the miss started."""
    from catcards.widgets.table import messages

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    deal = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
            ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]
    table = cw.play("pairs", players=2, copies=2, numbers=6, seed=1, deals=deal)
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # a miss: the computer plays at once (no loop)
    table.undo()
    assert [str(a) for a in table.state.history] == ["turn over card 0"]
    table._buttons[6].click()  # in the same instant
    assert [str(a) for a in table.state.history][:2] == ["turn over card 0", "turn over card 6"]
    assert COMPUTER_PLAYING not in table.output_text()


# ---- a real browser: the computer's timed moves reach the page -------------------------------
@pytest.mark.browser
def test_snap_table_in_jupyterlab_real_time(browser_ready):
    """JupyterLab in headless Chromium: click "Turn your card"; the computer's turn, made on a
    the kernel's event loop (LoopClock), appears in the page. Skipped where the browser or playwright is missing (see
    tests/real_browser.py), unless CATCARDS_REQUIRE_BROWSER=1."""
    import os
    import re
    import shutil
    import sys
    import tempfile
    from pathlib import Path

    import nbformat

    from real_browser import CHROMIUM, CHROMIUM_ARGS, jupyterlab

    from playwright.sync_api import expect, sync_playwright

    work = Path(tempfile.mkdtemp(prefix="catcards-snap-"))
    try:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
            "import catcards.widgets\nt = catcards.widgets.play('snap', seed=5)\nt.turn_delay = 0.3\nt"
        )])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, work / "snap.ipynb")
        with jupyterlab(work) as (url, token), sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.add_locator_handler(
                    page.locator(".jp-Dialog"), lambda d: d.locator(".jp-Dialog-button.jp-mod-accept").click()
                )
                page.goto(f"{url}/lab/tree/snap.ipynb?token={token}&reset")
                expect(page.locator("#jp-main-statusbar")).to_contain_text("(ipykernel) | Idle", timeout=45_000)
                page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
                page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
                table = page.locator(".jp-OutputArea-output .catcards-table").first
                turn = table.locator("button.catcards-turn")
                log = table.locator(".catcards-log")
                for k in range(2):
                    expect(turn).to_be_enabled(timeout=30_000)
                    turn.click()
                    # numbered by move, as the Move box counts (the deal's line is move 0)
                    expect(log).to_contain_text(f"{2 * k + 2}. Seat 1 turns", timeout=15_000)
                expect(page.locator("body")).not_to_contain_text("Error displaying widget")
                assert "Traceback" not in table.inner_text()
            finally:
                browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_snap_with_two_people_at_the_screen_turns_the_last_card_cleanly():
    """The class's pass through the deck: one person turns for both seats, all 52 cards. The
    last card ends the game with no person to act; the Turn and Snap buttons stay open (they
    were closed and drawn again closed: AttributeError 'comm_id' in the table's messages)."""
    from catcards.widgets import play

    table = play("snap", seed=5, humans=(0, 1), players=2, max_turns=52)
    for _ in range(52):
        table._run(table.press_turn)
    assert table.state.is_over and table.state.turns == 52
    assert "Traceback" not in table.output_text()
    assert table.turn_button.comm is not None and all(b.comm is not None for b in table.snap_buttons.values())
    assert table.turn_button in list(table.hand_box.children[0].children[1].children)
    table.close()


def test_snap_with_two_people_at_the_screen_takes_every_quick_tap(monkeypatch):
    """Break-it tester (issue 29): in the class's Snap pass one student turns for both seats; taps
    on "Turn your card" 0.3 s apart (by the browser's clock) were taken for a held key, and 30
    taps turned 1 card. In Snap a quick second press is the game: every tap turns a card."""
    from catcards.widgets import play
    from catcards.widgets.table import messages

    sent = [1000.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    table = play("snap", seed=5, humans=(0, 1), players=2, max_turns=52)
    for _ in range(10):
        sent[0] += 0.3
        table.turn_button.click()
    assert table.state.turns == 10
    assert "press again" not in table.announce.value
    table.close()


def _turn_all(table, cards=52):
    for _ in range(cards):
        table._run(table.press_turn)
    assert table.state.is_over and table.state.turns == cards


def test_a_pass_through_the_deck_has_no_snap_buttons_and_ends_with_the_snaps_it_counts():
    """The class's "snaps in one pass" refuses a game with a call, yet its table said 'Press
    "Snap!" whenever ...' beside big red Snap! buttons (fresh README user): with snap_calls=False
    there are no Snap buttons, the hint and "How to play" ask to count, and the end says how many
    snaps showed (the activity's result), not 'the most cards (0) win. Winners: Seat 0, Seat 1'."""
    from catcards.classroom.games.snap import snaps_in_pass
    from catcards.widgets import play

    table = play("snap", seed=5, humans=(0, 1), players=2, max_turns=52, snap_calls=False)
    assert table.snap_buttons == {}
    buttons = table.hand_box.children[0].children[1].children
    assert list(buttons) == [table.turn_button]
    hint = table.hand_box.children[0].children[0].value
    assert "Do not call Snap" in hint and 'Press "Snap!"' not in hint
    assert "Do not call Snap in this activity" in table.rules_panel.value
    _turn_all(table)
    shown = sum(line.endswith("snap showing!") for line in table.state.log)
    assert shown == snaps_in_pass(table.state) and shown > 0
    end = f"52 cards turned. Snaps showing in this pass: {shown}."
    assert end in table.status.value and "Winners" not in table.status.value
    assert "Scores by seat" not in table.status.value
    assert end in table.announce.value
    table.close()


def test_at_the_end_the_buttons_are_disabled_and_the_words_name_the_deal_again_button():
    """A finished game left "Turn your card" (and "Snap!") clickable, each click adding "click
    New game" on a class page that has no New game button: they are disabled at the end, and a
    page with its own button names it (``game_over_words``)."""
    from catcards.widgets import play

    table = play("snap", seed=5, humans=(0, 1), players=2, max_turns=52)
    assert not table.turn_button.disabled and table.snap_buttons
    _turn_all(table)
    assert table.turn_button.disabled and all(b.disabled for b in table.snap_buttons.values())
    assert "Winners" in table.status.value  # the game itself still names its winners
    table.game_over_words = 'The game is over: press "Play another game" at the top to deal again.'
    table._run(table.press_turn)
    table._run(lambda: table.press_snap(0))
    assert table.output_text().count('press "Play another game"') == 2 and "New game" not in table.output_text()
    table.new_game(6)  # a new deal opens them again
    assert not table.turn_button.disabled and not any(b.disabled for b in table.snap_buttons.values())
    table.close()


def test_looking_back_the_status_and_the_hint_say_the_same_of_the_move_shown():
    """A teacher's read: at Move 1 (your first card turned over) the status said "turn over a
    second card" and the hint "Watch the cards the others turn over" (read from the clickable
    moves, none while looking back). Both now describe the position shown."""
    import html as html_module
    import re

    table = pairs_table(agents="perfect")
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # a miss; the computer plays its turns to the end (8 moves)

    def shown(move):
        table.history_slider.value = move
        status = re.sub(r"<[^>]+>", "", html_module.unescape(table.status.value))
        hint = re.findall(r"catcards-hint'[^>]*>([^<]*)<", table.hand_box.children[0].children[0].value)
        return status, html_module.unescape(hint[0])

    second = "Now turn over a second card: the same number makes a pair, and you have another turn."
    watch = "Watch the cards the others turn over, and remember where they lie."
    assert shown(1) == ("Your turn (seat 0) \u00b7 turn over a second card \u00b7 0 turns played", second)
    assert shown(0) == ("Your turn (seat 0) \u00b7 0 turns played",
                        "Your turn: choose any face-down card to turn it over, then a second one.")
    assert shown(2) == ("Seat 1 (computer) to act \u00b7 1 turn played", watch)
    assert shown(3) == ("Seat 1 (computer) to act \u00b7 first card turned over \u00b7 1 turn played", watch)
    # live, at your own first card: the same words as looking back at it
    table.history_slider.value = 1
    table.play_on_from_here()
    assert shown(table.history_slider.max) == shown(1)


def test_turn_button_is_marked_unavailable_once_the_student_is_out_saying_why():
    """Hostile tester: "Turn your card" stayed pressable as a move with the student's seat out of
    the game. Out, the student turns no card again: the button is marked unavailable (greyed,
    still focusable: disabled, it dropped the keyboard focus to the page, break54), its tooltip
    says why, and the hint says so too."""
    table, clock = snap_table()
    assert "catcards-unplayable" not in table.turn_button._dom_classes
    for _ in range(5):  # false snaps until the stack is empty, then out
        table.snap_buttons[0].click()
    assert table.state.status[0] == "out" and not table.state.is_over
    assert not table.turn_button.disabled and "catcards-unplayable" in table.turn_button._dom_classes
    assert table.turn_button.tooltip == "you are out of the game: you turn no more cards"
    assert "You are out of the game" in table.hand_box.children[0].children[0].value
