"""Benchmark: The Big Cat Game, one-game engine against the numpy batch path.

Run ``python benchmarks/bench_big_cat.py [--games 100000] [--players 2 3 4]``. Prints games per
second for both paths, by CPU time of this process (one core: numpy here is single-threaded) and by
wall-clock time (lower when other processes share the machine); the batch path's figure is the
median of ``--repeat`` runs. Both paths play the same random
deals; the batch path's results are checked against the engine on the first deals.
The brief's target: at least 100,000 deals per second on one core in the batch path.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import catcards
from catcards.batch.big_cat import deal_batch, engine_result, play_batch


def _timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c0, time.perf_counter() - w0


def bench(players: int, games: int, engine_games: int, seed: int = 0, repeat: int = 3) -> dict:
    """Time both paths on the same deals; returns games/s (cpu and wall) for each (the batch
    path: the run with the median CPU time of ``repeat`` runs)."""
    game = catcards.load("big-cat", players=players)
    rows, deal_cpu, _ = _timed(lambda: deal_batch(game, games, np.random.default_rng(seed)))
    runs = sorted((_timed(lambda: play_batch(game, rows)) for _ in range(repeat)), key=lambda r: r[1])
    batch, cpu, wall = runs[len(runs) // 2]
    engine, ecpu, ewall = _timed(lambda: [engine_result(game, r) for r in rows[:engine_games]])
    for i, res in enumerate(engine):  # same deals, same results
        assert batch["cards_played"][i] == res["cards_played"] and batch["tricks"][i] == res["tricks"]
        assert batch["winner"][i] == (-1 if res["winner"] is None else res["winner"])
    return {
        "players": players,
        "batch_cpu": games / cpu,
        "batch_wall": games / wall,
        "batch_with_dealing_cpu": games / (cpu + deal_cpu),
        "engine_cpu": engine_games / ecpu,
        "engine_wall": engine_games / ewall,
        "mean_cards": float(batch["cards_played"].mean()),
        "by_engine": int(batch["engine"].sum()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="deals for the batch path")
    parser.add_argument("--engine-games", type=int, default=1_000, help="deals for the engine")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--repeat", type=int, default=3, help="batch runs (the median is printed)")
    args = parser.parse_args()
    print(f"{'players':>7} {'batch games/s (cpu)':>20} {'(wall)':>9} {'incl. dealing':>14} "
          f"{'engine games/s (cpu)':>21} {'(wall)':>8} {'speed-up':>9} {'mean cards':>11}")
    for p in args.players:
        r = bench(p, args.games, args.engine_games, repeat=args.repeat)
        print(f"{p:>7} {r['batch_cpu']:>20,.0f} {r['batch_wall']:>9,.0f} {r['batch_with_dealing_cpu']:>14,.0f} "
              f"{r['engine_cpu']:>21,.0f} {r['engine_wall']:>8,.0f} {r['batch_cpu'] / r['engine_cpu']:>8.0f}x "
              f"{r['mean_cards']:>11.1f}")
    print("batch results checked equal to the engine on the engine's deals; "
          "target: >= 100,000 deals/s on one core (batch, cpu time)")


if __name__ == "__main__":
    main()
