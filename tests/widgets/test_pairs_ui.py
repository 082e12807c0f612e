"""The Pairs and Snap tables' words and controls (hostile tester and README user, branch
pairsui): the heading and what a press does agree at the pace's end, "Computer step" during the
pace, "Skip to my turn", the log's words and numbers, and the class page's button size.
The clock is a ManualClock, as in ``test_pairs_pace``."""
from __future__ import annotations

import html
import re

import catcards.widgets as cw


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def test_the_52_card_grid_is_described_without_a_row_count_a_phone_does_not_show():
    """D8: at 390 px the grid shows rows of 5, yet the log said "52 cards face down in 4 rows of
    13" (read out by screen readers too). The line is true on every width."""
    table = cw.play("pairs", players=2, seed=2)
    log = plain(table.log_html(table.state.observation(0)))
    assert "52 cards face down, numbered 0 to 51; seat 0 starts." in log
    assert "rows of" not in log and "rows" not in table.state.log[0]
    table.close()


def test_snaps_log_gives_each_number_to_one_entry():
    """S2: Snap's last card and "Game over" were two log entries both numbered "52." (one move
    wrote both lines). Each move is one entry with one number, its lines in the order written."""
    table = cw.play("snap", seed=5, humans=(0, 1), players=2, max_turns=52)
    while not table.state.is_over:
        table._run(table.press_turn)
    log = table.log_html(table.state.observation(0))
    numbers = re.findall(r">(\d+)\.</span>", log)
    assert numbers[:3] == ["52", "51", "50"] and len(numbers) == len(set(numbers))
    entries = [" ".join(plain(e).split()) for e in re.findall(r"<div style='[^']*'>(.*?)</div>", log)]
    assert entries[0] == ("52. Seat 1 turns yellow 2. Game over after 52 cards turned: the turn limit "
                          "(52 cards turned) was reached with every card in the centre pile: no one holds a card, a tie.")
    assert entries[1] == "51. Seat 0 turns yellow 8."
    table.close()


# ---- Pairs' paced turn (ManualClock, as in test_pairs_pace) ------------------------------------
from catcards.widgets.pairs import COMPUTER_PLAYING, SHOWN_SECONDS  # noqa: E402
from catcards.widgets.table.scheduler import ManualClock  # noqa: E402
from test_pairs_pace import miss, step  # noqa: E402  (the pace's clock steps, one place)

#: 12 cards: red 1 and blue 2 at 0 and 1 are the student's miss; with a perfect memory the computer
#: then takes red 2 and blue 2 (moves 3-4) and misses with moves 5-6, giving the student the turn
DEAL = [["red 1", "blue 2", "red 3", "red 4", "red 5", "red 6"],
        ["red 2", "blue 3", "blue 1", "blue 4", "blue 5", "blue 6"]]


def paced(players=2, **kw):
    return cw.play("pairs", players=players, copies=2, numbers=6, seed=1, deals=DEAL, clock=ManualClock(),
                   agents="perfect", **kw)


def face_up(table) -> list[int]:
    return [p for p, f in enumerate(table._faces) if "face down" not in f.value and "dashed" not in f.value]


def test_computer_step_during_the_pace_leaves_no_computers_miss_face_up_at_the_students_turn():
    """D5: "Computer step" while the computer's first card lay face up made its second card, a
    miss, which then lay face up while the student's cards were playable; pressed again it
    turned a card for the student. Now the computer's miss is shown as the clock shows it (the
    computer is still turning cards, presses refused); "Computer step" then makes the pace's last
    step now (the miss face down, the student's turn) and turns no card for the student."""
    table = paced()
    miss(table)
    while len(table.state.history) < 5:
        step(table)
    assert table.state.current_player == 1 and table.state.turned == 5
    table.step_button.click()  # the computer's second card: a miss, the turn passes to the student
    turn = table.state.last_turn
    assert len(table.state.history) == 6 and turn["seat"] == 1 and not turn["match"]
    assert table.state.current_player == 0 and sorted(face_up(table)) == sorted(turn["positions"])
    assert table.legal == () and table.clock.pending == 1
    assert plain(table.status.value).split() == "No match · Seat 1 (computer) is turning cards · 3 turns played".split()
    down = min(table.cell_buttons)
    table.cell_buttons[down].click()
    assert len(table.state.history) == 6 and table.output_text().endswith(COMPUTER_PLAYING + "\n")
    table.step_button.click()  # the pace's last step, now: no card is turned for the student
    assert len(table.state.history) == 6 and face_up(table) == [] and table.clock.pending == 0
    assert table.legal and plain(table.status.value).split()[:2] == ["Your", "turn"]
    assert plain(table.announce.value).strip() == "Your turn: choose a face-down card."
    table.cell_buttons[down].click()
    assert str(table.state.history[-1]) == f"turn over card {down}"
    # the same game as the clock's pace makes
    clocked = paced()
    miss(clocked)
    while clocked.clock.pending:
        step(clocked)
    assert [str(a) for a in clocked.state.history] == [str(a) for a in table.state.history][:6]


def test_play_out_during_the_computers_shown_miss_ends_the_game_with_nothing_left_face_up():
    """D5: Play out during the pace, as Undo and New game, cancels what is scheduled."""
    table = paced()
    miss(table)
    while len(table.state.history) < 6:
        step(table)
    assert table.clock.pending == 1 and face_up(table)
    table.playout_button.click()
    assert table.state.is_over and table.clock.pending == 0 and table.legal == ()
    assert "Game over" in plain(table.status.value) and "turning cards" not in plain(table.status.value)
    table.clock.advance(SHOWN_SECONDS * 10)
    assert table.state.is_over


def browser_clock(monkeypatch, table):
    """The browser's clock for presses (``press_time``) and the kernel's (``perf_counter``), both
    set by the test: ``sent[0]`` is when the browser sends the next press; the kernel's clock is
    the table's ManualClock (a network with no delay: the kernel takes a press when it is sent)."""
    from types import SimpleNamespace

    from catcards.widgets.table import messages

    sent = [100.0]
    monkeypatch.setattr(messages, "press_time", lambda: sent[0])
    monkeypatch.setattr(messages, "time", SimpleNamespace(perf_counter=lambda: 100.0 + table.clock.now))
    return sent


def test_at_the_paces_end_the_heading_and_a_press_agree(monkeypatch):
    """D4: for about 0.1 s after the page showed "Your turn" at the pace's end, a card pressed
    was refused with "Wait: the computer is playing" (the table's SEEN_SECONDS). Now a press
    sent while the heading says the computer is turning cards is refused, and one sent once it
    says "Your turn" is played, at every moment."""
    table = paced()
    sent = browser_clock(monkeypatch, table)
    table.cell_buttons[0].click()
    table.cell_buttons[1].click()  # the miss: the computers' paced turn starts now (clock 0)
    while table.clock.pending > 0 and not (table.state.current_player == 0 and table.clock.pending == 1):
        step(table)
    end = table.clock._events[0][0]  # the computer's miss goes face down, the student's turn drawn
    assert "turning cards" in plain(table.status.value) and table.legal == ()
    sent[0] = 100.0 + end - 0.01  # sent while the page says the computer is turning cards ...
    table.clock.advance(end - table.clock.now)  # ... taken once the kernel has drawn "Your turn"
    assert plain(table.status.value).split()[:2] == ["Your", "turn"] and table.legal
    before, said = len(table.state.history), table.output_text()
    down = sorted(table.cell_buttons)
    table.cell_buttons[down[0]].click()
    assert len(table.state.history) == before and table.output_text() == said + COMPUTER_PLAYING + "\n"
    sent[0] = 100.0 + end + 0.1  # sent 0.1 s after the page says "Your turn": played (another
    table.cell_buttons[down[1]].click()  # card: the same one again so soon is a key held down)
    assert len(table.state.history) == before + 1 and str(table.state.history[-1]) == f"turn over card {down[1]}"
    assert table.output_text().count(COMPUTER_PLAYING) == 1


def test_a_press_after_computer_step_ends_the_pace_is_played(monkeypatch):
    """D4 with D5: "Computer step" at the pace's last step draws "Your turn"; a card pressed 0.1 s
    later is played, as the heading says."""
    table = paced()
    sent = browser_clock(monkeypatch, table)
    miss(table)
    while table.clock.pending > 0 and not (table.state.current_player == 0 and table.clock.pending == 1):
        step(table)
    sent[0] = 100.0 + table.clock.now  # the kernel takes the press as it is sent
    table.step_button.click()
    assert plain(table.status.value).split()[:2] == ["Your", "turn"] and len(table.state.history) == 6
    sent[0] += 0.1
    p = min(table.cell_buttons)
    table.cell_buttons[p].click()
    assert [str(a) for a in table.state.history[6:]] == [f"turn over card {p}"]
    assert COMPUTER_PLAYING not in table.output_text()


def skip_button(table):
    from catcards.widgets.table.moves import focusable_buttons

    return next(b for b in focusable_buttons(table.hand_box) if b.description == "Skip to my turn")


def test_skip_to_my_turn_ends_six_players_paced_wait_with_the_same_game_and_every_card_logged():
    """D9: at 6 players the student waited about 25-30 s between turns while five paced computers
    played. "Skip to my turn" (always shown beside the pairs taken, usable while the computers
    play) makes the rest of their turns at once: the same game as paced, every card turned still
    in the move log, and a summary of the computers' turns said in words."""
    six = dict(players=6, seed=4)
    table = cw.play("pairs", clock=ManualClock(), **six)
    button = skip_button(table)
    assert "catcards-unplayable" in button._dom_classes  # the student's turn: nothing to skip
    button.click()
    assert table.output_text().endswith("Nothing to skip: the computers are not playing now. Nothing changed.\n")
    assert len(table.state.history) == 0
    first, second = sorted(table.cell_buttons)[:2]
    table.cell_buttons[first].click()
    table.cell_buttons[second].click()  # blue 6, Tiger: a miss; five computers play, paced
    assert table._pacing and table.clock.pending == 1 and "catcards-unplayable" not in button._dom_classes
    step(table)
    step(table)  # a computer's first card is face up
    button.click()
    assert table.clock.pending == 0 and table.state.current_player == 0 and table.legal
    assert plain(table.status.value).split()[:2] == ["Your", "turn"] and "catcards-unplayable" in button._dom_classes
    # the same game as the clock's pace (and as a table that plays at once)
    paced_out = cw.play("pairs", clock=ManualClock(), **six)
    paced_out.cell_buttons[first].click()
    paced_out.cell_buttons[second].click()
    waited = 0.0
    while paced_out.clock.pending:
        waited += step(paced_out)
    assert waited > 20  # what the student waited before
    assert paced_out.state.to_json() == table.state.to_json()
    # every card the computers turned is in the move log, one line per card
    computers = table.state.history[2:]
    card_lines = [line for line in table.state.log if re.match(r"Seat [1-5] turns over card \d+", line)]
    assert len(card_lines) == len(computers) > 10
    turns = [t for t in __import__("catcards.widgets.pairs", fromlist=["recent_turns"]).recent_turns(
        table.state, keep=100) if t["seat"] != 0]
    said = table.output_text()
    assert "Skipped to your turn. Since your last turn: Seat 1 (computer) " in said
    for seat in range(1, 6):
        n = sum(t["seat"] == seat for t in turns)
        pairs = sum(t["seat"] == seat and t["match"] for t in turns)
        words = f"Seat {seat} (computer) {n} turn{'s' * (n != 1)}, " + (f"{pairs} pair{'s' * (pairs != 1)}" if pairs else "no pair")
        assert words in said, (words, said)
    assert said.endswith("Every card they turned is in the move log. Your turn: choose a face-down card.\n")
    # read out as one line: "Your turn" said apart replaced the summary 12 ms later (breakapp53)
    spoken = html.unescape(re.sub(r"<[^>]+>", "", table.announce.value))
    assert spoken.startswith("Skipped to your turn. Since your last turn: Seat 1 (computer) ")
    assert spoken.endswith("Every card they turned is in the move log. Your turn: choose a face-down card.")
    table.clock.advance(60)
    assert paced_out.state.to_json() == table.state.to_json()


def test_a_table_with_no_computer_has_no_skip_button():
    table = cw.play("pairs", players=1, seed=2, clock=ManualClock())
    assert all(getattr(b, "description", "") != "Skip to my turn" for b in table.hand_box.children)
    assert table.hand_box.children[0].__class__.__name__ == "HTML"


def test_a_card_pressed_just_after_skip_to_my_turn_is_played(monkeypatch):
    """D4 with D9: "Skip to my turn" draws "Your turn"; a card pressed 0.1 s later is played."""
    table = paced()
    sent = browser_clock(monkeypatch, table)
    miss(table)
    step(table)
    sent[0] = 100.0 + table.clock.now  # the kernel takes the press as it is sent
    skip_button(table).click()
    assert plain(table.status.value).split()[:2] == ["Your", "turn"] and table.clock.pending == 0
    done = len(table.state.history)
    sent[0] += 0.1
    # not the first face-down card: the skip hands it the keyboard focus (break55t), and a press
    # on it 0.1 s after is the Enter on Skip held or doubled (test_moves_read_out.py)
    p = max(table.cell_buttons)
    table.cell_buttons[p].click()
    assert [str(a) for a in table.state.history[done:]] == [f"turn over card {p}"]
