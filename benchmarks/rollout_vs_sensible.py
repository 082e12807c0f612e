"""Does the rollout player win more than "sensible"? Seat 0 plays by rollouts, the others play
"sensible"; the baseline is the same seeded games with seat 0 "sensible" too.

    python benchmarks/rollout_vs_sensible.py [games] [rollouts] [game]

Prints, per game, seat 0's win rate in both runs with 95% Wilson intervals and the seconds taken.
"""
from __future__ import annotations

import sys
import time

import catcards
from catcards.agents import make_agent
from catcards.explore.odds import policy_name
from catcards.probability import wilson_interval

GAMES = {
    "king-of-the-jungle": {"players": 3, "target": 40, "max_hands": 2},
    "cat-trick": {"players": 3},
    "simons-cat": {"players": 4},
    "big-cat": {"players": 2},
}


def main(games: int = 40, rollouts: int = 8, only: str = "") -> None:
    for name, params in GAMES.items():
        if only and name != only:
            continue
        game = catcards.load(name, **params)
        base = policy_name(name, "sensible")
        others = [base] * (game.players - 1)
        t = time.perf_counter()
        ref = catcards.simulate(game, games=games, seed=11, agents=[base] + others, progress=False)
        mid = time.perf_counter()
        roll = catcards.simulate(
            game, games=games, seed=11, agents=[make_agent(name, "rollout", rollouts=rollouts)] + others, progress=False
        )
        end = time.perf_counter()
        for label, df, secs in (("sensible", ref, mid - t), ("rollout", roll, end - mid)):
            wins = int(df["win_0"].sum())
            low, high = wilson_interval(wins, games)
            print(f"{name:20s} seat 0 {label:9s} wins {wins:3d}/{games} = {wins / games:.2f} "
                  f"[{low:.2f}, {high:.2f}]  ({secs:.0f} s)", flush=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]), *sys.argv[3:4])
