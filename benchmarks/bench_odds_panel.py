"""How long a "What are my chances?" click takes at each game's table (issues 15 and 30): CPU
seconds until the first estimate is drawn, at the first position where seat 0 is to act (seed 3),
the rows and rollouts per row then, and after the refining (run here at once, without an event
loop, up to the panel's time): the median rollouts per row and the near-best rows (within 0.10
of the best) at +-0.05. Prints figures; not a test.

    python benchmarks/bench_odds_panel.py
"""
from __future__ import annotations

import time

import catcards
import catcards.widgets as cw
from catcards.explore.odds import ADAPTIVE_CAP, OddsRun, own_actions
from catcards.widgets.explore import STEP_SECONDS


def main() -> None:
    import pandas  # noqa: F401 - loaded once, before the clocks (a session pays it at its first click)

    print(f"{'game':20} {'rows':>5} {'first CPU s':>11} {'first n/row':>11} {'refined CPU s':>13} "
          f"{'n/row':>6} {'near-best at 0.05':>17}")
    for name in catcards.list_games():
        table = cw.play(name, seed=3)
        panel = table.odds_panel
        # the panel's run, driven here step by step to time the first estimate apart
        state, seat = table.state, table.view_seat
        start = time.process_time()
        run = OddsRun(state.clone(), seat, own_actions(state, seat), cap=ADAPTIVE_CAP, seed=0,
                      agents=["sensible"] * state.game.players, peek=False, precision=panel.precision,
                      adaptive=True, exact=True)
        run.step(panel.first_seconds)
        first = time.process_time() - start
        frame = run.frame()
        first_n = frame["rollouts"].median()
        spent = time.perf_counter()
        start = time.process_time()
        while not run.done and time.perf_counter() - spent < panel.seconds:
            run.step(STEP_SECONDS)
        refined = time.process_time() - start
        frame = run.frame()
        best = frame["win_rate"].max()
        near = frame[frame["win_rate"] >= best - 0.10]
        print(f"{name:20} {len(frame):5d} {first:11.3f} {first_n:11.0f} {refined:13.2f} "
              f"{frame['rollouts'].median():6.0f} {int(near['reached'].sum()):>8d} of {len(near):<6d}")
        table.close()


if __name__ == "__main__":
    import sys

    if sys.argv[1:]:  # it takes no arguments; say what it does instead of running on "--help"
        sys.exit(__doc__)
    main()
