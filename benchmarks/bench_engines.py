"""Benchmark: all eight engines side by side, random play on one core, and ``clone()``.

For each game (default parameters) this prints

- **us/action**: CPU microseconds per action in random play, where an action is
  ``legal_actions()`` + ``apply(action)`` (the measure of ``benchmarks/bench_simons_cat.py`` and
  of issue 14). The random choices are drawn before the clock starts (one list of uniforms per
  run; a choice is ``legal[int(u * len(legal))]``, a list index and a multiply), so numpy's
  per-call cost is not counted. Dealing (``new_game``) is inside the timed loop, as in the other
  benchmarks.
- **clone us**: CPU microseconds of one ``state.clone()``, on states taken at random points of
  random games (the explore feature clones mid-game states); **+ generator**: the same plus
  building the clone's ``numpy.random.Generator``, which a clone does when it first draws.

Timings use ``time.process_time`` (CPU time of this process, so time the scheduler gives to other
processes on a shared machine is not counted) and report the **median of several repeats**.

Run: ``python benchmarks/bench_engines.py [--games N] [--repeat R] [--only snap pairs ...]``
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import catcards

#: title used in the printed table, in the order of the README
GAMES = {
    "pairs": "Pairs",
    "big-cat": "The Big Cat Game",
    "simons-cat": "Simon's Cat",
    "snap": "Snap",
    "king-of-the-jungle": "King of the Jungle",
    "cat-trick": "Cat Trick",
    "card-game": "Card Game",
    "cat-days": "Cat Days",
}


def random_play(game, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` random games from seeds ``seed, seed + 1, ...``.

    Returns:
        (CPU seconds, actions applied). The uniforms behind the choices are drawn beforehand
        (enough for the longest game seen so far; a run that uses them up is repeated with more).
    """
    need = 200_000
    while True:
        uniforms = np.random.default_rng(seed).random(need).tolist()
        t0 = time.process_time()
        k = 0
        try:
            for i in range(games):
                state = game.new_game(seed + i)
                apply, legal_actions = state.apply, state.legal_actions
                while state.current_player is not None:
                    legal = legal_actions()
                    apply(legal[int(uniforms[k] * len(legal))])
                    k += 1
        except IndexError:  # more actions than uniforms: draw more and run again
            need *= 4
            continue
        return time.process_time() - t0, k


def mid_game_states(game, count: int, seed: int) -> list:
    """``count`` states at random points of random games (never finished ones)."""
    rng = np.random.default_rng(seed)
    states = []
    for i in range(count):
        state = game.new_game(seed + i)
        trail = []
        while state.current_player is not None:
            trail.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        states.append(trail[int(rng.integers(len(trail)))])
    return states


def clone_cost(states: list, loops: int, draw: bool = False) -> float:
    """CPU microseconds per ``clone()`` over ``states``, each cloned ``loops`` times (with
    ``draw``: plus building the clone's generator, which a clone does the first time it draws)."""
    t0 = time.process_time()
    for state in states:
        clone = state.clone
        if draw:
            for _ in range(loops):
                clone().rng
        else:
            for _ in range(loops):
                clone()
    return (time.process_time() - t0) / (len(states) * loops) * 1e6


def bench(name: str, games: int, repeat: int) -> dict:
    game = catcards.load(name)
    random_play(game, max(1, games // 10), 10**6)  # warm up
    per_action, per_game = [], []
    for r in range(repeat):
        cpu, actions = random_play(game, games, 1000 * r)
        per_action.append(cpu / actions * 1e6)
        per_game.append(actions / games)
    states = mid_game_states(game, 20, 7)
    clones = [clone_cost(states, 50) for _ in range(repeat)]
    drawing = [clone_cost(states, 50, draw=True) for _ in range(repeat)]
    return {
        "name": name,
        "us_action": statistics.median(per_action),
        "us_action_min": min(per_action),
        "actions_game": statistics.mean(per_game),
        "clone_us": statistics.median(clones),
        "clone_draw_us": statistics.median(drawing),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats (the median is printed)")
    parser.add_argument("--only", nargs="+", choices=sorted(GAMES), help="some games only")
    args = parser.parse_args()
    names = args.only or list(GAMES)
    print(f"random play, default parameters, {args.games} games x {args.repeat} repeats; "
          "CPU time (time.process_time), median of repeats")
    print(f"{'game':<20} {'us/action':>9} {'(best)':>7} {'actions/game':>13} {'clone us':>9} {'+ generator':>12}")
    for name in names:
        r = bench(name, args.games, args.repeat)
        print(f"{GAMES[name]:<20} {r['us_action']:>9.2f} {r['us_action_min']:>7.2f} "
              f"{r['actions_game']:>13.1f} {r['clone_us']:>9.2f} {r['clone_draw_us']:>12.2f}", flush=True)
    print("us/action = legal_actions() + apply(), choices drawn beforehand; target <= 3 us/action")
    print("clone us = state.clone(); + generator = clone().rng, the clone's generator built too "
          "(a clone builds it when it first draws, e.g. to deal a new round)")


if __name__ == "__main__":
    main()
