"""How many new widget models one move click makes at each game's table (issue 31).

Every game's table (seed 1, a person at seat 0) is played by clicking a random enabled button of
its board or hand (``numpy.random.default_rng(11)``), as a person would; a new game is dealt when
one ends. For each click, the models that are in ``ipywidgets.widgets.widget._instances`` after it
and were not before are counted (every model the kernel holds and the browser mirrors: a Button
is 3, its Layout and its style). Prints, per game, the median and the largest count over
``--clicks`` clicks, and the live models at the end against after the first deal.

Usage: ``python benchmarks/bench_table_models.py [--clicks 40]``
"""
from __future__ import annotations

import argparse
import statistics

import ipywidgets as W
import numpy as np
from ipywidgets.widgets.widget import _instances

import catcards
import catcards.widgets as cw
from catcards.widgets.snap import ManualClock, SnapTable


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def clickable(table) -> list:
    """The enabled move buttons of the board and hand (what a person can click now)."""
    return [w for part in (table.board_box, table.hand_box) for w in _walk(part)
            if isinstance(w, W.Button) and not w.disabled and "catcards-unplayable" not in w._dom_classes]


def open_table(name: str):
    if name == "snap":
        return SnapTable(catcards.load("snap"), seed=1, clock=ManualClock())
    return cw.play(name, seed=1)


def models_per_click(name: str, clicks: int = 40, seed: int = 11) -> list[int]:
    """New widget models made by each of ``clicks`` move clicks at ``name``'s table."""
    rng = np.random.default_rng(seed)
    table = open_table(name)
    counts: list[int] = []
    try:
        while len(counts) < clicks:
            if table.state.is_over:
                table.new_button.click()
                continue
            buttons = clickable(table)
            if not buttons:  # a computer's turn (Snap's clock), nothing to click
                if isinstance(table, SnapTable):
                    table.clock.advance(2.0)
                else:
                    table.step_button.click()
                continue
            before = set(_instances)
            buttons[rng.integers(len(buttons))].click()
            counts.append(len(set(_instances) - before))
            if isinstance(table, SnapTable):
                table.clock.advance(2.0)
    finally:
        table.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    print(f"{'game':<22} {'median':>6} {'max':>5}  (new widget models per move click, {args.clicks} clicks)")
    for name in catcards.list_games():
        counts = models_per_click(name, args.clicks)
        print(f"{name:<22} {statistics.median(counts):>6g} {max(counts):>5}")


if __name__ == "__main__":
    main()
