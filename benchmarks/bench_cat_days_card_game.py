"""Benchmark: random Cat Days and Card Game games on one core (issue 14).

Prints microseconds per action, where an action is ``legal_actions()`` + a uniform random choice
+ ``apply(action)``, the measure of ``bench_simons_cat.py`` (choices drawn in blocks of uniforms,
so numpy's per-call cost is not counted; target <= 3 us/action). Also prints a SHA-256 of the
games' action histories, outcomes and logs: a speed-up must leave it unchanged (same seeds, same games).

Run: ``python benchmarks/bench_cat_days_card_game.py [--games N] [--repeat R]``
"""
from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np

import catcards


def play_random_games(game, games: int, seed: int, record: list | None = None) -> int:
    """Play ``games`` random games; return the number of actions applied (histories appended to
    ``record`` as text when given)."""
    rng = np.random.default_rng(seed)
    buf, k = rng.random(4096), 0
    actions = 0
    for i in range(games):
        state = game.new_game(seed + i)
        apply, legal_actions = state.apply, state.legal_actions
        while state.current_player is not None:
            legal = legal_actions()
            if k == 4096:
                buf, k = rng.random(4096), 0
            apply(legal[int(buf[k] * len(legal))])
            k += 1
            actions += 1
        if record is not None:
            record.append("|".join(map(str, state.history)) + f"#{state.outcome}#" + "|".join(state.log))
    return actions


def fingerprint(game, games: int = 200, seed: int = 7) -> str:
    """SHA-256 (first 16 hex digits) of ``games`` seeded random games' histories, outcomes and logs."""
    record: list[str] = []
    play_random_games(game, games, seed, record)
    return hashlib.sha256("\n".join(record).encode()).hexdigest()[:16]


def measure(game, games: int, repeat: int) -> tuple[float, float]:
    play_random_games(game, max(5, games // 20), 0)  # warm up
    best = None
    for r in range(repeat):
        t0 = time.process_time()
        actions = play_random_games(game, games, 1000 * r)
        dt = time.process_time() - t0
        if best is None or dt < best[0]:
            best = (dt, actions)
    dt, actions = best
    return dt / actions * 1e6, actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, params in (("cat-days", {}), ("card-game", {"players": 3})):
        game = catcards.load(name, **params)
        us, per_game = measure(game, args.games, args.repeat)
        print(f"{game.title} {params or ''}: {us:.2f} us/action (CPU time, best of {args.repeat} runs of "
              f"{args.games} games, {per_game:.0f} actions/game; target <= 3); "
              f"histories sha256 {fingerprint(game)}")


if __name__ == "__main__":
    main()
