"""Saving and loading: per game, the time of ``to_json()`` (digest included) and of
``load_state()`` (schema check, replay, digest check) for a game played to its end by seeded
random moves, and the size of the save.

    python benchmarks/bench_saves.py [repeats]
"""
from __future__ import annotations

import sys
import time

import numpy as np

import catcards


def finished(name: str, seed: int = 5):
    cls = catcards.game_class(name)
    state = catcards.load(name, **getattr(cls, "contract_params", {})).new_game(seed)
    rng = np.random.default_rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def best_of(repeats: int, work) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main(repeats: int = 5) -> None:
    print(f"{'game':20s} {'actions':>8s} {'save kB':>8s} {'to_json ms':>11s} {'load_state ms':>14s}")
    for name in catcards.list_games():
        state = finished(name)
        text = state.to_json()
        save = best_of(repeats, state.to_json)
        load = best_of(repeats, lambda: catcards.load_state(text))
        print(f"{name:20s} {len(state.history):8d} {len(text) / 1000:8.1f} {save * 1e3:11.2f} {load * 1e3:14.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
