"""A lesson's worth of clicks in one process: no table leaks widget models (issue 11).

Every game's table plays 150 moves by clicking its enabled buttons, as a person would, and deals
20 new games; of the live widget models it made (``ipywidgets.widgets.widget._instances``, every
model the kernel holds and the browser mirrors), those it does not show (parts kept for when they
come back) must stay under half of what the table needed after its first deal. The models shown
grow with the position (a Cat Days week with many cards played shows 1.6 times its first deal's),
so they are not the measure of a leak. Before issue 11 a Simon's Cat "New game" left 120 models
behind each time and Pairs about 450 per click (each replaced Button's Layout and style stayed).
"""
from __future__ import annotations

import ipywidgets as W
import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances

import catcards
import catcards.widgets as cw
from catcards.widgets.snap import ManualClock, SnapTable
from catcards.widgets.table import GameTable, close_tree
from catcards.widgets.table.live import _parts

GAMES = catcards.list_games()


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def clickable(table):
    """The enabled buttons of the board and hand (the moves a person can click now)."""
    return [
        w for part in (table.board_box, table.hand_box) for w in walk(part)
        if isinstance(w, W.Button) and not w.disabled and "catcards-unplayable" not in w._dom_classes
    ]


def open_table(name):
    if name == "snap":
        return SnapTable(catcards.load("snap"), seed=1, clock=ManualClock())
    return cw.play(name, seed=1)


def one_move(table, rng):
    """Click one enabled button (a computer acts, or the clock moves, when none is offered).
    Returns True when the game's history grew."""
    moves = len(table.state.history)
    buttons = clickable(table)
    if buttons:
        buttons[rng.integers(len(buttons))].click()
        if isinstance(table, SnapTable) and len(table.state.history) == moves:
            table.clock.advance(2.0)
    elif isinstance(table, SnapTable):
        table.clock.advance(2.0)
    else:
        table.step_button.click()
    return len(table.state.history) > moves


def shown_models(table):
    """The models the table shows now: its tree, with the controls a subclass moved out of it."""
    roots = [table, *(getattr(table, n) for n in ("new_button", "shuffle_button", "undo_button",
                                                  "step_button", "playout_button", "seed_box"))]
    return {id(p) for root in roots if isinstance(root, W.Widget)
            for p in _parts(root) if isinstance(p, W.Widget) and p.comm is not None}


@pytest.mark.parametrize("name", GAMES)
def test_150_moves_and_20_deals_keep_the_live_widget_count_flat(name, monkeypatch):
    # "New seed" draws from the OS's entropy: seeded here, so that every run plays the same deals
    seeds = iter(np.random.default_rng(5).integers(0, 2**40, 40).tolist())
    monkeypatch.setattr("catcards.widgets.table.controls.fresh_seed", lambda: next(seeds))
    rng = np.random.default_rng(11)
    before = len(_instances)
    table = open_table(name)
    after_first_deal = len(_instances) - before
    moves = deals = 0
    tries = 0
    while (moves < 150 or deals < 20) and tries < 5000:
        tries += 1
        if table.state.is_over or (deals < 20 and moves >= 7 * (deals + 1)):
            table.new_button.click() if deals % 2 else table.shuffle_button.click()
            deals += 1
            continue
        moves += one_move(table, rng)
    assert moves >= 150 and deals >= 20, (moves, deals)
    not_shown = len(_instances) - before - len(shown_models(table))
    assert 0 <= not_shown <= 0.5 * after_first_deal, (after_first_deal, not_shown)
    # the table still works and says nothing went wrong
    assert "Traceback" not in table.output_text()
    table.close()
    assert len(_instances) == before  # closing a table frees every model it made


def test_closing_a_table_closes_its_layouts_and_styles_and_a_table_inside_a_box():
    before = len(_instances)
    table = cw.play("simons-cat", seed=2)
    box = W.VBox([table])
    made = len(_instances) - before
    assert made > 50  # buttons, their layouts and styles, boxes, HTML
    assert close_tree(box) == made
    assert table.closed and len(_instances) == before
    before_click = table.state.to_json()
    table.shuffle_button.click()  # a click that reaches a closed table changes nothing, raises nothing
    assert table.state.to_json() == before_click


def test_a_replaced_board_and_hand_are_closed_but_kept_buttons_are_not():
    table = SnapTable(catcards.load("snap"), seed=1, clock=ManualClock())
    turn = table.turn_button
    for _ in range(5):
        table.refresh()
    assert turn.comm is not None and turn.layout.comm is not None  # shown again: kept open
    board = table.board_box.children[0]  # updated in place by key (issue 31): the same widget
    table.refresh()
    assert table.board_box.children[0] is board and board.comm is not None
    # a hand replaced (the pass-screen step of a hot-seat table) is closed with what it held
    hot = cw.play("simons-cat", players=3, seed=1, humans=(0, 1))
    hot.pass_button.click()  # seat 0 looks
    hand = hot.hand_box.children[0]
    hot.act(hot.legal[0])  # seat 0 plays; seat 1's hand waits behind the pass-screen button
    hot.refresh()
    assert hot.hand_box.children[0] is not hand
    assert hand.comm is None and hand.layout.comm is None


def test_widgets_update_in_place_where_they_can():
    """Pairs keeps its grid: a click changes the two cells' faces, not 158 new widgets."""
    table = cw.play("pairs", players=2, seed=4)
    grid_ids = {id(w) for w in walk(table.board_box)}
    before = len(_instances)
    button = next(b for b in table.cell_buttons.values() if not b.disabled)
    button.click()
    assert {id(w) for w in walk(table.board_box)} == grid_ids
    assert len(_instances) == before
    assert isinstance(table, GameTable)


# ---- in a real kernel: the event loop, and a cell run again -------------------------------------
def _execute(kc, code, cell=None, timeout=60):
    """Run ``code`` as JupyterLab does (``cellId`` in the request's metadata); return its stdout.

    Raises:
        AssertionError: the code raised (with the kernel's traceback).
    """
    content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
               "allow_stdin": False, "stop_on_error": True}
    msg = kc.session.msg("execute_request", content, metadata={"cellId": cell} if cell else {})
    kc.shell_channel.send(msg)
    printed = []
    while True:
        reply = kc.get_iopub_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        if reply["msg_type"] == "stream":
            printed.append(reply["content"]["text"])
        elif reply["msg_type"] == "error":
            raise AssertionError("\n".join(reply["content"]["traceback"]))
        elif reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            return "".join(printed)


@pytest.fixture(scope="module")
def kernel():
    # a real kernel: jupyter_client and ipykernel come with the test extra, not the light dev one
    start_new_kernel = pytest.importorskip("jupyter_client.manager", reason="needs the test extra "
                                           "(pip install -e \".[test]\")").start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


SNAP_CELL = """
import catcards.widgets
from catcards.agents.snap import ReactionAgent
t = catcards.widgets.play("snap", seed=5, humans=(), agents=ReactionAgent(mean=0.05, sd=0.01))
t.turn_delay = 0.05
t.computer_step()   # the first card; the rest follow on the kernel's event loop
tables = globals().setdefault("tables", [])
tables.append(t)
t
"""


def test_in_a_kernel_computers_move_on_the_event_loop_and_a_rerun_cell_leaves_one_table(kernel):
    import json

    _execute(kernel, SNAP_CELL, cell="cell-snap")
    out = _execute(kernel, "import json, threading, time\n"
                           "print(json.dumps([len(tables[0].clock._handles), len(tables[0].clock._events),"
                           " tables[0].state.turns, threading.active_count()]))")
    handles, queued, turns, threads = json.loads(out)
    assert handles >= 1 and queued == 0  # scheduled with call_later on the running loop
    # the next cell awaits: the loop runs the table's timed moves meanwhile, on no new thread
    out = _execute(kernel, "import asyncio\nawait asyncio.sleep(1.0)\n"
                           "print(json.dumps([tables[0].state.turns, threading.active_count(),"
                           " tables[0].output_text()]))")
    later, threads_later, messages = json.loads(out)
    assert later > turns and threads_later == threads and "Traceback" not in messages
    # the same cell run again: the first table is closed and its timers stopped
    _execute(kernel, SNAP_CELL, cell="cell-snap")
    out = _execute(kernel, "first, second = tables\nfrozen = first.state.turns\nawait asyncio.sleep(0.6)\n"
                           "print(json.dumps([first.closed, first.clock.pending, first.state.turns == frozen,"
                           " second.closed, second.state.turns > 1,"
                           " sum(1 for t in catcards.widgets.table._LIVE['cell-snap'][1] if not t.closed)]))")
    assert json.loads(out) == [True, 0, True, False, True, 1]
    # a table made in another cell is not touched
    _execute(kernel, SNAP_CELL, cell="cell-other")
    out = _execute(kernel, "print(json.dumps([t.closed for t in tables]))")
    assert json.loads(out) == [True, False, False]


def test_replace_swaps_tables_in_a_box_and_frees_the_old_one():
    """The notebook's computers slider and the app's Deal swap tables with ``replace``: moving
    the slider ten times leaves one table's worth of models (it was 201 -> 2,371 before)."""
    base = len(_instances)
    single = cw.play("simons-cat", players=4, seed=2026)
    one_table = len(_instances) - base
    single.close()
    before = len(_instances)
    seat = W.VBox()
    tables = []
    for players in [4, 3, 5, 6, 4, 3, 5, 6, 4, 3, 4]:
        tables.append(cw.play("simons-cat", players=players, seed=2026))
        cw.replace(seat, tables[-1])
    assert seat.children == (tables[-1],)
    assert all(t.closed for t in tables[:-1]) and not tables[-1].closed
    assert len(_instances) - before <= one_table + 2  # the last table, the box and its layout


def test_undo_takes_back_your_move_and_the_computers_replies():
    """Simon's Cat, stacked: seat 0 plays Cat 3 and both computers answer by force; Undo gives
    back the dealt position exactly, with Cat 3 clickable again."""
    game = catcards.load("simons-cat", players=3, hand_size=2)
    deal = [[["Cat 3", "Gnome 1"], ["Cat 4", "Kitten 5"], ["Cat 5", "Dog 6"]]]
    table = cw.play(game, seed=5, deals=deal)
    fresh = table.state.to_json()
    next(b for b in clickable(table) if b.description == "Cat 3").click()
    assert [str(a) for a in table.state.history] == ["play Cat 3", "play Cat 4", "play Cat 5"]
    table.undo_button.click()
    assert table.state.to_json() == fresh
    assert "Took back your move 'play Cat 3' and the 2 computer moves after it." in table.output_text()
    assert [b.description for b in clickable(table)] == ["Cat 3"]
    table.undo_button.click()
    assert "Nothing to take back" in table.output_text() and table.state.to_json() == fresh


@pytest.mark.parametrize("name", GAMES)
def test_undo_in_every_game_replays_the_history_up_to_your_last_move(name):
    rng = np.random.default_rng(5)
    table = open_table(name)
    for _ in range(12):
        if table.state.is_over:
            break
        one_move(table, rng)
    history = list(table.state.history)
    replay = table.game.new_game(table.state.seed)
    mine = [i for i, a in enumerate(history) if (replay.current_player == 0, replay.apply(a))[0]]
    table.undo_button.click()
    if not mine:
        assert "Nothing to take back" in table.output_text()
        return
    assert [str(a) for a in table.state.history] == [str(a) for a in history[:mine[-1]]]
    assert "Traceback" not in table.output_text()
