"""The table's model and its views (issue 31): a redraw updates the widgets in place by key, so
a move click makes few new widget models; undo and looking back start from a kept position, not
from the deal, and reach exactly the position a replay from the deal reaches; the Move box and
the move log count moves the same way; computer moves go through the table's one scheduler."""
from __future__ import annotations

import statistics

import numpy as np
import pytest

import catcards
import catcards.widgets as cw
from catcards.widgets.table.model import TableModel

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_table_models import models_per_click  # noqa: E402  (the benchmark's own count)

GAMES = catcards.list_games()


@pytest.mark.parametrize("name", GAMES)
def test_a_move_click_makes_at_most_three_new_widget_models_median(name):
    """40 clicks on the enabled buttons of the board and hand, chosen at random (seeded): the
    models in ``ipywidgets.widgets.widget._instances`` after each click that were not there
    before. Before issue 31 the medians were 10 to 24 (Simon's Cat, Cat Trick and King of the
    Jungle 10, Big Cat 13, Cat Days 24.5, Card Game 24)."""
    counts = models_per_click(name, clicks=40)
    assert len(counts) == 40
    assert statistics.median(counts) <= 3, counts


def test_a_card_button_stays_the_same_widget_while_the_card_stays_in_the_hand():
    table = cw.play("simons-cat", players=4, seed=2)
    hand = table.hand_box.children[0].children[1]  # the heading, then the cards
    before = {b.children[1].description: b.children[1] for b in hand.children}
    next(b for b in before.values() if "catcards-unplayable" not in b._dom_classes).click()
    after = {b.children[1].description: b.children[1] for b in hand.children}
    assert len(after) == len(before) - 1
    assert all(after[name] is before[name] for name in after)
    assert table.hand_box.children[0].children[1] is hand


def _moves(model, n, rng):
    for _ in range(n):
        if model.state.is_over:
            break
        legal = model.state.legal_actions()
        model.apply(legal[rng.integers(len(legal))])


def _replayed(model, moves):
    state = model.game.new_game(model.live_state.seed, deals=model.deals)
    for action in model.live_state.history[:moves]:
        state.apply(action)
    return state


@pytest.mark.parametrize("name", ["king-of-the-jungle", "cat-days", "card-game"])
def test_positions_from_kept_clones_equal_the_replayed_positions(name):
    game = catcards.load(name)
    model = TableModel(game, humans=(0,), agents=[None] * game.players)
    model.deal(3)
    _moves(model, 70, np.random.default_rng(3))
    total = len(model.live_state.history)
    assert total > TableModel.SNAPSHOT_EVERY + 5
    for moves in (0, 1, TableModel.SNAPSHOT_EVERY, TableModel.SNAPSHOT_EVERY + 5, total - 1, total):
        assert model.position(moves).to_json() == _replayed(model, moves).to_json()


def test_undo_at_a_late_move_equals_the_replayed_state_and_applies_few_actions():
    """King of the Jungle with every seat a person: undo takes back one move, from the kept clone
    before it (fewer than SNAPSHOT_EVERY actions applied, however long the game)."""
    game = catcards.load("king-of-the-jungle")
    model = TableModel(game, humans=tuple(range(game.players)), agents=[None] * game.players)
    model.deal(7)
    _moves(model, 130, np.random.default_rng(7))
    total = len(model.live_state.history)
    last = model.live_state.history[-1]
    expected = _replayed(model, total - 1).to_json()
    applied = []
    original = type(model.live_state).apply

    def counting(self, action):
        applied.append(action)
        return original(self, action)

    type(model.live_state).apply = counting
    try:
        taken = model.undo()
    finally:
        type(model.live_state).apply = original
    assert taken == (last, 0)
    assert model.live_state.to_json() == expected
    assert len(applied) < TableModel.SNAPSHOT_EVERY


def test_the_move_log_numbers_lines_by_the_move_the_move_box_counts():
    """Simon's Cat showed "Move 141 of 141" beside log line 146: log lines are numbered by move."""
    table = cw.play("simons-cat", players=4, seed=2)
    while len(table.state.history) < 30:
        table.step_button.click()
    moves = len(table.state.history)
    assert table.history_slider.value == moves and table.history_slider.max == moves
    numbers = table.model.move_of_line()
    assert len(numbers) == len(table.state.log) and numbers[-1] == moves
    assert numbers == sorted(numbers) and max(numbers) == moves
    assert f"<span style='color:#595959'>{moves}.</span>" in table.log_view.value
    # the same numbers after looking back
    table.history_slider.value = 10
    assert table.model.move_of_line()[-1] == 10 and len(table.model.move_of_line()) == len(table.state.log)
    assert "<span style='color:#595959'>10.</span>" in table.log_view.value


def test_computers_reply_through_the_tables_scheduler():
    """Without a running event loop the table's clock steps the computers' replies at once; a
    clock that waits (ManualClock) holds them until it is advanced."""
    from catcards.widgets.table.scheduler import ManualClock

    table = cw.play("simons-cat", players=4, seed=2)
    table.stop()
    table.clock = ManualClock()
    table.act(table.legal[0])
    assert table.state.current_player == 1 and table.clock.pending == 1  # waiting
    table.clock.advance(0)
    assert table.state.current_player == 0 and table.clock.pending == 0


def test_the_contributing_guides_hint_button_works():
    """CONTRIBUTING.md, "Add a control to a table": its example, run as written."""
    import re

    guide = (Path(__file__).resolve().parents[2] / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = guide.split('## Add a control to a table (a "hint" button)', 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "CONTRIBUTING.md", "exec"), namespace)
    table = namespace["table"]
    assert table.output_text() == "Hint: the computer would play Cat 3.\n"
    hint = namespace["hint"]
    assert table.state.history == []  # a hint changes nothing
    table.act(table.legal[0])
    table.refresh()
    # kept, and usable by keyboard on your turn again (never disabled, not marked unavailable)
    assert hint in table.hand_box.children[0].children
    assert not hint.disabled and "catcards-unplayable" not in hint._dom_classes
    table.close()


def test_the_history_bar_is_a_view_of_the_model_alone():
    """Issue 31: the history bar (HistoryBar) is drawn from a TableModel with no table, and says
    what a person asked through the three callables it was given; its own sync is not taken for
    a person's change."""
    from catcards.widgets.table.history import HistoryBar

    game = catcards.load("king-of-the-jungle")
    model = TableModel(game, humans=tuple(range(game.players)), agents=[None] * game.players)
    model.deal(7)
    _moves(model, 5, np.random.default_rng(7))
    asked: list = []
    bar = HistoryBar(model, on_move=lambda w, moves: asked.append(("move", moves)),
                     on_play_on=lambda w: asked.append("play on"),
                     on_switch=lambda w, index: asked.append(("switch", index)))
    bar.sync()
    assert (bar.slider.value, bar.slider.max, bar.note.value) == (5, 5, "")
    assert "catcards-unplayable" in bar.branch_button._dom_classes and bar.branch_list.layout.display == "none"
    model.look_back(2)
    bar.sync()
    assert asked == [] and bar.slider.value == 2 and "after move 2 of 5" in bar.note.value
    bar.slider.value = 3  # typed in the browser
    bar.branch_button.click()
    assert asked == [("move", 3), "play on"]
    model.play_on_from_here()
    bar.sync()
    assert bar.branch_list.options == (("Original game", 0), ("Branch 1 (from move 2)", 1))
    assert bar.branch_list.value == 1 and bar.branch_list.layout.display is None and asked == [("move", 3), "play on"]
    bar.branch_list.value = 0
    assert asked[-1] == ("switch", 0)
    assert bar.widget.children[1] is bar.note and bar.slider in bar.widget.children[0].children
