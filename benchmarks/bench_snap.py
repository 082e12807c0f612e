"""Snap: games per second for the one-game engine (catcards.simulate with the reaction-time agent)
and the numpy batch (catcards.batch.snap.simulate_snap), same model and parameters.

Run: ``python benchmarks/bench_snap.py [players] [games]``.
"""
from __future__ import annotations

import sys
import time

import catcards
from catcards.agents.snap import ReactionAgent
from catcards.batch.snap import simulate_snap


def main(players: int = 2, games: int = 20_000) -> None:
    means = [round(0.45 + 0.05 * s, 2) for s in range(players)]
    engine_games = max(1, games // 20)
    t = time.perf_counter()
    df = catcards.simulate("snap", games=engine_games, seed=1, players=players,
                           agents=ReactionAgent(mean=means, sd=0.1), progress=False)
    engine = engine_games / (time.perf_counter() - t)
    t = time.perf_counter()
    bf = simulate_snap(games=games, seed=1, players=players, mean=means, sd=0.1)
    batch = games / (time.perf_counter() - t)
    print(f"Snap, {players} players, reaction means {means}")
    print(f"engine: {engine:10.0f} games/s ({engine_games} games, seat 0 wins {df['win_0'].mean():.3f})")
    print(f"batch : {batch:10.0f} games/s ({games} games, seat 0 wins {bf['win_0'].mean():.3f})")
    print(f"speed-up: {batch / engine:.0f}x")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
