"""Speed of catcards.odds: rollouts per second per game, from a seeded mid-game position.

    python benchmarks/bench_odds.py [rollouts]

A rollout draws the hidden cards once (sample_hidden) and plays the game to its end once per
legal action of the seat to act, with the default "sensible" players; so rollouts/s also
depends on how many legal actions there are (printed) and how long the rest of the game is.
The last line is the issue's target, measured on its own: Simon's Cat, 4 players, 1,000 rollouts,
goal under 2 s on one core; it is timed ``REPEATS`` times and the median CPU time is compared with
the goal. CPU time is printed beside wall time: on a shared machine the wall time also counts
other processes (and the load average is printed, since a loaded machine slows even CPU time).
"""
from __future__ import annotations

import os
import statistics
import sys
import time

import numpy as np

import catcards
from catcards.agents import make_agent
from catcards.explore import prepare

POSITIONS = {  # game -> (parameters, sensible actions played before the position)
    "simons-cat": ({"players": 4}, 12),
    "cat-trick": ({"players": 4}, 10),
    "king-of-the-jungle": ({"players": 4}, 12),
    "pairs": ({"players": 2}, 10),
    "snap": ({"players": 2}, 20),
    "big-cat": ({"players": 2}, 20),
}


def position(name: str, params: dict, steps: int):
    from catcards.explore.odds import policy_name

    game = catcards.load(name, **params)
    state = game.new_game(3)
    agent = make_agent(name, policy_name(name, "sensible"))
    rng = np.random.default_rng(0)
    for _ in range(steps):
        seat = state.current_player
        state.apply(agent.choose(state.observation(seat), state.legal_actions(), rng))
    return state


def main(rollouts: int = 200) -> None:
    for name, (params, steps) in POSITIONS.items():
        state = position(name, params, steps)
        seat = state.current_player
        n = 1000 if name == "simons-cat" else rollouts
        t = time.perf_counter()
        info = prepare(state, seat)
        for k in range(n):
            info.sample(np.random.default_rng(k))
        sample = (time.perf_counter() - t) / n
        t, cpu = time.perf_counter(), time.process_time()
        table = catcards.odds(state, seat, rollouts=n, seed=0, progress=False)
        secs, cpu = time.perf_counter() - t, time.process_time() - cpu
        print(f"{name:20s} {len(table):2d} action(s)  {n} rollouts: {secs:6.2f} s wall, {cpu:6.2f} s CPU = "
              f"{n / cpu:7.1f} rollouts/s of CPU  (sample_hidden {sample * 1e6:5.0f} us)", flush=True)
    target()


GOAL_SECONDS = 2.0
REPEATS = 5


def target() -> None:
    """The issue's goal: odds for a 4-player Simon's Cat position, 1,000 rollouts, under 2 s."""
    state = position("simons-cat", {"players": 4}, 12)
    seat = state.current_player
    cpus = []
    for _ in range(REPEATS):
        cpu = time.process_time()
        catcards.odds(state, seat, rollouts=1000, seed=0, progress=False)
        cpus.append(time.process_time() - cpu)
    med = statistics.median(cpus)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"Simon's Cat, 4 players, 1,000 rollouts, {len(state.legal_actions())} actions: median {med:.2f} s CPU "
          f"of {REPEATS} (min {min(cpus):.2f}, max {max(cpus):.2f}); goal {GOAL_SECONDS:.0f} s: "
          f"{'met' if med < GOAL_SECONDS else 'NOT met'}  (load average {load})", flush=True)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
