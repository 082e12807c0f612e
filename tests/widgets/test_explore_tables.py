"""Issue 15 in every table: the history slider (look back, play on from here, the list of
games), its interplay with undo, and the "What are my chances?" panel, driven by clicks
(``Button.click()``, slider and checkbox values) as a person would."""
from __future__ import annotations

import asyncio
import re

import ipywidgets as W
import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances
from pandas.testing import assert_frame_equal

import catcards
import catcards.widgets as cw
from catcards.widgets.snap import ManualClock, SnapTable
from catcards.widgets.table import LOOKING_BACK

GAMES = catcards.list_games()


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def clickable(table):
    """The buttons that would make a move (an unplayable card stays focusable, to say why)."""
    return [w for part in (table.board_box, table.hand_box) for w in walk(part)
            if isinstance(w, W.Button) and not w.disabled and "catcards-unplayable" not in w._dom_classes]


def stacked():
    """Simon's Cat, 3 players, 2 cards each: seat 0 plays Cat 3 and both computers answer by force."""
    game = catcards.load("simons-cat", players=3, hand_size=2)
    deal = [[["Cat 3", "Gnome 1"], ["Cat 4", "Kitten 5"], ["Cat 5", "Dog 6"]]]
    return cw.play(game, seed=5, deals=deal)


def moves(state):
    return [str(a) for a in state.history]


def unavailable(button):
    """Marked as not usable now (greyed, dashed) while staying enabled and focusable, so Tab
    reaches it and a press is answered with why (mark_unavailable)."""
    return not button.disabled and "catcards-unplayable" in button._dom_classes


def test_the_slider_shows_any_earlier_move_read_only_and_the_end_returns_to_the_game():
    table = stacked()
    fresh = table.state.to_json()
    next(b for b in clickable(table) if b.description == "Cat 3").click()
    live = table.state
    assert moves(live) == ["play Cat 3", "play Cat 4", "play Cat 5"]
    assert (table.history_slider.max, table.history_slider.value) == (3, 3)

    table.history_slider.value = 0  # the deal, exactly as it was dealt
    assert table.looking_back and table.state.to_json() == fresh
    assert table.live_state is live and moves(live) == ["play Cat 3", "play Cat 4", "play Cat 5"]
    assert clickable(table) == []  # read-only: no card can be played in the past
    assert table.why_not("Cat 3").startswith("you are looking back at an earlier move")
    assert "after move 0 of 3" in table.history_note.value and not table.branch_button.disabled
    assert not unavailable(table.branch_button) and table.branch_button.tooltip.startswith("continue the game")
    assert table.step_button.disabled and table.undo_button.disabled and table.playout_button.disabled

    table.history_slider.value = 1  # after seat 0's card: seat 1 to act
    assert moves(table.state) == ["play Cat 3"] and table.state.current_player == 1
    assert "Seat 0 plays Cat 3." in table.log_view.value and "Seat 1 plays" not in table.log_view.value

    table.step_button.click()  # whatever is clicked, the past does not change
    with pytest.raises(catcards.GameParameterError, match="looking back"):
        table.computer_step()  # (the button is disabled; a direct call is refused too)
    assert moves(table.state) == ["play Cat 3"] and moves(live) == ["play Cat 3", "play Cat 4", "play Cat 5"]

    table.history_slider.value = 3  # the end: the game in play again, the very same object
    assert not table.looking_back and table.state is live and table.history_note.value == ""
    assert unavailable(table.branch_button)  # nothing to branch from at the latest move
    table.branch_button.click()  # ... and a press says so (a keyboard user reaches it)
    assert table.output_text().endswith("Set Move to an earlier move first (0 to 2): you are at "
                                        "the latest move, 3, so nothing changed.\n")
    assert table.state is live and moves(live) == ["play Cat 3", "play Cat 4", "play Cat 5"]


def test_a_move_number_out_of_range_shows_the_nearest_and_says_the_range():
    """Break-it tester: the Move box clamped -5 and 99 without a word (a BoundedIntText clamps in
    the browser, before the kernel sees the number). The box is now unbounded in the browser (no
    min or max in its model) and the table says the range allowed."""
    table = stacked()
    next(b for b in clickable(table) if b.description == "Cat 3").click()
    live = table.state
    box = table.history_slider
    assert box.get_state()["_model_name"] == "IntTextModel"
    assert "max" not in box.get_state() and "min" not in box.get_state()
    assert table.history_total.value == "<span class='catcards-history-total'>of 3</span>"
    box.value = -5
    assert table.output_text().endswith(
        "Move goes from 0 (the deal) to 3 (the latest move), not -5: showing move 0.\n")
    assert box.value == 0 and table.looking_back and moves(table.state) == []
    box.value = 2
    assert box.value == 2 and moves(table.state) == ["play Cat 3", "play Cat 4"]
    box.value = 99
    assert table.output_text().endswith(
        "Move goes from 0 (the deal) to 3 (the latest move), not 99: showing move 3.\n")
    assert box.value == 3 and not table.looking_back and table.state is live
    box.value = 40  # at the latest move already: said too, nothing else changes
    assert box.value == 3 and table.state is live and table.output_text().endswith("not 40: showing move 3.\n")
    assert "Traceback" not in table.output_text()


def test_a_move_typed_then_play_on_from_here_reached_by_tab():
    """Break-it tester, keyboard only: typing a move number then Tab skipped "Play on from here",
    still disabled until the number had reached the kernel. It is enabled at every moment (a
    press at the latest move says why), so Tab reaches it; the kernel handles the number before
    the press (one comm channel, in order). The number is sent whole when Tab leaves the box:
    sent on every key, "12" went as 1 then 12, and Chromium held the 12 back until the kernel had
    answered the 1, so the press overtook it (tests/browser/test_a11y.py)."""
    table = stacked()
    next(b for b in clickable(table) if b.description == "Cat 3").click()
    assert not table.branch_button.disabled  # before anything is typed: Tab can stop on it
    assert table.history_slider.continuous_update is False
    table.history_slider.value = 1  # the number typed, sent as Tab leaves the box
    table.branch_button.click()  # Tab, Enter
    assert not table.looking_back and "Playing on from move 1;" in table.output_text()
    assert [o[0] for o in table.branch_list.options] == ["Original game", "Branch 1 (from move 1)"]


def test_a_click_on_the_past_is_refused_in_words_and_changes_nothing():
    table = cw.play("simons-cat", players=4, seed=3)
    for _ in range(2):
        clickable(table)[0].click()
    live = table.state
    history = moves(live)
    table.history_slider.value = 2
    past = table.state.to_json()
    table.undo_button.click()
    table.playout_button.click()
    table._run(table.play_out)  # as a stray timer or script would
    assert LOOKING_BACK in table.output_text()
    assert table.state.to_json() == past and moves(live) == history
    assert "Traceback" not in table.output_text()


def test_play_on_from_here_branches_and_the_original_game_stays_in_the_list():
    table = cw.play("simons-cat", players=4, seed=3)
    for _ in range(3):
        clickable(table)[0].click()
    original = moves(table.state)
    assert len(original) >= 12  # three rounds of four seats at least
    replay, choices = table.game.new_game(3), []  # where seat 0 had a choice, after move 0
    for i, a in enumerate(table.state.history):
        if i and replay.current_player == 0 and len(replay.legal_actions()) > 1:
            choices.append(i)
        replay.apply(a)
    k = choices[0]
    table.history_slider.value = k
    assert table.state.current_player == 0
    table.branch_button.click()
    assert not table.looking_back and moves(table.state) == original[:k]
    assert [o[0] for o in table.branch_list.options] == ["Original game", f"Branch 1 (from move {k})"]
    assert table.branch_list.value == 1 and table.branch_list.layout.display is None
    # in the branch, play the last card button instead of the first
    other = clickable(table)[-1]
    other.click()
    branch = moves(table.state)
    assert branch[:k] == original[:k] and branch[k] != original[k]
    assert table.history_slider.max == len(branch)
    # the original is still there, exactly, and the branch too
    table.branch_list.value = 0
    assert moves(table.state) == original
    table.branch_list.value = 1
    assert moves(table.state) == branch
    # the branch list and the slider go with a new deal
    table.new_button.click()
    assert [o[0] for o in table.branch_list.options] == ["Original game"]
    assert table.branch_list.layout.display == "none" and table.history_slider.max == len(table.state.history)


def test_undo_in_a_branch_takes_back_the_branch_move_and_leaves_the_original():
    table = cw.play("simons-cat", players=4, seed=3)
    clickable(table)[0].click()
    while len(table.legal) < 2:  # to a position where seat 0 has a choice
        clickable(table)[0].click()
    k = len(table.state.history)
    clickable(table)[0].click()
    original = moves(table.state)
    table.history_slider.value = k
    table.branch_button.click()
    assert moves(table.state) == original[:k]  # seat 0 to act: nothing to advance
    clickable(table)[-1].click()
    assert moves(table.state)[k] != original[k]
    table.undo_button.click()
    assert moves(table.state) == original[:k] and table.history_slider.max == k
    assert "Took back your move" in table.output_text()
    table.branch_list.value = 0
    assert moves(table.state) == original
    # undo in the original: its last move of seat 0 goes, the slider follows
    table.undo_button.click()
    assert moves(table.state) == original[:k] and table.history_slider.max == k


@pytest.mark.parametrize("name", GAMES)
def test_looking_back_replays_the_same_positions_in_every_game(name):
    table = SnapTable(catcards.load("snap"), seed=1, clock=ManualClock()) if name == "snap" else cw.play(name, seed=1)
    rng = np.random.default_rng(3)
    for _ in range(8):
        if table.state.is_over:
            break
        buttons = clickable(table)
        if buttons:
            buttons[rng.integers(len(buttons))].click()
        else:
            table.step_button.click()
        if name == "snap":
            table.clock.advance(2.0)
    live = table.state
    snapshots = []
    replay = table.game.new_game(live.seed)
    snapshots.append(replay.to_json())
    for action in live.history:
        replay.apply(action)
        snapshots.append(replay.to_json())
    for k in sorted({0, len(live.history) // 2, max(0, len(live.history) - 1)}):
        table.history_slider.value = k
        assert table.state.to_json() == snapshots[k]
        if name == "snap":  # timed computer moves wait while the past is shown
            table.clock.advance(10.0)
            assert table.live_state is live and len(live.history) == len(snapshots) - 1
    table.history_slider.value = len(live.history)
    assert table.state is live and "Traceback" not in table.output_text()


# ---- the "What are my chances?" panel ----------------------------------------------------------
#: the precision of the panel tests that wait for the refining to end (a quarter of the rollouts
#: of the panel's 0.05)
COARSE = 0.1


def settled(state, seat=0, peek=False):
    """What the panel shows once its refining is over before its time: ``catcards.odds`` with
    the same precision and no time limit (the stops come at fixed counts, so the same table)."""
    from catcards.explore.odds import ADAPTIVE_CAP, panel_agents, panel_horizon

    horizon = panel_horizon(state.game.name)
    agents, _ = panel_agents(state.game.name, state.game.players, seat, horizon)
    return catcards.odds(state, seat, rollouts=ADAPTIVE_CAP, precision=COARSE, seed=0, peek=peek, progress=False,
                         horizon=horizon, agents=agents)


def own_rollouts_agree(state, frame, seat=0, rows=None):
    """Row j's wins are those of rollouts 0 .. n_j - 1 of its action (a fixed-count odds row, at
    the horizon the panel asks about)."""
    from catcards.explore.odds import panel_agents, panel_horizon, rollout_results

    agents, _ = panel_agents(state.game.name, state.game.players, seat, panel_horizon(state.game.name))
    for j in (range(len(frame)) if rows is None else rows):
        row = frame.iloc[j]
        n = int(row["rollouts"])
        if row["exact"] or n == 0:
            continue
        got = rollout_results(state, seat, 0, n, 0, agents, False, [row["action"]], panel_horizon(state.game.name))
        assert sum(r[0][0] for r in got) == row["wins"]


def test_the_panel_shows_odds_equal_to_catcards_odds_with_bars_and_intervals():
    from catcards.explore.odds import too_close

    table = cw.play("cat-trick", seed=4)
    panel = table.odds_panel
    panel.seconds = 0.6  # a short refining: the rows stop where the time ends
    assert panel.frames is None and panel.result.value == ""  # no answer before it is asked for
    panel.ask_button.click()
    assert panel.done
    legal = [str(a) for a in table.state.legal_actions()]
    frame = panel.frames["honest"]
    assert list(panel.frames) == ["honest"] and list(frame["action"]) == legal and len(legal) > 2
    own_rollouts_agree(table.state, frame)
    text = panel.result.value
    assert text.count("catcards-odds-row") == len(legal)
    close = too_close(frame)
    assert text.count("too close to call") == sum(close)
    for row in frame.itertuples():
        assert row.action in text
        assert (f"{100 * row.win_rate:.0f}% (95% interval {100 * row.low:.0f}% to {100 * row.high:.0f}%; "
                f"{row.wins} of {row.rollouts} play-outs of this round)") in text  # Cat Trick's panel asks about the round
        assert f"width:{100 * row.win_rate:.1f}%" in text  # the bar
        assert f"left:{100 * row.low:.1f}%;width:{100 * (row.high - row.low):.1f}%" in text  # the interval
    assert panel.progress.value == frame["rollouts"].sum()


def test_the_panel_says_games_played_out_not_the_programming_word_rollouts():
    """A student reads plain words: the panel's progress bar is labelled "games played out" (it
    said "rollouts"), in full (its label is as wide as its words), and no word the panel shows,
    before or after the answer, is "rollout"."""
    table = cw.play("cat-trick", seed=4)
    panel = table.odds_panel
    panel.seconds = 0.2
    assert panel.progress.description == "games played out"
    assert panel.progress.style.description_width == "initial"
    panel.ask_button.click()
    assert panel.done
    shown = [panel.ask_button.description, panel.ask_button.tooltip, panel.peek_box.description,
             panel.progress.description, panel.status.value, panel.result.value]
    assert not [words for words in shown if "rollout" in words.lower()]


def test_a_row_stopped_far_below_the_best_says_why_its_interval_is_wide():
    import pandas as pd

    from catcards.widgets.explore import odds_bars_html

    frame = pd.DataFrame({"action": ["a", "b", "c"], "wins": [200, 3, 150], "rollouts": [385, 32, 300],
                          "win_rate": [200 / 385, 3 / 32, 0.5], "low": [0.47, 0.03, 0.44],
                          "high": [0.57, 0.24, 0.56], "exact": [False] * 3,
                          "stopped": ["precise", "far below", "time"]})
    text = odds_bars_html({"honest": frame})
    rows = text.split("catcards-odds-row")[1:]
    assert ["clearly worse than the best move" in r for r in rows] == [False, True, False]
    assert ["too close to call" in r for r in rows] == [True, False, True]


def test_too_close_to_call_marks_the_rows_whose_interval_overlaps_the_best():
    import pandas as pd

    from catcards.explore.odds import too_close

    frame = pd.DataFrame({"win_rate": [0.5, 0.7, 0.2, 0.62], "low": [0.4, 0.6, 0.1, 0.58],
                          "high": [0.6, 0.8, 0.3, 0.66]})
    assert too_close(frame) == [True, True, False, True]  # the best (row 1) overlaps rows 0 and 3
    apart = pd.DataFrame({"win_rate": [0.2, 0.7], "low": [0.1, 0.6], "high": [0.3, 0.8]})
    assert too_close(apart) == [False, False]
    # exact rows beside an exact best: nothing left to call, tied (a student read "100% exactly ...
    # too close to call") or not; an estimated row overlapping an exact best still is
    exact = pd.DataFrame({"win_rate": [1.0, 1.0, 0.95, 0.2], "low": [1.0, 1.0, 0.9, 0.2],
                          "high": [1.0, 1.0, 1.0, 0.2], "exact": [True, True, False, True]})
    assert too_close(exact) == [True, False, True, False]


def test_the_panel_uses_only_what_the_seat_sees():
    """Two positions that look the same to seat 0 (the second one's hidden cards drawn again)
    give the same bars: nothing the seat cannot see is used."""
    table = cw.play("simons-cat", players=4, seed=8)
    table.odds_panel.seconds = 60  # it settles well before: every row stopped by its rule
    table.odds_panel.precision = COARSE
    table.odds_panel.ask_button.click()
    first = table.odds_panel.frames["honest"]
    assert_frame_equal(first, settled(table.state))
    real = table.state
    table.state = real.sample_hidden(0, np.random.default_rng(1))
    assert table.state.to_json() != real.to_json()  # other hidden cards...
    assert table.state.observation(0) == real.observation(0)  # ...the same view
    table.refresh()
    table.odds_panel.ask_button.click()
    assert_frame_equal(table.odds_panel.frames["honest"], first)


def test_peek_is_a_teachers_switch_showing_honest_and_peeking_odds_side_by_side():
    table = cw.play("simons-cat", players=4, seed=8)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, COARSE
    assert panel.peek_box.layout.display == "none"
    panel.peek_box.value = True  # not a teacher: peek is ignored
    panel.ask_button.click()
    assert list(panel.frames) == ["honest"] and "Peeking" not in panel.result.value
    table.teacher = True
    table.refresh()
    assert panel.peek_box.layout.display is None
    panel.ask_button.click()
    assert list(panel.frames) == ["honest", "peeking"]
    assert_frame_equal(panel.frames["honest"], settled(table.state))
    peeking = settled(table.state, peek=True)
    assert_frame_equal(panel.frames["peeking"], peeking)
    assert panel.result.value.count(">honest<") == panel.result.value.count(">peeking<") == len(peeking)


def test_the_cat_days_panel_shows_a_row_for_every_move_at_once():
    import time

    table = cw.play("cat-days", seed=2)
    panel = table.odds_panel
    panel.seconds = 0.3
    started = time.process_time()
    panel.ask_button.click()
    assert time.process_time() - started < 10  # a bound against running on, not a speed goal
    legal = [str(a) for a in table.state.legal_actions()]
    frame = panel.frames["honest"]
    assert list(frame["action"]) == legal
    own_rollouts_agree(table.state, frame, rows=[0])
    assert panel.result.value.count("catcards-odds-row") == len(legal)
    assert "Traceback" not in table.output_text()


def test_card_game_odds_in_its_table_are_catcards_odds_rows():
    table = cw.play("card-game", seed=2)
    panel = table.odds_panel
    panel.seconds = 0.4
    panel.ask_button.click()
    legal = [str(a) for a in table.state.legal_actions()]
    assert legal == ["take Money", "draw from the main deck"]
    own_rollouts_agree(table.state, panel.frames["honest"])
    assert panel.result.value.count("catcards-odds-row") == 2
    assert "Traceback" not in table.output_text()


def test_games_without_a_sampler_show_one_friendly_line(monkeypatch):
    from catcards.explore import hidden

    hidden.supported()  # every sampler registered; then Card Game's taken away for this test
    monkeypatch.delitem(hidden.SAMPLERS._items, "card-game")
    for name, title in (("card-game", "Card Game"),):
        table = cw.play(name, seed=2)
        table.odds_panel.ask_button.click()
        text = table.odds_panel.result.value
        assert "cannot guess the cards you cannot see yet" in text and title in text
        assert table.odds_panel.frames is None and "Traceback" not in table.output_text()
        assert "catcards-odds-row" not in text


def test_an_answer_goes_when_the_game_moves_and_follows_the_slider():
    table = cw.play("simons-cat", players=4, seed=3)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, COARSE
    panel.ask_button.click()
    assert panel.frames is not None
    clickable(table)[0].click()
    assert panel.frames is None and "The game has moved" in panel.result.value
    # looking back: the chances are those of the position shown, from seat 0's view then
    table.history_slider.value = 0
    panel.ask_button.click()
    start = catcards.load("simons-cat", players=4).new_game(3)
    assert_frame_equal(panel.frames["honest"], settled(start))
    table.refresh()  # a redraw of the same position keeps the answer
    assert panel.frames is not None
    table.history_slider.value = table.history_slider.max
    assert panel.frames is None


def test_with_one_move_the_panel_says_there_is_nothing_to_choose():
    """A bare "Done." beside one bar read as unfinished (a README user, Simon's Cat)."""
    table = cw.play("simons-cat", players=4, seed=1)  # seat 0 must follow with its one Cat
    assert table.state.current_player == 0 and len(table.state.legal_actions()) == 1
    panel = table.odds_panel
    panel.precision = COARSE
    panel.ask_button.click()  # no event loop runs: worked out at once
    assert panel.done and len(panel.frames["honest"]) == 1
    assert "You have only one move here, so there is nothing to choose" in panel.status.value
    table.close()


def test_on_the_event_loop_a_first_estimate_shows_at_once_then_it_is_refined():
    async def scenario():
        table = cw.play("simons-cat", players=4, seed=3)
        panel = table.odds_panel
        # a first step of one play-out, so the run cannot be over before the loop takes it on (with
        # the panel's own 0.2 s a quiet machine finished Simon's Cat at this precision within the
        # click: 3 failures in 4 runs)
        panel.seconds, panel.precision, panel.first_seconds = 60, COARSE, 1e-6
        said, drawn = [], []
        panel.status.observe(lambda change: said.append(change["new"]), "value")
        panel.result.observe(lambda change: drawn.append(change["new"]), "value")
        panel.ask_button.click()
        assert panel.task is not None and not panel.done  # the click returned with a first estimate...
        first = panel.frames["honest"]
        assert first["rollouts"].sum() >= 1 and "Working" in panel.status.value
        steps = 0
        while not panel.done:  # ...refined between visits of the loop
            await asyncio.sleep(0)
            steps += 1
            assert steps < 100_000
        assert steps > 1 and "Done." in panel.status.value
        # the live region changed twice (a screen reader says "Working" and "Done" once each),
        # while the bars were redrawn at every step, with no live region of their own
        assert len(said) == 2 and "Working" in said[0] and "Done." in said[1]
        assert len(drawn) >= 2 and not any("role='status'" in value for value in drawn)
        assert_frame_equal(panel.frames["honest"], settled(table.state))
        assert (panel.frames["honest"]["rollouts"] >= first["rollouts"]).all()
        # a move while a run is going: the run stops and says nothing stale
        panel.ask_button.click()
        task = panel.task
        await asyncio.sleep(0.02)
        clickable(table)[0].click()
        await task
        assert panel.frames is None and "The game has moved" in panel.result.value
        table.close()

    asyncio.run(scenario())


def test_closing_a_table_frees_the_panel_and_history_widgets():
    before = len(_instances)
    table = cw.play("simons-cat", players=4, seed=3)
    table.teacher = True
    table.refresh()
    table.odds_panel.seconds = 0.3
    table.odds_panel.peek_box.value = True
    table.odds_panel.ask_button.click()
    clickable(table)[0].click()
    table.history_slider.value = 1
    table.branch_button.click()
    table.odds_panel.ask_button.click()
    assert len(_instances) > before
    table.close()
    assert len(_instances) == before
    assert table.odds_panel.comm is None and table.history_slider.comm is None


def test_in_a_kernel_the_rollouts_run_on_the_event_loop_with_no_thread():
    """A real ipykernel: the click returns at once with a first estimate and a task on the
    kernel's running loop; a later cell that awaits lets the steps run, on no new thread, to
    catcards.odds's numbers."""
    import json

    start_new_kernel = pytest.importorskip("jupyter_client.manager", reason="needs the test extra "
                                           "(pip install -e \".[test]\")").start_new_kernel
    from test_table_lifecycle import _execute

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        out = _execute(kc, "import catcards, catcards.widgets, threading, json\n"
                           "t = catcards.widgets.play('simons-cat', players=4, seed=3)\n"
                           # a first step of one play-out: the run cannot end within the click
                           "t.odds_panel.seconds, t.odds_panel.precision, t.odds_panel.first_seconds = 60, 0.1, 1e-6\n"
                           "threads = threading.active_count()\n"
                           "t.odds_panel.ask_button.click()\n"
                           "print(json.dumps([t.odds_panel.task is not None, t.odds_panel.frames is not None]))")
        assert json.loads(out) == [True, True]
        out = _execute(kc, "import asyncio\n"
                           "for _ in range(1200):\n"
                           "    if t.odds_panel.done: break\n"
                           "    await asyncio.sleep(0.05)\n"
                           "p = t.odds_panel\n"
                           "now = [x.name for x in threading.enumerate()]\n"
                           "ref = catcards.odds(t.state, 0, rollouts=2000, precision=0.1, seed=0, progress=False)\n"
                           "print(json.dumps([p.done, p.frames['honest'].equals(ref), threads, now]))", timeout=120)
        done, same, threads, now = json.loads(out)
        assert done and same and len(now) == threads, now
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_slow_games_click_answers_with_every_row_and_a_second_click_does_not_start_again():
    """Found in the Voila app: King of the Jungle's bidding position has 14 moves and a rollout
    plays the game to its end (about 2,800 actions), so a first chunk of 10 rollouts per move
    held the kernel for about 4 s; five quick clicks queued five such chunks. The click now
    draws a first estimate after a short step (a play-out at a time), and a click while the
    same position is being worked out keeps that run."""
    async def scenario():
        table = cw.play("king-of-the-jungle", players=4, seed=3)
        panel = table.odds_panel
        panel.ask_button.click()
        task = panel.task
        assert task is not None and panel.result.value.count("catcards-odds-row") == 14
        before = panel.progress.value
        assert before >= 1
        panel.ask_button.click()  # again, same position: the run goes on
        assert panel.task is task and panel.progress.value == before
        await asyncio.sleep(0.01)
        table.playout_button.click()  # the game moves: the run stops at its next step
        await task
        assert panel.frames is None and "The game has moved" in panel.result.value
        table.close()

    asyncio.run(scenario())


def test_passing_a_hot_seat_screen_says_whose_view_is_shown_not_that_the_game_moved():
    table = cw.play("simons-cat", players=3, seed=6, humans=(0, 1, 2))
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, COARSE
    panel.ask_button.click()  # behind the pass screen: no seat's view to work from
    assert "while a person" in panel.result.value
    table.pass_button.click()
    seat = table.view_seat
    assert seat is not None and "has moved" not in panel.result.value
    assert f"Now showing seat {seat}'s view" in panel.result.value
    table.close()


def test_pairs_moves_the_seat_cannot_tell_apart_are_one_row_of_the_panel():
    """Turning over any card never seen shares one set of rollouts (column ``same_as``): the panel
    shows them as one row naming every such card; a seen card keeps its own row; the teacher's
    peeking odds tell every card apart, so side by side every row is shown."""
    table = cw.play("pairs", seed=3)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, 0.25
    for _ in range(2):  # seat 0 turns over two cards, then the computers play: cards are seen now
        clickable(table)[0].click()
    state = table.state
    panel.ask_button.click()
    frame = panel.frames["honest"]
    never_seen = [j for j, a in enumerate(frame["action"])
                  if state.action_from_string(a).position not in state.seen]
    seen = [j for j in range(len(frame)) if j not in never_seen]
    assert len(seen) >= 2 and len(never_seen) >= 2
    assert list(frame["same_as"]) == [j if j in seen else never_seen[0] for j in range(len(frame))]
    text = panel.result.value
    assert text.count("catcards-odds-row") == len(seen) + 1
    numbers = sorted(int(frame["action"][j].removeprefix("turn over card ")) for j in never_seen)
    label = re.search(r"<b>turn over card ([0-9, to]+) <span", text).group(1)
    assert _read_ranges(label) == numbers and f"(any of these {len(never_seen)}:" in text
    # the question the Pairs panel asks (its horizon): a pair with this turn's two cards, counted
    # exactly (the seat remembers every card shown: catcards.explore.pairs.turn_exact)
    assert "making a pair with this turn's two cards</b>" in text and frame["exact"].all()
    assert text.count("% exactly (counting every way the cards you cannot see could lie") == len(seen) + 1
    assert "too close to call" not in text  # exact rows: nothing is left to call
    table.teacher = True
    table.refresh()
    panel.peek_box.value = True
    panel.ask_button.click()
    assert panel.result.value.count("catcards-odds-row") == len(frame)
    table.close()


def test_a_seen_cards_row_in_pairs_says_what_it_showed_and_the_odds_table_does_not_change():
    """A student remembers cards by their faces: a seen card's row says what it showed, in the
    table's words (a face-up card's button "shows 3"): "turn over card 7 (it showed 3)", from
    ``observation(seat)["seen"]`` only; a card never seen says nothing more, and the odds table's
    action texts (``catcards.odds(...)``, its CSV) stay as they were."""
    table = cw.play("pairs", seed=3)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, 0.25
    for _ in range(2):  # seat 0 turns over two cards, then the computers play: cards are seen now
        clickable(table)[0].click()
    state, seat = table.state, table.view_seat
    seen = state.observation(seat)["seen"]
    panel.ask_button.click()
    frame = panel.frames["honest"]
    text = panel.result.value
    shown = 0
    for action in frame["action"]:
        position = state.action_from_string(action).position
        assert action == f"turn over card {position}"     # the table's texts as catcards.odds gives them
        if position in seen:
            assert f"<b>turn over card {position} (it showed {seen[position]})</b>" in text
            shown += 1
    assert shown >= 2 and text.count("(it showed ") == shown
    odds = catcards.odds(state, seat, rollouts=2, seed=0, agents="sensible").to_csv()
    assert "showed" not in odds and "turn over card" in odds
    table.close()


def test_pairs_row_labels_read_only_the_seats_observation():
    from catcards.explore.pairs import row_labels

    observation = {"seen": {7: 3, 12: 50}}
    actions = ["turn over card 7", "turn over card 8", "turn over card 12", None]
    assert row_labels(observation, actions) == [
        "turn over card 7 (it showed 3)", "turn over card 8", "turn over card 12 (it showed 50)", None]
    assert row_labels({"seen": {}}, actions) == actions


def test_a_lone_bar_of_moves_the_seat_cannot_tell_apart_is_not_too_close_to_call():
    """Pairs' first turn: every card is never seen, so the panel shows one bar; "too close to
    call" compares the bars shown, and a group's own moves are that same bar, not rivals."""
    table = cw.play("pairs", seed=1)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, 0.25
    panel.ask_button.click()
    frame = panel.frames["honest"]
    assert set(frame["same_as"]) == {0} and len(frame) == 52
    text = panel.result.value
    assert text.count("catcards-odds-row") == 1 and "(any of these 52:" in text
    assert "too close to call" not in text
    # one range, not 52 numbers (a screen reader read all of them, and at 390 px they took 8 lines)
    assert "<b>turn over card 0 to 51 <span" in text
    table.close()


def _read_ranges(label: str) -> list[int]:
    """The card numbers a label's "0, 1, 4 to 20" names."""
    numbers = []
    for part in label.split(", "):
        low, _, high = part.partition(" to ")
        numbers += range(int(low), int(high or low) + 1)
    return numbers


def test_a_group_label_gives_runs_of_card_numbers_as_ranges():
    from catcards.widgets.explore import _group_label

    texts = [f"turn over card {n}" for n in (0, 1, 2, 5, 7, 8, 10, 11, 12, 13)]
    assert _group_label(texts).startswith("turn over card 0 to 2, 5, 7, 8, 10 to 13 <span")
    assert "(any of these 10:" in _group_label(texts)
    assert _group_label(["snap by seat 1", "snap by seat 2"]).startswith("snap by seat 1, 2 <span")
    assert _group_label(["play red 3", "play blue 3"]).startswith("play red 3, blue 3 <span")


def test_the_pairs_panel_asks_for_the_turn_of_the_seat_shown_only():
    """The Pairs panel's question is a pair with this turn's two cards: looking back at a position
    where the computer (seat 1) was to turn over a card, seat 0's panel says to ask on its own
    turn, and shows no bars; back at seat 0's turn it answers."""
    table = cw.play("pairs", players=2, seed=3)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, 0.25
    for _ in range(2):  # seat 0's two cards; then the computer plays its turn
        clickable(table)[0].click()
    table.history_slider.value = 2  # after seat 0's two cards (no pair): seat 1 to turn one over
    assert table.state.current_player == 1 and table.view_seat == 0
    panel.ask_button.click()
    assert "ask again when it is your turn" in panel.result.value and panel.frames is None
    table.history_slider.value = table.history_slider.max
    panel.ask_button.click()
    assert panel.frames is not None and "making a pair with this turn's two cards" in panel.result.value
    table.close()


def test_the_pairs_panel_plays_your_turn_remembering_every_card_shown():
    """The Pairs panel names every seen card in its rows ("it showed 3"), so your own second card
    is played with perfect memory (the other seats' players are the forgetful computer players):
    its numbers are catcards.odds with agents ["perfect", "sensible"] at the turn, and it says so."""
    table = cw.play("pairs", seed=3)
    panel = table.odds_panel
    panel.seconds, panel.precision = 60, COARSE
    for _ in range(2):  # seat 0's two cards, then the computer's turn: cards are seen now
        clickable(table)[0].click()
    state = table.state
    assert state.current_player == 0 and state.turned is None and state.seen
    panel.ask_button.click()
    assert_frame_equal(panel.frames["honest"], settled(state))
    assert_frame_equal(settled(state), catcards.odds(
        state, 0, rollouts=2000, precision=COARSE, seed=0, progress=False, horizon="turn",
        agents=["perfect", "sensible"]))
    assert "counted exactly from what you have seen (you remember every card shown)" in panel.result.value
    table.close()
