"""How long a "What are my chances?" click takes at each game's table (issue 15): CPU seconds
of one click at the first position where seat 0 is to act (seed 3, default budget), the rows
and rollouts per row. Prints figures; not a test.

    python benchmarks/bench_odds_panel.py
"""
from __future__ import annotations

import time

import catcards
import catcards.widgets as cw


def main() -> None:
    print(f"{'game':20} {'rows':>5} {'rollouts/row':>12} {'CPU s/click':>12}")
    for name in catcards.list_games():
        table = cw.play(name, seed=3)
        panel = table.odds_panel
        start = time.process_time()
        panel.ask_button.click()
        cpu = time.process_time() - start
        if panel.frames is None:
            print(f"{name:20} {'-':>5} {'-':>12} {cpu:12.3f}  (no sampler: one line)")
        else:
            print(f"{name:20} {len(panel.frames['honest']):5d} {panel.last_rollouts:12d} {cpu:12.3f}")
        table.close()


if __name__ == "__main__":
    import sys

    if sys.argv[1:]:  # it takes no arguments; say what it does instead of running on "--help"
        sys.exit(__doc__)
    main()
