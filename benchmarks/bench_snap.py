"""Snap: games per second for the one-game engine (catcards.simulate with the reaction-time agent)
and the numpy batch (catcards.batch.snap.simulate_snap), same model and parameters.

Timings are CPU time of this process (``time.process_time``: one core, time the scheduler gives
to other processes on a shared machine not counted), the median of ``--repeat`` runs.
The goal of issue 14: at least 100,000 games/s on one core in the batch path.

Run: ``python benchmarks/bench_snap.py [--players 2 3] [--games 20000] [--repeat 3]``.
"""
from __future__ import annotations

import argparse
import statistics
import time

import catcards
from catcards.agents.snap import ReactionAgent
from catcards.batch.snap import simulate_snap


def _cpu(fn) -> tuple[object, float]:
    t = time.process_time()
    out = fn()
    return out, time.process_time() - t


def bench(players: int, games: int, repeat: int) -> None:
    means = [round(0.45 + 0.05 * s, 2) for s in range(players)]
    engine_games = max(1, games // 20)
    df, cpu = _cpu(lambda: catcards.simulate("snap", games=engine_games, seed=1, players=players,
                                            agents=ReactionAgent(mean=means, sd=0.1), progress=False))
    engine = engine_games / cpu
    rates = []
    for _ in range(repeat):
        bf, cpu = _cpu(lambda: simulate_snap(games=games, seed=1, players=players, mean=means, sd=0.1))
        rates.append(games / cpu)
    batch = statistics.median(rates)
    print(f"Snap, {players} players, reaction means {means}")
    print(f"engine: {engine:10,.0f} games/s ({engine_games} games, seat 0 wins {df['win_0'].mean():.3f})")
    print(f"batch : {batch:10,.0f} games/s ({games} games x {repeat}, median; seat 0 wins {bf['win_0'].mean():.3f})")
    print(f"speed-up: {batch / engine:.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for p in args.players:
        bench(p, args.games, args.repeat)


if __name__ == "__main__":
    main()
