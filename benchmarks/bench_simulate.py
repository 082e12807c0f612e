"""``catcards.simulate`` with random players: games per second and microseconds per action for
every registered game, in this process (``executor=None``), on one core.

The time is CPU time of the whole ``simulate`` call (dealing, agents' choices, observations when
an agent reads them, the DataFrame), best of ``repeats`` runs; "us/action" divides it by the actions
played. Run: ``python benchmarks/bench_simulate.py [games] [repeats]``.
"""
from __future__ import annotations

import sys
import time

import catcards


def main(games: int = 300, repeats: int = 3) -> None:
    print(f"catcards.simulate, random players, {games} games per run, best of {repeats} runs (CPU time)")
    print(f"{'game':<20} {'games/s':>10} {'us/action':>10} {'actions/game':>13}")
    for name in catcards.list_games():
        best, actions = float("inf"), 0
        for _ in range(repeats):
            t = time.process_time()
            df = catcards.simulate(name, games=games, seed=1, progress=False)
            best = min(best, time.process_time() - t)
            actions = int(df["actions"].sum())
        print(f"{name:<20} {games / best:10.0f} {1e6 * best / actions:10.2f} {actions / games:13.1f}")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:]])
